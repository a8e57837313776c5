"""Write the reference's pages from the registry: headings and generated tables.

The pages in ``reference/`` are prose written by hand. Two things in them come
from the code and are rewritten here, nothing else:

- each section's heading, the line after its ``<a id="…"></a>`` anchor, from
  :data:`kit.reference.sections.SECTIONS` (and the page's first heading);
- each generated block, between ``<!-- generated:NAME -->`` and ``<!-- end -->``,
  from :data:`kit.reference.tables.BLOCKS`.

>>> text = "# old\\n\\n<a id=\\"fan\\"></a>\\n## old title\\n"
>>> render("sichuan", text, strict=False).splitlines()[:4]
['# Sichuan mahjong, blood battle (血战到底): the rules', '', '<a id="fan"></a>', '## Fan']
"""

from __future__ import annotations

import re
from pathlib import Path

from kit.reference.sections import GAMES, PAGES, SECTIONS, Game
from kit.reference.tables import BLOCKS

__all__ = ["INDEX", "check", "pages", "reference_dir", "render", "render_index", "write"]

ANCHOR = re.compile(r'^<a id="([^"]+)"></a>\s*$')
BLOCK = re.compile(r"^<!-- generated:([a-z0-9-]+) -->\n.*?^<!-- end -->$", re.M | re.S)


def reference_dir() -> Path:
    """``reference/`` at the top of the kit (beside the ``kit`` package)."""
    return Path(__file__).resolve().parents[2] / "reference"


def _block(match: re.Match[str]) -> str:
    name = match.group(1)
    if name not in BLOCKS:
        raise ValueError(f"no generated block {name!r}; the blocks are {', '.join(BLOCKS)}")
    return f"<!-- generated:{name} -->\n\n{BLOCKS[name]().rstrip()}\n\n<!-- end -->"


def render(game: Game, text: str, *, strict: bool = True) -> str:
    """The page ``text`` with its headings and generated blocks as the code writes them now.

    With ``strict``, every section of the registry must stand on the page once, in
    registry order, and nothing else may carry a section-style anchor line.
    """
    titles = {anchor: title for anchor, title, _ in SECTIONS[game]}
    lines = text.split("\n")
    if lines and lines[0].startswith("# "):
        lines[0] = f"# {PAGES[game].heading}"
    seen = []
    for number, line in enumerate(lines):
        found = ANCHOR.match(line)
        if not found:
            continue
        anchor = found.group(1)
        if anchor not in titles:
            raise ValueError(
                f"reference/{PAGES[game].file} line {number + 1}: the anchor {anchor!r} is not a "
                "section of kit.reference.sections; add it there first"
            )
        heading = lines[number + 1] if number + 1 < len(lines) else ""
        level = len(heading) - len(heading.lstrip("#"))
        if not level or not heading[level:].startswith(" "):
            raise ValueError(
                f"reference/{PAGES[game].file} line {number + 2}: the anchor {anchor!r} must be "
                "followed by its heading"
            )
        lines[number + 1] = "#" * level + " " + titles[anchor]
        seen.append(anchor)
    if strict and seen != list(titles):
        raise ValueError(
            f"reference/{PAGES[game].file} has the sections {seen}; the registry lists "
            f"{list(titles)}, each once and in that order"
        )
    return BLOCK.sub(_block, "\n".join(lines))


INDEX = "README.md"
"""The reference's index page: generated blocks only, no sections of its own."""


def render_index(text: str) -> str:
    """The index page with its generated blocks as the code writes them now."""
    return BLOCK.sub(_block, text)


def pages(root: Path | None = None) -> dict[Path, str]:
    """Every page of the reference as the code writes it now, by path."""
    folder = reference_dir() if root is None else root
    written = {}
    for game in GAMES:
        path = folder / PAGES[game].file
        written[path] = render(game, path.read_text(encoding="utf-8"))
    index = folder / INDEX
    written[index] = render_index(index.read_text(encoding="utf-8"))
    return written


def write(root: Path | None = None) -> list[Path]:
    """Rewrite every page in place; returns the pages that changed."""
    changed = []
    for path, new in pages(root).items():
        if new != path.read_text(encoding="utf-8"):
            path.write_text(new, encoding="utf-8")
            changed.append(path)
    return changed


def check(root: Path | None = None) -> list[Path]:
    """The pages that differ from what :func:`write` would write now (none when in step)."""
    return [path for path, new in pages(root).items() if new != path.read_text(encoding="utf-8")]
