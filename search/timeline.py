"""Entity timelines: an entity's facts ordered by valid_at with validity intervals, invalidations and
the episodes that stated them; as-of (world) and known-at (system) views.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import Any

from models.timeutil import from_ms, iso
from search.views import status, view


@dataclass
class TimelineEntry:
    uuid: str
    fact: str
    relation: str
    source: str
    target: str
    fact_type: str
    valid_at: str | None
    invalid_at: str | None
    created_at: str | None
    expired_at: str | None
    status: str
    granularity: str
    time_text: str | None
    time_confidence: float | None
    invalidated_by: str | None
    episodes: list[dict[str, Any]] = field(default_factory=list)  # uuid, source_id, said_at, content


@dataclass
class Timeline:
    entity: dict[str, Any]
    group_id: str
    entries: list[TimelineEntry]
    as_of: str | None = None
    known_at: str | None = None

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


def build_timeline(entity: dict[str, Any], group_id: str, facts: list[dict[str, Any]],
                   episodes: dict[str, dict[str, Any]], as_of: datetime | None = None,
                   known_at: datetime | None = None) -> Timeline:
    """Pure: facts (epoch-ms dicts) and their episodes -> entries sorted by valid_at, then created_at."""
    entries = []
    for f in sorted(view(facts, as_of, known_at), key=lambda f: (f.get("valid_at") or 0, f.get("created_at") or 0)):
        eps = [episodes[u] for u in f.get("episodes") or [] if u in episodes]
        entries.append(TimelineEntry(
            uuid=f["uuid"], fact=f.get("fact") or "", relation=f.get("name") or "", source=f.get("source_name") or "",
            target=f.get("target_name") or "", fact_type=f.get("fact_type") or "",
            valid_at=iso(from_ms(f.get("valid_at"))), invalid_at=iso(from_ms(f.get("invalid_at"))),
            created_at=iso(from_ms(f.get("created_at"))), expired_at=iso(from_ms(f.get("expired_at"))),
            status=status(f), granularity=f.get("t_granularity") or "day", time_text=f.get("t_text"),
            time_confidence=f.get("t_confidence"), invalidated_by=f.get("invalidated_by"),
            episodes=[{"uuid": e["uuid"], "source_id": e.get("source_id"), "said_at": iso(from_ms(e.get("valid_at"))),
                       "content": e.get("content")} for e in sorted(eps, key=lambda e: e.get("valid_at") or 0)]))
    return Timeline(entity={k: entity.get(k) for k in ("uuid", "name", "entity_type", "aliases")}, group_id=group_id,
                    entries=entries, as_of=iso(as_of), known_at=iso(known_at))


def render_text(tl: Timeline) -> str:
    """Plain-text timeline: one block per fact with its interval, status, time provenance and sources."""
    name = tl.entity.get("name")
    head = f"timeline of {name} ({tl.entity.get('entity_type')}) in {tl.group_id}"
    if tl.as_of or tl.known_at:
        head += f" — as of {tl.as_of or 'any time'}, known at {tl.known_at or 'now'}"
    lines = [head, "=" * len(head)]
    for e in tl.entries:
        start = (e.valid_at or "?")[:10]
        end = (e.invalid_at or "")[:10] or ("…" if e.fact_type in ("state", "preference") else "")
        span = f"{start} → {end}" if end else start
        mark = {"current": " ", "invalidated": "✗", "expired": "✗"}[e.status]
        prov = f" [{e.granularity}" + (f' "{e.time_text}"' if e.time_text else ", said that day") + "]"
        lines.append(f"{mark} {span:<25} {e.fact}{prov}")
        lines.append(f"    {e.source} -[{e.relation}]-> {e.target} · {e.fact_type} · {e.status}"
                     + (f" (ended {e.invalid_at[:10]}, retired {e.expired_at[:10] if e.expired_at else '—'})"
                        if e.status != "current" and e.invalid_at else ""))
        for ep in e.episodes[:3]:
            lines.append(f"    ↳ {ep['source_id']} @ {(ep['said_at'] or '')[:16]}: {(ep['content'] or '')[:100]}")
    if not tl.entries:
        lines.append("no facts")
    return "\n".join(lines)


def entity_timeline(name: str, group_id: str, as_of: datetime | None = None, known_at: datetime | None = None,
                    graph: Any = None) -> Timeline:
    """Look the entity up by name (or alias) in the group and build its timeline from FalkorDB."""
    from blocks import graph_reads as gr
    from blocks.graph import GraphStore
    from resolution.entities import normalize_name

    g = graph or GraphStore.from_settings()
    found = gr.find_entities(g, group_id, normalize_name(name))
    if not found:
        raise LookupError(f"no entity named {name!r} in group {group_id!r}")
    # several partial matches: the one with most facts is the one meant ("Mel" -> Melanie)
    best, facts = None, []
    for ent in found:
        fs = gr.entity_facts(g, group_id, ent["uuid"])
        if best is None or len(fs) > len(facts):
            best, facts = ent, fs
    eps = gr.episodes_by_uuid(g, group_id, [u for f in facts for u in f.get("episodes") or []])
    return build_timeline(best, group_id, facts, eps, as_of, known_at)  # type: ignore[arg-type]
