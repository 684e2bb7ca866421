"""Property tests: interval sanity, TIMEX3 well-formedness, and how readings move with the reference."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from hypothesis import given, settings
from hypothesis import strategies as st

from temporal.engine import resolve
from temporal.timex import add_months, is_valid
from tests.temporal.cases_conversation import CONVERSATION, WEEKDAY_REFS
from tests.temporal.cases_news import ABSOLUTE, NEGATIVE, NEWS

UTC = timezone.utc
TEXTS = [t for t, _, _ in CONVERSATION + WEEKDAY_REFS + ABSOLUTE + NEWS + NEGATIVE]
refs = st.datetimes(min_value=datetime(1990, 1, 1), max_value=datetime(2040, 12, 31),
                    timezones=st.sampled_from([UTC, timezone(timedelta(hours=-7)), timezone(timedelta(hours=5, minutes=30))]))
FAST = settings(max_examples=150, deadline=None)


@FAST
@given(text=st.sampled_from(TEXTS), ref=refs)
def test_intervals_are_ordered_and_values_are_timex3(text: str, ref: datetime) -> None:
    got = resolve(text, ref)
    last_end = -1
    for e in got:
        assert is_valid(e.value, e.timex_type), (text, e.value, e.timex_type)
        assert (e.interval_start is None) == (e.interval_end is None)
        if e.has_interval:
            assert e.interval_start < e.interval_end, (text, e)
            assert e.interval_start.utcoffset() == timedelta(0)
        assert e.start >= last_end, "spans overlap or are unsorted"
        last_end = e.end
        assert text[e.start:e.end] == e.text
        assert 0.0 <= e.confidence <= 1.0
        if e.timex_type in ("DURATION", "SET") or e.kind == "vague":
            pass  # may or may not carry an honest range
        else:
            assert e.has_interval, (text, e)


@FAST
@given(text=st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=120), ref=refs)
def test_arbitrary_text_never_breaks(text: str, ref: datetime) -> None:
    for e in resolve(text, ref):
        assert text[e.start:e.end] == e.text
        assert is_valid(e.value, e.timex_type)


DAY_SHIFTS = {"yesterday": -1, "today": 0, "tomorrow": 1, "two days ago": -2, "the day before yesterday": -2,
              "in 3 days": 3, "ten days ago": -10}


@FAST
@given(phrase=st.sampled_from(sorted(DAY_SHIFTS)), ref=refs, n=st.integers(-400, 400))
def test_day_relative_moves_with_reference(phrase: str, ref: datetime, n: int) -> None:
    a = resolve(f"I will see it {phrase}.", ref)
    b = resolve(f"I will see it {phrase}.", ref + timedelta(days=n))
    assert len(a) == len(b) == 1
    assert b[0].interval_start - a[0].interval_start == timedelta(days=n)
    local_day = ref.date() + timedelta(days=DAY_SHIFTS[phrase])
    assert a[0].value == local_day.isoformat()


WEEK_PHRASES = ["last week", "next week", "this week", "three weeks ago", "last weekend", "two weekends ago"]


@FAST
@given(phrase=st.sampled_from(WEEK_PHRASES), ref=refs, weeks=st.integers(-100, 100))
def test_week_relative_moves_by_whole_weeks(phrase: str, ref: datetime, weeks: int) -> None:
    a = resolve(f"We did it {phrase}.", ref)
    b = resolve(f"We did it {phrase}.", ref + timedelta(weeks=weeks))
    assert len(a) == len(b) == 1
    assert b[0].interval_start - a[0].interval_start == timedelta(weeks=weeks)
    assert a[0].granularity == "week"


@FAST
@given(ref=refs, months=st.integers(-60, 60))
def test_month_relative_moves_by_months(ref: datetime, months: int) -> None:
    ref = ref.replace(day=min(ref.day, 28))
    y, m = add_months(ref.year, ref.month, months)
    shifted = ref.replace(year=y, month=m)
    for phrase, k in (("last month", -1), ("next month", 1), ("this month", 0), ("six months ago", -6)):
        e = resolve(f"It happened {phrase}.", shifted)[0]
        ey, em = add_months(shifted.year, shifted.month, k)
        assert e.value == f"{ey:04d}-{em:02d}" and e.granularity == "month"


@FAST
@given(ref=refs, years=st.integers(-30, 30))
def test_year_relative_moves_by_years(ref: datetime, years: int) -> None:
    ref2 = ref.replace(year=ref.year + years, day=min(ref.day, 28))
    for phrase, k in (("last year", -1), ("next year", 1), ("ten years ago", -10), ("this year", 0)):
        e = resolve(f"It was {phrase}.", ref2)[0]
        assert e.value == str(ref2.year + k) and e.granularity == "year"


ABSOLUTE_PHRASES = {"on 8 May 2023": ("2023-05-08", "day"), "in 2019": ("2019", "year"),
                    "in Q3 2023": ("2023-Q3", "quarter"), "in the 1990s": ("199", "year"),
                    "in May 2023": ("2023-05", "month"), "on 2023-05-08": ("2023-05-08", "day"),
                    "in the summer of 2012": ("2012-SU", "season"), "on May 8th, 2023": ("2023-05-08", "day")}


@FAST
@given(phrase=st.sampled_from(sorted(ABSOLUTE_PHRASES)), r1=refs, r2=refs)
def test_absolute_expressions_do_not_move(phrase: str, r1: datetime, r2: datetime) -> None:
    # calendar dates are read on the speaker's local calendar, so compare within one time zone
    r2 = r2.replace(tzinfo=r1.tzinfo)
    a = resolve(f"It happened {phrase}.", r1)
    b = resolve(f"It happened {phrase}.", r2)
    assert len(a) == len(b) == 1
    assert (a[0].value, a[0].granularity) == ABSOLUTE_PHRASES[phrase]
    assert (a[0].interval_start, a[0].interval_end) == (b[0].interval_start, b[0].interval_end)
    assert a[0].kind == "absolute"


@FAST
@given(wd=st.sampled_from(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]),
       ref=refs)
def test_last_and_next_weekday_bracket_the_reference(wd: str, ref: datetime) -> None:
    last = resolve(f"I saw her last {wd}.", ref)[0]
    nxt = resolve(f"I will see her next {wd}.", ref)[0]
    day = ref.date()
    last_d = datetime.fromisoformat(last.value).date()
    next_d = datetime.fromisoformat(nxt.value).date()
    assert 1 <= (day - last_d).days <= 7 and 1 <= (next_d - day).days <= 7
    assert last_d.strftime("%A") == wd == next_d.strftime("%A")
