"""Normalizers for calendar expressions: explicit dates, months, years, decades, seasons, holidays.

Structured shapes are read straight from the detector's groups; odd absolute strings that only
the `loose` pattern catches ("8-May-23", RFC 2822 stamps) go to dateparser (imported lazily).
"""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from temporal import rules, timex
from temporal.lexicon import MONTHS, SEASONS, parse_number, parse_ordinal
from temporal.norm import Groups, Norm, date_norm, low, mod_part, safe_date

_QW = {"first": 1, "second": 2, "third": 3, "fourth": 4, "1st": 1, "2nd": 2, "3rd": 3, "4th": 4,
       "final": 4, "last": 4}
_DECADE_WORDS = {"twenties": 2, "thirties": 3, "forties": 4, "fifties": 5, "sixties": 6,
                 "seventies": 7, "eighties": 8, "nineties": 9}


def _month_no(g: Groups) -> int:
    return MONTHS[low(g, "mon").rstrip(".")]


def _day_no(g: Groups) -> int | None:
    return parse_ordinal(g.get("d") or g.get("dw") or "")


def _day_or_clock(d: date, g: Groups, kind: str, conf: float) -> Norm:
    if g.get("H"):
        v, s, e = timex.clock(d, int(g["H"]), int(g["M"]))
        return Norm("TIME", v, kind, "minute", s, e, conf)
    return date_norm(timex.day(d), kind, "day", conf)


def n_iso(g: Groups, ref: date, tense: str) -> Norm | None:
    d = safe_date(int(g["y"]), int(g["m"]), int(g["d"]))
    return _day_or_clock(d, g, "absolute", 0.97) if d else None


def _two_digit_year(y: str, ref: date) -> int:
    if len(y) == 4:
        return int(y)
    yy = int(y)
    return 2000 + yy if 2000 + yy <= ref.year + 10 else 1900 + yy


def n_num_mdy(g: Groups, ref: date, tense: str) -> Norm | None:
    a, b, y = int(g["a"]), int(g["b"]), _two_digit_year(g["y"], ref)
    # US order unless the first number cannot be a month
    mon, dom = (b, a) if a > 12 else (a, b)
    d = safe_date(y, mon, dom)
    conf = 0.9 if (a > 12 or b > 12 or a == b) else 0.8
    return date_norm(timex.day(d), "absolute", "day", conf) if d else None


def n_num_ymd(g: Groups, ref: date, tense: str) -> Norm | None:
    d = safe_date(int(g["y"]), int(g["m"]), int(g["d"]))
    return date_norm(timex.day(d), "absolute", "day", 0.95) if d else None


def n_num_dmy(g: Groups, ref: date, tense: str) -> Norm | None:
    d = safe_date(int(g["y"]), int(g["b"]), int(g["a"]))
    return date_norm(timex.day(d), "absolute", "day", 0.9) if d else None


def n_full_date(g: Groups, ref: date, tense: str) -> Norm | None:
    dom = _day_no(g)
    d = safe_date(int(g["y"]), _month_no(g), dom) if dom else None
    return date_norm(timex.day(d), "absolute", "day", 0.97) if d else None


def n_day_month(g: Groups, ref: date, tense: str) -> Norm | None:
    dom = _day_no(g)
    if not dom:
        return None
    d = rules.pick_date(ref, _month_no(g), dom, tense)
    return date_norm(timex.day(d), "relative", "day", 0.85) if d else None


def n_month_year(g: Groups, ref: date, tense: str) -> Norm:
    return date_norm(timex.month(int(g["y"]), _month_no(g)), "absolute", "month", 0.95,
                     mod_part(g.get("mod")))


def n_month(g: Groups, ref: date, tense: str) -> Norm:
    mon = _month_no(g)
    if low(g, "sig") in ("every", "each"):
        return Norm("SET", f"XXXX-{mon:02d}", "recurring", "month", None, None, 0.85)
    rel = low(g, "rel")
    y = rules.pick_year_for_month(ref, mon, rel, tense)
    conf = 0.88 if rel else 0.8
    return date_norm(timex.month(y, mon), "relative", "month", conf, mod_part(g.get("mod")))


def n_year(g: Groups, ref: date, tense: str) -> Norm:
    y = int(g["y"])
    conf = 0.95 if g.get("sig") else 0.85
    return date_norm(timex.year(y), "absolute", "year", conf, mod_part(g.get("mod")))


def n_decade4(g: Groups, ref: date, tense: str) -> Norm:
    return date_norm(timex.decade(int(g["d4"])), "absolute", "year", 0.9, mod_part(g.get("mod")))


def n_decade2(g: Groups, ref: date, tense: str) -> Norm:
    if g.get("dw"):
        first = 1900 + 10 * _DECADE_WORDS[low(g, "dw")]
    else:
        d2 = int(g["d2"])
        first = 2000 + d2 if d2 in (0, 10) else 1900 + d2
    return date_norm(timex.decade(first), "absolute", "year", 0.85, mod_part(g.get("mod")))


def n_century(g: Groups, ref: date, tense: str) -> Norm | None:
    n = parse_ordinal(g["ord"])
    if not n or n > 30:
        return None
    return date_norm(timex.century((n - 1) * 100), "absolute", "year", 0.9, mod_part(g.get("mod")))


def n_quarter(g: Groups, ref: date, tense: str) -> Norm:
    q = int(g["q"]) if g.get("q") else _QW[low(g, "qw")]
    if g.get("y"):
        return date_norm(timex.quarter(int(g["y"]), q), "absolute", "quarter", 0.95)
    rel = low(g, "rel")
    y = ref.year + {"last": -1, "next": 1}.get(rel, 0)
    return date_norm(timex.quarter(y, q), "relative", "quarter", 0.85)


def n_season(g: Groups, ref: date, tense: str) -> Norm:
    code = SEASONS[low(g, "s")]
    if low(g, "sig") in ("every", "each"):
        return Norm("SET", f"XXXX-{code}", "recurring", "season", None, None, 0.85)
    if g.get("y"):
        return date_norm(timex.season(int(g["y"]), code), "absolute", "season", 0.93,
                         mod_part(g.get("mod")))
    rel = low(g, "rel")
    y = rules.season_instance(ref, code, rel, tense)
    conf = 0.85 if rel else 0.72
    return date_norm(timex.season(y, code), "relative", "season", conf, mod_part(g.get("mod")))


def n_holiday(g: Groups, ref: date, tense: str) -> Norm | None:
    name = low(g, "hol")
    if name.startswith("the "):
        name = name[4:]
    rel = low(g, "rel")
    if rel == "every":
        d0 = rules.holiday_date(name, ref.year)
        if not d0:
            return None
        return Norm("SET", f"XXXX-{d0.month:02d}-{d0.day:02d}", "recurring", "day", None, None, 0.8)
    if g.get("y"):
        d = rules.holiday_date(name, int(g["y"]))
        return date_norm(timex.day(d), "absolute", "day", 0.93) if d else None
    d = rules.pick_holiday(ref, name, rel if rel in ("last", "next", "this") else "", tense)
    return date_norm(timex.day(d), "relative", "day", 0.85) if d else None


_CLOCK_WORDS = {"noon": (12, 0), "midday": (12, 0), "midnight": (0, 0)}


def n_timeofday(g: Groups, ref: date, tense: str) -> Norm | None:
    minute: int | None
    if g.get("word"):
        hour, minute = _CLOCK_WORDS[low(g, "word")]
    elif g.get("h24"):
        hour, minute = int(g["h24"]), int(g["m24"])
    elif g.get("hw"):
        n = parse_number(g["hw"])
        if not n or n > 12:
            return None
        hour, minute = (n + 12 if n <= 6 else n), None
    else:
        hour = int(g["h"]) % 12
        minute = int(g["m"]) if g.get("m") else None
        if low(g, "ap").startswith("p"):
            hour += 12
    day = ref
    if low(g, "word") == "midnight":
        day = ref + timedelta(days=1)  # "at midnight" ends the reference day (TIMEX3 T24:00)
    v, s, e = timex.clock(day, hour, minute)
    gran = "hour" if minute is None else "minute"
    return Norm("TIME", v, "relative", gran, s, e, 0.85)


def n_loose(g: Groups, ref: date, tense: str) -> Norm | None:
    """Odd absolute shapes: let dateparser read them (lazy import, result cached by the caller)."""
    text = g.get("all", "")
    import dateparser  # heavy: only ever imported for spans that need it

    got = dateparser.parse(text, languages=["en"], settings={
        "RELATIVE_BASE": datetime(ref.year, ref.month, ref.day), "STRICT_PARSING": True,
        "RETURN_AS_TIMEZONE_AWARE": False})
    if got is None:
        return None
    has_clock = bool(re.search(r"\d:\d\d", text))
    if has_clock:
        v, s, e = timex.clock(got.date(), got.hour, got.minute)
        return Norm("TIME", v, "absolute", "minute", s, e, 0.85)
    return date_norm(timex.day(got.date()), "absolute", "day", 0.85)


HANDLERS = {
    "iso": n_iso, "num_mdy": n_num_mdy, "num_ymd": n_num_ymd, "num_dmy": n_num_dmy,
    "dmy": n_full_date, "mdy": n_full_date, "dm": n_day_month, "md": n_day_month,
    "my": n_month_year, "month": n_month, "year": n_year, "decade4": n_decade4,
    "decade2": n_decade2, "century": n_century, "quarter": n_quarter, "season": n_season,
    "holiday": n_holiday, "timeofday": n_timeofday, "loose": n_loose,
}
