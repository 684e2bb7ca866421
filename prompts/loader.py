"""A tiny loader for the versioned prompt templates in this package (one `.txt` per LLM step).

File format: `name:` and `version:` header lines, then a `---system---` and a `---user---` section.
Placeholders are `$name` (string.Template), so JSON braces in a template need no escaping. The
version is part of the LLM cache key: bump it whenever a template's wording changes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from string import Template

_DIR = Path(__file__).resolve().parent
_SECTION = re.compile(r"^---(system|user)---\s*$", re.M)


@dataclass(frozen=True)
class Prompt:
    name: str
    version: int
    system: str
    user: str

    @property
    def key(self) -> str:
        """`name@vN`: identifies the exact wording in cache keys and run summaries."""
        return f"{self.name}@v{self.version}"

    def render(self, **values: str) -> list[dict[str, str]]:
        """Chat messages with every $placeholder filled (a missing value is an error, not a blank)."""
        return [{"role": "system", "content": Template(self.system).substitute(values).strip()},
                {"role": "user", "content": Template(self.user).substitute(values).strip()}]


@lru_cache(maxsize=None)
def load(name: str) -> Prompt:
    """The prompt template `prompts/NAME.txt`."""
    text = (_DIR / f"{name}.txt").read_text(encoding="utf-8")
    head, _, rest = text.partition("---system---")
    meta = dict(line.split(":", 1) for line in head.strip().splitlines() if ":" in line)
    system, _, user = rest.partition("---user---")
    if meta.get("name", "").strip() != name or not user:
        raise ValueError(f"prompt {name}: bad header or missing ---user--- section")
    return Prompt(name=name, version=int(meta["version"]), system=system.strip("\n"), user=user.strip("\n"))
