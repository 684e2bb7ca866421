"""Community detection over current facts with igraph + leidenalg (no I/O)."""
from __future__ import annotations

import hashlib
from collections import Counter
from dataclasses import dataclass

import igraph as ig
import leidenalg

MAX_ITERATIONS = 10  # Leiden converges in a few passes; the bound keeps a pathological graph from hanging


@dataclass
class Partition:
    membership: dict[str, int]  # entity uuid → community index
    edges_hash: str
    quality: float


def edges_hash(edges: list[tuple[str, str]]) -> str:
    h = hashlib.sha256()
    for a, b in sorted(tuple(sorted(e)) for e in edges):
        h.update(f"{a}|{b}\n".encode())
    return h.hexdigest()[:32]


def detect(edges: list[tuple[str, str]], previous: dict[str, int] | None = None, seed: int = 7) -> Partition:
    """Leiden modularity partition; `previous` seeds it (incremental refresh when the graph changed little)."""
    nodes = sorted({u for e in edges for u in e})
    index = {u: i for i, u in enumerate(nodes)}
    weights: Counter[tuple[int, int]] = Counter()
    for a, b in edges:
        if a != b:
            weights[tuple(sorted((index[a], index[b])))] += 1  # type: ignore[arg-type]
    g = ig.Graph(n=len(nodes), edges=list(weights), directed=False)
    g.es["weight"] = list(weights.values())
    init = None
    if previous:
        # Unknown nodes start in singleton communities numbered after the known ones.
        base = max(previous.values(), default=-1) + 1
        init = [previous.get(u, base + i) for i, u in enumerate(nodes)]
    part = leidenalg.find_partition(g, leidenalg.ModularityVertexPartition, weights="weight",
                                    initial_membership=init, n_iterations=MAX_ITERATIONS, seed=seed)
    return Partition({u: part.membership[i] for i, u in enumerate(nodes)}, edges_hash(edges), float(part.quality()))
