"""Bi-temporal views, facts on a day by granularity, snapshots and timelines (pure, fact dicts in epoch ms)."""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path

from models.timeutil import to_ms
from search.export import snapshot
from search.plot import draw_timeline
from search.range import day_bounds, select
from search.timeline import build_timeline, render_text
from search.views import as_known_at, view


def d(*a: int) -> datetime:
    return datetime(*a, tzinfo=timezone.utc)


def fact(uuid: str, valid: datetime, gran: str = "day", ftype: str = "event", invalid: datetime | None = None,
         created: datetime = d(2024, 1, 1), expired: datetime | None = None, **kw) -> dict:
    base = {"uuid": uuid, "fact": f"fact {uuid}", "name": "rel", "source_uuid": "a", "target_uuid": "b",
            "source_name": "A", "target_name": "B", "fact_type": ftype, "episodes": [f"ep-{uuid}"],
            "valid_at": to_ms(valid), "invalid_at": to_ms(invalid), "stated_invalid_at": None,
            "created_at": to_ms(created), "expired_at": to_ms(expired), "invalidated_by": None,
            "t_granularity": gran, "t_value": None, "t_text": None, "t_confidence": 0.9}
    base.update(kw)
    return base


JOB_OLD = fact("old", d(2023, 1, 1), ftype="state", invalid=d(2023, 9, 1), created=d(2023, 2, 1), expired=d(2023, 9, 5),
               invalidated_by="new")
JOB_NEW = fact("new", d(2023, 9, 1), ftype="state", created=d(2023, 9, 5))


def test_known_at_undoes_a_later_retirement():
    before = as_known_at(JOB_OLD, d(2023, 6, 1))
    assert before is not None and before["expired_at"] is None and before["invalid_at"] is None
    assert as_known_at(JOB_NEW, d(2023, 6, 1)) is None  # not recorded yet
    assert as_known_at(JOB_OLD, d(2023, 10, 1))["expired_at"] is not None


def test_as_of_and_known_at_combine():
    facts = [JOB_OLD, JOB_NEW]
    assert [f["uuid"] for f in view(facts, as_of=d(2023, 10, 1))] == ["new"]
    assert [f["uuid"] for f in view(facts, as_of=d(2023, 5, 1))] == ["old"]
    # in June the graph did not know the job would end: as of October it still believed the old job held
    assert [f["uuid"] for f in view(facts, as_of=d(2023, 10, 1), known_at=d(2023, 6, 1))] == ["old"]


def test_facts_on_a_day_by_granularity():
    cands = [fact("day", d(2023, 5, 7)), fact("month", d(2023, 5, 1), "month"), fact("june", d(2023, 6, 1), "month"),
             fact("year", d(2023, 1, 1), "year"), JOB_OLD]
    lo, hi = day_bounds(d(2023, 5, 7, 15))
    got = select(cands, lo, hi)
    order = [(r.uuid, r.match) for r in got]
    assert order[:3] == [("day", "dated"), ("month", "dated"), ("year", "dated")]
    assert ("old", "holding") in order and all(u != "june" for u, _ in order)
    conf = {r.uuid: r.confidence for r in got}
    assert conf["day"] > conf["month"] > conf["year"]
    assert [r.uuid for r in select(cands, lo, hi, include_states=False)] == ["day", "month", "year"]


def test_between_days_are_inclusive():
    lo, hi = day_bounds(d(2023, 5, 1), d(2023, 5, 31))
    assert (lo, hi) == (d(2023, 5, 1), d(2023, 6, 1))
    assert [r.uuid for r in select([fact("m", d(2023, 5, 1), "month")], lo, hi)] == ["m"]
    assert select([fact("m", d(2023, 5, 1), "month")], lo, hi)[0].confidence == 0.9


def test_snapshot_as_of_and_known_at():
    rows = {"episodes": [{"uuid": "e1", "group_id": "g", "speaker": "A", "valid_at": to_ms(d(2023, 1, 1)), "created_at": to_ms(d(2023, 2, 1))},
                         {"uuid": "e2", "group_id": "g", "speaker": "A", "valid_at": to_ms(d(2023, 9, 1)), "created_at": to_ms(d(2023, 9, 5))}],
            "entities": [{"uuid": "a", "group_id": "g", "name": "A", "created_at": to_ms(d(2023, 2, 1))},
                         {"uuid": "b", "group_id": "g", "name": "B", "created_at": to_ms(d(2023, 2, 1))},
                         {"uuid": "z", "group_id": "g", "name": "Z", "created_at": to_ms(d(2023, 9, 5))}],
            "facts": [JOB_OLD, JOB_NEW]}
    s = snapshot(rows, as_of=d(2023, 5, 1))
    assert [e["uuid"] for e in s["episodes"]] == ["e1"] and [f["uuid"] for f in s["facts"]] == ["old"]
    assert {n["uuid"] for n in s["entities"]} == {"a", "b"}
    k = snapshot(rows, known_at=d(2023, 6, 1))
    assert [f["uuid"] for f in k["facts"]] == ["old"] and k["facts"][0]["expired_at"] is None
    assert {n["uuid"] for n in k["entities"]} == {"a", "b"}


def test_timeline_orders_marks_and_draws(tmp_path: Path):
    ev = fact("trip", d(2023, 6, 1), "month", ftype="event", t_text="next month")
    eps = {"ep-trip": {"uuid": "ep-trip", "source_id": "D2:7", "valid_at": to_ms(d(2023, 5, 25)), "content": "camping next month"}}
    tl = build_timeline({"uuid": "a", "name": "A", "entity_type": "Person"}, "g", [JOB_NEW, ev, JOB_OLD], eps)
    assert [e.uuid for e in tl.entries] == ["old", "trip", "new"]
    assert [e.status for e in tl.entries] == ["expired", "current", "current"]
    assert tl.entries[1].episodes[0]["source_id"] == "D2:7"
    text = render_text(tl)
    assert "✗ 2023-01-01 → 2023-09-01" in text and 'month "next month"' in text and "D2:7" in text
    png = draw_timeline(tl, tmp_path / "t.png")
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 5000
    page = draw_timeline(tl, tmp_path / "t.html").read_text()
    assert "data:image/png;base64," in page and "line-through" in page and "fact trip" in page
    known = build_timeline({"uuid": "a", "name": "A"}, "g", [JOB_NEW, JOB_OLD], {}, known_at=d(2023, 6, 1))
    assert [(e.uuid, e.status) for e in known.entries] == [("old", "current")]
