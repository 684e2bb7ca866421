"""Query-time temporal parsing and lexical matching (pure; the real temporal engine)."""
from __future__ import annotations

from datetime import datetime, timezone

from search.query_time import parse_question, question_kind
from search.textmatch import BM25, stem, terms

REF = datetime(2023, 10, 22, tzinfo=timezone.utc)


def test_question_kinds():
    assert question_kind("When did Caroline go to the support group?")[0] == "when"
    assert question_kind("How long has Melanie been practicing art?")[0] == "how_long"
    assert question_kind("How long ago was Caroline's 18th birthday?")[0] == "how_long_ago"
    assert question_kind("What did Caroline do?")[0] == "other"


def test_topic_terms_names_and_tense():
    q = parse_question("When is Melanie planning on going camping?", REF)
    assert q.kind == "when" and q.future and q.names == ["Melanie"]
    assert stem("camping") in q.terms and "when" not in q.core.lower()
    past = parse_question("When did Caroline meet up with her friends?", REF)
    assert not past.future and past.main == stem("meet")


def test_relative_window_against_the_reference():
    q = parse_question("what did Caroline do last May?", REF)
    assert q.window is not None and not q.window.any_year
    assert (q.window.start.date().isoformat(), q.window.end.date().isoformat()) == ("2023-05-01", "2023-06-01")
    assert "may" not in q.core.lower()


def test_bare_month_matches_any_year():
    q = parse_question("When did Melanie go camping in June?", REF)
    w = q.window
    assert w is not None and w.any_year
    assert w.overlaps(datetime(2021, 6, 10, tzinfo=timezone.utc), datetime(2021, 6, 11, tzinfo=timezone.utc))
    assert not w.overlaps(datetime(2023, 7, 10, tzinfo=timezone.utc), datetime(2023, 7, 11, tzinfo=timezone.utc))


def test_event_anchor():
    q = parse_question("Where did Maya live before she moved to Denver?", REF)
    assert q.anchor == ("before", "she moved to Denver") and q.window is None
    assert "denver" not in q.terms


def test_stemming_joins_word_forms():
    assert stem("painted") == stem("painting") == stem("paints")
    assert stem("adoption") == stem("adopt") and stem("mentorship") == stem("mentored")
    assert stem("went") == stem("go")


def test_bm25_prefers_the_rare_shared_words():
    docs = ["Caroline: I went to a support group yesterday", "Caroline: I love the group", "Melanie: pottery class"]
    bm = BM25(docs)
    s = bm.scores(terms("support group"))
    assert s[0] > s[1] > s[2] == 0.0
    assert bm.coverage(terms("support group"), 0) == 1.0
