"""Bi-temporal views of facts (pure): what the graph believed at a system time, what held at a world time.

Invalidation sets invalid_at and expired_at together, so "as known at K" undoes every retirement
recorded after K: the fact shows the end its own text stated (stated_invalid_at), if any.
Fact dicts carry epoch-ms times as stored in FalkorDB.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from models.timeutil import to_ms


def as_known_at(fact: dict[str, Any], known_at: datetime | None) -> dict[str, Any] | None:
    """The fact as the graph held it at system time known_at; None if it was not recorded yet."""
    if known_at is None:
        return fact
    k = to_ms(known_at)
    if fact.get("created_at") is None or fact["created_at"] > k:  # type: ignore[operator]
        return None
    ex = fact.get("expired_at")
    if ex is not None and ex > k:  # type: ignore[operator]
        return {**fact, "expired_at": None, "invalid_at": fact.get("stated_invalid_at"), "invalidated_by": None}
    return fact


def holds_at(fact: dict[str, Any], as_of: datetime | None) -> bool:
    """World time: valid_at <= as_of < invalid_at (always true without as_of)."""
    if as_of is None:
        return True
    t = to_ms(as_of)
    va, inv = fact.get("valid_at"), fact.get("invalid_at")
    return va is not None and va <= t and (inv is None or inv > t)  # type: ignore[operator]


def view(facts: list[dict[str, Any]], as_of: datetime | None = None, known_at: datetime | None = None) -> list[dict[str, Any]]:
    """Facts as known at known_at (system time) that hold at as_of (world time)."""
    out = []
    for f in facts:
        g = as_known_at(f, known_at)
        if g is not None and holds_at(g, as_of):
            out.append(g)
    return out


def status(fact: dict[str, Any]) -> str:
    """current | invalidated (ended on the world timeline) | expired (retired from the graph's belief)."""
    if fact.get("expired_at") is not None:
        return "expired"
    if fact.get("invalid_at") is not None:
        return "invalidated"
    return "current"
