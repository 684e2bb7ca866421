"""Read-only Cypher for the query layer: entity lookup, an entity's facts, episodes, time ranges, snapshots.

Every query is scoped by group_id (DESIGN §3: no result crosses groups); times are epoch ms.
"""
from __future__ import annotations

import json
from typing import Any

from blocks.graph import GraphStore
from blocks.graph_queries import _FACT_RETURN, _fact_row

_EPISODE_FIELDS = ("uuid", "group_id", "conversation_id", "turn", "speaker", "source", "content", "valid_at",
                   "created_at", "metadata", "source_id")
_ENTITY_FIELDS = ("uuid", "group_id", "name", "name_norm", "entity_type", "aliases", "summary", "created_at")


def _rows(rows: list[list[Any]], fields: tuple[str, ...]) -> list[dict[str, Any]]:
    return [dict(zip(fields, r)) for r in rows]


def find_entities(g: GraphStore, group_id: str, name_norm: str, limit: int = 10) -> list[dict[str, Any]]:
    """Entities whose normalised name or an alias equals name_norm; else whose name contains it."""
    ret = "RETURN " + ", ".join(f"n.{f}" for f in _ENTITY_FIELDS)
    exact = g.ro_query(f"MATCH (n:Entity {{group_id: $g}}) WHERE n.name_norm = $k OR toLower(n.name) = $k "
                       f"OR $k IN [a IN coalesce(n.aliases, []) | toLower(a)] {ret} LIMIT $l",
                       {"g": group_id, "k": name_norm, "l": limit})
    if exact:
        return _rows(exact, _ENTITY_FIELDS)
    return _rows(g.ro_query(f"MATCH (n:Entity {{group_id: $g}}) WHERE n.name_norm CONTAINS $k {ret} LIMIT $l",
                            {"g": group_id, "k": name_norm, "l": limit}), _ENTITY_FIELDS)


def entity_facts(g: GraphStore, group_id: str, entity_uuid: str) -> list[dict[str, Any]]:
    """Every fact (current, invalidated or expired) with the entity at either end."""
    p = {"id": entity_uuid, "g": group_id}
    out = g.ro_query("MATCH (a:Entity {uuid: $id})-[f:RELATES_TO]->(b:Entity) WHERE f.group_id = $g RETURN " + _FACT_RETURN, p)
    out += g.ro_query("MATCH (a:Entity)-[f:RELATES_TO]->(b:Entity {uuid: $id}) WHERE f.group_id = $g RETURN " + _FACT_RETURN, p)
    seen: dict[str, dict[str, Any]] = {}
    for r in map(_fact_row, out):
        seen.setdefault(r["uuid"], r)
    return list(seen.values())


def episodes_by_uuid(g: GraphStore, group_id: str, uuids: list[str]) -> dict[str, dict[str, Any]]:
    """Episode rows (content, source_id, valid_at, ...) by uuid, within the group."""
    if not uuids:
        return {}
    rows = g.ro_query("UNWIND $u AS id MATCH (e:Episode {uuid: id}) WHERE e.group_id = $g RETURN "
                      + ", ".join(f"e.{f}" for f in _EPISODE_FIELDS), {"u": list(dict.fromkeys(uuids)), "g": group_id})
    return {r["uuid"]: r for r in _rows(rows, _EPISODE_FIELDS)}


def facts_valid_between(g: GraphStore, group_id: str, lo_ms: int, hi_ms: int) -> list[dict[str, Any]]:
    """Facts whose valid_at lies in [lo_ms, hi_ms) (uses the RELATES_TO.valid_at range index)."""
    rows = g.ro_query("MATCH (a:Entity)-[f:RELATES_TO]->(b:Entity) WHERE f.group_id = $g AND f.valid_at >= $lo "
                      "AND f.valid_at < $hi RETURN " + _FACT_RETURN, {"g": group_id, "lo": lo_ms, "hi": hi_ms})
    return [_fact_row(r) for r in rows]


def facts_holding(g: GraphStore, group_id: str, lo_ms: int, hi_ms: int) -> list[dict[str, Any]]:
    """States and preferences whose validity interval meets [lo_ms, hi_ms) (started before, not ended)."""
    rows = g.ro_query("MATCH (a:Entity)-[f:RELATES_TO]->(b:Entity) WHERE f.group_id = $g AND f.valid_at < $hi "
                      "AND (f.invalid_at IS NULL OR f.invalid_at > $lo) AND f.fact_type IN ['state', 'preference'] "
                      "RETURN " + _FACT_RETURN, {"g": group_id, "lo": lo_ms, "hi": hi_ms})
    return [_fact_row(r) for r in rows]


def snapshot_rows(g: GraphStore, group_id: str | None) -> dict[str, list[dict[str, Any]]]:
    """All episodes, entities and facts (of one group, or every group) for an export."""
    where = "WHERE x.group_id = $g" if group_id else ""
    p = {"g": group_id}
    eps = _rows(g.ro_query(f"MATCH (x:Episode) {where} RETURN " + ", ".join(f"x.{f}" for f in _EPISODE_FIELDS), p),
                _EPISODE_FIELDS)
    ents = _rows(g.ro_query(f"MATCH (x:Entity) {where} RETURN " + ", ".join(f"x.{f}" for f in _ENTITY_FIELDS), p),
                 _ENTITY_FIELDS)
    fwhere = "WHERE f.group_id = $g" if group_id else ""
    facts = [_fact_row(r) for r in g.ro_query(f"MATCH (a:Entity)-[f:RELATES_TO]->(b:Entity) {fwhere} RETURN " + _FACT_RETURN, p)]
    for e in eps:
        if isinstance(e.get("metadata"), str):
            try:
                e["metadata"] = json.dumps(json.loads(e["metadata"]), sort_keys=True)
            except ValueError:
                pass
    return {"episodes": eps, "entities": ents, "facts": facts}
