"""Table-driven behaviour of `temporal.engine.resolve`: spans, TIMEX3 values, granularity."""
from __future__ import annotations

import pytest

from temporal.engine import resolve
from temporal.timex import value_interval
from tests.temporal.cases_conversation import CONVERSATION, WEEKDAY_REFS
from tests.temporal.cases_news import ABSOLUTE, NEGATIVE, NEWS
from tests.temporal.refs import REFS

ALL = CONVERSATION + WEEKDAY_REFS + ABSOLUTE + NEWS + NEGATIVE


def _ids() -> list[str]:
    return [f"{ref}:{text[:48]}" for text, ref, _ in ALL]


def test_table_is_large_enough() -> None:
    assert len(ALL) >= 300
    assert len(NEGATIVE) >= 50


@pytest.mark.parametrize(("text", "ref", "expected"), ALL, ids=_ids())
def test_case(text: str, ref: str, expected: list[str]) -> None:
    got = resolve(text, REFS[ref])
    got_items = [f"{e.text}|{e.value}|{e.granularity}" for e in got]
    want = [x if x.count("|") == 2 else x + "|*" for x in expected]
    assert len(got_items) == len(want), f"{text!r}: got {got_items}, want {want}"
    for g, w in zip(got_items, want):
        if w.endswith("|*"):
            assert g.rsplit("|", 1)[0] == w[:-2], f"{text!r}: got {g}, want {w}"
        else:
            assert g == w, f"{text!r}: got {g}, want {w}"
    for e in got:  # spans point at the right characters
        assert text[e.start:e.end] == e.text


@pytest.mark.parametrize(("text", "ref", "expected"), CONVERSATION + WEEKDAY_REFS + ABSOLUTE + NEWS,
                         ids=[f"{r}:{t[:40]}" for t, r, _ in CONVERSATION + WEEKDAY_REFS + ABSOLUTE + NEWS])
def test_calendar_values_match_intervals(text: str, ref: str, expected: list[str]) -> None:
    """A plain calendar value (2023-W20, 2022-SU, 199) covers exactly its interval, unless narrowed."""
    for e in resolve(text, REFS[ref]):
        if e.timex_type != "DATE" or e.kind == "vague" or not e.has_interval:
            continue
        iv = value_interval(e.value)
        assert iv is not None, e
        s, en = (d.replace(tzinfo=e.interval_start.tzinfo) for d in iv)
        low = text.lower()
        narrowed = any(w in low for w in ("early", "mid", "late", "end of", "beginning of", "since", "earlier", "later this"))
        if narrowed:
            assert s <= e.interval_start < e.interval_end <= max(en, e.reference_time), e
        else:
            assert (e.interval_start, e.interval_end) == (s, en), e
