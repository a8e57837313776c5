"""The registry: one :class:`Game` per game, read by every layer of the kit.

A game is one object. It names its rules, its engine, what a seat observes, its
bots and default opponents, its coach, its catalogue of scoring patterns and its
page in the kit's rules reference. Handouts, pictures, the reference tables,
the widgets and the simulation runner all ask this registry; none of them finds
a game by a module name.

>>> [g.key for g in GAMES.values()]
['nylonppong', 'sichuan', 'hongkong']
>>> game("sichuan").title
'Sichuan mahjong'
>>> from kit.hongkong import Rules
>>> game(Rules(players=2)).key
'hongkong'
>>> game("chess")
Traceback (most recent call last):
...
ValueError: there is no game 'chess'; the kit's games are nylonppong, sichuan and hongkong

Adding a game is one checklist (``docs/architecture.md``): fill in a
:class:`Game` here, and ``tests/test_conformance.py`` names whatever is missing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from kit import hongkong, nylonppong, sichuan
from kit.coach import Coach
from kit.hongkong import bots as hongkong_bots
from kit.hongkong import coach as hongkong_coach
from kit.nylonppong import bots as nylonppong_bots
from kit.nylonppong import coach as nylonppong_coach
from kit.sichuan import bots as sichuan_bots
from kit.sichuan import coach as sichuan_coach

__all__ = ["GAMES", "Game", "game"]


@dataclass(frozen=True)
class Game:
    """Everything the kit knows a game by."""

    key: str
    """The registry key, also the package name: ``"sichuan"``."""
    title: str
    """The English title: "Sichuan mahjong"."""
    native: str
    """The title in the game's own language and script: 血战到底."""
    family: str
    """``"cards"`` (the Hwatu deck) or ``"mahjong"`` (tiles, with the shared table engine)."""
    rules: type
    """The frozen ``Rules`` class; ``rules()`` is the default rule set."""
    engine: type
    """What plays one deal (a mahjong ``Table``) or one round (Nylon-ppong's ``Round``)."""
    observation: type
    """What one seat sees: a frozen value, the only thing bots and coaches read."""
    sample_world: Callable[[Any, random.Random], Any]
    """A full engine consistent with an observation, its hidden cards or tiles dealt at random."""
    bots: Mapping[str, Callable[[Any], Any]]
    """The strategies offered in widgets and simulations, by name."""
    opponents: tuple[str, ...]
    """The default bots for the other seats, repeated round the table."""
    coach: Coach
    """The coach: ``coach.advise(observation)`` and ``coach.act(observation)``."""
    catalogue: Sequence[Any]
    """The scoring patterns (mahjong fan) or combinations (Nylon-ppong), one entry each."""
    reference: str
    """The game's page in the kit's rules reference, relative to the repository root."""
    lessons: str
    """The game's lesson folder under ``lessons/`` (also the handout's file name)."""
    simulate: Callable[..., Any]
    """The seeded simulation runner: one row of a DataFrame per deal or round."""

    def default_rules(self) -> Any:
        """The game's default ``Rules``."""
        return self.rules()

    def owns(self, rules: object) -> bool:
        """Is ``rules`` a ``Rules`` value of this game?"""
        return type(rules) is self.rules

    def __repr__(self) -> str:
        return f"game({self.key!r})"


GAMES: Mapping[str, Game] = {
    g.key: g
    for g in (
        Game(
            key="nylonppong",
            title="Nylon-ppong",
            native="나이롱뽕",
            family="cards",
            rules=nylonppong.Rules,
            engine=nylonppong.Round,
            observation=nylonppong.SeatView,
            sample_world=nylonppong.sample_world,
            bots=nylonppong.BOTS,
            opponents=nylonppong_bots.DEFAULT_OPPONENTS,
            coach=nylonppong_coach.COACH,
            catalogue=nylonppong.COMBINATIONS,
            reference="reference/nylon-ppong.md",
            lessons="nylon-ppong",
            simulate=nylonppong.simulate,
        ),
        Game(
            key="sichuan",
            title="Sichuan mahjong",
            native="血战到底",
            family="mahjong",
            rules=sichuan.Rules,
            engine=sichuan.Table,
            observation=sichuan.SeatView,
            sample_world=sichuan.sample_world,
            bots=sichuan.BOTS,
            opponents=sichuan_bots.DEFAULT_OPPONENTS,
            coach=sichuan_coach.COACH,
            catalogue=sichuan.PATTERNS,
            reference="reference/sichuan.md",
            lessons="sichuan",
            simulate=sichuan.simulate,
        ),
        Game(
            key="hongkong",
            title="Hong Kong mahjong",
            native="香港麻雀",
            family="mahjong",
            rules=hongkong.Rules,
            engine=hongkong.Table,
            observation=hongkong.SeatView,
            sample_world=hongkong.sample_world,
            bots=hongkong.BOTS,
            opponents=hongkong_bots.DEFAULT_OPPONENTS,
            coach=hongkong_coach.COACH,
            catalogue=hongkong.PATTERNS,
            reference="reference/hongkong.md",
            lessons="hongkong",
            simulate=hongkong.simulate,
        ),
    )
}
"""The kit's games, by key, in the order the lessons teach them."""


def _names(keys: Sequence[str]) -> str:
    return ", ".join(keys[:-1]) + f" and {keys[-1]}"


def game(key_or_rules: object) -> Game:
    """The :class:`Game` of a key (``"sichuan"``) or of a ``Rules`` value.

    Raises ``ValueError`` for an unknown key and ``TypeError`` for anything else.
    """
    if isinstance(key_or_rules, str):
        if key_or_rules in GAMES:
            return GAMES[key_or_rules]
        raise ValueError(
            f"there is no game {key_or_rules[:40]!r}; the kit's games are {_names(list(GAMES))}"
        )
    for candidate in GAMES.values():
        if candidate.owns(key_or_rules):
            return candidate
    rules = _names([f"kit.{key}.Rules" for key in GAMES]).replace(" and ", " or ")
    raise TypeError(f"expected a game's key or a Rules value ({rules}), not {key_or_rules!r:.60}")
