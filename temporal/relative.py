"""Normalizers for expressions anchored on the reference day: last week, two days ago, on Friday, ...

All work on the reference *calendar day* (and, for hours/minutes, its clock) in the reference's
own time zone; the engine converts the resulting local intervals to UTC.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta

from temporal import rules, timex
from temporal.lexicon import FUZZY_COUNTS, PARTS_OF_DAY, WEEKDAYS, parse_number, unit_of
from temporal.norm import Groups, Norm, date_norm, duration_gran, low, mod_part

_BACK = frozenset({"last", "previous", "past", "this past", "prior"})
_FWD = frozenset({"next", "coming", "upcoming", "following", "this coming"})
_UNIT_GRAN = {"week": "week", "weekend": "week", "month": "month", "year": "year", "quarter": "quarter",
              "decade": "year", "century": "year", "day": "day", "fortnight": "week"}


def unit_interval(ref: date, unit: str, k: int) -> timex.Interval:
    """The calendar unit containing ref, moved k units (k=-1: 'last week', +1: 'next month')."""
    if unit == "week":
        return timex.week(ref + timedelta(days=7 * k))
    if unit == "weekend":
        return timex.weekend(rules.weekend_of(ref, "last" if k < 0 else ("next" if k > 0 else ""),
                                              "present", abs(k) or 1))
    if unit == "month":
        return timex.month(*timex.add_months(ref.year, ref.month, k))
    if unit == "year":
        return timex.year(ref.year + k)
    if unit == "quarter":
        y, m = timex.add_months(ref.year, (ref.month - 1) // 3 * 3 + 1, 3 * k)
        return timex.quarter(y, (m - 1) // 3 + 1)
    if unit == "decade":
        return timex.decade(ref.year + 10 * k)
    if unit == "century":
        return timex.century(ref.year + 100 * k)
    if unit == "fortnight":
        return timex.week(ref + timedelta(days=14 * k))
    return timex.day(ref + timedelta(days=k))


def n_relunit(g: Groups, ref: date, tense: str) -> Norm:
    rel, unit, mod = low(g, "rel"), low(g, "u"), low(g, "mod")
    k = -1 if rel in _BACK else (1 if rel in _FWD else 0)
    if rel == "this past" and unit == "week" and ref.isoweekday() > 3:
        k = 0  # late in the week, "this past week" is mostly the current one
    if unit == "weekend" and k == 0:
        iv = timex.weekend(rules.weekend_of(ref, "this", tense))
    else:
        iv = unit_interval(ref, unit, k)
    gran = _UNIT_GRAN[unit]
    if mod in ("earlier", "later"):
        value, s, e = iv
        today = timex.at(ref)
        s2, e2 = (s, max(today, s + timedelta(days=1))) if mod == "earlier" else \
            (min(today + timedelta(days=1), e - timedelta(days=1)), e)
        return Norm("DATE", value, "relative", gran, s2, e2, 0.85)
    return date_norm(iv, "relative", gran, 0.92 if not mod else 0.85, mod_part(mod))


def n_pastunit(g: Groups, ref: date, tense: str) -> Norm:
    unit = low(g, "u")
    return anchored_duration(ref, 1, unit, back=True, conf=0.8)


def anchored_duration(ref: date, n: float, unit: str, back: bool, conf: float) -> Norm:
    """'the past three months': a DURATION whose interval ends with the reference day."""
    value = duration_value(n, unit)
    span = approx_delta(ref, n, unit, back)
    if back:
        s, e = timex.at(ref) - span, timex.at(ref) + timedelta(days=1)
    else:
        s, e = timex.at(ref), timex.at(ref) + span
    return Norm("DURATION", value, "duration", duration_gran(value), s, e, conf)


def approx_delta(ref: date, n: float, unit: str, back: bool) -> timedelta:
    """The length of n calendar units counted from ref (months and years follow the calendar)."""
    if unit in ("month", "year", "decade", "century"):
        months = round(n * {"month": 1, "year": 12, "decade": 120, "century": 1200}[unit])
        y, m = timex.add_months(ref.year, ref.month, -months if back else months)
        dom = min(ref.day, 28)
        return abs(ref - date(y, m, dom))
    days = {"day": 1, "week": 7, "weekend": 7, "fortnight": 14}.get(unit)
    if days:
        return timedelta(days=n * days)
    return timedelta(hours=n) if unit == "hour" else timedelta(minutes=n)


def duration_value(n: float | None, unit: str) -> str:
    """P-value for n units; fractional counts move to the next smaller unit (1.5 years = P18M)."""
    if n is None:
        return timex.duration(None, unit)
    if n != int(n):
        smaller = {"year": ("month", 12), "month": ("day", 30), "week": ("day", 7), "day": ("hour", 24),
                   "hour": ("minute", 60), "decade": ("year", 10), "fortnight": ("day", 14)}
        if unit in smaller:
            u2, f = smaller[unit]
            return timex.duration(round(n * f), u2)
    return timex.duration(int(n), unit)


def count_of(g: Groups) -> tuple[float | None, tuple[int, int] | None]:
    """(count, fuzzy (lo, hi) range) of the n group; 'and a half' adds 0.5."""
    n_txt = low(g, "n")
    if not n_txt:
        return None, None
    if n_txt in FUZZY_COUNTS:
        c, lo, hi = FUZZY_COUNTS[n_txt]
        if "couple" in n_txt:
            return float(c), None
        return float(c), (lo, hi)
    if n_txt.startswith("half"):
        return 0.5, None
    if n_txt in ("many", "some"):
        return None, None
    try:
        n = float(n_txt)
    except ValueError:
        p = parse_number(n_txt)
        n = float(p) if p is not None else None
    if n is not None and g.get("half"):
        n += 0.5
    return n, None


def shifted(ref: date, clock: tuple[int, int] | None, n: float, unit: str, sign: int) -> Norm | None:
    """The calendar unit n units before (sign=-1) or after ref, at that unit's granularity."""
    if n != int(n) and unit in ("year", "month", "day", "hour", "week"):
        smaller = {"year": ("month", 12), "month": ("day", 30), "week": ("day", 7), "day": ("hour", 24),
                   "hour": ("minute", 60)}[unit]
        unit, n = smaller[0], n * smaller[1]
    k = int(round(n)) * sign
    if unit in ("hour", "minute", "second"):
        if clock is None:
            return None
        base = datetime(ref.year, ref.month, ref.day, clock[0], clock[1])
        delta = {"hour": timedelta(hours=k), "minute": timedelta(minutes=k),
                 "second": timedelta(seconds=k)}[unit]
        t = base + delta
        minute = None if unit == "hour" else t.minute
        v, s, e = timex.clock(t.date(), t.hour, minute)
        return Norm("TIME", v, "relative", "hour" if minute is None else "minute", s, e, 0.85)
    if unit == "weekend":
        iv = timex.weekend(rules.weekend_of(ref, "ago" if sign < 0 else "next", "present", abs(k)))
        return date_norm(iv, "relative", "week", 0.88)
    if unit == "day":
        return date_norm(timex.day(ref + timedelta(days=k)), "relative", "day", 0.9)
    if unit in ("week", "fortnight"):
        days = 7 * k * (2 if unit == "fortnight" else 1)
        return date_norm(timex.week(ref + timedelta(days=days)), "relative", "week", 0.88)
    if unit == "month":
        return date_norm(timex.month(*timex.add_months(ref.year, ref.month, k)), "relative", "month", 0.88)
    if unit == "year":
        return date_norm(timex.year(ref.year + k), "relative", "year", 0.88)
    if unit == "decade":
        return date_norm(timex.decade(ref.year + 10 * k), "relative", "year", 0.8)
    if unit == "century":
        return date_norm(timex.century(ref.year + 100 * k), "relative", "year", 0.8)
    return None


def fuzzy_range(ref: date, lo: int, hi: int, unit: str, sign: int) -> Norm:
    """'a few years ago': PAST_REF with the honest range lo..hi units back (FUTURE_REF forward)."""
    gran = _UNIT_GRAN.get(unit, "unknown")
    if unit in ("year", "decade"):
        f = 10 if unit == "decade" else 1
        if sign < 0:
            s, e = datetime(ref.year - hi * f, 1, 1), datetime(ref.year - lo * f + 1, 1, 1)
        else:
            s, e = datetime(ref.year + lo * f, 1, 1), datetime(ref.year + hi * f + 1, 1, 1)
    elif unit == "month":
        a = timex.add_months(ref.year, ref.month, -hi if sign < 0 else lo)
        b = timex.add_months(ref.year, ref.month, -lo + 1 if sign < 0 else hi + 1)
        s, e = datetime(a[0], a[1], 1), datetime(b[0], b[1], 1)
    elif unit in ("day", "week", "weekend", "fortnight"):
        f = {"day": 1, "week": 7, "weekend": 7, "fortnight": 14}[unit]
        if sign < 0:
            s, e = timex.at(ref) - timedelta(days=hi * f), timex.at(ref) - timedelta(days=lo * f - 1)
        else:
            s, e = timex.at(ref) + timedelta(days=lo * f), timex.at(ref) + timedelta(days=hi * f + 1)
    else:
        return Norm("DATE", "PAST_REF" if sign < 0 else "FUTURE_REF", "vague", gran, None, None, 0.5)
    return Norm("DATE", "PAST_REF" if sign < 0 else "FUTURE_REF", "vague", gran, s, e, 0.5)


def n_ago(g: Groups, ref: date, tense: str, clock: tuple[int, int] | None) -> Norm | None:
    unit = unit_of(low(g, "u")) if low(g, "u") != "ages" else "ages"
    d = low(g, "dir")
    sign = -1 if d in ("ago", "back", "earlier", "before", "prior") else 1
    n, fuzzy = count_of(g)
    if n is None or unit == "ages":
        return Norm("DATE", "PAST_REF" if sign < 0 else "FUTURE_REF", "vague", "unknown", None, None, 0.5)
    if fuzzy:
        return fuzzy_range(ref, fuzzy[0], fuzzy[1], unit, sign)
    out = shifted(ref, clock, n, unit, sign)
    if out and (g.get("approx") or d in ("earlier", "later", "before", "after")):
        out = out._replace(confidence=round(out.confidence - 0.15, 2))
    return out


def n_inn(g: Groups, ref: date, tense: str, clock: tuple[int, int] | None) -> Norm | None:
    unit = unit_of(low(g, "u"))
    n, fuzzy = count_of(g)
    if n is None:
        return None
    if g.get("next"):
        # "in the next few months": the stretch from now on, as an anchored duration
        out = anchored_duration(ref, fuzzy[1] if fuzzy else n, unit, back=False, conf=0.8)
        return out._replace(value=timex.duration(None, unit)) if fuzzy else out
    if low(g, "sig") == "in" and tense != "past" and not g.get("approx"):
        if fuzzy:
            return fuzzy_range(ref, fuzzy[0], fuzzy[1], unit, 1)
        out = shifted(ref, clock, n, unit, 1)
        if out:
            return out._replace(confidence=0.8)
    value = timex.duration(None, unit) if fuzzy else duration_value(n, unit)
    return Norm("DURATION", value, "duration", duration_gran(value), None, None, 0.85)


def _pod(d: date, pod: str, kind: str, conf: float) -> Norm:
    code, h0, h1 = PARTS_OF_DAY[pod]
    v, s, e = timex.part_of_day(d, code, h0, h1)
    return Norm("TIME", v, kind, "hour", s, e, conf)


_DAYWORDS = {"yesterday": -1, "today": 0, "tomorrow": 1, "tmrw": 1, "tmr": 1, "tonight": 0, "tonite": 0,
             "last night": -1, "this morning": 0, "this afternoon": 0, "this evening": 0,
             "the day before yesterday": -2, "the day after tomorrow": 2}


def n_dayrel(g: Groups, ref: date, tense: str) -> Norm:
    w = low(g, "w")
    d = ref + timedelta(days=_DAYWORDS[w])
    pod = low(g, "pod") or {"tonight": "night", "tonite": "night", "last night": "night"}.get(w) \
        or (w.split()[1] if w.startswith("this ") else "")
    if pod:
        return _pod(d, pod, "relative", 0.92)
    return date_norm(timex.day(d), "relative", "day", 0.95)


def n_weekday(g: Groups, ref: date, tense: str) -> Norm:
    wd = WEEKDAYS[low(g, "wd").rstrip(".")]
    rel = low(g, "rel")
    if rel in ("every", "each") or g.get("pl"):
        return Norm("SET", f"XXXX-WXX-{wd}", "recurring", "day", None, None, 0.85)
    d = rules.shift_weekday(ref, wd, rel, tense)
    conf = 0.9 if rel else (0.85 if g.get("sig") else 0.75)
    if g.get("pod"):
        return _pod(d, low(g, "pod"), "relative", conf)
    return date_norm(timex.day(d), "relative", "day", conf)


def n_relword(g: Groups, ref: date, tense: str) -> Norm | None:
    unit = low(g, "u") or low(g, "u2")
    direction = low(g, "dir") or low(g, "rel")
    sign = -1 if direction in ("before", "prior", "earlier", "previous") else 1
    if unit in WEEKDAYS:
        d = rules.shift_weekday(ref, WEEKDAYS[unit], "last" if sign < 0 else "next", tense)
        return date_norm(timex.day(d), "relative", "day", 0.55)
    if unit == "weekend":
        iv = timex.weekend(rules.weekend_of(ref, "last" if sign < 0 else "next", tense))
        return date_norm(iv, "relative", "week", 0.55)
    return date_norm(unit_interval(ref, unit, sign), "relative", _UNIT_GRAN[unit], 0.55)


def n_weekendsig(g: Groups, ref: date, tense: str) -> Norm:
    return date_norm(timex.weekend(rules.weekend_of(ref, "", tense)), "relative", "week", 0.75)


def n_nthunit(g: Groups, ref: date, tense: str) -> Norm | None:
    from temporal.lexicon import MONTHS
    ordw, unit = low(g, "ord"), low(g, "u")
    if g.get("mon"):
        mon = MONTHS[low(g, "mon").rstrip(".")]
        y = int(g["y"]) if g.get("y") else rules.pick_year_for_month(ref, mon, "", tense)
        _, s, e = timex.month(y, mon)
    else:
        k = {"last": -1, "next": 1}.get(low(g, "rel"), 0)
        _, s, e = unit_interval(ref, low(g, "ru"), k)
    first, last = s.date(), e.date() - timedelta(days=1)
    n = {"first": 1, "second": 2, "third": 3, "fourth": 4}.get(ordw)
    if unit == "day":
        d = first if n == 1 else (last if n is None else first + timedelta(days=n - 1))
        return date_norm(timex.day(d), "relative" if not g.get("y") else "absolute", "day", 0.85)
    anchor = (first + timedelta(days=7 * (n - 1) + 3)) if n else (last - timedelta(days=3))
    if unit == "weekend":
        sat = first + timedelta(days=(6 - first.isoweekday()) % 7)
        if n:
            sat += timedelta(days=7 * (n - 1))
        else:
            sat = last - timedelta(days=(last.isoweekday() - 6) % 7)
        return date_norm(timex.weekend(sat), "relative", "week", 0.8)
    return date_norm(timex.week(anchor), "relative", "week", 0.8)


def n_ordday(g: Groups, ref: date, tense: str) -> Norm | None:
    from temporal.norm import safe_date
    dom = int("".join(ch for ch in g["d"] if ch.isdigit()))
    rel = low(g, "rel")
    k = {"last": -1, "next": 1, "this": 0}.get(rel)
    if k is None:
        if tense == "past":
            k = 0 if dom <= ref.day else -1
        elif tense == "future":
            k = 0 if dom >= ref.day else 1
        else:
            k = 0
    y, m = timex.add_months(ref.year, ref.month, k)
    d = safe_date(y, m, dom)
    return date_norm(timex.day(d), "relative", "day", 0.75) if d else None


HANDLERS = {
    "relunit": n_relunit, "pastunit": n_pastunit, "dayrel": n_dayrel, "weekday": n_weekday,
    "relword": n_relword, "weekendsig": n_weekendsig, "nthunit": n_nthunit, "ordday": n_ordday,
}
CLOCK_HANDLERS = {"ago": n_ago, "inn": n_inn}
