"""The LLM extractor (`--extractor llm`): one instructor-typed call per window of consecutive turns.

Per chunk and group: episodes → windows (llm_window) → concurrent cached calls (llm_client) →
per-episode EpisodeExtraction. A window that still fails after retries and re-asks, or that the
token budget no longer covers, comes back as failures with the reason; the flow quarantines them.
"""
from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from collections.abc import Coroutine
from typing import Any, TypeVar

from blocks.llm import LLMConfig
from extraction.llm_client import BudgetExhausted, LLMSession, ResponseCache, cache_dir
from extraction.llm_window import Resolver, Window, add_anchors, build_windows, render, to_extractions
from models.episode import Episode
from models.extraction import EpisodeExtraction, ExtractionBatch, StrictWindowExtraction, WindowExtraction
from prompts.loader import load

log = logging.getLogger("chronicle.llm")
T = TypeVar("T")
PROMPT = "extract_window"


def _default_resolver(text: str, ref: Any) -> list[Any]:
    from temporal.engine import resolve

    return resolve(text, ref)


def _run(coro: Coroutine[Any, Any, T]) -> T:
    """Run a coroutine from sync code, also when the calling thread already runs an event loop."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def _reason(exc: BaseException) -> str:
    """A one-line quarantine reason that says what failed and why."""
    if isinstance(exc, BudgetExhausted):
        return "token budget exhausted"
    name = type(exc).__name__
    cause = exc.__cause__ or exc.__context__
    detail = str(exc).splitlines()[0][:200] if str(exc) else ""
    if cause is not None and name.startswith("Instructor"):
        detail = f"{type(cause).__name__}: {str(cause).splitlines()[0][:160]}"
    return f"llm window failed: {name}: {detail}".rstrip(": ")


class LLMExtractor:
    """Windowed, cached, rate-limited extraction through any OpenAI-compatible endpoint."""

    name = "llm"

    def __init__(self, config: LLMConfig, resolver: Resolver | None = None) -> None:
        self.config = config
        self.prompt = load(PROMPT)
        self.response_model: type[WindowExtraction] = (
            StrictWindowExtraction if config.type_policy == "retry" else WindowExtraction)
        self._resolve = resolver or _default_resolver
        self._tails: dict[tuple[str, str], list[Episode]] = {}
        self.usage: dict[str, int] = {"llm_calls": 0, "llm_prompt_tokens": 0, "llm_completion_tokens": 0,
                                      "llm_cache_hits": 0, "llm_windows": 0, "llm_windows_failed": 0}

    @classmethod
    def from_env(cls) -> "LLMExtractor":
        """Configured by the saved llm Block when there is one, else OPENAI_* / CHRONICLE_LLM_* variables."""
        return cls(LLMConfig.resolve())

    def extract_many(self, episodes: list[Episode]) -> ExtractionBatch:
        """Extract one group's episodes of a chunk; failed windows come back as per-episode failures."""
        windows = build_windows(episodes, self.config.window_turns, self.config.context_turns, self._tails)
        for w in windows:
            add_anchors(w, self._resolve)
        results = _run(self._extract_windows(windows))
        batch = ExtractionBatch()
        for w, res in zip(windows, results):
            self.usage["llm_windows"] += 1
            if isinstance(res, BaseException):
                self.usage["llm_windows_failed"] += 1
                reason = _reason(res)
                log.warning("window %s t=%s..%s failed: %s", w.conversation_id, w.episodes[0].turn, w.episodes[-1].turn, reason)
                batch.failures.extend((ep, reason) for ep in w.episodes)
            else:
                batch.extractions.extend(res)
        return batch

    async def _extract_windows(self, windows: list[Window]) -> list[list[EpisodeExtraction] | BaseException]:
        cache = ResponseCache(cache_dir()) if self.config.cache else None
        async with LLMSession(self.config, self.usage, cache) as session:
            async def one(w: Window) -> list[EpisodeExtraction]:
                resp = await session.ask(self.prompt, render(w, self.prompt), self.response_model)
                return to_extractions(w, resp, self.usage)

            return await asyncio.gather(*(one(w) for w in windows), return_exceptions=True)
