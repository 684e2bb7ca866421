"""`python -m temporal resolve [--input F] [--output F]`: the resolve stream without the typer CLI.

Same behaviour and output as `chronicle temporal resolve`; it exists because typer's start-up
(it builds pydantic adapters for every invocation) costs more than resolving a thousand lines.
"""
from __future__ import annotations

import sys

USAGE = "usage: python -m temporal resolve [--input FILE] [--output FILE]"


def main(argv: list[str]) -> int:
    """Parse argv by hand (no argparse/typer: start-up time matters here) and run the stream."""
    if not argv or argv[0] != "resolve":
        print(USAGE, file=sys.stderr)
        return 2
    paths: dict[str, str] = {}
    rest = argv[1:]
    while rest:
        flag = rest.pop(0)
        if flag in ("--input", "-i", "--output", "-o") and rest:
            paths["out" if flag in ("--output", "-o") else "in"] = rest.pop(0)
        elif flag.startswith(("--input=", "--output=")):
            key, _, val = flag.partition("=")
            paths["out" if key == "--output" else "in"] = val
        else:
            print(f"unknown argument {flag!r}\n{USAGE}", file=sys.stderr)
            return 2
    from temporal.jsonl import resolve_stream

    src = open(paths["in"], encoding="utf-8") if "in" in paths else sys.stdin
    dst = open(paths["out"], "w", encoding="utf-8") if "out" in paths else sys.stdout
    try:
        resolve_stream(src, dst, flush="in" not in paths, prog="python -m temporal resolve")
    finally:
        if "in" in paths:
            src.close()
        if "out" in paths:
            dst.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
