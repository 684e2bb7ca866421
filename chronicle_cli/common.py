"""Helpers shared by the CLI command modules: a quiet environment and time option parsing."""
from __future__ import annotations

import os
from datetime import datetime
from typing import Optional

import typer


def quiet_env() -> None:
    """Offline model loading, no telemetry, and no library chatter on the user's terminal."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
    os.environ.setdefault("DO_NOT_TRACK", "1")
    os.environ.setdefault("PREFECT_LOGGING_LEVEL", "WARNING")
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    os.environ.setdefault("TRANSFORMERS_VERBOSITY", "error")
    os.environ.setdefault("RUST_LOG", "error")  # lance's scanner warnings are not the user's business


def parse_time_option(value: Optional[str], name: str) -> Optional[datetime]:
    """An ISO time (or epoch) option as aware UTC; a clear usage error otherwise."""
    if value is None:
        return None
    from models.timeutil import parse_timestamp

    try:
        return parse_timestamp(value)
    except ValueError as exc:
        raise typer.BadParameter(str(exc), param_hint=name) from exc
