"""Lexical matching for the query layer (pure): tokens, a light stemmer, BM25 over a small pool.

LanceDB's FTS ranks a whole table; the query layer also needs scores for turns it did not return
(neighbours of a hit) and per-term positions inside one turn (to pick the time expression nearest
to the matched words), so it keeps its own small, dependency-free scorer.
"""
from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterable, Sequence

_WORD = re.compile(r"[A-Za-z0-9]+(?:'[A-Za-z]+)?")

# Function words and chatter that carry no topic; question stems are dropped by query_time first.
STOPWORDS = frozenset("""
a about above after again against all am an and any are aren't as at be because been before being
below between both but by can can't could did didn't do does doesn't doing don't down during each few
for from further had has have having he he'd he'll he's her here here's hers herself him himself his how
i i'd i'll i'm i've if in into is isn't it it's its itself just let's me more most my myself no nor not
of off on once only or other ought our ours ourselves out over own same she she'd she'll she's should so
some such than that that's the their theirs them themselves then there there's these they they'd they'll
they're they've this those through to too under until up very was wasn't we we'd we'll we're we've were
what what's when when's where which while who whom why will with won't would you you'd you'll you're
you've your yours yourself yourselves also really so much yeah oh hey hi wow thanks thank like get got
gonna going go went gone one ever still even lot lots im ive thats dont
""".split())

_IRREGULAR = {"went": "go", "gone": "go", "ran": "run", "made": "make", "took": "take", "taken": "take",
              "bought": "buy", "began": "begin", "begun": "begin", "met": "meet", "felt": "feel",
              "got": "get", "gotten": "get", "saw": "see", "seen": "see", "did": "do", "done": "do",
              "drew": "draw", "drawn": "draw", "gave": "give", "given": "give", "wrote": "write",
              "written": "write", "read": "read", "left": "leave", "lost": "lose", "won": "win",
              "found": "find", "thought": "think", "taught": "teach", "told": "tell", "came": "come",
              "kids": "kid", "children": "child", "people": "person", "men": "man", "women": "woman",
              "hurt": "hurt", "paint": "paint", "painting": "paint", "painted": "paint"}


def stem(word: str) -> str:
    """Crude suffix stripping: enough to match 'painted'/'painting'/'paints' and 'adopt'/'adoption'."""
    w = word.lower()
    if w in _IRREGULAR:
        return _IRREGULAR[w]
    if w.endswith("'s"):
        w = w[:-2]
    for suf, rep in (("ations", "ate"), ("ation", "ate"), ("ition", ""), ("tion", "t"), ("ments", ""),
                     ("ment", ""), ("ship", ""), ("ness", ""), ("ings", ""), ("ing", ""), ("ies", "y"), ("ied", "y"),
                     ("ed", ""), ("ers", ""), ("er", ""), ("ly", ""), ("es", ""), ("s", "")):
        if w.endswith(suf) and len(w) - len(suf) >= 3:
            w = w[: len(w) - len(suf)] + rep
            break
    # doubled final consonant after stripping ("shopping" -> "shopp" -> "shop")
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]
    return w.rstrip("e") if len(w) > 4 else w


def terms(text: str, keep_stop: bool = False) -> list[str]:
    """Stemmed content words of a text, in order."""
    out = []
    for m in _WORD.finditer(text):
        w = m.group(0).lower()
        if not keep_stop and (w in STOPWORDS or len(w) < 2):
            continue
        out.append(stem(w))
    return out


def term_positions(text: str, wanted: Iterable[str]) -> list[tuple[int, int, str]]:
    """(start, end, term) of every word in text whose stem is one of wanted."""
    want = set(wanted)
    out = []
    for m in _WORD.finditer(text):
        s = stem(m.group(0))
        if s in want:
            out.append((m.start(), m.end(), s))
    return out


class BM25:
    """Okapi BM25 over an in-memory list of documents (k1=1.2, b=0.75)."""

    def __init__(self, docs: Sequence[str], k1: float = 1.2, b: float = 0.75) -> None:
        self.tfs = [Counter(terms(d)) for d in docs]
        self.lens = [sum(tf.values()) for tf in self.tfs]
        self.avg = (sum(self.lens) / len(self.lens)) if self.lens else 1.0
        df: Counter[str] = Counter()
        for tf in self.tfs:
            df.update(tf.keys())
        n = len(docs)
        self.idf = {t: math.log(1 + (n - c + 0.5) / (c + 0.5)) for t, c in df.items()}
        self.k1, self.b = k1, b

    def score(self, query_terms: Sequence[str], i: int) -> float:
        tf, dl = self.tfs[i], self.lens[i]
        s = 0.0
        for t in set(query_terms):
            f = tf.get(t)
            if f:
                s += self.idf.get(t, 0.0) * f * (self.k1 + 1) / (f + self.k1 * (1 - self.b + self.b * dl / max(self.avg, 1e-9)))
        return s

    def scores(self, query_terms: Sequence[str]) -> list[float]:
        return [self.score(query_terms, i) for i in range(len(self.tfs))]

    def coverage(self, query_terms: Sequence[str], i: int) -> float:
        """Share of the query's idf mass present in document i (0-1): rewards matching the rare words."""
        q = set(query_terms)
        total = sum(self.idf.get(t, 0.0) for t in q) or 1.0
        return sum(self.idf.get(t, 0.0) for t in q if t in self.tfs[i]) / total
