"""The Prefect UI in a real headless Chromium: four deployments listed, a custom backfill run started from
the UI with a non-default path and group, run to Completed by the worker, summary artifact on its page."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import REPO

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]
DEPLOYMENTS = {"backfill", "nightly", "refresh-summaries", "refresh-communities"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _api(base: str, path: str, body: dict | None = None) -> object:
    req = urllib.request.Request(base + "/api" + path, data=json.dumps(body or {}).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST" if body is not None else "GET")
    with urllib.request.urlopen(req, timeout=30) as r:
        return json.load(r)


@pytest.fixture()
def served(tmp_path: Path):
    """scripts/serve.sh (server + deployments + process worker) on a free port with its own PREFECT_HOME."""
    port = _free_port()
    env = {**os.environ, "PREFECT_PORT": str(port), "PREFECT_HOME": str(tmp_path / "prefect"),
           "CHRONICLE_HOME": str(tmp_path / "chronicle"), "PREFECT_LOGGING_LEVEL": "INFO"}
    env.pop("PREFECT_API_URL", None)
    log = (tmp_path / "serve.log").open("w")
    proc = subprocess.Popen([str(REPO / "scripts" / "serve.sh")], cwd=REPO, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.time() + 240
        while time.time() < deadline:
            if "started!" in (tmp_path / "serve.log").read_text(errors="replace"):
                break
            assert proc.poll() is None, (tmp_path / "serve.log").read_text(errors="replace")[-3000:]
            time.sleep(1)
        else:
            pytest.fail("worker did not start: " + (tmp_path / "serve.log").read_text(errors="replace")[-3000:])
        yield base, tmp_path
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
        log.close()


def test_backfill_started_from_the_ui_completes_with_its_summary_artifact(served):
    from playwright.sync_api import sync_playwright

    base, tmp = served
    archive = tmp / "ui_archive.jsonl"
    archive.write_text("\n".join((REPO / "data" / "sample_archive.jsonl").read_text().splitlines()[:30]) + "\n")
    deps = {d["name"]: d["id"] for d in _api(base, "/deployments/filter", {})}  # type: ignore[union-attr]
    assert set(deps) == DEPLOYMENTS
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        page.goto(base + "/deployments", wait_until="networkidle")
        listing = page.inner_text("main") if page.query_selector("main") else page.inner_text("body")
        for name in DEPLOYMENTS:
            assert name in listing

        page.goto(f"{base}/deployments/deployment/{deps['backfill']}", wait_until="networkidle")
        page.get_by_role("button", name="Run", exact=True).click()
        page.get_by_text("Custom run", exact=True).first.click()
        page.wait_for_load_state("networkidle")
        boxes = page.locator("textarea")
        boxes.nth(0).fill(str(archive))     # path
        boxes.nth(1).fill("ui-group")       # group
        page.get_by_role("button", name="Submit").click()
        page.wait_for_url(f"**/deployments/deployment/{deps['backfill']}**", timeout=60_000)
        runs: list = []
        for _ in range(30):  # the UI returns to the deployment page; find the run it created
            runs = [r for r in _api(base, "/flow_runs/filter", {"deployments": {"id": {"any_": [deps["backfill"]]}}})  # type: ignore[union-attr]
                    if r["parameters"].get("group") == "ui-group"]
            if runs:
                break
            time.sleep(1)
        assert len(runs) == 1, "exactly one run was started from the UI"
        run_id = runs[0]["id"]
        assert runs[0]["parameters"]["path"] == str(archive)
        deadline = time.time() + 300
        state = None
        while time.time() < deadline:
            state = _api(base, f"/flow_runs/{run_id}")["state"]["type"]  # type: ignore[index]
            if state in ("COMPLETED", "FAILED", "CRASHED", "CANCELLED"):
                break
            time.sleep(2)
        assert state == "COMPLETED", (tmp / "serve.log").read_text(errors="replace")[-4000:]

        page.goto(f"{base}/runs/flow-run/{run_id}", wait_until="networkidle")
        page.get_by_text("Artifacts", exact=True).first.click()
        page.wait_for_timeout(1500)
        body = page.inner_text("body")
        assert "backfill-summary" in body
        # docs/prefect_ui_backfill_run.png is refreshed only on request, so a test run leaves the tree clean.
        shot = REPO / "docs" / "prefect_ui_backfill_run.png" if os.environ.get("CHRONICLE_UPDATE_DOCS") else tmp / "run.png"
        page.screenshot(path=str(shot), full_page=True)
        assert shot.stat().st_size > 10_000
        browser.close()
    arts = _api(base, "/artifacts/filter", {"artifacts": {"flow_run_id": {"any_": [run_id]}}})
    table = next(a for a in arts if a["key"] == "backfill-summary")  # type: ignore[union-attr]
    rows = {r["counter"]: r["value"] for r in (json.loads(table["data"]) if isinstance(table["data"], str) else table["data"])}
    assert rows["episodes_ingested"] == 30 and rows["quarantined"] == 0
