"""Hybrid fact search: LanceDB BM25 + vector fused by RRF (k=60), optional graph expansion from FalkorDB."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
from lancedb.rerankers import RRFReranker

from blocks import graph_queries as gq
from blocks.embedder import MiniLMEmbedder
from blocks.graph import GraphStore
from blocks.vectors import VectorStore
from models.timeutil import from_ms, iso
from search.filters import TimeFilter, sql_quote
from search.fusion import RRF_K, rrf

_FIELDS = ["uuid", "fact", "name", "source_uuid", "target_uuid", "source_name", "target_name", "episodes",
           "valid_at", "invalid_at", "created_at", "expired_at", "t_granularity"]


@dataclass
class SearchHit:
    uuid: str
    fact: str
    name: str
    source: str
    target: str
    valid_at: str | None
    invalid_at: str | None
    created_at: str | None
    expired_at: str | None
    episodes: list[str]
    score: float

    def as_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def _hit(row: dict[str, Any], score: float) -> SearchHit:
    return SearchHit(uuid=row["uuid"], fact=row["fact"], name=row["name"], source=row["source_name"],
                     target=row["target_name"], valid_at=iso(from_ms(row.get("valid_at"))),
                     invalid_at=iso(from_ms(row.get("invalid_at"))), created_at=iso(from_ms(row.get("created_at"))),
                     expired_at=iso(from_ms(row.get("expired_at"))), episodes=list(row.get("episodes") or []),
                     score=round(float(score), 6))


class FactSearch:
    """Search over one store pair; every query is scoped to a group."""

    def __init__(self, graph: GraphStore, vectors: VectorStore, embedder: MiniLMEmbedder) -> None:
        self.graph, self.vectors, self.embedder = graph, vectors, embedder

    def search(self, query: str, group_id: str, limit: int = 10, tf: TimeFilter | None = None,
               expand_graph: bool = True) -> list[SearchHit]:
        """Top facts for the query; BFS expansion adds facts next to the best entities, fused by RRF."""
        tf = tf or TimeFilter()
        where = tf.sql(group_id)
        qvec = self.embedder.embed([query])[0]
        tbl = self.vectors.table("facts")
        if tbl.count_rows() == 0:
            return []
        pool = max(limit * 3, 30)
        try:
            # LanceDB's own hybrid query: BM25 (native FTS) and vector, fused by its RRF reranker (k=60).
            hyb = (tbl.search(query_type="hybrid").vector(qvec.tolist()).text(query).where(where, prefilter=True)
                   .rerank(RRFReranker(K=RRF_K)).select(_FIELDS).limit(pool).to_list())
        except ValueError as exc:  # no FTS index yet (a table never optimized): vector ranking alone
            if "index" not in str(exc).lower():
                raise
            hyb = tbl.search(qvec.tolist(), query_type="vector").where(where, prefilter=True).select(_FIELDS).limit(pool).to_list()
        rows = {r["uuid"]: r for r in hyb}
        rankings = [[r["uuid"] for r in hyb]]
        if expand_graph and rows:
            seeds: list[str] = []
            for uid in rankings[0][:3]:
                seeds += [rows[uid]["source_uuid"], rows[uid]["target_uuid"]]
            near = [r for r in gq.neighbours_facts(self.graph, group_id, list(dict.fromkeys(seeds)), limit=pool) if tf.accepts(r)]
            near_ids = [r["uuid"] for r in near if r["uuid"] not in rows]
            if near_ids:
                extra = self._rows_by_uuid(group_id, near_ids)
                ranked = sorted(extra, key=lambda r: -float(np.dot(np.asarray(r["vector"], dtype=np.float32), qvec)))
                for r in ranked:
                    rows[r["uuid"]] = r
                rankings.append([r["uuid"] for r in ranked])
        if len(rankings) == 1:
            return [_hit(r, r.get("_relevance_score", 0.0)) for r in hyb[:limit]]
        # Graph neighbours join the hybrid ranking by a second, half-weight RRF.
        fused = rrf(rankings, RRF_K, weights=[1.0, 0.5])
        return [_hit(rows[uid], score) for uid, score in fused[:limit]]

    def _rows_by_uuid(self, group_id: str, uuids: list[str]) -> list[dict[str, Any]]:
        ids = ", ".join(sql_quote(u) for u in uuids)
        where = f"group_id = {sql_quote(group_id)} AND uuid IN ({ids})"
        return self.vectors.table("facts").search().where(where).select(_FIELDS + ["vector"]).limit(len(uuids)).to_list()
