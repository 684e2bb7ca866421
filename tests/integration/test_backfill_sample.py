"""Backfill the bundled sample into real falkordblite + LanceDB, then check idempotence, verify and as-of search."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from blocks import graph_queries as gq
from blocks.graph import GraphStore
from flows.backfill import backfill_flow
from search.api import search_facts, store_stats, verify_stores
from search.filters import TimeFilter
from tests.conftest import REPO

SAMPLE = str(REPO / "data" / "sample_archive.jsonl")
BAD = str(REPO / "data" / "bad_rows.jsonl")
T = lambda *a: datetime(*a, tzinfo=timezone.utc)  # noqa: E731


@pytest.fixture(scope="module")
def first_run(chronicle_home):
    return backfill_flow(path=SAMPLE, group="demo", chunk_size=40)


def test_first_backfill_ingests_every_turn(first_run):
    s = first_run
    assert s["episodes_read"] == 200 and s["episodes_ingested"] == 200 and s["quarantined"] == 0
    assert s["partial"] is False
    assert s["entities"] > 20 and s["facts"] > 20 and s["facts_invalidated"] >= 2
    for key in ("llm_calls", "llm_prompt_tokens", "llm_completion_tokens", "seconds"):
        assert key in s


def test_second_backfill_changes_no_count_and_stores_agree(first_run):
    before = store_stats("demo")
    again = backfill_flow(path=SAMPLE, group="demo", chunk_size=40)
    assert store_stats("demo") == before
    assert again["facts_created"] == 0 and again["facts_newly_invalidated"] == 0
    report = verify_stores("demo")
    assert report["consistent"], report["problems"]


def _works(hits):
    return {h.target for h in hits if h.name == "works_at" and h.source == "Maya"}


def test_as_of_search_before_and_after_the_job_change(first_run):
    q = "Where does Maya work?"
    before = search_facts(q, "demo", limit=10, tf=TimeFilter(as_of=T(2024, 1, 15)))
    after = search_facts(q, "demo", limit=10, tf=TimeFilter(as_of=T(2024, 3, 20)))
    now = search_facts(q, "demo", limit=10)
    assert _works(before) == {"Northwind Labs"}
    assert _works(after) == {"Bluepeak Analytics"}
    assert _works(now) == {"Bluepeak Analytics"}
    for h in before + after + now:
        assert h.valid_at and h.created_at and set(h.as_json()) >= {"uuid", "fact", "name", "source", "target", "valid_at",
                                                                      "invalid_at", "created_at", "expired_at", "episodes", "score"}


def test_invalidated_fact_carries_all_four_timestamps(first_run):
    hits = search_facts("Maya works at Northwind Labs", "demo", limit=10, tf=TimeFilter(include_expired=True))
    (old,) = [h for h in hits if h.name == "works_at" and h.target == "Northwind Labs"]
    assert old.invalid_at is not None and old.expired_at is not None
    assert old.valid_at < old.invalid_at


def test_known_at_before_the_run_sees_nothing(first_run):
    assert search_facts("Maya", "demo", tf=TimeFilter(known_at=T(2000, 1, 1))) == []


def test_late_statement_of_a_move_closes_the_old_address_at_world_time(first_run):
    g = GraphStore.from_settings()
    rows = g.ro_query("MATCH (a:Entity {group_id: 'demo', name: 'Jordan'})-[f:RELATES_TO {name: 'lives_in'}]->(b) "
                      "RETURN b.name, f.valid_at, f.invalid_at, f.expired_at")
    by = {r[0]: r for r in rows}
    assert {"Portland", "Denver"} <= set(by)
    assert by["Denver"][2] is None, "the later-stated Chicago years must not end Denver"
    assert by["Portland"][2] == by["Denver"][1], "Portland ends when Denver begins, not when the move was mentioned"
    assert by["Portland"][2] < int(T(2024, 3, 1).timestamp() * 1000)


def test_bad_rows_are_quarantined_and_groups_stay_isolated(first_run):
    s = backfill_flow(path=BAD, group="bad", chunk_size=5)
    assert (s["episodes_read"], s["episodes_ingested"], s["quarantined"], s["partial"]) == (21, 12, 9, True)
    assert store_stats("bad")["quarantined"] == 9
    hits = search_facts("Where does Jordan live?", "bad", limit=20, tf=TimeFilter(include_expired=True))
    demo_facts = gq.fact_states(GraphStore.from_settings(), "demo")
    assert hits and not any(h.uuid in demo_facts for h in hits)
    assert store_stats("demo")["quarantined"] == 0
