"""Integration fixtures: a Prefect test harness and throwaway CHRONICLE_HOMEs with real stores."""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest


@pytest.fixture(scope="session", autouse=True)
def prefect_harness() -> Iterator[None]:
    from prefect.testing.utilities import prefect_test_harness

    with prefect_test_harness(server_startup_timeout=120):
        yield


@pytest.fixture(scope="module")
def chronicle_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A fresh embedded FalkorDB file + LanceDB directory for one test module."""
    home = tmp_path_factory.mktemp("chronicle_home")
    old = os.environ.get("CHRONICLE_HOME")
    os.environ["CHRONICLE_HOME"] = str(home)
    try:
        yield home
    finally:
        if old is None:
            os.environ.pop("CHRONICLE_HOME", None)
        else:
            os.environ["CHRONICLE_HOME"] = old
