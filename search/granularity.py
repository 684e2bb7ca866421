"""Granularity matching (pure): the calendar interval a dated fact stands for, and how well it fits a query.

A fact dated "May 2023" (valid_at = 1 May, t_granularity = month) belongs to every day of May; a day
query in May matches it with lower confidence than a fact dated that very day.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from dateutil.relativedelta import relativedelta

from models.timeutil import from_ms, to_ms

_DAY_MS = 86_400_000


def floor_to(dt: datetime, granularity: str) -> datetime:
    """Start of the calendar unit holding dt (weeks start on Monday)."""
    d = dt.astimezone(timezone.utc)
    if granularity == "minute":
        return d.replace(second=0, microsecond=0)
    if granularity == "hour":
        return d.replace(minute=0, second=0, microsecond=0)
    day = d.replace(hour=0, minute=0, second=0, microsecond=0)
    if granularity == "week":
        return day - timedelta(days=day.weekday())
    if granularity == "month":
        return day.replace(day=1)
    if granularity in ("quarter",):
        return day.replace(day=1, month=(day.month - 1) // 3 * 3 + 1)
    if granularity == "year":
        return day.replace(day=1, month=1)
    return day  # day, season (valid_at is already the season's first day), unknown


def unit_interval(valid_at: datetime, granularity: str | None, value: str | None = None) -> tuple[datetime, datetime]:
    """[start, end) of the unit a fact's time names: valid_at floored to its granularity, one unit long."""
    g = granularity or "day"
    if g == "week" and value and value.endswith("-WE"):
        start = valid_at.astimezone(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
        return start, start + timedelta(days=2)
    start = floor_to(valid_at, g)
    step = {"minute": timedelta(minutes=1), "hour": timedelta(hours=1), "day": timedelta(days=1),
            "week": timedelta(days=7), "month": relativedelta(months=1), "quarter": relativedelta(months=3),
            "season": relativedelta(months=3), "year": relativedelta(years=1)}.get(g, timedelta(days=1))
    return start, start + step


def unit_interval_ms(valid_at_ms: int, granularity: str | None, value: str | None = None) -> tuple[int, int]:
    s, e = unit_interval(from_ms(valid_at_ms), granularity, value)  # type: ignore[arg-type]
    return to_ms(s), to_ms(e)  # type: ignore[return-value]


def match_confidence(fact_start: int, fact_end: int, q_start: int, q_end: int, t_confidence: float = 1.0) -> float:
    """0 when the fact's interval misses the query range; else t_confidence scaled down by how much
    coarser the fact is than the part of the query it covers (day query vs month fact ≈ 0.42)."""
    lo, hi = max(fact_start, q_start), min(fact_end, q_end)
    if hi <= lo:
        return 0.0
    fact_len = max(fact_end - fact_start, 1)
    covered = hi - lo
    ratio = min(1.0, covered / fact_len)
    return round(max(0.05, min(1.0, t_confidence)) * ratio ** 0.25, 4)


def day_range(day: datetime) -> tuple[int, int]:
    """[midnight, next midnight) of a day in epoch ms."""
    s = to_ms(floor_to(day, "day"))
    return s, s + _DAY_MS  # type: ignore[operator]
