"""Summary stage: stage per-entity deltas after a chunk, ask the gate, refresh only what it allows."""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Protocol

from prefect import task
from prefect.cache_policies import NONE

from blocks import summary_queries as sq
from blocks.embedder import MiniLMEmbedder
from blocks.graph import GraphStore
from blocks.vectors import VectorStore
from models.episode import Episode
from resolution.facts import FactRow
from search.filters import sql_quote
from summaries.extractive import extractive_summary
from summaries.gate import EntityDelta, GateState, cosine_distance, decide, fact_hash


class Summarizer(Protocol):
    def summarize(self, name: str, facts: list[dict[str, Any]]) -> str: ...


class ExtractiveSummarizer:
    """Rules mode: current facts, newest first; no model call."""

    def summarize(self, name: str, facts: list[dict[str, Any]]) -> str:
        return extractive_summary(name, facts)


def _facts_text(facts: list[dict[str, Any]]) -> list[str]:
    return [f["fact"] for f in facts if f.get("expired_at") is None and f.get("invalid_at") is None]


def refresh_entities(graph: GraphStore, vectors: VectorStore, embedder: MiniLMEmbedder, summarizer: Summarizer,
                     deltas: dict[str, dict[str, Any]], now_ms: int, final: bool = False,
                     force_reason: str | None = None) -> Counter[str]:
    """Run the gate for each entity in `deltas`; returns counts per 'refresh:reason' / 'skip:reason'."""
    counts: Counter[str] = Counter()
    if not deltas:
        return counts
    info = sq.entity_facts(graph, sorted(deltas))
    uuids = sorted(info)
    old_vecs = _stored_vectors(vectors, uuids)
    vecs: dict[str, Any] = {}

    def embed_missing(us: list[str]) -> None:
        # An entity's facts vector is the mean of its current facts' stored embeddings: re-embedding the
        # joined facts text cost more than the whole chunk's embedding stage (measured: 25 s vs 14 s / 5k turns).
        todo = [u for u in us if u not in vecs]
        means = _mean_fact_vectors(vectors, todo)
        for u in todo:
            vecs[u] = means[u] if u in means else embedder.embed([info[u]["name"]])[0]

    cases = []
    for u in uuids:
        ent, d = info[u], deltas[u]
        g = ent["gate"]
        if final and not g.get("burst_open"):
            continue  # the end-of-run pass only closes open bursts
        state = GateState(fact_hash=g.get("fact_hash") or "", last_summary_at=g.get("last_summary_at"),
                          recent_episode_times=list(g.get("recent_episode_times") or []),
                          burst_open=bool(g.get("burst_open")), dirty=bool(g.get("dirty")))
        delta = EntityDelta(fact_hash=fact_hash(_facts_text(ent["facts"])), invalidations=d.get("invalidations", 0),
                            negations=d.get("negations", 0), episode_times=sorted(set(d.get("episode_times", []))))
        cases.append((u, state, delta))
    needs: list[str] = []
    for u, state, delta in cases:  # dry run: which entities reach the drift rule (decide is pure)
        decide(state, delta, lambda u=u: needs.append(u) or 0.0, now_ms, final=final)
    embed_missing(needs)

    writes, vec_rows = [], []
    for u, state, delta in cases:
        verdict, new = decide(state, delta, lambda u=u: cosine_distance(vecs[u], old_vecs.get(u)), now_ms, final=final)
        if verdict.decision == "skip" and force_reason and delta.fact_hash != state.fact_hash:
            verdict, new.fact_hash, new.last_summary_at, new.burst_open, new.dirty = (
                type(verdict)("refresh", force_reason), delta.fact_hash, now_ms, False, False)
        counts[f"{verdict.decision}:{verdict.reason}"] += 1
        row = {"uuid": u, **new.__dict__, "summary_embedding_ref": f"summary_vectors:{u}", "summary": None}
        if verdict.decision == "refresh":
            row["summary"] = summarizer.summarize(info[u]["name"], info[u]["facts"])
            vec_rows.append(u)
        writes.append(row)
    embed_missing(vec_rows)
    vectors.upsert("summary_vectors", [{"uuid": u, "vector": vecs[u].tolist()} for u in vec_rows])
    sq.write_gate(graph, writes)
    return counts


def _mean_fact_vectors(vectors: VectorStore, uuids: list[str]) -> dict[str, Any]:
    """uuid → normalised mean of the vectors of the current facts it is an endpoint of."""
    import numpy as np

    if not uuids:
        return {}
    ids = ", ".join(sql_quote(u) for u in uuids)
    where = (f"(source_uuid IN ({ids}) OR target_uuid IN ({ids})) AND expired_at IS NULL AND invalid_at IS NULL")
    wanted, sums = set(uuids), {}
    for r in vectors.column("facts", ["source_uuid", "target_uuid", "vector"], where):
        v = np.asarray(r["vector"], dtype=np.float32)
        for u in {r["source_uuid"], r["target_uuid"]} & wanted:
            sums[u] = sums.get(u, 0) + v
    return {u: v / (float(np.linalg.norm(v)) or 1.0) for u, v in sums.items()}


def _stored_vectors(vectors: VectorStore, uuids: list[str]) -> dict[str, Any]:
    if not uuids or vectors.count("summary_vectors") == 0:
        return {}
    import numpy as np

    where = "uuid IN (" + ", ".join(sql_quote(u) for u in uuids) + ")"
    return {r["uuid"]: np.asarray(r["vector"], dtype=np.float32) for r in vectors.column("summary_vectors", ["uuid", "vector"], where)}


def chunk_deltas(episodes: list[Episode], facts: list[FactRow], now_ms: int) -> dict[str, dict[str, Any]]:
    """Per-entity deltas staged from one chunk's changed facts."""
    ep_time = {e.uuid: int(e.valid_at.timestamp() * 1000) for e in episodes}
    deltas: dict[str, dict[str, Any]] = defaultdict(lambda: {"invalidations": 0, "negations": 0, "episode_times": []})
    for f in facts:
        times = [ep_time[e] for e in f["episodes"] if e in ep_time]
        for u in (f["source_uuid"], f["target_uuid"]):
            d = deltas[u]
            d["episode_times"] += times
            if f.get("expired_at") == now_ms:
                d["invalidations"] += 1
            if f["name"].startswith("ended_"):
                d["negations"] += 1
    return dict(deltas)


@task(name="summaries", retries=2, retry_delay_seconds=1, cache_policy=NONE)
def summaries_task(graph: GraphStore, vectors: VectorStore, embedder: MiniLMEmbedder, summarizer: Summarizer,
                   deltas: dict[str, dict[str, Any]], now_ms: int, final: bool = False,
                   force_reason: str | None = None) -> Counter[str]:
    return refresh_entities(graph, vectors, embedder, summarizer, deltas, now_ms, final, force_reason)
