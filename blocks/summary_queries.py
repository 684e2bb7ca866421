"""Cypher for the summary gate: current facts of entities, gate state reads and writes."""
from __future__ import annotations

import json
from typing import Any

from blocks.graph import GraphStore

GATE_FIELDS = ("fact_hash", "last_summary_at", "recent_episode_times", "burst_open", "dirty", "summary_embedding_ref")


def entity_facts(g: GraphStore, uuids: list[str]) -> dict[str, dict[str, Any]]:
    """uuid → {name, facts: [{fact, valid_at, invalid_at, expired_at}], gate: {...}} for the given entities."""
    if not uuids:
        return {}
    rows = g.ro_query(
        "UNWIND $ids AS id MATCH (n:Entity {uuid: id}) OPTIONAL MATCH (n)-[f:RELATES_TO]-(:Entity) "
        "RETURN n.uuid, n.name, " + ", ".join(f"n.{k}" for k in GATE_FIELDS) + ", "
        "collect([f.fact, f.valid_at, f.invalid_at, f.expired_at])", {"ids": uuids})
    out: dict[str, dict[str, Any]] = {}
    for r in rows:
        gate = dict(zip(GATE_FIELDS, r[2:2 + len(GATE_FIELDS)]))
        facts = [dict(zip(("fact", "valid_at", "invalid_at", "expired_at"), f)) for f in r[-1] if f and f[0] is not None]
        out[r[0]] = {"name": r[1], "facts": facts, "gate": gate}
    return out


def write_gate(g: GraphStore, rows: list[dict[str, Any]]) -> None:
    """Persist gate state (and the summary when refreshed) on Entity nodes."""
    g.run_batched(
        "UNWIND $rows AS r MATCH (n:Entity {uuid: r.uuid}) SET n.fact_hash = r.fact_hash, "
        "n.last_summary_at = r.last_summary_at, n.recent_episode_times = r.recent_episode_times, "
        "n.burst_open = r.burst_open, n.dirty = r.dirty, n.summary_embedding_ref = r.summary_embedding_ref, "
        "n.summary = coalesce(r.summary, n.summary)", rows)


def stale_entities(g: GraphStore, group_id: str | None, older_than_ms: int, limit: int = 100_000) -> list[str]:
    """Entities marked dirty, or whose summary is older than the cutoff (system time)."""
    where = "n.group_id = $g AND " if group_id else ""
    rows = g.ro_query(f"MATCH (n:Entity) WHERE {where}(n.dirty = true OR n.burst_open = true OR "
                      "(n.last_summary_at IS NOT NULL AND n.last_summary_at < $cut)) RETURN n.uuid LIMIT $lim",
                      {"g": group_id, "cut": older_than_ms, "lim": limit})
    return [r[0] for r in rows]


def gate_json(gate: dict[str, Any]) -> str:
    return json.dumps(gate, sort_keys=True, default=str)
