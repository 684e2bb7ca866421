"""Console entry point: `chronicle temporal resolve` streams without typer's start-up cost.

typer builds its parameter converters on every invocation (~0.16 s), more than resolving a
thousand lines; the resolve stream has a hand-parsed argv, so it is dispatched before typer loads.
Everything else goes to the typer app.
"""
from __future__ import annotations

import sys

_FAST_FLAGS = {"--input", "-i", "--output", "-o"}


def main() -> None:
    argv = sys.argv[1:]
    rest = argv[2:]
    plain = all(a in _FAST_FLAGS or a.startswith(("--input=", "--output=")) or (i > 0 and rest[i - 1] in _FAST_FLAGS)
                for i, a in enumerate(rest))
    if argv[:2] == ["temporal", "resolve"] and plain:
        from temporal.__main__ import main as resolve_main

        sys.exit(resolve_main(["resolve", *rest]))
    from chronicle_cli.main import app

    app()
