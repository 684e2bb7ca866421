"""The offline rules extractor: a deterministic baseline, not a stand-in for an LLM.

It finds the speaker, proper-noun mentions and first-person statements, turns each statement
into a third-person fact about the speaker, and dates it with the temporal engine.
"""
from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from dateutil.relativedelta import relativedelta

from extraction.grammar import to_third_person
from extraction.mentions import find_mentions
from extraction.patterns import FAMILY, GENERIC, OBJECT_STOP, PATTERNS, RelationPattern
from models.episode import Episode
from models.extraction import EpisodeExtraction, ExtractedEntity, ExtractedFact, ExtractionBatch
from models.graph import FactType, TemporalProvenance
from models.temporal import TemporalExpression

Resolver = Callable[[str, datetime], list[TemporalExpression]]

_SENTENCE = re.compile(r"[^.!?]+[.!?]*")
_FUTURE = re.compile(r"\b(?:will|'ll|going to|gonna|planning|plan to|hope to|hoping to|want to|next|tomorrow|soon|upcoming)\b", re.I)
_PERFECT = re.compile(r"\b(?:I've|I have|we've|we have)\b", re.I)
_UNTIL = re.compile(r"\b(?:until|till|to|through|thru|and)\s*$", re.I)
_DURATION = re.compile(r"^P(\d+(?:\.\d+)?)([YMWD])$")
_MAX_FACT_CHARS = 240


def _default_resolver(text: str, ref: datetime) -> list[TemporalExpression]:
    from temporal.engine import resolve

    return resolve(text, ref)


def _clean_object(obj: str) -> str:
    obj = OBJECT_STOP.sub("", obj.strip())
    obj = re.sub(r"^(?:the|a|an|my|our|some|this|that)\s+", "", obj.strip(), flags=re.I)
    obj = re.sub(r"[\"'’)]+$", "", obj).strip(" -–—")
    words = obj.split()
    return " ".join(words[:5])


def _provenance(expr: TemporalExpression | None) -> TemporalProvenance:
    if expr is None:
        return TemporalProvenance()
    return TemporalProvenance(text=expr.text, value=expr.value, kind=expr.kind,
                              granularity=expr.granularity, confidence=expr.confidence)


def _dates(sentence_exprs: list[TemporalExpression], sentence: str, offset: int, ep_time: datetime,
           ) -> tuple[datetime, datetime | None, TemporalExpression | None]:
    """valid_at, invalid_at and the expression they came from (episode time when the text has none)."""
    dated = [e for e in sentence_exprs if e.has_interval and e.timex_type in ("DATE", "TIME")]
    if dated:
        first = dated[0]
        invalid = None
        for later in dated[1:]:
            between = sentence[first.end - offset: later.start - offset]
            if _UNTIL.search(between.strip() + " ") or between.strip().lower() in {"to", "until", "till", "-", "–", "and"}:
                invalid = later.interval_end
                break
        return first.interval_start or ep_time, invalid, first  # type: ignore[return-value]
    durations = [e for e in sentence_exprs if e.timex_type == "DURATION"]
    if durations and _PERFECT.search(sentence):
        m = _DURATION.match(durations[0].value)
        if m:
            n, unit = int(float(m.group(1))), m.group(2)
            delta = {"Y": relativedelta(years=n), "M": relativedelta(months=n), "W": relativedelta(weeks=n), "D": relativedelta(days=n)}[unit]
            return ep_time - delta, None, durations[0]
    return ep_time, None, None


def _fact_type(base: FactType, sentence: str, expr: TemporalExpression | None, ep_time: datetime) -> FactType:
    if base in ("state", "preference"):
        return base
    if _FUTURE.search(sentence) or (expr is not None and expr.interval_start is not None and expr.interval_start > ep_time):
        return "plan"
    return base


class RulesExtractor:
    """Deterministic extraction of entities and facts from single episodes."""

    name = "rules"

    def __init__(self, resolver: Resolver | None = None) -> None:
        self._resolve = resolver or _default_resolver
        self.usage: dict[str, int] = {"llm_calls": 0, "llm_prompt_tokens": 0, "llm_completion_tokens": 0}

    def extract_many(self, episodes: list[Episode]) -> ExtractionBatch:
        """Extract each episode on its own; the speakers of a conversation count as persons."""
        speakers: dict[str, set[str]] = {}
        for ep in episodes:
            speakers.setdefault(ep.conversation_id, set()).add(ep.speaker)
        return ExtractionBatch(extractions=[self.extract(ep, speakers[ep.conversation_id]) for ep in episodes])

    def extract(self, ep: Episode, speakers: set[str]) -> EpisodeExtraction:
        """Entities (speaker + mentions) and facts stated in first person in one episode."""
        persons = set(speakers) | {ep.speaker}
        text = ep.content
        mentions = find_mentions(text, persons)
        entities = [ExtractedEntity(name=ep.speaker, entity_type="Person", role="speaker")] + mentions
        exprs = self._resolve(text, ep.valid_at)
        facts: list[ExtractedFact] = []
        for sm in _SENTENCE.finditer(text):
            sentence, off = sm.group(0), sm.start()
            if not sentence.strip():
                continue
            sexprs = [e for e in exprs if e.start >= off and e.end <= sm.end()]
            facts.extend(self._sentence_facts(ep, sentence, off, sexprs, mentions, persons))
        return EpisodeExtraction(episode_uuid=ep.uuid, entities=entities, facts=facts)

    def _sentence_facts(self, ep: Episode, sentence: str, off: int, exprs: list[TemporalExpression],
                        mentions: list[ExtractedEntity], persons: set[str]) -> list[ExtractedFact]:
        valid_at, invalid_at, expr = _dates(exprs, sentence, off, ep.valid_at)
        prov = _provenance(expr)
        fact_text = to_third_person(sentence, ep.speaker)[:_MAX_FACT_CHARS]
        in_sentence = [m for m in mentions if off <= m.start < off + len(sentence) and m.name != ep.speaker]
        out: list[ExtractedFact] = []

        def add(target: str, ttype: str, relation: str, ftype: FactType, text_: str, negates: bool = False,
                source: str | None = None) -> None:
            out.append(ExtractedFact(
                source=source or ep.speaker, target=target, target_type=ttype, relation=relation, fact=text_,
                fact_type=_fact_type(ftype, sentence, expr, ep.valid_at), valid_at=valid_at, invalid_at=invalid_at,
                negates=negates, temporal=prov))

        for fm in FAMILY.finditer(sentence):
            role, name = fm.group("role").lower().replace(" ", "_"), fm.group("name")
            add(name, "Person", f"has_{role}", "state", f"{name} is {ep.speaker}'s {fm.group('role').lower()}.")
        pat = self._first_pattern(sentence)
        if pat is not None:
            rp, m = pat
            target, ttype = self._target(m.group("obj"), rp.target_type, in_sentence, off, m.start("obj"))
            if target:
                add(target, ttype, rp.relation, rp.fact_type, fact_text, negates=rp.negates)
                return out
        gm = GENERIC.search(sentence)
        if gm is not None:
            verb = gm.group("verb").lower() + (f"_{gm.group('prep').lower()}" if gm.group("prep") else "")
            target, ttype = self._target(gm.group("obj"), "Topic", in_sentence, off, gm.start("obj"))
            if target:
                add(target, ttype, verb, "event", fact_text)
                return out
        if in_sentence and re.search(r"\b(?:I|I'm|I've|my|we|our)\b", sentence):
            first = in_sentence[0]
            add(first.name, first.entity_type, "related_to", "event", fact_text)
        return out

    @staticmethod
    def _first_pattern(sentence: str) -> tuple[RelationPattern, re.Match[str]] | None:
        for rp in PATTERNS:
            m = rp.regex.search(sentence)
            if m:
                return rp, m
        return None

    @staticmethod
    def _target(obj: str, default_type: str, in_sentence: list[ExtractedEntity], off: int,
                obj_start: int) -> tuple[str, str]:
        """Prefer a named entity near the start of the object phrase; else the cleaned noun phrase."""
        for m in in_sentence:
            rel = m.start - off
            if obj_start <= rel <= obj_start + 25:
                # The relation knows the target's kind better than a cue word does (works_at → Organization).
                return m.name, m.entity_type if default_type == "Topic" and m.entity_type != "Entity" else default_type
        phrase = _clean_object(obj)
        if not phrase or phrase.lower() in {"it", "that", "this", "them", "there", "so", "too", "you"}:
            return "", default_type
        return phrase, default_type if phrase[:1].isupper() else "Topic"
