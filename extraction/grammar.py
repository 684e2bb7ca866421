"""Turn a first-person sentence into a third-person statement about its speaker (pure text rules)."""
from __future__ import annotations

import re

# Past forms and modals stay as they are after the subject; everything else gets third-person -s.
_KEEP_VERB = {
    "was", "were", "had", "did", "could", "would", "should", "might", "must", "can", "will", "shall",
    "went", "got", "ran", "saw", "made", "took", "came", "gave", "found", "left", "met", "bought",
    "brought", "began", "felt", "kept", "knew", "lost", "paid", "put", "read", "said", "sent",
    "set", "sold", "spent", "taught", "thought", "told", "won", "wrote", "drove", "ate", "flew", "grew",
    "heard", "held", "led", "let", "lit", "rode", "sang", "sat", "slept", "spoke", "stood", "swam",
    "threw", "understood", "woke", "wore", "built", "caught", "chose", "drew", "fell", "forgot", "hung",
    "hid", "hit", "hurt", "quit", "shut", "struck", "became", "broke", "cut", "dug", "fed",
    "fought", "just", "also", "really", "still", "finally", "recently", "actually", "never", "always",
    "often", "usually", "sometimes", "already", "definitely", "totally", "even", "only", "and", "or",
}
_IRREGULAR_3RD = {"have": "has", "do": "does", "go": "goes", "am": "is", "be": "is"}
_CONTRACTIONS = [
    (r"\bI'm\b", "{S} is"), (r"\bI am\b", "{S} is"), (r"\bI've\b", "{S} has"), (r"\bI'd\b", "{S} would"),
    (r"\bI'll\b", "{S} will"), (r"\bwe're\b", "{S} and others are"), (r"\bWe're\b", "{S} and others are"),
    (r"\bwe've\b", "{S} and others have"), (r"\bWe've\b", "{S} and others have"),
    (r"\bwe'll\b", "{S} and others will"), (r"\bWe'll\b", "{S} and others will"),
]
_WORD = re.compile(r"[A-Za-z']+")


def third_person_verb(word: str) -> str:
    """'love' → 'loves', 'go' → 'goes', 'study' → 'studies'; past forms and modals unchanged."""
    low = word.lower()
    if low in _KEEP_VERB or low.endswith("ed") or not low.isalpha():
        return word
    if low in _IRREGULAR_3RD:
        return _IRREGULAR_3RD[low]
    if re.search(r"(s|sh|ch|x|z|o)$", low):
        return word + "es"
    if re.search(r"[^aeiou]y$", low):
        return word[:-1] + "ies"
    return word + "s"


def to_third_person(sentence: str, speaker: str) -> str:
    """Rewrite 'I', 'my', 'me', 'we' into statements about the speaker."""
    s = sentence.strip()
    for pat, rep in _CONTRACTIONS:
        s = re.sub(pat, rep.replace("{S}", speaker), s)

    s = re.sub(r"\bI\s+([a-z]+ly\s+)?([a-z']+)", lambda m: f"{speaker} {m.group(1) or ''}{third_person_verb(m.group(2))}", s)
    s = re.sub(r"\b[Ww]e\s+([a-z']+)", lambda m: f"{speaker} and others {m.group(1)}", s)
    s = re.sub(r"\b[Mm]y\b", f"{speaker}'s", s)
    s = re.sub(r"\b[Oo]ur\b", f"{speaker}'s", s)
    s = re.sub(r"\bmyself\b", speaker, s)
    s = re.sub(r"\b(me|us)\b", speaker, s)
    s = re.sub(r"\bI\b", speaker, s)
    s = re.sub(r"\s+", " ", s).strip()
    if s and s[-1] not in ".!?":
        s += "."
    return s[0].upper() + s[1:] if s else s
