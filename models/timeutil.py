"""Time conversions at the boundaries: everything inside is aware UTC, the graph holds epoch ms."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

import math

_EPOCH_MS_THRESHOLD = 10**11  # larger numbers are epoch milliseconds, smaller ones seconds


def to_utc(dt: datetime) -> datetime:
    """Aware UTC datetime; naive input is taken as UTC."""
    if dt.tzinfo is None:
        return dt.replace(tzinfo=timezone.utc)
    return dt.astimezone(timezone.utc)


def parse_timestamp(v: Any) -> datetime:
    """ISO 8601 (with or without offset), epoch seconds or epoch ms → aware UTC; raises ValueError."""
    if isinstance(v, datetime):
        return to_utc(v)
    if isinstance(v, bool) or v is None:
        raise ValueError(f"timestamp missing or not a time: {v!r}")
    if isinstance(v, (int, float)):
        if isinstance(v, float) and not math.isfinite(v):
            raise ValueError(f"timestamp is not finite: {v!r}")
        secs = v / 1000 if abs(v) >= _EPOCH_MS_THRESHOLD else v
        return datetime.fromtimestamp(secs, tz=timezone.utc)
    if isinstance(v, str):
        s = v.strip()
        if not s:
            raise ValueError("timestamp is empty")
        if s.lstrip("-").replace(".", "", 1).isdigit():
            return parse_timestamp(float(s))
        try:
            return to_utc(datetime.fromisoformat(s.replace("Z", "+00:00")))
        except ValueError as exc:
            raise ValueError(f"unparseable timestamp {v!r}") from exc
    raise ValueError(f"timestamp has unsupported type {type(v).__name__}")


def to_ms(dt: datetime | None) -> int | None:
    """Epoch milliseconds for the graph and vector stores (None stays None)."""
    return None if dt is None else int(to_utc(dt).timestamp() * 1000)


def from_ms(ms: int | None) -> datetime | None:
    """Aware UTC datetime from epoch milliseconds."""
    return None if ms is None else datetime.fromtimestamp(ms / 1000, tz=timezone.utc)


def iso(dt: datetime | None) -> str | None:
    """ISO 8601 with offset, or None."""
    return None if dt is None else to_utc(dt).isoformat()


def utcnow() -> datetime:
    return datetime.now(timezone.utc)
