"""Entity resolution without I/O: exact normalised name or alias, then fuzzy (rapidfuzz) within a group."""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field

from rapidfuzz import fuzz, process

from models.episode import stable_id

_TYPE_RANK = {"Entity": 0, "Topic": 1}  # generic guesses may be upgraded by a specific one
FUZZY_THRESHOLD = 92.0


def normalize_name(name: str) -> str:
    """Case-, accent- and punctuation-insensitive key for a name."""
    s = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    s = re.sub(r"[^\w\s&]", " ", s.lower())
    s = re.sub(r"^(the|a|an)\s+", "", s.strip())
    return re.sub(r"\s+", " ", s).strip()


@dataclass
class KnownEntity:
    uuid: str
    name: str
    entity_type: str
    aliases: list[str] = field(default_factory=list)
    is_new: bool = False
    changed: bool = False


class EntityIndex:
    """The entities of one group, kept in memory for the length of a run and updated as it goes."""

    def __init__(self, group_id: str) -> None:
        self.group_id = group_id
        self.by_key: dict[str, KnownEntity] = {}
        self._keys: list[str] = []

    def load(self, rows: list[dict]) -> None:
        """Seed from stored entities (uuid, name, entity_type, aliases)."""
        for r in rows:
            ent = KnownEntity(r["uuid"], r["name"], r.get("entity_type") or "Entity", list(r.get("aliases") or []))
            for key in {normalize_name(r["name"]), *(normalize_name(a) for a in ent.aliases)}:
                self._add_key(key, ent)

    def _add_key(self, key: str, ent: KnownEntity) -> None:
        if key and key not in self.by_key:
            self.by_key[key] = ent
            self._keys.append(key)

    def resolve(self, name: str, entity_type: str, persons: set[str] | None = None) -> KnownEntity:
        """Return the entity this name denotes, creating it when nothing matches."""
        key = normalize_name(name)
        hit = self.by_key.get(key)
        if hit is None and len(key) >= 4 and self._keys:
            match = process.extractOne(key, self._keys, scorer=fuzz.ratio, score_cutoff=FUZZY_THRESHOLD)
            if match is not None:
                hit = self.by_key[match[0]]
        if hit is None and persons and entity_type == "Person":
            # "Maya Chen" mentioned in text and "Maya" as a speaker are one person.
            first = key.split(" ")[0]
            cand = self.by_key.get(first)
            if cand is not None and cand.entity_type == "Person" and first in {normalize_name(p) for p in persons}:
                hit = cand
        if hit is not None:
            if name != hit.name and name not in hit.aliases and normalize_name(name) != normalize_name(hit.name):
                hit.aliases.append(name)
                hit.changed = True
            if _TYPE_RANK.get(hit.entity_type, 9) < _TYPE_RANK.get(entity_type, 9):
                hit.entity_type = entity_type
                hit.changed = True
            self._add_key(key, hit)
            return hit
        ent = KnownEntity(stable_id(self.group_id, "entity", key), name, entity_type, [], is_new=True, changed=True)
        self._add_key(key, ent)
        return ent
