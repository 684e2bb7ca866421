"""Cypher for Chronicle's graph: batched idempotent upserts (UNWIND + MERGE) and the reads resolution needs."""
from __future__ import annotations

import json
from typing import Any

from blocks.graph import GraphStore
from models.graph import ENTITY_TYPES

FACT_FIELDS = ("uuid", "group_id", "name", "fact", "fact_type", "episodes", "valid_at", "invalid_at",
               "stated_invalid_at", "created_at", "expired_at", "invalidated_by", "t_text", "t_value",
               "t_kind", "t_granularity", "t_confidence")


def upsert_episodes(g: GraphStore, rows: list[dict[str, Any]]) -> None:
    g.run_batched(
        "UNWIND $rows AS r MERGE (e:Episode {uuid: r.uuid}) ON CREATE SET e.created_at = r.created_at "
        "SET e.group_id = r.group_id, e.conversation_id = r.conversation_id, e.turn = r.turn, "
        "e.speaker = r.speaker, e.source = r.source, e.content = r.content, e.valid_at = r.valid_at, "
        "e.metadata = r.metadata, e.source_id = r.source_id", rows)


def upsert_entities(g: GraphStore, rows: list[dict[str, Any]]) -> None:
    by_type: dict[str, list[dict[str, Any]]] = {}
    for r in rows:
        by_type.setdefault(r["entity_type"] if r["entity_type"] in ENTITY_TYPES else "Entity", []).append(r)
    for label, batch in by_type.items():
        # label comes from the ENTITY_TYPES allow-list: labels cannot be query parameters
        g.run_batched(
            "UNWIND $rows AS r MERGE (n:Entity {uuid: r.uuid}) ON CREATE SET n.created_at = r.created_at, n.summary = '' "
            f"SET n:{label}, n.group_id = r.group_id, n.name = r.name, n.name_norm = r.name_norm, "
            "n.entity_type = r.entity_type, n.aliases = r.aliases", batch)


def upsert_mentions(g: GraphStore, rows: list[dict[str, Any]]) -> None:
    g.run_batched(
        "UNWIND $rows AS r MATCH (e:Episode {uuid: r.episode_uuid}), (n:Entity {uuid: r.entity_uuid}) "
        "MERGE (e)-[m:MENTIONS {mention: r.mention, start: r.start}]->(n) "
        "SET m.entity_type = r.entity_type, m.end = r.end, m.role = r.role, m.group_id = r.group_id", rows)


def upsert_facts(g: GraphStore, rows: list[dict[str, Any]]) -> None:
    sets = ", ".join(f"f.{k} = r.{k}" for k in FACT_FIELDS if k != "uuid")
    g.run_batched(
        "UNWIND $rows AS r MATCH (a:Entity {uuid: r.source_uuid}), (b:Entity {uuid: r.target_uuid}) "
        f"MERGE (a)-[f:RELATES_TO {{uuid: r.uuid}}]->(b) SET {sets}", rows)


_FACT_RETURN = ("a.uuid, b.uuid, a.name, b.name, " + ", ".join(f"f.{k}" for k in FACT_FIELDS))


def _fact_row(row: list[Any]) -> dict[str, Any]:
    out = dict(zip(("source_uuid", "target_uuid", "source_name", "target_name") + FACT_FIELDS, row))
    out["episodes"] = list(out.get("episodes") or [])
    return out


def facts_by_uuid(g: GraphStore, uuids: list[str]) -> dict[str, dict[str, Any]]:
    if not uuids:
        return {}
    rows = g.ro_query("UNWIND $u AS id MATCH (a:Entity)-[f:RELATES_TO {uuid: id}]->(b:Entity) RETURN " + _FACT_RETURN, {"u": uuids})
    return {r["uuid"]: r for r in map(_fact_row, rows)}


def slot_facts(g: GraphStore, sources: list[str], relations: list[str]) -> list[dict[str, Any]]:
    """Every fact (current or retired) leaving these entities with one of these relation names."""
    if not sources:
        return []
    rows = g.ro_query("UNWIND $s AS sid MATCH (a:Entity {uuid: sid})-[f:RELATES_TO]->(b:Entity) "
                      "WHERE f.name IN $rels RETURN " + _FACT_RETURN, {"s": sources, "rels": relations})
    return [_fact_row(r) for r in rows]


def group_entities(g: GraphStore, group_id: str) -> list[dict[str, Any]]:
    rows = g.ro_query("MATCH (n:Entity {group_id: $g}) RETURN n.uuid, n.name, n.name_norm, n.entity_type, n.aliases",
                      {"g": group_id})
    return [dict(zip(("uuid", "name", "name_norm", "entity_type", "aliases"), r)) for r in rows]


def counts(g: GraphStore, group_id: str | None) -> dict[str, int]:
    """Node and edge counts, scoped by group when one is given."""
    where = "WHERE x.group_id = $g" if group_id else ""
    p = {"g": group_id}
    one = lambda q: int(g.ro_query(q, p)[0][0])  # noqa: E731
    return {
        "episodes": one(f"MATCH (x:Episode) {where} RETURN count(x)"),
        "entities": one(f"MATCH (x:Entity) {where} RETURN count(x)"),
        "facts": one(f"MATCH ()-[x:RELATES_TO]->() {where} RETURN count(x)"),
        "facts_invalidated": one(f"MATCH ()-[x:RELATES_TO]->() {where} {'AND' if where else 'WHERE'} x.invalid_at IS NOT NULL RETURN count(x)"),
        "facts_expired": one(f"MATCH ()-[x:RELATES_TO]->() {where} {'AND' if where else 'WHERE'} x.expired_at IS NOT NULL RETURN count(x)"),
        "mentions": one(f"MATCH ()-[x:MENTIONS]->() {where} RETURN count(x)"),
        "communities": one(f"MATCH (x:Community) {where} RETURN count(x)"),
    }


def fact_states(g: GraphStore, group_id: str | None) -> dict[str, tuple[Any, ...]]:
    """uuid → (valid_at, invalid_at, expired_at) for cross-store verification."""
    where = "WHERE f.group_id = $g" if group_id else ""
    rows = g.ro_query(f"MATCH ()-[f:RELATES_TO]->() {where} RETURN f.uuid, f.valid_at, f.invalid_at, f.expired_at", {"g": group_id})
    return {r[0]: tuple(r[1:]) for r in rows}


def uuids(g: GraphStore, label: str, group_id: str | None) -> set[str]:
    if label not in ("Episode", "Entity", "Community"):
        raise ValueError(f"unknown label {label}")
    where = "WHERE n.group_id = $g" if group_id else ""
    return {r[0] for r in g.ro_query(f"MATCH (n:{label}) {where} RETURN n.uuid", {"g": group_id})}


def neighbours_facts(g: GraphStore, group_id: str, entity_uuids: list[str], limit: int = 50) -> list[dict[str, Any]]:
    """Facts one hop from the given entities, either direction (graph BFS expansion for search)."""
    if not entity_uuids:
        return []
    p = {"ids": entity_uuids, "g": group_id, "lim": limit}
    out = g.ro_query("UNWIND $ids AS id MATCH (a:Entity {uuid: id})-[f:RELATES_TO]->(b:Entity) WHERE f.group_id = $g "
                     "RETURN " + _FACT_RETURN + " ORDER BY f.valid_at DESC LIMIT $lim", p)
    out += g.ro_query("UNWIND $ids AS id MATCH (a:Entity)-[f:RELATES_TO]->(b:Entity {uuid: id}) WHERE f.group_id = $g "
                      "RETURN " + _FACT_RETURN + " ORDER BY f.valid_at DESC LIMIT $lim", p)
    seen: dict[str, dict[str, Any]] = {}
    for r in map(_fact_row, out):
        seen.setdefault(r["uuid"], r)
    return list(seen.values())[:limit]


def dumps_meta(meta: dict[str, Any]) -> str:
    return json.dumps(meta, ensure_ascii=False, sort_keys=True, default=str)
