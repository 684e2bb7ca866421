"""Turn raw records into episodes, or into quarantine records that say why (no I/O)."""
from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime

from pydantic import ValidationError

from archive.readers import RawRecord
from models.episode import ArchiveRow, Episode, QuarantineRecord, stable_id

DEFAULT_GROUP = "default"


@dataclass
class TurnCounter:
    """Default turn numbers: the row's order within its conversation, across chunks of one file."""

    seen: dict[str, int] = field(default_factory=lambda: defaultdict(int))

    def next(self, conversation_id: str, explicit: int | None) -> int:
        n = self.seen[conversation_id]
        self.seen[conversation_id] = n + 1
        return explicit if explicit is not None else n


def _reason(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        loc = ".".join(str(x) for x in err["loc"]) or "row"
        msg = err["msg"].removeprefix("Value error, ")
        parts.append(f"{loc}: {msg}")
    return "; ".join(parts)


def validate_chunk(
    records: list[RawRecord],
    *,
    group: str | None,
    source_path: str,
    turns: TurnCounter,
    created_at: datetime,
) -> tuple[list[Episode], list[QuarantineRecord]]:
    """Valid rows become episodes sorted by (valid_at, conversation, turn); the rest are quarantined."""
    episodes: list[Episode] = []
    bad: list[QuarantineRecord] = []
    for rec in records:
        qgroup = group or (rec.data or {}).get("group_id") or DEFAULT_GROUP
        if rec.error is not None or rec.data is None:
            bad.append(_quarantine(rec, str(qgroup), source_path, rec.error or "unreadable record", created_at))
            continue
        try:
            row = ArchiveRow.model_validate(rec.data)
        except ValidationError as exc:
            bad.append(_quarantine(rec, str(qgroup), source_path, _reason(exc), created_at))
            continue
        g = group or row.group_id or DEFAULT_GROUP
        turn = turns.next(row.conversation_id, row.turn)
        episodes.append(Episode.from_row(row, g, turn, created_at))
    episodes.sort(key=lambda e: (e.valid_at, e.conversation_id, e.turn))
    return episodes, bad


def _quarantine(rec: RawRecord, group: str, source_path: str, reason: str, now: datetime) -> QuarantineRecord:
    return QuarantineRecord(
        uuid=stable_id(group, "quarantine", source_path, rec.location),
        group_id=group,
        source_path=source_path,
        location=rec.location,
        stage="archive",
        reason=reason,
        raw=rec.raw,
        created_at=now,
    )
