"""Shared set-up for the benchmark scripts: offline, quiet, and the repo importable when run as a file."""
from __future__ import annotations

import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent


def prepare() -> None:
    """Offline model loading, no telemetry, quiet Prefect and lance, repo root on sys.path."""
    for key, value in (("HF_HUB_OFFLINE", "1"), ("PREFECT_SERVER_ANALYTICS_ENABLED", "false"), ("DO_NOT_TRACK", "1"),
                       ("PREFECT_LOGGING_LEVEL", "WARNING"), ("RUST_LOG", "error")):
        os.environ.setdefault(key, value)
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
