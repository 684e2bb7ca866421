"""Graph vocabulary shared by extraction and storage: fact types, entity labels, temporal provenance.

The stored shapes themselves (DESIGN §2) are written by blocks/graph_queries.py; facts travel between
stages as dicts in the graph's shape (resolution/facts.py) so that nothing converts them twice.
"""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

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
