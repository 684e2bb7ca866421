"""Windows of consecutive turns for the LLM extractor: building them, rendering the prompt, mapping answers back.

Pure logic (no I/O, no Prefect): a window is N turns of one conversation plus K earlier turns as
context; the temporal engine's resolved expressions become numbered anchors the model picks from,
so dates are computed by rules, never by the model.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from models.episode import Episode
from models.extraction import (
    DEFAULT_EDGE_TYPE, DEFAULT_ENTITY_TYPE, EDGE_TYPE_MAP, ENTITY_TYPE_DEFS, EpisodeExtraction, ExtractedEntity,
    ExtractedFact, WindowExtraction, allowed_edges, entity_type_ok,
)
from models.graph import TemporalProvenance
from models.temporal import TemporalExpression
from prompts.loader import Prompt

Resolver = Callable[[str, datetime], list[TemporalExpression]]
_MAX_FACT_CHARS = 240


@dataclass
class Anchor:
    id: str
    turn: int  # 1-based index into Window.episodes
    expr: TemporalExpression


@dataclass
class Window:
    """Turns to extract (t1..tN) and the turns before them (c1..cK) of one conversation."""

    conversation_id: str
    episodes: list[Episode]
    context: list[Episode] = field(default_factory=list)
    anchors: list[Anchor] = field(default_factory=list)


def build_windows(episodes: list[Episode], size: int, context_turns: int,
                  tails: dict[tuple[str, str], list[Episode]]) -> list[Window]:
    """Split episodes per conversation (time order) into windows; TAILS carries context across chunks."""
    by_conv: dict[tuple[str, str], list[Episode]] = {}
    for ep in episodes:
        by_conv.setdefault((ep.group_id, ep.conversation_id), []).append(ep)
    out: list[Window] = []
    for key, eps in by_conv.items():
        eps.sort(key=lambda e: (e.valid_at, e.turn))
        prior = list(tails.get(key, []))
        for i in range(0, len(eps), size):
            chunk = eps[i:i + size]
            out.append(Window(key[1], chunk, prior[-context_turns:] if context_turns else []))
            prior = (prior + chunk)[-max(context_turns, 1):]
        tails[key] = prior
    return out


def add_anchors(w: Window, resolve: Resolver) -> None:
    """Number the engine's dated expressions in the window's turns (durations and vague ones carry no date)."""
    n = 0
    for t, ep in enumerate(w.episodes, start=1):
        for e in resolve(ep.content, ep.valid_at):
            if e.has_interval and e.timex_type in ("DATE", "TIME"):
                n += 1
                w.anchors.append(Anchor(f"a{n}", t, e))


def _one_line(text: str) -> str:
    return " ".join(text.split())


def _interval(e: TemporalExpression) -> str:
    start, end = e.interval_start, e.interval_end
    assert start is not None and end is not None
    if e.granularity in ("hour", "minute"):
        return f"{start:%Y-%m-%d %H:%M} ({e.granularity})"
    last = (end - timedelta(days=1)).date()
    span = f"{start.date()}" if last <= start.date() else f"{start.date()}..{last}"
    return f"{span} ({e.granularity})"


def _turn_lines(eps: list[Episode], tag: str) -> str:
    lines, day = [], None
    for i, ep in enumerate(eps, start=1):
        if tag == "t" and ep.valid_at.date() != day:  # the date once per day, not per turn: fewer tokens
            day = ep.valid_at.date()
            lines.append(f"@ {ep.valid_at:%Y-%m-%d %a %H:%M}")
        lines.append(f"[{tag}{i}] {ep.speaker}: {_one_line(ep.content)}")
    return "\n".join(lines) or "(none)"


def type_catalogue() -> tuple[str, str]:
    """(entity types, edge map) as prompt text, generated from the pydantic type classes."""
    ents = "; ".join(f"{n} ({(c.__doc__ or '').strip().rstrip('.')})" for n, c in ENTITY_TYPE_DEFS.items())
    edges = "; ".join(f"{s}->{t}: {', '.join(e.name for e in es)}" for (s, t), es in EDGE_TYPE_MAP.items())
    return ents, edges


def render(w: Window, prompt: Prompt) -> list[dict[str, str]]:
    ents, edges = type_catalogue()
    anchors = "\n".join(f'{a.id} | t{a.turn} | "{a.expr.text}" | {_interval(a.expr)}' for a in w.anchors)
    return prompt.render(conversation=w.conversation_id, context=_turn_lines(w.context, "c"),
                         turns=_turn_lines(w.episodes, "t"), anchors=anchors or "(none)",
                         entity_types=ents, edge_map=edges)


def _span(text: str, name: str) -> tuple[int, int]:
    m = re.search(re.escape(name), text, re.I)
    return (m.start(), m.end()) if m else (-1, -1)


def _provenance(a: Anchor | None) -> TemporalProvenance:
    if a is None:
        return TemporalProvenance()
    e = a.expr
    return TemporalProvenance(text=e.text, value=e.value, kind=e.kind, granularity=e.granularity, confidence=e.confidence)


def to_extractions(w: Window, resp: WindowExtraction, counters: dict[str, int]) -> list[EpisodeExtraction]:
    """Per-episode extractions; invented types become the defaults (counted), never stored as such."""
    anchors = {a.id: a for a in w.anchors}
    outs = [EpisodeExtraction(episode_uuid=ep.uuid, entities=[ExtractedEntity(name=ep.speaker, entity_type="Person",
                                                                             role="speaker")]) for ep in w.episodes]
    seen = [{(ep.speaker, "Person")} for ep in w.episodes]

    def etype(t: str) -> str:
        if entity_type_ok(t):
            return t
        counters["llm_types_mapped"] = counters.get("llm_types_mapped", 0) + 1
        return DEFAULT_ENTITY_TYPE

    def mention(i: int, name: str, typ: str) -> None:
        name = name.strip()
        if name and (name, typ) not in seen[i]:
            seen[i].add((name, typ))
            s, e = _span(w.episodes[i].content, name)
            outs[i].entities.append(ExtractedEntity(name=name, entity_type=typ, start=s, end=e))

    def index(turn: int) -> int | None:
        if 1 <= turn <= len(w.episodes):
            return turn - 1
        counters["llm_dropped"] = counters.get("llm_dropped", 0) + 1  # a turn number we never showed
        return None

    for m in resp.entities:
        i = index(m.turn)
        if i is not None:
            mention(i, m.name, etype(m.type))
    for f in resp.facts:
        i = index(f.turn)
        if i is None or not f.source.strip() or not f.target.strip():
            continue
        ep = w.episodes[i]
        st, tt = etype(f.source_type), etype(f.target_type)
        relation = f.relation.strip().lower()
        if relation not in allowed_edges(st, tt):
            counters["llm_types_mapped"] = counters.get("llm_types_mapped", 0) + 1
            relation = DEFAULT_EDGE_TYPE
        mention(i, f.source, st)
        mention(i, f.target, tt)
        start = anchors.get(f.anchor or "")
        until = anchors.get(f.until or "")
        valid_at = start.expr.interval_start if start and start.expr.interval_start else ep.valid_at
        invalid_at = until.expr.interval_end if until else None
        if invalid_at is not None and invalid_at <= valid_at:
            invalid_at = None  # an "until" before the start is a misread; keep the fact open
        outs[i].facts.append(ExtractedFact(
            source=f.source.strip(), target=f.target.strip(), target_type=tt, relation=relation,
            fact=_one_line(f.fact)[:_MAX_FACT_CHARS], fact_type=f.fact_type, valid_at=valid_at,
            invalid_at=invalid_at, negates=f.negates, temporal=_provenance(start if start and start.expr.interval_start else None)))
    return outs
