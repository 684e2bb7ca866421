"""Resolution stage: names → entity uuids, facts deduped and ordered against what the graph holds."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from prefect import task
from prefect.cache_policies import NONE

from blocks import graph_queries as gq
from blocks.graph import GraphStore
from extraction.patterns import SINGLE_VALUED
from models.episode import Episode
from models.extraction import EpisodeExtraction
from models.timeutil import to_ms
from resolution.entities import EntityIndex, KnownEntity
from resolution.facts import FactRow, ResolvedCandidate, candidate_uuid, merge_facts


@dataclass
class ResolvedChunk:
    entities: list[KnownEntity] = field(default_factory=list)
    mentions: list[dict[str, Any]] = field(default_factory=list)
    facts: list[FactRow] = field(default_factory=list)
    facts_created: int = 0
    facts_deduped: int = 0
    facts_invalidated: int = 0


def resolve_group(graph: GraphStore, index: EntityIndex, episodes: list[Episode],
                  extractions: list[EpisodeExtraction], now_ms: int) -> ResolvedChunk:
    """Resolve one group's share of a chunk (episodes in valid_at order; extractions matched by episode uuid)."""
    out = ResolvedChunk()
    touched: dict[str, KnownEntity] = {}
    candidates: list[ResolvedCandidate] = []
    by_episode = {x.episode_uuid: x for x in extractions}
    for ep in episodes:
        ex = by_episode.get(ep.uuid)
        if ex is None:
            continue
        persons = {e.name for e in ex.entities if e.entity_type == "Person"}
        for e in ex.entities:
            ent = index.resolve(e.name, e.entity_type, persons)
            touched[ent.uuid] = ent
            out.mentions.append({"episode_uuid": ep.uuid, "entity_uuid": ent.uuid, "mention": e.name,
                                 "entity_type": e.entity_type, "start": e.start, "end": e.end, "role": e.role,
                                 "group_id": ep.group_id})
        for f in ex.facts:
            src = index.resolve(f.source, "Person", persons)
            tgt = index.resolve(f.target, f.target_type, persons)
            touched[src.uuid], touched[tgt.uuid] = src, tgt
            candidates.append(ResolvedCandidate(
                episode_uuid=ep.uuid, source_uuid=src.uuid, target_uuid=tgt.uuid, source_name=src.name,
                target_name=tgt.name, relation=f.relation, fact=f.fact, fact_type=f.fact_type,
                valid_at=to_ms(f.valid_at), stated_invalid_at=to_ms(f.invalid_at), negates=f.negates,  # type: ignore[arg-type]
                t_text=f.temporal.text, t_value=f.temporal.value, t_kind=f.temporal.kind,
                t_granularity=f.temporal.granularity, t_confidence=f.temporal.confidence))
    out.entities = [e for e in touched.values() if e.changed]
    for e in out.entities:
        e.changed = False  # carried by this chunk's load; later chunks only resend what changes again
    if candidates:
        keys = {c.source_uuid for c in candidates}
        slot_rels = sorted(SINGLE_VALUED)
        slot_rows = gq.slot_facts(graph, sorted(keys), slot_rels)
        known = gq.facts_by_uuid(graph, sorted({candidate_uuid(index.group_id, c) for c in candidates}))
        merged = merge_facts(index.group_id, candidates, known, slot_rows, now_ms)
        out.facts = list(merged.changed.values())
        out.facts_created, out.facts_deduped, out.facts_invalidated = merged.created, merged.deduped, merged.invalidated
    return out


@task(name="resolve", retries=2, retry_delay_seconds=1, cache_policy=NONE)
def resolve_task(graph: GraphStore, index: EntityIndex, episodes: list[Episode],
                 extractions: list[EpisodeExtraction], now_ms: int) -> ResolvedChunk:
    return resolve_group(graph, index, episodes, extractions, now_ms)
