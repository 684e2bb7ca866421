"""The Python API of the query layer (what the CLI calls): when, timelines, facts on/between dates,
time-parsed search and Parquet export. Stores come from CHRONICLE_HOME or the configured URLs.
"""
from __future__ import annotations

from search.export import export_snapshot
from search.plot import draw_timeline
from search.range import RangeFact, facts_between, facts_in_range, facts_on
from search.temporal_search import TimedSearch, search_at
from search.timeline import Timeline, entity_timeline, render_text
from search.when import WhenAnswer, when

__all__ = ["when", "WhenAnswer", "entity_timeline", "Timeline", "render_text", "draw_timeline", "facts_on",
           "facts_between", "facts_in_range", "RangeFact", "search_at", "TimedSearch", "export_snapshot"]
