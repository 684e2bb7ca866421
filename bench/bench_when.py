"""Benchmark `when` on LoCoMo temporal (category-2) questions after a rules-mode backfill.

In-process by default (stores and embedder loaded once, same scoring rule as
../shared/eval/score_when.py); --official also runs that scorer against the CLI (one process per
question). --verbose prints every miss. --home reuses an already backfilled CHRONICLE_HOME.

usage: python bench/bench_when.py [--home DIR] [--official] [--verbose] [--record]
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
from datetime import date
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
EVAL = REPO.parent / "shared" / "eval"
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(EVAL))


def backfill(home: Path, locomo: Path) -> None:
    """One group per conversation, rules extractor, as the scorer does."""
    env = dict(os.environ, CHRONICLE_HOME=str(home))
    for s in json.load(open(locomo)):
        p = home / f"{s['sample_id']}.json"
        json.dump([s], open(p, "w"))
        subprocess.run([str(REPO / ".venv/bin/chronicle"), "backfill", str(p), "--format", "locomo", "--group",
                        s["sample_id"], "--json"], check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


SECTIONS = {"when": "## Query layer: `when`", "retrieval": "## Query layer: retrieval"}


def append_row(section: str, row: str) -> None:
    """Append a table row at the end of this benchmark's own section of bench/README.md."""
    path = REPO / "bench" / "README.md"
    lines = path.read_text(encoding="utf-8").splitlines()
    start = lines.index(SECTIONS[section])
    end = next((i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines))
    last = max(i for i in range(start, end) if lines[i].startswith("|"))
    lines.insert(last + 1, row)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def score(answer: dict, gold: tuple) -> bool:
    """The scorer's rule: interval overlap and at most ~2x as coarse, or a duration within 15%."""
    from score_locomo_temporal import duration_days, to_date

    if gold[0] == "duration":
        d = duration_days(answer.get("duration"))
        return bool(d) and abs(d - gold[1]) <= 0.15 * gold[1]
    s, e = to_date(answer.get("interval_start")), to_date(answer.get("interval_end"))
    if not (s and e):
        return False
    s, e = s.date(), e.date()
    return min(gold[2], e) > max(gold[1], s) and (e - s).days <= 2 * (gold[2] - gold[1]).days + 2


def run_inprocess(home: Path, tpath: Path, verbose: bool) -> tuple[float, float, int, float]:
    os.environ["CHRONICLE_HOME"] = str(home)
    from gold_time import parse_gold, parse_session

    from blocks.embedder import MiniLMEmbedder
    from blocks.vectors import VectorStore
    from search.when import when

    vectors, emb = VectorStore.from_settings(), MiniLMEmbedder()
    right = recall = n = 0
    lat = []
    for line in open(tpath):
        q = json.loads(line)
        gold = parse_gold(q["answer"], parse_session(q["evidence_session_datetimes"][-1]).date())
        if gold is None:
            continue
        n += 1
        t0 = time.perf_counter()
        a = when(q["question"], q["conv_id"], vectors=vectors, embedder=emb).as_json()
        lat.append(time.perf_counter() - t0)
        ok = score(a, gold)
        cited = [str(ev["source_id"]) for ev in a["evidence"][:10]]
        hit = bool(set(cited) & set(q["evidence_ids"]))
        right += ok
        recall += hit
        if verbose and not (ok and hit):
            print(f"{'ok ' if ok else 'BAD'} {'ev ' if hit else 'NOEV'} {q['question']!r} gold={q['answer']!r} {q['evidence_ids']}")
            print(f"      -> {a['answer']!r} [{a['interval_start'][:10]}, {a['interval_end'][:10]}) dur={a['duration']} "
                  f"from {a['evidence'][0]['source_id']}: {a['statement'][:150]!r} time={a['time_text']!r}")
            print(f"      cited {cited}")
    lat.sort()
    return right / n, recall / n, n, lat[len(lat) // 2] if lat else 0.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--home", type=Path)
    ap.add_argument("--official", action="store_true")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--record", action="store_true", help="append a row to bench/README.md")
    args = ap.parse_args()
    locomo, tpath = EVAL / "locomo_dev.json", EVAL / "locomo_dev_temporal.jsonl"
    tmp = None
    home = args.home
    if home is None:
        tmp = tempfile.TemporaryDirectory()
        home = Path(tmp.name)
        backfill(home, locomo)
    acc, rec, n, p50 = run_inprocess(home, tpath, args.verbose)
    print(f"when (in-process): answers {100 * acc:.1f}%, evidence recall@10 {100 * rec:.1f}% over {n} questions; "
          f"median {1000 * p50:.0f} ms/question")
    official = ""
    if args.official:
        out = subprocess.run([sys.executable, str(EVAL / "score_when.py"), str(REPO / ".venv/bin/chronicle"), str(locomo),
                              str(tpath)], capture_output=True, text=True)
        official = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else out.stderr[-300:]
        print("official scorer:", official)
    if args.record:
        row = (f"| {date.today()} | nproc={os.cpu_count()}, Python {platform.python_version()} | `python bench/bench_when.py"
               f"{' --official' if args.official else ''}` | {n} | {100 * acc:.1f}% | {100 * rec:.1f}% | {1000 * p50:.0f} ms | {official or '—'} |")
        append_row("when", row)
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
