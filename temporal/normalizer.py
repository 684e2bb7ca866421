"""Span -> TIMEX3 reading, dispatched on the detector's pattern kind, behind a bounded LRU cache.

The cache key is (pattern kind, the match's named groups, reference day, clock when the kind
needs it, tense hint when the kind needs it), so one normalization serves every repeat of a
span said on the same day.
"""
from __future__ import annotations

from datetime import date
from functools import lru_cache

from temporal import absolute, durations, relative
from temporal.norm import Norm

_DAY_HANDLERS = {**absolute.HANDLERS, **relative.HANDLERS, **durations.HANDLERS}
_CLOCK_HANDLERS = relative.CLOCK_HANDLERS

# Kinds whose reading depends on the clause's tense ("in August", "on Friday", "May 8").
USES_TENSE = frozenset({"dm", "md", "month", "season", "weekday", "holiday", "inn", "ordday",
                        "weekendsig", "relword", "nthunit", "relunit"})
# Kinds whose reading depends on the reference clock, not just its day ("two hours ago").
USES_CLOCK = frozenset({"ago", "inn"})
CACHE_SIZE = 65536


@lru_cache(maxsize=CACHE_SIZE)
def normalize(kind: str, groups: tuple[tuple[str, str | None], ...], ref_day: date,
              clock: tuple[int, int] | None, tense: str) -> Norm | None:
    """The TIMEX3 reading of one detected span (None when the shape is not a real date)."""
    g = {k: v for k, v in groups if v is not None}
    if kind in _CLOCK_HANDLERS:
        return _CLOCK_HANDLERS[kind](g, ref_day, tense, clock)
    handler = _DAY_HANDLERS.get(kind)
    if handler is None:
        return None
    try:
        return handler(g, ref_day, tense)
    except (ValueError, KeyError, OverflowError):
        # a shape the rules cannot place on the calendar (e.g. year 0): no expression
        return None


def cache_info() -> str:
    """Hit/miss statistics of the span cache (for benchmarks and debugging)."""
    return str(normalize.cache_info())
