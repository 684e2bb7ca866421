"""Embedding stage: one batched embedder call per chunk for fact, entity and episode texts."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from prefect import task
from prefect.cache_policies import NONE

from blocks.embedder import MiniLMEmbedder
from models.episode import Episode
from resolution.entities import KnownEntity
from resolution.facts import FactRow


@dataclass
class ChunkVectors:
    facts: dict[str, np.ndarray]
    entities: dict[str, np.ndarray]
    episodes: dict[str, np.ndarray]


def episode_search_text(ep: Episode) -> str:
    """What an episode is searched by: its words, plus an attached image's caption when there is one."""
    cap = ep.metadata.get("blip_caption")
    return f"{ep.speaker}: {ep.content}" + (f" [image: {cap}]" if cap else "")


def embed_chunk(embedder: MiniLMEmbedder, facts: list[FactRow], entities: list[KnownEntity],
                episodes: list[Episode]) -> ChunkVectors:
    texts = [f["fact"] for f in facts] + [e.name for e in entities] + [episode_search_text(e) for e in episodes]
    vecs = embedder.embed(texts)
    a, b = len(facts), len(facts) + len(entities)
    return ChunkVectors(
        facts={f["uuid"]: vecs[i] for i, f in enumerate(facts)},
        entities={e.uuid: vecs[a + i] for i, e in enumerate(entities)},
        episodes={e.uuid: vecs[b + i] for i, e in enumerate(episodes)},
    )


@task(name="embed", retries=2, retry_delay_seconds=1, cache_policy=NONE)
def embed_task(embedder: MiniLMEmbedder, facts: list[FactRow], entities: list[KnownEntity],
               episodes: list[Episode]) -> ChunkVectors:
    return embed_chunk(embedder, facts, entities, episodes)
