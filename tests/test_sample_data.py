"""Checks on the data shipped in data/ and on the benchmark archive generator.

Rows are validated here with plain json + datetime, independently of the project's reader, so
these tests pin the data files themselves (and the counts that data/SCHEMA.md documents).
"""
from __future__ import annotations

import json
import subprocess
import sys
from collections import defaultdict
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "data" / "sample_archive.jsonl"
BAD = ROOT / "data" / "bad_rows.jsonl"
GEN = ROOT / "bench" / "gen_archive.py"

REQUIRED = ("conversation_id", "speaker", "content", "timestamp")
BAD_ROWS_GOOD, BAD_ROWS_BAD, BAD_ROWS_BLANK = 12, 9, 1  # as documented in data/SCHEMA.md


def parse_ts(value) -> datetime:
    """ISO 8601 string (offset, 'Z' or naive = UTC) or epoch seconds -> aware UTC datetime."""
    if isinstance(value, bool):
        raise ValueError("bool is not a timestamp")
    if isinstance(value, (int, float)):
        return datetime.fromtimestamp(value, tz=timezone.utc)
    if not isinstance(value, str):
        raise ValueError(f"bad timestamp type {type(value).__name__}")
    dt = datetime.fromisoformat(value)
    return dt.replace(tzinfo=timezone.utc) if dt.tzinfo is None else dt.astimezone(timezone.utc)


def validate(line: str) -> dict:
    """Return the row if it is a good archive row, else raise ValueError."""
    row = json.loads(line)  # json.JSONDecodeError is a ValueError
    if not isinstance(row, dict):
        raise ValueError("row is not an object")
    for field in REQUIRED:
        if field not in row:
            raise ValueError(f"missing {field}")
    for field in ("conversation_id", "speaker", "content"):
        if not isinstance(row[field], str):
            raise ValueError(f"{field} is not a string")
    if not row["content"].strip():
        raise ValueError("empty content")
    if "turn" in row and (not isinstance(row["turn"], int) or isinstance(row["turn"], bool)):
        raise ValueError("turn is not an integer")
    if "metadata" in row and not isinstance(row["metadata"], dict):
        raise ValueError("metadata is not an object")
    row["_ts"] = parse_ts(row["timestamp"])
    return row


def sample_rows() -> list[dict]:
    return [validate(line) for line in SAMPLE.read_text(encoding="utf-8").splitlines()]


def test_sample_archive_size_and_schema():
    lines = SAMPLE.read_text(encoding="utf-8").splitlines()
    assert 180 <= len(lines) <= 220
    rows = [validate(line) for line in lines]  # raises on any bad row
    convs = {r["conversation_id"] for r in rows}
    assert 3 <= len(convs) <= 4
    assert {r["speaker"] for r in rows} == {"Maya", "Jordan", "Priya"}
    assert all(isinstance(r.get("turn"), int) for r in rows)


def test_sample_archive_timestamps_increase_and_span_months():
    rows = sample_rows()
    by_conv: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by_conv[r["conversation_id"]].append(r)
    for conv, conv_rows in by_conv.items():
        conv_rows.sort(key=lambda r: r["turn"])
        assert [r["turn"] for r in conv_rows] == list(range(len(conv_rows))), conv
        times = [r["_ts"] for r in conv_rows]
        assert all(a < b for a, b in zip(times, times[1:])), conv
    times = sorted(r["_ts"] for r in rows)
    assert (times[-1] - times[0]).days >= 120
    # the file is in global time order, and exercises every timestamp shape the schema allows
    assert [r["_ts"] for r in rows] == times
    raw = [r["timestamp"] for r in rows]
    assert any(isinstance(t, int) for t in raw)
    assert any(isinstance(t, str) and t.endswith("Z") for t in raw)
    assert any(isinstance(t, str) and t.endswith("+02:00") for t in raw)


def test_sample_archive_contains_the_scenario():
    rows = sample_rows()

    def said(speaker: str, text: str) -> datetime:
        hits = [r["_ts"] for r in rows if r["speaker"] == speaker and text in r["content"]]
        assert hits, f"{speaker} never says {text!r}"
        return hits[0]

    northwind = said("Maya", "I work at Northwind Labs")
    bluepeak = said("Maya", "I just started working at Bluepeak Analytics")
    assert northwind < bluepeak and (bluepeak.year, bluepeak.month) == (2024, 2)
    portland = said("Jordan", "I live in Portland")
    denver = said("Jordan", "I moved to Denver in January")
    chicago = said("Jordan", "I lived in Chicago from 2016 to 2019")
    assert portland < denver < chicago  # message order differs from world order
    assert said("Priya", "I got married in June 2015").year == 2024


def test_bad_rows_counts_match_schema_note():
    good, bad, blank = [], [], 0
    for line in BAD.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            blank += 1
            continue
        try:
            good.append(validate(line))
        except ValueError:
            bad.append(line)
    assert (len(good), len(bad), blank) == (BAD_ROWS_GOOD, BAD_ROWS_BAD, BAD_ROWS_BLANK)
    assert {r["conversation_id"] for r in good} == {"conv-bad-rows"}
    assert sorted(r["turn"] for r in good) == list(range(BAD_ROWS_GOOD))
    times = [r["_ts"] for r in sorted(good, key=lambda r: r["turn"])]
    assert all(a < b for a, b in zip(times, times[1:]))


def run_gen(out: Path, *args: str) -> bytes:
    subprocess.run([sys.executable, str(GEN), "--turns", "500", "--out", str(out), *args],
                   check=True, capture_output=True)
    return out.read_bytes()


def test_gen_archive_is_deterministic(tmp_path):
    a = run_gen(tmp_path / "a.jsonl", "--seed", "11", "--conversations", "20")
    b = run_gen(tmp_path / "b.jsonl", "--seed", "11", "--conversations", "20")
    c = run_gen(tmp_path / "c.jsonl", "--seed", "12", "--conversations", "20")
    assert a == b
    assert a != c
    rows = [validate(line) for line in a.decode("utf-8").splitlines()]
    assert len(rows) == 500
    assert len({r["conversation_id"] for r in rows}) == 20
    by_conv: dict[str, list[dict]] = defaultdict(list)
    for r in rows:
        by_conv[r["conversation_id"]].append(r)
    for conv_rows in by_conv.values():
        conv_rows.sort(key=lambda r: r["turn"])
        times = [r["_ts"] for r in conv_rows]
        assert all(x < y for x, y in zip(times, times[1:]))


def test_gen_archive_columnar_formats(tmp_path):
    import polars as pl

    for fmt in ("parquet", "csv"):
        data = run_gen(tmp_path / f"a.{fmt}", "--format", fmt)
        assert data == run_gen(tmp_path / f"b.{fmt}", "--format", fmt)
        path = tmp_path / f"a.{fmt}"
        df = pl.read_parquet(path) if fmt == "parquet" else pl.read_csv(path)
        assert df.height == 500
        assert set(REQUIRED) <= set(df.columns)
        for ts in df["timestamp"].to_list():
            parse_ts(ts)
