"""The Hong Kong deal engine: claims, kongs, the 3-fan minimum and pao (see the
Hong Kong rules: reference/hongkong.md).

The moves both mahjong games share live in :mod:`kit.mahjong.table`; this module
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

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from kit.errors import IllegalAction
from kit.hongkong.fan import DRAGONS, Score, score
from kit.hongkong.payout import Ledger, tile_set
from kit.hongkong.rules import FORMS, Rules
from kit.mahjong.actions import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    DealResult,
    Discard,
    Hu,
    Kong,
    Pass,
    Pung,
    Win,
)
from kit.mahjong.conditions import WinConditions
from kit.mahjong.copying import fresh
from kit.mahjong.hands import is_complete
from kit.mahjong.observation import Observation
from kit.mahjong.table import MahjongTable
from kit.mahjong.tiles import TILES, WINDS, Meld, Tile, TileSet, counts_of
from kit.mahjong.winning import heavenly_or_earthly, winning_hand

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
    "pao_of",
    "seat_wind",
]


def seat_wind(seat: int, *, dealer: int = 0, players: int = 4) -> str:
    """A seat's wind: the dealer is East, then South, West and North in turn order.

    >>> [seat_wind(s, dealer=1) for s in range(4)], seat_wind(1, players=2)
    (['N', 'E', 'S', 'W'], 'S')
    """
    return WINDS[(seat - dealer) % players]


def pao_of(melds: Sequence[Meld], claimed: Meld) -> str | None:
    """The pao a claim makes (reference/hongkong.md#pao): "fourth exposed group" or "third
    dragon group", or None. ``melds`` are the claimer's melds with ``claimed`` among them.

    >>> from kit.mahjong.tiles import Hand, MeldKind
    >>> pao_of(Hand.parse("[111p][456s][789s][555z]").melds, Meld(MeldKind.PUNG, Tile.parse("5z")))
    'fourth exposed group'
    >>> pao_of(Hand.parse("[555z][666z][777z]").melds, Meld(MeldKind.PUNG, Tile.parse("7z")))
    'third dragon group'
    """
    exposed = [m for m in melds if not m.concealed]
    dragons = [m for m in melds if m.is_pung_or_kong and m.first.index in DRAGONS]
    if len(exposed) == 4:
        return "fourth exposed group"
    if claimed.is_pung_or_kong and claimed.first.index in DRAGONS and len(dragons) == 3:
        return "third dragon group"
    return None


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
        drawn = not from_discard and not robbing
        heavenly, earthly = heavenly_or_earthly(self, seat, drawn=drawn, robbing=robbing)
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
            winning_hand(self, seat, tile, taken=not drawn),
            win=tile,
            conditions=conditions,
            seat_wind=self.seat_wind(seat),
            round_wind=self.round_wind,
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
        """Pao (reference/hongkong.md#pao), when the claim of ``meld`` makes it."""
        reason = pao_of(self.melds[seat], meld)
        if reason is not None:
            self.liabilities[seat] = Liability(seat, discarder, reason)

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
        """What ``seat`` may see, sealed, with the winds and the score of a win it could take."""
        fields = self.observed(seat)
        seat = fields["seat"]
        winning: Score | None = None
        if fields["win_ready"]:
            if self.phase == "discard":
                assert self.drawn is not None
                winning = self.score_win(seat, self.drawn, from_discard=False)
            else:
                robbing = self.phase == "rob"
                tile = self.robbed[1] if self.robbed is not None else self.discards[-1][0]
                winning = self.score_win(seat, tile, from_discard=not robbing, robbing=robbing)
        fields["round_wind"] = self.round_wind
        fields["seat_winds"] = tuple(self.seat_wind(s) for s in range(self.players))
        fields["liabilities"] = tuple(sorted(self.liabilities.items()))
        fields["winning_score"] = winning
        return SeatView.sealed(fields)

    def clone_fields(self, twin: Table) -> None:
        twin.liabilities = dict(self.liabilities)
        twin.ledger = fresh(self.ledger)

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


@dataclass(frozen=True, kw_only=True)
class SeatView(Observation):
    """What one seat may see, plus every seat's wind and the round wind."""

    rules: Rules
    round_wind: str
    seat_winds: tuple[str, ...]
    """Each seat's wind, by seat."""
    liabilities: tuple[tuple[int, Liability], ...]
    """Pao noted so far, by the seat that would win (public: it follows from the claims)."""
    winning_score: Score | None
    """The score of the win this seat could declare now, if it has one."""

    ENGINE: ClassVar[type[Table]] = Table

    @property
    def seat_wind(self) -> str:
        return self.seat_winds[self.seat]

    def world_fields(self, rng: random.Random) -> dict[str, Any]:
        return {"round_wind": self.round_wind, "liabilities": dict(self.liabilities)}

    @property
    def visible(self) -> list[Tile]:
        """Every tile in view that is not this seat's own: all discards, the other seats'
        melds, and a tile being added to a pung (which the others may rob)."""
        seen = [tile for tile, _ in self.discards]
        for seat, melds in enumerate(self.all_melds):
            if seat != self.seat:
                seen += [tile for meld in melds for tile in meld.tiles]
        if self.phase == "rob" and self.robbed is not None and self.robbed[0] != self.seat:
            seen.append(self.robbed[1])
        return seen

    def win_score(self) -> Score | None:
        """The score of the win this seat could declare now (on its draw, the discard or a
        robbed kong), or None when it has no complete hand to score."""
        return self.winning_score
