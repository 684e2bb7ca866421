"""Public API of the temporal engine: `resolve`, `primary_time`, and a JSON fast path for the CLI.

Pipeline: detector (compiled patterns) -> tense hint for underspecified spans -> cached
normalizer -> clock merge ("Friday at 3pm") -> "since X" widening -> UTC intervals.

Interval conventions: half-open, UTC, computed on the reference's own local calendar.
DURATION/SET/vague values carry no interval, except anchored durations ("the past three
months" = the three months up to the reference day) and fuzzy past/future references ("a few
years ago" = 2-5 years back), where the range is honest. "since X" keeps X's value and
granularity but its interval runs from the start of X to the reference time.
"""
from __future__ import annotations

import re
from datetime import datetime, timezone, tzinfo
from typing import TYPE_CHECKING, Any, NamedTuple

from temporal.detector import Candidate, detect
from temporal.norm import Norm
from temporal.normalizer import USES_CLOCK, USES_TENSE, cache_info, normalize
from temporal.tense import clause_around, tense_of

if TYPE_CHECKING:  # pydantic is only imported when models are asked for (CLI fast path skips it)
    from models.temporal import TemporalExpression

__all__ = ["resolve", "resolve_cached", "resolve_json", "primary_time", "cache_info"]

UTC = timezone.utc
_GAP_RE = re.compile(r"[\s,]*")
_SINCE_RE = re.compile(r"\bsince\s+$", re.IGNORECASE)


class Expr(NamedTuple):
    """One resolved expression (internal; mirrors TemporalExpression field for field)."""

    text: str
    start: int
    end: int
    timex_type: str
    value: str
    kind: str
    granularity: str
    interval_start: datetime | None
    interval_end: datetime | None
    confidence: float


def _aware(ref: datetime) -> datetime:
    return ref.replace(tzinfo=UTC) if ref.tzinfo is None else ref


def _to_utc(local: datetime | None, tz: tzinfo) -> datetime | None:
    if local is None:
        return None
    if tz is UTC:
        return local.replace(tzinfo=UTC)
    return local.replace(tzinfo=tz).astimezone(UTC)


def _merge_clock(text: str, items: list[tuple[Candidate, Norm]]) -> list[tuple[Candidate, Norm]]:
    """Join a day expression and an adjacent clock time ('Friday at 3pm', '3pm tomorrow')."""
    out: list[tuple[Candidate, Norm]] = []
    i = 0
    while i < len(items):
        if i + 1 < len(items):
            (c1, n1), (c2, n2) = items[i], items[i + 1]
            pair = ((c1, n1), (c2, n2)) if c2.kind == "timeofday" else ((c2, n2), (c1, n1))
            (cd, nd), (ct, nt) = pair
            adjacent = _GAP_RE.fullmatch(text, c1.end, c2.mstart) is not None
            if (adjacent and ct.kind == "timeofday" and cd.kind != "timeofday"
                    and nd.granularity == "day" and nd.timex_type == "DATE" and nd.start and nt.start):
                shift = nd.start - nt.start.replace(hour=0, minute=0)
                s, e = nt.start + shift, nt.end + shift  # type: ignore[operator]
                value = nd.value + nt.value[10:]
                merged = Norm("TIME", value, nd.kind, nt.granularity, s, e, min(nd.confidence, nt.confidence))
                span = Candidate("merged", c1.start, c2.end, c1.mstart, ())
                out.append((span, merged))
                i += 2
                continue
        out.append(items[i])
        i += 1
    return out


def _resolve(text: str, ref: datetime) -> list[Expr]:
    ref = _aware(ref)
    tz = ref.tzinfo or UTC
    ref_day, clock = ref.date(), (ref.hour, ref.minute)
    items: list[tuple[Candidate, Norm]] = []
    tenses: dict[tuple[int, int], str] = {}
    for c in detect(text):
        tense = ""
        if c.kind in USES_TENSE:
            key = (c.start, c.end)
            tense = tenses.get(key) or tense_of(clause_around(text, c.start, c.end))
            tenses[key] = tense
        n = normalize(c.kind, c.groups, ref_day, clock if c.kind in USES_CLOCK else None, tense)
        if n is not None:
            items.append((c, n))
    if len(items) > 1:
        items = _merge_clock(text, items)
    ref_utc = ref.astimezone(UTC)
    out: list[Expr] = []
    for c, n in items:
        start = c.start
        s, e = _to_utc(n.start, tz), _to_utc(n.end, tz)
        if s is not None and n.kind != "vague" and n.timex_type in ("DATE", "TIME"):
            m = _SINCE_RE.search(text, max(0, start - 12), start)
            if m:
                start = m.start()
                if ref_utc > s:
                    e = ref_utc
        out.append(Expr(text[start:c.end], start, c.end, n.timex_type, n.value, n.kind,
                        n.granularity, s, e, n.confidence))
    return out


def resolve(text: str, ref: datetime) -> list[TemporalExpression]:
    """Temporal expressions in text, normalized against ref (naive = UTC), sorted, non-overlapping."""
    from models.temporal import TemporalExpression

    ref = _aware(ref)
    return [TemporalExpression(**x._asdict(), reference_time=ref) for x in _resolve(text, ref)]


resolve_cached = resolve  # spans are normalized through a bounded LRU cache (normalizer.normalize)


def _iso(d: datetime | None) -> str | None:
    if d is None:
        return None
    s = d.isoformat()
    return s[:-6] + "Z" if s.endswith("+00:00") else s


def resolve_json(text: str, ref: datetime) -> list[dict[str, Any]]:
    """Like resolve, as JSON-ready dicts identical to TemporalExpression.model_dump(mode='json')."""
    ref = _aware(ref)
    ref_s = _iso(ref)
    return [{"text": x.text, "start": x.start, "end": x.end, "timex_type": x.timex_type,
             "value": x.value, "kind": x.kind, "granularity": x.granularity,
             "interval_start": _iso(x.interval_start), "interval_end": _iso(x.interval_end),
             "confidence": x.confidence, "reference_time": ref_s} for x in _resolve(text, ref)]


def primary_time(text: str, ref: datetime) -> TemporalExpression | None:
    """The expression that best dates the statement: the most confident DATE/TIME with an interval.

    Ties go to the earliest; vague ranges ("a few years ago") only count when nothing else does.
    """
    dated = [e for e in resolve(text, ref) if e.timex_type in ("DATE", "TIME") and e.has_interval]
    precise = [e for e in dated if e.kind != "vague"] or dated
    best = None
    for e in precise:
        if best is None or e.confidence > best.confidence:
            best = e
    return best
