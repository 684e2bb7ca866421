"""Progress reporting for runs: a Prefect progress artifact per run, plus local listeners (the CLI bar)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any
from uuid import UUID

from prefect.artifacts import create_progress_artifact, create_table_artifact, update_progress_artifact

Listener = Callable[[dict[str, Any]], None]
_LISTENERS: list[Listener] = []


def add_listener(fn: Listener) -> None:
    """Register a process-local observer of chunk progress (the CLI's rich bar uses this)."""
    _LISTENERS.append(fn)


def remove_listener(fn: Listener) -> None:
    if fn in _LISTENERS:
        _LISTENERS.remove(fn)


class RunProgress:
    """One progress artifact per flow run, updated after each chunk."""

    def __init__(self, key: str, total: int | None) -> None:
        self.total = total
        self.artifact_id: UUID | None = create_progress_artifact(progress=0.0, key=key, description="records processed")

    def update(self, done: int, counters: dict[str, Any]) -> None:
        pct = 100.0 if not self.total else min(100.0, 100.0 * done / self.total)
        if self.artifact_id is not None:
            update_progress_artifact(self.artifact_id, progress=pct)
        for fn in list(_LISTENERS):
            fn({"done": done, "total": self.total, **counters})


def summary_artifact(key: str, summary: dict[str, Any], title: str) -> None:
    """A one-row-per-counter table artifact shown on the flow run page."""
    rows = [{"counter": k, "value": v} for k, v in summary.items() if not isinstance(v, (list, dict))]
    create_table_artifact(key=key, table=rows, description=title)


def gate_artifact(counts: dict[str, int], key: str = "summary-gate") -> None:
    """Every summary refresh and skip of the run, with its reason, as a table artifact."""
    rows = [{"decision": k.split(":", 1)[0], "reason": k.split(":", 1)[1], "entities": v} for k, v in sorted(counts.items())]
    create_table_artifact(key=key, table=rows or [{"decision": "-", "reason": "no entity changed", "entities": 0}],
                          description="Summary gate: refreshes and skips by reason")
