"""Terminal rendering for the CLI: rich progress bar, summaries and search hits."""
from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

console = Console(stderr=False)
if not console.is_terminal:
    console = Console(stderr=False, width=160)  # piped output (make demo, CI logs) gets room for the times
err = Console(stderr=True)


def backfill_with_progress(path: str, group: str | None, fmt: str, extractor: str, chunk_size: int,
                           show: bool) -> dict[str, Any]:
    """Run the backfill flow with a rich bar fed by the flow's per-chunk progress."""
    from flows.backfill import backfill_flow
    from tasks.progress import add_listener, remove_listener

    with Progress(TextColumn("[bold]backfill"), BarColumn(), MofNCompleteColumn(),
                  TextColumn("{task.fields[info]}"), TimeElapsedColumn(), console=err, disable=not show) as bar:
        tid = bar.add_task("backfill", total=None, info="starting")

        def on_chunk(p: dict[str, Any]) -> None:
            bar.update(tid, completed=p["done"], total=p.get("total"),
                       info=f"ingested {p.get('episodes_ingested', 0)} · quarantined {p.get('quarantined', 0)}")

        add_listener(on_chunk)
        try:
            return backfill_flow(path=path, group=group, format=fmt, extractor=extractor, chunk_size=chunk_size)
        finally:
            remove_listener(on_chunk)


def print_table(title: str, data: dict[str, Any]) -> None:
    t = Table(title=title, show_header=False)
    for k, v in data.items():
        t.add_row(str(k), str(v))
    console.print(t)


def print_summary(summary: dict[str, Any]) -> None:
    print_table("backfill summary" + (" (PARTIAL: some input quarantined)" if summary.get("partial") else ""), summary)


def print_hits(query: str, hits: list[Any]) -> None:
    t = Table(title=f"search: {query}", show_lines=True)
    for col in ("score", "fact", "relation", "valid_at", "invalid_at", "created_at", "expired_at"):
        t.add_column(col, overflow="fold")
    for h in hits:
        t.add_row(f"{h.score:.4f}", h.fact, escape(f"{h.source} -[{h.name}]-> {h.target}"), h.valid_at or "—",
                  h.invalid_at or "—", h.created_at or "—", h.expired_at or "—")
    console.print(t)
    if not hits:
        console.print("no facts matched")
