"""The house rules of a Hong Kong table, and its payment tables (RULES.md §3.3–3.5).

Payment tables are data: a pandas DataFrame indexed by fan with the columns
``discard`` (what the discarder pays) and ``self_draw`` (what each other
player pays on a self-drawn win). ``Rules`` keeps an immutable copy, so rule
sets stay comparable and hashable; ``rules.table.to_frame()`` gives the
DataFrame back to edit.

>>> Rules().table.discard(5), Rules().table.self_draw(5)
(48, 24)
>>> Rules(table="full-spicy").table.discard(10)
2048
>>> import pandas as pd
>>> Rules(table=pd.DataFrame({"discard": [16, 32], "self_draw": [8, 16]}, index=[3, 4]))
Traceback (most recent call last):
...
ValueError: the payment table has no row for fan 5; it must cover every fan from 3 to 10
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit.hands import Form
from kit.tiles import TileSet

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "FORMS",
    "GOLDEN",
    "PRESETS",
    "TWO_PLAYER_TILES",
    "PaymentTable",
    "Rules",
]

COLUMNS = ("discard", "self_draw")
FORMS: tuple[Form, ...] = ("standard", "thirteen-orphans")
"""The winning forms of §3.1; seven pairs does not win here."""


@dataclass(frozen=True)
class PaymentTable:
    """Fan → (discarder pays, each pays on a self-draw). Immutable; edit it as a DataFrame."""

    name: str
    rows: tuple[tuple[int, int, int], ...]
    """(fan, discard, self_draw), in fan order."""

    @classmethod
    def from_frame(cls, frame: pd.DataFrame, name: str = "custom") -> PaymentTable:
        """Read a DataFrame indexed by fan with the columns ``discard`` and ``self_draw``."""
        missing = [column for column in COLUMNS if column not in frame.columns]
        if missing:
            raise ValueError(
                f"a payment table needs the columns {', '.join(COLUMNS)}; missing {', '.join(missing)}"
            )
        rows = []
        for fan, discard, self_draw in zip(
            frame.index, frame["discard"], frame["self_draw"], strict=True
        ):
            values = (fan, discard, self_draw)
            if not all(_whole(v) for v in values):
                raise ValueError(f"the payment table's row {fan!r} must hold whole numbers")
            if int(discard) < 0 or int(self_draw) < 0:
                raise ValueError(f"the payment table's row for fan {fan} has a negative payment")
            rows.append((int(fan), int(discard), int(self_draw)))
        fans = [row[0] for row in rows]
        if len(set(fans)) != len(fans):
            raise ValueError("the payment table lists a fan twice")
        return cls(name, tuple(sorted(rows)))

    def _row(self, fan: int) -> tuple[int, int, int]:
        for row in self.rows:
            if row[0] == fan:
                return row
        raise ValueError(f"the payment table {self.name!r} has no row for {fan} fan")

    def discard(self, fan: int) -> int:
        return self._row(fan)[1]

    def self_draw(self, fan: int) -> int:
        return self._row(fan)[2]

    def fans(self) -> list[int]:
        return [row[0] for row in self.rows]

    def to_frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(
            {"discard": [r[1] for r in self.rows], "self_draw": [r[2] for r in self.rows]},
            index=pd.Index([r[0] for r in self.rows], name="fan"),
        )


def _whole(value: Any) -> bool:
    try:
        return float(value) == int(value)
    except (TypeError, ValueError):
        return False


def _table(name: str, discard: list[int], self_draw: list[int]) -> PaymentTable:
    return PaymentTable(name, tuple(zip(range(3, 11), discard, self_draw, strict=True)))


PRESETS: dict[str, PaymentTable] = {
    "half-spicy": _table(
        "half-spicy", [16, 32, 48, 64, 96, 128, 192, 256], [8, 16, 24, 32, 48, 64, 96, 128]
    ),
    "full-spicy": _table(
        "full-spicy",
        [16 * 2**i for i in range(8)],
        [8 * 2**i for i in range(8)],
    ),
}
"""The common Hong Kong tables in 5/1 stakes (§3.3). The rule page's own table was an
image whose numbers are not available; "half-spicy" stands in for it by default."""

GOLDEN = PaymentTable(
    "golden",
    tuple((fan, discard, discard) for fan, discard, _ in PRESETS["half-spicy"].rows),
)
"""The two-player table (§3.4): by default the one opponent pays the four-player table's
discard value for any win, self-drawn or not. The rule page's Golden values were an
image too; type the real ones in with ``Rules(golden=frame)``."""

TWO_PLAYER_TILES = TileSet(
    "the two-player 80-tile table",
    lambda tile: (
        f"the two-player table has no {tile}: bamboo and characters 2-8 are removed"
        if tile.suit in ("m", "s") and 2 <= tile.number <= 8
        else None
    ),
)
"""80 tiles: 1 and 9 of bamboo and characters, all dots, all honours (§3.4)."""


@dataclass(frozen=True)
class Rules:
    """House rules; the defaults are RULES.md §3.5.

    ``table`` and ``golden`` accept a preset name or a DataFrame and are kept
    as :class:`PaymentTable` values.
    """

    players: int = 4
    """4, or 2 for the two-player 80-tile table (§3.4)."""
    min_fan: int = 3
    fan_cap: int = 10
    table: PaymentTable = field(default=PRESETS["half-spicy"])
    golden: PaymentTable = field(default=GOLDEN)
    pao: bool = True
    """Pao (包) liability: the player who fed the fourth exposed group or third dragon
    group pays the whole win (§3.3)."""

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise ValueError(
                f"players must be 4, or 2 for the two-player table, not {self.players!r}"
            )
        for name in ("min_fan", "fan_cap"):
            number = getattr(self, name)
            if not isinstance(number, int) or isinstance(number, bool) or number < 0:
                raise ValueError(f"{name} must be a whole number, not {number!r}")
        if self.min_fan > self.fan_cap:
            raise ValueError(f"min_fan {self.min_fan} is above fan_cap {self.fan_cap}")
        if not isinstance(self.pao, bool):
            raise ValueError(f"pao must be True or False, not {self.pao!r}")
        for name in ("table", "golden"):
            value = _as_table(name, getattr(self, name))
            object.__setattr__(self, name, value)
            fans = set(value.fans())
            for fan in range(self.min_fan, self.fan_cap + 1):
                if fan not in fans:
                    raise ValueError(
                        f"the {'payment' if name == 'table' else 'golden'} table has no row for "
                        f"fan {fan}; it must cover every fan from {self.min_fan} to {self.fan_cap}"
                    )

    @property
    def payments(self) -> PaymentTable:
        """The table that pays at this table size: ``golden`` for two players."""
        return self.golden if self.players == 2 else self.table


def _as_table(name: str, value: object) -> PaymentTable:
    """A preset name, a DataFrame or a PaymentTable, as a PaymentTable."""
    if isinstance(value, PaymentTable):
        return value
    if isinstance(value, str):
        if name == "golden" and value == "golden":
            return GOLDEN
        if value in PRESETS:
            return PRESETS[value]
        raise ValueError(
            f"{name} must be a DataFrame or one of {', '.join(PRESETS)}, not {value!r}"
        )
    import pandas as pd

    if not isinstance(value, pd.DataFrame):
        raise ValueError(f"{name} must be a DataFrame or a preset name, not {type(value).__name__}")
    return PaymentTable.from_frame(value, name="custom" if name == "table" else "golden")
