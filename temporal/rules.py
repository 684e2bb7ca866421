"""Calendar choice rules: which August, which Friday, which summer a phrase means from a reference day.

Conventions (documented in bench/README.md "Temporal engine"):
- "last <weekday>" = the most recent such day strictly before the reference day; "next <weekday>"
  = the first one strictly after it; "this <weekday>" = the one in the reference ISO week.
- A bare month/day/season/holiday points back in a past-tense clause, forward in a future one,
  and to the nearest occurrence otherwise.
- "last <month|season>" = the most recent one that has ended (a season) or lies before the
  reference month; "next" = the first one after it.
"""
from __future__ import annotations

from datetime import date, timedelta

from temporal import timex

ONE_DAY = timedelta(days=1)


def shift_weekday(ref: date, iso_wd: int, rel: str, tense: str) -> date:
    """The date of ISO weekday iso_wd (1=Mon) meant relative to ref."""
    back = (ref.isoweekday() - iso_wd) % 7 or 7   # days back to the previous such day
    fwd = (iso_wd - ref.isoweekday()) % 7 or 7    # days forward to the next such day
    if rel in ("last", "past", "this past"):
        return ref - timedelta(days=back)
    if rel in ("next", "coming", "this coming"):
        return ref + timedelta(days=fwd)
    if rel == "this":
        d = timex.week_monday(ref) + timedelta(days=iso_wd - 1)
        if d < ref and tense == "future":
            d += timedelta(days=7)
        return d
    if iso_wd == ref.isoweekday():
        # "said Wednesday" in a Wednesday paper, "Friday's game" on a Friday: the same day
        return ref
    if tense == "past":
        return ref - timedelta(days=back)
    return ref + timedelta(days=fwd)


def pick_year_for_month(ref: date, mon: int, rel: str, tense: str) -> int:
    """The year of month mon meant by '<rel> <Month>' said on ref."""
    y = ref.year
    if rel in ("last", "past", "previous"):
        return y if mon < ref.month else y - 1
    if rel in ("next", "coming"):
        return y if mon > ref.month else y + 1
    if rel == "this" or mon == ref.month:
        return y
    if tense == "past":
        return y if mon < ref.month else y - 1
    if tense == "future":
        return y if mon > ref.month else y + 1
    # nearest occurrence: within six months either way
    diff = mon - ref.month
    if diff > 6:
        return y - 1
    if diff < -6:
        return y + 1
    return y


def pick_date(ref: date, mon: int, dom: int, tense: str) -> date | None:
    """The date of '<Month> <day>' without a year: past/future by tense, else nearest."""
    cands = []
    for y in (ref.year - 1, ref.year, ref.year + 1):
        try:
            cands.append(date(y, mon, dom))
        except ValueError:
            continue
    if not cands:
        return None
    if tense == "past":
        past = [d for d in cands if d <= ref]
        return max(past) if past else min(cands)
    if tense == "future":
        fut = [d for d in cands if d >= ref]
        return min(fut) if fut else max(cands)
    return min(cands, key=lambda d: abs((d - ref).days))


def season_instance(ref: date, code: str, rel: str, tense: str) -> int:
    """The year label of the season meant by '<rel> <season>' (winter Y = Dec Y..Feb Y+1)."""
    def bounds(y: int) -> tuple[date, date]:
        _, s, e = timex.season(y, code)
        return s.date(), e.date()

    years = range(ref.year - 2, ref.year + 3)
    current = next((y for y in years if bounds(y)[0] <= ref < bounds(y)[1]), None)
    if rel in ("last", "past", "previous", "this past"):
        return max(y for y in years if bounds(y)[1] <= ref)
    this = current if current is not None else (ref.year - 1 if code == "WI" and ref.month < 3 else ref.year)
    if rel in ("next", "coming", "upcoming", "this coming"):
        # said in May, "next summer" is the one after this summer
        return min(y for y in years if bounds(y)[0] > ref and (y != this or rel != "next"))
    if rel in ("this", "current"):
        return this
    if current is not None:
        return current
    if tense == "past":
        return max(y for y in years if bounds(y)[1] <= ref)
    if tense == "future":
        return min(y for y in years if bounds(y)[0] > ref)
    prev = max(y for y in years if bounds(y)[1] <= ref)
    nxt = min(y for y in years if bounds(y)[0] > ref)
    gap_prev = (ref - bounds(prev)[1]).days
    gap_next = (bounds(nxt)[0] - ref).days
    return prev if gap_prev < gap_next else nxt


def weekend_of(ref: date, rel: str, tense: str, count: int = 1) -> date:
    """A day in the ISO week whose weekend is meant ('last weekend', 'this weekend', ...)."""
    in_weekend = ref.isoweekday() >= 6
    if rel in ("last", "past", "previous", "ago"):
        # Said during a weekend, "last weekend" is the one before; otherwise the one just gone:
        # either way the weekend of the ISO week `count` weeks back.
        return ref - timedelta(days=7 * count)
    if rel == "this past":
        return ref if in_weekend else ref - timedelta(days=7)
    if rel in ("next", "coming", "this coming", "upcoming", "following"):
        return ref + timedelta(days=7 * (count if in_weekend else count - 1))
    # "this weekend", "over the weekend": the current/coming one, the one gone in a past clause
    # (and, early in the week without a future marker, the one just gone: "Anything fun over
    # the weekend?" asked on a Monday)
    if in_weekend or tense == "future":
        return ref
    if tense == "past" or (rel == "" and ref.isoweekday() <= 2):
        return ref - timedelta(days=7)
    return ref


def easter(y: int) -> date:
    """Gregorian Easter Sunday (anonymous Gregorian algorithm)."""
    a, b, c = y % 19, y // 100, y % 100
    d, e = b // 4, b % 4
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = c // 4, c % 4
    l_ = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * l_) // 451
    month_ = (h + l_ - 7 * m + 114) // 31
    day_ = (h + l_ - 7 * m + 114) % 31 + 1
    return date(y, month_, day_)


def nth_weekday(y: int, mon: int, iso_wd: int, n: int) -> date:
    """The n-th (1-based; -1 = last) ISO weekday of a month."""
    if n > 0:
        first = date(y, mon, 1)
        return first + timedelta(days=(iso_wd - first.isoweekday()) % 7 + 7 * (n - 1))
    ny, nm = timex.add_months(y, mon, 1)
    last = date(ny, nm, 1) - ONE_DAY
    return last - timedelta(days=(last.isoweekday() - iso_wd) % 7)


def holiday_date(name: str, y: int) -> date | None:
    """The date of a named holiday in year y (US conventions for the movable ones)."""
    from temporal.lexicon import FIXED_HOLIDAYS
    key = name.lower().replace("’", "'")
    key = " ".join(key.split())
    if key in FIXED_HOLIDAYS:
        mon, dom = FIXED_HOLIDAYS[key]
        return date(y, mon, dom)
    if key in ("july 4th",):
        return date(y, 7, 4)
    if key.startswith("new year"):
        return date(y, 12, 31) if key.endswith("eve") else date(y, 1, 1)
    if key.startswith("easter"):
        return easter(y)
    if key == "thanksgiving":
        return nth_weekday(y, 11, 4, 4)
    if key in ("mother's day", "mothers day"):
        return nth_weekday(y, 5, 7, 2)
    if key in ("father's day", "fathers day"):
        return nth_weekday(y, 6, 7, 3)
    if key == "memorial day":
        return nth_weekday(y, 5, 1, -1)
    if key in ("labor day", "labour day"):
        return nth_weekday(y, 9, 1, 1)
    if "patrick" in key:
        return date(y, 3, 17)
    return None


def pick_holiday(ref: date, name: str, rel: str, tense: str) -> date | None:
    """Which occurrence of a holiday is meant: last/next by word, else by tense, else nearest."""
    cands = [d for d in (holiday_date(name, y) for y in (ref.year - 1, ref.year, ref.year + 1)) if d]
    if not cands:
        return None
    if rel == "last" or (rel not in ("next", "this") and tense == "past"):
        past = [d for d in cands if d < ref] if rel == "last" else [d for d in cands if d <= ref]
        return max(past) if past else None
    if rel == "next" or tense in ("future", "present"):  # holidays are talked about ahead of time
        fut = [d for d in cands if d > ref] if rel == "next" else [d for d in cands if d >= ref]
        return min(fut) if fut else None
    if rel == "this":
        return next(d for d in cands if d.year == ref.year)
    return min(cands, key=lambda d: abs((d - ref).days))
