"""Scripted Hong Kong deals: a table set up tile by tile, and the actions that play it out.

The pao scenario (reference/hongkong.md#pao): seat 2 (West) shows three exposed groups; seat 0
(East) has just drawn and discards 3 dots, which seat 2 pungs for its fourth exposed
group, so seat 0 becomes liable for seat 2's win. Seat 2 then wins on 9 dots, either
self-drawn after a quiet round or on seat 3's discard. Every step is a real action,
so the engine itself decides the liability and the payments.

>>> table = pao_table()
>>> for step in pao_steps("discard"):
...     for action in step.actions:
...         table.apply(action)
>>> table.liable_for(WINNER), table.net
(0, [-32, 0, 32, 0])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kit.hongkong.game import Action, Discard, Hu, Pung, Table
from kit.hongkong.rules import Rules
from kit.mahjong.tiles import Tile

__all__ = [
    "ENDINGS",
    "LIABLE",
    "THIRD",
    "WINNER",
    "Ending",
    "ScenarioStep",
    "pao_steps",
    "pao_table",
]

Ending = Literal["self-drawn", "discard"]
ENDINGS: tuple[Ending, ...] = ("self-drawn", "discard")
WINNER, LIABLE, THIRD = 2, 0, 3
"""The scenario's seats: seat 2 wins, seat 0 feeds its fourth group, seat 3 discards late."""


def pao_table(rules: Rules = Rules()) -> Table:
    """The scenario's table: seat 2 (West) shows three exposed groups, seat 0 is to discard.

    The tiles are chosen by hand; the wall holds the rest of the 136, and its next
    draws are 1s (seat 3), 7z (seat 0), 6s (seat 1) and 9p (seat 2).

    >>> table = pao_table()
    >>> table.tiles_in_play(), table.turn, [str(m) for m in table.melds[2]]
    (136, 0, ['[555z]', '[111p]', '[789p]'])
    """
    table: Table = Table.arrange(
        [
            "3p 147m 258s 9s 1234z 67z",  # seat 0 has just drawn the 3p
            "258m 147s 26p 1234z 7z",
            "33p 6m 9p [555z] [111p] [789p]",
            "9p 39m 38s 58p 1234z 67z",
        ],
        draws="1s 7z 6s 9p",
        discards=[("9m", 1), ("1s", 2), ("8m", 3), ("4p", 0), ("2z", 1), ("5m", 3)],
        turn=0,
        dealer=0,
        drawn="3p",
        turns=14,
        rules=rules,
    )
    return table


@dataclass(frozen=True)
class ScenarioStep:
    """One step of a scenario: its name and the actions it applies (none for the start)."""

    name: str
    actions: tuple[Action, ...] = ()


def _discard(seat: int, tile: str) -> Discard:
    return Discard(seat, Tile.parse(tile))


def pao_steps(ending: Ending = "self-drawn") -> list[ScenarioStep]:
    """The pao scenario step by step, from :func:`pao_table`, for the ending chosen.

    >>> [step.name for step in pao_steps()]
    ['start', 'fed', 'pung', 'waiting', 'round', 'won']
    """
    if ending not in ENDINGS:
        raise ValueError(f"ending must be one of {', '.join(ENDINGS)}, not {ending!r}")
    common = [
        ScenarioStep("start"),
        ScenarioStep("fed", (_discard(LIABLE, "3p"),)),
        ScenarioStep("pung", (Pung(WINNER),)),
        ScenarioStep("waiting", (_discard(WINNER, "6m"),)),
    ]
    if ending == "self-drawn":
        quiet_round = (_discard(3, "1s"), _discard(0, "7z"), _discard(1, "6s"))
        return [*common, ScenarioStep("round", quiet_round), ScenarioStep("won", (Hu(WINNER),))]
    return [
        *common,
        ScenarioStep("third", (_discard(THIRD, "9p"),)),
        ScenarioStep("won", (Hu(WINNER),)),
    ]
