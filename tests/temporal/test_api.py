"""Public API contracts: JSON fast path, time zones, primary_time, cache, CLI."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from typer.testing import CliRunner

from chronicle_cli.temporal_cmd import temporal_app
from temporal.engine import primary_time, resolve, resolve_json
from temporal.normalizer import normalize

UTC = timezone.utc
REF = datetime(2023, 5, 25, 13, 14, tzinfo=UTC)


def test_json_fast_path_equals_pydantic_dump() -> None:
    text = "Last week I moved; since 2020 I paint; tomorrow at 5pm we meet; every Monday; for 3 years."
    for ref in (REF, datetime(2023, 5, 8, 1, 0, tzinfo=timezone(timedelta(hours=-7)))):
        assert resolve_json(text, ref) == [e.model_dump(mode="json") for e in resolve(text, ref)]


def test_naive_reference_is_utc() -> None:
    assert resolve("yesterday", REF.replace(tzinfo=None)) == resolve("yesterday", REF)


def test_calendar_math_uses_the_reference_local_day() -> None:
    ref = datetime(2023, 5, 8, 1, 0, tzinfo=timezone(timedelta(hours=-7)))  # = 08:00 UTC
    (e,) = resolve("I went there yesterday.", ref)
    assert e.value == "2023-05-07"
    assert e.interval_start == datetime(2023, 5, 7, 7, 0, tzinfo=UTC)
    assert e.interval_end == datetime(2023, 5, 8, 7, 0, tzinfo=UTC)
    assert e.reference_time == ref


def test_since_runs_to_the_reference_time() -> None:
    (e,) = resolve("I've lived here since 2020.", REF)
    assert (e.text, e.value, e.granularity) == ("since 2020", "2020", "year")
    assert e.interval_start == datetime(2020, 1, 1, tzinfo=UTC) and e.interval_end == REF


def test_granularity_is_honest_for_month_year() -> None:
    (e,) = resolve("They married in August 2005.", REF)
    assert (e.value, e.granularity) == ("2005-08", "month")
    assert e.interval_start == datetime(2005, 8, 1, tzinfo=UTC)
    assert e.interval_end == datetime(2005, 9, 1, tzinfo=UTC)


def test_vague_and_fuzzy_ranges() -> None:
    (few,) = resolve("Got the tattoo a few years ago.", REF)
    assert (few.value, few.kind) == ("PAST_REF", "vague")
    assert few.interval_start == datetime(2018, 1, 1, tzinfo=UTC)
    assert few.interval_end == datetime(2022, 1, 1, tzinfo=UTC)
    (rec,) = resolve("I recently started.", REF)
    assert rec.value == "PAST_REF" and not rec.has_interval


def test_durations_have_no_interval_unless_anchored() -> None:
    (d,) = resolve("I worked there for three years.", REF)
    assert (d.timex_type, d.value, d.has_interval) == ("DURATION", "P3Y", False)
    (a,) = resolve("Sales grew in the past three months.", REF)
    assert a.value == "P3M" and a.interval_end == datetime(2023, 5, 26, tzinfo=UTC)
    assert a.interval_start == datetime(2023, 2, 25, tzinfo=UTC)


def test_early_and_late_narrow_the_interval() -> None:
    (e,) = resolve("It snowed in early December.", REF)
    assert e.value == "2022-12" and e.interval_start == datetime(2022, 12, 1, tzinfo=UTC)
    assert e.interval_end == datetime(2022, 12, 11, tzinfo=UTC)


def test_primary_time_prefers_confident_dates() -> None:
    p = primary_time("Recently, I went to a conference two days ago for three hours.", REF)
    assert p is not None and p.value == "2023-05-23"
    assert primary_time("I love painting.", REF) is None
    assert primary_time("I paint every Monday for hours.", REF) is None


def test_span_cache_is_used() -> None:
    before = normalize.cache_info().hits
    for _ in range(3):
        resolve("We met last week and yesterday.", REF)
    assert normalize.cache_info().hits >= before + 4
    assert normalize.cache_info().maxsize is not None  # bounded


def test_cli_resolve_streams_and_reports_bad_lines(tmp_path) -> None:
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join([
        json.dumps({"id": "a", "text": "I moved last week.", "ref": "2023-05-25T13:14:00"}),
        "not json",
        json.dumps({"id": 7, "text": "no ref here"}),
        json.dumps({"id": "b", "text": "Nothing temporal.", "ref": "2023-05-25T13:14:00+02:00"}),
    ]) + "\n")
    out = tmp_path / "out.jsonl"
    res = CliRunner().invoke(temporal_app, ["resolve", "--input", str(src), "--output", str(out)])
    assert res.exit_code == 0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 4
    assert lines[0]["id"] == "a" and lines[0]["expressions"][0]["value"] == "2023-W20"
    assert lines[1]["id"] is None and "invalid JSON" in lines[1]["error"]
    assert lines[2]["id"] == 7 and "ref" in lines[2]["error"]
    assert lines[3] == {"id": "b", "expressions": []}


def test_cli_llm_fallback_is_not_available() -> None:
    res = CliRunner().invoke(temporal_app, ["resolve", "--llm-fallback"], input="")
    assert res.exit_code == 2


def test_cli_parse_json() -> None:
    res = CliRunner().invoke(temporal_app, ["parse", "I moved last week.", "--ref", "2023-05-25T13:14:00", "--json"])
    assert res.exit_code == 0
    assert json.loads(res.stdout)[0]["value"] == "2023-W20"
