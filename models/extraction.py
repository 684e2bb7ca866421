"""What an extractor (rules or LLM) returns for one episode, before resolution against the graph."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import ClassVar, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from models.episode import Episode
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


# ---------------------------------------------------------------------------------------------
# LLM path (issue 6): custom entity / edge types and the response models of the prompts/ steps.
# Types are plain strings in the responses so an invented type can be detected and handled
# (mapped to the default, or rejected and re-asked) instead of silently failing a whole window.
# ---------------------------------------------------------------------------------------------
DEFAULT_ENTITY_TYPE = "Entity"
DEFAULT_EDGE_TYPE = "related_to"


class EntityTypeDef(BaseModel):
    """Base of the custom entity types; each subclass's docstring is the definition the model sees."""


class Person(EntityTypeDef):
    """A human being, including the speakers."""


class Organization(EntityTypeDef):
    """A company, employer, school, club, team or institution."""


class Place(EntityTypeDef):
    """A city, country, region, venue or address."""


class Event(EntityTypeDef):
    """A happening with a time: festival, race, wedding, trip, meeting, class."""


class Animal(EntityTypeDef):
    """A pet or other animal, by its name when it has one."""


class Topic(EntityTypeDef):
    """An activity, interest, object, work or idea (hiking, painting, a book)."""


ENTITY_TYPE_DEFS: dict[str, type[EntityTypeDef]] = {c.__name__: c for c in (Person, Organization, Place, Event, Animal, Topic)}


class EdgeTypeDef(BaseModel):
    """Base of the custom edge (relation) types; `name` is the stored relation, the docstring its meaning."""

    name: ClassVar[str] = DEFAULT_EDGE_TYPE


def _edge(rel: str, doc: str) -> type[EdgeTypeDef]:
    return type("".join(p.title() for p in rel.split("_")), (EdgeTypeDef,), {"__doc__": doc, "name": rel})


WorksAt = _edge("works_at", "source is employed by target (single-valued: a new one ends the old)")
StudiesAt = _edge("studies_at", "source is a student at target")
GraduatedFrom = _edge("graduated_from", "source finished studies at target")
MemberOf = _edge("member_of", "source belongs to the group or club target")
LivesIn = _edge("lives_in", "source's home is in target (single-valued)")
Visited = _edge("visited", "source travelled to or spent time at target")
MarriedTo = _edge("married_to", "source is married to target (single-valued)")
Dating = _edge("dating", "source is in a relationship with target (single-valued)")
FamilyOf = _edge("family_of", "target is a relative of source; say which in the fact")
FriendOf = _edge("friend_of", "source and target are friends")
HasPet = _edge("has_pet", "source owns the animal target")
Attended = _edge("attended", "source took part in the event target")
Plans = _edge("plans", "source intends to do or attend target")
Likes = _edge("likes", "source enjoys or values target")
Dislikes = _edge("dislikes", "source dislikes target")
Does = _edge("does", "source practises the activity target")
LocatedIn = _edge("located_in", "source is situated in target")
RelatedTo = _edge(DEFAULT_EDGE_TYPE, "any other link; the fact sentence says what it is")

# (source type, target type) → the edge types allowed between them; related_to is allowed everywhere.
EDGE_TYPE_MAP: dict[tuple[str, str], tuple[type[EdgeTypeDef], ...]] = {
    ("Person", "Organization"): (WorksAt, StudiesAt, GraduatedFrom, MemberOf, Likes),
    ("Person", "Place"): (LivesIn, Visited, Plans, Likes),
    ("Person", "Person"): (MarriedTo, Dating, FamilyOf, FriendOf),
    ("Person", "Animal"): (HasPet, Likes),
    ("Person", "Event"): (Attended, Plans),
    ("Person", "Topic"): (Likes, Dislikes, Does, Plans),
    ("Organization", "Place"): (LocatedIn,),
    ("Event", "Place"): (LocatedIn,),
}


def allowed_edges(source_type: str, target_type: str) -> set[str]:
    """Relation names allowed from SOURCE_TYPE to TARGET_TYPE (always including the default)."""
    return {e.name for e in EDGE_TYPE_MAP.get((source_type, target_type), ())} | {DEFAULT_EDGE_TYPE}


def entity_type_ok(name: str) -> bool:
    return name in ENTITY_TYPE_DEFS or name == DEFAULT_ENTITY_TYPE


class LLMMention(BaseModel):
    turn: int = Field(description="t-number of the turn")
    name: str
    type: str


class LLMFact(BaseModel):
    turn: int = Field(description="t-number of the turn that states it")
    source: str
    source_type: str
    relation: str
    target: str
    target_type: str
    fact: str = Field(description="one self-contained third-person sentence")
    fact_type: Literal["event", "state", "plan", "preference"]
    anchor: str | None = Field(default=None, description="anchor id for when it became true, else null")
    until: str | None = Field(default=None, description="anchor id for when it stopped, else null")
    negates: bool = Field(default=False, description="true if it ends a state")
    time_text: str | None = Field(default=None, description="verbatim time phrase with no anchor, else null")


def _type_problems(x: "WindowExtraction") -> list[str]:
    bad = [f"entity {m.name!r}: unknown type {m.type!r}" for m in x.entities if not entity_type_ok(m.type)]
    for f in x.facts:
        for t in (f.source_type, f.target_type):
            if not entity_type_ok(t):
                bad.append(f"fact {f.fact!r}: unknown type {t!r}")
        if entity_type_ok(f.source_type) and entity_type_ok(f.target_type) \
                and f.relation not in allowed_edges(f.source_type, f.target_type):
            bad.append(f"fact {f.fact!r}: relation {f.relation!r} not allowed from {f.source_type} to {f.target_type}")
    return bad


class WindowExtraction(BaseModel):
    """Entities mentioned and facts stated in the numbered turns."""

    # Both lists required and nothing else allowed: an answer of another shape must fail validation
    # (and be re-asked), never pass as an empty extraction.
    model_config = ConfigDict(extra="forbid")
    entities: list[LLMMention]
    facts: list[LLMFact]


class StrictWindowExtraction(WindowExtraction):
    """WindowExtraction that rejects invented types, so the model is re-asked with the error (type_policy=retry)."""

    @model_validator(mode="after")
    def _known_types(self) -> "StrictWindowExtraction":
        bad = _type_problems(self)
        if bad:
            raise ValueError("use only the listed types and relations: " + "; ".join(bad[:8]))
        return self


class EntityDecision(BaseModel):
    id: str = Field(description="the [id] of the ambiguous mention")
    reasoning: str = Field(description="one short sentence, written before deciding")
    match: str | None = Field(description="candidate id it denotes, or null if none")


class EntityResolutionBatch(BaseModel):
    """For each ambiguous mention, the known entity it denotes, if any."""

    decisions: list[EntityDecision] = Field(default_factory=list)


class FactJudgement(BaseModel):
    id: str = Field(description="the [id] of the new fact")
    reasoning: str = Field(description="one short sentence, written before the verdict")
    verdict: Literal["new", "duplicate", "contradiction"]
    candidate: str | None = Field(description="candidate id it duplicates or contradicts, else null")


class FactJudgementBatch(BaseModel):
    """For each new fact, whether it repeats or contradicts one of its candidate facts."""

    judgements: list[FactJudgement] = Field(default_factory=list)


class TemporalResolution(BaseModel):
    id: str = Field(description="the [id] of the time phrase")
    start: str | None = Field(description="ISO date the interval starts, or null if it cannot be placed")
    end: str | None = Field(description="ISO date the interval ends (exclusive), or null")
    granularity: Literal["year", "season", "quarter", "month", "week", "day", "unknown"]


class TemporalResolutionBatch(BaseModel):
    """Calendar intervals for time phrases the rule engine could not resolve."""

    resolutions: list[TemporalResolution] = Field(default_factory=list)


@dataclass
class ExtractionBatch:
    """Extractions for the episodes that succeeded, and (episode, reason) for those that did not."""

    extractions: list[EpisodeExtraction] = field(default_factory=list)
    failures: list[tuple[Episode, str]] = field(default_factory=list)
