"""Query-time temporal parsing (pure): what a question asks for and which time window it narrows to.

"When did Caroline go to the support group?" -> kind=when, terms of the topic, names=[Caroline].
"what did Caroline do last May?" -> window May of the year before the reference.
"what did she do in June?" (no year) -> a month-of-year window: June of any year.
"where did she live before she moved?" -> anchor ("before", "she moved"): the caller dates the clause.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime

from models.temporal import TemporalExpression
from search.textmatch import terms

_STEMS: list[tuple[str, re.Pattern[str]]] = [
    ("how_long_ago", re.compile(r"^\s*how\s+long\s+ago\s+(?:was|were|did|is|has|had)?\b", re.I)),
    ("how_long", re.compile(r"^\s*(?:for\s+)?how\s+(?:long|many\s+(?:years|months|weeks|days))\s+"
                            r"(?:has|have|had|did|does|do|is|was|were|will)?\b", re.I)),
    ("when", re.compile(r"^\s*(?:when|what\s+(?:date|day|month|year|time)|in\s+(?:which|what)\s+"
                        r"(?:month|year|week)|on\s+what\s+(?:date|day))\s*(?:did|does|do|is|was|were|has|have|had|will|are)?\b", re.I)),
]
_FUTURE = re.compile(r"\b(?:will|going\s+to|planning|plans?\s+to|intend|upcoming|next)\b", re.I)
_FUTURE_STEM = re.compile(r"^\s*when\s+(?:is|are|will)\b", re.I)
_ANCHOR = re.compile(r"\b(?P<rel>before|after|since|until|prior\s+to)\s+(?P<clause>(?:she|he|they|we|i|[A-Z]\w+)\b[^?.!]*)", re.I)
_NAME = re.compile(r"\b([A-Z][a-zA-Z\-]+)(?:'s)?\b")
_NOT_NAMES = frozenset("""When What Where Which Who Whom Why How Did Does Do Is Was Were Has Have Had Will
Are In On At The A An I January February March April May June July August September October November
December Monday Tuesday Wednesday Thursday Friday Saturday Sunday Christmas Easter LGBTQ""".split())
_RELATIVE_WORD = re.compile(r"\b(?:last|next|this|ago|yesterday|tomorrow|today|past|coming|previous|recent)\b", re.I)
_NO_YEAR_MONTHS = re.compile(r"\b(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|"
                             r"sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|spring|summer|autumn|fall|winter)\b", re.I)


@dataclass(frozen=True)
class TimeWindow:
    """A half-open UTC interval the answer should fall in; any_year: month-of-year match only."""

    start: datetime
    end: datetime
    granularity: str
    text: str
    any_year: bool = False

    def months(self) -> set[int]:
        """Months of the year the window covers (for any_year matching)."""
        out, y, m = set(), self.start.year, self.start.month
        while (y, m) < (self.end.year, self.end.month) or (len(out) == 0):
            out.add(m)
            y, m = (y + 1, 1) if m == 12 else (y, m + 1)
            if len(out) >= 12:
                break
        return out

    def overlaps(self, start: datetime, end: datetime) -> bool:
        """True when [start, end) meets the window (month-of-year only when any_year)."""
        if self.any_year:
            wanted = self.months()
            y, m = start.year, start.month
            while (y, m) <= (end.year, end.month):
                if m in wanted and datetime(y, m, 1, tzinfo=start.tzinfo) < end:
                    return True
                y, m = (y + 1, 1) if m == 12 else (y, m + 1)
            return False
        return start < self.end and end > self.start


@dataclass
class Question:
    text: str
    kind: str  # when | how_long | how_long_ago | other
    core: str  # the topic: stem and time phrases removed
    terms: list[str]
    names: list[str]
    future: bool
    window: TimeWindow | None = None
    anchor: tuple[str, str] | None = None  # (before|after|since|until, clause) when the time is an event
    expressions: list[TemporalExpression] = field(default_factory=list)
    main: str | None = None  # the event word right after the subject, weighted up when matching sentences


def question_kind(text: str) -> tuple[str, str]:
    """(kind, text without its question stem)."""
    for kind, rx in _STEMS:
        m = rx.match(text)
        if m:
            return kind, text[m.end():].strip()
    return "other", text.strip()


def names_in(text: str) -> list[str]:
    """Capitalised words that may name an entity (question words, months and 'I' excluded)."""
    return list(dict.fromkeys(m.group(1) for m in _NAME.finditer(text) if m.group(1) not in _NOT_NAMES))


def window_of(exprs: list[TemporalExpression]) -> TimeWindow | None:
    """The narrowest dated expression of a query as a window; bare month/season names match any year."""
    dated = [e for e in exprs if e.timex_type in ("DATE", "TIME") and e.has_interval]
    if not dated:
        return None
    e = min(dated, key=lambda x: (x.interval_end - x.interval_start))  # type: ignore[operator]
    any_year = (not re.search(r"\d{4}", e.text) and not _RELATIVE_WORD.search(e.text)
                and bool(_NO_YEAR_MONTHS.search(e.text)))
    return TimeWindow(e.interval_start, e.interval_end, e.granularity, e.text, any_year)  # type: ignore[arg-type]


def main_term(core: str, names: list[str]) -> str | None:
    """The stemmed word right after the subject ("Caroline *met* up with ..."), framing verbs skipped."""
    words = terms(core)
    low = {terms(n)[0] for n in names if terms(n)}
    i = 0
    while i < len(words) and words[i] in low:
        i += 1
    while i < len(words) and words[i] in FRAMING:
        i += 1
    return words[i] if i < len(words) and i > 0 else None


# verbs that frame an event instead of naming it ("start to go to the gym", "planning to open")
FRAMING = frozenset(terms("start started starting begin began plan planning planned decide decided try tried "
                          "want wanted intend intended manage managed"))


def parse_question(text: str, ref: datetime, resolver=None) -> Question:
    """Kind, topic terms, names, tense and time window of a question, against the reference time."""
    if resolver is None:
        from temporal.engine import resolve as resolver
    kind, rest = question_kind(text)
    offset = text.find(rest) if rest else len(text)
    exprs = [e for e in resolver(text, ref) if e.start >= offset]
    core = text
    # drop the time phrases from the topic so "in June" does not have to appear in the statement
    for e in sorted(exprs, key=lambda x: -x.start):
        if e.timex_type in ("DATE", "TIME", "DURATION"):
            core = core[:e.start] + " " + core[e.end:]
    core = core[offset:]
    anchor = None
    m = _ANCHOR.search(core)
    if m and not any(e.start >= offset + m.start() for e in exprs):
        anchor = (m.group("rel").lower(), m.group("clause").strip())
        core = core[:m.start()].strip()
    core = re.sub(r"\s+", " ", core).strip(" ?.!")
    future = bool(_FUTURE_STEM.match(text) or _FUTURE.search(rest))
    names = names_in(core)
    return Question(text=text, kind=kind, core=core, terms=terms(core), names=names, future=future,
                    window=window_of(exprs), anchor=anchor, expressions=exprs, main=main_term(core, names))
