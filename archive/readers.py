"""Stream raw archive records in bounded chunks; each record keeps its location for quarantine.

JSONL is parsed line by line on purpose: a malformed line must be quarantined on its own, and a
columnar reader fails the whole batch on one bad line. Parquet and CSV stream through pyarrow.
"""
from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

ArchiveFormat = Literal["auto", "jsonl", "parquet", "csv", "locomo"]


@dataclass(frozen=True)
class RawRecord:
    """One archive record as read: a dict, or the reason it could not be read plus its raw text."""

    location: str
    data: dict[str, Any] | None
    raw: str
    error: str | None = None


def detect_format(path: Path) -> str:
    """Guess the archive format from the file name (LoCoMo JSON is a .json list of samples)."""
    name = path.name.lower()
    for ext, fmt in ((".jsonl", "jsonl"), (".ndjson", "jsonl"), (".parquet", "parquet"), (".csv", "csv"), (".json", "locomo")):
        if name.endswith(ext):
            return fmt
    raise ValueError(f"cannot tell the format of {path.name}: pass --format jsonl|parquet|csv|locomo")


def read_chunks(path: Path, fmt: str = "auto", chunk_size: int = 500) -> Iterator[list[RawRecord]]:
    """Yield lists of at most chunk_size raw records."""
    if chunk_size < 1:
        raise ValueError("chunk_size must be at least 1")
    fmt = detect_format(path) if fmt == "auto" else fmt
    readers = {"jsonl": _jsonl, "parquet": _parquet, "csv": _csv, "locomo": _locomo}
    if fmt not in readers:
        raise ValueError(f"unknown archive format {fmt!r}")
    batch: list[RawRecord] = []
    for rec in readers[fmt](path, chunk_size):
        batch.append(rec)
        if len(batch) >= chunk_size:
            yield batch
            batch = []
    if batch:
        yield batch


def _jsonl(path: Path, _chunk: int) -> Iterator[RawRecord]:
    with path.open("r", encoding="utf-8", errors="surrogateescape") as fh:
        for lineno, line in enumerate(fh, start=1):
            text = line.rstrip("\n")
            if not text.strip():
                continue  # blank lines carry nothing to lose
            loc = f"line {lineno}"
            try:
                obj = json.loads(text)
            except json.JSONDecodeError as exc:
                yield RawRecord(loc, None, text, f"malformed JSON: {exc.msg} at column {exc.colno}")
                continue
            if not isinstance(obj, dict):
                yield RawRecord(loc, None, text, f"expected a JSON object, got {type(obj).__name__}")
                continue
            yield RawRecord(loc, obj, text)


def _parquet(path: Path, chunk: int) -> Iterator[RawRecord]:
    import pyarrow.parquet as pq

    pf = pq.ParquetFile(path)
    index = 0
    for batch in pf.iter_batches(batch_size=chunk):
        for row in batch.to_pylist():
            yield RawRecord(f"row {index}", row, json.dumps(row, default=str))
            index += 1


def _csv(path: Path, chunk: int) -> Iterator[RawRecord]:
    import csv

    import pyarrow as pa
    import pyarrow.csv as pacsv

    # Every column as text: type checks belong to validation, where a bad cell quarantines one row.
    with path.open(newline="", encoding="utf-8") as fh:
        header = next(csv.reader(fh), [])
    convert = pacsv.ConvertOptions(column_types={c: pa.string() for c in header}, strings_can_be_null=False)
    reader = pacsv.open_csv(path, convert_options=convert)
    index = 0
    for batch in reader:
        for row in batch.to_pylist():
            clean = {k: v for k, v in row.items() if v not in (None, "")}
            yield RawRecord(f"row {index}", clean, json.dumps(row))
            index += 1


def _locomo(path: Path, _chunk: int) -> Iterator[RawRecord]:
    from archive.locomo import locomo_records

    yield from locomo_records(path)
