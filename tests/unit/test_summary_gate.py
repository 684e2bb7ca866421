"""The summary gate's decisions (pure)."""
import numpy as np

from summaries.extractive import extractive_summary
from summaries.gate import EntityDelta, GateState, cosine_distance, decide, fact_hash

H = 3600 * 1000
DAY = 24 * H
NOW = 1_700_000_000_000


def test_unchanged_facts_never_refresh():
    st = GateState(fact_hash=fact_hash(["a", "b"]), last_summary_at=NOW - 30 * DAY)
    verdict, _ = decide(st, EntityDelta(fact_hash=fact_hash(["b", "a"]), episode_times=[NOW]), 0.9, NOW)
    assert (verdict.decision, verdict.reason) == ("skip", "unchanged")


def test_first_summary_and_invalidation_refresh():
    v, new = decide(GateState(), EntityDelta(fact_hash="h1", episode_times=[NOW]), 1.0, NOW)
    assert (v.decision, v.reason) == ("refresh", "first_summary") and new.fact_hash == "h1" and new.last_summary_at == NOW
    v, _ = decide(new, EntityDelta(fact_hash="h2", invalidations=1), 0.0, NOW + 1)
    assert (v.decision, v.reason) == ("refresh", "invalidation")


def test_burst_defers_then_refreshes_once_when_it_ends():
    st = GateState(fact_hash="h1", last_summary_at=NOW - DAY, recent_episode_times=[NOW - DAY])
    v1, st = decide(st, EntityDelta(fact_hash="h2", episode_times=[NOW, NOW + H]), 0.5, NOW + H)
    assert (v1.decision, v1.reason) == ("skip", "burst_open") and st.burst_open and st.dirty
    v2, st = decide(st, EntityDelta(fact_hash="h3", episode_times=[NOW + 2 * H]), 0.5, NOW + 2 * H)
    assert v2.reason == "burst_open"
    v3, st = decide(st, EntityDelta(fact_hash="h3"), 0.5, NOW + 3 * H, final=True)
    assert (v3.decision, v3.reason) == ("refresh", "burst_end") and not st.burst_open and st.fact_hash == "h3"


def test_small_drift_waits_and_the_staleness_sla_catches_it():
    st = GateState(fact_hash="h1", last_summary_at=NOW)
    v, st2 = decide(st, EntityDelta(fact_hash="h2", episode_times=[NOW + 2 * DAY]), 0.01, NOW + DAY)
    assert (v.decision, v.reason) == ("skip", "below_drift") and st2.dirty and st2.fact_hash == "h1"
    v, _ = decide(st, EntityDelta(fact_hash="h2", episode_times=[NOW + 2 * DAY]), 0.5, NOW + DAY)
    assert (v.decision, v.reason) == ("refresh", "embedding_drift")
    v, _ = decide(st2, EntityDelta(fact_hash="h2"), 0.01, NOW + 8 * DAY)
    assert (v.decision, v.reason) == ("refresh", "staleness_sla")


def test_cosine_distance_and_extractive_summary():
    a = np.array([1.0, 0.0], dtype=np.float32)
    assert cosine_distance(a, a) == 0.0 and cosine_distance(a, None) == 1.0
    facts = [{"fact": "Maya works at Bluepeak.", "valid_at": 2 * DAY, "invalid_at": None, "expired_at": None},
             {"fact": "Maya works at Northwind.", "valid_at": DAY, "invalid_at": 2 * DAY, "expired_at": 5},
             {"fact": "Maya loves hiking.", "valid_at": DAY, "invalid_at": None, "expired_at": None}]
    s = extractive_summary("Maya", facts)
    assert s.startswith("Maya: Maya works at Bluepeak (since 1970-01-03).") and "Northwind" not in s and "hiking" in s
