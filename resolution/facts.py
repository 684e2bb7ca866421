"""Fact resolution without I/O: deterministic ids, dedupe, and world-time ordering of contradictions.

Facts are plain dicts in the graph's shape (times as epoch ms). Single-valued relations
(works_at, lives_in, ...) form a *slot* per subject: sorted by valid_at, each fact is invalidated
by the next fact in the slot with another target (DESIGN §3), so out-of-order arrivals land in
the right place and the earlier-true fact is the one retired.
"""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from extraction.patterns import SINGLE_VALUED
from models.episode import stable_id

FactRow = dict[str, Any]


@dataclass
class ResolvedCandidate:
    """An extracted fact whose endpoints are already entity uuids."""

    episode_uuid: str
    source_uuid: str
    target_uuid: str
    source_name: str
    target_name: str
    relation: str
    fact: str
    fact_type: str
    valid_at: int
    stated_invalid_at: int | None
    negates: bool
    t_text: str | None
    t_value: str | None
    t_kind: str
    t_granularity: str
    t_confidence: float


@dataclass
class FactMergeResult:
    changed: dict[str, FactRow] = field(default_factory=dict)
    created: int = 0
    deduped: int = 0
    invalidated: int = 0


def _relation_of(c: ResolvedCandidate) -> tuple[str, str]:
    """A negation is stored as its own event ("ended_works_at"), besides closing the state it ends."""
    return (f"ended_{c.relation}", "event") if c.negates else (c.relation, c.fact_type)


def candidate_uuid(group_id: str, c: ResolvedCandidate) -> str:
    """Deterministic fact id: states and preferences dedupe on endpoints, events and plans also on time."""
    relation, fact_type = _relation_of(c)
    key = "" if fact_type in ("state", "preference") else (c.t_value or str(c.valid_at // 86_400_000))
    return stable_id(group_id, "fact", c.source_uuid, relation, c.target_uuid, key)


def _new_row(group_id: str, uuid: str, c: ResolvedCandidate, relation: str, fact_type: str, now_ms: int) -> FactRow:
    return {
        "uuid": uuid, "group_id": group_id, "name": relation, "fact": c.fact, "fact_type": fact_type,
        "source_uuid": c.source_uuid, "target_uuid": c.target_uuid, "source_name": c.source_name,
        "target_name": c.target_name, "episodes": [c.episode_uuid], "valid_at": c.valid_at,
        "invalid_at": c.stated_invalid_at, "stated_invalid_at": c.stated_invalid_at, "created_at": now_ms,
        "expired_at": None, "invalidated_by": None, "t_text": c.t_text, "t_value": c.t_value, "t_kind": c.t_kind,
        "t_granularity": c.t_granularity, "t_confidence": c.t_confidence,
    }


def merge_facts(group_id: str, candidates: list[ResolvedCandidate], known: dict[str, FactRow],
                slot_rows: list[FactRow], now_ms: int) -> FactMergeResult:
    """Fold candidates (in episode order) into the known facts; return every fact that changed.

    `known` maps uuid → stored fact for the candidates' ids; `slot_rows` holds the stored facts of
    the touched single-valued slots. Both are updated in place so a run can carry them forward.
    """
    res = FactMergeResult()
    facts: dict[str, FactRow] = dict(known)
    for r in slot_rows:
        facts.setdefault(r["uuid"], r)
    negations: list[tuple[str, str, str, int, str]] = []  # (source, relation, target, at, by)

    for c in candidates:
        relation, fact_type = _relation_of(c)
        uid = candidate_uuid(group_id, c)
        # A restated state always folds into its one fact, even after it ended: deciding "it holds
        # again" would depend on what the graph already knew, and reruns must converge.
        old = facts.get(uid)
        if c.negates:
            negations.append((c.source_uuid, c.relation, c.target_uuid, c.valid_at, uid))
        if old is None:
            row = _new_row(group_id, uid, c, relation, fact_type, now_ms)
            facts[uid] = row
            res.changed[uid] = row
            res.created += 1
            continue
        res.deduped += 1
        changed = False
        if c.episode_uuid not in old["episodes"]:
            old["episodes"] = [*old["episodes"], c.episode_uuid]
            changed = True
        if c.valid_at < old["valid_at"]:
            old["valid_at"] = c.valid_at
            changed = True
        if changed:
            res.changed[uid] = old

    slots: dict[tuple[str, str], list[FactRow]] = defaultdict(list)
    for row in facts.values():
        if row["name"] in SINGLE_VALUED:
            slots[(row["source_uuid"], row["name"])].append(row)
    for (source, relation), rows in slots.items():
        ends = [(t, at, by) for s, r, t, at, by in negations if s == source and r == relation]
        res.invalidated += _recompute_slot(rows, ends, now_ms, res.changed)
    return res


def _recompute_slot(rows: list[FactRow], negations: list[tuple[str, int, str]], now_ms: int,
                    changed: dict[str, FactRow]) -> int:
    """Set invalid_at/expired_at/invalidated_by along one subject's single-valued timeline."""
    rows.sort(key=lambda r: (r["valid_at"], r["created_at"], r["uuid"]))
    newly = 0
    for i, row in enumerate(rows):
        nxt = next((r for r in rows[i + 1:] if r["target_uuid"] != row["target_uuid"] and r["valid_at"] >= row["valid_at"]), None)
        options: list[tuple[int, str | None, bool]] = []  # (time, invalidated_by, retires it)
        if nxt is not None:
            options.append((nxt["valid_at"], nxt["uuid"], True))
        if row.get("stated_invalid_at") is not None:
            options.append((row["stated_invalid_at"], None, False))
        for target, at, by in negations:
            if target == row["target_uuid"] and at >= row["valid_at"]:
                options.append((at, by, True))
        if not options:
            continue
        at, by, retires = min(options, key=lambda o: (o[0], not o[2]))
        if row.get("invalid_at") == at and (not retires or row.get("expired_at") is not None):
            continue
        was_open = row.get("expired_at") is None
        row["invalid_at"] = at
        if retires:
            row["invalidated_by"] = by
            if was_open:
                row["expired_at"] = now_ms
                newly += 1
        changed[row["uuid"]] = row
    return newly
