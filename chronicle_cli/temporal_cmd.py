"""`chronicle temporal resolve|parse` (owned by the temporal engine work).

Imports stay light: the engine is loaded inside the commands, pydantic/rich only where a command
needs them, so `chronicle temporal resolve` starts fast (its start-up counts in the benchmark).
"""
from __future__ import annotations

import sys
from datetime import datetime, timezone
from pathlib import Path
from typing import Optional

import typer

temporal_app = typer.Typer(no_args_is_help=True, help="Resolve temporal expressions (rules, no LLM).")


@temporal_app.command()
def resolve(
    input: Optional[Path] = typer.Option(None, "--input", "-i", help="JSONL file of {id, text, ref}; default stdin."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="JSONL output file; default stdout."),
    llm_fallback: bool = typer.Option(
        False, "--llm-fallback",
        help="Not available yet: the engine is rules-only; this flag exits with status 2."),
) -> None:
    """Stream JSONL {"id","text","ref"} to JSONL {"id","expressions":[...]} (one line per input line).

    ref is an ISO 8601 datetime (naive = UTC). A malformed line yields {"id", "error"} and a
    message on stderr; the run continues.
    """
    if llm_fallback:
        print("chronicle temporal resolve: --llm-fallback is not implemented yet "
              "(the engine is rules-only); run without it.", file=sys.stderr)
        raise typer.Exit(2)
    from temporal.jsonl import resolve_stream

    src = open(input, encoding="utf-8") if input else sys.stdin
    dst = open(output, "w", encoding="utf-8") if output else sys.stdout
    try:
        resolve_stream(src, dst, flush=input is None, prog="chronicle temporal resolve")
    finally:
        if input:
            src.close()
        if output:
            dst.close()


@temporal_app.command()
def parse(
    text: str = typer.Argument(..., help="The text to scan."),
    ref: Optional[str] = typer.Option(None, "--ref", help="Reference time, ISO 8601 (default: now, UTC)."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON instead of a table."),
) -> None:
    """Print the temporal expressions found in TEXT, resolved against --ref."""
    import json

    from temporal.engine import resolve_json
    from temporal.jsonl import parse_ref

    try:
        when = parse_ref(ref) if ref else datetime.now(timezone.utc)
    except ValueError as exc:
        print(f"chronicle temporal parse: {exc}", file=sys.stderr)
        raise typer.Exit(1) from None
    exprs = resolve_json(text, when)
    if as_json:
        print(json.dumps(exprs, ensure_ascii=False, indent=2))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"reference {when.isoformat()}")
    for col in ("text", "span", "type", "value", "kind", "granularity", "interval (UTC)", "conf"):
        table.add_column(col)
    for e in exprs:
        iv = f"{e['interval_start']} → {e['interval_end']}" if e["interval_start"] else "—"
        table.add_row(e["text"], f"{e['start']}-{e['end']}", e["timex_type"], e["value"], e["kind"],
                      e["granularity"], iv, f"{e['confidence']:.2f}")
    Console().print(table if exprs else "no temporal expressions")
