"""Context rules that reject pattern matches which are ordinary words, not time ("I may go").

Regexes find shapes; these checks encode the conditions a shape needs to count as a time
expression (a signal word, a year, a modifier), which keeps precision high.
"""
from __future__ import annotations

import re
from collections.abc import Callable

_STRONG_YEAR_SIGNALS = frozenset({"in", "since", "during", "by", "until", "till", "through", "from",
                                  "before", "after", "around", "circa", "year"})
_HOLIDAY_NOUNS = re.compile(
    r"\s+(?:tree|trees|decorations?|lights|cards?|gifts?|presents?|music|songs?|carols?|movies?|"
    r"markets?|sweaters?|spirit|shopping|party|parties|list|stockings?|ornaments?|costumes?|candy|"
    r"eggs?|bunny|parade|special|episode|traditions?|dinner|lunch|feast|card)\b", re.I)
_BARE_HOLIDAYS = frozenset({"christmas", "thanksgiving", "easter", "halloween", "new year's",
                            "new years", "new year’s"})
_ABBR_WD = re.compile(r"(?:tues|tue|thurs|thur|thu|fri|wed|mon|sat|sun)\.?", re.I)


def _norm(s: str | None) -> str:
    return re.sub(r"\s+", " ", s.lower()) if s else ""


def _month(m: re.Match[str]) -> bool:
    # A bare month name is a time only with a signal, modifier or relative word before it.
    return bool(m.group("sig") or m.group("mod") or m.group("rel"))


_COUNTED_NOUN = re.compile(r"\s+[a-z]+s\b")


def _year(m: re.Match[str]) -> bool:
    y = int(m.group("y"))
    sig = _norm(m.group("sig"))
    if sig in _STRONG_YEAR_SIGNALS or m.group("mod"):
        return True
    # "2000 jobs", "1999 photos": a bare number counting a plural noun is a quantity
    if _COUNTED_NOUN.match(m.string, m.end()):
        return False
    return 1900 <= y <= 2099


def _season(m: re.Match[str]) -> bool:
    return bool(m.group("sig") or m.group("rel") or m.group("y") or m.group("mod"))


def _relunit(m: re.Match[str]) -> bool:
    rel, mod = _norm(m.group("rel")), _norm(m.group("mod"))
    if rel == "the" and not mod:
        return False
    if mod in ("earlier", "later") and rel not in ("this", "next", "last"):
        return False
    return not (rel == "past" and not mod)


def _dur(m: re.Match[str]) -> bool:
    n, u = _norm(m.group("n")), _norm(m.group("u"))
    has_context = bool(m.group("sig") or m.group("pre").strip())
    if n in ("a", "an") and u.startswith(("second", "sec", "minute", "min")):
        return False  # "a second chance", "a minute" is mostly figurative
    if u in ("second", "sec", "min") and not n[:1].isdigit():
        return False
    if n == "one" and u == "day" and not has_context:
        return False  # "one day I will ..." is not a duration
    if n in ("many", "some") and not has_context:
        return False
    if m.group("hy").strip() == "-" and n in ("a", "an"):
        return False
    return True


def _ago(m: re.Match[str]) -> bool:
    n, u, d = _norm(m.group("n")), _norm(m.group("u")), _norm(m.group("dir"))
    if not n:
        # "years ago" is vague; "day before" without a count is the relword pattern's business
        return (u.endswith("s") and d in ("ago", "back")) or u == "ages"
    if u == "ages":
        return False
    return True


def _weekday(m: re.Match[str]) -> bool:
    wd = m.group("wd")
    if _ABBR_WD.fullmatch(wd):
        return bool((m.group("sig") or m.group("rel")) and not m.group("pl"))
    return True


def _timeofday(m: re.Match[str]) -> bool:
    if m.group("h24") is not None:
        return bool(m.group("sig"))
    if m.group("word") is not None and _norm(m.group("word")) == "midnight":
        return bool(m.group("sig"))
    return True


def _holiday(m: re.Match[str]) -> bool:
    hol = _norm(m.group("hol"))
    rel = _norm(m.group("rel")) or _norm(m.group("sig"))
    end = m.end()
    tail = m.string[end:end + 20]
    if _HOLIDAY_NOUNS.match(tail):
        return False
    if hol in _BARE_HOLIDAYS or hol.startswith("new year"):
        return bool((rel and rel != "of") or m.group("y") or hol.endswith(("eve", "day")))
    return True


def _quarter(m: re.Match[str]) -> bool:
    # word forms need a year or "the": "the third quarter" (of this year), not "third quarter"
    return bool(m.group("q") or m.group("y") or m.group("rel") or m.group(0).lower().startswith("the"))


def _set(m: re.Match[str]) -> bool:
    u = m.group("u")
    if u is not None and u.lower() in ("may", "march", "august") and not u[:1].isupper():
        return False
    return True


_RULES: dict[str, Callable[[re.Match[str]], bool]] = {
    "month": _month, "year": _year, "season": _season, "relunit": _relunit, "dur": _dur,
    "ago": _ago, "weekday": _weekday, "timeofday": _timeofday, "holiday": _holiday,
    "quarter": _quarter, "set_every": _set,
}


def accept(kind: str, m: re.Match[str]) -> bool:
    """True when match m of pattern kind reads as a time expression in its context."""
    rule = _RULES.get(kind)
    return rule(m) if rule else True
