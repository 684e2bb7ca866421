"""Extraction stage: episodes → per-episode entities and facts (rules extractor by default)."""
from __future__ import annotations

from typing import Protocol

from prefect import task
from prefect.cache_policies import NONE

from models.episode import Episode
from models.extraction import EpisodeExtraction


class Extractor(Protocol):
    name: str

    def extract(self, ep: Episode, speakers: set[str]) -> EpisodeExtraction: ...


def extract_episodes(episodes: list[Episode], extractor: Extractor) -> list[EpisodeExtraction]:
    """Run the extractor on each episode; speakers of the chunk's conversations count as persons."""
    speakers: dict[str, set[str]] = {}
    for ep in episodes:
        speakers.setdefault(ep.conversation_id, set()).add(ep.speaker)
    return [extractor.extract(ep, speakers[ep.conversation_id]) for ep in episodes]


@task(name="extract", retries=2, retry_delay_seconds=1, cache_policy=NONE)
def extract_task(episodes: list[Episode], extractor: Extractor) -> list[EpisodeExtraction]:
    return extract_episodes(episodes, extractor)
