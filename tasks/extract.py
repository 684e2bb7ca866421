"""Extraction stage: episodes → per-episode entities and facts (rules extractor by default)."""
from __future__ import annotations

from typing import Protocol

from prefect import task
from prefect.cache_policies import NONE

from models.episode import Episode
from models.extraction import ExtractionBatch


class Extractor(Protocol):
    """What the pipeline needs of an extractor (rules or LLM).

    `extract_many` gets one group's episodes of a chunk in valid_at order and may batch them into
    windows; episodes it cannot extract come back as failures with a reason (they are quarantined).
    `usage` holds running counters: llm_calls, llm_prompt_tokens, llm_completion_tokens.
    """

    name: str
    usage: dict[str, int]

    def extract_many(self, episodes: list[Episode]) -> ExtractionBatch: ...


@task(name="extract", retries=2, retry_delay_seconds=1, cache_policy=NONE)
def extract_task(episodes: list[Episode], extractor: Extractor) -> ExtractionBatch:
    return extractor.extract_many(episodes)
