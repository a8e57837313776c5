"""The Sichuan blood-battle deal engine (see the Sichuan rules: reference/sichuan.md).

A :class:`Table` holds the wall, the four hands and whose decision it is. It
lists the legal actions, applies one at a time, and raises
:class:`IllegalAction` (naming the action and the state) for anything else.
Every payment goes into the table's :class:`~kit.sichuan.settle.Ledger`.
The moves both mahjong games share live in :mod:`kit.mahjong.table`.

>>> table = Table.deal(seed=1)
>>> table.phase, table.to_move()
('void', [0, 1, 2, 3])
>>> table.apply(Discard(0, Tile.parse("1m")))
Traceback (most recent call last):
...
kit.errors.IllegalAction: seat 0 discards 1m is illegal: every player names a void suit first (void choice, 55 tiles in the wall)

Phases: ``"void"`` (each player names a void suit, 定缺, in any order), then
the shared ``"discard"``, ``"claim"``, ``"rob"`` and ``"over"`` of
:mod:`kit.mahjong.table`. Every win on a discard counts: several players may win on
one tile (一炮多响). The deal is over when three players have won or the wall
is empty.

Reading choices (the rules leave them open; a careful player would expect these; see
reference/sichuan.md#readings):

- Seat ``dealer`` (0 unless given) receives 14 tiles and starts.
- With the heavenly/earthly option, a heavenly hand is the dealer's win on
  its dealt tiles, an earthly hand a win on the dealer's first discard.
- After a win on a discard, play continues with the next player still in the
  game after the winner; with several winners, after the one furthest from
  the discarder in turn order.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from kit.errors import IllegalAction
from kit.mahjong.actions import Action as EngineAction
from kit.mahjong.actions import (
    AddedKong,
    ConcealedKong,
    DealResult,
    Discard,
    Hu,
    Kong,
    Pass,
    Phase,
    Pung,
    Win,
)
from kit.mahjong.conditions import WinConditions
from kit.mahjong.copying import fresh
from kit.mahjong.hands import is_complete
from kit.mahjong.observation import Observation
from kit.mahjong.table import MahjongTable
from kit.mahjong.tiles import SUITS, KongKind, Tile, TileSet, counts_of
from kit.mahjong.winning import KongState, heavenly_or_earthly, winning_hand
from kit.sichuan.fan import Score, score
from kit.sichuan.rules import FORMS, PLAYERS, SICHUAN_TILES, Rules
from kit.sichuan.settle import Ledger

__all__ = [
    "WALL",
    "Action",
    "AddedKong",
    "ChooseVoid",
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
    "win_conditions",
]

WALL: tuple[Tile, ...] = tuple(SICHUAN_TILES.wall())
"""The 108 tiles (reference/sichuan.md#tiles)."""


def win_conditions(
    state: KongState, seat: int, *, from_discard: bool, robbing: bool = False
) -> WinConditions:
    """How ``seat``'s win now came, as Sichuan scores it: self-drawn or not, on a kong's
    replacement tile, on a discard made right after a kong, by robbing a kong, on the last
    tile (or the discard after it), heavenly or earthly. ``state`` is the table, or the
    seat's own view: all of it is public, so the coach reads it as the table does."""
    drawn = not from_discard and not robbing
    heavenly, earthly = heavenly_or_earthly(state, seat, drawn=drawn, robbing=robbing)
    return WinConditions(
        self_drawn=drawn,
        kong_replacement=drawn and state.drawn_after_kong,
        shot_after_kong=from_discard and state.discard_after_kong,
        robbing_kong=robbing,
        last_tile=state.last_draw_emptied_wall and not robbing,
        heavenly=heavenly,
        earthly=earthly,
    )


# --- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ChooseVoid:
    """Name the void suit (定缺) at the start of the deal."""

    seat: int
    suit: str

    def __str__(self) -> str:
        return f"seat {self.seat} names {self.suit} void"


Action = ChooseVoid | EngineAction


# --- the table -----------------------------------------------------------------------------


@dataclass(eq=False)
class Table(MahjongTable[Score]):
    """One blood-battle deal in progress. Build with :meth:`deal`
    (the 108 tiles, reference/sichuan.md#tiles)."""

    rules: Rules = Rules()
    voids: list[str | None] = field(default_factory=lambda: [None] * PLAYERS)
    phase: Phase = "void"
    ledger: Ledger = field(default_factory=Ledger)

    EXTRA_ACTIONS: ClassVar[tuple[type, ...]] = (ChooseVoid,)
    RULES: ClassVar[type[Rules]] = Rules

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be a kit.sichuan.Rules value, not {self.rules!r}")
        if self.ledger.rules != self.rules:
            if self.ledger.events:
                raise ValueError("the ledger was kept under other rules than the table's")
            self.ledger = Ledger(self.rules)  # one Rules value for the table and its money

    # -- what blood battle decides --

    @classmethod
    def tile_set(cls, rules: Any) -> TileSet:
        return SICHUAN_TILES

    def in_play(self) -> list[int]:
        return self.ledger.in_play()

    def describe(self) -> str:
        if self.phase == "void":
            return f"void choice, {len(self.wall)} tiles in the wall"
        return super().describe()

    def to_move(self) -> list[int]:
        if self.phase == "void":
            return [seat for seat in range(PLAYERS) if self.voids[seat] is None]
        return super().to_move()

    def score_win(
        self, seat: int, tile: Tile, *, from_discard: bool, robbing: bool = False
    ) -> Score:
        hand = winning_hand(self, seat, tile, taken=from_discard or robbing)
        conditions = win_conditions(self, seat, from_discard=from_discard, robbing=robbing)
        return score(hand, win=tile, void=self.voids[seat], conditions=conditions, rules=self.rules)

    def completes(
        self, seat: int, tile: Tile, *, taken: bool = True, robbing: bool = False
    ) -> bool:
        """Would ``tile`` give ``seat`` a winning hand? Fast: no scoring, just the tables.

        ``taken`` adds the tile to the hand (a discard or a robbed kong); without
        it the tile is already in the hand (a self-draw). Any complete hand
        without a void-suit tile wins in Sichuan.
        """
        void = self.voids[seat]
        concealed = self.concealed[seat]
        if tile.suit == void or any(t.suit == void for t in concealed):
            return False
        if any(m.first.suit == void for m in self.melds[seat]):
            return False
        counts = counts_of(concealed)
        if taken:
            counts[tile.index] += 1
        return is_complete(counts, FORMS)

    def meld_problem(self, seat: int, tile: Tile) -> str | None:
        if tile.suit == self.voids[seat]:
            return f"{tile} is of seat {seat}'s void suit"
        return None

    def record_kong(self, seat: int, kind: KongKind, discarder: int | None) -> None:
        self.ledger.kong(seat, kind, discarder)

    def record_wins(
        self, winners: list[int], tile: Tile, discarder: int | None, *, robbing: bool
    ) -> None:
        for seat in winners:
            result = self.score_win(
                seat, tile, from_discard=discarder is not None and not robbing, robbing=robbing
            )
            self.wins.append(Win(seat, discarder, result))
            self.ledger.win(
                seat,
                fan=result.fan,
                discarder=discarder,
                shot_after_kong=discarder is not None and not robbing and self.discard_after_kong,
            )
        if len(self.ledger.won) >= PLAYERS - 1:
            self.phase, self.ended_by = "over", "three-wins"
        else:
            self.next_draw(winners[-1])

    def wall_empty(self) -> None:
        playing = self.in_play()
        self.ledger.wall_empty(
            {s: self.hand(s) for s in playing},
            {s: self.voids[s] or "m" for s in playing},
        )
        super().wall_empty()

    # -- the void choice --

    def phase_problem(self, action: Any) -> str | None:
        if self.phase == "void":
            if not isinstance(action, ChooseVoid):
                return "every player names a void suit first"
            if self.voids[action.seat] is not None:
                return f"seat {action.seat} has already named {self.voids[action.seat]} void"
            if action.suit not in SUITS:
                return f"the void is a suit m, p or s, not {action.suit!r}"
            return None
        if isinstance(action, ChooseVoid):
            return "voids are named at the start of the deal"
        return super().phase_problem(action)

    def candidates(self, seat: int) -> list[Any]:
        if self.phase == "void":
            return [ChooseVoid(seat, suit) for suit in SUITS]
        return super().candidates(seat)

    def apply_special(self, action: Any) -> bool:
        if not isinstance(action, ChooseVoid):
            return False
        self.voids[action.seat] = action.suit
        if all(v is not None for v in self.voids):
            self.phase = "discard"
        return True

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see, sealed; other seats' voids show once all are named."""
        fields = self.observed(seat)
        voids = self.voids
        if self.phase == "void":
            voids = [v if s == fields["seat"] else None for s, v in enumerate(voids)]
        fields["voids"] = tuple(voids)
        return SeatView.sealed(fields)

    def public_history(self, seat: int) -> tuple[Any, ...]:
        """During the void choice the others' choices are secret: only this seat's shows."""
        if self.phase != "void":
            return tuple(self.history)
        return tuple(a for a in self.history if not isinstance(a, ChooseVoid) or a.seat == seat)

    def clone_fields(self, twin: Table) -> None:
        twin.voids = self.voids[:]
        twin.ledger = fresh(self.ledger)

    def seat_note(self, seat: int) -> str:
        void = self.voids[seat]
        return f"void {void}" if void else "no void yet"

    def play(self, bots: Sequence[Callable[[SeatView], Any]]) -> DealResult[Score]:
        """Let one bot per seat play the deal out from here: its wins, end and ledger."""
        self.run(bots)
        return DealResult(tuple(self.wins), self.ended_by, self.ledger)


@dataclass(frozen=True, kw_only=True)
class SeatView(Observation):
    """What one seat may see: its hand and void, everyone's melds and discards, the wall size."""

    rules: Rules
    voids: tuple[str | None, ...]
    """Every seat's void, shown once all have named theirs (before that, only this seat's)."""

    ENGINE: ClassVar[type[Table]] = Table

    @property
    def void(self) -> str | None:
        return self.voids[self.seat]

    def world_fields(self, rng: random.Random) -> dict[str, Any]:
        """During the void choice the voids others have named are secret: drawn at random."""
        if self.phase != "void":
            return {"voids": list(self.voids)}
        voids = [
            v if s == self.seat or s in self.to_move else rng.choice(SUITS)
            for s, v in enumerate(self.voids)
        ]
        named = [ChooseVoid(s, v) for s, v in enumerate(voids) if s != self.seat and v]
        return {"voids": voids, "history": [*named, *self.history]}

    @property
    def has_decision(self) -> bool:
        """Is this seat to act now (its turn, a claim it may answer, or its void to name)?"""
        return self.seat in self.to_move

    @property
    def is_turn(self) -> bool:
        """Is it this seat's turn to discard (or win, or declare a kong)?"""
        return self.phase == "discard" and self.turn == self.seat

    def legal_actions(self) -> list[Any]:
        if self.phase == "void":
            return [ChooseVoid(self.seat, suit) for suit in SUITS] if self.void is None else []
        return Observation.legal_actions(self)
