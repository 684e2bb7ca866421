"""Archive rows, episodes and quarantine records: the shapes at the archive boundary."""
from __future__ import annotations

import json
import uuid
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from models.timeutil import parse_timestamp

# A fixed namespace so that every id is a pure function of its inputs (reruns converge).
CHRONICLE_NS = uuid.UUID("6f1b7c52-3d0e-5a51-9a55-0c1e2c7d4b10")


def stable_id(*parts: object) -> str:
    """Deterministic uuid5 over the parts joined with '|'."""
    return str(uuid.uuid5(CHRONICLE_NS, "|".join(str(p) for p in parts)))


class ArchiveRow(BaseModel):
    """One row of a JSONL/Parquet/CSV archive after type checks (DESIGN §4)."""

    conversation_id: str = Field(min_length=1)
    turn: int | None = None
    speaker: str = Field(min_length=1)
    content: str = Field(min_length=1)
    timestamp: datetime
    group_id: str | None = None
    source: Literal["message", "text", "json"] = "message"
    metadata: dict[str, Any] = Field(default_factory=dict)

    @field_validator("conversation_id", "speaker", mode="before")
    @classmethod
    def _ids_are_scalar_text(cls, v: Any) -> Any:
        if isinstance(v, (int,)) and not isinstance(v, bool):
            return str(v)
        return v

    @field_validator("content")
    @classmethod
    def _content_not_blank(cls, v: str) -> str:
        if not v.strip():
            raise ValueError("content is blank")
        return v

    @field_validator("turn", mode="before")
    @classmethod
    def _turn_is_int(cls, v: Any) -> Any:
        if v is None or v == "":
            return None
        if isinstance(v, bool) or not (isinstance(v, int) or (isinstance(v, str) and v.strip().lstrip("-").isdigit()) or (isinstance(v, float) and v.is_integer())):
            raise ValueError(f"turn must be an integer, got {v!r}")
        return int(v)

    @field_validator("timestamp", mode="before")
    @classmethod
    def _parse_ts(cls, v: Any) -> datetime:
        return parse_timestamp(v)

    @field_validator("metadata", mode="before")
    @classmethod
    def _metadata_dict(cls, v: Any) -> Any:
        if v is None or v == "":
            return {}
        if isinstance(v, str):
            parsed = json.loads(v)
            if not isinstance(parsed, dict):
                raise ValueError("metadata must be a JSON object")
            return parsed
        return v


class Episode(BaseModel):
    """A raw message kept exactly as received (DESIGN §2)."""

    uuid: str
    group_id: str
    conversation_id: str
    turn: int
    speaker: str
    source: str = "message"
    content: str
    valid_at: datetime
    created_at: datetime
    metadata: dict[str, Any] = Field(default_factory=dict)

    @property
    def source_id(self) -> str:
        """The archive's own turn id (LoCoMo dia_id) when it has one, else conversation:turn."""
        sid = self.metadata.get("dia_id")
        return str(sid) if sid else f"{self.conversation_id}:{self.turn}"

    @classmethod
    def from_row(cls, row: ArchiveRow, group_id: str, turn: int, created_at: datetime) -> "Episode":
        return cls(
            uuid=stable_id(group_id, row.conversation_id, turn),
            group_id=group_id,
            conversation_id=row.conversation_id,
            turn=turn,
            speaker=row.speaker.strip(),
            source=row.source,
            content=row.content,
            valid_at=row.timestamp,
            created_at=created_at,
            metadata=row.metadata,
        )


class QuarantineRecord(BaseModel):
    """A row or chunk that could not be ingested, with why and the original payload."""

    uuid: str
    group_id: str
    source_path: str
    location: str = Field(description="line number, row index or chunk id inside the source")
    stage: Literal["archive", "extract", "resolve", "load", "llm"] = "archive"
    reason: str
    raw: str
    created_at: datetime
