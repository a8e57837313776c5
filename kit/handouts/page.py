"""What every handout shares: the A4 page, its title, the house rules box, tables and the footer.

A handout is one self-contained HTML document: its style is inline, its pictures
are the kit's own SVG (:mod:`kit.render`), and it loads nothing from anywhere.
Every rule is scoped under ``.kit-handout``, so the same HTML can also be shown
inside a notebook without restyling it.

The sheet is made for black-and-white printing: every table has ruled lines,
house rules carry a ★ and a frame (not a colour), cards carry their month
number and tiles their index ("5p", "E").

The box of rules in force is :func:`kit.render.rules.house_rules_html`, the
kit's one formatter of a ``Rules`` value; each game's title, native title and
reference page come from the registry (:mod:`kit.games`).

>>> from kit.sichuan import Rules
>>> page = document(Rules(fan_cap=6), subtitle="", body="")
>>> "★ fan cap: 6" in page and "reference/sichuan.md" in page and "血战到底" in page
True
>>> tiles_html("7p+7p").count('class="kit-tile"')
2
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from kit.games import game
from kit.mahjong.tiles import Hand
from kit.render import tile_svg
from kit.render.rules import house_rules_html
from kit.render.svg import FONT, INK
from kit.render.table import html_table

__all__ = [
    "KIT_NAME",
    "document",
    "items",
    "note",
    "section",
    "steps",
    "table",
    "tiles_html",
    "turn_box",
]

KIT_NAME = "Hwatu & Mahjong teaching kit"
"""The kit's name, as the README and every footer give it."""

CSS = f"""
@page {{ size: A4; margin: 11mm 11mm 13mm 11mm; }}
.kit-handout {{ font-family: {FONT}; font-size: 9.4pt; line-height: 1.3; color: {INK};
  max-width: 188mm; margin: 0 auto; }}
.kit-handout * {{ box-sizing: border-box; }}
.kit-handout h1 {{ font-size: 17pt; margin: 0; line-height: 1.15; }}
.kit-handout h1 .kit-native {{ font-weight: 500; }}
.kit-handout .kit-subtitle {{ margin: 1mm 0 0; font-size: 9.4pt; }}
.kit-handout header {{ border-bottom: 2pt solid #000; padding-bottom: 1.5mm; margin-bottom: 2mm; }}
.kit-handout h2 {{ font-size: 11pt; margin: 0 0 1mm; padding: 0.6mm 0 0.6mm 2mm;
  border-left: 2.2mm solid #000; background: #e8e8e8; break-after: avoid; }}
.kit-handout section {{ margin: 0 0 2.6mm; break-inside: avoid; }}
.kit-handout tr {{ break-inside: avoid; }}
.kit-handout section.kit-long {{ break-inside: auto; }}
.kit-handout th.kit-name {{ width: 42mm; }}
.kit-handout table.kit-grid {{ table-layout: fixed; }}
.kit-handout table.kit-grid th:first-child {{ width: 50mm; }}
.kit-handout table.kit-grid td, .kit-handout table.kit-grid th {{ padding: 0.5mm 1mm; }}
.kit-handout .kit-zh {{ white-space: nowrap; }}
.kit-handout p {{ margin: 0.8mm 0; }}
.kit-handout ul {{ margin: 0.8mm 0; padding-left: 4.5mm; }}
.kit-handout li {{ margin: 0.3mm 0; }}
.kit-handout ol {{ margin: 0.8mm 0; padding-left: 4.5mm; }}
.kit-handout section.kit-turn {{ border: 0.8pt solid #000; padding: 1.2mm 2mm; }}
.kit-handout .kit-cols3 {{ display: grid; grid-template-columns: 1fr 1fr 1fr; gap: 0 3mm; }}
.kit-handout table {{ border-collapse: collapse; width: 100%; }}
.kit-handout th, .kit-handout td {{ border: 0.6pt solid #555; padding: 0.5mm 1.4mm;
  text-align: left; vertical-align: middle; }}
.kit-handout th {{ background: #e8e8e8; font-weight: 700; }}
.kit-handout td.num, .kit-handout th.num {{ text-align: right; font-variant-numeric: tabular-nums;
  white-space: nowrap; }}
.kit-handout td.big {{ font-weight: 700; font-size: 10.5pt; }}
.kit-handout .kit-muted {{ color: #444; }}
.kit-handout .kit-small {{ font-size: 8.2pt; }}
.kit-handout .kit-cols {{ display: grid; grid-template-columns: 1fr 1fr; gap: 0 4mm; }}
.kit-handout .kit-pics {{ display: flex; gap: 1px; flex-wrap: nowrap; align-items: center; }}
.kit-handout .kit-pics.kit-gap {{ gap: 2.5mm; }}
.kit-handout .kit-pics svg {{ flex: none; }}
.kit-handout .kit-house {{ border: 0.8pt solid #000; padding: 1.2mm 2mm; margin: 0 0 2.4mm;
  display: flex; flex-wrap: wrap; gap: 0.8mm 1.6mm; align-items: baseline; }}
.kit-handout .kit-house-title {{ font-weight: 700; margin-right: 1mm; }}
.kit-handout .kit-setting {{ white-space: nowrap; padding: 0.2mm 1.2mm; border: 0.6pt dotted #777; }}
.kit-handout .kit-setting.kit-changed {{ border: 1.4pt solid #000; font-weight: 700;
  background: #fff3c4; }}
.kit-handout .kit-setting .kit-default {{ font-weight: 400; font-size: 8.2pt; }}
.kit-handout .kit-note {{ border-left: 0.8mm solid #888; padding: 0.6mm 2mm; margin: 1mm 0;
  background: #f4f4f4; }}
.kit-handout tr.kit-changed td {{ font-weight: 700; background: #fff3c4; }}
.kit-handout tr.kit-limit td {{ background: #f2f2f2; }}
.kit-handout .kit-tag {{ display: inline-block; border: 0.6pt solid #000; border-radius: 1mm;
  padding: 0 1mm; font-size: 7.6pt; font-weight: 700; white-space: nowrap; }}
.kit-handout footer {{ margin-top: 2mm; border-top: 0.8pt solid #000; padding-top: 1mm;
  font-size: 8pt; display: flex; justify-content: space-between; gap: 4mm; }}
.kit-pdf .kit-handout footer {{ display: none; }}
@media print {{ .kit-handout {{ max-width: none; }} }}
"""
"""The sheet's style, every rule scoped under ``.kit-handout`` (and the A4 page itself)."""


def section(anchor: str, title: str, body: str, *, long: bool = False) -> str:
    """One block of the sheet with a heading, kept on one page unless it is ``long`` (a long
    table may go on over the page, between rows)."""
    extra = " kit-long" if long else ""
    return f'<section class="kit-{escape(anchor)}{extra}"><h2>{escape(title)}</h2>{body}</section>'


def note(text_html: str) -> str:
    """A grey side note; ``text_html`` is already HTML."""
    return f'<div class="kit-note">{text_html}</div>'


def table(
    head: Sequence[tuple[str, str]],
    rows: Iterable[Sequence[str]],
    *,
    css_class: str = "",
    row_classes: Sequence[str] | None = None,
) -> str:
    """A ruled table in the handout's look; ``head`` holds (label, class) pairs, the class
    given to that column's cells; labels and cells are already HTML."""
    return html_table(
        [label for label, _ in head],
        rows,
        css_class=css_class or None,
        style=None,
        cell_style=None,
        column_classes=[klass for _, klass in head],
        row_classes=row_classes,
    )


def items(*lines: str) -> str:
    """A bulleted list; each line is already HTML."""
    return "<ul>" + "".join(f"<li>{line}</li>" for line in lines) + "</ul>"


def steps(*lines: str) -> str:
    """A numbered list, for what happens in order; each line is already HTML."""
    return "<ol>" + "".join(f"<li>{line}</li>" for line in lines) + "</ol>"


def turn_box(turn: str, claims: str, after: str) -> str:
    """The sheet's "how a turn goes" box: the turn, the claims on its discard in priority
    order, and what follows a claim, side by side."""
    columns = (("Your turn", turn), ("Claims, first to last", claims), ("After a claim", after))
    body = "".join(f"<div><p><b>{escape(head)}</b></p>{html}</div>" for head, html in columns)
    return section(
        "turn",
        "How a turn goes, and who may claim, in what order",
        f'<div class="kit-cols3">{body}</div>',
    )


def tiles_html(text: str, width: int = 21) -> str:
    """Tiles written in the kit's strict notation, ``+`` setting the last ones apart."""
    groups = [
        "".join(tile_svg(tile, width=width) for tile in Hand.parse(part).concealed)
        for part in text.split("+")
    ]
    if len(groups) == 1:
        return f'<div class="kit-pics">{groups[0]}</div>'
    spans = "".join(f'<span class="kit-pics">{group}</span>' for group in groups)
    return f'<div class="kit-pics kit-gap">{spans}</div>'


# --- The document ---------------------------------------------------------------------------


def document(rules: Any, *, subtitle: str, body: str) -> str:
    """The whole sheet of ``rules``'s game as one HTML document: its title (from the
    registry), the rules in force, the body and the footer."""
    played = game(rules)
    title, reference = played.title, played.reference
    footer = (
        f"<footer><span>{escape(KIT_NAME)} · {escape(title)} handout</span>"
        f"<span>Full rules: <code>{escape(reference)}</code> in the kit</span></footer>"
    )
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{escape(title)} · cheat sheet · '
        f"{escape(KIT_NAME)}</title>"
        f'<meta name="kit-reference" content="{escape(reference)}">'
        f"<style>{CSS}</style></head>"
        f'<body style="margin:0;background:#fff"><main class="kit-handout" '
        f'data-game="{played.key}">'
        f"<header><h1>{escape(title)} "
        f'<span class="kit-native">{escape(played.native)}</span>'
        f' · cheat sheet</h1><p class="kit-subtitle">{subtitle}</p></header>'
        f"{house_rules_html(rules)}{body}{footer}</main></body></html>\n"
    )
