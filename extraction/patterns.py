"""First-person relation patterns of the offline rules extractor, with their fact types.

Each pattern names the relation it asserts and what kind of object it expects; the extractor
tries them in order and falls back to a generic verb-object reading.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from models.graph import FactType

# Relations of which a subject holds one value at a time: a new value invalidates the old (DESIGN §3).
SINGLE_VALUED: frozenset[str] = frozenset({"works_at", "lives_in", "married_to", "dating"})

_SUBJ = r"(?P<subj>\bI\b|\b[Ww]e\b)"
_ADV = r"(?:\s+(?:just|now|currently|recently|finally|still|also|actually|officially|really))*"
_OBJ = r"(?P<obj>[^.!?,;]+)"


@dataclass(frozen=True)
class RelationPattern:
    relation: str
    fact_type: FactType
    target_type: str
    regex: re.Pattern[str]
    negates: bool = False


def _p(relation: str, fact_type: FactType, target_type: str, body: str, negates: bool = False) -> RelationPattern:
    return RelationPattern(relation, fact_type, target_type, re.compile(body), negates)


PATTERNS: tuple[RelationPattern, ...] = (
    _p("works_at", "state", "Organization", _SUBJ + r"(?:\s+(?:don't|do not|no longer))\s+work(?:s)?\s+(?:at|for)\s+" + _OBJ, negates=True),
    _p("works_at", "state", "Organization", _SUBJ + _ADV + r"\s+(?:left|quit)\s+(?:my\s+(?:job|position|role)\s+(?:at|with)\s+)?" + _OBJ, negates=True),
    _p("works_at", "state", "Organization", _SUBJ + r"(?:'m|\s+am)?" + _ADV + r"\s+(?:work(?:ing)?|started\s+(?:working|a\s+(?:new\s+)?job)|began\s+working|got\s+(?:a|the)\s+(?:new\s+)?job|took\s+a\s+(?:new\s+)?job|accepted\s+(?:a|an|the)\s+(?:\w+\s+)?(?:job|offer|position))\s+(?:at|for|with)\s+" + _OBJ),
    _p("works_at", "state", "Organization", _SUBJ + _ADV + r"\s+joined\s+" + r"(?P<obj>[A-Z][^.!?,;]*)"),
    _p("lives_in", "state", "Place", _SUBJ + r"(?:\s+(?:don't|do not|no longer))\s+live\s+in\s+" + _OBJ, negates=True),
    _p("lives_in", "state", "Place", _SUBJ + r"(?:'m|\s+am|'ve|\s+have)?" + _ADV + r"\s+(?:live|lived|living|been\s+living|moved|relocated|moving)\s+(?:back\s+)?(?:in|to)\s+" + _OBJ),
    _p("studies_at", "state", "Organization", _SUBJ + r"(?:'m|\s+am)?" + _ADV + r"\s+(?:study|studying|enrolled)\s+(?:at|in)\s+" + r"(?P<obj>[A-Z][^.!?,;]*)"),
    _p("graduated_from", "event", "Organization", _SUBJ + _ADV + r"\s+graduated\s+from\s+" + _OBJ),
    _p("married_to", "state", "Person", _SUBJ + _ADV + r"\s+(?:got\s+married\s+to|married)\s+" + r"(?P<obj>[A-Z][^.!?,;]*)"),
    _p("dating", "state", "Person", _SUBJ + r"(?:'m|\s+am|'ve\s+been|\s+have\s+been)?" + _ADV + r"\s+(?:dating|seeing)\s+" + r"(?P<obj>[A-Z][^.!?,;]*)"),
    _p("has_pet", "state", "Animal", _SUBJ + _ADV + r"\s+(?:adopted|got|have|has|rescued)\s+(?:a|an|our|my)\s+(?:new\s+)?(?:\w+\s+)?(?:dog|cat|puppy|kitten|bird|rabbit|bunny|hamster|parrot|horse|turtle|fish)\s+(?:named|called)\s+" + r"(?P<obj>[A-Z]\w+)"),
    _p("likes", "preference", "Topic", _SUBJ + _ADV + r"\s+(?:love|loved|like|liked|enjoy|enjoyed|adore|am\s+into|'m\s+into|am\s+a\s+(?:huge|big)\s+fan\s+of|'m\s+a\s+(?:huge|big)\s+fan\s+of)\s+" + _OBJ),
    _p("dislikes", "preference", "Topic", _SUBJ + _ADV + r"\s+(?:hate|hated|dislike|can't\s+stand|cannot\s+stand)\s+" + _OBJ),
    _p("plans", "plan", "Topic", _SUBJ + r"(?:'m|\s+am|'re|\s+are)?" + _ADV + r"\s+(?:planning|plan|going|hoping|hope|thinking\s+about|gonna|want|wanna|intend|intending)\s+(?:to\s+|on\s+)?" + _OBJ),
)

FAMILY = re.compile(
    r"\b[Mm]y\s+(?P<role>sister|brother|mom|mother|dad|father|wife|husband|partner|son|daughter|friend|best friend|boss|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|girlfriend|boyfriend|fiancée|fiance|fiancé|roommate|colleague|coworker|neighbor|neighbour|mentor)[,]?\s+(?P<name>[A-Z][a-z]+)\b"
)

GENERIC = re.compile(_SUBJ + _ADV + r"\s+(?P<verb>[a-z]+ed|went|ran|got|made|took|saw|met|bought|won|wrote|began|built|painted|visited|attended|finished|started|tried|learned|learnt|read|did|had|gave|found|flew|drove|swam|sang|played|volunteered|celebrated|joined|completed|organized|organised|hosted|adopted|baked|cooked|signed|launched|published|watched)\b(?:\s+(?P<prep>to|at|on|in|for|with|from))?\s*" + r"(?P<obj>[^.!?;]*)")

# Words after which an object phrase stops: time words, clause joiners, prepositions of manner.
OBJECT_STOP = re.compile(
    r"\s+(?:and|but|because|so|since|when|while|which|who|that|with|for|from|until|till|after|before|last|next|this|"
    r"yesterday|today|tomorrow|tonight|ago|on|in|at|as|during|every|about|recently|soon|now|again|too|though|if|or)\b.*$",
    re.I,
)
