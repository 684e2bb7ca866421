"""LoCoMo-style JSON: samples with session_N turn lists and session_N_date_time strings."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from archive.readers import RawRecord

_SESSION_TIME = re.compile(r"^\s*(\d{1,2}):(\d{2})\s*([ap]m)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$", re.I)
_MONTHS = {m: i for i, m in enumerate(
    ["january", "february", "march", "april", "may", "june", "july", "august", "september",
     "october", "november", "december"], start=1)}


def parse_session_time(text: str) -> datetime:
    """'1:56 pm on 8 May, 2023' → aware UTC datetime; raises ValueError on anything else."""
    m = _SESSION_TIME.match(text or "")
    if not m:
        raise ValueError(f"unparseable LoCoMo session time {text!r}")
    hour, minute, ampm, day, month, year = m.groups()
    mon = _MONTHS.get(month.lower()) or next((v for k, v in _MONTHS.items() if k.startswith(month.lower()[:3])), None)
    if mon is None:
        raise ValueError(f"unknown month in {text!r}")
    h = int(hour) % 12 + (12 if ampm.lower() == "pm" else 0)
    return datetime(int(year), mon, int(day), h, int(minute), tzinfo=timezone.utc)


def _session_keys(conv: dict[str, Any]) -> list[int]:
    nums = [int(k.split("_")[1]) for k in conv if re.fullmatch(r"session_\d+", k)]
    return sorted(nums)


def locomo_records(path: Path) -> Iterator[RawRecord]:
    """One archive record per turn; session date_time becomes each turn's timestamp."""
    try:
        samples = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        yield RawRecord("file", None, path.read_text(encoding="utf-8", errors="replace")[:2000], f"malformed LoCoMo JSON: {exc}")
        return
    if isinstance(samples, dict):
        samples = [samples]
    for si, sample in enumerate(samples):
        conv = sample.get("conversation") or {}
        conv_id = str(sample.get("sample_id") or f"sample-{si}")
        turn = 0
        for n in _session_keys(conv):
            when_raw = conv.get(f"session_{n}_date_time")
            for ti, t in enumerate(conv.get(f"session_{n}") or []):
                loc = f"{conv_id} session {n} turn {ti}"
                raw = json.dumps(t, ensure_ascii=False)
                try:
                    ts = parse_session_time(when_raw).isoformat()
                except ValueError as exc:
                    yield RawRecord(loc, None, raw, str(exc))
                    turn += 1
                    continue
                meta = {"session": n, "dia_id": t.get("dia_id")}
                for extra in ("blip_caption", "img_url", "query"):
                    if t.get(extra):
                        meta[extra] = t[extra]
                row = {
                    "conversation_id": conv_id,
                    "group_id": conv_id,
                    "turn": turn,
                    "speaker": t.get("speaker"),
                    "content": t.get("text"),
                    "timestamp": ts,
                    "metadata": meta,
                }
                turn += 1
                yield RawRecord(loc, row, raw)
