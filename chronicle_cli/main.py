"""The `chronicle` command line (DESIGN §4). Heavy imports stay inside commands so `--help` is quick."""
from __future__ import annotations

import json
import os
from typing import Optional

import typer

from chronicle_cli import query_cmds
from chronicle_cli.common import parse_time_option, quiet_env
from chronicle_cli.temporal_cmd import temporal_app

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Chronicle: conversation archives to a bi-temporal knowledge graph.")
app.add_typer(temporal_app, name="temporal")
query_cmds.register(app)

EXIT_PARTIAL = 3  # the run finished but quarantined some input


@app.command()
def backfill(
    path: str = typer.Argument(..., help="archive file (JSONL, Parquet, CSV or LoCoMo JSON)"),
    group: Optional[str] = typer.Option(None, "--group", "-g", help="group id for every row (default: the row's group_id, else 'default')"),
    format: str = typer.Option("auto", "--format", help="auto|jsonl|parquet|csv|locomo"),
    extractor: str = typer.Option("rules", "--extractor", help="rules|llm"),
    chunk_size: int = typer.Option(500, "--chunk-size", min=1),
    max_tokens: Optional[int] = typer.Option(None, "--max-tokens", min=1,
                                             help="LLM token budget for the run (prompt+completion); what is left over is quarantined"),
    as_json: bool = typer.Option(False, "--json", help="print the summary as one JSON object"),
) -> None:
    """Backfill an archive into the graph; exit 3 when some rows were quarantined."""
    quiet_env()
    if max_tokens is not None:
        os.environ["CHRONICLE_LLM_MAX_TOKENS"] = str(max_tokens)
    from chronicle_cli.render import backfill_with_progress, print_summary

    summary = backfill_with_progress(path, group, format, extractor, chunk_size, show=not as_json)
    if as_json:
        typer.echo(json.dumps(summary))
    else:
        print_summary(summary)
    if summary.get("partial"):
        raise typer.Exit(EXIT_PARTIAL)


@app.command()
def search(
    query: str = typer.Argument(...),
    group: str = typer.Option("default", "--group", "-g"),
    limit: int = typer.Option(10, "--limit", "-k", min=1),
    as_of: Optional[str] = typer.Option(None, "--as-of", help="world time: facts valid then (ISO)"),
    known_at: Optional[str] = typer.Option(None, "--known-at", help="system time: what the graph believed then (ISO)"),
    include_expired: bool = typer.Option(False, "--include-expired"),
    no_graph: bool = typer.Option(False, "--no-graph", help="skip the graph BFS expansion"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object per line"),
) -> None:
    """Hybrid search over facts (BM25 + vector + graph, RRF), current facts unless told otherwise."""
    quiet_env()
    from chronicle_cli.render import print_hits
    from search.api import search_facts
    from search.filters import TimeFilter

    tf = TimeFilter(as_of=parse_time_option(as_of, "--as-of"), known_at=parse_time_option(known_at, "--known-at"),
                    include_expired=include_expired)
    hits = search_facts(query, group, limit=limit, tf=tf, expand_graph=not no_graph)
    if as_json:
        for h in hits:
            typer.echo(json.dumps(h.as_json()))
    else:
        print_hits(query, hits)


@app.command()
def stats(group: Optional[str] = typer.Option(None, "--group", "-g"),
          as_json: bool = typer.Option(False, "--json")) -> None:
    """Counts of episodes, entities, facts (current/invalidated), mentions and quarantined rows."""
    quiet_env()
    from chronicle_cli.render import print_table
    from search.api import store_stats

    s = store_stats(group)
    typer.echo(json.dumps(s)) if as_json else print_table("stats" + (f" ({group})" if group else ""), s)


@app.command()
def verify(group: Optional[str] = typer.Option(None, "--group", "-g"),
           as_json: bool = typer.Option(False, "--json")) -> None:
    """Check that FalkorDB and LanceDB hold the same episodes, entities and facts; exit 1 if not."""
    quiet_env()
    from chronicle_cli.render import print_table
    from search.api import verify_stores

    report = verify_stores(group)
    if as_json:
        typer.echo(json.dumps(report))
    else:
        print_table("verify" + (f" ({group})" if group else ""), {k: v for k, v in report.items() if k != "problems"})
        for p in report["problems"]:
            typer.echo(f"  ✗ {p}")
        typer.echo("consistent" if report["consistent"] else "INCONSISTENT")
    if not report["consistent"]:
        raise typer.Exit(1)


@app.command()
def nightly(directory: str = typer.Argument(..., help="archive directory"),
            group: Optional[str] = typer.Option(None, "--group", "-g"),
            format: str = typer.Option("auto", "--format"),
            extractor: str = typer.Option("rules", "--extractor"),
            chunk_size: int = typer.Option(500, "--chunk-size", min=1),
            as_json: bool = typer.Option(False, "--json")) -> None:
    """Run the nightly flow once: ingest new files and new rows since the last successful run."""
    quiet_env()
    from chronicle_cli.render import print_table
    from flows.nightly import nightly_flow

    s = nightly_flow(directory=directory, group=group, format=format, extractor=extractor, chunk_size=chunk_size)
    typer.echo(json.dumps(s)) if as_json else print_table("nightly", s)
    if s.get("partial"):
        raise typer.Exit(EXIT_PARTIAL)


@app.command()
def refresh(what: str = typer.Argument(..., help="summaries|communities"),
            group: Optional[str] = typer.Option(None, "--group", "-g"),
            sla_hours: float = typer.Option(168.0, "--sla-hours", help="summaries: staleness SLA"),
            force: bool = typer.Option(False, "--force", help="communities: recompute even if unchanged"),
            as_json: bool = typer.Option(False, "--json")) -> None:
    """Run a refresh flow once: the summary staleness sweep or community detection."""
    quiet_env()
    from chronicle_cli.render import print_table

    if what == "summaries":
        from flows.refresh_summaries import refresh_summaries_flow

        s = refresh_summaries_flow(group=group, sla_hours=sla_hours)
    elif what == "communities":
        from flows.refresh_communities import refresh_communities_flow

        s = refresh_communities_flow(group=group or "default", force=force)
    else:
        raise typer.BadParameter("expected 'summaries' or 'communities'", param_hint="WHAT")
    typer.echo(json.dumps(s)) if as_json else print_table(f"refresh {what}", s)
