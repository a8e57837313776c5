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

from dataclasses import dataclass, field
from typing import Literal

from kit.mahjong.hands import Form
from kit.mahjong.tiles import TileSet
from kit.rules_fields import about, check_settings

__all__ = ["FORMS", "PLAYERS", "SICHUAN_TILES", "Rules", "SelfDrawBonus"]

SelfDrawBonus = Literal["base", "fan", "none"]
PLAYERS = 4
"""Blood battle is a four-player game (reference/sichuan.md#tiles)."""

FORMS: tuple[Form, ...] = ("standard", "seven-pairs")
"""The winning forms
(reference/sichuan.md#winning-hands; seven pairs only fully concealed, as kit.mahjong.hands reads it)."""

SICHUAN_TILES = TileSet(
    "Sichuan",
    lambda tile: "Sichuan mahjong has no honour tiles" if tile.is_honour else None,
    no_chows="Sichuan mahjong has no chow claims",
)
"""The 108 tiles: characters, dots and bamboo 1–9, four of each (reference/sichuan.md#tiles)."""


@dataclass(frozen=True)
class Rules:
    """House rules; the defaults are the reference's
    (reference/sichuan.md#house-rules). Optional patterns are all off by default.

    Each field's label and note are its metadata (:func:`kit.rules_fields.setting`).
    The stake and the cap: reference/sichuan.md#hand-value, the self-draw bonus:
    reference/sichuan.md#win-payments, kong transfer: reference/sichuan.md#kong-transfer,
    flower pigs: reference/sichuan.md#wall-empty, the optional patterns: reference/sichuan.md#fan.
    """

    base: int = field(
        default=1,
        metadata=about(
            label="base",
            note="the stake: a hand is worth base × 2^fan",
            low=1,
        ),
    )
    fan_cap: int = field(
        default=4,
        metadata=about(
            label="fan cap",
            note="fan above this count as this; one of 3, 4, 5, 6",
            choices=(3, 4, 5, 6),
        ),
    )
    self_draw_bonus: SelfDrawBonus = field(
        default="base",
        metadata=about(
            label="self-draw bonus",
            note='"base": each payer adds one base after the cap; "fan": the hand is paid at one '
            'more fan, before the cap; "none": no bonus',
            choices=("base", "fan", "none"),
        ),
    )
    kong_transfer: bool = field(
        default=True,
        metadata=about(
            label="kong transfer",
            note="呼叫转移: a shot after a kong hands that kong's money to the winner",
        ),
    )
    pig_pays_winners: bool = field(
        default=False,
        metadata=about(
            label="pig pays winners",
            note="flower pigs also pay players who have already won",
        ),
    )
    terminals_in_all: bool = field(
        default=False, metadata=about(label="带幺九", note="optional pattern 带幺九, +2")
    )
    pungs_258: bool = field(
        default=False,
        metadata=about(
            label="将对",
            note="optional pattern 将对, +2 on top of all pungs",
        ),
    )
    concealed_hand: bool = field(
        default=False, metadata=about(label="门清", note="optional pattern 门清, +1")
    )
    all_simples: bool = field(
        default=False, metadata=about(label="中张", note="optional pattern 中张, +1")
    )
    heavenly_earthly: bool = field(
        default=False,
        metadata=about(
            label="天胡/地胡",
            note="optional pattern 天胡/地胡: the cap",
        ),
    )
    app_dragon_seven_pairs: bool = field(
        default=False,
        metadata=about(
            label="龙七对 bonus",
            note="dragon seven pairs scores one more fan, as popular apps do",
        ),
    )

    def _repr_html_(self) -> str:
        """A small table of these rules, the house rules marked (for notebooks and Voila)."""
        from kit.render.rules import rules_html

        return rules_html(self)

    def __post_init__(self) -> None:
        check_settings(self)

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
