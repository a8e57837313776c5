"""Nylon-ppong (나이롱뽕), the Korean rummy played with the Hwatu deck.

The package offers the same kinds of names as the two mahjong games: the
``Rules``, the scoring functions, the engine (``Round`` and a ``Game`` of
rounds), the result of play (``RoundResult``) and its ``Ledger`` of penalty
points, ``IllegalAction``, ``simulate`` and the bots in ``BOTS``.
"""

from kit.errors import IllegalAction
from kit.nylonppong.bots import BOTS
from kit.nylonppong.game import Game, Round, RoundResult
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

__all__ = [
    "BOTS",
    "COMBINATIONS",
    "Combination",
    "Game",
    "IllegalAction",
    "Ledger",
    "Round",
    "RoundResult",
    "Rules",
    "best_combination",
    "combination_odds",
    "combination_table",
    "combinations",
    "settle_round",
    "simulate",
    "stop_allowed",
]
