"""Evidence retrieval for the query layer: raw turns (LanceDB `episodes`) and facts for one question.

A conversation-sized group (up to GROUP_SCAN_MAX turns) is read whole, so every turn gets an exact
BM25 and cosine score and neighbours are at hand; a larger group is narrowed first by LanceDB's own
FTS and vector indexes, then the hits' neighbours are fetched.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from blocks.vectors import VectorStore
from search.filters import sql_quote
from search.fusion import rrf
from search.turn_rank import Turn

GROUP_SCAN_MAX = 20_000
_TURN_COLS = ["uuid", "source_id", "conversation_id", "turn", "speaker", "content", "valid_at"]
_FACT_COLS = ["uuid", "fact", "name", "source_name", "target_name", "episodes", "valid_at", "invalid_at",
              "created_at", "expired_at", "t_granularity"]


@dataclass
class Retrieved:
    turns: list[Turn]
    vec_sims: list[float]
    facts: list[dict[str, Any]]  # fact rows ranked best first (fused BM25 + vector)


def _turn(r: dict[str, Any]) -> Turn:
    return Turn(uuid=r["uuid"], source_id=r.get("source_id") or "", conversation_id=r.get("conversation_id") or "",
                turn=int(r.get("turn") or 0), speaker=r.get("speaker") or "", text=r.get("content") or "",
                valid_at=int(r.get("valid_at") or 0), vector=r.get("vector"))


def _group(group_id: str) -> str:
    return f"group_id = {sql_quote(group_id)}"


def group_turns(vectors: VectorStore, group_id: str) -> list[Turn] | None:
    """Every turn of a group with its vector, or None when the group is too large to read whole."""
    tbl = vectors.table("episodes")
    if tbl.count_rows(_group(group_id)) > GROUP_SCAN_MAX:
        return None
    rows = tbl.search().where(_group(group_id)).select(_TURN_COLS + ["vector"]).limit(None).to_list()
    return [_turn(r) for r in rows]


def _safe_fts(tbl: Any, query: str, where: str, cols: list[str], limit: int) -> list[dict[str, Any]]:
    try:
        return tbl.search(query, query_type="fts").where(where, prefilter=True).select(cols + ["_score"]).limit(limit).to_list()
    except ValueError as exc:  # no FTS index yet: the vector ranking carries the query alone
        if "index" not in str(exc).lower():
            raise
        return []


def indexed_turns(vectors: VectorStore, group_id: str, query: str, qvec: np.ndarray, pool: int = 100,
                  context: int = 2) -> list[Turn]:
    """FTS and vector hits of a large group plus their neighbouring turns (same conversation)."""
    tbl = vectors.table("episodes")
    where = _group(group_id)
    hits = (tbl.search(qvec.tolist(), query_type="vector").where(where, prefilter=True)
            .select(_TURN_COLS + ["vector", "_distance"]).limit(pool).to_list())
    hits += _safe_fts(tbl, query, where, _TURN_COLS + ["vector"], pool)
    by_uuid = {r["uuid"]: r for r in hits}
    wanted: dict[str, set[int]] = {}
    for r in hits:
        for d in range(-context, context + 1):
            wanted.setdefault(r["conversation_id"], set()).add(int(r["turn"]) + d)
    for conv, ts in wanted.items():
        cond = f"{where} AND conversation_id = {sql_quote(conv)} AND turn IN ({', '.join(str(t) for t in sorted(ts))})"
        for r in tbl.search().where(cond).select(_TURN_COLS + ["vector"]).limit(len(ts)).to_list():
            by_uuid.setdefault(r["uuid"], r)
    return [_turn(r) for r in by_uuid.values()]


def fact_candidates(vectors: VectorStore, group_id: str, query: str, qvec: np.ndarray, limit: int = 20) -> list[dict[str, Any]]:
    """Facts of the group (current and retired: a 'when' question is about any time) fused by RRF."""
    tbl = vectors.table("facts")
    where = _group(group_id)
    if tbl.count_rows(where) == 0:
        return []
    vec = (tbl.search(qvec.tolist(), query_type="vector").where(where, prefilter=True)
           .select(_FACT_COLS + ["_distance"]).limit(limit).to_list())
    fts = _safe_fts(tbl, query, where, _FACT_COLS, limit)
    rows = {r["uuid"]: r for r in vec + fts}
    fused = rrf([[r["uuid"] for r in vec], [r["uuid"] for r in fts]])
    return [rows[u] for u, _ in fused[:limit]]


def retrieve(vectors: VectorStore, embedder: Any, group_id: str, query: str) -> Retrieved:
    """Turns (with cosine similarity to the query) and ranked facts for one question's topic."""
    qvec = embedder.embed([query])[0]
    turns = group_turns(vectors, group_id)
    if turns is None:
        turns = indexed_turns(vectors, group_id, query, qvec)
    sims = [float(np.dot(np.asarray(t.vector, dtype=np.float32), qvec)) if t.vector is not None else 0.0 for t in turns]
    for t in turns:
        t.vector = None  # not needed past this point; keeps results small
    return Retrieved(turns=turns, vec_sims=sims, facts=fact_candidates(vectors, group_id, query, qvec))


def latest_turn_ms(vectors: VectorStore, group_id: str) -> int | None:
    """valid_at of the group's newest turn: the 'now' of an archive when no reference is given."""
    tbl = vectors.table("episodes")
    rows = tbl.search().where(_group(group_id)).select(["valid_at"]).limit(None).to_arrow()
    if rows.num_rows == 0:
        return None
    import pyarrow.compute as pc

    return int(pc.max(rows.column("valid_at")).as_py())


def retrieve_for_question(question: str, group_id: str, ref: Any, vectors: Any, embedder: Any) -> tuple[Any, Any, Any]:
    """(ref, parsed question, retrieved candidates) for a question; ref defaults to the group's newest turn."""
    from blocks.embedder import MiniLMEmbedder
    from blocks.vectors import VectorStore
    from models.timeutil import from_ms, utcnow
    from search.query_time import parse_question
    from temporal.engine import resolve

    vectors = vectors or VectorStore.from_settings()
    embedder = embedder or MiniLMEmbedder()
    if ref is None:
        # an archive's "now" is its newest turn: "last May" means the May before the conversation ended
        last = latest_turn_ms(vectors, group_id)
        ref = from_ms(last) if last is not None else utcnow()
    q = parse_question(question, ref, resolve)
    return ref, q, retrieve(vectors, embedder, group_id, q.core or question)
