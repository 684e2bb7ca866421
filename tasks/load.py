"""Load stage: idempotent upserts into FalkorDB (graph truth) and LanceDB (search projection)."""
from __future__ import annotations

from prefect import task
from prefect.cache_policies import NONE

from blocks import graph_queries as gq
from blocks.graph import GraphStore
from blocks.vectors import VectorStore
from models.episode import Episode, QuarantineRecord
from models.timeutil import to_ms
from resolution.entities import KnownEntity, normalize_name
from resolution.facts import FactRow
from tasks.embed import ChunkVectors, episode_search_text


def load_chunk(graph: GraphStore, vectors: VectorStore, group_id: str, episodes: list[Episode],
               entities: list[KnownEntity], mentions: list[dict], facts: list[FactRow], vecs: ChunkVectors,
               created_ms: int) -> None:
    """Write one resolved chunk: graph first (episodes, entities, mentions, facts), then LanceDB."""
    ep_rows = [{
        "uuid": e.uuid, "group_id": e.group_id, "conversation_id": e.conversation_id, "turn": e.turn,
        "speaker": e.speaker, "source": e.source, "content": e.content, "valid_at": to_ms(e.valid_at),
        "created_at": to_ms(e.created_at), "metadata": gq.dumps_meta(e.metadata), "source_id": e.source_id,
    } for e in episodes]
    ent_rows = [{"uuid": e.uuid, "group_id": group_id, "name": e.name, "name_norm": normalize_name(e.name),
                 "entity_type": e.entity_type, "aliases": list(e.aliases), "created_at": created_ms} for e in entities]
    gq.upsert_episodes(graph, ep_rows)
    gq.upsert_entities(graph, ent_rows)
    gq.upsert_mentions(graph, mentions)
    gq.upsert_facts(graph, facts)

    vectors.upsert("episodes", [{
        **{k: r[k] for k in ("uuid", "group_id", "conversation_id", "turn", "speaker", "source_id", "valid_at", "created_at")},
        "content": episode_search_text(e), "vector": vecs.episodes[e.uuid].tolist(),
    } for r, e in zip(ep_rows, episodes)])
    vectors.upsert("entities", [{
        "uuid": r["uuid"], "group_id": group_id, "name": r["name"], "entity_type": r["entity_type"], "summary": "",
        "created_at": created_ms, "vector": vecs.entities[r["uuid"]].tolist()} for r in ent_rows])
    vectors.upsert("facts", [fact_projection(f, vecs.facts[f["uuid"]].tolist()) for f in facts])


def fact_projection(f: FactRow, vector: list[float]) -> dict:
    """The LanceDB row of a fact: the search fields plus the four times."""
    keys = ("uuid", "group_id", "name", "fact", "fact_type", "source_uuid", "target_uuid", "source_name",
            "target_name", "episodes", "valid_at", "invalid_at", "created_at", "expired_at", "t_granularity")
    return {**{k: f.get(k) for k in keys}, "vector": vector}


def load_quarantine(vectors: VectorStore, records: list[QuarantineRecord]) -> None:
    vectors.upsert("quarantine", [{**r.model_dump(exclude={"created_at"}), "created_at": to_ms(r.created_at)} for r in records])


@task(name="load", retries=3, retry_delay_seconds=[1, 2, 4], cache_policy=NONE)
def load_task(graph: GraphStore, vectors: VectorStore, group_id: str, episodes: list[Episode],
              entities: list[KnownEntity], mentions: list[dict], facts: list[FactRow], vecs: ChunkVectors,
              created_ms: int) -> None:
    load_chunk(graph, vectors, group_id, episodes, entities, mentions, facts, vecs, created_ms)


@task(name="quarantine", retries=2, retry_delay_seconds=1, cache_policy=NONE)
def quarantine_task(vectors: VectorStore, records: list[QuarantineRecord]) -> None:
    load_quarantine(vectors, records)
