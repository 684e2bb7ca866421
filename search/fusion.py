"""Reciprocal rank fusion of ranked id lists (pure)."""
from __future__ import annotations

from collections.abc import Sequence

RRF_K = 60


def rrf(rankings: Sequence[Sequence[str]], k: int = RRF_K, weights: Sequence[float] | None = None) -> list[tuple[str, float]]:
    """Fuse ranked lists: score(id) = Σ w / (k + rank), rank from 1; ties keep first-seen order."""
    scores: dict[str, float] = {}
    for li, ranking in enumerate(rankings):
        w = 1.0 if weights is None else weights[li]
        for rank, item in enumerate(ranking, start=1):
            scores[item] = scores.get(item, 0.0) + w / (k + rank)
    return sorted(scores.items(), key=lambda kv: -kv[1])
