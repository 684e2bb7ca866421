"""The `chronicle` command line (DESIGN §4). Heavy imports stay inside commands so `--help` is quick."""
from __future__ import annotations

import typer

from chronicle_cli.temporal_cmd import temporal_app

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Chronicle: conversation archives to a bi-temporal knowledge graph.")
app.add_typer(temporal_app, name="temporal")
