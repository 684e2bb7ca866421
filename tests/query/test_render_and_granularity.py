"""Answer rendering and granularity matching (pure)."""
from __future__ import annotations

from datetime import datetime, timezone

from models.timeutil import to_ms
from search.granularity import match_confidence, unit_interval, unit_interval_ms
from search.render_time import duration_start, duration_text, render_interval


def d(*a: int) -> datetime:
    return datetime(*a, tzinfo=timezone.utc)


REF = d(2023, 5, 25, 13, 14)


def test_relative_weekday_keeps_its_anchor_day():
    assert render_interval(d(2023, 5, 20), d(2023, 5, 21), "day", "2023-05-20", "last Saturday", "relative", REF) \
        == "the Saturday before 25 May 2023"


def test_yesterday_is_a_plain_date():
    assert render_interval(d(2023, 5, 24), d(2023, 5, 25), "day", "2023-05-24", "yesterday", "relative", REF) == "24 May 2023"


def test_weeks_and_weekends_relative_to_the_reference():
    assert render_interval(d(2023, 5, 15), d(2023, 5, 22), "week", "2023-W20", "last week", "relative", REF) \
        == "the week before 25 May 2023"
    ref = d(2023, 7, 17)
    assert render_interval(d(2023, 7, 8), d(2023, 7, 10), "week", "2023-W27-WE", "two weekends ago", "relative", ref) \
        == "two weekends before 17 July 2023"
    assert render_interval(d(2023, 5, 22), d(2023, 5, 29), "week", "2023-W21", "this week", "relative", REF) \
        == "the week of 25 May 2023"


def test_month_year_season_at_their_granularity():
    assert render_interval(d(2023, 6, 1), d(2023, 7, 1), "month", "2023-06", "next month", "relative", REF) == "June 2023"
    assert render_interval(d(2022, 1, 1), d(2023, 1, 1), "year", "2022", "last year", "relative", REF) == "2022"
    assert render_interval(d(2022, 6, 1), d(2022, 9, 1), "season", "2022-SU", "summer 2022") == "summer 2022"
    assert render_interval(d(2018, 1, 1), d(2022, 1, 1), "year", "PAST_REF", "a few years ago", "vague", REF) \
        == "between 2018 and 2021"


def test_durations():
    assert duration_text("P4Y") == "4 years"
    assert duration_text("P1M") == "1 month"
    s, e, g = duration_start("P7Y", d(2023, 9, 13))
    assert (s, e, g) == (d(2016, 1, 1), d(2017, 1, 1), "year")
    assert duration_start("PAST_REF", REF) is None


def test_unit_interval_floors_to_the_granularity():
    assert unit_interval(d(2023, 5, 17, 9), "month") == (d(2023, 5, 1), d(2023, 6, 1))
    assert unit_interval(d(2023, 5, 17, 9), "week") == (d(2023, 5, 15), d(2023, 5, 22))
    assert unit_interval(d(2023, 5, 20), "week", "2023-W20-WE") == (d(2023, 5, 20), d(2023, 5, 22))
    assert unit_interval(d(2023, 5, 17, 9), "year") == (d(2023, 1, 1), d(2024, 1, 1))


def test_a_month_fact_matches_a_day_in_that_month_less_confidently():
    day = (to_ms(d(2023, 5, 7)), to_ms(d(2023, 5, 8)))
    exact = match_confidence(*unit_interval_ms(to_ms(d(2023, 5, 7)), "day"), *day)
    month = match_confidence(*unit_interval_ms(to_ms(d(2023, 5, 1)), "month"), *day)
    year = match_confidence(*unit_interval_ms(to_ms(d(2023, 1, 1)), "year"), *day)
    assert exact == 1.0 > month > year > 0
    assert match_confidence(*unit_interval_ms(to_ms(d(2023, 6, 1)), "month"), *day) == 0.0
    # the fact's own time confidence scales the match
    assert match_confidence(*unit_interval_ms(to_ms(d(2023, 5, 7)), "day"), *day, t_confidence=0.5) == 0.5
