"""Timeline pictures: one row per fact, bars for validity intervals, markers for dated events,
invalidated facts hatched with a red cross where they ended, expired (retired) ones faded.
PNG/SVG via matplotlib (Agg); HTML = the same picture inlined plus a table of facts and sources.
"""
from __future__ import annotations

import base64
import html
import io
from datetime import datetime, timedelta
from pathlib import Path

from search.timeline import Timeline

_TYPE_COLOURS = {"state": "#4C78A8", "preference": "#72B7B2", "event": "#F58518", "plan": "#B279A2"}
_UNIT = {"year": 365, "season": 91, "quarter": 91, "month": 30, "week": 7, "day": 1}


def _dt(s: str | None) -> datetime | None:
    return datetime.fromisoformat(s) if s else None


def _figure(tl: Timeline):  # -> matplotlib Figure
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.dates as mdates
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch

    entries = tl.entries
    starts = [_dt(e.valid_at) for e in entries if e.valid_at]
    ends = [_dt(e.invalid_at) for e in entries if e.invalid_at]
    lo = min(starts) if starts else datetime.now()
    hi = max(starts + ends) if starts else lo
    pad = max((hi - lo) * 0.05, timedelta(days=3))
    right = hi + pad
    fig_h = max(2.5, 0.3 * len(entries) + 1.6)
    fig, ax = plt.subplots(figsize=(13, fig_h))
    for y, e in enumerate(entries):
        s = _dt(e.valid_at)
        if s is None:
            continue
        colour = _TYPE_COLOURS.get(e.fact_type, "#888888")
        alpha = 0.35 if e.status == "expired" else 0.9
        end = _dt(e.invalid_at)
        if e.fact_type in ("state", "preference"):
            # an open state runs to the right edge: it still holds as far as the graph knows
            stop = end or right
            ax.barh(y, mdates.date2num(stop) - mdates.date2num(s), left=mdates.date2num(s), height=0.55,
                    color=colour, alpha=alpha, hatch="//" if end else None, edgecolor="#333333" if end else colour)
            if end:
                ax.plot(mdates.date2num(end), y, marker="x", color="#D62728", markersize=10, mew=2.5)
        else:
            width = _UNIT.get(e.granularity, 1)
            if width > 1:  # a coarse date ("June 2023") is drawn as the span it names
                ax.barh(y, width, left=mdates.date2num(s), height=0.3, color=colour, alpha=0.3 * alpha)
            ax.plot(mdates.date2num(s), y, marker="D" if e.fact_type == "event" else "o", color=colour,
                    alpha=alpha, markersize=8, markerfacecolor=colour if e.fact_type == "event" else "white", mew=2)
            if end:
                ax.plot(mdates.date2num(end), y, marker="x", color="#D62728", markersize=10, mew=2.5)
    ax.set_yticks(range(len(entries)))
    ax.set_yticklabels([e.fact if len(e.fact) <= 60 else e.fact[:57] + "…" for e in entries], fontsize=7.5)
    for tick, e in zip(ax.get_yticklabels(), entries):
        if e.status != "current":
            tick.set_color("#888888")
    ax.invert_yaxis()
    ax.set_xlim(mdates.date2num(lo - pad), mdates.date2num(right))
    locator = mdates.AutoDateLocator()
    ax.xaxis.set_major_locator(locator)
    ax.xaxis.set_major_formatter(mdates.ConciseDateFormatter(locator))
    ax.grid(axis="x", alpha=0.3)
    title = f"{tl.entity.get('name')} — {tl.group_id}"
    if tl.as_of or tl.known_at:
        title += f"  (as of {tl.as_of or 'any time'}, known at {tl.known_at or 'now'})"
    ax.set_title(title)
    handles = [Patch(color=c, label=t) for t, c in _TYPE_COLOURS.items()]
    handles += [Patch(facecolor="white", edgecolor="#333333", hatch="//", label="invalidated"),
                Line2D([], [], marker="x", color="#D62728", ls="", mew=2.5, label="ended (invalid_at)")]
    ax.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.06), ncol=6, fontsize=8, frameon=False)
    fig.tight_layout()
    return fig


def draw_timeline(tl: Timeline, path: str | Path) -> Path:
    """Write the timeline picture to path: .png/.svg/.pdf (matplotlib) or .html (picture + fact table)."""
    import matplotlib.pyplot as plt

    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig = _figure(tl)
    try:
        if out.suffix.lower() in (".html", ".htm"):
            buf = io.BytesIO()
            fig.savefig(buf, format="png", dpi=120, bbox_inches="tight")
            out.write_text(_html(tl, base64.b64encode(buf.getvalue()).decode()), encoding="utf-8")
        else:
            fig.savefig(out, dpi=130, bbox_inches="tight")
    finally:
        plt.close(fig)
    return out


def _html(tl: Timeline, png_b64: str) -> str:
    rows = []
    for e in tl.entries:
        src = "<br>".join(f"<b>{html.escape(str(p['source_id']))}</b> {html.escape((p['content'] or '')[:160])}"
                          for p in e.episodes[:3])
        style = ' style="color:#888;text-decoration:line-through"' if e.status != "current" and e.invalid_at else ""
        rows.append(f"<tr{style}><td>{(e.valid_at or '')[:10]}</td><td>{(e.invalid_at or '')[:10]}</td>"
                    f"<td>{html.escape(e.fact)}</td><td>{e.fact_type}</td><td>{e.status}</td>"
                    f"<td>{e.granularity} {html.escape(e.time_text or '')}</td><td>{src}</td></tr>")
    name = html.escape(str(tl.entity.get("name")))
    return (f"<!doctype html><meta charset='utf-8'><title>{name} timeline</title>"
            "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;font-size:13px}"
            "td,th{border:1px solid #ddd;padding:4px 6px;vertical-align:top}</style>"
            f"<h1>{name} <small>({html.escape(tl.group_id)})</small></h1>"
            f"<img alt='timeline' style='max-width:100%' src='data:image/png;base64,{png_b64}'>"
            "<table><tr><th>valid from</th><th>until</th><th>fact</th><th>type</th><th>status</th>"
            f"<th>time (granularity, text)</th><th>stated in</th></tr>{''.join(rows)}</table>")
