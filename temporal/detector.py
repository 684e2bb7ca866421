"""Fast detector: compiled patterns gated by trigger words, producing non-overlapping candidate spans.

Only patterns whose trigger words occur in a text are run, so a sentence without any time word
costs one regex scan. Overlaps are resolved longest-match-first, then by pattern order.
"""
from __future__ import annotations

import re

from temporal.filters import accept
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
    "holiday": ("christmas", "thanksgiving", "easter", "halloween", "valentine", "valentines",
                "independence", "mother", "mothers", "father", "fathers", "memorial", "labor", "labour",
                "patrick", "patricks", "new", "eve"),
    "vague": ("recently", "lately", "nowadays", "these", "currently", "now", "moment", "present", "presently",
              "past", "future", "other", "while", "long", "once", "someday", "any"),
    "set": ("every", "each", "daily", "weekly", "monthly", "yearly", "annually", "nightly", "hourly",
            "biweekly", "fortnightly", "once", "twice", "thrice", "times"),
    "clock": ("clock", "oclock", "noon", "midnight", "midday"),
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
_PLURAL_OK = ("unit", "weekday", "season", "dayword", "month", "weekend")
_TRIGGER_WORDS: dict[str, frozenset[str]] = {}
for _cat, _words in _CATEGORY_WORDS.items():
    for _w in _words:
        for _form in (_w, _w + "s") if _cat in _PLURAL_OK else (_w,):
            _TRIGGER_WORDS[_form] = _TRIGGER_WORDS.get(_form, frozenset()) | {_cat}
_TRIGGER_KEYS = frozenset(_TRIGGER_WORDS)

_WORD_RE = re.compile(r"[a-z]+")
_DIGIT_RE = re.compile(r"\d")
_KINDS_CACHE: dict[frozenset[str], list[str]] = {}


class Candidate:
    """A detected span: [start, end) excludes a leading signal word; mstart is where the match began."""

    __slots__ = ("kind", "start", "end", "mstart", "groups")

    def __init__(self, kind: str, start: int, end: int, mstart: int,
                 groups: tuple[tuple[str, str | None], ...]) -> None:
        self.kind, self.start, self.end, self.mstart, self.groups = kind, start, end, mstart, groups

    def __repr__(self) -> str:
        return f"Candidate({self.kind!r}, {self.start}, {self.end}, {self.mstart})"

    def group(self, name: str) -> str | None:
        """The text of a named group of the match (None when it did not take part)."""
        return dict(self.groups).get(name)


def triggered(text: str) -> frozenset[str]:
    """The trigger categories present in text (digit, month, weekday, unit, ...)."""
    cats: set[str] = set()
    for w in _TRIGGER_KEYS.intersection(_WORD_RE.findall(text.lower())):
        cats |= _TRIGGER_WORDS[w]
    if _DIGIT_RE.search(text):
        cats.add("digit")
    return frozenset(cats)


def _kinds_for(cats: frozenset[str]) -> list[str]:
    kinds = _KINDS_CACHE.get(cats)
    if kinds is None:
        kinds = [k for k, needs in NEEDS.items() if all(not need.isdisjoint(cats) for need in needs)]
        _KINDS_CACHE[cats] = kinds
    return kinds


def detect(text: str) -> list[Candidate]:
    """All accepted, non-overlapping candidate spans of text, in text order."""
    cats = triggered(text)
    if not cats:
        return []
    found: list[Candidate] = []
    for kind in _kinds_for(cats):
        for m in COMPILED[kind].finditer(text):
            if m.end() == m.start() or not accept(kind, m):
                continue
            sig = m.group("sig") if "sig" in m.re.groupindex else None
            # a signal word is outside the TIMEX3 extent, except the quantifier of a set ("every")
            start = m.end("sig") if sig and sig.lower() not in ("every", "each") else m.start()
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
