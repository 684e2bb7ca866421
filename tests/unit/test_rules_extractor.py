"""The offline rules extractor on hand-written sentences (temporal engine replaced by fixed answers)."""
from datetime import datetime, timezone

import pytest

from extraction.grammar import third_person_verb, to_third_person
from extraction.mentions import find_mentions
from extraction.rules import RulesExtractor
from models.episode import Episode
from models.temporal import TemporalExpression

REF = datetime(2024, 3, 15, 12, tzinfo=timezone.utc)


def ep(text: str, speaker: str = "Jordan") -> Episode:
    return Episode(uuid="e1", group_id="g", conversation_id="c", turn=0, speaker=speaker, content=text, valid_at=REF, created_at=REF)


def no_time(text, ref):
    return []


def january(text, ref):
    i = text.find("in January")
    if i < 0:
        return []
    return [TemporalExpression(text="in January", start=i + 3, end=i + 10, timex_type="DATE", value="2024-01", kind="relative",
                               granularity="month", interval_start=datetime(2024, 1, 1, tzinfo=timezone.utc),
                               interval_end=datetime(2024, 2, 1, tzinfo=timezone.utc), confidence=0.9, reference_time=ref)]


@pytest.mark.parametrize("verb,expected", [("love", "loves"), ("go", "goes"), ("study", "studies"), ("watch", "watches"),
                                           ("have", "has"), ("went", "went"), ("moved", "moved"), ("can", "can")])
def test_third_person_verbs(verb, expected):
    assert third_person_verb(verb) == expected


def test_first_person_is_rewritten_about_the_speaker():
    assert to_third_person("I love my dog", "Maya") == "Maya loves Maya's dog."
    assert to_third_person("I'm planning to visit Kyoto", "Maya") == "Maya is planning to visit Kyoto."
    assert to_third_person("I've lived here for years", "Maya") == "Maya has lived here for years."


def test_mentions_skip_sentence_openers_calendar_words_and_the_pronoun():
    names = [m.name for m in find_mentions("Thanks! Before Portland I lived in Chicago. Monday was fun with Leah.", {"Jordan"})]
    assert "Chicago" in names and "Leah" in names and "Portland" in names
    assert not any(n in names for n in ("Thanks", "Monday", "I", "Portland I"))


def test_move_with_a_time_expression_dates_the_fact_by_the_expression():
    ex = RulesExtractor(resolver=january).extract(ep("We finally moved to Denver in January."), {"Jordan"})
    (fact,) = [f for f in ex.facts if f.relation == "lives_in"]
    assert fact.target == "Denver" and fact.target_type == "Place" and fact.fact_type == "state"
    assert fact.valid_at == datetime(2024, 1, 1, tzinfo=timezone.utc)
    assert fact.temporal.text == "in January" and fact.temporal.granularity == "month"


def test_without_a_time_expression_the_episode_time_is_used():
    ex = RulesExtractor(resolver=no_time).extract(ep("I work at Ridgeline Bikes."), {"Jordan"})
    (fact,) = ex.facts
    assert (fact.relation, fact.target, fact.target_type) == ("works_at", "Ridgeline Bikes", "Organization")
    assert fact.valid_at == REF and fact.temporal.kind == "episode_time"
    assert fact.fact == "Jordan works at Ridgeline Bikes."


def test_leaving_a_job_is_a_negation():
    ex = RulesExtractor(resolver=no_time).extract(ep("I left Ridgeline Bikes before the move."), {"Jordan"})
    (fact,) = ex.facts
    assert fact.relation == "works_at" and fact.negates and fact.target == "Ridgeline Bikes"


def test_family_pets_preferences_and_plans():
    ex = RulesExtractor(resolver=no_time).extract(
        ep("My sister Leah lives in Boston. I adopted a dog named Biscuit. I love hiking. I'm planning to visit Kyoto."), {"Jordan"})
    got = {(f.relation, f.target, f.fact_type) for f in ex.facts}
    assert ("has_sister", "Leah", "state") in got
    assert ("has_pet", "Biscuit", "state") in got
    assert ("likes", "hiking", "preference") in got
    assert ("plans", "Kyoto", "plan") in got


def test_small_talk_yields_no_fact():
    ex = RulesExtractor(resolver=no_time).extract(ep("Haha, that sounds great! See you soon."), {"Jordan"})
    assert ex.facts == []
    assert [e.name for e in ex.entities] == ["Jordan"]
