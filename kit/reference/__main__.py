"""``python -m kit.reference``: write the reference's generated tables and headings.

``--check`` writes nothing and fails when a page differs from what the code
writes now; ``--list`` prints every anchor with its title.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from kit.reference import sections
from kit.reference.generate import check, reference_dir, write


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit.reference", description=__doc__)
    parser.add_argument("--list", action="store_true", help="print every anchor and its title")
    parser.add_argument("--check", action="store_true", help="fail if a page is out of date")
    parser.add_argument("--root", type=Path, default=None, help="the reference/ folder")
    args = parser.parse_args(argv)
    root = args.root or reference_dir()
    if args.list:
        for section in sections():
            print(f"{section.path:45} {section.text}")
        return 0
    if args.check:
        stale = check(root)
        for path in stale:
            print(f"{path} is out of date: run python -m kit.reference", file=sys.stderr)
        return 1 if stale else 0
    for path in write(root):
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
