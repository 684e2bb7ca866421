"""Proper-noun mentions and a cue-based entity type guess (pure text rules)."""
from __future__ import annotations

import re

from models.extraction import ExtractedEntity

_CAP_SEQ = re.compile(r"\b[A-Z][\w'&-]*(?:(?:\s+(?:of|the|de|du|van|von|and|&)\s+|\s+)[A-Z][\w'&-]*)*")
_TEMPORAL_WORDS = {
    "january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
    "november", "december", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday",
    "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec",
}
# Words that are capitalised because they open a sentence or are interjections, not names.
_COMMON = set("""
a an the i i'm i've i'd i'll im ive my me we we're our us you you're your yours he she it it's its they their them
hey hi hello oh ok okay yes yeah yep no nope so and but or if then than that this these those there here what when
where who whom why how which thanks thank wow cool great awesome sure well just also maybe really actually anyway
haha lol omg aw aww ah congrats congratulations good nice love glad sorry please let lets let's did do does is are
was were be been being have has had can could would should will shall might must not never always sometimes same
totally definitely absolutely honestly seriously speaking by the way btw guess speaking sounds looks right true
all any some many much more most every each one two three first last next other another both either neither such
still even once after before since until while during about above below over under again yesterday today tomorrow
tonight morning evening night weekend week month year mom dad mum english spanish french
""".split())
ORG_SUFFIX = {
    "labs", "lab", "inc", "corp", "corporation", "company", "co", "analytics", "group", "bank", "university",
    "college", "school", "institute", "hospital", "studio", "studios", "agency", "foundation", "society",
    "club", "cafe", "café", "bakery", "center", "centre", "partners", "systems", "technologies", "tech",
    "media", "press", "llc", "ltd", "solutions", "works", "industries", "airlines", "ventures", "capital",
    "clinic", "library", "museum", "academy", "association", "council", "department", "restaurant", "shop",
}
EVENT_SUFFIX = {"festival", "conference", "marathon", "concert", "fair", "expo", "summit", "parade",
                "tournament", "championship", "cup", "gala", "retreat", "workshop", "meetup", "hackathon"}
PLACE_CUES = {"in", "to", "from", "near", "visited", "visit", "visiting", "around", "across", "outside"}


def _norm_words(name: str) -> list[str]:
    return [w.strip(".,'").lower() for w in name.split()]


def guess_type(name: str, preceding: str, persons: set[str]) -> str:
    """Entity type from suffix and context cues; 'Entity' when nothing points anywhere."""
    words = _norm_words(name)
    if name in persons or (words and words[0] in {p.lower() for p in persons}):
        return "Person"
    if words and words[-1] in ORG_SUFFIX:
        return "Organization"
    if words and words[-1] in EVENT_SUFFIX:
        return "Event"
    prev = preceding.split()[-1].lower() if preceding.split() else ""
    if prev in PLACE_CUES:
        return "Place"
    return "Entity"


def find_mentions(text: str, persons: set[str]) -> list[ExtractedEntity]:
    """Capitalised name sequences that are not sentence openers, pronouns or calendar words."""
    found: list[ExtractedEntity] = []
    for m in _CAP_SEQ.finditer(text):
        name, start = m.group(0), m.start()
        # Trim trailing connector words and possessive marks captured by the pattern.
        name = re.sub(r"(?:\s+(?:of|the|de|du|van|von|and|&))+$", "", name).rstrip(".'-")
        name = re.sub(r"'s$", "", name)
        tokens = name.split()
        # The pronoun "I" is capitalised but never part of a name ("Portland I lived", "Boston and I").
        if "I" in tokens:
            tokens = tokens[: tokens.index("I")]
            while tokens and tokens[-1].lower() in {"of", "the", "de", "du", "van", "von", "and", "&"}:
                tokens = tokens[:-1]
        # Drop leading common words ("Hey Maya" → "Maya", "The Lumen Festival" → "Lumen Festival").
        while tokens and tokens[0].lower().strip(".,'!?") in _COMMON | _TEMPORAL_WORDS:
            start += len(tokens[0]) + 1
            tokens = tokens[1:]
        while tokens and tokens[-1].lower() in _TEMPORAL_WORDS:
            tokens = tokens[:-1]
        if not tokens:
            continue
        name = " ".join(tokens)
        if len(name) < 2 or name.lower() in _COMMON or name.isupper() and len(name) <= 2:
            continue
        at_sentence_start = start == 0 or re.search(r"[.!?]\s*[\"'(]*$", text[:start]) is not None
        if at_sentence_start and len(tokens) == 1 and name not in persons:
            # A lone capitalised opener is usually an ordinary word; keep it only if it recurs mid-sentence.
            if not re.search(r"[a-z,;:]\s+" + re.escape(name) + r"\b", text):
                continue
        etype = guess_type(name, text[:start], persons)
        found.append(ExtractedEntity(name=name, entity_type=etype, start=start, end=start + len(name)))
    return found
