"""The Python API behind the CLI's read side: search, stats and cross-store verification."""
from __future__ import annotations

from typing import Any

from blocks import graph_queries as gq
from blocks.embedder import MiniLMEmbedder
from blocks.graph import GraphStore
from blocks.vectors import VectorStore
from search.filters import TimeFilter, sql_quote
from search.hybrid import FactSearch, SearchHit


def search_facts(query: str, group_id: str, limit: int = 10, tf: TimeFilter | None = None,
                 expand_graph: bool = True) -> list[SearchHit]:
    """Hybrid search in the configured stores (CHRONICLE_HOME or the configured URLs)."""
    fs = FactSearch(GraphStore.from_settings(), VectorStore.from_settings(), MiniLMEmbedder())
    return fs.search(query, group_id, limit=limit, tf=tf, expand_graph=expand_graph)


def store_stats(group_id: str | None = None) -> dict[str, Any]:
    """Graph counts plus the quarantine count, scoped by group when one is given."""
    g, v = GraphStore.from_settings(), VectorStore.from_settings()
    out: dict[str, Any] = gq.counts(g, group_id)
    out["facts_current"] = out["facts"] - out["facts_expired"]
    where = f"group_id = {sql_quote(group_id)}" if group_id else None
    out["quarantined"] = v.count("quarantine", where)
    return out


def verify_stores(group_id: str | None = None) -> dict[str, Any]:
    """Compare uuid sets (episodes, entities, facts) and fact times between FalkorDB and LanceDB."""
    g, v = GraphStore.from_settings(), VectorStore.from_settings()
    where = f"group_id = {sql_quote(group_id)}" if group_id else None
    problems: list[str] = []
    report: dict[str, Any] = {}
    for label, table in (("Episode", "episodes"), ("Entity", "entities")):
        a = gq.uuids(g, label, group_id)
        b = {r["uuid"] for r in v.column(table, ["uuid"], where)}
        report[table] = len(a)
        if a != b:
            problems.append(f"{table}: {len(a - b)} only in FalkorDB, {len(b - a)} only in LanceDB")
    gf = gq.fact_states(g, group_id)
    lf = {r["uuid"]: (r["valid_at"], r["invalid_at"], r["expired_at"])
          for r in v.column("facts", ["uuid", "valid_at", "invalid_at", "expired_at"], where)}
    report["facts"] = len(gf)
    if set(gf) != set(lf):
        problems.append(f"facts: {len(set(gf) - set(lf))} only in FalkorDB, {len(set(lf) - set(gf))} only in LanceDB")
    differing = [u for u in set(gf) & set(lf) if tuple(gf[u]) != tuple(lf[u])]
    if differing:
        problems.append(f"facts: {len(differing)} with different valid/invalid/expired times, e.g. {differing[0]}")
    report["consistent"] = not problems
    report["problems"] = problems
    return report
