"""The Hong Kong deal engine: claims, kongs, the 3-fan minimum and pao (see the
Hong Kong rules: reference/hongkong.md).

The moves both mahjong games share live in :mod:`kit.engine`; this module
decides what Hong Kong decides: a chow only from the player on one's left,
a win only at the minimum fan, pao liability, one winner per deal, and the
two-player 80-tile table. A deal's money is a
:class:`~kit.hongkong.payout.Ledger`; :meth:`Table.liable_for` says who pays
a seat's win under pao.

>>> table = Table.deal(seed=3)
>>> table.phase, table.turn, len(table.wall), table.seat_wind(0)
('discard', 0, 83, 'E')
>>> table.apply(Chow(1, Tile.parse("1m")))
Traceback (most recent call last):
...
kit.errors.IllegalAction: seat 1 chows 123m is illegal: on its turn a player discards, declares a kong, or wins (seat 0 to discard, 83 tiles in the wall)

Reading choices (the rules leave them open; a careful player would expect these; see
reference/hongkong.md#readings):

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

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from kit.conditions import WinConditions
from kit.engine import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    DealResult,
    Discard,
    Hu,
    IllegalAction,
    Kong,
    MahjongTable,
    Pass,
    Pung,
    TableView,
    Win,
)
from kit.hands import is_complete
from kit.hongkong.fan import DRAGONS, Score, score
from kit.hongkong.payout import Ledger, tile_set
from kit.hongkong.rules import FORMS, Rules
from kit.tiles import TILES, WINDS, Hand, Meld, Tile, TileSet, counts_of

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Action",
    "AddedKong",
    "Chow",
    "ConcealedKong",
    "DealResult",
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


def seat_wind(seat: int, *, dealer: int = 0, players: int = 4) -> str:
    """A seat's wind: the dealer is East, then South, West and North in turn order.

    >>> [seat_wind(s, dealer=1) for s in range(4)], seat_wind(1, players=2)
    (['N', 'E', 'S', 'W'], 'S')
    """
    return WINDS[(seat - dealer) % players]


@dataclass(frozen=True)
class Liability:
    """Pao: ``liable`` fed ``seat`` the claim that made its fourth exposed or third dragon group."""

    seat: int
    liable: int
    reason: str


@dataclass(eq=False)
class Table(MahjongTable[Score]):
    """One Hong Kong deal in progress. Build with :meth:`deal` (136 tiles, or 80 for two
    players); ``Table.deal(round_wind="S")`` deals in the South round."""

    rules: Rules = Rules()
    round_wind: str = "E"
    liabilities: dict[int, Liability] = field(default_factory=dict)
    """Pao noted, by the seat that would win (a later one replaces an earlier one); whether
    it counts is :meth:`liable_for`'s answer, which reads ``rules.pao``."""
    ledger: Ledger = field(default_factory=Ledger)
    """The deal's payments, with their reasons (none on a draw)."""

    RULES: ClassVar[type[Rules]] = Rules

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be a kit.hongkong.Rules value, not {self.rules!r}")
        if self.round_wind not in WINDS:
            raise ValueError(
                f"round_wind must be one of {', '.join(WINDS)}, not {self.round_wind!r}"
            )
        if self.ledger.rules != self.rules:
            if self.ledger.transfers:
                raise ValueError("the ledger was kept under other rules than the table's")
            self.ledger = Ledger(self.rules)  # one Rules value for the table and its money

    @classmethod
    def tile_set(cls, rules: Any) -> TileSet:
        return tile_set(rules)

    @classmethod
    def seats(cls, rules: Any) -> int:
        return int(rules.players)

    @property
    def net(self) -> list[int]:
        """Each seat's payment once the deal is over (all zero on a draw), from the ledger."""
        return self.ledger.net

    def liable_for(self, seat: int) -> int | None:
        """The seat that pays all of ``seat``'s win under pao, or None.

        None when no claim made anyone liable, or when the rules switch pao off.
        """
        pao = self.liabilities.get(seat)
        return pao.liable if pao is not None and self.rules.pao else None

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
        heavenly, earthly = self._heavenly_or_earthly(seat, drawn=drawn, robbing=robbing)
        conditions = WinConditions(
            self_drawn=drawn,
            robbing_kong=robbing,
            kong_replacement=drawn and self.drawn_after_kong,
            last_tile=drawn and self.last_draw_emptied_wall,
            heavenly=heavenly,
            earthly=earthly,
            consecutive_kongs=drawn and self.drawn_after_kong and self.kongs_in_a_row >= 2,
        )
        return score(
            Hand(tuple(concealed), tuple(self.melds[seat])),
            win=tile,
            conditions=conditions,
            seat_wind=self.seat_wind(seat),
            round_wind=self.round_wind,
            rules=self.rules,
        )

    def _heavenly_or_earthly(self, seat: int, *, drawn: bool, robbing: bool) -> tuple[bool, bool]:
        """(heavenly, earthly): the dealer's win on its dealt tiles, or a win on the
        dealer's first discard; either only before any meld."""
        if any(self.melds) or robbing:
            return False, False
        if drawn:
            return seat == self.dealer and self.turns == 0 and not self.discards, False
        return False, len(self.discards) == 1 and self.discards[0][1] == self.dealer

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
        """Pao
        (reference/hongkong.md#pao): the claim that makes a fourth exposed group or a third
        dragon group."""
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
        self.ledger.win(seat, fan=result.fan, discarder=discarder, liable=self.liable_for(seat))
        self.phase, self.ended_by = "over", "win"

    def view(self, seat: int) -> SeatView:
        return SeatView(self, seat)

    def play(self, bots: Sequence[Callable[[SeatView], Any]]) -> DealResult[Score]:
        """Let one bot per seat play the deal out from here: its win, end and ledger."""
        self.run(bots)
        return DealResult(tuple(self.wins), self.ended_by, self.ledger)

    def seat_note(self, seat: int) -> str:
        return f"{self.seat_wind(seat)} wind"

    def _repr_html_(self) -> str:
        from kit.render import table_html

        return table_html(self)

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

    @property
    def drawn(self) -> Tile | None:
        """The tile this seat just drew, on its own turn (None otherwise, or after a claim)."""
        table = self.table
        if table.phase == "discard" and table.turn == self.seat:
            return table.drawn
        return None

    @property
    def visible(self) -> list[Tile]:
        """Every tile in view that is not this seat's own: all discards, the other seats'
        melds, and a tile being added to a pung (which the others may rob)."""
        table = self.table
        seen = [tile for tile, _ in table.discards]
        for seat, melds in enumerate(table.melds):
            if seat != self.seat:
                seen += [tile for meld in melds for tile in meld.tiles]
        if table.phase == "rob" and table.robbed is not None and table.robbed[0] != self.seat:
            seen.append(table.robbed[1])
        return seen

    def win_score(self) -> Score | None:
        """The score of the win this seat could declare now (on its draw, the discard or a
        robbed kong), or None when it has no complete hand to score."""
        table = self.table
        if not self.can_win():
            return None
        if table.phase == "discard":
            assert table.drawn is not None
            return table.score_win(self.seat, table.drawn, from_discard=False)
        tile = self.claimed_tile
        assert tile is not None
        robbing = table.phase == "rob"
        return table.score_win(self.seat, tile, from_discard=not robbing, robbing=robbing)
