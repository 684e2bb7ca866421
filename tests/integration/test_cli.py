"""The `chronicle` executable as users and outside checks call it (DESIGN §4)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from tests.conftest import REPO

CLI = str(Path(sys.executable).with_name("chronicle"))


def run(args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "CHRONICLE_HOME": str(home)}
    env.pop("PREFECT_API_URL", None)
    return subprocess.run([CLI, *args], env=env, capture_output=True, text=True, timeout=600)


def test_partial_backfill_exit_status_summary_search_stats_and_verify(tmp_path):
    r = run(["backfill", str(REPO / "data" / "bad_rows.jsonl"), "--group", "cli", "--json"], tmp_path)
    assert r.returncode == 3, r.stderr[-2000:]
    summary = json.loads([line for line in r.stdout.splitlines() if line.startswith("{")][-1])
    assert (summary["episodes_ingested"], summary["quarantined"], summary["partial"]) == (12, 9, True)
    for key in ("episodes_read", "entities", "facts", "facts_invalidated", "llm_calls", "llm_prompt_tokens",
                "llm_completion_tokens", "seconds"):
        assert key in summary

    s = run(["search", "Where does Jordan live?", "--group", "cli", "--json", "--limit", "3"], tmp_path)
    assert s.returncode == 0, s.stderr[-2000:]
    hits = [json.loads(line) for line in s.stdout.splitlines() if line.startswith("{")]
    assert 1 <= len(hits) <= 3
    assert set(hits[0]) >= {"uuid", "fact", "name", "source", "target", "valid_at", "invalid_at", "created_at",
                            "expired_at", "episodes", "score"}

    st = run(["stats", "--group", "cli", "--json"], tmp_path)
    stats = json.loads(st.stdout.strip().splitlines()[-1])
    assert stats["episodes"] == 12 and stats["quarantined"] == 9

    v = run(["verify", "--group", "cli"], tmp_path)
    assert v.returncode == 0 and "consistent" in v.stdout

    bad_time = run(["search", "x", "--group", "cli", "--as-of", "yesterday-ish"], tmp_path)
    assert bad_time.returncode == 2 and "as-of" in (bad_time.stderr + bad_time.stdout).lower()
