"""Memory recall over raw turns: the retriever behind `when`, usable for any question.

Turns of the group ranked by BM25 + embedding similarity + speaker + matching facts + the question's
time window, with conversational context (a turn inherits part of its neighbours' match).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from models.timeutil import from_ms, iso
from search.turn_rank import RankedTurn, rank_turns


def rank_for(question: str, group_id: str, ref: datetime | None = None, vectors: Any = None,
             embedder: Any = None) -> list[RankedTurn]:
    """All candidate turns for the question, best evidence first."""
    from search.evidence import retrieve_for_question
    from search.when import _time_fit
    from temporal.engine import resolve

    _, q, got = retrieve_for_question(question, group_id, ref, vectors, embedder)
    bonus: dict[str, float] = {}
    for rank, f in enumerate(got.facts):
        for ep in f.get("episodes") or []:
            bonus[ep] = max(bonus.get(ep, 0.0), 1.0 / (1 + 0.5 * rank))
    return rank_turns(q.terms or [w.lower() for w in question.split()], q.names, got.turns, got.vec_sims, bonus,
                      _time_fit(got.turns, q, resolve))  # type: ignore[arg-type]


def recall(question: str, group_id: str, limit: int = 10, ref: datetime | None = None, vectors: Any = None,
           embedder: Any = None) -> list[dict[str, Any]]:
    """Top turns as dicts: episode_uuid, source_id, speaker, said_at, text, score."""
    return [{"episode_uuid": r.turn.uuid, "source_id": r.turn.source_id, "speaker": r.turn.speaker,
             "said_at": iso(from_ms(r.turn.valid_at)), "text": r.turn.text, "score": round(r.evidence, 4)}
            for r in rank_for(question, group_id, ref, vectors, embedder)[:limit]]
