"""The sections of the kit's rules reference: anchor, title and one-line summary.

This is the one place the sections are named. The pages in ``reference/`` carry
the same anchors, and ``python -m kit.reference`` writes each section's heading
from here, so a citation in the code and the page it points to always agree.
Anchors are stable: lessons and widgets link to them, so a section may be
retitled but its anchor never changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePosixPath
from typing import Literal

__all__ = ["GAMES", "PAGES", "SECTIONS", "Game", "Page"]

Game = Literal["nylonppong", "sichuan", "hongkong", "glossary"]

GAMES: tuple[Game, ...] = ("nylonppong", "sichuan", "hongkong", "glossary")
"""The reference's pages, by the name :func:`kit.reference.cite` takes: the registry's
games (:data:`kit.games.GAMES`, the same keys in the same order) and the glossary.
``tests/test_reference.py`` holds the two in step."""


@dataclass(frozen=True)
class Page:
    """One page of the reference: the title citations use and the page's own heading.

    A game's page file is the registry's (:attr:`kit.games.Game.reference`); the
    glossary, which is no game, has its own.
    """

    game: Game
    title: str
    """What a citation says before the section: "Sichuan rules › Fan"."""
    heading: str
    """The page's own first heading."""

    @property
    def file(self) -> str:
        """The page's file in ``reference/``: "sichuan.md"."""
        if self.game == "glossary":
            return GLOSSARY_FILE
        from kit.games import game

        return PurePosixPath(game(self.game).reference).name


GLOSSARY_FILE = "glossary.md"

PAGES: dict[Game, Page] = {
    "nylonppong": Page("nylonppong", "Nylon-ppong rules", "Nylon-ppong (나이롱뽕): the rules"),
    "sichuan": Page(
        "sichuan", "Sichuan rules", "Sichuan mahjong, blood battle (血战到底): the rules"
    ),
    "hongkong": Page("hongkong", "Hong Kong rules", "Hong Kong mahjong (3-fan table): the rules"),
    "glossary": Page("glossary", "Glossary", "Glossary"),
}
"""Per page, its citation title and heading; a game's pages in the registry's order."""

SECTIONS: dict[Game, tuple[tuple[str, str, str], ...]] = {
    "nylonppong": (
        ("cards", "Cards",
         "The 48-card Hwatu deck: 12 months of 4 cards; a card is worth its month number."),
        ("deal-and-turn", "Deal and turn",
         "Five cards each; on your turn draw one, then declare a combination or discard."),
        ("ppong", "Ppong",
         "Holding a pair of the top discard's month, lay the pair out instead of drawing, then discard."),
        ("stop", "Stop",
         "With exactly two cards summing to at most the stop limit, end the round before drawing."),
        ("combinations", "Combinations",
         "Six cards right after drawing that end the round and score 0 down to −100 for the declarer."),
        ("round-scoring", "Round scoring",
         "Penalty points: the sum of the months in your hand, plus a penalty for a failed stop or a ppong-out."),
        ("game", "A game",
         "A fixed number of rounds; the penalties add up and the fewest points win."),
        ("house-rules", "House rules",
         "Every setting of Nylon-ppong's Rules value, with its default."),
        ("readings", "Default readings",
         "Where the rules leave a choice: the reading the kit plays, and the usual alternatives."),
        ("coach-forecasts", "How the coach forecasts a choice",
         "Each option's expected penalty and win chance: exact when it ends the round, else played out."),
    ),
    "sichuan": (
        ("tiles", "Tiles and deal",
         "108 tiles in three suits, no honours; 13 tiles each, the dealer 14."),
        ("void", "The void suit",
         "Each player names one suit to get rid of; no win while holding a tile of it."),
        ("turn", "A turn and claims",
         "Draw and discard; pung, kong or win on any discard, no chow; a win beats a claim."),
        ("winning-hands", "Winning hands and blood battle",
         "Four groups and a pair, or seven pairs; a winner leaves play and the rest play on."),
        ("fan", "Fan",
         "The patterns that add fan to a winning hand: root, all pungs, full flush, seven pairs and more."),
        ("hand-value", "Hand value and the cap",
         "A hand is worth base × 2^fan, the fan counted up to the cap (4 by default)."),
        ("win-payments", "Paying for a win",
         "On a discard only the discarder pays; on a self-draw everyone still in play pays, plus the bonus."),
        ("kongs", "Kongs: wind and rain",
         "Kongs are paid at once: 2 from the discarder, 1 from each for an added kong, 2 from each for a concealed one."),
        ("kong-transfer", "Kong money transfer",
         "A win on the discard right after a kong takes that kong's money from the kong player."),
        ("wall-empty", "When the wall runs out",
         "Flower pigs pay the maximum, not-ready players pay the ready ones, and not-ready players refund their kong money."),
        ("house-rules", "House rules",
         "Every setting of Sichuan's Rules value, with its default, optional patterns included."),
        ("readings", "Default readings",
         "Where the rules leave a choice: the reading the kit plays, and the usual alternatives."),
        ("coach", "The coach's forecasts",
         "How the coach forecasts each option's win chance, deal-in risk and money, and how well they come true."),
    ),
    "hongkong": (
        ("tiles", "Tiles and deal",
         "136 tiles: three suits, four winds, three dragons; 13 tiles each, the dealer 14."),
        ("turn", "A turn",
         "Draw and discard, or claim the last discard; one win ends the deal."),
        ("claims", "Claims",
         "Chow only from the player on your left; pung, kong and win from anyone; a win beats a claim."),
        ("winning-hands", "Winning hands",
         "Four groups and a pair, or thirteen orphans, worth at least the minimum fan."),
        ("fan", "Fan",
         "The patterns that add fan, from 1-fan all chows to 7-fan full flush; the best reading counts."),
        ("limit-hands", "Limit hands",
         "Rare hands that score the cap whatever else they hold."),
        ("minimum-and-cap", "The minimum and the cap",
         "A win needs 3 fan; fan count up to the cap of 10."),
        ("payments", "Payments",
         "The discarder alone pays the table's discard value; on a self-draw each other player pays the self-draw value."),
        ("pao", "Pao (liability)",
         "Feeding a fourth exposed group or a third dragon group makes you pay the whole win if that player wins."),
        ("two-player", "The two-player table",
         "80 tiles (no 2–8 of bamboo or characters) and the Golden table: the one opponent pays."),
        ("house-rules", "House rules",
         "Every setting of Hong Kong's Rules value, with its default, the payment tables included."),
        ("readings", "Default readings",
         "Where the rules leave a choice: the reading the kit plays, and the usual alternatives."),
        ("coach", "The coach's forecasts",
         "How the coach forecasts each option's win chance, deal-in risk and money, and how well they come true."),
    ),
    "glossary": (
        ("how-to-read", "How to read this glossary",
         "English term, the original with its romanisation, German, and what it means."),
        ("nylon-ppong-terms", "Nylon-ppong terms",
         "The Korean words of Hwatu and Nylon-ppong."),
        ("mahjong-terms", "Terms both mahjong games share",
         "Tiles, groups, claims and the coach's words, in Chinese and German."),
        ("sichuan-terms", "Sichuan terms",
         "The words of blood battle: void suit, root, wind and rain, flower pig."),
        ("hongkong-terms", "Hong Kong terms",
         "The words of the 3-fan table: patterns, limits, payments and pao."),
    ),
}  # fmt: skip
"""Per page, in page order: (anchor, title, one-line summary)."""
