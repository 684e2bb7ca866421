"""Fast detector: compiled patterns gated by trigger words, producing non-overlapping candidate spans.

Only patterns whose trigger words occur in a text are run, so a sentence without any time word
costs one regex scan. Overlaps are resolved longest-match-first, then by pattern order.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from temporal.lexicon import MONTHS, WEEKDAYS
from temporal.patterns import NEEDS, PATTERNS

_FLAGS = re.IGNORECASE
COMPILED: dict[str, re.Pattern[str]] = {k: re.compile(v, _FLAGS) for k, v in PATTERNS.items()}
ORDER: dict[str, int] = {k: i for i, k in enumerate(PATTERNS)}

_TRIGGER_WORDS: dict[str, str] = {}
for _w in MONTHS:
    _TRIGGER_WORDS[_w] = "month"
for _w in WEEKDAYS:
    _TRIGGER_WORDS[_w] = "weekday"
for _w in ("sec", "minute", "min", "hour", "hr", "day", "week", "fortnight", "month", "year", "yr",
           "decade", "centur", "ages"):
    _TRIGGER_WORDS[_w] = "unit"
for _w in ("yesterday", "today", "tonight", "tonite", "tomorrow", "tmrw", "tmr", "night", "morning",
           "afternoon", "evening"):
    _TRIGGER_WORDS[_w] = "dayword"
for _w in ("spring", "summer", "fall", "autumn", "winter"):
    _TRIGGER_WORDS[_w] = "season"
for _w in ("twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties", "nineties"):
    _TRIGGER_WORDS[_w] = "decade"
for _w in ("christmas", "new year", "thanksgiving", "easter", "halloween", "valentine", "independence",
           "fourth of july", "mother", "father", "memorial", "labor", "labour", "patrick"):
    _TRIGGER_WORDS[_w] = "holiday"
for _w in ("recent", "lately", "nowadays", "these days", "current", "now", "moment", "present",
           "past", "future", "other", "while", "long", "once upon", "someday", "one of these"):
    _TRIGGER_WORDS[_w] = "vague"
for _w in ("every", "each", "daily", "weekly", "monthly", "yearly", "annually", "nightly", "hourly",
           "biweekly", "fortnightly", "once", "twice", "thrice", "times"):
    _TRIGGER_WORDS[_w] = "set"
for _w in ("o'clock", "o’clock", "oclock", "noon", "midnight", "midday"):
    _TRIGGER_WORDS[_w] = "clock"
_TRIGGER_WORDS["quarter"] = "quarter"
_TRIGGER_WORDS["century"] = "century"
_TRIGGER_WORDS["weekend"] = "unit"

# Prefix match (no trailing \b): "mondays", "weeks", "recently" all hit their stem.
_TRIGGER_RE = re.compile(
    r"\b(?:" + "|".join(sorted((re.escape(w) for w in _TRIGGER_WORDS), key=len, reverse=True)) + ")",
    _FLAGS)
_DIGIT_RE = re.compile(r"\d")
_EXTRA = {"digit": ("decade2", "quarter"), "month": ("holiday",)}


@dataclass(slots=True)
class Candidate:
    """A detected span: [start, end) excludes a leading signal word; mstart is where the match began."""

    kind: str
    start: int
    end: int
    mstart: int
    groups: tuple[tuple[str, str | None], ...]

    def group(self, name: str) -> str | None:
        """The text of a named group of the match (None when it did not take part)."""
        for k, v in self.groups:
            if k == name:
                return v
        return None


def triggered(text: str) -> set[str]:
    """The trigger categories present in text (digit, month, weekday, unit, ...)."""
    cats = {_TRIGGER_WORDS.get(w.lower(), "") for w in _TRIGGER_RE.findall(text)}
    if _DIGIT_RE.search(text):
        cats.add("digit")
    cats.discard("")
    return cats


def _kinds_for(cats: set[str]) -> list[str]:
    kinds = [k for k, need in NEEDS.items() if need & cats]
    for cat, extra in _EXTRA.items():
        if cat in cats:
            kinds.extend(k for k in extra if k not in kinds)
    return kinds


def detect(text: str) -> list[Candidate]:
    """All accepted, non-overlapping candidate spans of text, in text order."""
    cats = triggered(text)
    if not cats:
        return []
    from temporal.filters import accept  # local: filters imports lexicon only, no cycle at load

    found: list[Candidate] = []
    for kind in _kinds_for(cats):
        for m in COMPILED[kind].finditer(text):
            if m.end() == m.start() or not accept(kind, m):
                continue
            start = m.end("sig") if "sig" in m.re.groupindex and m.group("sig") else m.start()
            while start < m.end() and text[start].isspace():
                start += 1
            groups = tuple((k, v) for k, v in m.groupdict().items() if v is not None)
            found.append(Candidate(kind, start, m.end(), m.start(), groups))
    return select(found)


def select(cands: list[Candidate]) -> list[Candidate]:
    """Greedy non-overlapping choice: longest match first, ties to the earlier pattern kind."""
    if len(cands) <= 1:
        return cands
    cands.sort(key=lambda c: (-(c.end - c.mstart), ORDER[c.kind], c.mstart))
    chosen: list[Candidate] = []
    for c in cands:
        if all(c.end <= o.mstart or c.mstart >= o.end for o in chosen):
            chosen.append(c)
    chosen.sort(key=lambda c: c.start)
    return chosen
