"""Search with query-time temporal parsing: "what did Caroline do last May?" searches for
"Caroline do" among facts dated in May of the year before the reference; "where did Maya live before
she moved to Denver?" dates the clause with `when` and keeps facts before it.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from models.timeutil import parse_timestamp, to_ms, utcnow
from search.granularity import unit_interval_ms
from search.query_time import TimeWindow, parse_question

_FAR_PAST = datetime(1, 1, 2, tzinfo=timezone.utc)
_FAR_FUTURE = datetime(9999, 12, 30, tzinfo=timezone.utc)


@dataclass
class TimedSearch:
    hits: list[Any]  # search.hybrid.SearchHit
    window: TimeWindow | None
    query: str  # what was searched after the time phrase was taken out


def fits(fact: dict[str, Any], window: TimeWindow) -> bool:
    """Pure: an event's dated unit meets the window; a state's validity interval meets it."""
    va = fact.get("valid_at")
    if va is None:
        return False
    if fact.get("fact_type") in ("state", "preference"):
        s, e = va, fact.get("invalid_at") or to_ms(_FAR_FUTURE)
    else:
        s, e = unit_interval_ms(va, fact.get("t_granularity"), fact.get("t_value"))
    from models.timeutil import from_ms

    return window.overlaps(from_ms(s), from_ms(e))  # type: ignore[arg-type]


def anchor_window(rel: str, clause: str, group_id: str, ref: datetime) -> TimeWindow | None:
    """'before she moved' -> (-inf, the clause's time); 'after/since X' -> [X's end, +inf)."""
    from search.when import when

    a = when(f"When did {clause}?", group_id, ref=ref)
    if not a.interval_start:
        return None
    s, e = parse_timestamp(a.interval_start), parse_timestamp(a.interval_end)
    if rel in ("before", "prior to", "until"):
        return TimeWindow(_FAR_PAST, s, "unknown", f"{rel} {clause}")
    return TimeWindow(e if rel == "after" else s, _FAR_FUTURE, "unknown", f"{rel} {clause}")


def search_at(query: str, group_id: str, limit: int = 10, ref: datetime | None = None, tf: Any = None,
              expand_graph: bool = True) -> TimedSearch:
    """Hybrid search narrowed by the time the query names (relative to ref, default now)."""
    from blocks import graph_queries as gq
    from blocks.graph import GraphStore
    from search.api import search_facts
    from search.filters import TimeFilter

    ref = ref or utcnow()
    q = parse_question(query, ref)
    window = q.window
    if window is None and q.anchor is not None:
        window = anchor_window(q.anchor[0], q.anchor[1], group_id, ref)
    if window is None:
        return TimedSearch(search_facts(query, group_id, limit=limit, tf=tf, expand_graph=expand_graph), None, query)
    text = q.core or query
    # a window in the past asks about facts that may have ended since: retired facts stay eligible
    base = tf or TimeFilter(include_expired=True)
    hits = search_facts(text, group_id, limit=max(limit * 10, 100), tf=base, expand_graph=expand_graph)
    rows = gq.facts_by_uuid(GraphStore.from_settings(), [h.uuid for h in hits])
    kept = [h for h in hits if h.uuid in rows and fits(rows[h.uuid], window)]
    return TimedSearch(kept[:limit], window, text)
