"""Deterministic extractive summaries for rules mode: current facts, newest first (pure)."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

MAX_FACTS = 8


def extractive_summary(name: str, facts: list[dict[str, Any]], max_facts: int = MAX_FACTS) -> str:
    """'Name: fact (since 2024-02-12). fact …' over current facts, newest valid_at first."""
    current = [f for f in facts if f.get("expired_at") is None and f.get("invalid_at") is None]
    current.sort(key=lambda f: (-(f.get("valid_at") or 0), f.get("fact", "")))
    parts = []
    for f in current[:max_facts]:
        since = datetime.fromtimestamp(f["valid_at"] / 1000, tz=timezone.utc).date().isoformat() if f.get("valid_at") else "?"
        parts.append(f"{f['fact'].rstrip('.')} (since {since}).")
    if not parts:
        return f"{name}: no current facts."
    more = len(current) - len(parts)
    return f"{name}: " + " ".join(parts) + (f" (+{more} more)" if more > 0 else "")
