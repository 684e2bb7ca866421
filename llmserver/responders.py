"""What the scripted server answers: a generic 'echo' model, or an 'oracle' backed by LoCoMo observations.

Both read the wire format our prompts use (prompts/extract_window.txt): turn lines `[t3] Speaker: text`
and anchor lines `a2 | t3 | "yesterday" | ...`. The step is recognised by the response schema's name.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

_TURN = re.compile(r"^\[t(\d+)\] ([^:\n]+): (.*)$", re.M)
_ANCHOR = re.compile(r"^(a\d+) \| t(\d+) \|", re.M)
_ITEM = re.compile(r"^\[(\w+)\] ", re.M)
_PROPER = re.compile(r"\b([A-Z][a-z]+(?:\s+[A-Z][a-z]+)*)\b")
_STOP_PROPER = {"I", "The", "A", "An", "It", "This", "That", "They", "She", "He", "We", "Her", "His", "Their",
                "Hey", "Hi", "Thanks", "Wow", "Yes", "No", "Oh", "What", "How", "LGBTQ", "So", "And", "But"}
_VERB_REL = [  # (cue regex, relation, target type, fact type) — a tiny stand-in for a model's judgement
    (re.compile(r"\b(?:works?|working|job) (?:at|for)\b", re.I), "works_at", "Organization", "state"),
    (re.compile(r"\b(?:lives?|living|moved) (?:in|to)\b", re.I), "lives_in", "Place", "state"),
    (re.compile(r"\b(?:plans?|planning|going to|will|wants? to|hopes? to)\b", re.I), "plans", "Topic", "plan"),
    (re.compile(r"\b(?:loves?|likes?|enjoys?|passionate about|fan of)\b", re.I), "likes", "Topic", "preference"),
    (re.compile(r"\b(?:attended|went to|visited|took part in)\b", re.I), "attended", "Event", "event"),
]
STEPS = ("WindowExtraction", "EntityResolutionBatch", "FactJudgementBatch", "TemporalResolutionBatch")


def norm_text(text: str) -> str:
    return " ".join(text.split())


def step_of(body: dict[str, Any]) -> str:
    """The response model the client asked for, from response_format, tools or the schema in the prompt."""
    rf = body.get("response_format") or {}
    name = ""
    if isinstance(rf, dict) and isinstance(rf.get("json_schema"), dict):
        name = str(rf["json_schema"].get("name", ""))
    for t in body.get("tools") or []:
        name = name or str(t.get("function", {}).get("name", ""))
    blob = name or json.dumps(body.get("messages") or [])
    return next((s for s in STEPS if s in blob), "")


def user_text(body: dict[str, Any]) -> str:
    """The first user message: the rendered prompt (later ones are re-asks)."""
    for m in body.get("messages") or []:
        if m.get("role") == "user" and isinstance(m.get("content"), str):
            return m["content"]
    return ""


def _anchors_by_turn(text: str) -> dict[int, str]:
    out: dict[int, str] = {}
    for m in _ANCHOR.finditer(text):
        out.setdefault(int(m.group(2)), m.group(1))
    return out


def _guess_target(sentence: str, speakers: set[str]) -> tuple[str, str, str, str]:
    """(relation, target, target type, fact type) for an observation sentence."""
    rel, ttype, ftype = "related_to", "Topic", "event"
    cue_end = 0
    for rx, r, tt, ft in _VERB_REL:
        m = rx.search(sentence)
        if m:
            rel, ttype, ftype, cue_end = r, tt, ft, m.end()
            break
    names = [n for n in _PROPER.findall(sentence[1:]) if n not in _STOP_PROPER and n not in speakers]
    if names:
        return rel, names[0], ttype if rel in ("works_at", "lives_in") else "Entity", ftype
    for other in speakers:
        if other in sentence[1:] and not sentence.startswith(other):
            return "related_to", other, "Person", ftype
    tail = sentence[cue_end:] if cue_end else sentence.split(" ", 2)[-1]
    words = [w.strip(".,;:!?'\"()") for w in tail.split()]
    words = [w for w in words if w and w.lower() not in {"a", "an", "the", "her", "his", "their", "to", "and", "of"}]
    return rel, " ".join(words[:3]).lower() or "conversation", "Topic", ftype


class Oracle:
    """Answers extraction calls for LoCoMo turns from that file's per-turn observations."""

    def __init__(self, path: str | Path) -> None:
        samples = json.loads(Path(path).read_text(encoding="utf-8"))
        self.turns: dict[tuple[str, str], str] = {}  # (speaker, normalized text) → dia_id
        self.observations: dict[str, list[str]] = {}  # dia_id → observation sentences
        self.speakers: set[str] = set()
        for s in samples:
            conv = s.get("conversation") or {}
            self.speakers |= {conv.get("speaker_a", ""), conv.get("speaker_b", "")}
            for key, turns in conv.items():
                if re.fullmatch(r"session_\d+", key):
                    for t in turns:
                        self.turns.setdefault((t.get("speaker", ""), norm_text(t.get("text", ""))), t.get("dia_id"))
            for per_session in (s.get("observation") or {}).values():
                for items in per_session.values():
                    for fact, dia in items:
                        for d in dia if isinstance(dia, list) else [dia]:
                            self.observations.setdefault(str(d), []).append(fact)
        self.speakers.discard("")

    def facts_for(self, speaker: str, text: str) -> list[str]:
        dia = self.turns.get((speaker, norm_text(text)))
        return self.observations.get(str(dia), []) if dia else []


def extraction(text: str, oracle: Oracle | None) -> dict[str, Any]:
    """A WindowExtraction answer: oracle facts for known LoCoMo turns, else one echo fact per named thing."""
    anchors = _anchors_by_turn(text)
    speakers = {m.group(2).strip() for m in _TURN.finditer(text)} | (oracle.speakers if oracle else set())
    entities: list[dict[str, Any]] = []
    facts: list[dict[str, Any]] = []
    for m in _TURN.finditer(text):
        turn, speaker, content = int(m.group(1)), m.group(2).strip(), m.group(3)
        sentences = oracle.facts_for(speaker, content) if oracle else []
        if not oracle:
            names = [n for n in _PROPER.findall(content) if n not in _STOP_PROPER and n != speaker]
            sentences = [f"{speaker} mentioned {n}." for n in names[:2]]
        for sent in sentences:
            rel, target, ttype, ftype = _guess_target(sent, speakers - {speaker})
            if oracle is None:
                rel, ttype = "related_to", "Entity"
            entities.append({"turn": turn, "name": target, "type": ttype})
            facts.append({"turn": turn, "source": speaker, "source_type": "Person", "relation": rel,
                          "target": target, "target_type": ttype, "fact": sent, "fact_type": ftype,
                          "anchor": anchors.get(turn), "until": None, "negates": False})
    return {"entities": entities, "facts": facts}


def answer(step: str, body: dict[str, Any], oracle: Oracle | None) -> dict[str, Any]:
    """The JSON object the 'model' returns for STEP."""
    text = user_text(body)
    items = _ITEM.findall(text)
    if step == "WindowExtraction":
        return extraction(text, oracle)
    if step == "EntityResolutionBatch":
        return {"decisions": [{"id": i, "reasoning": "no candidate clearly matches", "match": None} for i in items]}
    if step == "FactJudgementBatch":
        return {"judgements": [{"id": i, "reasoning": "no candidate states the same thing", "verdict": "new",
                                "candidate": None} for i in items]}
    if step == "TemporalResolutionBatch":
        return {"resolutions": [{"id": i, "start": None, "end": None, "granularity": "unknown"} for i in items]}
    return {}
