"""Backfill flow: an archive, chunk by chunk, through extract → resolve → embed → load."""
from __future__ import annotations

import os
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

from prefect import flow, get_run_logger
from prefect.utilities.annotations import quote

from archive.readers import read_chunks
from archive.validate import TurnCounter
from models.episode import QuarantineRecord, stable_id
from models.timeutil import to_ms, utcnow
from tasks.archive import validate_task
from tasks.context import RunContext, count_records
from tasks.embed import embed_task
from tasks.extract import extract_task
from tasks.load import load_task, quarantine_task
from tasks.progress import RunProgress, gate_artifact, summary_artifact
from tasks.resolve import resolve_task
from tasks.summaries import ExtractiveSummarizer, chunk_deltas, summaries_task


@flow(name="backfill", description="Backfill a conversation archive into the bi-temporal graph.")
def backfill_flow(path: str, group: str | None = None, format: str = "auto", extractor: str = "rules",
                  chunk_size: int = 500, skip_records: int = 0, llm_max_tokens: int | None = None) -> dict[str, Any]:
    """Ingest PATH (after its first `skip_records` records); returns the run summary (DESIGN §4 fields)."""
    logger = get_run_logger()
    started = time.perf_counter()
    src = Path(path).expanduser().resolve()
    if llm_max_tokens is not None:  # read by the llm Block's configuration (blocks/llm.py)
        os.environ["CHRONICLE_LLM_MAX_TOKENS"] = str(llm_max_tokens)
    ctx = RunContext.create(extractor)
    total = count_records(src, format)
    progress = RunProgress("backfill-progress", total)
    turns = TurnCounter()
    c: dict[str, int] = defaultdict(int)
    gate: Counter[str] = Counter()
    touched: set[str] = set()  # entities whose gate ran this run; their open bursts close at the end
    summarizer = ExtractiveSummarizer()
    seen = 0
    # Chunk payloads go to tasks wrapped in quote(): Prefect would otherwise walk every object in
    # them looking for futures (measured: ~18% of a backfill's time).
    for chunk_no, records in enumerate(read_chunks(src, format, chunk_size)):
        now = utcnow()
        if seen < skip_records:
            # Already ingested by an earlier run (nightly watermark): only advance the turn counters.
            done, records = records[: skip_records - seen], records[skip_records - seen:]
            validate_task(quote(done), group, str(src), turns, now)
            seen += len(done)
            c["records_skipped"] += len(done)
            if not records:
                continue
        seen += len(records)
        episodes, bad = validate_task(quote(records), group, str(src), turns, now)
        c["episodes_read"] += len(records)
        by_group: dict[str, list] = defaultdict(list)
        for ep in episodes:
            by_group[ep.group_id].append(ep)
        for gid, eps in by_group.items():
            try:
                batch = extract_task(quote(eps), ctx.extractor)
                if batch.failures:
                    failed = {e.uuid for e, _ in batch.failures}
                    bad.extend(_episode_quarantine(batch.failures, str(src), now))
                    eps = [e for e in eps if e.uuid not in failed]
                res = resolve_task(ctx.graph, quote(ctx.index(gid)), quote(eps), quote(batch.extractions), to_ms(now))
                vecs = embed_task(ctx.embedder, quote(res.facts), quote(res.entities), quote(eps))
                load_task(ctx.graph, ctx.vectors, gid, quote(eps), quote(res.entities), quote(res.mentions), quote(res.facts), quote(vecs), to_ms(now))
                deltas = chunk_deltas(eps, res.facts, to_ms(now))
                counts = summaries_task(ctx.graph, ctx.vectors, ctx.embedder, summarizer, quote(deltas), to_ms(now))
                gate.update(counts)
                touched.update(deltas)
            except Exception as exc:  # the chunk is quarantined with its reason; the run goes on
                logger.error("chunk %d of group %s failed after retries: %r", chunk_no, gid, exc)
                bad.extend(_chunk_quarantine(eps, str(src), chunk_no, exc, now))
                ctx.forget_index(gid)  # the in-memory index may hold entities that never reached the graph
                continue
            c["episodes_ingested"] += len(eps)
            c["facts_written"] += len(res.facts)
            c["facts_created"] += res.facts_created
            c["facts_deduped"] += res.facts_deduped
            c["facts_newly_invalidated"] += res.facts_invalidated
        if bad:
            quarantine_task(ctx.vectors, quote(bad))
            c["quarantined"] += len(bad)
            for q in bad:
                logger.warning("quarantined %s (%s): %s", q.location, q.stage, q.reason)
        progress.update(c["episodes_read"], dict(c))
        logger.info("chunk %d: %d records, %d ingested so far", chunk_no, len(records), c["episodes_ingested"])
    if touched:  # the run is over: bursts still open close now, so no summary waits for the next run
        gate.update(summaries_task(ctx.graph, ctx.vectors, ctx.embedder, summarizer, quote(_pending(touched)),
                                   to_ms(utcnow()), final=True))
    ctx.vectors.ensure_indexes()
    summary = ctx.summary(dict(c), groups=sorted({group} if group else ctx.groups()), seconds=time.perf_counter() - started)
    summary["summaries_refreshed"] = sum(v for k, v in gate.items() if k.startswith("refresh:"))
    summary["summaries_skipped"] = sum(v for k, v in gate.items() if k.startswith("skip:"))
    summary["summary_gate"] = dict(sorted(gate.items()))
    gate_artifact(gate)
    summary_artifact("backfill-summary", summary, f"Backfill of {src.name}")
    return summary


def _pending(touched: set[str]) -> dict[str, dict[str, Any]]:
    """End-of-run pass: empty deltas; only entities whose facts changed since their summary can refresh."""
    return {u: {"invalidations": 0, "negations": 0, "episode_times": []} for u in touched}


def _episode_quarantine(failures: list, src: str, now: Any) -> list[QuarantineRecord]:
    return [QuarantineRecord(uuid=stable_id(e.group_id, "quarantine", src, "extract", e.uuid), group_id=e.group_id,
                             source_path=src, location=f"{e.conversation_id}:{e.turn}", stage="extract",
                             reason=reason, raw=e.model_dump_json(), created_at=now) for e, reason in failures]


def _chunk_quarantine(eps: list, src: str, chunk_no: int, exc: Exception, now: Any) -> list[QuarantineRecord]:
    return [QuarantineRecord(uuid=stable_id(e.group_id, "quarantine", src, f"chunk {chunk_no}", e.uuid), group_id=e.group_id,
                             source_path=src, location=f"chunk {chunk_no} / {e.conversation_id}:{e.turn}", stage="load",
                             reason=f"chunk failed after retries: {exc!r}", raw=e.model_dump_json(), created_at=now)
            for e in eps]
