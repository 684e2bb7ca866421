"""Answer rendering (pure): a resolved time at its true granularity, as a person would say it.

"last Saturday" said on 25 May 2023 -> "the Saturday before 25 May 2023"; "next month" -> "June 2023";
"last week" -> "the week before 9 June 2023"; "P4Y" -> "4 years"; "yesterday" -> "7 May 2023".
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone

from dateutil.relativedelta import relativedelta

_WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_WEEKDAY_RX = re.compile(r"\b(mon|tue|wed|thu|fri|sat|sun)[a-z]*\b", re.I)
_SEASONS = {"SP": "spring", "SU": "summer", "FA": "autumn", "WI": "winter"}
_NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_UNITS = {"Y": "year", "M": "month", "W": "week", "D": "day", "H": "hour"}
_DURATION = re.compile(r"^P(\d+(?:\.\d+)?)([YMWD])$|^PT(\d+(?:\.\d+)?)H$")


def day_text(d: datetime) -> str:
    """'7 May 2023'."""
    return f"{d.day} {d.strftime('%B')} {d.year}"


def duration_text(value: str) -> str:
    """'P4Y' -> '4 years', 'P1M' -> '1 month'; other values are returned unchanged."""
    m = _DURATION.match(value or "")
    if not m:
        return value
    n, unit = (m.group(1), m.group(2)) if m.group(1) else (m.group(3), "H")
    num = float(n)
    shown = str(int(num)) if num.is_integer() else n
    return f"{shown} {_UNITS[unit]}{'' if num == 1 else 's'}"


def duration_start(value: str, ref: datetime) -> tuple[datetime, datetime, str] | None:
    """Where a duration that runs up to ref began, at the duration's own unit: P7Y at 2023 -> year 2016."""
    m = _DURATION.match(value or "")
    if not m or not m.group(1):
        return None
    n, unit = float(m.group(1)), m.group(2)
    if unit == "Y":
        y = ref.year - int(round(n))
        return datetime(y, 1, 1, tzinfo=timezone.utc), datetime(y + 1, 1, 1, tzinfo=timezone.utc), "year"
    if unit == "M":
        s = (ref - relativedelta(months=int(round(n)))).replace(day=1, hour=0, minute=0, second=0, microsecond=0)
        return s, s + relativedelta(months=1), "month"
    days = int(round(n * (7 if unit == "W" else 1)))
    s = (ref - timedelta(days=days)).replace(hour=0, minute=0, second=0, microsecond=0)
    if unit == "W":
        s -= timedelta(days=s.weekday())
        return s, s + timedelta(days=7), "week"
    return s, s + timedelta(days=1), "day"


def _count(n: int, unit: str) -> str:
    return f"the {unit}" if n == 1 else f"{_NUMBER_WORDS.get(n, str(n))} {unit}s"


def render_interval(start: datetime, end: datetime, granularity: str, value: str = "", text: str = "",
                    kind: str = "absolute", ref: datetime | None = None) -> str:
    """A half-open interval in words at its granularity; relative expressions keep their anchor day."""
    span_days = (end - start).days
    ref_day = ref.replace(hour=0, minute=0, second=0, microsecond=0) if ref else None
    if kind == "vague" and granularity != "year":  # "a few weeks ago": an honest range, not one unit
        return f"between {day_text(start)} and {day_text(end - timedelta(days=1))}"
    if granularity in ("hour", "minute"):
        return f"{day_text(start)} at {start.strftime('%H:%M')}"
    if granularity == "day" or (granularity == "unknown" and span_days <= 1):
        if kind == "relative" and ref_day and _WEEKDAY_RX.search(text or "") and span_days == 1:
            rel = "before" if start < ref_day else "after"
            return f"the {_WEEKDAYS[start.weekday()]} {rel} {day_text(ref_day)}"
        if span_days > 1:  # narrowed ranges ("early May") and explicit spans
            return f"{day_text(start)} to {day_text(end - timedelta(days=1))}"
        return day_text(start)
    if granularity == "week":
        weekend = value.endswith("-WE") or (span_days == 2 and start.weekday() == 5)
        unit = "weekend" if weekend else "week"
        if kind == "relative" and ref_day:
            ref_week = ref_day - timedelta(days=ref_day.weekday())
            start_week = start - timedelta(days=start.weekday())
            n = (ref_week - start_week).days // 7
            if n > 0:
                return f"{_count(n, unit)} before {day_text(ref_day)}"
            if n < 0:
                return f"{_count(-n, unit)} after {day_text(ref_day)}"
            return f"the {unit} of {day_text(ref_day)}"
        return f"the {unit} of {day_text(start)}"
    if granularity == "month":
        if span_days < 27:  # "early June" narrowed to a third of the month
            part = "early" if start.day == 1 else "late" if end.day == 1 else "mid"
            return f"{part} {start.strftime('%B')} {start.year}"
        return f"{start.strftime('%B')} {start.year}"
    if granularity == "season":
        m = re.match(r"^(\d{4})-(SP|SU|FA|WI)$", value or "")
        return f"{_SEASONS[m.group(2)]} {m.group(1)}" if m else f"{start.strftime('%B')} to {(end - timedelta(days=1)).strftime('%B %Y')}"
    if granularity == "quarter":
        return f"Q{(start.month - 1) // 3 + 1} {start.year}"
    if granularity == "year":
        if end.year - start.year > 1:
            return f"between {start.year} and {end.year - 1}"
        if span_days < 360:
            return f"{start.strftime('%B')} to {(end - timedelta(days=1)).strftime('%B %Y')}"
        return str(start.year)
    return f"{day_text(start)} to {day_text(end - timedelta(days=1))}"
