"""`when` questions answered from the stores alone (no LLM).

"When did X ...?" / "How long has X ...?" -> the turn that best states it (BM25 + vector + speaker +
conversational context + matching facts), then its time re-resolved with the temporal engine against
the turn's own time, choosing the expression in the sentence that matched; the turn's day when the
sentence has none. The answer keeps the expression's true granularity ("June 2023", not 1 June).
"""
from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from datetime import datetime, timedelta
from typing import Any, Callable

from models.temporal import TemporalExpression
from models.timeutil import from_ms, iso
from search.granularity import unit_interval
from search.query_time import FRAMING, Question, parse_question
from search.render_time import day_text, duration_start, duration_text, render_interval
from search.textmatch import term_positions
from search.turn_rank import RankedTurn, Turn, rank_turns

Resolver = Callable[[str, datetime], list[TemporalExpression]]
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]*")
_CAPTION = re.compile(r"\s*\[image: [^\]]*\]\s*$")
_SPEAKER_PREFIX = re.compile(r"^[^:\n]{1,60}:\s")
_SINCE = re.compile(r"^since\b", re.I)
EVIDENCE_K = 10


@dataclass
class TimePick:
    """A resolved time for a statement: an interval at its granularity and/or a duration."""

    start: datetime | None
    end: datetime | None
    granularity: str
    duration: str = ""
    value: str = ""
    kind: str = "episode_time"
    text: str = ""
    confidence: float = 1.0
    found: bool = False  # the statement names its time (else: the day it was said)
    interrogative: bool = False  # the matching sentence is a question, not a statement


@dataclass
class WhenAnswer:
    question: str
    answer: str
    interval_start: str
    interval_end: str
    duration: str
    granularity: str
    confidence: float
    evidence: list[dict[str, Any]] = field(default_factory=list)
    statement: str = ""
    time_text: str = ""
    said_at: str = ""
    reference_time: str = ""

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def spoken_text(search_text: str) -> str:
    """The words of a turn without the 'Speaker: ' prefix and the image caption the search text adds."""
    return _SPEAKER_PREFIX.sub("", _CAPTION.sub("", search_text), count=1)


def _sentences(text: str, matched: list[str], weights: dict[str, float], main: str | None) -> list[tuple[int, int, float]]:
    """(start, end, weight) per sentence: idf of the matched words in it, the event word doubled."""
    out = []
    for m in _SENTENCE.finditer(text):
        found = {p[2] for p in term_positions(m.group(0), matched)}
        w = sum(weights.get(t, 1.0) * (2.0 if t == main else 0.3 if t in FRAMING else 1.0) for t in found)
        out.append((m.start(), m.end(), w))
    return out


def _nearest(exprs: list[TemporalExpression], anchors: list[int]) -> TemporalExpression:
    if not anchors:
        return exprs[0]
    return min(exprs, key=lambda e: min(min(abs(e.start - a), abs(e.end - a)) for a in anchors))


def _from_expr(e: TemporalExpression, kind: str, said_at: datetime, confidence: float, ask: bool) -> TimePick:
    s, en = e.interval_start, e.interval_end
    if _SINCE.match(e.text):  # "since 2016": the answer is the start, at its own granularity
        s, en = unit_interval(s, e.granularity, e.value)  # type: ignore[arg-type]
    # only "since X" measures how long something has lasted; "from 2016 to 2019" does not
    dur = _elapsed(s, said_at, e.granularity) if kind == "how_long" and s is not None and _SINCE.match(e.text) else ""
    return TimePick(s, en, e.granularity, duration=dur, value=e.value, kind=e.kind, text=e.text,
                    confidence=confidence, found=True, interrogative=ask)


def pick_time(kind: str, text: str, matched: list[str], said_at: datetime, resolver: Resolver,
              weights: dict[str, float] | None = None, main: str | None = None) -> TimePick:
    """The time a turn gives for the matched statement; its day when it names none (pure given resolver).

    The sentence carrying most of the question's words is the statement; a dated sentence that carries
    at least half as much wins over an undated one ("Here's a pic from when we met up last week!"),
    and a time in the sentence just before an undated statement dates it ("Last night was amazing! We
    celebrated ..."). How-long questions take the duration nearest to the statement.
    """
    weights = weights or {}
    exprs = resolver(text, said_at)
    sents = _sentences(text, matched, weights, main)
    best_i = max(range(len(sents)), key=lambda i: sents[i][2]) if sents else -1
    best_w = sents[best_i][2] if sents else 0.0
    ask = best_i >= 0 and best_w > 0 and text[sents[best_i][0]:sents[best_i][1]].rstrip().endswith("?")
    anchors = [p[0] + sents[best_i][0] for p in term_positions(text[sents[best_i][0]:sents[best_i][1]], matched)] if best_w > 0 else []
    if kind == "how_long":
        durations = [e for e in exprs if e.timex_type == "DURATION" and re.match(r"^P\d", e.value)]
        if durations:
            e = _nearest(durations, anchors)
            since = duration_start(e.value, said_at)
            s, en, g = since if since else (None, None, e.granularity)
            return TimePick(s, en, g, duration=e.value, value=e.value, kind=e.kind, text=e.text,
                            confidence=e.confidence, found=True, interrogative=ask)
    dated = [e for e in exprs if e.timex_type in ("DATE", "TIME") and e.has_interval]
    if dated and best_w <= 0:
        return _from_expr(dated[0], kind, said_at, dated[0].confidence * 0.7, ask)

    def inside(i: int) -> list[TemporalExpression]:
        return [e for e in dated if e.start >= sents[i][0] and e.end <= sents[i][1]]

    timed = [i for i in range(len(sents)) if inside(i) and sents[i][2] >= 0.5 * best_w and sents[i][2] > 0]
    if timed:
        i = max(timed, key=lambda k: (sents[k][2], -abs(k - best_i)))
        near = anchors if i == best_i else [p[0] + sents[i][0] for p in term_positions(text[sents[i][0]:sents[i][1]], matched)]
        e = _nearest(inside(i), near)
        return _from_expr(e, kind, said_at, e.confidence, ask)
    if best_i > 0 and inside(best_i - 1):
        e = inside(best_i - 1)[-1]
        return _from_expr(e, kind, said_at, e.confidence * 0.8, ask)
    # a short elaboration right after the statement, sharing none of its words, dates it too
    # ("I just started at Bluepeak! Monday was my first day.")
    nxt = best_i + 1
    if 0 <= best_i < len(sents) - 1 and sents[nxt][2] == 0 and inside(nxt) \
            and len(text[sents[nxt][0]:sents[nxt][1]].split()) <= 6:
        e = inside(nxt)[0]
        return _from_expr(e, kind, said_at, e.confidence * 0.8, ask)
    day = said_at.replace(hour=0, minute=0, second=0, microsecond=0)
    return TimePick(day, day + timedelta(days=1), "day", value=day.date().isoformat(), kind="episode_time",
                    text="", confidence=0.8, found=False, interrogative=ask)


def _elapsed(start: datetime, ref: datetime, granularity: str) -> str:
    """Whole years (or months/days) from start to ref as a TIMEX3 duration."""
    if granularity in ("year", "season", "quarter") or (ref - start).days >= 365:
        return f"P{max(1, round((ref - start).days / 365.25))}Y"
    if (ref - start).days >= 28:
        return f"P{max(1, round((ref - start).days / 30.44))}M"
    return f"P{max(1, (ref - start).days)}D"


def render_pick(p: TimePick, said_at: datetime) -> str:
    """The answer in words: a duration ('4 years'), or the interval at its granularity."""
    if p.duration:
        since = f" (since {p.start.year})" if p.start is not None and p.granularity == "year" else ""
        return duration_text(p.duration) + since
    if p.start is None or p.end is None:
        return p.text or "unknown"
    if p.kind == "episode_time":
        return day_text(p.start)
    return render_interval(p.start, p.end, p.granularity, p.value, p.text, p.kind, said_at)


def _time_fit(turns: list[Turn], q: Question, resolver: Resolver) -> dict[str, float]:
    """1 for turns whose own time (day or a dated expression in it) meets the question's window."""
    if q.window is None:
        return {}
    out: dict[str, float] = {}
    for t in turns:
        said = from_ms(t.valid_at)
        spans = [(e.interval_start, e.interval_end) for e in resolver(spoken_text(t.text), said)  # type: ignore[arg-type]
                 if e.has_interval and e.timex_type in ("DATE", "TIME")]
        day = said.replace(hour=0, minute=0, second=0, microsecond=0)  # type: ignore[union-attr]
        spans.append((day, day + timedelta(days=1)))
        out[t.uuid] = 1.0 if any(q.window.overlaps(s, e) for s, e in spans) else -0.5
    return out


def answer_question(question: str, turns: list[Turn], vec_sims: list[float], facts: list[dict[str, Any]],
                    ref: datetime, resolver: Resolver | None = None) -> WhenAnswer:
    """Compose the answer from retrieved turns and facts (no I/O: testable without stores)."""
    if resolver is None:
        from temporal.engine import resolve as resolver
    q = parse_question(question, ref, resolver)
    fact_bonus: dict[str, float] = {}
    fact_of: dict[str, str] = {}
    for rank, f in enumerate(facts):
        for ep in f.get("episodes") or []:
            fact_bonus[ep] = max(fact_bonus.get(ep, 0.0), 1.0 / (1 + 0.5 * rank))
            fact_of.setdefault(ep, f["uuid"])
    ranked = rank_turns(q.terms, q.names, turns, vec_sims, fact_bonus, _time_fit(turns, q, resolver))
    if not ranked:
        return WhenAnswer(question, "no answer in the graph", "", "", "", "unknown", 0.0, reference_time=iso(ref) or "")
    from search.textmatch import BM25

    idf = BM25([t.text for t in turns]).idf if len(turns) <= 5000 else {}
    best, pick, best_score = choose_answer(q, ranked, resolver, idf)
    said = from_ms(best.turn.valid_at)
    top = max(best_score, 1e-9)
    strength = min(1.0, top / 1.5)
    evidence = _evidence(ranked, best, fact_of)
    return WhenAnswer(
        question=question, answer=render_pick(pick, said),  # type: ignore[arg-type]
        interval_start=iso(pick.start) or "", interval_end=iso(pick.end) or "", duration=pick.duration,
        granularity=pick.granularity, confidence=round(pick.confidence * strength, 3), evidence=evidence,
        statement=best.turn.text, time_text=pick.text, said_at=iso(said) or "", reference_time=iso(ref) or "")


# answer choice among the best evidence turns: a statement that names its time, is not itself a
# question, and whose tense fits the question ("did" -> past, "is ... planning" -> future) wins
ANSWER_POOL, W_CONTEXT, W_FOUND, W_ASK, W_TENSE = 10, 0.5, 0.3, 0.3, 0.25


def choose_answer(q: Question, ranked: list[RankedTurn], resolver: Resolver,
                  idf: dict[str, float]) -> tuple[RankedTurn, TimePick, float]:
    """The turn (and its time) that best answers the question among the top evidence turns."""
    best: tuple[RankedTurn, TimePick, float] | None = None
    for r in ranked[:ANSWER_POOL]:
        said = from_ms(r.turn.valid_at)
        pick = pick_time(q.kind, spoken_text(r.turn.text), r.matched, said, resolver, idf, q.main)  # type: ignore[arg-type]
        found = pick.found * (0.5 if q.kind == "how_long" and not pick.duration else 1.0)
        score = r.own + W_CONTEXT * r.context + W_FOUND * found - W_ASK * pick.interrogative
        if pick.found and pick.start is not None and pick.end is not None and not pick.duration:
            day = said.replace(hour=0, minute=0, second=0, microsecond=0)  # type: ignore[union-attr]
            is_future, is_past = pick.start > said, pick.end <= day  # type: ignore[operator]
            if (q.future and is_past) or (not q.future and is_future):
                score -= W_TENSE
        if best is None or score > best[2]:
            best = (r, pick, score)
    assert best is not None
    return best


def _evidence(ranked: list[RankedTurn], best: RankedTurn, fact_of: dict[str, str]) -> list[dict[str, Any]]:
    order = [best] + [r for r in ranked if r.turn.uuid != best.turn.uuid]
    return [{"fact_uuid": fact_of.get(r.turn.uuid), "episode_uuid": r.turn.uuid, "source_id": r.turn.source_id,
             "score": round(r.evidence, 4), "said_at": iso(from_ms(r.turn.valid_at)), "text": r.turn.text}
            for r in order[:EVIDENCE_K]]


def when(question: str, group_id: str, ref: datetime | None = None, vectors: Any = None, embedder: Any = None) -> WhenAnswer:
    """Answer a when/how-long question for one group from the configured stores."""
    from search.evidence import retrieve_for_question
    from temporal.engine import resolve

    ref, _, got = retrieve_for_question(question, group_id, ref, vectors, embedder)
    return answer_question(question, got.turns, got.vec_sims, got.facts, ref, resolve)  # type: ignore[arg-type]
