"""Nylon-ppong (나이롱뽕), the Korean rummy played with the Hwatu deck.

The package offers the same kinds of names as the two mahjong games: the
``Rules``, the scoring functions, the engine (``Round`` and a ``Game`` of
rounds), the result of play (``DealResult``, as in mahjong: a round is this
game's deal) and its ``Ledger`` of penalty points, ``IllegalAction``, what a
seat sees (``SeatView``) and the worlds it cannot tell apart (``sample_world``),
``simulate`` and the bots in ``BOTS``.
"""

from kit.errors import IllegalAction
from kit.nylonppong.bots import BOTS
from kit.nylonppong.game import DealResult, Game, Round, SeatView
from kit.nylonppong.rules import (
    COMBINATIONS,
    Combination,
    Ledger,
    Rules,
    best_combination,
    combination_odds,
    combination_table,
    combinations,
    settle_round,
    stop_allowed,
)
from kit.nylonppong.sim import simulate
from kit.nylonppong.world import sample_world

__all__ = [
    "BOTS",
    "COMBINATIONS",
    "Combination",
    "DealResult",
    "Game",
    "IllegalAction",
    "Ledger",
    "Round",
    "Rules",
    "SeatView",
    "best_combination",
    "combination_odds",
    "combination_table",
    "combinations",
    "sample_world",
    "settle_round",
    "simulate",
    "stop_allowed",
]
