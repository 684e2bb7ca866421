"""`when` answer composition without stores: turn choice, time choice, rendering, evidence."""
from __future__ import annotations

from datetime import datetime, timezone

from models.timeutil import to_ms
from search.when import answer_question, pick_time, spoken_text
from search.textmatch import terms
from search.turn_rank import Turn
from temporal.engine import resolve


def d(*a: int) -> datetime:
    return datetime(*a, tzinfo=timezone.utc)


def test_time_of_the_matching_sentence_not_another_one():
    text = "My kids are so excited about summer break! We're thinking about going camping next month. Any fun plans?"
    p = pick_time("when", text, terms("Melanie planning going camping"), d(2023, 5, 25, 13), resolve)
    assert (p.start, p.end, p.granularity, p.text) == (d(2023, 6, 1), d(2023, 7, 1), "month", "next month")


def test_undated_statement_takes_the_time_of_the_sentence_before():
    text = "Last night was amazing! We celebrated my daughter's birthday with a concert."
    p = pick_time("when", text, terms("daughter birthday"), d(2023, 8, 14, 14), resolve)
    assert p.found and p.text == "Last night" and p.start.date() == d(2023, 8, 13).date()


def test_undated_statement_is_the_day_it_was_said():
    text = "I'm expanding my dance studio's social media presence. I'm also hosting a dance competition next month."
    p = pick_time("when", text, terms("expanding studio social media presence"), d(2023, 4, 3, 13), resolve)
    assert not p.found and (p.start, p.end) == (d(2023, 4, 3), d(2023, 4, 4))
    q = pick_time("when", text, terms("host dance competition"), d(2023, 4, 3, 13), resolve)
    assert q.granularity == "month" and q.start == d(2023, 5, 1)


def test_how_long_takes_the_duration():
    text = "They've been there through everything, I've known these friends for 4 years, since I moved."
    p = pick_time("how_long", text, terms("friends"), d(2023, 6, 9), resolve)
    assert p.duration == "P4Y" and p.start == d(2019, 1, 1)


def test_spoken_text_strips_speaker_and_caption():
    assert spoken_text("Melanie: take a look at this. [image: a photo of a lake]") == "take a look at this."


def _turns() -> list[Turn]:
    said = [d(2023, 5, 8, 13), d(2023, 5, 8, 13), d(2023, 5, 8, 13), d(2023, 5, 25, 13), d(2023, 5, 25, 13)]
    texts = ["Caroline: I went to a LGBTQ support group yesterday and it was so powerful.",
             "Melanie: Wow, that's cool, Caroline! What happened that was so awesome?",
             "Caroline: The transgender stories were so inspiring! I was so happy and thankful for the support.",
             "Melanie: I ran a charity race for mental health last Saturday.",
             "Caroline: That charity race sounds great, Mel."]
    return [Turn(uuid=f"u{i}", source_id=f"D{1 + i // 3}:{i % 3 + 1}", conversation_id="c", turn=i,
                 speaker=t.split(":")[0], text=t, valid_at=to_ms(s)) for i, (t, s) in enumerate(zip(texts, said))]


def test_answer_from_the_best_statement_with_evidence():
    turns = _turns()
    a = answer_question("When did Caroline go to the LGBTQ support group?", turns, [0.0] * len(turns), [], d(2023, 10, 1), resolve)
    assert a.answer == "7 May 2023" and a.interval_start.startswith("2023-05-07") and a.interval_end.startswith("2023-05-08")
    assert a.granularity == "day" and 0 < a.confidence <= 1
    assert a.evidence[0]["source_id"] == "D1:1" and len(a.evidence) == len(turns)
    b = answer_question("When did Melanie run a charity race?", turns, [0.0] * len(turns),
                        [{"uuid": "f1", "episodes": ["u3"]}], d(2023, 10, 1), resolve)
    assert b.answer == "the Saturday before 25 May 2023" and b.evidence[0]["fact_uuid"] == "f1"
    assert b.evidence[0]["episode_uuid"] == "u3"


def test_no_turns_no_answer():
    a = answer_question("When did X happen?", [], [], [], d(2023, 1, 1), resolve)
    assert a.interval_start == "" and a.evidence == [] and a.confidence == 0.0


def test_a_short_elaboration_after_the_statement_dates_it():
    text = "Ok, official announcement: I just started working at Bluepeak Analytics! Monday was my first day."
    p = pick_time("when", text, terms("Maya start working Bluepeak Analytics"), d(2024, 2, 14, 18), resolve)
    assert p.found and p.start == d(2024, 2, 12)
