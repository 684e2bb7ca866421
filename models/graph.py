"""Graph shapes: entities, mentions, facts (four timestamps) and communities (DESIGN §2)."""
from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, Field

FactType = Literal["event", "state", "plan", "preference"]

# Labels are interpolated into Cypher (they cannot be parameters), so only these ever reach a query.
ENTITY_TYPES: tuple[str, ...] = ("Person", "Organization", "Place", "Event", "Animal", "Topic", "Entity")


class TemporalProvenance(BaseModel):
    """Where a fact's valid_at came from: the expression text, or the episode time."""

    text: str | None = None
    value: str | None = None
    kind: str = "episode_time"
    granularity: str = "day"
    confidence: float = 1.0


class Mention(BaseModel):
    """A raw mention of an entity inside one episode; kept forever so resolution can be redone."""

    episode_uuid: str
    entity_uuid: str
    mention: str
    entity_type: str
    start: int
    end: int
    role: Literal["speaker", "mention"] = "mention"


class Entity(BaseModel):
    uuid: str
    group_id: str
    name: str
    entity_type: str = "Entity"
    aliases: list[str] = Field(default_factory=list)
    summary: str = ""
    attributes: str = "{}"
    created_at: datetime


class Fact(BaseModel):
    """A RELATES_TO edge with the world (valid/invalid) and system (created/expired) timelines."""

    uuid: str
    group_id: str
    source_uuid: str
    target_uuid: str
    source_name: str
    target_name: str
    name: str
    fact: str
    fact_type: FactType
    episodes: list[str]
    valid_at: datetime
    invalid_at: datetime | None = None
    created_at: datetime
    expired_at: datetime | None = None
    invalidated_by: str | None = None
    temporal: TemporalProvenance = Field(default_factory=TemporalProvenance)


class Community(BaseModel):
    uuid: str
    group_id: str
    name: str
    summary: str
    level: int = 0
    members: list[str] = Field(default_factory=list)
    created_at: datetime
    refreshed_at: datetime
