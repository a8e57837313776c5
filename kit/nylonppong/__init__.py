"""Nylon-ppong (나이롱뽕), the Korean rummy played with the Hwatu deck (RULES.md §1)."""

from kit.nylonppong.rules import (
    COMBINATIONS,
    Combination,
    Rules,
    best_combination,
    combination_odds,
    combination_table,
    combinations,
    settle_round,
    stop_allowed,
)

__all__ = [
    "COMBINATIONS",
    "Combination",
    "Rules",
    "best_combination",
    "combination_odds",
    "combination_table",
    "combinations",
    "settle_round",
    "stop_allowed",
]
