"""JSONL streaming for `chronicle temporal resolve` and `python -m temporal` (stdlib only, no pydantic)."""
from __future__ import annotations

import json
import sys
from datetime import datetime, timezone
from typing import IO, Any

from temporal.engine import resolve_json


def parse_ref(raw: Any) -> datetime:
    """ISO 8601 reference time; naive means UTC. Raises ValueError with a readable reason."""
    if not isinstance(raw, str) or not raw.strip():
        raise ValueError("missing or non-string 'ref' (ISO 8601 datetime expected)")
    try:
        ref = datetime.fromisoformat(raw.strip())
    except ValueError:
        raise ValueError(f"unparseable 'ref': {raw!r}") from None
    return ref.replace(tzinfo=timezone.utc) if ref.tzinfo is None else ref


def resolve_stream(src: IO[str], dst: IO[str], flush: bool = False, prog: str = "temporal resolve") -> tuple[int, int]:
    """Read {"id","text","ref"} lines, write {"id","expressions"} or {"id","error"} lines; (ok, errors)."""
    ok = bad = 0
    loads, dumps = json.loads, json.dumps
    for lineno, line in enumerate(src, 1):
        if not line.strip():
            continue
        rid: Any = None
        try:
            row = loads(line)
            if not isinstance(row, dict):
                raise ValueError("line is not a JSON object")
            rid = row.get("id")
            text = row.get("text")
            if not isinstance(text, str):
                raise ValueError("missing or non-string 'text'")
            out: dict[str, Any] = {"id": rid, "expressions": resolve_json(text, parse_ref(row.get("ref")))}
            ok += 1
        except ValueError as exc:  # json.JSONDecodeError is a ValueError too
            reason = f"invalid JSON: {exc.msg}" if isinstance(exc, json.JSONDecodeError) else str(exc)
            out = {"id": rid, "error": reason}
            print(f"{prog}: line {lineno}: {reason}", file=sys.stderr)
            bad += 1
        dst.write(dumps(out, ensure_ascii=False) + "\n")
        if flush:
            dst.flush()
    return ok, bad
