"""Parquet snapshots of the graph (polars): episodes, entities and facts as of a world time and/or
as known at a system time. Times become UTC datetimes (ms); list columns stay lists.
"""
from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from models.timeutil import to_ms
from search.views import view

_TIME_COLS = ("valid_at", "invalid_at", "stated_invalid_at", "created_at", "expired_at")


def snapshot(rows: dict[str, list[dict[str, Any]]], as_of: datetime | None = None,
             known_at: datetime | None = None) -> dict[str, list[dict[str, Any]]]:
    """Pure: keep what existed in the world by as_of and in the graph by known_at.

    Episodes: said by as_of and ingested by known_at. Facts: the known_at view that holds at as_of.
    Entities: recorded by known_at and, with as_of, an endpoint of a kept fact or named by a kept episode's speaker.
    """
    a, k = to_ms(as_of), to_ms(known_at)
    eps = [e for e in rows["episodes"] if (a is None or (e.get("valid_at") or 0) <= a)
           and (k is None or (e.get("created_at") or 0) <= k)]
    facts = view(rows["facts"], as_of, known_at)
    ents = [n for n in rows["entities"] if k is None or (n.get("created_at") or 0) <= k]
    if as_of is not None:
        used = {f["source_uuid"] for f in facts} | {f["target_uuid"] for f in facts}
        speakers = {(e.get("group_id"), (e.get("speaker") or "").lower()) for e in eps}
        ents = [n for n in ents if n["uuid"] in used or (n.get("group_id"), (n.get("name") or "").lower()) in speakers]
    return {"episodes": eps, "entities": ents, "facts": facts}


def _frame(rows: list[dict[str, Any]]):
    import polars as pl

    if not rows:
        return pl.DataFrame()
    df = pl.DataFrame(rows, infer_schema_length=None)
    for c in _TIME_COLS:
        if c in df.columns:
            df = df.with_columns(pl.col(c).cast(pl.Int64).cast(pl.Datetime("ms", "UTC")))
    return df


def export_snapshot(out_dir: str | Path, group_id: str | None = None, as_of: datetime | None = None,
                    known_at: datetime | None = None, graph: Any = None) -> dict[str, Any]:
    """Write episodes.parquet, entities.parquet and facts.parquet under out_dir; return counts and paths."""
    from blocks import graph_reads as gr
    from blocks.graph import GraphStore

    g = graph or GraphStore.from_settings()
    snap = snapshot(gr.snapshot_rows(g, group_id), as_of, known_at)
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    report: dict[str, Any] = {"dir": str(out), "group": group_id, "as_of": as_of.isoformat() if as_of else None,
                              "known_at": known_at.isoformat() if known_at else None}
    for name, rows in snap.items():
        path = out / f"{name}.parquet"
        _frame(rows).write_parquet(path)
        report[name] = len(rows)
    return report
