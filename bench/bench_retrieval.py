"""Evidence recall@10 on the non-adversarial LoCoMo dev questions (categories 1-4), side by side:

- `chronicle search` (hybrid fact search, include-expired; a fact cites the turns that stated it),
- Chronicle recall (search/recall.py: turns + facts + context, the retriever behind `when`),
- BM25-only over raw turns (LanceDB native FTS on the `episodes` table),
- vector-only over raw turns (LanceDB vector search, the same MiniLM embedder).
hit@10: some gold dia_id among the first 10 distinct cited turns; frac@10: share of gold ids found.
Also latency (p50/p95 per query, in-process, warm) of each.

usage: python bench/bench_retrieval.py [--home DIR] [--record]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EVAL = REPO.parent / "shared" / "eval"
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))
os.environ.setdefault("LANCE_LOG", "error")


def _distinct(ids: list[str], k: int = 10) -> list[str]:
    return list(dict.fromkeys(i for i in ids if i))[:k]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path)
    ap.add_argument("--record", action="store_true")
    args = ap.parse_args()
    locomo = EVAL / "locomo_dev.json"
    tmp = None
    if args.home is None:
        from bench_when import backfill

        tmp = tempfile.TemporaryDirectory()
        args.home = Path(tmp.name)
        backfill(args.home, locomo)
    os.environ["CHRONICLE_HOME"] = str(args.home)
    from blocks.embedder import MiniLMEmbedder
    from blocks.graph import GraphStore
    from blocks.vectors import VectorStore
    from search.filters import TimeFilter, sql_quote
    from search.hybrid import FactSearch
    from search.recall import recall

    vectors, emb, graph = VectorStore.from_settings(), MiniLMEmbedder(), GraphStore.from_settings()
    fs = FactSearch(graph, vectors, emb)
    eps = vectors.table("episodes")
    src = {r["uuid"]: r["source_id"] for r in vectors.column("episodes", ["uuid", "source_id"])}

    def chronicle_search(q: str, g: str) -> list[str]:
        hits = fs.search(q, g, limit=10, tf=TimeFilter(include_expired=True))
        return _distinct([src.get(e, "") for h in hits for e in h.episodes])

    def chronicle_recall(q: str, g: str) -> list[str]:
        return [r["source_id"] for r in recall(q, g, limit=10, vectors=vectors, embedder=emb)]

    def bm25(q: str, g: str) -> list[str]:
        rows = eps.search(q, query_type="fts").where(f"group_id = {sql_quote(g)}", prefilter=True) \
            .select(["source_id", "_score"]).limit(10).to_list()
        return [r["source_id"] for r in rows]

    def vector(q: str, g: str) -> list[str]:
        rows = eps.search(emb.embed([q])[0].tolist(), query_type="vector").where(f"group_id = {sql_quote(g)}", prefilter=True) \
            .select(["source_id", "_distance"]).limit(10).to_list()
        return [r["source_id"] for r in rows]

    systems = {"chronicle search (facts)": chronicle_search, "chronicle recall (turns+facts)": chronicle_recall,
               "BM25 raw turns": bm25, "vector raw turns": vector}
    qs = [(s["sample_id"], q) for s in json.load(open(locomo)) for q in s["qa"] if q.get("category") != 5 and q.get("evidence")]
    res = {k: {"hit": 0, "frac": 0.0, "lat": []} for k in systems}
    for name, fn in systems.items():
        fn(qs[0][1]["question"], qs[0][0])  # warm-up
        for g, q in qs:
            gold = {e.strip() for ev in q["evidence"] for e in str(ev).split(";")}
            t0 = time.perf_counter()
            got = set(fn(q["question"], g))
            res[name]["lat"].append(time.perf_counter() - t0)
            res[name]["hit"] += bool(got & gold)
            res[name]["frac"] += len(got & gold) / len(gold)
    n = len(qs)
    lines = []
    for name, r in res.items():
        lat = sorted(r["lat"])
        p50, p95 = lat[len(lat) // 2], lat[int(0.95 * (len(lat) - 1))]
        line = (f"{name}: hit@10 {100 * r['hit'] / n:.1f}%  frac@10 {100 * r['frac'] / n:.1f}%  "
                f"p50 {1000 * p50:.0f} ms  p95 {1000 * p95:.0f} ms")
        lines.append((name, r, p50, p95))
        print(line)
    print(f"{n} questions (categories 1-4)")
    if args.record:
        from bench_when import append_row

        cells = " | ".join(f"{100 * r['hit'] / n:.1f}% / {100 * r['frac'] / n:.1f}% ({1000 * p95:.0f} ms)" for _, r, _, p95 in lines)
        append_row("retrieval", f"| {date.today()} | nproc={os.cpu_count()}, Python {platform.python_version()} | "
                                f"`python bench/bench_retrieval.py` | {n} | {cells} |")
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
