"""Query-layer commands (`when`, `timeline`, `facts`, `export`, `ask`), registered on the main app.

Heavy imports (stores, embedder, matplotlib, polars) stay inside the commands so `--help` is quick.
"""
from __future__ import annotations

import json
from typing import Optional

import typer

from chronicle_cli.common import parse_time_option, quiet_env


def when_cmd(
    question: str = typer.Argument(..., help='"When did X ...?" or "How long has X ...?"'),
    group: str = typer.Option("default", "--group", "-g"),
    ref: Optional[str] = typer.Option(None, "--ref", help="reference time for relative words in the question (ISO); default: the group's newest episode"),
    as_json: bool = typer.Option(False, "--json", help="print one JSON object"),
) -> None:
    """Answer a when / how-long question from the graph alone (no LLM), with evidence."""
    quiet_env()
    from search.when import when

    a = when(question, group, ref=parse_time_option(ref, "--ref"))
    if as_json:
        typer.echo(json.dumps(a.as_json(), ensure_ascii=False))
        return
    typer.echo(f"{a.answer}   (granularity {a.granularity}, confidence {a.confidence:.2f})")
    if a.interval_start:
        typer.echo(f"interval [{a.interval_start}, {a.interval_end})" + (f"  duration {a.duration}" if a.duration else ""))
    typer.echo(f"from: {a.statement}" + (f'  ["{a.time_text}", said {a.said_at[:16]}]' if a.time_text else f"  [said {a.said_at[:16]}]"))
    typer.echo("evidence:")
    for ev in a.evidence:
        typer.echo(f"  {ev['source_id']:<10} {ev['score']:.3f}  {(ev['text'] or '')[:110]}")


def timeline_cmd(
    entity: str = typer.Argument(..., help="entity name or alias"),
    group: str = typer.Option("default", "--group", "-g"),
    as_of: Optional[str] = typer.Option(None, "--as-of", help="world time: only facts valid then (ISO)"),
    known_at: Optional[str] = typer.Option(None, "--known-at", help="system time: what the graph believed then (ISO)"),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="draw it: .png, .svg, .pdf or .html"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """An entity's facts ordered by valid_at, with validity intervals, invalidations and their episodes."""
    quiet_env()
    from search.timeline import entity_timeline, render_text

    try:
        tl = entity_timeline(entity, group, parse_time_option(as_of, "--as-of"), parse_time_option(known_at, "--known-at"))
    except LookupError as exc:
        typer.echo(str(exc), err=True)
        raise typer.Exit(1) from None
    if output:
        from search.plot import draw_timeline

        path = draw_timeline(tl, output)
        typer.echo(f"wrote {path}", err=True)
    typer.echo(json.dumps(tl.as_json(), ensure_ascii=False) if as_json else render_text(tl))


def facts_cmd(
    group: str = typer.Option("default", "--group", "-g"),
    on: Optional[str] = typer.Option(None, "--on", help="a day (ISO date)"),
    between: Optional[tuple[str, str]] = typer.Option(None, "--between", help="two days, both included"),
    known_at: Optional[str] = typer.Option(None, "--known-at", help="system time: what the graph believed then"),
    no_states: bool = typer.Option(False, "--no-states", help="only dated facts, not states holding then"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object per line"),
) -> None:
    """Facts on a date or in a range, by granularity (a 'May 2023' fact matches a May day, less confidently)."""
    quiet_env()
    from search.range import facts_between, facts_on

    k = parse_time_option(known_at, "--known-at")
    if on and not between:
        rows = facts_on(group, parse_time_option(on, "--on"), k, not no_states)  # type: ignore[arg-type]
    elif between and not on:
        rows = facts_between(group, parse_time_option(between[0], "--between"), parse_time_option(between[1], "--between"), k, not no_states)  # type: ignore[arg-type]
    else:
        raise typer.BadParameter("give exactly one of --on DAY or --between A B")
    for r in rows:
        if as_json:
            typer.echo(json.dumps(r.as_json(), ensure_ascii=False))
        else:
            typer.echo(f"{r.confidence:.2f} {r.match:<7} {(r.valid_at or '')[:10]} [{r.granularity}"
                       + (f' "{r.time_text}"' if r.time_text else "") + f"] {r.fact}")
    if not rows and not as_json:
        typer.echo("no facts")


def export_cmd(
    output: str = typer.Option(..., "--output", "-o", help="directory for episodes/entities/facts.parquet"),
    group: Optional[str] = typer.Option(None, "--group", "-g", help="one group (default: all)"),
    as_of: Optional[str] = typer.Option(None, "--as-of", help="world time: facts valid then, episodes said by then"),
    known_at: Optional[str] = typer.Option(None, "--known-at", help="system time: what the graph held then"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Parquet snapshot of episodes, entities and facts (polars)."""
    quiet_env()
    from search.export import export_snapshot

    rep = export_snapshot(output, group, parse_time_option(as_of, "--as-of"), parse_time_option(known_at, "--known-at"))
    typer.echo(json.dumps(rep) if as_json else
               f"wrote {rep['episodes']} episodes, {rep['entities']} entities, {rep['facts']} facts to {rep['dir']}")


def ask_cmd(
    query: str = typer.Argument(..., help='e.g. "what did Caroline do last May?"'),
    group: str = typer.Option("default", "--group", "-g"),
    limit: int = typer.Option(10, "--limit", "-k", min=1),
    ref: Optional[str] = typer.Option(None, "--ref", help="reference time for 'last May' (ISO; default now)"),
    known_at: Optional[str] = typer.Option(None, "--known-at"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object per line"),
) -> None:
    """Search with the query's own time words narrowing the window ('last May', 'before she moved')."""
    quiet_env()
    from search.filters import TimeFilter
    from search.temporal_search import search_at

    k = parse_time_option(known_at, "--known-at")
    res = search_at(query, group, limit=limit, ref=parse_time_option(ref, "--ref"),
                    tf=TimeFilter(known_at=k) if k else None)
    if res.window is not None:
        typer.echo(f"window: {res.window.text!r} [{res.window.start.date()}, {res.window.end.date()})"
                   + (" any year" if res.window.any_year else "") + f"; searched {res.query!r}", err=True)
    for h in res.hits:
        typer.echo(json.dumps(h.as_json(), ensure_ascii=False) if as_json else
                   f"{h.score:.4f} {(h.valid_at or '')[:10]} {h.fact}")


def register(app: typer.Typer) -> None:
    """Attach the query-layer commands to `app`."""
    app.command("when")(when_cmd)
    app.command("timeline")(timeline_cmd)
    app.command("facts")(facts_cmd)
    app.command("export")(export_cmd)
    app.command("ask")(ask_cmd)
