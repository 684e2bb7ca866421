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
# A leading \b lets the scanner reject mid-word positions before trying any alternative.
COMPILED: dict[str, re.Pattern[str]] = {k: re.compile(r"\b(?:" + v + ")", _FLAGS) for k, v in PATTERNS.items()}
ORDER: dict[str, int] = {k: i for i, k in enumerate(PATTERNS)}

_CATEGORY_WORDS: dict[str, tuple[str, ...]] = {
    "month": tuple(MONTHS),
    "weekday": tuple(WEEKDAYS),
    "unit": ("sec", "secs", "second", "minute", "min", "mins", "hour", "hr", "hrs", "day", "week",
             "weekend", "fortnight", "month", "year", "yr", "yrs", "decade", "century", "centuries", "ages"),
    "dayword": ("yesterday", "today", "tonight", "tonite", "tomorrow", "tmrw", "tmr", "night", "morning",
                "afternoon", "evening"),
    "season": ("spring", "summer", "fall", "autumn", "winter"),
    "decade": ("twenties", "thirties", "forties", "fifties", "sixties", "seventies", "eighties", "nineties"),
    "holiday": ("christmas", "thanksgiving", "easter", "halloween", "valentine", "valentine's", "valentines",
                "independence", "mother's", "mothers", "father's", "fathers", "memorial", "labor", "labour",
                "patrick's", "patricks", "year's", "eve"),
    "vague": ("recently", "lately", "nowadays", "these", "currently", "now", "moment", "present", "presently",
              "past", "future", "other", "while", "long", "once", "someday", "any"),
    "set": ("every", "each", "daily", "weekly", "monthly", "yearly", "annually", "nightly", "hourly",
            "biweekly", "fortnightly", "once", "twice", "thrice", "times"),
    "clock": ("o'clock", "o’clock", "oclock", "noon", "midnight", "midday"),
    "quarter": ("quarter",),
    "century": ("century",),
    "ordword": ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
                "tenth", "eleventh", "twelfth", "thirteenth", "fourteenth", "fifteenth", "sixteenth",
                "seventeenth", "eighteenth", "nineteenth", "twentieth", "thirtieth"),
    "agoword": ("ago", "back", "earlier", "later", "hence", "before", "after", "prior", "from"),
    "nth": ("first", "second", "third", "fourth", "last", "final"),
    "weekend": ("weekend",),
    "pastlast": ("past", "last"),
    "inword": ("in", "within", "after"),
    "forover": ("for", "over"),
    "every": ("every", "each"),
    "adv": ("daily", "weekly", "monthly", "yearly", "annually", "nightly", "hourly", "biweekly", "fortnightly"),
    "freq": ("once", "twice", "thrice", "times"),
    "the": ("the",),
}
_TRIGGER_WORDS: dict[str, frozenset[str]] = {}
for _cat, _words in _CATEGORY_WORDS.items():
    for _w in _words:
        _TRIGGER_WORDS[_w] = _TRIGGER_WORDS.get(_w, frozenset()) | {_cat}

_WORD_RE = re.compile(r"[a-z]+(?:['’][a-z]+)?")
_DIGIT_RE = re.compile(r"\d")
_PLURAL_OK = frozenset({"unit", "weekday", "season", "dayword", "month", "weekend"})
_NONE: frozenset[str] = frozenset()


def _trigger_of(word: str) -> frozenset[str]:
    cats = _TRIGGER_WORDS.get(word)
    if cats is not None:
        return cats
    if word.endswith(("'s", "’s")):
        return _TRIGGER_WORDS.get(word[:-2], _NONE)
    if word.endswith("s"):
        cats = _TRIGGER_WORDS.get(word[:-1], _NONE)
        return cats & _PLURAL_OK
    return _NONE


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
    cats: set[str] = set()
    for w in set(_WORD_RE.findall(text.lower())):
        cats |= _trigger_of(w)
    if _DIGIT_RE.search(text):
        cats.add("digit")
    return cats


def _kinds_for(cats: set[str]) -> list[str]:
    return [k for k, needs in NEEDS.items() if all(not need.isdisjoint(cats) for need in needs)]


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
