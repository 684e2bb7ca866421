"""LoCoMo-style JSON: every turn ingested with its session time as valid_at, searchable per conversation."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from blocks.graph import GraphStore
from flows.backfill import backfill_flow
from search.api import search_facts
from search.filters import TimeFilter
from tests.conftest import SHARED_EVAL

LOCOMO = SHARED_EVAL / "locomo_dev.json"


@pytest.fixture(scope="module")
def locomo_run(chronicle_home):
    return backfill_flow(path=str(LOCOMO), format="locomo", chunk_size=400)


def test_all_turns_ingested_into_one_group_per_conversation(locomo_run):
    assert locomo_run["episodes_read"] == 788 and locomo_run["episodes_ingested"] == 788
    assert locomo_run["quarantined"] == 0
    assert locomo_run["groups"] == ["conv-26", "conv-30"]


def test_session_time_is_the_episode_valid_at_and_dia_id_is_kept(locomo_run):
    g = GraphStore.from_settings()
    (row,) = g.ro_query("MATCH (e:Episode {group_id: 'conv-26', source_id: 'D1:3'}) RETURN e.valid_at, e.content")
    assert row[0] == int(datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc).timestamp() * 1000)
    assert "support group" in row[1]


def test_search_answers_from_the_conversation_with_dates_from_the_text(locomo_run):
    hits = search_facts("Caroline went to the LGBTQ support group", "conv-26", limit=5, tf=TimeFilter(include_expired=True))
    assert hits and any("support group" in h.fact for h in hits)
    top = next(h for h in hits if "support group" in h.fact and h.source == "Caroline")
    assert top.valid_at.startswith("2023-05-07"), "'yesterday' said on 8 May 2023"
    other = search_facts("Caroline went to the LGBTQ support group", "conv-30", limit=10, tf=TimeFilter(include_expired=True))
    assert all(h.source != "Caroline" for h in other), "conv-30 (Jon and Gina) never sees conv-26's facts"
