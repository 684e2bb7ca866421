"""Community refresh: Leiden over current facts, Community nodes + HAS_MEMBER edges, extractive summaries."""
from __future__ import annotations

import time
from collections import Counter, defaultdict
from typing import Any

from prefect import flow, get_run_logger, task
from prefect.cache_policies import NONE

from blocks import community_queries as cq
from blocks.graph import GraphStore
from communities.detect import detect
from models.episode import stable_id
from models.timeutil import to_ms, utcnow
from tasks.progress import summary_artifact

MIN_SIZE = 2


@task(name="detect-communities", retries=1, cache_policy=NONE)
def detect_task(edges: list[tuple[str, str]], previous: dict[str, int]) -> Any:
    return detect(edges, previous or None)


@flow(name="refresh-communities", description="Detect communities over current facts and refresh their summaries.")
def refresh_communities_flow(group: str = "default", force: bool = False) -> dict[str, Any]:
    """Recompute the group's communities unless its current-fact graph is unchanged since the last run."""
    logger = get_run_logger()
    started = time.perf_counter()
    graph = GraphStore.from_settings()
    edges = cq.current_edges(graph, group)
    from communities.detect import edges_hash

    h = edges_hash(edges)
    if not force and cq.stored_edges_hash(graph, group) == h:
        logger.info("current-fact graph unchanged since the last refresh: nothing to do")
        return {"group": group, "communities": None, "skipped": "unchanged", "seconds": round(time.perf_counter() - started, 3)}
    previous = cq.previous_membership(graph, group)
    part = detect_task(edges, previous)
    by_comm: dict[int, list[str]] = defaultdict(list)
    for u, c in part.membership.items():
        by_comm[c].append(u)
    groups = [sorted(m) for m in by_comm.values() if len(m) >= MIN_SIZE]
    names = cq.entity_names(graph, [u for m in groups for u in m])
    degree: Counter[str] = Counter(u for e in edges for u in e)
    now = to_ms(utcnow())
    comms, members = [], []
    for m in groups:
        top = sorted(m, key=lambda u: (-degree[u], names.get(u, "")))
        # Named after its hub: stable across runs while the hub stays in it.
        cid = stable_id(group, "community", top[0])
        label = ", ".join(names.get(u, "?") for u in top[:3])
        summary = f"{len(m)} entities around {label}" + (f" and {len(m) - 3} more." if len(m) > 3 else ".")
        comms.append({"uuid": cid, "group_id": group, "name": label, "summary": summary, "level": 0,
                      "created_at": now, "refreshed_at": now, "edges_hash": h})
        members += [{"community": cid, "entity": u} for u in m]
    cq.replace_communities(graph, group, comms, members)
    out = {"group": group, "communities": len(comms), "members": len(members), "entities": len(part.membership),
           "edges": len(edges), "modularity": round(part.quality, 4), "incremental": bool(previous),
           "seconds": round(time.perf_counter() - started, 3)}
    summary_artifact("community-refresh", out, f"Community refresh of {group}")
    return out
