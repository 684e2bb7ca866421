"""Query layer on real stores: when, timeline (+ picture), facts on/between, known-at views, export, ask."""
from __future__ import annotations

import json
from datetime import datetime, timezone

import polars as pl
import pytest
from typer.testing import CliRunner

from flows.backfill import backfill_flow
from tests.conftest import REPO, SHARED_EVAL


def d(*a: int) -> datetime:
    return datetime(*a, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def stores(chronicle_home, tmp_path_factory):
    conv = [s for s in json.loads((SHARED_EVAL / "locomo_dev.json").read_text()) if s["sample_id"] == "conv-26"]
    p = tmp_path_factory.mktemp("locomo") / "conv-26.json"
    p.write_text(json.dumps(conv))
    a = backfill_flow(path=str(REPO / "data" / "sample_archive.jsonl"), group="demo", chunk_size=25)  # chunks: facts retired after they were recorded
    b = backfill_flow(path=str(p), group="conv-26", format="locomo", chunk_size=400)
    assert a["quarantined"] == 0 and b["episodes_ingested"] == len([t for k, v in conv[0]["conversation"].items()
                                                                    if k.startswith("session_") and isinstance(v, list) for t in v])
    return chronicle_home


def test_when_answers_at_true_granularity_with_evidence(stores):
    from search.when import when

    a = when("When did Caroline go to the LGBTQ support group?", "conv-26")
    assert a.interval_start.startswith("2023-05-07") and a.interval_end.startswith("2023-05-08")
    assert a.answer == "7 May 2023" and a.evidence[0]["source_id"] == "D1:3"
    assert a.evidence[0]["episode_uuid"] and len(a.evidence) == 10
    m = when("When is Melanie planning on going camping?", "conv-26")
    assert (m.answer, m.granularity) == ("June 2023", "month")
    h = when("How long has Caroline had her current group of friends for?", "conv-26")
    assert h.duration == "P4Y" or "D3:13" in [e["source_id"] for e in h.evidence]
    assert when("When did Caroline go to the LGBTQ support group?", "demo").evidence[0]["source_id"] != "D1:3"


def test_timeline_shows_invalidation_and_known_at_undoes_it(stores, tmp_path):
    from search.plot import draw_timeline
    from search.timeline import entity_timeline, render_text

    tl = entity_timeline("Maya", "demo")
    jobs = [e for e in tl.entries if e.relation == "works_at"]
    assert len(jobs) >= 2 and [e.valid_at for e in tl.entries] == sorted(e.valid_at for e in tl.entries)
    old = next(e for e in jobs if e.invalid_at and e.expired_at and e.expired_at > e.created_at)
    assert old.status == "expired" and old.episodes and old.episodes[0]["source_id"]
    # before the graph learned of the new job, the old one was current
    believed = entity_timeline("maya", "demo", known_at=datetime.fromisoformat(old.created_at))
    again = next(e for e in believed.entries if e.uuid == old.uuid)
    assert again.status == "current" and again.expired_at is None
    world = entity_timeline("Maya", "demo", as_of=datetime.fromisoformat(old.invalid_at))
    assert old.uuid not in {e.uuid for e in world.entries}
    assert "✗" in render_text(tl)
    png = draw_timeline(tl, tmp_path / "maya.png")
    assert png.stat().st_size > 10_000
    with pytest.raises(LookupError):
        entity_timeline("Nobody Atall", "demo")


def test_facts_on_a_day_and_between(stores):
    from search.range import facts_between, facts_on

    day = facts_on("conv-26", d(2023, 5, 7))
    dated = [r for r in day if r.match == "dated"]
    assert any("support group" in r.fact for r in dated)
    assert all(r.valid_at[:10] <= "2023-05-07" for r in dated)
    rng = facts_between("conv-26", d(2023, 6, 1), d(2023, 6, 30), include_states=False)
    assert rng and all(r.match == "dated" for r in rng)
    coarse = [r for r in rng if r.granularity in ("month", "year")]
    fine = [r for r in rng if r.granularity == "day"]
    if coarse and fine:
        assert max(r.confidence for r in coarse) <= max(r.confidence for r in fine)
    assert not facts_on("conv-26", d(1999, 1, 1), include_states=False)


def test_export_snapshot_parquet(stores, tmp_path):
    from search.export import export_snapshot

    full = export_snapshot(tmp_path / "all", group_id="demo")
    past = export_snapshot(tmp_path / "past", group_id="demo", as_of=d(2023, 10, 1))
    facts = pl.read_parquet(tmp_path / "all" / "facts.parquet")
    assert full["facts"] == facts.height > past["facts"] > 0
    assert facts.schema["valid_at"] == pl.Datetime("ms", "UTC")
    eps = pl.read_parquet(tmp_path / "past" / "episodes.parquet")
    assert eps.height == past["episodes"] and eps["valid_at"].max() <= d(2023, 10, 1)
    assert set(pl.read_parquet(tmp_path / "all" / "episodes.parquet")["group_id"]) == {"demo"}


def test_cli_commands(stores, tmp_path):
    from chronicle_cli.main import app

    r = CliRunner().invoke(app, ["when", "When did Melanie paint a sunrise?", "--group", "conv-26", "--json"])
    assert r.exit_code == 0, r.output
    a = json.loads([ln for ln in r.output.splitlines() if ln.startswith("{")][-1])
    assert {"answer", "interval_start", "interval_end", "duration", "granularity", "confidence", "evidence"} <= set(a)
    assert a["interval_start"].startswith("2022-01-01") and a["answer"] == "2022"
    r = CliRunner().invoke(app, ["timeline", "Maya", "--group", "demo", "--output", str(tmp_path / "m.html")])
    assert r.exit_code == 0 and (tmp_path / "m.html").read_text().startswith("<!doctype html>")
    r = CliRunner().invoke(app, ["facts", "--group", "conv-26", "--on", "2023-05-07", "--json"])
    assert r.exit_code == 0 and any("support group" in json.loads(ln)["fact"] for ln in r.output.splitlines() if ln.startswith("{"))
    r = CliRunner().invoke(app, ["export", "--group", "demo", "--output", str(tmp_path / "x"), "--json"])
    assert r.exit_code == 0 and (tmp_path / "x" / "entities.parquet").exists()
    r = CliRunner().invoke(app, ["timeline", "Nobody Atall", "--group", "demo"])
    assert r.exit_code == 1


def test_ask_narrows_by_the_question_time(stores):
    from search.temporal_search import search_at

    res = search_at("what did Caroline do in May 2023?", "conv-26", limit=20)
    assert res.window is not None and res.hits
    assert all(h.valid_at[:7] == "2023-05" or (h.invalid_at or "9999") > "2023-05" for h in res.hits)
    plain = search_at("Caroline support group", "conv-26")
    assert plain.window is None and plain.hits
