"""A real scripted OpenAI-compatible server on a free loopback port, shared by the LLM tests."""
from __future__ import annotations

import os
from collections.abc import Iterator
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

from llmserver import LLMServer, ServerConfig
from models.episode import Episode
from tests.conftest import SHARED_EVAL

LOCOMO = SHARED_EVAL / "locomo_dev.json"


@pytest.fixture(scope="session")
def llm_server() -> Iterator[LLMServer]:
    srv = LLMServer(ServerConfig(mode="echo", timeout_sleep=1.5)).start()
    yield srv
    srv.stop()


@pytest.fixture()
def server(llm_server: LLMServer) -> Iterator[LLMServer]:
    """The shared server with counters, script and faults reset before each test."""
    llm_server.configure(mode="echo", fault_rate=0.0, latency=0.0, max_concurrency=0, seed=0)
    llm_server.script.clear()
    llm_server.reset()
    yield llm_server
    llm_server.script.clear()


@pytest.fixture()
def llm_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh CHRONICLE_HOME, so the response cache starts cold."""
    monkeypatch.setenv("CHRONICLE_HOME", str(tmp_path))
    return tmp_path


def episodes(texts: list[tuple[str, str]], conv: str = "conv-x", start: datetime | None = None) -> list[Episode]:
    """Episodes of one conversation, one minute apart."""
    t0 = start or datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
    return [Episode(uuid=f"{conv}-{i}", group_id="g", conversation_id=conv, turn=i, speaker=s, content=c,
                    valid_at=t0 + timedelta(minutes=i), created_at=t0) for i, (s, c) in enumerate(texts)]


@pytest.fixture(autouse=True)
def _no_proxy(monkeypatch: pytest.MonkeyPatch) -> None:
    # Loopback only: a proxy variable in the environment must not reroute the client.
    for k in ("HTTP_PROXY", "HTTPS_PROXY", "http_proxy", "https_proxy", "ALL_PROXY", "all_proxy"):
        monkeypatch.delenv(k, raising=False)
    os.environ.setdefault("NO_PROXY", "127.0.0.1,localhost")
