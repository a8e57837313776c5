"""``python -m kit.handouts [--rules EXPR] [--out FOLDER] [--html-only]``: what `make handouts` runs.

Without ``--rules`` (or with it empty) every game's sheet is printed with the
kit's defaults; with ``--rules 'kit.sichuan.Rules(fan_cap=6)'`` that game's
sheet with those house rules.
"""

from __future__ import annotations

import argparse
import sys

from kit.handouts import RulesExpressionError, parse_rules, write_all
from kit.handouts.printing import ChromiumMissing


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m kit.handouts",
        description="Print a cheat sheet per game (HTML and A4 PDF).",
    )
    parser.add_argument(
        "--rules",
        default="",
        help="house rules, as kit.<game>.Rules(name=value, ...); empty: all games, defaults",
    )
    parser.add_argument("--out", default="handouts", help="the folder to write (handouts)")
    parser.add_argument("--html-only", action="store_true", help="write the HTML, no PDF")
    options = parser.parse_args(argv)
    try:
        chosen = [parse_rules(options.rules)] if options.rules.strip() else None
        written = write_all(chosen, options.out, pdf=not options.html_only)
    except (RulesExpressionError, ChromiumMissing) as error:
        print(f"handouts: {error}", file=sys.stderr)
        return 2
    for html_path, pdf_path in written:
        print(html_path)
        if not options.html_only:
            print(pdf_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
