"""Cypher for communities: current-fact edges of a group, and replacing its Community nodes."""
from __future__ import annotations

from typing import Any

from blocks.graph import GraphStore


def current_edges(g: GraphStore, group_id: str) -> list[tuple[str, str]]:
    """Endpoints of every current fact (not expired, not ended) in the group."""
    rows = g.ro_query("MATCH (a:Entity)-[f:RELATES_TO]->(b:Entity) WHERE f.group_id = $g AND f.expired_at IS NULL "
                      "AND f.invalid_at IS NULL RETURN a.uuid, b.uuid", {"g": group_id})
    return [(r[0], r[1]) for r in rows]


def previous_membership(g: GraphStore, group_id: str) -> dict[str, int]:
    rows = g.ro_query("MATCH (c:Community {group_id: $g})-[:HAS_MEMBER]->(n:Entity) RETURN c.uuid, n.uuid", {"g": group_id})
    ids: dict[str, int] = {}
    return {n: ids.setdefault(c, len(ids)) for c, n in rows}


def entity_names(g: GraphStore, uuids: list[str]) -> dict[str, str]:
    rows = g.ro_query("UNWIND $ids AS id MATCH (n:Entity {uuid: id}) RETURN n.uuid, n.name", {"ids": uuids})
    return {r[0]: r[1] for r in rows}


def replace_communities(g: GraphStore, group_id: str, communities: list[dict[str, Any]], members: list[dict[str, str]]) -> None:
    """Communities are derived data: drop the group's old ones, then write the new set."""
    g.query("MATCH (c:Community {group_id: $g}) DETACH DELETE c", {"g": group_id})
    g.run_batched("UNWIND $rows AS r CREATE (c:Community {uuid: r.uuid, group_id: r.group_id, name: r.name, "
                  "summary: r.summary, level: r.level, created_at: r.created_at, refreshed_at: r.refreshed_at, "
                  "edges_hash: r.edges_hash})", communities)
    g.run_batched("UNWIND $rows AS r MATCH (c:Community {uuid: r.community}), (n:Entity {uuid: r.entity}) "
                  "CREATE (c)-[:HAS_MEMBER]->(n)", members)


def stored_edges_hash(g: GraphStore, group_id: str) -> str | None:
    rows = g.ro_query("MATCH (c:Community {group_id: $g}) RETURN c.edges_hash LIMIT 1", {"g": group_id})
    return rows[0][0] if rows else None
