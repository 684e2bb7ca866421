"""Facts on a date or in a range, by granularity: a fact dated "May 2023" belongs to every day of May,
with lower confidence than one dated that day. States and preferences that hold during the range
are listed too (match = "holding").
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timedelta
from typing import Any

from models.timeutil import from_ms, iso, to_ms
from search.granularity import floor_to, match_confidence, unit_interval_ms
from search.views import as_known_at

_YEAR_MS = 367 * 86_400_000  # the coarsest unit a fact's date can name starts at most this long before


@dataclass
class RangeFact:
    uuid: str
    fact: str
    relation: str
    source: str
    target: str
    fact_type: str
    valid_at: str | None
    invalid_at: str | None
    granularity: str
    time_text: str | None
    match: str  # dated | holding
    confidence: float
    episodes: list[str]

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def day_bounds(a: datetime, b: datetime | None = None) -> tuple[datetime, datetime]:
    """[a's midnight, the midnight after b (or a)): both ends of a --between are inclusive days."""
    lo = floor_to(a, "day")
    hi = floor_to(b or a, "day") + timedelta(days=1)
    return lo, hi


def select(candidates: list[dict[str, Any]], lo: datetime, hi: datetime, known_at: datetime | None = None,
           include_states: bool = True) -> list[RangeFact]:
    """Pure: rank fact dicts (epoch ms) against [lo, hi); each fact once, best match kept."""
    q_lo, q_hi = to_ms(lo), to_ms(hi)
    best: dict[str, RangeFact] = {}
    for raw in candidates:
        f = as_known_at(raw, known_at)
        if f is None or f.get("valid_at") is None:
            continue
        s, e = unit_interval_ms(f["valid_at"], f.get("t_granularity"), f.get("t_value"))
        conf = match_confidence(s, e, q_lo, q_hi, float(f.get("t_confidence") or 1.0))  # type: ignore[arg-type]
        kind = "dated"
        if conf == 0.0 and include_states and f.get("fact_type") in ("state", "preference"):
            inv = f.get("invalid_at")
            if f["valid_at"] < q_hi and (inv is None or inv > q_lo):  # type: ignore[operator]
                kind, conf = "holding", round(0.5 * float(f.get("t_confidence") or 1.0), 4)
        if conf <= 0.0:
            continue
        rf = RangeFact(uuid=f["uuid"], fact=f.get("fact") or "", relation=f.get("name") or "",
                       source=f.get("source_name") or "", target=f.get("target_name") or "",
                       fact_type=f.get("fact_type") or "", valid_at=iso(from_ms(f["valid_at"])),
                       invalid_at=iso(from_ms(f.get("invalid_at"))), granularity=f.get("t_granularity") or "day",
                       time_text=f.get("t_text"), match=kind, confidence=conf, episodes=list(f.get("episodes") or []))
        if rf.uuid not in best or best[rf.uuid].confidence < conf:
            best[rf.uuid] = rf
    return sorted(best.values(), key=lambda r: (r.match != "dated", -r.confidence, r.valid_at or ""))


def facts_in_range(group_id: str, lo: datetime, hi: datetime, known_at: datetime | None = None,
                   include_states: bool = True, graph: Any = None) -> list[RangeFact]:
    """Facts of the group dated inside [lo, hi) at their granularity, plus states holding then."""
    from blocks import graph_reads as gr
    from blocks.graph import GraphStore

    g = graph or GraphStore.from_settings()
    q_lo, q_hi = to_ms(lo), to_ms(hi)
    cands = gr.facts_valid_between(g, group_id, q_lo - _YEAR_MS, q_hi)  # type: ignore[operator]
    if include_states:
        cands += gr.facts_holding(g, group_id, q_lo, q_hi)  # type: ignore[arg-type]
    return select(cands, lo, hi, known_at, include_states)


def facts_on(group_id: str, day: datetime, known_at: datetime | None = None, include_states: bool = True,
             graph: Any = None) -> list[RangeFact]:
    """Facts of one calendar day (UTC)."""
    lo, hi = day_bounds(day)
    return facts_in_range(group_id, lo, hi, known_at, include_states, graph)


def facts_between(group_id: str, a: datetime, b: datetime, known_at: datetime | None = None,
                  include_states: bool = True, graph: Any = None) -> list[RangeFact]:
    """Facts from day a through day b inclusive."""
    lo, hi = day_bounds(a, b)
    return facts_in_range(group_id, lo, hi, known_at, include_states, graph)
