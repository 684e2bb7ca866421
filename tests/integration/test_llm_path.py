"""The whole backfill flow with `extractor="llm"` against the scripted server on loopback (real HTTP)."""
from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from blocks.vectors import VectorStore
from flows.backfill import backfill_flow
from llmserver import LLMServer, ServerConfig
from search.api import store_stats
from tests.conftest import REPO

SAMPLE = str(REPO / "data" / "sample_archive.jsonl")
ENV = {"OPENAI_API_KEY": "test", "CHRONICLE_LLM_TIMEOUT": "1.0", "CHRONICLE_LLM_HTTP_RETRIES": "3"}


@pytest.fixture(scope="module")
def server(chronicle_home: Path) -> Iterator[LLMServer]:
    srv = LLMServer(ServerConfig(mode="echo", timeout_sleep=1.5, retry_after_ms=20)).start()
    old = {k: os.environ.get(k) for k in [*ENV, "OPENAI_BASE_URL", "CHRONICLE_LLM_MODEL", "CHRONICLE_LLM_MAX_TOKENS"]}
    os.environ.update(ENV, OPENAI_BASE_URL=srv.base_url, CHRONICLE_LLM_MODEL="echo")
    yield srv
    srv.stop()
    for k, v in old.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def _run(srv: LLMServer, group: str, **server_cfg) -> dict:
    srv.configure(**{"fault_rate": 0.0, **server_cfg})
    srv.reset()
    return backfill_flow(path=SAMPLE, group=group, extractor="llm", chunk_size=100)


def _quarantine(group: str) -> list[dict]:
    return VectorStore.from_settings().column("quarantine", ["stage", "reason", "location"], f"group_id = '{group}'")


@pytest.fixture(scope="module")
def first_run(server: LLMServer) -> dict:
    s = _run(server, "llm")
    s["_server"] = server.counters.snapshot()
    return s


def test_llm_backfill_ingests_everything_with_few_calls(first_run: dict) -> None:
    s, srv = first_run, first_run["_server"]
    assert (s["episodes_read"], s["episodes_ingested"], s["quarantined"], s["extractor"]) == (200, 200, 0, "llm")
    assert s["llm_calls"] == srv["requests"] and s["llm_prompt_tokens"] == srv["prompt_tokens"] > 0
    assert s["llm_completion_tokens"] == srv["completion_tokens"] > 0
    assert s["llm_calls"] / s["episodes_read"] <= 0.5
    assert s["entities"] > 10 and s["facts"] > 10


def test_rerun_with_warm_cache_makes_no_calls(first_run: dict, server: LLMServer) -> None:
    before = store_stats("llm")
    again = _run(server, "llm")
    assert again["llm_calls"] == 0 and server.counters.requests == 0
    assert again["episodes_ingested"] == 200 and again["facts_created"] == 0
    assert store_stats("llm") == before


def test_faults_end_with_every_episode_ingested_or_quarantined(first_run: dict, server: LLMServer) -> None:
    os.environ.update(CHRONICLE_LLM_MODEL="faulty", CHRONICLE_LLM_HTTP_RETRIES="1")  # cold cache, few retries
    try:
        s = _run(server, "faulty", fault_rate=0.5, faults=["500", "429", "timeout", "malformed", "wrong_schema"])
    finally:
        os.environ.update(CHRONICLE_LLM_MODEL="echo", CHRONICLE_LLM_HTTP_RETRIES="3")
    assert server.counters.snapshot()["fault_total"] > 0
    assert s["episodes_ingested"] + s["quarantined"] == s["episodes_read"] == 200
    rows = _quarantine("faulty")
    assert len(rows) == s["quarantined"]
    assert all(r["stage"] == "extract" and r["reason"].startswith("llm window failed: ") for r in rows)


def test_token_budget_stops_cleanly_and_quarantines_the_rest(first_run: dict, server: LLMServer) -> None:
    os.environ.update(CHRONICLE_LLM_MODEL="budget", CHRONICLE_LLM_MAX_TOKENS="6000")
    try:
        s = _run(server, "budget")
    finally:
        os.environ.update(CHRONICLE_LLM_MODEL="echo")
        os.environ.pop("CHRONICLE_LLM_MAX_TOKENS", None)
    assert s["llm_prompt_tokens"] + s["llm_completion_tokens"] <= 6000
    assert 0 < s["episodes_ingested"] < 200 and s["episodes_ingested"] + s["quarantined"] == 200
    assert {r["reason"] for r in _quarantine("budget")} == {"token budget exhausted"}


def test_prefect_global_concurrency_limit_caps_calls_in_flight(first_run: dict, server: LLMServer) -> None:
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.actions import GlobalConcurrencyLimitCreate

    async def create() -> None:
        async with get_client() as c:
            await c.create_global_concurrency_limit(GlobalConcurrencyLimitCreate(name="chronicle-llm", limit=2))

    async def delete() -> None:
        async with get_client() as c:
            await c.delete_global_concurrency_limit_by_name("chronicle-llm")

    asyncio.run(create())
    os.environ.update(CHRONICLE_LLM_MODEL="gcl")
    try:
        s = _run(server, "gcl", latency=0.05)
    finally:
        os.environ.update(CHRONICLE_LLM_MODEL="echo")
        asyncio.run(delete())
        server.configure(latency=0.0)
    assert s["episodes_ingested"] == 200
    assert 1 <= server.counters.max_in_flight <= 2
