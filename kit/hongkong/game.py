"""The Hong Kong deal engine: claims, kongs, the 3-fan minimum and pao (RULES.md §3).

The moves both mahjong games share live in :mod:`kit.engine`; this module
decides what Hong Kong decides: a chow only from the player on one's left,
a win only at the minimum fan, pao liability, one winner per deal, and the
two-player 80-tile table.

>>> table = Table.deal(seed=3)
>>> table.phase, table.turn, len(table.wall), table.seat_wind(0)
('discard', 0, 83, 'E')
>>> table.apply(Chow(1, Tile.parse("1m")))
Traceback (most recent call last):
...
kit.engine.IllegalAction: seat 1 chows 123m is illegal: on its turn a player discards, declares a kong, or wins (seat 0 to discard, 83 tiles in the wall)

Reading choices (RULES.md leaves them open; a careful player would expect these):

- One win ends the deal. When several players could win on one discard, the
  first in turn order after the discarder takes it (head bump, 截糊).
- A deal that runs out of wall is a draw: nobody pays.
- Seat winds: the dealer is East, then South, West, North in turn order; at
  the two-player table the dealer is East and the other player South.
- A heavenly hand is the dealer's win on its first 14 tiles; an earthly hand
  is a win on the dealer's first discard, before any group was claimed.
- The last-tile fan is a self-drawn win on the last wall tile.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit.engine import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    Discard,
    Hu,
    IllegalAction,
    Kong,
    MahjongTable,
    Pass,
    Pung,
    TableView,
    Win,
    deal_tiles,
)
from kit.hands import is_complete
from kit.hongkong.fan import DRAGONS, Score, score
from kit.hongkong.payout import payout, wall
from kit.hongkong.rules import FORMS, Rules
from kit.tiles import TILES, Hand, Meld, Tile, counts_of

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "WIND_ORDER",
    "Action",
    "AddedKong",
    "Chow",
    "ConcealedKong",
    "Discard",
    "Hu",
    "IllegalAction",
    "Kong",
    "Pass",
    "Pung",
    "SeatView",
    "Table",
    "Win",
    "seat_wind",
]

WIND_ORDER = "ESWN"


def seat_wind(seat: int, *, dealer: int = 0, players: int = 4) -> str:
    """A seat's wind: the dealer is East, then South, West and North in turn order.

    >>> [seat_wind(s, dealer=1) for s in range(4)], seat_wind(1, players=2)
    (['N', 'E', 'S', 'W'], 'S')
    """
    return WIND_ORDER[(seat - dealer) % players]


@dataclass(frozen=True)
class Liability:
    """Pao: ``liable`` fed ``seat`` the claim that made its fourth exposed or third dragon group."""

    seat: int
    liable: int
    reason: str


@dataclass(eq=False)
class Table(MahjongTable[Score]):
    """One Hong Kong deal in progress. Build with :meth:`deal`."""

    rules: Rules = Rules()
    round_wind: str = "E"
    liabilities: dict[int, Liability] = field(default_factory=dict)
    """Pao in force, by the seat that would win (a later one replaces an earlier one)."""
    net: list[int] = field(default_factory=list)
    """Each seat's payment once the deal is over (all zero on a draw)."""

    def __post_init__(self) -> None:
        if not self.net:
            self.net = [0] * self.players

    @classmethod
    def deal(
        cls,
        rules: Rules = Rules(),
        *,
        dealer: int = 0,
        round_wind: str = "E",
        seed: int | str | None = None,
        rng: random.Random | None = None,
    ) -> Table:
        """Shuffle the tiles (136, or 80 for two players) and deal 13 each, 14 to the dealer."""
        if round_wind not in WIND_ORDER:
            raise ValueError(f"round_wind must be one of E, S, W, N, not {round_wind!r}")
        rng = rng if rng is not None else random.Random(seed)
        tiles = wall(rules)
        rng.shuffle(tiles)
        concealed, rest, fourteenth = deal_tiles(tiles, rules.players, dealer)
        return cls(
            wall=rest,
            concealed=concealed,
            melds=[[] for _ in range(rules.players)],
            dealer=dealer,
            turn=dealer,
            drawn=fourteenth,
            rules=rules,
            round_wind=round_wind,
            net=[0] * rules.players,
        )

    @classmethod
    def tile_set(cls, rules: Any) -> list[Tile]:
        return wall(rules if rules is not None else Rules())

    def seat_wind(self, seat: int) -> str:
        return seat_wind(seat, dealer=self.dealer, players=self.players)

    # -- what Hong Kong decides --

    def score_win(
        self, seat: int, tile: Tile, *, from_discard: bool, robbing: bool = False
    ) -> Score:
        concealed = list(self.concealed[seat])
        if from_discard or robbing:
            concealed.append(tile)
        drawn = not from_discard and not robbing
        first_discard = len(self.discards) == 1 and not any(self.melds)
        return score(
            Hand(tuple(concealed), tuple(self.melds[seat])),
            win=tile,
            self_drawn=drawn,
            seat_wind=self.seat_wind(seat),
            round_wind=self.round_wind,
            robbing_kong=robbing,
            kong_replacement=drawn and self.drawn_after_kong,
            last_tile=drawn and self.last_draw_emptied_wall,
            heavenly=drawn and seat == self.dealer and self.turns == 0 and not self.discards,
            earthly=from_discard and first_discard and self.discards[0][1] == self.dealer,
            consecutive_kongs=drawn and self.drawn_after_kong and self.kongs_in_a_row >= 2,
            rules=self.rules,
        )

    def completes(
        self, seat: int, tile: Tile, *, taken: bool = True, robbing: bool = False
    ) -> bool:
        """Would ``tile`` give ``seat`` a legal win: complete, and at least the minimum fan?"""
        counts = counts_of(self.concealed[seat])
        if taken:
            counts[tile.index] += 1
        if not is_complete(counts, FORMS):
            return False
        return self.score_win(seat, tile, from_discard=taken and not robbing, robbing=robbing).wins

    def chows(self, seat: int, tile: Tile, discarder: int) -> list[Tile]:
        """Chows only from the player on one's left: the discarder just before in turn order."""
        if seat != (discarder + 1) % self.players or tile.is_honour:
            return []
        held = self.concealed[seat]
        starts = []
        for first in range(tile.number - 2, tile.number + 1):
            if 1 <= first <= 7:
                run = [TILES[tile.index - tile.number + first + k] for k in range(3)]
                run.remove(tile)
                if all(t in held for t in run) and (run[0] != run[1] or held.count(run[0]) >= 2):
                    starts.append(TILES[tile.index - tile.number + first])
        return starts

    def record_meld(self, seat: int, meld: Meld, discarder: int) -> None:
        """Pao (§3.3): the claim that makes a fourth exposed group or a third dragon group."""
        exposed = [m for m in self.melds[seat] if not m.concealed]
        dragons = [m for m in self.melds[seat] if m.is_pung_or_kong and m.first.index in DRAGONS]
        if len(exposed) == 4:
            self.liabilities[seat] = Liability(seat, discarder, "fourth exposed group")
        elif meld.is_pung_or_kong and meld.first.index in DRAGONS and len(dragons) == 3:
            self.liabilities[seat] = Liability(seat, discarder, "third dragon group")

    def record_wins(
        self, winners: list[int], tile: Tile, discarder: int | None, *, robbing: bool
    ) -> None:
        seat = winners[0]  # head bump: the first in turn order after the discarder
        result = self.score_win(
            seat, tile, from_discard=discarder is not None and not robbing, robbing=robbing
        )
        self.wins.append(Win(seat, discarder, result))
        pao = self.liabilities.get(seat)
        self.net = payout(
            result.fan,
            winner=seat,
            discarder=discarder,
            liable=pao.liable if pao and self.rules.pao else None,
            rules=self.rules,
        )
        self.phase, self.ended_by = "over", "win"

    def view(self, seat: int) -> SeatView:
        return SeatView(self, seat)

    def play(self, bots: Sequence[Callable[[SeatView], Any]]) -> list[int]:
        """Let one bot per seat play the deal out; returns each seat's net."""
        self.run(bots)
        return self.net

    def to_frame(self) -> pd.DataFrame:
        """One row per seat: wind, hand, melds, and net."""
        import pandas as pd

        return pd.DataFrame(
            {
                "wind": [self.seat_wind(s) for s in range(self.players)],
                "hand": [self.hand(s).notation() for s in range(self.players)],
                "net": self.net,
            },
            index=pd.Index(range(self.players), name="seat"),
        )


class SeatView(TableView):
    """What one seat may see, plus its seat and the round wind."""

    __slots__ = ()

    @property
    def table(self) -> Table:
        table = self._table
        assert isinstance(table, Table)
        return table

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def seat_wind(self) -> str:
        return self.table.seat_wind(self.seat)

    @property
    def round_wind(self) -> str:
        return self.table.round_wind
