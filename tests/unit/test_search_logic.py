from datetime import datetime, timezone

from search.filters import TimeFilter
from search.fusion import rrf

T = lambda *a: datetime(*a, tzinfo=timezone.utc)  # noqa: E731
MS = lambda d: int(d.timestamp() * 1000)  # noqa: E731


def test_rrf_rewards_agreement_between_lists():
    fused = rrf([["a", "b", "c"], ["c", "a", "d"]], k=60)
    order = [u for u, _ in fused]
    assert order[0] == "a" and order.index("c") < order.index("b") and set(order) == {"a", "b", "c", "d"}
    assert abs(dict(fused)["a"] - (1 / 61 + 1 / 62)) < 1e-12


def _fact(valid, invalid=None, created=T(2024, 1, 1), expired=None):
    return {"valid_at": MS(valid), "invalid_at": MS(invalid) if invalid else None,
            "created_at": MS(created), "expired_at": MS(expired) if expired else None}


def test_as_of_selects_facts_valid_at_that_world_time():
    old = _fact(T(2023, 9, 1), invalid=T(2024, 2, 12), expired=T(2024, 3, 1))
    new = _fact(T(2024, 2, 12))
    jan = TimeFilter(as_of=T(2024, 1, 15))
    assert jan.accepts(old) and not jan.accepts(new)
    mar = TimeFilter(as_of=T(2024, 3, 15))
    assert not mar.accepts(old) and mar.accepts(new)
    assert "valid_at <=" in jan.sql("g") and "group_id = 'g'" in jan.sql("g")


def test_known_at_replays_what_the_graph_believed():
    retired = _fact(T(2023, 9, 1), invalid=T(2024, 2, 12), created=T(2024, 1, 1), expired=T(2024, 3, 1))
    assert TimeFilter(known_at=T(2024, 2, 1)).accepts(retired)
    assert not TimeFilter(known_at=T(2024, 3, 2)).accepts(retired)
    assert not TimeFilter(known_at=T(2023, 12, 1)).accepts(retired), "not yet learned"


def test_default_is_current_facts_only_and_include_expired_lifts_it():
    retired = _fact(T(2023, 9, 1), invalid=T(2024, 2, 12), expired=T(2024, 3, 1))
    assert not TimeFilter().accepts(retired)
    assert TimeFilter(include_expired=True).accepts(retired)
    assert "expired_at IS NULL" in TimeFilter().sql("g")


def test_group_names_are_quoted_in_sql():
    assert "group_id = 'o''brien'" in TimeFilter().sql("o'brien")
