"""The mahjong table machinery both mahjong games share: dealing, turns, claims, kongs, replacements.

A game module subclasses :class:`MahjongTable`, names its tiles (a
:class:`~kit.tiles.TileSet`) and its ``Rules``, and fills in what its rules
decide: who is still playing, what wins, how a win or a kong is paid, what a
player may claim, and how the deal ends. The shared engine lists the legal
actions, applies one at a time, and raises :class:`IllegalAction` (naming the
action and the state) for anything else. :meth:`MahjongTable.deal` shuffles
and deals for both games; :meth:`MahjongTable.play` lets bots play the deal out
and returns a :class:`DealResult`.

Phases
------
``"discard"``   ``turn`` holds 14 tiles (kongs as three): discard, declare a
                concealed or added kong, or win on its own draw;
``"claim"``     the players who can use the last discard answer in turn
                order: win, kong, pung, chow (where allowed) or pass. A win
                beats a kong or pung, which beats a chow;
``"rob"``       a player added a tile to a pung: the others may win on it
                (robbing the kong) or pass;
``"over"``      the deal has ended.

Reading choices shared by both games (the rules leave them open; see reference/sichuan.md#readings
and reference/hongkong.md#readings):

- The kong replacement tile comes from the far end of the same wall, so it
  also counts toward the wall running out.
- No group is claimed from a discard once the wall is empty: the deal ends
  after the last discard unless someone wins on it.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Literal, Protocol, Self, TypeVar

from kit.errors import IllegalAction
from kit.tiles import TILES, Hand, KongKind, Meld, MeldKind, Tile, TileSet

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
    "MahjongTable",
    "Pass",
    "Pung",
    "TableView",
    "Win",
]

Phase = Literal["void", "discard", "claim", "rob", "over"]


# --- actions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    tile: Tile

    def __str__(self) -> str:
        return f"seat {self.seat} discards {self.tile}"


@dataclass(frozen=True, slots=True)
class Hu:
    """Win: on one's own draw, on the last discard, or by robbing a kong."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} declares a win"


@dataclass(frozen=True, slots=True)
class Pung:
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} pungs"


@dataclass(frozen=True, slots=True)
class Kong:
    """An exposed kong on the last discard."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} kongs the discard"


@dataclass(frozen=True, slots=True)
class Chow:
    """A chow on the last discard, starting at ``first`` (Hong Kong only)."""

    seat: int
    first: Tile

    def __str__(self) -> str:
        run = "".join(str(self.first.number + step) for step in range(3))
        return f"seat {self.seat} chows {run}{self.first.suit}"


@dataclass(frozen=True, slots=True)
class ConcealedKong:
    seat: int
    tile: Tile

    def __str__(self) -> str:
        return f"seat {self.seat} declares a concealed kong of {self.tile}"


@dataclass(frozen=True, slots=True)
class AddedKong:
    seat: int
    tile: Tile

    def __str__(self) -> str:
        return f"seat {self.seat} adds {self.tile} to its pung"


@dataclass(frozen=True, slots=True)
class Pass:
    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


Action = Discard | Hu | Pung | Kong | Chow | ConcealedKong | AddedKong | Pass
TURN_ACTIONS = (Discard, Hu, ConcealedKong, AddedKong)
CLAIM_ACTIONS = (Hu, Kong, Pung, Chow, Pass)


class Scored(Protocol):
    """What the engine needs of a game's score: does it win, how many fan, and why not."""

    @property
    def wins(self) -> bool: ...

    @property
    def fan(self) -> int: ...

    @property
    def reason(self) -> str | None: ...


S = TypeVar("S", bound=Scored)


@dataclass(frozen=True)
class Win(Generic[S]):
    """One win of the deal, with its score (whose hand holds the winning tile).

    A tile won on a discard or a robbed kong stays on the discard pile, so that
    several players can win on one tile and the tiles still add up.
    """

    seat: int
    discarder: int | None
    score: S


class Money(Protocol):
    """What a game's ledger offers: each seat's balance, a frame of payments, a view."""

    @property
    def net(self) -> list[int]: ...

    def to_frame(self) -> pd.DataFrame: ...

    def _repr_html_(self) -> str: ...


@dataclass(frozen=True)
class DealResult(Generic[S]):
    """How a deal played out: its wins in order, how it ended, and its money.

    ``ended_by`` is the game's word for the end (``"three-wins"``, ``"win"`` or
    ``"wall-empty"``); ``ledger`` the game's record of payments with reasons.
    """

    wins: tuple[Win[S], ...]
    ended_by: str | None
    ledger: Money

    def __post_init__(self) -> None:
        if not isinstance(self.wins, tuple) or not all(isinstance(w, Win) for w in self.wins):
            raise TypeError(f"wins must be a tuple of Win values, not {self.wins!r}")
        if self.ended_by is not None and not isinstance(self.ended_by, str):
            raise TypeError(f"ended_by must be a string or None, not {self.ended_by!r}")
        if not all(hasattr(self.ledger, name) for name in ("net", "to_frame", "_repr_html_")):
            raise TypeError(f"ledger must be a game's Ledger, not {self.ledger!r}")

    @property
    def net(self) -> list[int]:
        """Each seat's balance at the end of the deal; always sums to zero."""
        return list(self.ledger.net)

    def to_frame(self) -> pd.DataFrame:
        """Every payment of the deal: payer, payee, amount, reason, event."""
        return self.ledger.to_frame()

    def describe(self) -> str:
        """The deal in one line: who won how, and how it ended."""
        wins = [
            f"seat {w.seat} won {w.score.fan} fan "
            + ("self-drawn" if w.discarder is None else f"on seat {w.discarder}'s tile")
            for w in self.wins
        ]
        ended = f"ended by {self.ended_by}" if self.ended_by else "not over"
        return "; ".join([*wins, ended])

    def _repr_html_(self) -> str:
        return f"<div class='kit-deal-result'><p>{escape(self.describe())}</p>{self.ledger._repr_html_()}</div>"


class _DefaultRules:
    """Stands for the game's default ``Rules()`` in :meth:`MahjongTable.deal`."""

    def __repr__(self) -> str:
        return "Rules()"


DEFAULT_RULES: Any = _DefaultRules()


def _seat_argument(name: str, value: object, players: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be a seat number 0-{players - 1}, not {value!r}")
    if not 0 <= value < players:
        raise ValueError(f"{name} must be a seat 0-{players - 1}, not {value}")
    return value


def deal_tiles(
    wall: list[Tile], players: int, dealer: int
) -> tuple[list[list[Tile]], list[Tile], Tile]:
    """13 tiles to each seat and a 14th to the dealer: (hands, rest of the wall, the 14th)."""
    _seat_argument("dealer", dealer, players)
    concealed = [sorted(wall[13 * seat : 13 * seat + 13]) for seat in range(players)]
    rest = wall[13 * players :]
    fourteenth = rest.pop()
    concealed[dealer].append(fourteenth)
    concealed[dealer].sort()
    return concealed, rest, fourteenth


# --- the table -----------------------------------------------------------------------------


@dataclass(eq=False)
class MahjongTable(Generic[S]):
    """The state every mahjong deal has, and the moves common to both games."""

    wall: list[Tile]
    """Tiles left to draw: normal draws from the end, kong replacements from the front."""
    concealed: list[list[Tile]]
    melds: list[list[Meld]]
    dealer: int = 0
    discards: list[tuple[Tile, int]] = field(default_factory=list)
    phase: Phase = "discard"
    turn: int = 0
    wins: list[Win[S]] = field(default_factory=list)
    history: list[Action | Any] = field(default_factory=list)
    turns: int = 0
    """Tiles drawn so far, replacements included."""
    ended_by: str | None = None
    drawn: Tile | None = None
    """The tile the turn player just drew (None after a claimed group)."""
    drawn_after_kong: bool = False
    """The turn player's last tile was a kong replacement."""
    kongs_in_a_row: int = 0
    """Kongs the turn player declared one right after the other before this draw."""
    discard_after_kong: bool = False
    """The last discard came right after its discarder's kong."""
    last_draw_emptied_wall: bool = False
    claimants: list[int] = field(default_factory=list)
    answers: dict[int, Action] = field(default_factory=dict)
    robbed: tuple[int, Tile] | None = None
    """During ``rob``: who is adding which tile to a pung."""
    seed: int | str | None = None
    """The seed the deal was shuffled with (for a deal from ``rng``, one drawn from it);
    bots that play at random read it through :attr:`TableView.decision_seed`."""

    RULES: ClassVar[type[Any]] = object
    """The game's ``Rules`` class."""

    # -- dealing --

    @classmethod
    def tile_set(cls, rules: Any) -> TileSet:
        """The game's tiles under ``rules`` (overridden: 108 tiles, 136, or 80)."""
        raise NotImplementedError

    @classmethod
    def seats(cls, rules: Any) -> int:
        """How many players ``rules`` seat (four unless a game says otherwise)."""
        return 4

    @classmethod
    def deal(
        cls,
        rules: Any = DEFAULT_RULES,
        *,
        dealer: int = 0,
        seed: int | str | None = None,
        rng: random.Random | None = None,
        **fields: Any,
    ) -> Self:
        """Shuffle the game's tiles and deal 13 to each seat, 14 to the dealer, who starts.

        Give a ``seed`` (the same seed, the same deal) or an ``rng`` to draw from;
        with neither, a fresh seed is drawn and kept in :attr:`seed`. ``fields``
        go to the table (Hong Kong's ``round_wind``).
        """
        if rules is DEFAULT_RULES:
            rules = cls.RULES()
        elif not isinstance(rules, cls.RULES):
            game = cls.RULES.__module__.rpartition(".")[0]  # kit.sichuan, not kit.sichuan.rules
            raise TypeError(f"rules must be a {game}.Rules value, not {rules!r}")
        players = cls.seats(rules)
        _seat_argument("dealer", dealer, players)
        if seed is not None and (not isinstance(seed, (int, str)) or isinstance(seed, bool)):
            raise TypeError(f"seed must be a whole number, a string or None, not {seed!r}")
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random or None, not {rng!r}")
        if seed is not None and rng is not None:
            raise TypeError("give a seed or an rng, not both")
        if rng is None:
            if seed is None:
                seed = f"{random.getrandbits(64):016x}"
            rng = random.Random(seed)
        wall = cls.tile_set(rules).wall()
        rng.shuffle(wall)
        if seed is None:
            seed = f"{rng.getrandbits(64):016x}"
        concealed, rest, fourteenth = deal_tiles(wall, players, dealer)
        fields["rules"] = rules  # every game's table has its rules
        return cls(
            wall=rest,
            concealed=concealed,
            melds=[[] for _ in range(players)],
            dealer=dealer,
            turn=dealer,
            drawn=fourteenth,
            seed=seed,
            **fields,
        )

    # -- setting up a deal by hand --

    @classmethod
    def arrange(
        cls,
        hands: Sequence[str | Hand],
        *,
        draws: str = "",
        replacements: str = "",
        discards: Sequence[tuple[str | Tile, int]] = (),
        turn: int = 0,
        dealer: int = 0,
        drawn: str | Tile | None = None,
        wall_size: int | None = None,
        **fields: Any,
    ) -> Self:
        """A deal in progress set up by hand, for lessons, tests and scenarios.

        ``hands`` are each seat's tiles in notation (the turn player's with 14);
        ``draws`` the next normal draws in order, ``replacements`` the next kong
        replacement tiles; every other tile of the set goes into the wall in tile
        order. With ``wall_size`` the wall is cut to that many tiles and the rest
        lie on the discard pile, thrown by the seat before ``turn`` (before the
        ``discards`` given). ``fields`` go to the table as they are (``rules``,
        ``voids``, ``phase`` …).

        >>> from kit.sichuan.game import Table
        >>> hands = ["123m456m789m11p234p", "5556667778889p", "1112223334445s", "1m"]
        >>> table = Table.arrange(hands, draws="5p", wall_size=10, voids=list("sssp"))
        >>> len(table.wall), len(table.discards), table.discards[0][1], table.tiles_in_play()
        (10, 57, 3, 108)
        >>> Table.arrange(["1z"])
        Traceback (most recent call last):
        ...
        ValueError: Sichuan mahjong has no honour tiles
        """
        parsed = [hand if isinstance(hand, Hand) else Hand.parse(hand) for hand in hands]
        upcoming = [Tile.parse(text) for text in draws.split()]
        front = [Tile.parse(text) for text in replacements.split()]
        thrown = [(Tile.parse(t) if isinstance(t, str) else t, seat) for t, seat in discards]
        placed = Counter(
            [t for hand in parsed for t in hand.all_tiles]
            + upcoming
            + front
            + [t for t, _ in thrown]
        )
        rules = fields.get("rules", DEFAULT_RULES)
        tiles = cls.tile_set(cls.RULES() if rules is DEFAULT_RULES else rules)
        full = Counter(tiles.wall())
        for tile in placed:
            why = tiles.missing(tile)
            if why:
                raise ValueError(why)
        extra = placed - full
        if extra:
            tile, count = next(iter(extra.items()))
            raise ValueError(f"the set has only {full[tile]} {tile}, {full[tile] + count} placed")
        rest = sorted((full - placed).elements())
        if wall_size is not None:
            if not isinstance(wall_size, int) or isinstance(wall_size, bool):
                raise TypeError(f"wall_size must be a whole number, not {wall_size!r}")
            keep = wall_size - len(upcoming) - len(front)
            if not 0 <= keep <= len(rest):
                raise ValueError(
                    f"wall_size must leave room for the draws and replacements given and "
                    f"at most the {len(rest) + len(upcoming) + len(front)} tiles not placed, "
                    f"not {wall_size}"
                )
            before = (turn - 1) % len(parsed)
            thrown = [(t, before) for t in rest[keep:]] + thrown
            rest = rest[:keep]
        return cls(
            wall=front + rest + upcoming[::-1],  # normal draws come from the end
            concealed=[list(hand.concealed) for hand in parsed],
            melds=[list(hand.melds) for hand in parsed],
            discards=thrown,
            turn=turn,
            dealer=dealer,
            drawn=Tile.parse(drawn) if isinstance(drawn, str) else drawn,
            **fields,
        )

    # -- what a game decides (overridden) --

    @property
    def players(self) -> int:
        return len(self.concealed)

    def in_play(self) -> list[int]:
        """Seats still playing."""
        return list(range(self.players))

    def score_win(self, seat: int, tile: Tile, *, from_discard: bool, robbing: bool = False) -> S:
        raise NotImplementedError

    def completes(
        self, seat: int, tile: Tile, *, taken: bool = True, robbing: bool = False
    ) -> bool:
        """Would ``tile`` give ``seat`` a legal win? ``taken``: the tile joins the hand;
        ``robbing``: it is a tile being added to another player's pung."""
        raise NotImplementedError

    def meld_problem(self, seat: int, tile: Tile) -> str | None:
        """Why ``seat`` may not pung or kong ``tile`` (e.g. its void suit), or None."""
        return None

    def chows(self, seat: int, tile: Tile, discarder: int) -> list[Tile]:
        """First tiles of the chows ``seat`` could make with a discard (none by default)."""
        return []

    def record_kong(self, seat: int, kind: KongKind, discarder: int | None) -> None:
        """Pay for a kong (Sichuan) or note it (Hong Kong)."""

    def record_meld(self, seat: int, meld: Meld, discarder: int) -> None:
        """A group claimed from a discard (Hong Kong tracks pao here)."""

    def record_wins(
        self, winners: list[int], tile: Tile, discarder: int | None, *, robbing: bool
    ) -> None:
        raise NotImplementedError

    def wall_empty(self) -> None:
        """A player must draw and the wall is empty: end the deal."""
        self.phase, self.ended_by = "over", "wall-empty"

    EXTRA_ACTIONS: ClassVar[tuple[type, ...]] = ()
    """A game's own action types (the void choice), besides the shared ones."""

    def phase_problem(self, action: Any) -> str | None:
        """Why ``action`` (by a seat still playing) is illegal in the current phase, or None."""
        if self.phase == "discard":
            return self._turn_problem(action)
        if self.phase in ("claim", "rob"):
            return self._claim_problem(action)
        return f"nothing is played in the {self.phase} phase"

    def apply_special(self, action: Any) -> bool:
        """Apply a game's own action (a void choice); True if it was one."""
        return False

    def view(self, seat: int) -> Any:
        """What ``seat`` may see (a :class:`TableView` or a game's richer one)."""
        return TableView(self, seat)

    # -- reading the state --

    def hand(self, seat: int) -> Hand:
        return Hand(tuple(self.concealed[seat]), tuple(self.melds[seat]))

    def describe(self) -> str:
        if self.phase == "over":
            return "the deal is over"
        if self.phase == "discard":
            return f"seat {self.turn} to discard, {len(self.wall)} tiles in the wall"
        if self.phase == "rob":
            assert self.robbed is not None
            return f"seat {self.robbed[0]} adds {self.robbed[1]} to a pung; others may rob it"
        if self.phase == "claim":
            tile, seat = self.discards[-1]
            *rest, last = [str(s) for s in self.claimants]
            who = f"{', '.join(rest)} and {last}" if rest else last
            return (
                f"seat{'s' if len(self.claimants) > 1 else ''} {who} may claim seat {seat}'s {tile}"
            )
        return f"{self.phase}, {len(self.wall)} tiles in the wall"

    def to_move(self) -> list[int]:
        """Seats with a decision now: in claims, those that have not answered yet."""
        if self.phase == "discard":
            return [self.turn]
        if self.phase in ("claim", "rob"):
            return [seat for seat in self.claimants if seat not in self.answers]
        return []

    def tiles_in_play(self) -> int:
        """Tiles in the wall, in hands and melds, and discarded: the whole set, always."""
        held = sum(len(c) for c in self.concealed)
        held += sum(len(m.tiles) for melds in self.melds for m in melds)
        return len(self.wall) + held + len(self.discards)

    def claim_options(
        self, seat: int, tile: Tile, discarder: int
    ) -> tuple[bool, bool, bool, list[Tile]]:
        """(win, pung, kong, chows) that ``seat`` could do with a discarded ``tile``."""
        wins = self.completes(seat, tile)
        if not self.wall or self.meld_problem(seat, tile):
            return wins, False, False, []
        held = self.concealed[seat].count(tile)
        return wins, held >= 2, held >= 3, self.chows(seat, tile, discarder)

    # -- legality --

    def problem(self, action: Any) -> str | None:
        """Why ``action`` is illegal now, or None."""
        if not isinstance(action, (*TURN_ACTIONS, *CLAIM_ACTIONS, *self.EXTRA_ACTIONS)):
            return f"{action!r} is not an action"
        seat: object = getattr(action, "seat", None)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            return f"there is no seat {seat!r}"
        if self.phase == "over":
            return "the deal is over"
        if seat not in self.in_play():
            return f"seat {seat} has already won and left play"
        return self.phase_problem(action)

    def _turn_problem(self, action: Any) -> str | None:
        seat = action.seat
        if not isinstance(action, TURN_ACTIONS):
            return "on its turn a player discards, declares a kong, or wins"
        if seat != self.turn:
            return f"it is seat {self.turn}'s turn, not seat {seat}'s"
        concealed = self.concealed[seat]
        if isinstance(action, Discard):
            return None if action.tile in concealed else f"seat {seat} holds no {action.tile}"
        if isinstance(action, Hu):
            if self.drawn is None:
                return "a self-drawn win needs a drawn tile (none after a claimed group)"
            if self.completes(seat, self.drawn, taken=False):
                return None
            result = self.score_win(seat, self.drawn, from_discard=False)
            return f"seat {seat}'s hand does not win: {result.reason}"
        tile = action.tile
        if not isinstance(tile, Tile):
            return f"{tile!r} is not a tile"
        if not self.wall:
            return "the wall is empty: no replacement tile for a kong"
        why = self.meld_problem(seat, tile)
        if why:
            return why
        if isinstance(action, ConcealedKong):
            return None if concealed.count(tile) == 4 else f"seat {seat} does not hold four {tile}"
        has_pung = any(m.kind is MeldKind.PUNG and m.first == tile for m in self.melds[seat])
        if not has_pung or tile not in concealed:
            return f"seat {seat} has no exposed pung of {tile} and the fourth tile"
        return None

    def _claim_problem(self, action: Any) -> str | None:
        seat = action.seat
        if not isinstance(action, CLAIM_ACTIONS):
            return f"it is not a time for {type(action).__name__.lower()}"
        if seat not in self.claimants:
            return f"seat {seat} has no claim on this tile"
        if seat in self.answers:
            return f"seat {seat} has already answered"
        if isinstance(action, Pass):
            return None
        if self.phase == "rob":
            assert self.robbed is not None
            tile = self.robbed[1]
            if not isinstance(action, Hu):
                return "a kong being added can only be robbed (a win) or let pass"
            return (
                None
                if self.completes(seat, tile, robbing=True)
                else f"{tile} does not complete seat {seat}'s hand"
            )
        tile, discarder = self.discards[-1]
        wins, pung, kong, chows = self.claim_options(seat, tile, discarder)
        if isinstance(action, Hu):
            return None if wins else f"{tile} does not give seat {seat} a winning hand"
        if isinstance(action, Pung):
            return None if pung else f"seat {seat} cannot pung {tile}"
        if isinstance(action, Kong):
            return None if kong else f"seat {seat} cannot kong {tile}"
        assert isinstance(action, Chow)
        return None if action.first in chows else f"seat {seat} cannot chow {tile} that way"

    def legal_actions(self, seat: int | None = None) -> list[Any]:
        """Every legal action now, or only those of one seat."""
        seats = range(self.players) if seat is None else [seat]
        candidates: list[Any] = []
        for s in seats:
            candidates += self.candidates(s)
        return [a for a in candidates if self.problem(a) is None]

    def candidates(self, seat: int) -> list[Any]:
        """Actions worth checking for ``seat`` now (legal_actions filters them)."""
        if self.phase == "discard" and seat == self.turn:
            kinds = sorted(set(self.concealed[seat]))
            return (
                [Discard(seat, t) for t in kinds]
                + [Hu(seat)]
                + [ConcealedKong(seat, t) for t in kinds]
                + [AddedKong(seat, t) for t in kinds]
            )
        if self.phase == "rob":
            return [Hu(seat), Pass(seat)]
        if self.phase == "claim":
            tile = self.discards[-1][0]
            starts = [TILES[tile.index - k] for k in range(3) if 0 <= tile.index - k < 27]
            return [Hu(seat), Kong(seat), Pung(seat), *(Chow(seat, t) for t in starts), Pass(seat)]
        return []

    # -- changing the state --

    def apply(self, action: Any) -> None:
        """Carry out one action, or raise :class:`IllegalAction` and change nothing."""
        problem = self.problem(action)
        if problem is not None:
            raise IllegalAction(action, problem, self.describe())
        self.history.append(action)
        if self.apply_special(action):
            return
        if self.phase == "discard":
            self._apply_turn(action)
        else:
            self.answers[action.seat] = action
            if not self.to_move():
                if self.phase == "rob":
                    self._resolve_rob()
                else:
                    self._resolve_claim()

    def _apply_turn(self, action: Action) -> None:
        seat = action.seat
        concealed = self.concealed[seat]
        if isinstance(action, Discard):
            concealed.remove(action.tile)
            self.discards.append((action.tile, seat))
            self.discard_after_kong = self.drawn_after_kong
            self.drawn_after_kong, self.drawn, self.kongs_in_a_row = False, None, 0
            self._open_claims(action.tile, seat)
        elif isinstance(action, Hu):
            assert self.drawn is not None
            self.record_wins([seat], self.drawn, None, robbing=False)
        elif isinstance(action, ConcealedKong):
            for _ in range(4):
                concealed.remove(action.tile)
            self.melds[seat].append(Meld(MeldKind.KONG, action.tile, concealed=True))
            self.record_kong(seat, KongKind.CONCEALED, None)
            self._replacement(seat, claimed=False)
        elif isinstance(action, AddedKong):
            others = [s for s in self.in_play() if s != seat]
            robbers = [
                s
                for s in self._claim_order(seat)
                if s in others and self.completes(s, action.tile, robbing=True)
            ]
            if robbers:
                self.phase, self.robbed = "rob", (seat, action.tile)
                self.claimants, self.answers = robbers, {}
            else:
                self._complete_added_kong(seat, action.tile)

    def _complete_added_kong(self, seat: int, tile: Tile) -> None:
        self.concealed[seat].remove(tile)
        self.melds[seat] = [
            Meld(MeldKind.KONG, tile) if m.kind is MeldKind.PUNG and m.first == tile else m
            for m in self.melds[seat]
        ]
        self.record_kong(seat, KongKind.ADDED, None)
        self._replacement(seat, claimed=False)

    def _replacement(self, seat: int, *, claimed: bool) -> None:
        """Draw the kong's replacement tile from the far end of the wall.

        Kongs declared one right after the other (each on the last replacement
        tile) make a run, for the consecutive-kongs limit hand.
        """
        run = 1 if claimed or not self.drawn_after_kong else self.kongs_in_a_row + 1
        self.turn, self.phase = seat, "discard"
        self._draw(seat, replacement=True)
        if self.phase == "discard":
            self.kongs_in_a_row = run

    def _draw(self, seat: int, *, replacement: bool = False) -> None:
        if not self.wall:
            self.wall_empty()
            return
        tile = self.wall.pop(0) if replacement else self.wall.pop()
        self.concealed[seat].append(tile)
        self.concealed[seat].sort()
        self.turns += 1
        self.turn, self.phase, self.drawn = seat, "discard", tile
        self.drawn_after_kong = replacement
        self.kongs_in_a_row = 0
        self.last_draw_emptied_wall = not self.wall

    def _claim_order(self, after: int) -> list[int]:
        return [(after + step) % self.players for step in range(1, self.players)]

    def _open_claims(self, tile: Tile, discarder: int) -> None:
        playing = self.in_play()
        self.claimants = [
            s for s in self._claim_order(discarder)
            if s in playing and self._any_claim(self.claim_options(s, tile, discarder))
        ]  # fmt: skip
        self.answers = {}
        if self.claimants:
            self.phase = "claim"
        else:
            self.next_draw(discarder)

    @staticmethod
    def _any_claim(options: tuple[bool, bool, bool, list[Tile]]) -> bool:
        wins, pung, kong, chows = options
        return wins or pung or kong or bool(chows)

    def _resolve_claim(self) -> None:
        tile, discarder = self.discards[-1]
        answers = [(seat, self.answers[seat]) for seat in self.claimants]
        self.claimants, self.answers = [], {}
        winners = [seat for seat, a in answers if isinstance(a, Hu)]
        if winners:  # the tile stays on the discard pile; each winner's score holds it
            self.record_wins(winners, tile, discarder, robbing=False)
            return
        claim: tuple[int, Pung | Kong | Chow] | None = next(
            ((s, a) for s, a in answers if isinstance(a, (Kong, Pung))), None
        )
        claim = claim or next(((s, a) for s, a in answers if isinstance(a, Chow)), None)
        if claim is None:
            self.next_draw(discarder)
            return
        seat, action = claim
        self.discards.pop()
        if isinstance(action, Chow):
            meld = Meld(MeldKind.CHOW, action.first)
            used = list(meld.tiles)
            used.remove(tile)
        else:
            kind = MeldKind.KONG if isinstance(action, Kong) else MeldKind.PUNG
            meld = Meld(kind, tile)
            used = [tile] * (3 if isinstance(action, Kong) else 2)
        for t in used:
            self.concealed[seat].remove(t)
        self.melds[seat].append(meld)
        self.discard_after_kong = False
        self.record_meld(seat, meld, discarder)
        if isinstance(action, Kong):
            self.record_kong(seat, KongKind.EXPOSED, discarder)
            self._replacement(seat, claimed=True)
        else:
            self.turn, self.phase, self.drawn = seat, "discard", None
            self.drawn_after_kong, self.kongs_in_a_row = False, 0
            self.last_draw_emptied_wall = False

    def _resolve_rob(self) -> None:
        assert self.robbed is not None
        kong_player, tile = self.robbed
        robbers = [seat for seat in self.claimants if isinstance(self.answers[seat], Hu)]
        self.claimants, self.answers, self.robbed = [], {}, None
        if not robbers:
            self.phase = "discard"
            self._complete_added_kong(kong_player, tile)
            return
        self.concealed[kong_player].remove(tile)
        self.discards.append((tile, kong_player))  # the robbed tile, like a discard won on
        self.record_wins(robbers, tile, kong_player, robbing=True)

    def next_draw(self, after: int) -> None:
        """The next player still in the game after ``after`` draws."""
        playing = self.in_play()
        seat = next(s for s in [*self._claim_order(after), after] if s in playing)
        self.discard_after_kong = False
        self._draw(seat)

    def run(self, bots: Sequence[Callable[[Any], Any]]) -> None:
        """Let one bot per seat play the deal out from here."""
        if isinstance(bots, str) or not isinstance(bots, Sequence):
            raise TypeError(f"bots must be a list of bot functions, one per seat, not {bots!r}")
        if len(bots) != self.players:
            raise ValueError(f"{self.players} seats need {self.players} bots, not {len(bots)}")
        while self.phase != "over":
            seat = self.to_move()[0]
            self.apply(bots[seat](self.view(seat)))

    def seat_note(self, seat: int) -> str:
        """A few words about a seat for the table's picture (its void, its wind)."""
        return ""

    def _repr_html_(self) -> str:
        from kit.render import hand_html

        rows = "".join(
            f"<tr><td style='padding:2px 8px;white-space:nowrap'><b>seat {seat}</b> "
            f"{escape(self.seat_note(seat))}</td><td>{hand_html(self.hand(seat), width=26)}</td></tr>"
            for seat in range(self.players)
        )
        return (
            f"<div class='kit-table'><p>{escape(self.describe())}</p>"
            f"<table style='border-collapse:collapse'>{rows}</table></div>"
        )


class TableView:
    """What one seat may see: its hand, everyone's melds and discards, the wall size."""

    __slots__ = ("_table", "seat")

    def __init__(self, table: MahjongTable[Any], seat: int) -> None:
        self._table = table
        self.seat = seat

    @property
    def phase(self) -> Phase:
        return self._table.phase

    @property
    def hand(self) -> Hand:
        return self._table.hand(self.seat)

    @property
    def concealed(self) -> list[Tile]:
        return list(self._table.concealed[self.seat])

    @property
    def melds(self) -> list[Meld]:
        return list(self._table.melds[self.seat])

    @property
    def all_melds(self) -> list[list[Meld]]:
        return [list(m) for m in self._table.melds]

    @property
    def claimed_tile(self) -> Tile | None:
        """The tile on offer in a claim or a rob."""
        t = self._table
        if t.phase == "rob" and t.robbed is not None:
            return t.robbed[1]
        if t.phase == "claim":
            return t.discards[-1][0]
        return None

    @property
    def discards(self) -> list[tuple[Tile, int]]:
        return list(self._table.discards)

    @property
    def wall_size(self) -> int:
        return len(self._table.wall)

    @property
    def decision_seed(self) -> str:
        """The deal's seed, the actions applied so far and the seat: what a random bot draws from."""
        return f"{self._table.seed}:{len(self._table.history)}:{self.seat}"

    def can_win(self) -> bool:
        """Can this seat declare a win now (on its draw, the discard, or a kong being added)?"""
        t = self._table
        if t.phase == "discard" and t.turn == self.seat and t.drawn is not None:
            return t.completes(self.seat, t.drawn, taken=False)
        tile = self.claimed_tile
        robbing = t.phase == "rob"
        return (
            tile is not None
            and self.seat in t.claimants
            and t.completes(self.seat, tile, robbing=robbing)
        )

    def _claim(self) -> tuple[bool, bool, bool, list[Tile]]:
        t = self._table
        tile = self.claimed_tile
        if t.phase != "claim" or tile is None or self.seat not in t.claimants:
            return False, False, False, []
        return t.claim_options(self.seat, tile, t.discards[-1][1])

    def can_pung(self) -> bool:
        return self._claim()[1]

    def can_kong(self) -> bool:
        return self._claim()[2]

    def chows(self) -> list[Tile]:
        """First tiles of the chows this seat may make with the discard."""
        return self._claim()[3]

    def can_concealed_kong(self, tile: Tile) -> bool:
        return self._table.problem(ConcealedKong(self.seat, tile)) is None

    def can_added_kong(self, tile: Tile) -> bool:
        return self._table.problem(AddedKong(self.seat, tile)) is None

    def kong_to_declare(self) -> ConcealedKong | AddedKong | None:
        """A concealed or added kong this seat may declare on its turn now, if any."""
        t = self._table
        if t.phase != "discard" or t.turn != self.seat:
            return None
        concealed = t.concealed[self.seat]
        pungs = {m.first for m in t.melds[self.seat] if m.kind is MeldKind.PUNG}
        for tile in sorted(set(concealed)):
            kong: ConcealedKong | AddedKong | None = None
            if concealed.count(tile) == 4:
                kong = ConcealedKong(self.seat, tile)
            elif tile in pungs:
                kong = AddedKong(self.seat, tile)
            if kong is not None and t.problem(kong) is None:
                return kong
        return None

    def legal_actions(self) -> list[Any]:
        return self._table.legal_actions(self.seat)
