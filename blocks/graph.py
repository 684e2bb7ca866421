"""FalkorDB as a Prefect Block: embedded falkordblite file by default, a server when a URL is set."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from prefect.blocks.core import Block
from pydantic import Field

from blocks.settings import StoreSettings

_CONNECTIONS: dict[str, Any] = {}
_LOCK = threading.Lock()
UNWIND_BATCH = 2000  # FalkorDB handles a few thousand rows per UNWIND comfortably (DESIGN §5)

_NODE_INDEXES = [("Episode", "uuid"), ("Episode", "group_id"), ("Entity", "uuid"), ("Entity", "group_id"),
                 ("Entity", "name_norm"), ("Community", "uuid"), ("Community", "group_id")]
_EDGE_INDEXES = [("RELATES_TO", "uuid"), ("RELATES_TO", "group_id"), ("RELATES_TO", "valid_at")]


def _connect(url: str | None, path: Path) -> Any:
    key = url or str(path)
    with _LOCK:
        if key not in _CONNECTIONS:
            if url:
                from falkordb import FalkorDB

                _CONNECTIONS[key] = FalkorDB.from_url(url)
            else:
                from redislite.falkordb_client import FalkorDB as EmbeddedFalkorDB

                path.parent.mkdir(parents=True, exist_ok=True)
                _CONNECTIONS[key] = EmbeddedFalkorDB(str(path))
        return _CONNECTIONS[key]


class GraphStore(Block):
    """The graph truth: Episode/Entity/Community nodes, MENTIONS/RELATES_TO/HAS_MEMBER edges."""

    _block_type_name = "Chronicle Graph"
    url: str | None = Field(default=None, description="redis://host:port of a FalkorDB server; empty = embedded")
    path: str | None = Field(default=None, description="falkordblite file; default CHRONICLE_HOME/graph.db")
    graph_name: str = "chronicle"

    @classmethod
    def from_settings(cls, s: StoreSettings | None = None) -> "GraphStore":
        s = s or StoreSettings.from_env()
        return cls(url=s.falkordb_url, path=str(s.home / "graph.db"), graph_name=s.graph_name)

    def _graph(self) -> Any:
        path = Path(self.path) if self.path else StoreSettings.from_env().home / "graph.db"
        return _connect(self.url, path).select_graph(self.graph_name)

    def query(self, cypher: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
        """Run one Cypher statement and return its rows."""
        return self._graph().query(cypher, params or {}).result_set

    def ro_query(self, cypher: str, params: dict[str, Any] | None = None) -> list[list[Any]]:
        return self._graph().ro_query(cypher, params or {}).result_set

    def run_batched(self, cypher: str, rows: list[dict[str, Any]]) -> None:
        """UNWIND $rows in bounded batches (each statement is atomic on its own)."""
        for i in range(0, len(rows), UNWIND_BATCH):
            self.query(cypher, {"rows": rows[i:i + UNWIND_BATCH]})

    def ensure_indexes(self) -> None:
        """Create the range indexes that are missing; existing ones are left alone."""
        have: set[tuple[str, str]] = set()
        try:
            for row in self.ro_query("CALL db.indexes()"):
                for prop in row[1]:
                    have.add((row[0], prop))
        except Exception as exc:  # an empty graph has no index procedure result on some versions
            if "empty" not in str(exc).lower() and "invalid graph" not in str(exc).lower():
                raise
        for label, prop in _NODE_INDEXES:
            if (label, prop) not in have:
                self.query(f"CREATE INDEX FOR (n:{label}) ON (n.{prop})")
        for rel, prop in _EDGE_INDEXES:
            if (rel, prop) not in have:
                self.query(f"CREATE INDEX FOR ()-[r:{rel}]-() ON (r.{prop})")
