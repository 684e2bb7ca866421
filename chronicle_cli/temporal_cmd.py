"""`chronicle temporal resolve|parse` (owned by the temporal engine work)."""
from __future__ import annotations

import typer

temporal_app = typer.Typer(no_args_is_help=True, help="Resolve temporal expressions.")
