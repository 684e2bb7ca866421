"""The server's deterministic token counter: ceil(characters / 4) per text, plus 4 per message.

Real tokenizers average about four characters of English per token; a fixed rule keeps every count
reproducible across machines and needs no tokenizer download. Prompt tokens cover every message
AND the schema the client sent (response_format or tools), so "schema included" figures are honest.
"""
from __future__ import annotations

import json
import math
from typing import Any

PER_MESSAGE = 4


def count_text(text: str) -> int:
    return math.ceil(len(text) / 4) if text else 0


def _content_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):  # OpenAI content parts
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return ""


def prompt_tokens(body: dict[str, Any]) -> int:
    """Tokens of the messages, tool calls and any schema sent with the request."""
    total = 0
    for m in body.get("messages") or []:
        total += PER_MESSAGE + count_text(_content_text(m.get("content")))
        for tc in m.get("tool_calls") or []:
            total += count_text(json.dumps(tc.get("function", {}), separators=(",", ":")))
    for key in ("response_format", "tools", "tool_choice"):
        if body.get(key) not in (None, "auto", "none"):
            total += count_text(json.dumps(body[key], separators=(",", ":")))
    return total
