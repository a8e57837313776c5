"""The house rules of a Hong Kong table, and its payment tables (see the Hong Kong rules:
reference/hongkong.md#payments, #house-rules).

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

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit.mahjong.hands import Form
from kit.mahjong.tiles import TileSet
from kit.rules_fields import about, check_settings

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
"""The winning forms (reference/hongkong.md#winning-hands); seven pairs does not win here."""


@dataclass(frozen=True)
class PaymentTable:
    """Fan → (discarder pays, each pays on a self-draw). Immutable; edit it as a DataFrame."""

    name: str
    rows: tuple[tuple[int, int, int], ...]
    """(fan, discard, self_draw), in fan order."""
    derived: bool = field(default=False, compare=False, repr=False)
    """A default Golden table worked out from the four-player table: it follows that table."""

    @classmethod
    def from_frame(cls, frame: pd.DataFrame, name: str = "custom") -> PaymentTable:
        """Read a DataFrame indexed by fan with the columns ``discard`` and ``self_draw``.

        Every cell is a whole number of points (a numpy integer, or a float such as
        16.0, will do); fans and payments are never negative.

        >>> import pandas as pd
        >>> PaymentTable.from_frame(pd.DataFrame({"discard": [16.0], "self_draw": ["8"]}, index=[3]))
        Traceback (most recent call last):
        ...
        ValueError: the payment table's self_draw at fan 3 must be a whole number of points, not '8'
        """
        import pandas as pd

        if not isinstance(frame, pd.DataFrame):
            raise TypeError(
                f"a payment table is a DataFrame indexed by fan, not {type(frame).__name__}"
            )
        if isinstance(frame.columns, pd.MultiIndex) or isinstance(frame.index, pd.MultiIndex):
            raise ValueError(
                "a payment table has one level of columns (discard, self_draw) and one of fans; "
                "this DataFrame has a MultiIndex"
            )
        doubled = sorted({str(c) for c in frame.columns[frame.columns.duplicated()]})
        if doubled:
            raise ValueError(f"the payment table has the column {', '.join(doubled)} twice")
        missing = [column for column in COLUMNS if column not in frame.columns]
        if missing:
            raise ValueError(
                f"a payment table needs the columns {', '.join(COLUMNS)}; missing {', '.join(missing)}"
            )
        rows = []
        for fan, discard, self_draw in zip(
            frame.index, frame["discard"], frame["self_draw"], strict=True
        ):
            number = _points(fan, "the payment table's fan index")
            if number < 0:
                raise ValueError(
                    f"the payment table has a row for fan {number}; fans are 0 or more"
                )
            where = f"at fan {number}"
            rows.append(
                (
                    number,
                    _points(discard, f"the payment table's discard {where}"),
                    _points(self_draw, f"the payment table's self_draw {where}"),
                )
            )
            if rows[-1][1] < 0 or rows[-1][2] < 0:
                raise ValueError(f"the payment table's row for fan {number} has a negative payment")
        fans = [row[0] for row in rows]
        if len(set(fans)) != len(fans):
            twice = sorted({fan for fan in fans if fans.count(fan) > 1})
            raise ValueError(f"the payment table lists fan {twice[0]} twice")
        return cls(name, tuple(sorted(rows)))

    @classmethod
    def from_mapping(cls, rows: Mapping[Any, Any], name: str = "custom") -> PaymentTable:
        """Read ``{fan: (discard, self_draw)}``, the form a house-rules expression can write
        (a ``RULES`` line of a handout, or ``--rules`` of a benchmark).

        >>> PaymentTable.from_mapping({1: (4, 2), 2: (8, 4)}).rows
        ((1, 4, 2), (2, 8, 4))
        >>> PaymentTable.from_mapping({1: 4})
        Traceback (most recent call last):
        ...
        ValueError: the payment table's row for fan 1 must be a pair (discard, self_draw), not 4
        """
        import pandas as pd

        for fan, row in rows.items():
            if isinstance(row, (str, bytes)) or not isinstance(row, Sequence) or len(row) != 2:
                raise ValueError(
                    f"the payment table's row for fan {fan!r} must be a pair "
                    f"(discard, self_draw), not {row!r:.40}"
                )
        frame = pd.DataFrame(
            [tuple(row) for row in rows.values()], index=list(rows), columns=list(COLUMNS)
        )
        return cls.from_frame(frame, name)

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


def _points(value: Any, what: str) -> int:
    """A cell of a payment table as an int: whole numbers only, never a string or a bool."""
    import numpy as np

    if isinstance(value, (bool, np.bool_)) or not isinstance(
        value, (int, float, np.integer, np.floating)
    ):
        raise ValueError(f"{what} must be a whole number of points, not {value!r}")
    if isinstance(value, (float, np.floating)):
        if math.isnan(value):
            raise ValueError(f"{what} is empty (NaN); every cell needs a whole number")
        if math.isinf(value):
            raise ValueError(f"{what} is {value}; payments are finite whole numbers")
        if not float(value).is_integer():
            raise ValueError(f"{what} must be a whole number of points, not {value!r}")
    return int(value)


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
"""The common Hong Kong tables in 5/1 stakes (reference/hongkong.md#payments). The rule
page's own table was an image whose numbers are not available; "half-spicy" stands in for it
by default."""


def golden_of(table: PaymentTable) -> PaymentTable:
    """The default Golden table of a four-player table: its discard value for any win.

    >>> golden_of(PRESETS["full-spicy"]).self_draw(10)
    2048
    """
    rows = tuple((fan, discard, discard) for fan, discard, _ in table.rows)
    return PaymentTable("golden", rows, derived=True)


GOLDEN = golden_of(PRESETS["half-spicy"])
"""The default two-player table
(reference/hongkong.md#two-player) with the default four-player table: the one
opponent pays the four-player table's discard value for any win, self-drawn or not.
``Rules`` works it out from whichever four-player table it is given; the rule page's
Golden values were an image, so type the real ones in with ``Rules(golden=frame)``."""

TWO_PLAYER_TILES = TileSet(
    "the two-player 80-tile table",
    lambda tile: (
        f"the two-player table has no {tile}: bamboo and characters 2-8 are removed"
        if tile.suit in ("m", "s") and 2 <= tile.number <= 8
        else None
    ),
)
"""80 tiles: 1 and 9 of bamboo and characters, all dots, all honours
(reference/hongkong.md#two-player)."""


@dataclass(frozen=True)
class Rules:
    """House rules; the defaults are the kit's rules reference
    (reference/hongkong.md#house-rules).

    ``table`` and ``golden`` accept a preset name or a DataFrame and are kept
    as :class:`PaymentTable` values. Without a ``golden`` table (or with
    ``"golden"``), the Golden table is worked out from ``table``:

    >>> Rules(players=2, table="full-spicy").golden.discard(10)
    2048

    Each field's label and note are its metadata (:func:`kit.rules_fields.setting`). The
    two-player table: reference/hongkong.md#two-player; pao: reference/hongkong.md#pao.
    """

    players: int = field(
        default=4,
        metadata=about(
            label="players",
            note="4, or 2 for the two-player 80-tile table",
            choices=(4, 2),
        ),
    )
    min_fan: int = field(
        default=3, metadata=about(label="minimum fan", note="the fewest fan a win needs", low=0)
    )
    fan_cap: int = field(
        default=10,
        metadata=about(
            label="fan cap",
            note="fan count up to this; limit hands score it",
            low=0,
        ),
    )
    table: PaymentTable = field(
        default=PRESETS["half-spicy"],
        metadata=about(
            label="payment table",
            note='the payment table: a preset name ("half-spicy", "full-spicy"), a DataFrame '
            "indexed by fan with the columns discard and self_draw, or a mapping "
            "{fan: (discard, self_draw)}",
        ),
    )
    golden: PaymentTable = field(  # type: ignore[assignment]
        default=None,
        metadata=about(
            label="Golden table",
            note="the two-player table (a DataFrame or a mapping, like table); by default the payment "
            "table's discard value for any win",
        ),
    )
    pao: bool = field(
        default=True,
        metadata=about(
            label="pao",
            note="pao (包) liability: the player who fed the fourth exposed group or the third "
            "dragon group pays the whole win",
        ),
    )

    def _repr_html_(self) -> str:
        """A small table of these rules, the house rules marked (for notebooks and Voila)."""
        from kit.render.rules import rules_html

        return rules_html(self)

    def __post_init__(self) -> None:
        check_settings(self)
        if self.min_fan > self.fan_cap:
            raise ValueError(
                f"min_fan must be at most fan_cap ({self.fan_cap}), not {self.min_fan}"
            )
        object.__setattr__(self, "table", _as_table("table", self.table))
        golden = self.golden
        if (
            golden is None
            or (isinstance(golden, str) and golden == "golden")
            or (isinstance(golden, PaymentTable) and golden.derived)
        ):
            object.__setattr__(self, "golden", golden_of(self.table))
        else:
            object.__setattr__(self, "golden", _as_table("golden", golden))
        for name in ("table", "golden"):
            fans = set(getattr(self, name).fans())
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
        if value in PRESETS:
            return PRESETS[value]
        raise ValueError(
            f"{name} must be a DataFrame, a mapping {{fan: (discard, self_draw)}} or one of "
            f"{', '.join(PRESETS)}, not {value!r}"
        )
    named = "custom" if name == "table" else "golden"
    if isinstance(value, Mapping):
        return PaymentTable.from_mapping(value, name=named)
    import pandas as pd

    if not isinstance(value, pd.DataFrame):
        raise ValueError(
            f"{name} must be a DataFrame, a mapping {{fan: (discard, self_draw)}} or a preset "
            f"name, not {type(value).__name__}"
        )
    return PaymentTable.from_frame(value, name=named)
