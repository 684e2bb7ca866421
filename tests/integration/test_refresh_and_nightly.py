"""Nightly watermark, summary gate counters and community refresh on real stores."""
from __future__ import annotations



from blocks.graph import GraphStore
from flows.backfill import backfill_flow
from flows.nightly import nightly_flow
from flows.refresh_communities import refresh_communities_flow
from flows.refresh_summaries import refresh_summaries_flow
from tests.conftest import REPO

SAMPLE = REPO / "data" / "sample_archive.jsonl"


def test_nightly_ingests_new_files_and_rows_only_once(chronicle_home, tmp_path):
    inbox = tmp_path / "inbox"
    inbox.mkdir()
    lines = SAMPLE.read_text().splitlines()
    (inbox / "a.jsonl").write_text("\n".join(lines[:60]) + "\n")
    first = nightly_flow(directory=str(inbox), group="night")
    assert (first["files_ingested"], first["episodes_ingested"]) == (1, 60)
    again = nightly_flow(directory=str(inbox), group="night")
    assert (again["files_ingested"], again["episodes_read"], again["episodes_ingested"]) == (0, 0, 0)
    (inbox / "b.jsonl").write_text("\n".join(lines[60:100]) + "\n")
    third = nightly_flow(directory=str(inbox), group="night")
    assert third["files"] == ["b.jsonl"] and third["episodes_ingested"] == 40
    with (inbox / "a.jsonl").open("a") as fh:  # rows appended to a known file: only those are new
        fh.write("\n".join(lines[100:110]) + "\n")
    fourth = nightly_flow(directory=str(inbox), group="night")
    assert fourth["files"] == ["a.jsonl"] and fourth["episodes_ingested"] == 10 and fourth["records_skipped"] == 60
    g = GraphStore.from_settings()
    assert g.ro_query("MATCH (e:Episode {group_id: 'night'}) RETURN count(e)")[0][0] == 110


def test_summary_gate_refreshes_nothing_on_unchanged_data(chronicle_home):
    first = backfill_flow(path=str(SAMPLE), group="gate", chunk_size=50)
    assert first["summaries_refreshed"] > 0
    assert any(k.startswith("skip:burst_open") for k in first["summary_gate"]), first["summary_gate"]
    second = backfill_flow(path=str(SAMPLE), group="gate", chunk_size=50)
    assert second["summaries_refreshed"] == 0, second["summary_gate"]
    g = GraphStore.from_settings()
    (summary,) = g.ro_query("MATCH (n:Entity {group_id: 'gate', name: 'Maya'}) RETURN n.summary")[0]
    assert summary.startswith("Maya:") and "Bluepeak Analytics" in summary
    sweep = refresh_summaries_flow(group="gate", sla_hours=1e6)
    assert sweep["summaries_refreshed"] == sweep["candidates"]


def test_community_refresh_writes_members_and_skips_when_unchanged(chronicle_home):
    backfill_flow(path=str(SAMPLE), group="comm", chunk_size=100)
    out = refresh_communities_flow(group="comm")
    assert out["communities"] >= 1 and out["members"] >= 2
    g = GraphStore.from_settings()
    n = g.ro_query("MATCH (c:Community {group_id: 'comm'})-[:HAS_MEMBER]->(e:Entity) RETURN count(e)")[0][0]
    assert n == out["members"]
    assert refresh_communities_flow(group="comm")["skipped"] == "unchanged"
    forced = refresh_communities_flow(group="comm", force=True)
    assert forced["incremental"] and forced["communities"] == out["communities"]
