"""Shapes of resolved temporal expressions (DESIGN §2). Pure data, no I/O."""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

TimexType = Literal["DATE", "TIME", "DURATION", "SET"]
TemporalKind = Literal["absolute", "relative", "duration", "recurring", "vague"]
Granularity = Literal["year", "season", "quarter", "month", "week", "day", "hour", "minute", "unknown"]


class TemporalExpression(BaseModel):
    """One time expression found in a text and normalized against a reference time."""

    text: str
    start: int = Field(ge=0, description="char offset of the span start in the source text")
    end: int = Field(ge=0, description="char offset one past the span end")
    timex_type: TimexType
    value: str = Field(description="TIMEX3 value: 2023-05-21, 2023-W22, 2023-06, 2012-SU, P4Y, PAST_REF, ...")
    kind: TemporalKind
    granularity: Granularity
    interval_start: datetime | None = Field(default=None, description="UTC, inclusive")
    interval_end: datetime | None = Field(default=None, description="UTC, exclusive")
    confidence: float = Field(ge=0.0, le=1.0)
    reference_time: datetime

    @property
    def has_interval(self) -> bool:
        return self.interval_start is not None and self.interval_end is not None
