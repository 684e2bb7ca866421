"""A cheap tense hint for the clause around a span: 'past', 'future' or 'present'.

Underspecified expressions ("in August", "on Friday", "May 8") point backwards in a past-tense
clause and forwards in a future one; this is the whole of the syntax the engine needs.
"""
from __future__ import annotations

import re

_FUTURE = re.compile(
    r"\b(?:will|won['’]t|shall|gonna|going\s+to|plan(?:s|ning|ned)?\s+(?:to|on)|planning|hop(?:e|ing)\s+to"
    r"|looking\s+forward|can['’]?t\s+wait|cannot\s+wait|about\s+to|intend|scheduled|upcoming|next"
    r"|tomorrow|would\s+like\s+to|want\s+to|wanna|thinking\s+(?:about|of)|excited\s+(?:for|about)"
    r"|\w+['’]ll|coming\s+up|soon|gotta|need\s+to|have\s+to|expect(?:s|ed)?\s+to|expected|due\s+to)\b", re.I)
_PAST = re.compile(
    r"\b(?:was|were|had|did|didn['’]t|went|got|came|took|made|saw|met|ran|began|bought|gave|left|told"
    r"|said|found|felt|thought|knew|won|lost|spent|brought|built|wrote|ate|drove|flew|sang|swam|paid"
    r"|sent|sold|held|kept|heard|became|caught|taught|fought|chose|rode|wore|grew|threw|drew|broke"
    r"|rose|fell|sank|cut|hit|led|shut|quit|spoke|stood|understood|woke|struck|swore|tore|wept|slept"
    r"|shook|rang|meant|lit|hung|dug|fled|forgot|froze|hid|lent|sat|shot|sought|spent|split|spread"
    r"|stole|stuck|swung|bet|bid|dealt|fed|overtook|withdrew|underwent|undertook|began|sang|drank"
    r"|ago|yesterday|last|used\s+to|\w+['’]ve|have\s+been|has\s+been|haven['’]t|hasn['’]t"
    r"|\w{3,}[^e\W]ed)\b", re.I)
# Adjectival participles that say nothing about tense ("I'm so excited").
_NOT_PAST = frozenset({"excited", "interested", "tired", "scared", "bored", "worried", "pleased",
                       "thrilled", "stoked", "amazed", "blessed", "obsessed", "focused", "motivated",
                       "determined", "inspired", "dedicated", "overwhelmed", "stressed", "relaxed",
                       "engaged", "supposed", "based", "used", "talented", "committed", "concerned",
                       "involved", "needed", "interested", "detailed", "limited", "related", "prepared",
                       "surprised", "confused", "attached", "connected", "balanced", "grounded", "hundred"})
_SENT_END = re.compile(r"[.!?;\n]")


def clause_around(text: str, start: int, end: int) -> str:
    """The sentence containing [start, end)."""
    lo = start
    while lo > 0 and not _SENT_END.match(text[lo - 1]):
        lo -= 1
    hi = end
    n = len(text)
    while hi < n and not _SENT_END.match(text[hi]):
        hi += 1
    return text[lo:hi]


def tense_of(clause: str) -> str:
    """'future' if a future marker occurs, else 'past' if a past marker does, else 'present'."""
    if _FUTURE.search(clause):
        return "future"
    for m in _PAST.finditer(clause):
        if m.group(0).lower() not in _NOT_PAST:
            return "past"
    return "present"
