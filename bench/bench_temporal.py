"""Temporal engine vs dateparser.search_dates on the LoCoMo dev turns, side by side in one run.

Measures (1) dateparser.search_dates(text, languages=['en']) in-process, (2) `chronicle temporal
resolve` end to end (a fresh CLI process, JSONL file in/out, start-up included), (3) the same via
`python -m temporal resolve` (no typer start-up), (4) the CLI on the sentence set repeated 10x with
the reference shifted by one day per copy (start-up amortized, span cache not trivially hit), and
the LoCoMo temporal dev accuracy of the engine and of dateparser with the same scorer.
Writes a row into the "Temporal engine" section of bench/README.md.

usage: python bench/bench_temporal.py [--eval-dir /work/shared/eval] [--runs 3] [--no-readme]
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "bench" / "README.md"
SECTION = "## Temporal engine"

# A stand-in "CLI" that answers `temporal resolve` with dateparser.search_dates, so the dev scorer
# can grade the baseline exactly as it grades the engine (every hit = that calendar day).
_DATEPARSER_CLI = r'''#!{python}
import json, sys
from datetime import datetime, timedelta, timezone
from dateparser.search import search_dates
args = sys.argv[1:]
src, dst = args[args.index("--input") + 1], args[args.index("--output") + 1]
with open(src) as fin, open(dst, "w") as fout:
    for line in fin:
        row = json.loads(line)
        ref = datetime.fromisoformat(row["ref"]).replace(tzinfo=None)
        found = search_dates(row["text"], languages=["en"], settings={{"RELATIVE_BASE": ref}}) or []
        exprs = []
        for text, d in found:
            s = datetime(d.year, d.month, d.day, tzinfo=timezone.utc)
            exprs.append({{"text": text, "timex_type": "DATE", "value": s.date().isoformat(),
                          "interval_start": s.isoformat(), "interval_end": (s + timedelta(days=1)).isoformat()}})
        fout.write(json.dumps({{"id": row["id"], "expressions": exprs}}) + "\n")
'''


def load_rows(eval_dir: Path) -> list[dict[str, str]]:
    """Every turn of every session in locomo_dev.json, with its session time as reference."""
    sys.path.insert(0, str(eval_dir))
    from gold_time import parse_session  # type: ignore[import-not-found]

    rows = []
    for sample in json.loads((eval_dir / "locomo_dev.json").read_text()):
        conv = sample["conversation"]
        for key, turns in conv.items():
            if key.startswith("session_") and isinstance(turns, list):
                ref = parse_session(conv[f"{key}_date_time"])
                for t in turns:
                    rows.append({"id": t["dia_id"], "text": t["text"], "ref": ref.strftime("%Y-%m-%dT%H:%M:%S+00:00")})
    return rows


def write_jsonl(path: Path, rows: list[dict[str, str]]) -> None:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))


def time_cmd(cmd: list[str], runs: int) -> float:
    """Median wall-clock seconds of a command over runs."""
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def dateparser_rate(rows: list[dict[str, str]], runs: int) -> float:
    """Sentences per second of dateparser.search_dates, in-process, after import and warm-up."""
    from dateparser.search import search_dates

    search_dates("warm up yesterday", languages=["en"])
    refs = [datetime.fromisoformat(r["ref"]).replace(tzinfo=None) for r in rows]
    best = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for r, ref in zip(rows, refs):
            search_dates(r["text"], languages=["en"], settings={"RELATIVE_BASE": ref})
        best.append(time.perf_counter() - t0)
    return len(rows) / statistics.median(best)


def dev_score(cli: str, eval_dir: Path) -> str:
    out = subprocess.run([sys.executable, str(eval_dir / "score_locomo_temporal.py"), cli,
                          str(eval_dir / "locomo_dev_temporal.jsonl")], check=True, capture_output=True, text=True)
    m = re.search(r"(\d+)/(\d+) = ([\d.]+)%", out.stdout)
    return f"{m.group(3)}% ({m.group(1)}/{m.group(2)})" if m else out.stdout.strip()


def write_readme(row: str) -> None:
    """Append a result row to the Temporal engine section, creating file/section/table as needed."""
    header = ("| date | machine | command | dateparser sent/s | CLI sent/s (1 pass) | ratio | "
              "`python -m temporal` sent/s | CLI sent/s (10 passes) | ratio | dev acc engine | dev acc dateparser |\n"
              "|---|---|---|---|---|---|---|---|---|---|---|\n")
    text = README.read_text() if README.exists() else "# Benchmarks\n"
    if SECTION not in text:
        text = text.rstrip("\n") + f"\n\n{SECTION}\n\nResults of `python bench/bench_temporal.py` (newest last).\n\n{header}"
    start = text.index(SECTION)
    nxt = text.find("\n## ", start + len(SECTION))
    end = len(text) if nxt < 0 else nxt + 1
    section = text[start:end].rstrip("\n")
    if "| date | machine |" not in section:
        section += "\n\n" + header.rstrip("\n")
    section += "\n" + row + "\n"
    README.write_text(text[:start] + section + ("\n" + text[end:] if nxt >= 0 else ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--eval-dir", default="/work/shared/eval", type=Path)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--no-readme", action="store_true")
    args = ap.parse_args()
    chronicle = str(Path(sys.executable).parent / "chronicle")
    rows = load_rows(args.eval_dir)
    n = len(rows)
    with tempfile.TemporaryDirectory() as tmp:
        tmpd = Path(tmp)
        one, many, out = tmpd / "one.jsonl", tmpd / "many.jsonl", tmpd / "out.jsonl"
        write_jsonl(one, rows)
        shifted = []
        for k in range(10):
            for r in rows:
                ref = datetime.fromisoformat(r["ref"]) + timedelta(days=k)
                shifted.append({"id": f"{k}:{r['id']}", "text": r["text"], "ref": ref.isoformat()})
        write_jsonl(many, shifted)
        dp_cli = tmpd / "dateparser-cli"
        dp_cli.write_text(_DATEPARSER_CLI.format(python=sys.executable))
        dp_cli.chmod(0o755)

        dp = dateparser_rate(rows, args.runs)
        cli_1 = n / time_cmd([chronicle, "temporal", "resolve", "--input", str(one), "--output", str(out)], args.runs)
        mod_1 = n / time_cmd([sys.executable, "-m", "temporal", "resolve", "--input", str(one), "--output", str(out)],
                             args.runs)
        cli_10 = len(shifted) / time_cmd([chronicle, "temporal", "resolve", "--input", str(many),
                                          "--output", str(out)], args.runs)
        acc_engine = dev_score(chronicle, args.eval_dir)
        acc_dp = dev_score(str(dp_cli), args.eval_dir)

    machine = f"nproc={os.cpu_count()}, Python {platform.python_version()}, {platform.machine()}"
    print(f"sentences: {n} LoCoMo dev turns")
    print(f"dateparser.search_dates (in-process): {dp:,.0f} sent/s")
    print(f"chronicle temporal resolve, 1 pass (CLI start-up included): {cli_1:,.0f} sent/s = {cli_1 / dp:.1f}x")
    print(f"python -m temporal resolve, 1 pass: {mod_1:,.0f} sent/s = {mod_1 / dp:.1f}x")
    print(f"chronicle temporal resolve, 10 passes (refs shifted): {cli_10:,.0f} sent/s = {cli_10 / dp:.1f}x")
    print(f"dev accuracy: engine {acc_engine}, dateparser {acc_dp}")
    row = (f"| {datetime.now():%Y-%m-%d} | {machine} | `python bench/bench_temporal.py` | {dp:,.0f} | {cli_1:,.0f} | "
           f"{cli_1 / dp:.1f}x | {mod_1:,.0f} ({mod_1 / dp:.1f}x) | {cli_10:,.0f} | {cli_10 / dp:.1f}x | "
           f"{acc_engine} | {acc_dp} |")
    if not args.no_readme:
        write_readme(row)
        print(f"row written to {README.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
