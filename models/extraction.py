"""What an extractor (rules or LLM) returns for one episode, before resolution against the graph."""
from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from models.graph import FactType, TemporalProvenance


class ExtractedEntity(BaseModel):
    name: str
    entity_type: str = "Entity"
    start: int = -1
    end: int = -1
    role: str = "mention"


class ExtractedFact(BaseModel):
    """A fact stated in one episode, still addressed by entity names, not uuids."""

    source: str
    target: str
    target_type: str = "Entity"
    relation: str
    fact: str
    fact_type: FactType
    valid_at: datetime
    invalid_at: datetime | None = None
    # True when the statement ends a state ("I left Acme") instead of asserting one.
    negates: bool = False
    temporal: TemporalProvenance = Field(default_factory=TemporalProvenance)


class EpisodeExtraction(BaseModel):
    episode_uuid: str
    entities: list[ExtractedEntity] = Field(default_factory=list)
    facts: list[ExtractedFact] = Field(default_factory=list)
