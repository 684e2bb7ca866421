"""Temporal and group filters for the search projection, as LanceDB SQL and as a Python predicate."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from models.timeutil import to_ms, utcnow


def sql_quote(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


@dataclass(frozen=True)
class TimeFilter:
    """as_of: world time (facts valid then); known_at: system time (what the graph believed then).

    With neither, only current facts: not retired and not ended by now. include_expired lifts that.
    """

    as_of: datetime | None = None
    known_at: datetime | None = None
    include_expired: bool = False

    def sql(self, group_id: str) -> str:
        parts = [f"group_id = {sql_quote(group_id)}"]
        if self.as_of is not None:
            t = to_ms(self.as_of)
            parts.append(f"valid_at <= {t} AND (invalid_at IS NULL OR invalid_at > {t})")
        if self.known_at is not None:
            k = to_ms(self.known_at)
            parts.append(f"created_at <= {k} AND (expired_at IS NULL OR expired_at > {k})")
        if self.as_of is None and self.known_at is None and not self.include_expired:
            n = to_ms(utcnow())
            parts.append(f"expired_at IS NULL AND (invalid_at IS NULL OR invalid_at > {n})")
        return " AND ".join(f"({p})" for p in parts)

    def accepts(self, row: dict[str, Any]) -> bool:
        """The same predicate over a fact dict with epoch-ms times (for graph-expanded facts)."""
        va, inv, cr, ex = row.get("valid_at"), row.get("invalid_at"), row.get("created_at"), row.get("expired_at")
        if self.as_of is not None:
            t = to_ms(self.as_of)
            if va is None or va > t or (inv is not None and inv <= t):
                return False
        if self.known_at is not None:
            k = to_ms(self.known_at)
            if cr is None or cr > k or (ex is not None and ex <= k):
                return False
        if self.as_of is None and self.known_at is None and not self.include_expired:
            n = to_ms(utcnow())
            if ex is not None or (inv is not None and inv <= n):
                return False
        return True
