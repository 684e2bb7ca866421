"""Ranking raw turns (episodes) for a question (pure): BM25 + embedding similarity + speaker + context.

A conversation answers across turns ("Is this your painting?" / "Yeah, I painted that lake sunrise
last year!"), so a turn also inherits part of its neighbours' match: the evidence list then holds the
statement and the turns it answers, and a turn with no topic words of its own can still be found.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from search.textmatch import BM25

# weights of the own-match score; tuned on nothing but plausibility: lexical evidence first
W_BM25, W_COVER, W_VEC, W_SPEAKER, W_FACT, W_TIME = 0.45, 0.35, 0.45, 0.12, 0.15, 0.25
CONTEXT_DECAY = {1: 0.6, 2: 0.35}


@dataclass
class Turn:
    uuid: str
    source_id: str
    conversation_id: str
    turn: int
    speaker: str
    text: str
    valid_at: int  # epoch ms
    vector: list[float] | None = None


@dataclass
class RankedTurn:
    turn: Turn
    own: float  # how well the turn itself matches
    evidence: float  # own, or inherited from a strongly matching neighbour
    context: float = 0.0  # the best neighbour's own score, decayed by distance
    matched: list[str] = field(default_factory=list)


def rank_turns(query_terms: list[str], names: list[str], turns: list[Turn], vec_sims: list[float] | None = None,
               fact_bonus: dict[str, float] | None = None, time_fit: dict[str, float] | None = None) -> list[RankedTurn]:
    """Turns scored for the question, best evidence first."""
    if not turns:
        return []
    bm = BM25([t.text for t in turns])
    raw = bm.scores(query_terms)
    top = max(raw) or 1.0
    vs = vec_sims or [0.0] * len(turns)
    vmax, vmin = max(vs), min(vs)
    vspan = (vmax - vmin) or 1.0
    low_names = {n.lower() for n in names}
    fact_bonus, time_fit = fact_bonus or {}, time_fit or {}
    own: list[float] = []
    matched: list[list[str]] = []
    for i, t in enumerate(turns):
        tf = bm.tfs[i]
        m = [q for q in dict.fromkeys(query_terms) if q in tf]
        s = (W_BM25 * raw[i] / top + W_COVER * bm.coverage(query_terms, i) + W_VEC * (vs[i] - vmin) / vspan
             + W_SPEAKER * (t.speaker.lower() in low_names) + W_FACT * fact_bonus.get(t.uuid, 0.0)
             + W_TIME * time_fit.get(t.uuid, 0.0))
        own.append(s)
        matched.append(m)
    # neighbours within the same conversation, by turn number
    pos = {(t.conversation_id, t.turn): i for i, t in enumerate(turns)}
    out = []
    for i, t in enumerate(turns):
        ev, ctx = own[i], 0.0
        for d, w in CONTEXT_DECAY.items():
            for j in (pos.get((t.conversation_id, t.turn - d)), pos.get((t.conversation_id, t.turn + d))):
                if j is not None:
                    ev = max(ev, w * own[j] + (1 - w) * own[i])
                    ctx = max(ctx, w * own[j])
        out.append(RankedTurn(t, own[i], ev, context=ctx, matched=matched[i]))
    out.sort(key=lambda r: (-r.evidence, -r.own))
    return out
