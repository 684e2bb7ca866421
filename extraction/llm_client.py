"""One run's access to the LLM: AsyncOpenAI + instructor, a content-addressed cache, limits, usage and budget.

- Cache: CHRONICLE_HOME/llm_cache/ab/<sha256>.json, key = sha256(model, mode, prompt name@version,
  response model, messages). Only validated answers are stored, so a rerun costs zero calls.
- Faults: the openai client retries 429/5xx/timeouts with exponential backoff (honouring
  retry-after); instructor re-asks invalid JSON / wrong schemas with the validation error.
- Limits: an asyncio semaphore (max_concurrency) always; a Prefect global concurrency limit and a
  Prefect rate limit (NAME-rpm) when they exist on the Prefect API; else a local requests/minute pacer.
- Usage: every HTTP attempt is counted through httpx event hooks (failed ones included).
"""
from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any, TypeVar

import httpx
from pydantic import BaseModel

from blocks.llm import LLMConfig
from prompts.loader import Prompt

M = TypeVar("M", bound=BaseModel)


class BudgetExhausted(RuntimeError):
    """The run's token budget is spent; no further calls are made."""


def cache_dir() -> Path:
    home = Path(os.environ.get("CHRONICLE_HOME", ".chronicle")).expanduser().resolve()
    return home / "llm_cache"


class ResponseCache:
    """Validated answers on disk, addressed by the hash of everything that determines them."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @staticmethod
    def key(model: str, mode: str, prompt: Prompt, response_model: type[BaseModel], messages: list[dict[str, str]]) -> str:
        blob = json.dumps({"model": model, "mode": mode, "prompt": prompt.key, "schema": response_model.__name__,
                           "messages": messages}, sort_keys=True, ensure_ascii=False)
        return hashlib.sha256(blob.encode()).hexdigest()

    def _path(self, key: str) -> Path:
        return self.root / key[:2] / f"{key}.json"

    def get(self, key: str) -> dict[str, Any] | None:
        try:
            return json.loads(self._path(key).read_text(encoding="utf-8"))
        except (FileNotFoundError, json.JSONDecodeError):
            return None

    def put(self, key: str, value: dict[str, Any]) -> None:
        path = self._path(key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(json.dumps(value, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, path)  # atomic: a killed run never leaves a half-written answer


class _Pacer:
    """At most RPM call starts per minute, evenly spaced (used when no Prefect rate limit exists)."""

    def __init__(self, rpm: int) -> None:
        self.interval = 60.0 / rpm
        self.next = 0.0
        self.lock = asyncio.Lock()

    async def wait(self) -> None:
        async with self.lock:
            now = time.monotonic()
            delay = self.next - now
            self.next = max(now, self.next) + self.interval
        if delay > 0:
            await asyncio.sleep(delay)


def _instructor_mode(name: str) -> Any:
    import instructor

    return {"json_schema": instructor.Mode.JSON_SCHEMA, "tools": instructor.Mode.TOOLS,
            "md_json": instructor.Mode.MD_JSON}[name]


async def _prefect_limit_exists(name: str) -> bool:
    """Whether a Prefect global concurrency limit NAME exists (False when there is no API to ask)."""
    try:
        from prefect.client.orchestration import get_client

        async with get_client() as client:
            await client.read_global_concurrency_limit_by_name(name)
        return True
    except Exception:  # not found, or no reachable API: the local limits apply alone
        return False


class LLMSession:
    """Async context for one batch of calls; USAGE is the extractor's running counters (mutated in place)."""

    def __init__(self, cfg: LLMConfig, usage: dict[str, int], cache: ResponseCache | None) -> None:
        self.cfg, self.usage, self.cache = cfg, usage, cache
        self.sem = asyncio.Semaphore(cfg.max_concurrency)
        self.pacer: _Pacer | None = None
        self.gcl: str | None = None
        self.gcl_rate: str | None = None
        self._http: httpx.AsyncClient | None = None
        self._client: Any = None
        self.reserved = 0  # estimated tokens of the calls in flight, so concurrent calls cannot overrun the budget
        self.max_completion: int | None = None  # largest answer seen so far, the budget's completion estimate

    async def __aenter__(self) -> "LLMSession":
        import instructor
        from openai import AsyncOpenAI

        cfg = self.cfg
        if cfg.prefect_limit:
            self.gcl = cfg.prefect_limit if await _prefect_limit_exists(cfg.prefect_limit) else None
            rate = f"{cfg.prefect_limit}-rpm"
            self.gcl_rate = rate if await _prefect_limit_exists(rate) else None
        if cfg.rpm and not self.gcl_rate:
            self.pacer = _Pacer(cfg.rpm)
        limits = httpx.Limits(max_connections=cfg.max_concurrency * 2, max_keepalive_connections=cfg.max_concurrency)
        self._http = httpx.AsyncClient(limits=limits, timeout=cfg.timeout,
                                       event_hooks={"request": [self._on_request], "response": [self._on_response]})
        raw = AsyncOpenAI(base_url=cfg.base_url, api_key=cfg.api_key(), timeout=cfg.timeout,
                          max_retries=cfg.http_retries, http_client=self._http)
        self._client = instructor.from_openai(raw, mode=_instructor_mode(cfg.mode))
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self._http is not None:
            await self._http.aclose()

    def _bump(self, key: str, n: int = 1) -> None:
        self.usage[key] = self.usage.get(key, 0) + n

    async def _on_request(self, request: httpx.Request) -> None:
        self._bump("llm_calls")

    async def _on_response(self, response: httpx.Response) -> None:
        if response.status_code != 200:
            self._bump("llm_http_errors")
            return
        await response.aread()  # the body stays cached for the openai client
        with contextlib.suppress(ValueError, AttributeError):
            usage = response.json().get("usage") or {}
            self._bump("llm_prompt_tokens", int(usage.get("prompt_tokens") or 0))
            done = int(usage.get("completion_tokens") or 0)
            self._bump("llm_completion_tokens", done)
            self.max_completion = max(self.max_completion or 0, done)

    def tokens_used(self) -> int:
        return self.usage.get("llm_prompt_tokens", 0) + self.usage.get("llm_completion_tokens", 0)

    def estimate(self, messages: list[dict[str, str]], response_model: type[BaseModel]) -> int:
        """A generous guess of a call's cost: prompt + schema at ~4 chars/token, plus the largest answer seen
        so far (as much again as the prompt before any answer), so the budget errs on stopping early."""
        chars = sum(len(m["content"]) for m in messages) + len(json.dumps(response_model.model_json_schema()))
        prompt = chars // 4
        return prompt + (self.max_completion if self.max_completion is not None else prompt)

    def affordable(self, estimate: int) -> bool:
        """Whether the budget covers what is spent, what is in flight, and this call."""
        cap = self.cfg.max_tokens
        return cap is None or self.tokens_used() + self.reserved + estimate <= cap

    @contextlib.asynccontextmanager
    async def _slot(self) -> AsyncIterator[None]:
        """The local semaphore, then the Prefect limits when they exist."""
        async with self.sem:
            if self.gcl_rate:
                from prefect.concurrency.asyncio import rate_limit

                await rate_limit(self.gcl_rate)
            elif self.pacer:
                await self.pacer.wait()
            if self.gcl:
                from prefect.concurrency.asyncio import concurrency

                async with concurrency(self.gcl, occupy=1):
                    yield
            else:
                yield

    async def ask(self, prompt: Prompt, messages: list[dict[str, str]], response_model: type[M]) -> M:
        """The validated answer: from the cache when present, else one call (plus retries/re-asks)."""
        key = ResponseCache.key(self.cfg.model, self.cfg.mode, prompt, response_model, messages)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                self._bump("llm_cache_hits")
                return response_model.model_validate(hit)
        async with self._slot():
            est = self.estimate(messages, response_model)
            if not self.affordable(est):  # checked once a slot is held: what ran meanwhile is counted
                raise BudgetExhausted("token budget exhausted")
            self.reserved += est
            try:
                result = await self._client.chat.completions.create(
                    model=self.cfg.model, messages=messages, response_model=response_model,
                    max_retries=self.cfg.validation_retries)
            finally:
                self.reserved -= est
        if self.cache is not None:
            self.cache.put(key, result.model_dump(mode="json"))
        return result
