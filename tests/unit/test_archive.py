import json
from datetime import datetime, timezone
from pathlib import Path

import polars as pl
import pytest

from archive.readers import detect_format, read_chunks
from archive.validate import TurnCounter, validate_chunk
from tests.conftest import REPO, SHARED_EVAL

NOW = datetime(2026, 1, 1, tzinfo=timezone.utc)


def _validate_all(path: Path, fmt: str = "auto", chunk: int = 5, group: str | None = "g"):
    eps, bad, turns = [], [], TurnCounter()
    for records in read_chunks(path, fmt, chunk):
        e, b = validate_chunk(records, group=group, source_path=str(path), turns=turns, created_at=NOW)
        eps += e
        bad += b
    return eps, bad


def test_bad_rows_file_keeps_every_good_row_and_quarantines_each_bad_one():
    eps, bad = _validate_all(REPO / "data" / "bad_rows.jsonl")
    assert len(eps) == 12 and sorted(e.turn for e in eps) == list(range(12))
    assert len(bad) == 9
    reasons = " | ".join(q.reason for q in bad)
    for expected in ("malformed JSON", "expected a JSON object", "content", "timestamp", "turn"):
        assert expected in reasons
    assert all(q.raw for q in bad), "the raw payload is kept with every quarantined row"
    assert len({q.uuid for q in bad}) == 9


def test_episode_ids_are_deterministic_across_reads():
    a, _ = _validate_all(REPO / "data" / "sample_archive.jsonl", chunk=50)
    b, _ = _validate_all(REPO / "data" / "sample_archive.jsonl", chunk=7)
    assert sorted(e.uuid for e in a) == sorted(e.uuid for e in b)
    assert len({e.uuid for e in a}) == len(a) == 200


def test_chunks_are_bounded_and_sorted_by_valid_at(tmp_path):
    rows = [{"conversation_id": "c", "speaker": "A", "content": f"m{i}", "timestamp": f"2024-01-{20 - i:02d}T00:00:00Z"} for i in range(12)]
    p = tmp_path / "a.jsonl"
    p.write_text("\n".join(json.dumps(r) for r in rows))
    chunks = list(read_chunks(p, "jsonl", 5))
    assert [len(c) for c in chunks] == [5, 5, 2]
    eps, _ = validate_chunk(chunks[0], group="g", source_path="a", turns=TurnCounter(), created_at=NOW)
    assert [e.valid_at for e in eps] == sorted(e.valid_at for e in eps)
    assert [e.turn for e in eps] == [4, 3, 2, 1, 0], "default turn is the row's order in its conversation"


@pytest.mark.parametrize("fmt", ["parquet", "csv"])
def test_columnar_formats_read_the_same_rows(tmp_path, fmt):
    rows = [{"conversation_id": "c1", "turn": str(i), "speaker": "Ana", "content": f"I live in Lisbon {i}",
             "timestamp": "2024-03-01T10:00:00Z", "metadata": json.dumps({"k": i})} for i in range(7)]
    rows.append({"conversation_id": "c1", "turn": "7", "speaker": "Ana", "content": "x", "timestamp": "not a time", "metadata": ""})
    p = tmp_path / f"a.{fmt}"
    df = pl.DataFrame(rows)
    df.write_parquet(p) if fmt == "parquet" else df.write_csv(p)
    assert detect_format(p) == fmt
    eps, bad = _validate_all(p, chunk=3)
    assert len(eps) == 7 and eps[0].metadata == {"k": 0}
    assert len(bad) == 1 and "timestamp" in bad[0].reason


def test_locomo_turns_take_their_session_time_and_keep_dia_id():
    eps, bad = _validate_all(SHARED_EVAL / "locomo_dev.json", fmt="locomo", chunk=500, group=None)
    assert not bad
    assert len(eps) == 788
    first = min(eps, key=lambda e: (e.conversation_id, e.turn))
    assert first.group_id == "conv-26" and first.metadata["dia_id"] == "D1:1"
    assert first.valid_at == datetime(2023, 5, 8, 13, 56, tzinfo=timezone.utc)
    assert first.source_id == "D1:1"
