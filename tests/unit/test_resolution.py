"""World-time ordering of contradictions, dedupe and idempotence of fact resolution (no I/O)."""
from resolution.entities import EntityIndex, normalize_name
from resolution.facts import ResolvedCandidate, merge_facts

DAY = 86_400_000
NOW = 1_800_000_000_000


def cand(ep: str, target: str, valid: int, relation: str = "works_at", fact_type: str = "state", negates: bool = False,
         stated_invalid: int | None = None) -> ResolvedCandidate:
    return ResolvedCandidate(episode_uuid=ep, source_uuid="maya", target_uuid=target, source_name="Maya",
                             target_name=target, relation=relation, fact=f"Maya {relation} {target}",
                             fact_type=fact_type, valid_at=valid, stated_invalid_at=stated_invalid, negates=negates,
                             t_text=None, t_value=None, t_kind="episode_time", t_granularity="day", t_confidence=1.0)


def by_target(res):
    return {f["target_uuid"]: f for f in res.changed.values() if f["name"] == "works_at"}


def test_newer_fact_invalidates_older_one_with_all_four_times():
    res = merge_facts("g", [cand("e1", "northwind", 10 * DAY), cand("e2", "bluepeak", 20 * DAY)], {}, [], NOW)
    f = by_target(res)
    assert f["northwind"]["invalid_at"] == 20 * DAY
    assert f["northwind"]["expired_at"] == NOW and f["northwind"]["created_at"] == NOW
    assert f["northwind"]["invalidated_by"] == f["bluepeak"]["uuid"]
    assert f["bluepeak"]["invalid_at"] is None and f["bluepeak"]["expired_at"] is None
    assert res.invalidated == 1


def test_out_of_order_arrival_invalidates_the_fact_that_became_true_earlier():
    # Learned first: works at Bluepeak since day 20. Learned later: worked at Northwind from day 10.
    first = merge_facts("g", [cand("e2", "bluepeak", 20 * DAY)], {}, [], NOW)
    stored = list(first.changed.values())
    res = merge_facts("g", [cand("e9", "northwind", 10 * DAY)], {}, stored, NOW + 1)
    f = {r["target_uuid"]: r for r in stored + list(res.changed.values())}
    assert f["northwind"]["invalid_at"] == 20 * DAY, "the earlier-true fact is the one retired"
    assert f["bluepeak"]["invalid_at"] is None


def test_stated_end_is_kept_and_does_not_expire_the_fact():
    res = merge_facts("g", [cand("e1", "chicago", 1 * DAY, relation="lives_in", stated_invalid=5 * DAY),
                            cand("e2", "portland", 100 * DAY, relation="lives_in")], {}, [], NOW)
    f = {r["target_uuid"]: r for r in res.changed.values()}
    assert f["chicago"]["invalid_at"] == 5 * DAY
    assert f["chicago"]["expired_at"] is None, "a fact that says when it ended was never contradicted"


def test_restatement_dedupes_and_appends_the_episode():
    res = merge_facts("g", [cand("e1", "northwind", 10 * DAY), cand("e5", "northwind", 15 * DAY)], {}, [], NOW)
    assert res.created == 1 and res.deduped == 1
    (fact,) = res.changed.values()
    assert fact["episodes"] == ["e1", "e5"] and fact["valid_at"] == 10 * DAY


def test_negation_closes_the_state_and_is_kept_as_an_event():
    res = merge_facts("g", [cand("e1", "northwind", 10 * DAY), cand("e2", "northwind", 30 * DAY, negates=True)], {}, [], NOW)
    works = by_target(res)["northwind"]
    ended = [f for f in res.changed.values() if f["name"] == "ended_works_at"]
    assert works["invalid_at"] == 30 * DAY and works["expired_at"] == NOW
    assert len(ended) == 1 and ended[0]["fact_type"] == "event"


def test_rerun_over_stored_facts_changes_nothing():
    cands = [cand("e1", "northwind", 10 * DAY), cand("e2", "bluepeak", 20 * DAY)]
    first = merge_facts("g", cands, {}, [], NOW)
    stored = {u: dict(r) for u, r in first.changed.items()}
    again = merge_facts("g", cands, {u: dict(r) for u, r in stored.items()}, [dict(r) for r in stored.values()], NOW + DAY)
    assert again.changed == {} and again.created == 0 and again.invalidated == 0


def test_multi_valued_relations_never_invalidate_each_other():
    res = merge_facts("g", [cand("e1", "hiking", DAY, relation="likes", fact_type="preference"),
                            cand("e2", "jazz", 2 * DAY, relation="likes", fact_type="preference")], {}, [], NOW)
    assert all(f["invalid_at"] is None for f in res.changed.values())


def test_entity_index_exact_fuzzy_and_first_name_resolution():
    idx = EntityIndex("g")
    maya = idx.resolve("Maya", "Person")
    assert idx.resolve("maya", "Person").uuid == maya.uuid
    assert idx.resolve("Maya Chen", "Person", persons={"Maya"}).uuid == maya.uuid
    org = idx.resolve("Bluepeak Analytics", "Organization")
    assert idx.resolve("Bluepeak Analytic", "Organization").uuid == org.uuid, "fuzzy match above the threshold"
    assert idx.resolve("Northwind Labs", "Organization").uuid != org.uuid
    other = EntityIndex("other-group")
    assert other.resolve("Maya", "Person").uuid != maya.uuid, "ids are scoped by group"
    assert normalize_name("The  Lumen Festival!") == "lumen festival"
