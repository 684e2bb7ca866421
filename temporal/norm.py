"""The normalized reading of one span (shared by all normalizer modules)."""
from __future__ import annotations

from datetime import date, datetime
from typing import NamedTuple

from temporal import timex

Groups = dict[str, str]


class Norm(NamedTuple):
    """A span's TIMEX3 reading; start/end are local naive datetimes (None: no honest interval)."""

    timex_type: str
    value: str
    kind: str
    granularity: str
    start: datetime | None
    end: datetime | None
    confidence: float


def date_norm(iv: timex.Interval, kind: str, gran: str, conf: float,
              part: str | None = None, ttype: str = "DATE") -> Norm:
    """A DATE Norm from a (value, start, end) interval, narrowed by early/mid/late/end-of when given."""
    value, s, e = iv
    if part:
        s, e = timex.sub_part(s, e, part)
    return Norm(ttype, value, kind, gran, s, e, conf)


def mod_part(mod: str | None) -> str | None:
    """'early' / 'mid' / 'late' / 'the end of' / 'beginning of' -> sub_part keyword."""
    if not mod:
        return None
    m = mod.lower()
    if "end" in m:
        return "end"
    if "beginning" in m or "start" in m:
        return "start"
    if "middle" in m or m.startswith("mid"):
        return "mid"
    if m.startswith("early"):
        return "early"
    if m.startswith("late"):
        return "late"
    return None


def low(g: Groups, name: str) -> str:
    """A group's text lower-cased with single spaces ('' when absent)."""
    v = g.get(name)
    return " ".join(v.lower().replace("’", "'").split()) if v else ""


def safe_date(y: int, m: int, d: int) -> date | None:
    """date(y, m, d) or None when the combination does not exist."""
    try:
        return date(y, m, d)
    except ValueError:
        return None


_GRAN = {"year": "year", "month": "month", "week": "week", "weekend": "week", "fortnight": "week",
         "day": "day", "hour": "hour", "minute": "minute", "decade": "year", "century": "year",
         "quarter": "quarter"}


def unit_gran(unit: str) -> str:
    """Granularity of a calendar unit ('decade' and 'century' count as year-level)."""
    return _GRAN.get(unit, "unknown")


def duration_gran(value: str) -> str:
    """Granularity of a TIMEX3 duration value: PT30M -> minute, P18M -> month, P1DE -> year."""
    if value.startswith("PT"):
        return {"H": "hour", "M": "minute"}.get(value[-1], "unknown")
    if value.endswith(("Y", "DE", "CE")):
        return "year"
    if value.endswith("WE") or value.endswith("W"):
        return "week"
    return {"M": "month", "D": "day"}.get(value[-1], "unknown")
