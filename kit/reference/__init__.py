"""The kit's own rules reference: its sections, and citations that point into it.

The reference is a folder of pages, ``reference/`` at the top of the kit: one
page per game and a glossary. Every section has a stable anchor. Code, charts
and widgets cite a section with :func:`cite`:

>>> fan = cite("sichuan", "fan")
>>> fan.path
'reference/sichuan.md#fan'
>>> fan.text
'Sichuan rules › Fan'
>>> cite("glossary", "pung").text
'Glossary › pung'
>>> cite("hongkong", "pao").html()[:60]
'<a class="kit-cite" href="../../reference/hongkong.md#pao" t'
>>> cite("sichuan", "flower-pig")
Traceback (most recent call last):
...
ValueError: the Sichuan rules have no section 'flower-pig'; they have tiles, void, turn, winning-hands, fan, hand-value, win-payments, kongs, kong-transfer, wall-empty, house-rules, readings, coach

The tables of the pages are generated from the kit's registries by
``python -m kit.reference`` (``--list`` prints every anchor, ``--check``
fails when a page differs from what the code writes now).
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from kit.reference.glossary import TERMS, Term
from kit.reference.sections import GAMES, PAGES, SECTIONS, Game, Page

__all__ = ["GAMES", "PAGES", "TERMS", "Game", "Page", "Section", "Term", "cite", "sections"]

LESSON_BASE = "../../"
"""From a lesson (``lessons/<game>/``) to the top of the kit, where ``reference/`` is."""


@dataclass(frozen=True)
class Section:
    """One section of the reference (or one glossary term): where it is and what it says."""

    game: Game
    anchor: str
    title: str
    summary: str
    """One line: what the section says, shown as a link's tooltip."""

    @property
    def page(self) -> Page:
        return PAGES[self.game]

    @property
    def path(self) -> str:
        """The section's place in the kit: ``reference/<page>.md#<anchor>``."""
        return f"reference/{self.page.file}#{self.anchor}"

    @property
    def text(self) -> str:
        """How a citation reads in plain text: "Sichuan rules › Fan"."""
        return f"{self.page.title} › {self.title}"

    def link(self, base: str = LESSON_BASE) -> str:
        """The path relative to a file ``base`` away from the top of the kit."""
        return base + self.path

    def html(self, label: str | None = None, base: str = LESSON_BASE) -> str:
        """A small link to the section, its summary as the tooltip (for widgets and charts).

        ``base`` leads from the notebook to the top of the kit; the default suits
        the lessons (``lessons/<game>/``).
        """
        return (
            f'<a class="kit-cite" href="{escape(self.link(base))}" title="{escape(self.summary)}" '
            f'style="font-size:0.9em" target="_blank">{escape(label or self.text)}</a>'
        )

    def __str__(self) -> str:
        return f"{self.text}: {self.path}"


def _registry() -> dict[Game, dict[str, Section]]:
    registry: dict[Game, dict[str, Section]] = {}
    for game in GAMES:
        entries = {
            anchor: Section(game, anchor, title, summary)
            for anchor, title, summary in SECTIONS[game]
        }
        if game == "glossary":
            for term in TERMS:
                if term.anchor in entries:
                    raise ValueError(f"the glossary anchor {term.anchor!r} is used twice")
                entries[term.anchor] = Section(game, term.anchor, term.english, term.meaning)
        registry[game] = entries
    return registry


_REGISTRY = _registry()


def sections(game: Game | None = None) -> list[Section]:
    """Every section of one page (or of all pages), in page order; glossary terms included.

    >>> [s.anchor for s in sections("nylonppong")][:3]
    ['cards', 'deal-and-turn', 'ppong']
    """
    games = GAMES if game is None else (_game(game),)
    return [section for name in games for section in _REGISTRY[name].values()]


def _game(game: object) -> Game:
    for name in GAMES:
        if game == name:
            return name
    raise ValueError(f"game must be one of {', '.join(GAMES)}, not {game!r}")


def cite(game: Game, anchor: str) -> Section:
    """The section ``anchor`` of the page for ``game`` ("nylonppong", "sichuan",
    "hongkong" or "glossary"); an unknown game or anchor raises ``ValueError``."""
    entries = _REGISTRY[_game(game)]
    if anchor not in entries:
        if game == "glossary":
            raise ValueError(f"the glossary has no term {anchor!r}; it has {', '.join(entries)}")
        known = ", ".join(a for a, _, _ in SECTIONS[game])
        raise ValueError(f"the {PAGES[game].title} have no section {anchor!r}; they have {known}")
    return entries[anchor]
