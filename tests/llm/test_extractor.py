"""LLMExtractor against the real loopback server: windows, anchors, cache, types, faults, budget, modes."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from blocks.llm import LLMConfig
from extraction.llm import LLMExtractor
from llmserver import LLMServer
from tests.llm.conftest import episodes

TURNS = [("Maya", "I started working at Bluepeak Analytics last week."),
         ("Jordan", "Nice! Is it in Denver?"),
         ("Maya", "Yes, I moved to Denver in January."),
         ("Jordan", "Ha, that's great."),
         ("Maya", "My sister Ana visited yesterday.")]


def _extractor(srv: LLMServer, **kw) -> LLMExtractor:
    cfg = dict(base_url=srv.base_url, model="scripted", window_turns=2, context_turns=1, prefect_limit=None,
               timeout=1.0, http_retries=2)
    cfg.update(kw)
    return LLMExtractor(LLMConfig(**cfg))


def test_windows_make_one_call_each_and_anchor_dates(server: LLMServer, llm_home) -> None:
    ex = _extractor(server)
    batch = ex.extract_many(episodes(TURNS))
    assert not batch.failures and len(batch.extractions) == 5
    assert ex.usage["llm_calls"] == server.counters.requests == 3  # ceil(5 / 2) windows
    assert ex.usage["llm_prompt_tokens"] == server.counters.prompt_tokens > 0
    first = batch.extractions[0]
    assert first.entities[0].name == "Maya" and first.entities[0].role == "speaker"
    fact = next(f for f in first.facts if f.target == "Bluepeak Analytics")
    # the echo model picks the turn's anchor: "last week" said on Mon 8 May 2023 → week of 1 May
    assert fact.valid_at == datetime(2023, 5, 1, tzinfo=timezone.utc) and fact.temporal.text == "last week"
    assert all(f.source == "Maya" for f in first.facts)


def test_warm_cache_makes_no_calls(server: LLMServer, llm_home) -> None:
    cold = _extractor(server).extract_many(episodes(TURNS))
    server.reset()
    ex = _extractor(server)
    warm = ex.extract_many(episodes(TURNS))
    assert server.counters.requests == 0 and ex.usage["llm_calls"] == 0 and ex.usage["llm_cache_hits"] == 3
    assert [x.model_dump() for x in warm.extractions] == [x.model_dump() for x in cold.extractions]


def _answer(types: tuple[str, str], relation: str) -> dict:
    return {"json": {"entities": [{"turn": 1, "name": "Zorg", "type": types[1]}],
                     "facts": [{"turn": 1, "source": "Maya", "source_type": types[0], "relation": relation,
                                "target": "Zorg", "target_type": types[1], "fact": "Maya flies Zorg.",
                                "fact_type": "event"}]}}


def test_invented_types_are_mapped_to_defaults_never_stored(server: LLMServer, llm_home) -> None:
    server.script.append(_answer(("Person", "Spaceship"), "pilots"))
    ex = _extractor(server, window_turns=5)
    batch = ex.extract_many(episodes(TURNS[:1]))
    (x,) = batch.extractions
    assert {e.entity_type for e in x.entities} == {"Person", "Entity"}
    (f,) = x.facts
    assert (f.target_type, f.relation) == ("Entity", "related_to")
    assert ex.usage["llm_types_mapped"] >= 2


def test_invented_types_under_retry_policy_are_reasked(server: LLMServer, llm_home) -> None:
    server.script.extend([_answer(("Person", "Spaceship"), "pilots"), _answer(("Person", "Topic"), "likes")])
    ex = _extractor(server, window_turns=5, type_policy="retry")
    (x,) = ex.extract_many(episodes(TURNS[:1])).extractions
    assert server.counters.requests == 2  # the re-ask carried the validation error
    assert (x.facts[0].target_type, x.facts[0].relation) == ("Topic", "likes")


def test_malformed_and_wrong_schema_are_reasked(server: LLMServer, llm_home) -> None:
    server.script.extend([{"fault": "malformed"}, {"fault": "wrong_schema"}])
    ex = _extractor(server, window_turns=5)
    batch = ex.extract_many(episodes(TURNS[:2]))
    assert not batch.failures and server.counters.requests == 3


def test_transient_http_faults_are_retried(server: LLMServer, llm_home) -> None:
    server.configure(retry_after_ms=10)
    server.script.extend([{"fault": "429"}, {"fault": "500"}, {"fault": "timeout"}])
    ex = _extractor(server, window_turns=5, http_retries=3)
    batch = ex.extract_many(episodes(TURNS[:2]))
    assert not batch.failures and server.counters.requests == 4
    assert ex.usage["llm_calls"] == 4


def test_window_that_keeps_failing_is_returned_with_its_reason(server: LLMServer, llm_home) -> None:
    server.script.extend([{"fault": "500"}] * 3)  # first window: 1 try + 2 retries, all 500
    ex = _extractor(server, max_concurrency=1)  # one window at a time, so the first gets all three
    batch = ex.extract_many(episodes(TURNS))
    assert len(batch.failures) == 2 and len(batch.extractions) == 3
    assert all("InternalServerError" in reason for _, reason in batch.failures)
    assert ex.usage["llm_windows_failed"] == 1


def test_token_budget_stops_cleanly(server: LLMServer, llm_home) -> None:
    ex = _extractor(server, max_tokens=3000)  # one window, estimated generously; 3 asked for at once
    batch = ex.extract_many(episodes(TURNS))
    assert server.counters.requests == 1  # the in-flight reservation stops the concurrent windows too
    assert ex.usage["llm_prompt_tokens"] + ex.usage["llm_completion_tokens"] <= 3000
    assert len(batch.extractions) == 2
    assert [r for _, r in batch.failures] == ["token budget exhausted"] * 3


@pytest.mark.parametrize("mode", ["tools", "md_json"])
def test_other_instructor_modes(server: LLMServer, llm_home, mode: str) -> None:
    ex = _extractor(server, mode=mode)
    batch = ex.extract_many(episodes(TURNS))
    assert not batch.failures and server.counters.requests == 3
    assert any(f.target == "Denver" for x in batch.extractions for f in x.facts)


def test_context_turns_carry_across_chunks(server: LLMServer, llm_home) -> None:
    ex = _extractor(server)
    eps = episodes(TURNS)
    ex.extract_many(eps[:2])
    ex.extract_many(eps[2:])
    assert ex._tails[("g", "conv-x")][-1].uuid == eps[-1].uuid
