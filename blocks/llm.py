"""The llm Block: any OpenAI-compatible endpoint, used through AsyncOpenAI + instructor.

Saved from the UI or code as `LLMConfig(...).save("chronicle-llm")`; without a saved block the
environment configures it: OPENAI_BASE_URL, OPENAI_API_KEY, CHRONICLE_LLM_MODEL (+ the optional
CHRONICLE_LLM_* knobs read in `from_env`). The API key itself is never stored in the block, only the
name of the environment variable that holds it.
"""
from __future__ import annotations

import os
from typing import Literal

from prefect.blocks.core import Block
from pydantic import Field

BLOCK_NAME = "chronicle-llm"
Mode = Literal["json_schema", "tools", "md_json"]


class LLMConfig(Block):
    """Endpoint, model and cost controls of the LLM extraction path."""

    _block_type_name = "Chronicle LLM"

    base_url: str | None = Field(default=None, description="OpenAI-compatible base URL (…/v1); None = api.openai.com")
    model: str = "gpt-4o-mini"
    api_key_env: str = Field(default="OPENAI_API_KEY", description="environment variable holding the API key")
    mode: Mode = Field(default="json_schema", description="instructor mode: json_schema | tools | md_json")
    timeout: float = Field(default=60.0, gt=0, description="seconds per HTTP attempt")
    http_retries: int = Field(default=5, ge=0, description="retries of 429/5xx/timeouts, with backoff")
    validation_retries: int = Field(default=2, ge=0, description="re-asks with the validation error")
    max_concurrency: int = Field(default=16, ge=1, description="calls in flight per run")
    rpm: int | None = Field(default=None, description="requests per minute (None = unlimited)")
    prefect_limit: str | None = Field(default=BLOCK_NAME, description="Prefect global concurrency limit name, "
                                      "used when a limit of that name exists (rate limit: NAME-rpm)")
    window_turns: int = Field(default=10, ge=1, description="turns extracted per call")
    context_turns: int = Field(default=2, ge=0, description="earlier turns shown as context")
    max_tokens: int | None = Field(default=None, description="token budget per run (prompt + completion)")
    type_policy: Literal["map", "retry"] = Field(default="map", description="invented types: map to the "
                                                 "default, or reject and re-ask")
    cache: bool = True

    @classmethod
    def from_env(cls) -> "LLMConfig":
        """Settings from the environment (DESIGN §4), for runs without a saved block."""
        env = os.environ
        budget = env.get("CHRONICLE_LLM_MAX_TOKENS")
        rpm = env.get("CHRONICLE_LLM_RPM")
        return cls(
            base_url=env.get("OPENAI_BASE_URL") or None,
            model=env.get("CHRONICLE_LLM_MODEL") or "gpt-4o-mini",
            mode=(env.get("CHRONICLE_LLM_MODE") or "json_schema").lower(),  # type: ignore[arg-type]
            timeout=float(env.get("CHRONICLE_LLM_TIMEOUT") or 60.0),
            http_retries=int(env.get("CHRONICLE_LLM_HTTP_RETRIES") or 5),
            max_concurrency=int(env.get("CHRONICLE_LLM_CONCURRENCY") or 16),
            rpm=int(rpm) if rpm else None,
            window_turns=int(env.get("CHRONICLE_LLM_WINDOW") or 10),
            max_tokens=int(budget) if budget else None,
            type_policy=(env.get("CHRONICLE_LLM_TYPE_POLICY") or "map"),  # type: ignore[arg-type]
            cache=(env.get("CHRONICLE_LLM_CACHE", "1") not in ("0", "false", "no")),
        )

    @classmethod
    def resolve(cls) -> "LLMConfig":
        """The saved block (CHRONICLE_LLM_BLOCK, default 'chronicle-llm') when one exists, else from_env().

        A budget in CHRONICLE_LLM_MAX_TOKENS (the CLI's --max-tokens) overrides the block's.
        """
        cfg: LLMConfig | None = None
        name = os.environ.get("CHRONICLE_LLM_BLOCK", BLOCK_NAME)
        try:
            cfg = cls.load(name)  # type: ignore[assignment]
        except Exception:  # no block saved, or no API to ask: the environment decides
            cfg = None
        cfg = cfg or cls.from_env()
        if os.environ.get("CHRONICLE_LLM_MAX_TOKENS"):
            cfg.max_tokens = int(os.environ["CHRONICLE_LLM_MAX_TOKENS"])
        return cfg

    def api_key(self) -> str:
        # Local OpenAI-compatible servers accept any key; the client still insists on one.
        return os.environ.get(self.api_key_env) or "sk-no-key"
