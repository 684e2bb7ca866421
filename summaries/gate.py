"""The summary gate: decide per entity whether its summary must be refreshed (pure, no I/O).

A refresh costs an LLM call in LLM mode, so it happens only when the facts behind a summary
changed in a way that matters: an invalidation or negation, embedding drift of the facts text
above a threshold, the end of a burst of activity, or a staleness SLA passed while changes waited.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from collections.abc import Callable
from typing import Literal

import numpy as np

Decision = Literal["refresh", "skip"]

DRIFT_THRESHOLD = 0.08      # cosine distance of the facts vector; set by hand, its effect is in bench/bench_refresh.py
BURST_GAP_MS = 6 * 3600 * 1000  # episodes closer than this (world time) belong to one burst
STALENESS_SLA_MS = 7 * 24 * 3600 * 1000  # system time a pending change may wait


@dataclass
class GateState:
    """Persisted on the entity (DESIGN §2): what the last summary was built from."""

    fact_hash: str = ""
    last_summary_at: int | None = None
    recent_episode_times: list[int] = field(default_factory=list)
    burst_open: bool = False
    dirty: bool = False


@dataclass
class EntityDelta:
    """What one chunk changed for an entity."""

    fact_hash: str
    invalidations: int = 0
    negations: int = 0
    episode_times: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class GateVerdict:
    decision: Decision
    reason: str


def fact_hash(fact_lines: list[str]) -> str:
    """Order-independent hash of the current facts' texts."""
    h = hashlib.sha256()
    for line in sorted(fact_lines):
        h.update(line.encode())
        h.update(b"\n")
    return h.hexdigest()[:32]


def cosine_distance(a: np.ndarray | None, b: np.ndarray | None) -> float:
    if a is None or b is None:
        return 1.0
    denom = float(np.linalg.norm(a) * np.linalg.norm(b)) or 1.0
    return 1.0 - float(np.dot(a, b)) / denom


def decide(state: GateState, delta: EntityDelta, drift: float | Callable[[], float], now_ms: int, *, final: bool = False,
           drift_threshold: float = DRIFT_THRESHOLD, burst_gap_ms: int = BURST_GAP_MS,
           sla_ms: int = STALENESS_SLA_MS) -> tuple[GateVerdict, GateState]:
    """Verdict and the state to persist. `final` marks the end of a run (open bursts close).

    `drift` may be a callable: it is only evaluated when no cheaper rule decides (an embedding costs).
    """
    times = sorted(state.recent_episode_times + delta.episode_times)[-20:]
    new = GateState(fact_hash=state.fact_hash, last_summary_at=state.last_summary_at,
                    recent_episode_times=times, burst_open=state.burst_open, dirty=state.dirty)
    if delta.fact_hash == state.fact_hash and state.last_summary_at is not None:
        new.dirty = False
        return GateVerdict("skip", "unchanged"), new

    def refresh(reason: str) -> tuple[GateVerdict, GateState]:
        new.fact_hash, new.last_summary_at, new.burst_open, new.dirty = delta.fact_hash, now_ms, False, False
        return GateVerdict("refresh", reason), new

    if delta.invalidations or delta.negations:
        return refresh("invalidation" if delta.invalidations else "negation")
    gaps = [b - a for a, b in zip(times, times[1:])]
    in_burst = bool(delta.episode_times) and bool(gaps) and gaps[-1] < burst_gap_ms
    if in_burst and not final:
        # More is likely to follow within the burst: summarise once when it ends, not per chunk.
        new.burst_open, new.dirty = True, True
        if state.last_summary_at is not None and now_ms - state.last_summary_at > sla_ms:
            return refresh("staleness_sla")
        return GateVerdict("skip", "burst_open"), new
    if state.last_summary_at is None:
        return refresh("first_summary")
    if state.burst_open:
        return refresh("burst_end")
    if (drift() if callable(drift) else drift) > drift_threshold:
        return refresh("embedding_drift")
    if now_ms - state.last_summary_at > sla_ms:
        return refresh("staleness_sla")
    new.dirty = True
    return GateVerdict("skip", "below_drift"), new
