"""Nightly ingestion: new files and new rows of an archive directory since the last successful run."""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from prefect import flow, get_run_logger

from blocks.vectors import VectorStore
from flows.backfill import backfill_flow
from models.episode import stable_id
from models.timeutil import to_ms, utcnow
from search.filters import sql_quote
from tasks.context import count_records
from tasks.progress import summary_artifact

PATTERNS = ("*.jsonl", "*.ndjson", "*.parquet", "*.csv", "*.json")


def _watermark(vectors: VectorStore, key: str) -> dict[str, Any] | None:
    rows = vectors.column("ingest_log", ["uuid", "records_done", "size", "mtime_ns"], f"uuid = {sql_quote(key)}")
    return rows[0] if rows else None


@flow(name="nightly", description="Incremental ingestion of an archive directory with a per-file watermark.")
def nightly_flow(directory: str, group: str | None = None, format: str = "auto", extractor: str = "rules",
                 chunk_size: int = 500) -> dict[str, Any]:
    """Ingest what is new in DIRECTORY; files and rows already ingested are skipped."""
    logger = get_run_logger()
    started = time.perf_counter()
    root = Path(directory).expanduser().resolve()
    vectors = VectorStore.from_settings()
    files = sorted({p for pat in PATTERNS for p in root.glob(pat) if p.is_file()})
    totals: dict[str, Any] = {"files_seen": len(files), "files_ingested": 0, "episodes_read": 0,
                              "episodes_ingested": 0, "quarantined": 0, "records_skipped": 0, "files": []}
    for f in files:
        key = stable_id(group or "", "watermark", f)
        st = f.stat()
        wm = _watermark(vectors, key)
        total = count_records(f, format)
        done = int(wm["records_done"]) if wm else 0
        if wm and st.st_size < wm["size"]:
            done = 0  # rewritten or truncated: start over (ids are deterministic, so this is safe)
        unchanged = wm and wm["size"] == st.st_size and wm["mtime_ns"] == st.st_mtime_ns
        if unchanged or (total is not None and wm is not None and done >= total):
            logger.info("%s: nothing new", f.name)
            continue
        if total is None:
            done = 0  # formats without a cheap row count are re-read whole when they change
        s = backfill_flow(path=str(f), group=group, format=format, extractor=extractor, chunk_size=chunk_size,
                          skip_records=done)
        vectors.upsert("ingest_log", [{"uuid": key, "group_id": group or "", "path": str(f),
                                       "records_done": done + s["episodes_read"], "size": st.st_size,
                                       "mtime_ns": st.st_mtime_ns, "updated_at": to_ms(utcnow())}])
        totals["files_ingested"] += 1
        totals["files"].append(f.name)
        for k in ("episodes_read", "episodes_ingested", "quarantined", "records_skipped"):
            totals[k] += s.get(k, 0)
    totals["partial"] = totals["quarantined"] > 0
    totals["seconds"] = round(time.perf_counter() - started, 3)
    summary_artifact("nightly-summary", totals, f"Nightly ingestion of {root}")
    return totals
