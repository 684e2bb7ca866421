"""Summary calls per episode with and without the gate (LoCoMo dev), and community refresh time on a
generated 50k-entity graph.

    .venv/bin/python bench/bench_refresh.py [--entities 50000] [--write-readme]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import random
import tempfile
import time
from datetime import date

from benchenv import HERE, REPO, prepare  # noqa: E402  (bench/ is on sys.path when run as a file)

prepare()
LOCOMO = REPO.parent / "shared" / "eval" / "locomo_dev.json"


def gate_figures() -> dict:
    from blocks.graph import GraphStore
    from flows.backfill import backfill_flow

    s = backfill_flow(path=str(LOCOMO), format="locomo", chunk_size=100)
    g = GraphStore.from_settings()
    # Without a gate, each episode refreshes the summary of every entity its facts touch.
    rows = g.ro_query("MATCH (a:Entity)-[f:RELATES_TO]->(b:Entity) RETURN a.uuid, b.uuid, f.episodes")
    pairs = {(ep, u) for a, b, eps in rows for ep in eps for u in (a, b)}
    eps = s["episodes_ingested"]
    again = backfill_flow(path=str(LOCOMO), format="locomo", chunk_size=100)
    return {"episodes": eps, "ungated_refreshes": len(pairs), "gated_refreshes": s["summaries_refreshed"],
            "ungated_per_episode": round(len(pairs) / eps, 3), "gated_per_episode": round(s["summaries_refreshed"] / eps, 3),
            "rerun_refreshes": again["summaries_refreshed"], "gate_reasons": s["summary_gate"]}


def community_figures(n_entities: int, seed: int = 7) -> dict:
    from blocks.graph import GraphStore
    from flows.refresh_communities import refresh_communities_flow

    rnd = random.Random(seed)
    g = GraphStore.from_settings()
    g.ensure_indexes()
    ents = [{"uuid": f"e{i}", "group_id": "big", "name": f"entity {i}"} for i in range(n_entities)]
    g.run_batched("UNWIND $rows AS r CREATE (:Entity {uuid: r.uuid, group_id: r.group_id, name: r.name})", ents)
    # Planted structure: clusters of ~50 with dense inside edges and a few bridges, ~2.5 edges per entity.
    edges = []
    for i in range(n_entities):
        c0 = (i // 50) * 50
        for _ in range(2):
            edges.append((i, rnd.randrange(c0, min(c0 + 50, n_entities))))
        if rnd.random() < 0.5:
            edges.append((i, rnd.randrange(n_entities)))
    rows = [{"a": f"e{a}", "b": f"e{b}", "u": f"f{k}"} for k, (a, b) in enumerate(edges) if a != b]
    t = time.perf_counter()
    g.run_batched("UNWIND $rows AS r MATCH (a:Entity {uuid: r.a}), (b:Entity {uuid: r.b}) "
                  "CREATE (a)-[:RELATES_TO {uuid: r.u, group_id: 'big', name: 'related_to'}]->(b)", rows)
    load_s = time.perf_counter() - t
    t = time.perf_counter()
    first = refresh_communities_flow(group="big")
    first_s = time.perf_counter() - t
    t = time.perf_counter()
    forced = refresh_communities_flow(group="big", force=True)
    forced_s = time.perf_counter() - t
    t = time.perf_counter()
    unchanged = refresh_communities_flow(group="big")
    unchanged_s = time.perf_counter() - t
    return {"entities": n_entities, "edges": len(rows), "load_s": round(load_s, 1), "communities": first["communities"],
            "modularity": first["modularity"], "first_refresh_s": round(first_s, 1),
            "incremental_refresh_s": round(forced_s, 1), "incremental_communities": forced["communities"], "unchanged_skip_s": round(unchanged_s, 2),
            "skipped": unchanged.get("skipped")}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--entities", type=int, default=50000)
    ap.add_argument("--write-readme", action="store_true")
    args = ap.parse_args()
    os.environ["CHRONICLE_HOME"] = tempfile.mkdtemp(prefix="chronicle-refresh-")
    gate = gate_figures()
    comm = community_figures(args.entities)
    print(json.dumps({"gate": gate, "communities": comm}, indent=2))
    if args.write_readme:
        readme = HERE / "README.md"
        text = readme.read_text()
        marker = "<!-- refresh-rows -->"
        if marker not in text:
            text += ("\n## Summary gate and community refresh (issue 4)\n\n"
                     "Summary refreshes per episode on the two LoCoMo dev conversations (rules mode, chunk size 100): "
                     "'ungated' counts one refresh per (episode, entity its facts touch), what a per-episode "
                     "summariser does. Community refresh on a generated graph with planted clusters.\n\n"
                     "| date | machine | command | ungated / gated refreshes per episode | rerun refreshes | "
                     "communities: entities, edges | first / incremental / unchanged refresh |\n|---|---|---|---|---|---|---|\n"
                     + marker + "\n")
        row = (f"| {date.today()} | {os.cpu_count()} cores, Python {platform.python_version()} | "
               f"`bench/bench_refresh.py --entities {args.entities}` | {gate['ungated_per_episode']} / {gate['gated_per_episode']} | "
               f"{gate['rerun_refreshes']} | {comm['entities']}, {comm['edges']} ({comm['communities']} communities, "
               f"Q={comm['modularity']}) | {comm['first_refresh_s']} s / {comm['incremental_refresh_s']} s / {comm['unchanged_skip_s']} s |\n")
        readme.write_text(text.replace(marker, row + marker))


if __name__ == "__main__":
    main()
