"""What one seat of a mahjong deal may know, sealed in a frozen value.

:meth:`MahjongTable.view` builds an :class:`Observation` for a seat: its own
concealed tiles and drawn tile, everything public (melds, discards, wins, the
wall's size, whose decision it is, the claim in progress, the flags the scoring
reads, the ledger) and the answers a bot asks (can it win, pung, kong, chow,
which kongs it may declare, its legal actions), worked out when the view is made.
It keeps no reference to the table: changing the table later leaves it as it was.
What it does not hold is the hidden part of the deal: the other seats' concealed
tiles, who drew which tile, and the wall's contents and order.
:func:`kit.mahjong.world.sample_world` deals that part at random.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self

from kit.mahjong.actions import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    Discard,
    Hu,
    Kong,
    Pass,
    Phase,
    Pung,
    Win,
)
from kit.mahjong.tiles import TILES, Hand, Meld, Tile

if TYPE_CHECKING:
    from kit.mahjong.table import MahjongTable

__all__ = ["Observation"]


@dataclass(frozen=True, kw_only=True)
class Observation:
    """What one seat may see: its hand, everyone's melds and discards, the public state."""

    seat: int
    rules: Any
    phase: Phase
    dealer: int
    turn: int
    """The seat whose turn it is (to discard, or the last to have discarded during a claim)."""
    concealed: tuple[Tile, ...]
    """This seat's concealed tiles, in tile order."""
    all_melds: tuple[tuple[Meld, ...], ...]
    """Every seat's melds, concealed kongs included (they lie on the table as kongs)."""
    discards: tuple[tuple[Tile, int], ...]
    """The discard pile, oldest first: (tile, the seat that threw it)."""
    hand_sizes: tuple[int, ...]
    """How many concealed tiles each seat holds."""
    wall_size: int
    drawn: Tile | None
    """The tile this seat just drew, on its own turn (None otherwise, or after a claim)."""
    turn_has_drawn: bool
    """The turn player holds a tile it just drew (not after a claimed group): public,
    though the tile is not."""
    robbed: tuple[int, Tile] | None
    """During ``rob``: who is adding which tile to a pung."""
    claimants: tuple[int, ...]
    """During a claim or a rob: the seats asked, in turn order."""
    answers: tuple[tuple[int, Action], ...]
    """The answers given so far in the claim or rob, by seat."""
    to_move: tuple[int, ...]
    """The seats that must still decide now."""
    in_play: tuple[int, ...]
    """The seats still playing."""
    wins: tuple[Win[Any], ...]
    history: tuple[Any, ...]
    """The public actions so far, in order."""
    history_length: int
    """How many actions were applied so far (hidden ones included)."""
    turns: int
    """Tiles drawn so far, replacements included."""
    ended_by: str | None
    drawn_after_kong: bool
    kongs_in_a_row: int
    discard_after_kong: bool
    last_draw_emptied_wall: bool
    chance: str
    """The deal's seed as a seat may see it (:func:`kit.sim.chance_key`): it seeds
    random bots' decisions, and cannot be turned back into the deal."""
    ledger: Any = field(compare=False, repr=False)
    """A copy of the deal's payments so far (the table's own stays with the table)."""
    win_ready: bool
    """This seat may declare a win now (on its draw, the discard, or a kong being added)."""
    claim_pung: bool
    claim_kong: bool
    chow_starts: tuple[Tile, ...]
    """First tiles of the chows this seat may make with the discard."""
    kongs: tuple[ConcealedKong | AddedKong, ...]
    """The kongs this seat may declare on its turn now, in tile order."""

    ENGINE: ClassVar[type[MahjongTable[Any]] | None] = None
    """The game's table class, which :func:`~kit.mahjong.world.sample_world` rebuilds."""

    @classmethod
    def sealed(cls, fields: dict[str, Any]) -> Self:
        """A view of these ``fields`` (every field, by name), made without the checks of
        ``__init__``: a table makes one for every move, so it must be cheap."""
        view = object.__new__(cls)
        view.__dict__.update(fields)
        return view

    def world_fields(self, rng: random.Random) -> dict[str, Any]:
        """A game's own table fields for a world rebuilt from this view (its voids, its winds),
        the hidden ones drawn from ``rng``."""
        return {}

    # -- what bots and coaches ask --

    @property
    def hand(self) -> Hand:
        return Hand(self.concealed, self.melds)

    @property
    def melds(self) -> tuple[Meld, ...]:
        """This seat's own melds."""
        return self.all_melds[self.seat]

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that have won so far, in the order they won."""
        return tuple(win.seat for win in self.wins)

    @property
    def claimed_tile(self) -> Tile | None:
        """The tile on offer in a claim or a rob."""
        if self.phase == "rob" and self.robbed is not None:
            return self.robbed[1]
        if self.phase == "claim":
            return self.discards[-1][0]
        return None

    @property
    def decision_seed(self) -> str:
        """The deal's chance key, the actions applied so far and the seat: what random bots
        draw from."""
        return f"{self.chance}:{self.history_length}:{self.seat}"

    def can_win(self) -> bool:
        """Can this seat declare a win now (on its draw, the discard, or a kong being added)?"""
        return self.win_ready

    def can_pung(self) -> bool:
        return self.claim_pung

    def can_kong(self) -> bool:
        return self.claim_kong

    def chows(self) -> list[Tile]:
        """First tiles of the chows this seat may make with the discard."""
        return list(self.chow_starts)

    def can_concealed_kong(self, tile: Tile) -> bool:
        return ConcealedKong(self.seat, tile) in self.kongs

    def can_added_kong(self, tile: Tile) -> bool:
        return AddedKong(self.seat, tile) in self.kongs

    def kong_to_declare(self) -> ConcealedKong | AddedKong | None:
        """A concealed or added kong this seat may declare on its turn now, if any."""
        return self.kongs[0] if self.kongs else None

    def legal_actions(self) -> list[Any]:
        """This seat's legal actions now, in the table's order."""
        seat = self.seat
        if seat not in self.to_move:
            return []
        if self.phase == "discard":
            return [
                *(Discard(seat, t) for t in sorted(set(self.concealed))),
                *([Hu(seat)] if self.win_ready else []),
                *(k for k in self.kongs if isinstance(k, ConcealedKong)),
                *(k for k in self.kongs if isinstance(k, AddedKong)),
            ]
        if self.phase == "rob":
            return [*([Hu(seat)] if self.win_ready else []), Pass(seat)]
        if self.phase == "claim":
            tile = self.discards[-1][0]
            starts = [TILES[tile.index - k] for k in range(3) if 0 <= tile.index - k < 27]
            return [
                *([Hu(seat)] if self.win_ready else []),
                *([Kong(seat)] if self.claim_kong else []),
                *([Pung(seat)] if self.claim_pung else []),
                *(Chow(seat, t) for t in starts if t in self.chow_starts),
                Pass(seat),
            ]
        return []
