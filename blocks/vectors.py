"""LanceDB as a Prefect Block: the search projection (facts, entities, episodes) plus the quarantine."""
from __future__ import annotations

import threading
from datetime import timedelta
from typing import Any

import pyarrow as pa
from lancedb.index import FTS, BTree
from prefect.blocks.core import Block
from pydantic import Field

from blocks.embedder import EMBEDDING_DIM
from blocks.settings import StoreSettings

_VEC = pa.list_(pa.float32(), EMBEDDING_DIM)
_TS = pa.int64()  # epoch ms, the same convention as the graph

SCHEMAS: dict[str, pa.Schema] = {
    "facts": pa.schema([
        ("uuid", pa.string()), ("group_id", pa.string()), ("name", pa.string()), ("fact", pa.string()),
        ("fact_type", pa.string()), ("source_uuid", pa.string()), ("target_uuid", pa.string()),
        ("source_name", pa.string()), ("target_name", pa.string()), ("episodes", pa.list_(pa.string())),
        ("valid_at", _TS), ("invalid_at", _TS), ("created_at", _TS), ("expired_at", _TS),
        ("t_granularity", pa.string()), ("vector", _VEC),
    ]),
    "entities": pa.schema([
        ("uuid", pa.string()), ("group_id", pa.string()), ("name", pa.string()), ("entity_type", pa.string()),
        ("summary", pa.string()), ("created_at", _TS), ("vector", _VEC),
    ]),
    "episodes": pa.schema([
        ("uuid", pa.string()), ("group_id", pa.string()), ("conversation_id", pa.string()), ("turn", pa.int64()),
        ("speaker", pa.string()), ("content", pa.string()), ("source_id", pa.string()), ("valid_at", _TS),
        ("created_at", _TS), ("vector", _VEC),
    ]),
    "ingest_log": pa.schema([
        ("uuid", pa.string()), ("group_id", pa.string()), ("path", pa.string()), ("records_done", pa.int64()),
        ("size", pa.int64()), ("mtime_ns", pa.int64()), ("updated_at", _TS),
    ]),
    "summary_vectors": pa.schema([("uuid", pa.string()), ("vector", _VEC)]),
    "quarantine": pa.schema([
        ("uuid", pa.string()), ("group_id", pa.string()), ("source_path", pa.string()), ("location", pa.string()),
        ("stage", pa.string()), ("reason", pa.string()), ("raw", pa.string()), ("created_at", _TS),
    ]),
}
FTS_COLUMNS = {"facts": "fact", "entities": "name", "episodes": "content"}
_LOCKS: dict[str, threading.Lock] = {t: threading.Lock() for t in SCHEMAS}
_CONN_LOCK = threading.Lock()
_CONNECTIONS: dict[str, Any] = {}
_TABLES: dict[tuple[str, str], Any] = {}


class VectorStore(Block):
    """Local LanceDB directory by default (CHRONICLE_HOME/lance), any LanceDB URI when configured."""

    _block_type_name = "Chronicle Vectors"
    uri: str | None = Field(default=None, description="LanceDB URI; default CHRONICLE_HOME/lance")

    @classmethod
    def from_settings(cls, s: StoreSettings | None = None) -> "VectorStore":
        s = s or StoreSettings.from_env()
        return cls(uri=s.lancedb_uri or str(s.home / "lance"))

    def db(self) -> Any:
        uri = self.uri or str(StoreSettings.from_env().home / "lance")
        with _CONN_LOCK:
            if uri not in _CONNECTIONS:
                import lancedb

                # Reads always check for a newer version: another process (a worker, the CLI) may have written.
                _CONNECTIONS[uri] = lancedb.connect(uri, read_consistency_interval=timedelta(0))
            return _CONNECTIONS[uri]

    def table(self, name: str) -> Any:
        """Open a table (handles are cached per process), creating it empty with its schema the first time."""
        key = (self.uri or str(StoreSettings.from_env().home / "lance"), name)
        if key in _TABLES:
            return _TABLES[key]
        db = self.db()
        try:
            tbl = db.open_table(name)
        except (FileNotFoundError, ValueError):
            tbl = db.create_table(name, schema=SCHEMAS[name], exist_ok=True)
        _TABLES[key] = tbl
        return tbl

    def upsert(self, name: str, rows: list[dict[str, Any]]) -> None:
        """merge_insert on uuid: reruns update rows in place instead of adding copies."""
        if not rows:
            return
        data = pa.Table.from_pylist(rows, schema=SCHEMAS[name])
        with _LOCKS[name]:  # one writer per table (DESIGN §5)
            tbl = self.table(name)
            (tbl.merge_insert("uuid").when_matched_update_all().when_not_matched_insert_all().execute(data))

    def ensure_indexes(self) -> None:
        """Scalar index on uuid/group_id and native FTS on the text column, created once; then optimize."""
        for name in SCHEMAS:
            tbl = self.table(name)
            existing = {ix.name for ix in tbl.list_indices()}
            if tbl.count_rows() == 0:
                continue
            for col in ("uuid", "group_id"):
                if f"{col}_idx" not in existing and col in SCHEMAS[name].names:
                    tbl.create_index(col, config=BTree())
            fts_col = FTS_COLUMNS.get(name)
            if fts_col and f"{fts_col}_idx" not in existing:
                tbl.create_index(fts_col, config=FTS(with_position=False))
            tbl.optimize()

    def count(self, name: str, where: str | None = None) -> int:
        return int(self.table(name).count_rows(where))

    def column(self, name: str, columns: list[str], where: str | None = None) -> list[dict[str, Any]]:
        tbl = self.table(name)
        q = tbl.search().select(columns).limit(None) if where is None else tbl.search().where(where).select(columns).limit(None)
        return q.to_arrow().to_pylist()
