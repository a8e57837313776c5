"""The mahjong table machinery both mahjong games share: dealing, turns, claims, kongs, replacements.

A game module subclasses :class:`MahjongTable`, names its tiles (a
:class:`~kit.mahjong.tiles.TileSet`) and its ``Rules``, and fills in what its rules
decide: who is still playing, what wins, how a win or a kong is paid, what a
player may claim, and how the deal ends. The shared engine lists the legal
actions, applies one at a time, and raises :class:`IllegalAction` (naming the
action and the state) for anything else. :meth:`MahjongTable.deal` shuffles
and deals for both games; :meth:`MahjongTable.play` lets bots play the deal out
and returns a :class:`DealResult`. The actions and results are in
:mod:`kit.mahjong.actions`; :meth:`MahjongTable.view` seals what one seat sees in a
frozen :class:`~kit.mahjong.observation.Observation`, and :meth:`MahjongTable.clone`
copies a deal cheaply.

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

import copy
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Self

from kit.errors import IllegalAction
from kit.mahjong.actions import (
    CLAIM_ACTIONS,
    TURN_ACTIONS,
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
    S,
    Win,
)
from kit.mahjong.copying import fresh
from kit.mahjong.observation import Observation
from kit.mahjong.tiles import MOST_TILES, TILES, Hand, KongKind, Meld, MeldKind, Tile, TileSet
from kit.sim import chance_key

__all__ = ["MahjongTable", "deal_tiles"]


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
    bots that play at random read its digest through :attr:`Observation.decision_seed`."""
    chance: str | None = None
    """The chance key a world sampled from an observation carries on (its seed is unknown);
    None: derived from :attr:`seed`."""
    _ledger_copy: tuple[tuple[int, int, int], Any] | None = field(
        default=None, init=False, repr=False
    )

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
        >>> Table.arrange(["123m456m789m11p234p9s"])
        Traceback (most recent call last):
        ...
        ValueError: seat 0's hand has 15 tiles (kongs as three); a hand holds at most 14
        """
        parsed = [hand if isinstance(hand, Hand) else Hand.parse(hand) for hand in hands]
        for seat, hand in enumerate(parsed):
            if hand.size > MOST_TILES:
                raise ValueError(
                    f"seat {seat}'s hand has {hand.size} tiles (kongs as three); "
                    f"a hand holds at most {MOST_TILES}"
                )
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

    @property
    def all_melds(self) -> tuple[tuple[Meld, ...], ...]:
        """Every seat's melds, as a seat's view names them."""
        return tuple(map(tuple, self.melds))

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

    def view(self, seat: int) -> Observation:
        """What ``seat`` may see, sealed: a frozen :class:`Observation` (a game's is richer)."""
        return Observation.sealed(self.observed(seat))

    def observed(self, seat: int) -> dict[str, Any]:
        """The fields of ``seat``'s observation that both games share, as plain values."""
        seat = _seat_argument("seat", seat, self.players)
        phase, to_move = self.phase, tuple(self.to_move())
        concealed = self.concealed[seat]
        win_ready = pung = kong = False
        chows: list[Tile] = []
        kongs: list[ConcealedKong | AddedKong] = []
        if phase == "discard" and seat == self.turn:
            drawn = self.drawn
            win_ready = drawn is not None and self.completes(seat, drawn, taken=False)
            kongs = self._kongs(seat)
        elif phase == "claim" and seat in self.claimants:
            tile, discarder = self.discards[-1]
            win_ready, pung, kong, chows = self.claim_options(seat, tile, discarder)
        elif phase == "rob" and seat in self.claimants:
            assert self.robbed is not None
            win_ready = self.completes(seat, self.robbed[1], robbing=True)
        own_turn = phase == "discard" and seat == self.turn
        return {
            "seat": seat,
            "rules": getattr(self, "rules", None),
            "phase": phase,
            "dealer": self.dealer,
            "turn": self.turn,
            "concealed": tuple(concealed),
            "all_melds": self.all_melds,
            "discards": tuple(self.discards),
            "hand_sizes": tuple(map(len, self.concealed)),
            "wall_size": len(self.wall),
            "drawn": self.drawn if own_turn else None,
            "turn_has_drawn": phase == "discard" and self.drawn is not None,
            "robbed": self.robbed,
            "claimants": tuple(self.claimants) if self.claimants else (),
            "answers": tuple(sorted(self.answers.items())) if self.answers else (),
            "to_move": to_move,
            "in_play": tuple(self.in_play()),
            "wins": tuple(self.wins),
            "history": self.public_history(seat),
            "history_length": len(self.history),
            "turns": self.turns,
            "ended_by": self.ended_by,
            "drawn_after_kong": self.drawn_after_kong,
            "kongs_in_a_row": self.kongs_in_a_row,
            "discard_after_kong": self.discard_after_kong,
            "last_draw_emptied_wall": self.last_draw_emptied_wall,
            "chance": self.chance or chance_key(self.seed),
            "ledger": self.copy_ledger(),
            "win_ready": win_ready,
            "claim_pung": pung,
            "claim_kong": kong,
            "chow_starts": tuple(chows),
            "kongs": tuple(kongs),
        }

    def _kongs(self, seat: int) -> list[ConcealedKong | AddedKong]:
        """The kongs ``seat`` may declare on its turn now, in tile order."""
        indices = [t.index for t in self.concealed[seat]]  # kept in tile order
        fours = {a for a, b in zip(indices, indices[3:], strict=False) if a == b}
        held = set(indices)
        added = {
            m.first.index
            for m in self.melds[seat]
            if m.kind is MeldKind.PUNG and m.first.index in held
        }
        found: list[ConcealedKong | AddedKong] = []
        for index in sorted(fours | added):
            tile = TILES[index]
            kong = ConcealedKong(seat, tile) if index in fours else AddedKong(seat, tile)
            if self.problem(kong) is None:
                found.append(kong)
        return found

    def public_history(self, seat: int) -> tuple[Any, ...]:
        """The actions so far that ``seat`` may know of (a game hides some, such as voids)."""
        return tuple(self.history)

    def copy_ledger(self) -> Any:
        """A copy of the game's ledger for observations, made again only when it changed."""
        ledger = getattr(self, "ledger", None)
        if ledger is None:
            return None
        key = (id(ledger), len(ledger.events), len(ledger.transfers))
        if self._ledger_copy is None or self._ledger_copy[0] != key:
            self._ledger_copy = (key, fresh(ledger))
        return self._ledger_copy[1]

    def clone(self) -> Self:
        """An independent copy of the deal, much cheaper than ``copy.deepcopy``.

        Tiles, melds, actions and wins are immutable values, so only the lists and
        dicts that hold them are copied; a game copies its own records in :meth:`clone_fields`.
        """
        twin = copy.copy(self)
        twin.wall = self.wall[:]
        twin.concealed = [hand[:] for hand in self.concealed]
        twin.melds = [melds[:] for melds in self.melds]
        twin.discards = self.discards[:]
        twin.wins = self.wins[:]
        twin.history = self.history[:]
        twin.claimants = self.claimants[:]
        twin.answers = dict(self.answers)
        self.clone_fields(twin)
        return twin

    def clone_fields(self, twin: Self) -> None:
        """Give ``twin`` its own copies of a game's mutable fields (its ledger, its voids)."""

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
        if self.follows_claim():
            return (
                "a kong of your own waits for a turn with a drawn tile: after a claimed group "
                "the claimer discards"
            )
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

    def follows_claim(self) -> bool:
        """The turn player took another player's discard (a pung or a chow) and has not drawn
        since: it must discard (no kong of its own, no self-drawn win)."""
        if self.drawn is not None or self.phase != "discard":
            return False
        last = next((a for a in reversed(self.history) if isinstance(a, Discard)), None)
        return last is not None and last.seat != self.turn

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
        from kit.render.mahjong import mahjong_table_html

        return mahjong_table_html(self)
