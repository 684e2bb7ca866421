"""Query-layer commands (`when`, `timeline`, `facts`, `export`), registered on the main app."""
from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Attach the query-layer commands to `app`."""
    return None
