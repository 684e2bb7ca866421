"""TIMEX3 value strings and calendar-interval math (local naive datetimes, half-open intervals).

Every builder returns `(value, start, end)` so the value and the interval can never disagree.
"""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta

Interval = tuple[str, datetime, datetime]

SEASON_MONTHS: dict[str, tuple[int, int]] = {"SP": (3, 6), "SU": (6, 9), "FA": (9, 12), "WI": (12, 15)}


def at(d: date) -> datetime:
    """Midnight of a calendar day as a naive datetime."""
    return datetime(d.year, d.month, d.day)


def add_months(y: int, m: int, n: int) -> tuple[int, int]:
    """(year, month) moved by n months."""
    k = y * 12 + (m - 1) + n
    return k // 12, k % 12 + 1


def day(d: date) -> Interval:
    """A calendar day: 2023-05-21."""
    return d.isoformat(), at(d), at(d) + timedelta(days=1)


def month(y: int, m: int) -> Interval:
    """A calendar month: 2023-06."""
    ny, nm = add_months(y, m, 1)
    return f"{y:04d}-{m:02d}", datetime(y, m, 1), datetime(ny, nm, 1)


def year(y: int) -> Interval:
    """A calendar year: 2022."""
    return f"{y:04d}", datetime(y, 1, 1), datetime(y + 1, 1, 1)


def decade(first_year: int) -> Interval:
    """A decade: 199 = the 1990s."""
    d0 = first_year - first_year % 10
    return f"{d0 // 10:03d}", datetime(d0, 1, 1), datetime(d0 + 10, 1, 1)


def century(first_year: int) -> Interval:
    """A century: 19 = 1900-1999 (the twentieth century)."""
    c0 = first_year - first_year % 100
    return f"{c0 // 100:02d}", datetime(c0, 1, 1), datetime(c0 + 100, 1, 1)


def quarter(y: int, q: int) -> Interval:
    """A quarter: 2023-Q3."""
    m0 = 3 * (q - 1) + 1
    ny, nm = add_months(y, m0, 3)
    return f"{y:04d}-Q{q}", datetime(y, m0, 1), datetime(ny, nm, 1)


def season(y: int, code: str) -> Interval:
    """A meteorological season: 2012-SU = Jun-Aug 2012; winter Y = Dec Y .. Feb Y+1."""
    m0, m1 = SEASON_MONTHS[code]
    ey, em = add_months(y, 1, m1 - 1)
    return f"{y:04d}-{code}", datetime(y, m0, 1), datetime(ey, em, 1)


def week_monday(d: date) -> date:
    """The Monday of d's ISO week."""
    return d - timedelta(days=d.weekday())


def week(d: date) -> Interval:
    """The ISO week containing d: 2023-W22."""
    mon = week_monday(d)
    iy, iw, _ = mon.isocalendar()
    return f"{iy:04d}-W{iw:02d}", at(mon), at(mon) + timedelta(days=7)


def weekend(d: date) -> Interval:
    """The weekend (Sat+Sun) of d's ISO week: 2023-W28-WE."""
    mon = week_monday(d)
    iy, iw, _ = mon.isocalendar()
    sat = at(mon) + timedelta(days=5)
    return f"{iy:04d}-W{iw:02d}-WE", sat, sat + timedelta(days=2)


def part_of_day(d: date, code: str, h0: int, h1: int) -> Interval:
    """A part of a day: 2023-08-13TNI (night runs past midnight)."""
    return f"{d.isoformat()}T{code}", at(d) + timedelta(hours=h0), at(d) + timedelta(hours=h1)


def clock(d: date, hour: int, minute: int | None) -> Interval:
    """A clock time: 2023-05-25T15:00, an hour wide when no minutes were said."""
    start = at(d) + timedelta(hours=hour, minutes=minute or 0)
    width = timedelta(hours=1) if minute is None else timedelta(minutes=1)
    return f"{d.isoformat()}T{hour:02d}:{minute or 0:02d}", start, start + width


def duration(n: int | None, unit: str) -> str:
    """TIMEX3 duration value: P3Y, P2W, PT4H, P1DE, PXY (unspecified count)."""
    count = "X" if n is None else str(n)
    code = {"year": "Y", "month": "M", "week": "W", "day": "D", "decade": "DE", "century": "CE",
            "weekend": "WE", "fortnight": "W", "hour": "H", "minute": "M", "second": "S"}[unit]
    if unit == "fortnight" and n is not None:
        count = str(2 * n)
    if unit in ("hour", "minute", "second"):
        return f"PT{count}{code}"
    return f"P{count}{code}"


def sub_part(start: datetime, end: datetime, part: str) -> tuple[datetime, datetime]:
    """The early/mid/late third (or start/end sixth for 'beginning'/'end') of an interval."""
    span = end - start
    third = timedelta(days=max(1, round(span.days / 3))) if span.days >= 3 else span / 3
    if part == "early":
        return start, start + third
    if part == "late":
        return end - third, end
    if part == "mid":
        return start + third, end - third
    sixth = timedelta(days=max(1, round(span.days / 6))) if span.days >= 6 else span / 3
    if part == "start":
        return start, start + sixth
    return end - sixth, end


# ---- parsing / validation -------------------------------------------------------------------
_DATE_RE = re.compile(
    r"(?:\d{4}(?:-(?:\d{2}(?:-\d{2})?|W\d{2}(?:-WE)?|Q[1-4]|SP|SU|FA|WI))?|\d{2,3}"
    r"|PAST_REF|PRESENT_REF|FUTURE_REF)")
_TIME_RE = re.compile(r"\d{4}-\d{2}-\d{2}T(?:\d{2}:\d{2}(?::\d{2})?|MO|AF|EV|NI|MI|DT)")
_DUR_RE = re.compile(r"P(?:(?:\d+|X)(?:Y|M|W|D|DE|CE|WE)|T(?:\d+|X)(?:H|M|S))")
_SET_RE = re.compile(
    r"(?:XXXX-WXX-(?:[1-7]|WE)|XXXX-(?:SP|SU|FA|WI)|XXXX-XX-XX(?:T(?:MO|AF|EV|NI))?"
    r"|XXXX-(?:0[1-9]|1[0-2])|P(?:\d+|X)(?:Y|M|W|D|WE)|PT(?:\d+|X)(?:H|M|S))")
_BY_TYPE = {"DATE": _DATE_RE, "TIME": _TIME_RE, "DURATION": _DUR_RE, "SET": _SET_RE}


def is_valid(value: str, timex_type: str) -> bool:
    """True when value is a well-formed TIMEX3 value of that type (the subset this engine emits)."""
    rx = _BY_TYPE.get(timex_type)
    return bool(rx and rx.fullmatch(value))


def value_interval(value: str) -> tuple[datetime, datetime] | None:
    """The calendar interval a DATE value names (None for *_REF values)."""
    m = re.fullmatch(r"(\d{4})-(\d{2})-(\d{2})", value)
    if m:
        return day(date(int(m[1]), int(m[2]), int(m[3])))[1:]
    m = re.fullmatch(r"(\d{4})-(\d{2})", value)
    if m:
        return month(int(m[1]), int(m[2]))[1:]
    m = re.fullmatch(r"(\d{4})-W(\d{2})(-WE)?", value)
    if m:
        d = date.fromisocalendar(int(m[1]), int(m[2]), 1)
        return (weekend(d) if m[3] else week(d))[1:]
    m = re.fullmatch(r"(\d{4})-Q([1-4])", value)
    if m:
        return quarter(int(m[1]), int(m[2]))[1:]
    m = re.fullmatch(r"(\d{4})-(SP|SU|FA|WI)", value)
    if m:
        return season(int(m[1]), m[2])[1:]
    if re.fullmatch(r"\d{4}", value):
        return year(int(value))[1:]
    if re.fullmatch(r"\d{3}", value):
        return decade(int(value) * 10)[1:]
    if re.fullmatch(r"\d{2}", value):
        return century(int(value) * 100)[1:]
    return None
