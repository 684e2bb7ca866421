"""What one flow run holds: the stores, the extractor, per-group entity indexes and the run summary."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from archive.readers import detect_format
from blocks import graph_queries as gq
from blocks.embedder import MiniLMEmbedder
from blocks.graph import GraphStore
from blocks.vectors import VectorStore
from resolution.entities import EntityIndex
from tasks.extract import Extractor


def make_extractor(name: str) -> Extractor:
    """The rules extractor, or the LLM extractor when it is configured."""
    if name == "rules":
        from extraction.rules import RulesExtractor

        return RulesExtractor()
    if name == "llm":
        from extraction.llm import LLMExtractor  # built by the LLM extraction path (issue 6)

        return LLMExtractor.from_env()
    raise ValueError(f"unknown extractor {name!r} (rules|llm)")


def count_records(path: Path, fmt: str) -> int | None:
    """How many records the archive holds, cheaply, for the progress bar (None when unknown)."""
    fmt = detect_format(path) if fmt == "auto" else fmt
    if fmt == "jsonl":
        with path.open("rb") as fh:
            return sum(1 for line in fh if line.strip())
    if fmt == "parquet":
        import pyarrow.parquet as pq

        return int(pq.ParquetFile(path).metadata.num_rows)
    if fmt == "csv":
        import polars as pl

        return int(pl.scan_csv(path, infer_schema=False).select(pl.len()).collect().item())
    return None


@dataclass
class RunContext:
    graph: GraphStore
    vectors: VectorStore
    embedder: MiniLMEmbedder
    extractor: Extractor
    indexes: dict[str, EntityIndex] = field(default_factory=dict)

    @classmethod
    def create(cls, extractor: str) -> "RunContext":
        graph = GraphStore.from_settings()
        graph.ensure_indexes()
        return cls(graph=graph, vectors=VectorStore.from_settings(), embedder=MiniLMEmbedder(),
                   extractor=make_extractor(extractor))

    def index(self, group_id: str) -> EntityIndex:
        """The group's entity index, loaded from the graph once per run."""
        if group_id not in self.indexes:
            idx = EntityIndex(group_id)
            idx.load(gq.group_entities(self.graph, group_id))
            self.indexes[group_id] = idx
        return self.indexes[group_id]

    def forget_index(self, group_id: str) -> None:
        self.indexes.pop(group_id, None)

    def groups(self) -> list[str]:
        return list(self.indexes)

    def summary(self, counters: dict[str, int], groups: list[str], seconds: float) -> dict[str, Any]:
        """DESIGN §4 summary: this run's counters plus the graph totals of the groups it touched."""
        totals = {"entities": 0, "facts": 0, "facts_invalidated": 0}
        for g in groups:
            cnt = gq.counts(self.graph, g)
            for k in totals:
                totals[k] += cnt[k]
        out: dict[str, Any] = {
            "episodes_read": counters.get("episodes_read", 0),
            "episodes_ingested": counters.get("episodes_ingested", 0),
            "quarantined": counters.get("quarantined", 0),
            **totals,
            "facts_created": counters.get("facts_created", 0),
            "facts_deduped": counters.get("facts_deduped", 0),
            "facts_newly_invalidated": counters.get("facts_newly_invalidated", 0),
            "llm_calls": self.extractor.usage.get("llm_calls", 0),
            "llm_prompt_tokens": self.extractor.usage.get("llm_prompt_tokens", 0),
            "llm_completion_tokens": self.extractor.usage.get("llm_completion_tokens", 0),
            "llm_cache_hits": self.extractor.usage.get("llm_cache_hits", 0),
            "llm_windows_failed": self.extractor.usage.get("llm_windows_failed", 0),
            "extractor": self.extractor.name,
            "groups": groups,
            "seconds": round(seconds, 3),
        }
        out["records_skipped"] = counters.get("records_skipped", 0)
        out["partial"] = out["quarantined"] > 0
        return out
