"""Archive stage: raw records of one chunk → episodes and quarantine records."""
from __future__ import annotations

from datetime import datetime

from prefect import task
from prefect.cache_policies import NONE

from archive.readers import RawRecord
from archive.validate import TurnCounter, validate_chunk
from models.episode import Episode, QuarantineRecord


@task(name="validate-rows", cache_policy=NONE)
def validate_task(records: list[RawRecord], group: str | None, source_path: str, turns: TurnCounter,
                  created_at: datetime) -> tuple[list[Episode], list[QuarantineRecord]]:
    return validate_chunk(records, group=group, source_path=source_path, turns=turns, created_at=created_at)
