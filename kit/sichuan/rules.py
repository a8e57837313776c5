"""The house rules of a Sichuan blood-battle table (see the Sichuan rules,
House rules: reference/sichuan.md#house-rules).

>>> Rules()
Rules(base=1, fan_cap=4, self_draw_bonus='base', kong_transfer=True, pig_pays_winners=False, terminals_in_all=False, pungs_258=False, concealed_hand=False, all_simples=False, heavenly_earthly=False, app_dragon_seven_pairs=False)
>>> Rules(fan_cap=7)
Traceback (most recent call last):
...
ValueError: fan_cap must be one of 3, 4, 5, 6, not 7
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from kit.hands import Form
from kit.tiles import TileSet

__all__ = ["FORMS", "PLAYERS", "SICHUAN_TILES", "Rules", "SelfDrawBonus"]

SelfDrawBonus = Literal["base", "fan", "none"]
PLAYERS = 4
"""Blood battle is a four-player game (reference/sichuan.md#tiles)."""

FORMS: tuple[Form, ...] = ("standard", "seven-pairs")
"""The winning forms
(reference/sichuan.md#winning-hands; seven pairs only fully concealed, as kit.hands reads it)."""

SICHUAN_TILES = TileSet(
    "Sichuan",
    lambda tile: "Sichuan mahjong has no honour tiles" if tile.is_honour else None,
    no_chows="Sichuan mahjong has no chow claims",
)
"""The 108 tiles: characters, dots and bamboo 1–9, four of each (reference/sichuan.md#tiles)."""


@dataclass(frozen=True)
class Rules:
    """House rules; the defaults are the reference's
    (reference/sichuan.md#house-rules). Optional patterns are all off by default."""

    base: int = 1
    """The stake: a hand is worth base × 2^fan (reference/sichuan.md#hand-value)."""
    fan_cap: int = 4
    """Fan above this count as this; one of 3, 4, 5, 6 (reference/sichuan.md#hand-value)."""
    self_draw_bonus: SelfDrawBonus = "base"
    """Self-drawn wins: each payer adds one base after the cap ("base"), the hand is paid
    at one more fan before the cap ("fan"), or nothing ("none")
    (reference/sichuan.md#win-payments)."""
    kong_transfer: bool = True
    """呼叫转移: a shot after a kong hands that kong's money to the winner
    (reference/sichuan.md#kong-transfer)."""
    pig_pays_winners: bool = False
    """Flower pigs also pay players who have already won (reference/sichuan.md#wall-empty)."""
    terminals_in_all: bool = False
    """带幺九 +2: every group and the pair holds a 1 or a 9 (optional,
    reference/sichuan.md#fan)."""
    pungs_258: bool = False
    """将对 +2 on top of all pungs: every pung and the pair are 2s, 5s or 8s
    (optional, reference/sichuan.md#fan)."""
    concealed_hand: bool = False
    """门清 +1: no claimed pung or kong (optional, reference/sichuan.md#fan)."""
    all_simples: bool = False
    """中张 +1: no 1s or 9s at all (optional, reference/sichuan.md#fan)."""
    heavenly_earthly: bool = False
    """天胡/地胡: a heavenly or earthly hand scores the cap (optional,
    reference/sichuan.md#fan)."""
    app_dragon_seven_pairs: bool = False
    """Dragon seven pairs (seven pairs with a root) scores one more fan, as popular apps do."""

    def _repr_html_(self) -> str:
        """A small table of these rules, the house rules marked (for notebooks and Voila)."""
        from kit.render.rules import rules_html

        return rules_html(self)

    def __post_init__(self) -> None:
        if not isinstance(self.base, int) or isinstance(self.base, bool) or self.base < 1:
            raise ValueError(f"base must be a positive whole number, not {self.base!r}")
        if (
            not isinstance(self.fan_cap, int)
            or isinstance(self.fan_cap, bool)
            or self.fan_cap not in (3, 4, 5, 6)
        ):
            raise ValueError(f"fan_cap must be one of 3, 4, 5, 6, not {self.fan_cap!r}")
        if self.self_draw_bonus not in ("base", "fan", "none"):
            raise ValueError(
                f"self_draw_bonus must be 'base', 'fan' or 'none', not {self.self_draw_bonus!r}"
            )
        for name in (
            "kong_transfer", "pig_pays_winners", "terminals_in_all", "pungs_258",
            "concealed_hand", "all_simples", "heavenly_earthly", "app_dragon_seven_pairs",
        ):  # fmt: skip
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be True or False, not {getattr(self, name)!r}")

    def hand_value(self, fan: int) -> int:
        """base × 2^min(fan, cap) (reference/sichuan.md#hand-value).

        >>> [Rules().hand_value(fan) for fan in range(6)]
        [1, 2, 4, 8, 16, 16]
        """
        return int(self.base * 2 ** min(fan, self.fan_cap))

    def self_draw_payment(self, fan: int) -> int:
        """What each player still in play pays for a self-drawn win of ``fan`` fan
        (reference/sichuan.md#win-payments).

        >>> Rules().self_draw_payment(2), Rules(self_draw_bonus="fan").self_draw_payment(2)
        (5, 8)
        """
        if self.self_draw_bonus == "base":
            return self.hand_value(fan) + self.base
        if self.self_draw_bonus == "fan":
            return self.hand_value(fan + 1)
        return self.hand_value(fan)

    @property
    def max_value(self) -> int:
        """The capped maximum, base × 2^fan_cap: what a flower pig pays
        (reference/sichuan.md#wall-empty)."""
        return self.hand_value(self.fan_cap)
