"""Backfill throughput (rules extractor) vs the embedder-only floor, and search latency, on a generated archive.

    .venv/bin/python bench/bench_backfill.py --turns 20000 [--queries 200] [--write-readme]

Writes figures to stdout and, with --write-readme, a row into bench/README.md.
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from datetime import date, datetime, timezone
from pathlib import Path

from benchenv import HERE, prepare  # noqa: E402  (bench/ is on sys.path when run as a file)

prepare()

AS_OF = datetime(2024, 6, 1, tzinfo=timezone.utc)  # inside the generated archive's span
QUERIES = ["Where does {p} work?", "Where does {p} live?", "What does {p} like?", "When did {p} move?",
           "What is {p} planning?", "Who is {p} dating?", "Did {p} change jobs?", "Where did {p} travel?"]


def percentile(xs: list[float], p: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--turns", type=int, default=20000)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--chunk-size", type=int, default=1000)
    ap.add_argument("--write-readme", action="store_true")
    args = ap.parse_args()

    work = Path(tempfile.mkdtemp(prefix="chronicle-bench-"))
    archive = work / "archive.jsonl"
    subprocess.run([sys.executable, str(HERE / "gen_archive.py"), "--turns", str(args.turns), "--out", str(archive)], check=True)
    os.environ["CHRONICLE_HOME"] = str(work / "home")
    texts = [json.loads(line)["content"] for line in archive.open()]

    from blocks.embedder import MiniLMEmbedder
    from flows.backfill import backfill_flow
    from search.api import search_facts
    from search.filters import TimeFilter

    emb = MiniLMEmbedder()
    emb.embed(["warm-up"])
    t0 = time.perf_counter()
    for i in range(0, len(texts), args.chunk_size):
        emb.embed(texts[i:i + args.chunk_size])
    floor_s = time.perf_counter() - t0

    t0 = time.perf_counter()
    summary = backfill_flow(path=str(archive), group="bench", chunk_size=args.chunk_size)
    backfill_s = time.perf_counter() - t0

    people = ["Maya", "Jordan", "Priya", "Omar", "Elena", "Kenji", "Amara", "Lucas", "Sofia", "Tariq"]
    qs = [QUERIES[i % len(QUERIES)].format(p=people[i % len(people)]) for i in range(args.queries)]
    search_facts(qs[0], "bench", limit=10)
    lat: dict[str, list[float]] = {"current": [], "as_of": []}
    for i, q in enumerate(qs):
        for mode, tf in (("current", TimeFilter()), ("as_of", TimeFilter(as_of=AS_OF))):
            t = time.perf_counter()
            search_facts(q, "bench", limit=10, tf=tf)
            lat[mode].append((time.perf_counter() - t) * 1000)

    res = {
        "turns": args.turns, "episodes_ingested": summary["episodes_ingested"], "facts": summary["facts"],
        "entities": summary["entities"], "facts_invalidated": summary["facts_invalidated"],
        "backfill_s": round(backfill_s, 1), "backfill_eps": round(summary["episodes_ingested"] / backfill_s, 1),
        "embed_floor_s": round(floor_s, 1), "embed_floor_eps": round(len(texts) / floor_s, 1),
        "search_p50_ms": round(percentile(lat["current"], 50), 1), "search_p95_ms": round(percentile(lat["current"], 95), 1),
        "asof_p50_ms": round(percentile(lat["as_of"], 50), 1), "asof_p95_ms": round(percentile(lat["as_of"], 95), 1),
    }
    print(json.dumps(res, indent=2))
    if args.write_readme:
        row = (f"| {date.today()} | {os.cpu_count()} cores, Python {platform.python_version()} | "
               f"`bench/bench_backfill.py --turns {args.turns}` | {res['backfill_eps']} ep/s ({res['backfill_s']} s) | "
               f"{res['embed_floor_eps']} texts/s | {res['search_p50_ms']} / {res['search_p95_ms']} ms | "
               f"{res['asof_p50_ms']} / {res['asof_p95_ms']} ms | {res['facts']} facts, {res['entities']} entities |\n")
        readme = HERE / "README.md"
        text = readme.read_text() if readme.exists() else "# Benchmarks\n"
        marker = "<!-- backfill-rows -->"
        if marker not in text:
            text += ("\n## Backfill throughput and search latency (issue 2)\n\n"
                     "| date | machine | command | backfill (rules) | embedder-only floor | search p50 / p95 | as-of p50 / p95 | graph |\n"
                     "|---|---|---|---|---|---|---|---|\n" + marker + "\n")
        readme.write_text(text.replace(marker, row + marker))


if __name__ == "__main__":
    main()
