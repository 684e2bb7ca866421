"""Scheduled staleness sweep: refresh summaries of entities marked dirty or older than the SLA."""
from __future__ import annotations

import time
from typing import Any

from prefect import flow, get_run_logger

from blocks import summary_queries as sq
from blocks.embedder import MiniLMEmbedder
from blocks.graph import GraphStore
from blocks.vectors import VectorStore
from models.timeutil import to_ms, utcnow
from tasks.progress import gate_artifact
from tasks.summaries import ExtractiveSummarizer, summaries_task

SWEEP_BATCH = 500


@flow(name="refresh-summaries", description="Refresh entity summaries that are dirty or past the staleness SLA.")
def refresh_summaries_flow(group: str | None = None, sla_hours: float = 168.0) -> dict[str, Any]:
    """Sweep once; returns counts of refreshes and skips by reason."""
    logger = get_run_logger()
    started = time.perf_counter()
    graph, vectors, embedder = GraphStore.from_settings(), VectorStore.from_settings(), MiniLMEmbedder()
    now = to_ms(utcnow())
    stale = sq.stale_entities(graph, group, now - int(sla_hours * 3600 * 1000))
    logger.info("%d entities are dirty or past the %.0f h SLA", len(stale), sla_hours)
    counts: dict[str, int] = {}
    for i in range(0, len(stale), SWEEP_BATCH):
        batch = {u: {"invalidations": 0, "negations": 0, "episode_times": []} for u in stale[i:i + SWEEP_BATCH]}
        for k, v in summaries_task(graph, vectors, embedder, ExtractiveSummarizer(), batch, now,
                                   final=False, force_reason="sweep").items():
            counts[k] = counts.get(k, 0) + v
    gate_artifact(counts, key="summary-sweep")
    return {"candidates": len(stale), "summaries_refreshed": sum(v for k, v in counts.items() if k.startswith("refresh:")),
            "summaries_skipped": sum(v for k, v in counts.items() if k.startswith("skip:")),
            "summary_gate": dict(sorted(counts.items())), "seconds": round(time.perf_counter() - started, 3)}
