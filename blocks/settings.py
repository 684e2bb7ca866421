"""Where the embedded stores live: CHRONICLE_HOME and the optional server URLs, from the environment."""
from __future__ import annotations

import os
from pathlib import Path

from pydantic import BaseModel


class StoreSettings(BaseModel):
    """Defaults are embedded: a falkordblite file and a LanceDB directory under CHRONICLE_HOME."""

    home: Path
    falkordb_url: str | None = None
    lancedb_uri: str | None = None
    graph_name: str = "chronicle"

    @classmethod
    def from_env(cls) -> "StoreSettings":
        home = Path(os.environ.get("CHRONICLE_HOME", ".chronicle")).expanduser().resolve()
        return cls(
            home=home,
            falkordb_url=os.environ.get("CHRONICLE_FALKORDB_URL") or None,
            lancedb_uri=os.environ.get("CHRONICLE_LANCEDB_URI") or None,
            graph_name=os.environ.get("CHRONICLE_GRAPH", "chronicle"),
        )
