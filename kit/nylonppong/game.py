"""The Nylon-ppong round engine and a game of N rounds (see the Nylon-ppong rules:
reference/nylon-ppong.md).

A :class:`Round` holds the cards and whose move it is. It lists the legal
actions, applies one action at a time and raises :class:`IllegalAction`,
naming the action and the state, for anything else. Bots and people drive it
the same way:

>>> round_ = Round.deal(Rules(players=3), dealer=0, seed=7)
>>> round_.phase, round_.turn, len(round_.pile)
('draw', 0, 33)
>>> [str(a) for a in round_.legal_actions()]
['seat 0 draws']
>>> round_.apply(Draw(0))
>>> round_.apply(Stop(1))
Traceback (most recent call last):
...
kit.errors.IllegalAction: seat 1 calls stop is illegal: it is not seat 1's turn (seat 0 to discard, 6 cards in hand, 32 in the pile)

The engine reads like the mahjong engine (:mod:`kit.mahjong.table`). "Round" is
this game's own word for what mahjong calls a deal, so the engine keeps the
name :class:`Round` while ``deal(dealer=...)``, its ``dealer`` and the
:class:`~kit.nylonppong.result.DealResult` that :meth:`Round.play` returns carry
the mahjong names. ``view(seat)`` gives a sealed, frozen
:class:`~kit.nylonppong.observation.SeatView`; ``clone()`` a cheap copy.

Phases
------
``"draw"``
    ``turn`` is about to start a turn: draw, or instead ppong or stop. When
    the last discard can be ppong'd out of turn, that seat may :class:`Ppong`
    or :class:`Pass` first (the claim window, reference/nylon-ppong.md#ppong);
    its own view says ``"claim"``, as a mahjong seat answering a discard does.
    Mahjong has no such phase (its draw is not a decision), so it has its own
    name, after the move it waits for.
``"discard"``
    as in mahjong: ``turn`` holds one card more than a resting hand (6 after
    drawing, or 3 after a ppong) and must discard, or declare a combination if
    it drew into one.
``"over"``
    the round has ended; :attr:`Round.result` says how.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kit.errors import IllegalAction
from kit.hwatu import DECK, Card, Hand
from kit.nylonppong.actions import (
    ACTION_TYPES,
    Action,
    Declare,
    Discard,
    Draw,
    Pass,
    Ppong,
    Stop,
)
from kit.nylonppong.observation import Phase, SeatPhase, SeatView, sealed
from kit.nylonppong.result import DealResult
from kit.nylonppong.rules import (
    COMBINATION_SIZE,
    HAND_SIZE,
    STOP_SIZE,
    Combination,
    Ending,
    Ledger,
    Rules,
    combination_of_sorted,
    ledger_of_checked,
    rules_of,
    stop_size_problem,
    stop_verdict_of_months,
)
from kit.sim import chance_key

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Action",
    "Bot",
    "DealResult",
    "Declare",
    "Discard",
    "Draw",
    "Game",
    "IllegalAction",
    "Ledger",
    "Pass",
    "Phase",
    "Ppong",
    "Round",
    "SeatView",
    "Stop",
]

Bot = Callable[[SeatView], Action]


# --- The round engine ------------------------------------------------------------------


@dataclass(eq=False)
class Round:
    """One round of Nylon-ppong, from the deal to the penalties.

    Build one with :meth:`deal`; then call :meth:`legal_actions` and :meth:`apply`
    until :attr:`phase` is ``"over"``.
    """

    rules: Rules
    hands: list[list[Card]]
    pile: list[Card]
    """The face-down draw pile; the last element is the top card."""
    dealer: int
    """The seat that started the round (reference/nylon-ppong.md#deal-and-turn)."""
    turn: int
    laid: tuple[tuple[Card, ...], ...] = ()
    """Each seat's cards laid out by ppong: immutable, so every view shares it as it is."""
    discards: list[tuple[Card, int]] = field(default_factory=list)
    phase: Phase = "draw"
    drew: bool = False
    """In the discard phase: True after a draw, False after a ppong."""
    claim: int | None = None
    """The seat that may still ppong the top discard out of turn (None once it passed)."""
    turns: int = 0
    result: DealResult | None = None
    history: list[Action] = field(default_factory=list)
    """The actions applied to this round (a world sampled from a view starts with none)."""
    seed: int | str | None = None
    """The seed the round was dealt with (a string derived from the rng when dealt from one)."""
    chance: str = ""
    """The seed as the seats see it (:func:`kit.sim.chance_key`), set from :attr:`seed` when
    the round is made; a world sampled from a view carries its view's on."""
    moves: int = 0
    """Actions applied since the deal (a sampled world goes on from its view's count);
    decision seeds read it."""

    @classmethod
    def deal(
        cls,
        rules: Rules = Rules(),
        *,
        dealer: int | None = None,
        seed: int | str | None = None,
        rng: random.Random | None = None,
    ) -> Round:
        """Shuffle the 48 cards and deal 5 to each seat
        (reference/nylon-ppong.md#deal-and-turn). The ``dealer`` starts; by default
        a seat drawn at random.

        The round keeps its ``seed``; dealt from an ``rng``, it keeps a seed
        string read from the cards it dealt (without drawing from the rng).
        """
        rules = rules_of(rules)
        if seed is not None and (not isinstance(seed, (int, str)) or isinstance(seed, bool)):
            raise TypeError(f"seed must be an int or a str, not {seed!r}")
        if rng is not None and not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random, not {rng!r}")
        if rng is not None and seed is not None:
            raise ValueError("give a seed or an rng, not both")
        if rng is None and seed is None:
            seed = str(random.SystemRandom().getrandbits(64))
        shuffler = rng if rng is not None else random.Random(seed)
        n = rules.players
        if dealer is not None:
            _check_seat("dealer", dealer, n)
        deck = list(DECK)
        shuffler.shuffle(deck)
        if dealer is None:
            dealer = shuffler.randrange(n)
        return cls.from_deck(rules, deck, dealer, seed=seed)

    @classmethod
    def from_deck(
        cls,
        rules: Rules,
        deck: Sequence[Card],
        dealer: int,
        *,
        seed: int | str | None = None,
    ) -> Round:
        """The round dealt from ``deck`` in this order (five cards to each seat in turn,
        the rest the pile, its last card on top), ``dealer`` starting: the round
        :meth:`deck` reads back. Without a ``seed`` it keeps the seed read from the
        cards, as :meth:`deal` does from an rng.

        >>> round_ = Round.deal(Rules(players=3), seed=5)
        >>> again = Round.from_deck(round_.rules, round_.deck(), round_.dealer, seed=5)
        >>> again.hands == round_.hands and again.pile == round_.pile
        True
        """
        rules = rules_of(rules)
        n = rules.players
        _check_seat("dealer", dealer, n)
        cards = list(deck)
        if sorted(cards) != sorted(DECK):
            raise ValueError(f"deck must hold the 48 cards once each, not {len(cards)} cards")
        if seed is None:
            seed = seed_of_deal(cards, dealer)
        hands = [cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(n)]
        return cls(
            rules=rules,
            hands=hands,
            pile=cards[n * HAND_SIZE :],
            dealer=dealer,
            turn=dealer,
            laid=((),) * n,
            seed=seed,
        )

    def deck(self) -> list[Card]:
        """The cards in the order they were dealt: each seat's five, then the pile.

        Only a round as dealt, before any move, has its deck whole (``ValueError``
        otherwise): after a move, cards have left the hands and the pile.
        """
        if self.moves or self.history or self.discards:
            raise ValueError("the deck can be read only before the round's first move")
        return [card for hand in self.hands for card in hand] + list(self.pile)

    # -- reading the state --

    @property
    def players(self) -> int:
        return len(self.hands)

    def describe(self) -> str:
        """The state in a few words, used in error messages."""
        if self.phase == "over":
            return "the round is over"
        size = len(self.hands[self.turn])
        doing = "to start its turn" if self.phase == "draw" else "to discard"
        return f"seat {self.turn} {doing}, {size} cards in hand, {len(self.pile)} in the pile"

    def top(self) -> tuple[Card, int] | None:
        return self.discards[-1] if self.discards else None

    def claimant(self) -> int | None:
        """The seat that may ppong the top discard out of turn now, if any
        (reference/nylon-ppong.md#ppong)."""
        return self.claim if self.phase == "draw" else None

    def to_move(self) -> list[int]:
        """Seats with a decision to make now, in the order they are asked: claimant first."""
        if self.phase == "over":
            return []
        claimant = self.claimant()
        return [self.turn] if claimant is None else [claimant, self.turn]

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now: a frozen value, sealed from this round."""
        return self._view(_check_seat("seat", seat, len(self.hands)))

    def _view(self, seat: int) -> SeatView:
        """:meth:`view` for a seat already checked (the engine's own, once per decision)."""
        mine = self._seat_phase(seat)
        hand = self.hands[seat]
        # the fields in SeatView's order; each check is guarded by a cheap necessary condition
        return sealed(
            seat,
            self.rules,
            mine,
            self.phase,
            tuple(hand),
            tuple(self.discards),
            self.laid,
            tuple(map(len, self.hands)),
            len(self.pile),
            self.turn,
            self.dealer,
            self.drew,
            self.turns,
            mine in ("draw", "claim")  # can_ppong
            and self._may_hold_pair_of_top(seat)
            and self._ppong_problem(seat) is None,
            mine == "draw" and len(hand) == STOP_SIZE and self._stop_problem(seat) is None,
            self._combination_for(seat) if mine == "discard" else None,
            self.chance,
            self.moves,
            self.result,
        )

    def _may_hold_pair_of_top(self, seat: int) -> bool:
        """Does ``seat`` hold two cards of the top discard's month (ppong's first need)?"""
        return bool(self.discards) and _count(self.hands[seat], self.discards[-1][0].month) >= 2

    def _seat_phase(self, seat: int) -> SeatPhase:
        if self.turn == seat or self.phase == "over":
            return self.phase
        return "claim" if self.phase == "draw" and self.claim == seat else "wait"

    def _combination_for(self, seat: int) -> Combination | None:
        """The combination ``seat`` may declare now, if any."""
        if self.phase == "discard" and self.turn == seat and self.drew:
            hand = self.hands[seat]
            if len(hand) == COMBINATION_SIZE:
                return _combination(hand)
        return None

    def clone(self) -> Round:
        """An independent copy to play ahead on: new lists, the same frozen cards and rules."""
        twin = object.__new__(Round)
        twin.__dict__.update(self.__dict__)
        twin.hands = [list(hand) for hand in self.hands]
        twin.pile = list(self.pile)
        twin.discards = list(self.discards)
        twin.history = list(self.history)
        return twin

    def cards_in_play(self) -> int:
        """Cards in hands, laid out, in the pile and discarded: always 48."""
        return (
            sum(map(len, self.hands))
            + sum(map(len, self.laid))
            + len(self.pile)
            + len(self.discards)
        )

    # -- legality: one function per action, each returning why not, or None --

    def _turn_problem(self, seat: int, phase: Phase) -> str | None:
        if self.phase == "over":
            return "the round is over"
        if seat != self.turn:
            return f"it is not seat {seat}'s turn"
        if self.phase != phase:
            if self.phase == "discard":
                return f"seat {seat} must discard now"
            return f"seat {seat} must draw first (or call ppong or stop)"
        return None

    def _ppong_problem(self, seat: int) -> str | None:
        if self.phase != "draw":
            return "ppong is called before drawing, on the top discard"
        if not self.discards:
            return "the discard pile is empty"
        card, discarder = self.discards[-1]
        if seat == discarder:
            return f"seat {seat} discarded {card} itself"
        if _count(self.hands[seat], card.month) < 2:
            return f"seat {seat} does not hold two cards of month {card.month}"
        if seat != self.turn:
            if not self.rules.out_of_turn_ppong:
                return "out-of-turn ppong is off in these rules"
            if self.claim != seat:
                return f"seat {seat} already passed on {card}"
        return None

    def _stop_problem(self, seat: int) -> str | None:
        problem = self._turn_problem(seat, "draw")
        if problem:
            return problem
        hand = self.hands[seat]
        size = stop_size_problem(len(hand))  # most turns end here, with no months to add
        if size:
            return size
        allowed, why = stop_verdict_of_months([card.month for card in hand], self.rules.stop_limit)
        return None if allowed else why

    def _problem(self, action: Action) -> str | None:
        check = _CHECKS.get(type(action))
        if check is None:
            return f"{action!r} is not an action; actions are {', '.join(t.__name__ for t in ACTION_TYPES)}"
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < len(self.hands):
            return f"there is no seat {seat!r}"
        if self.phase == "over":
            return "the round is over"
        return check(self, action)

    # One check per action: when is it legal? (None: it is.)

    def _check_draw(self, action: Draw) -> str | None:
        return self._turn_problem(action.seat, "draw")

    def _check_discard(self, action: Discard) -> str | None:
        problem = self._turn_problem(action.seat, "discard")
        if problem is None and action.card not in self.hands[action.seat]:
            return f"seat {action.seat} does not hold {action.card}"
        return problem

    def _check_ppong(self, action: Ppong) -> str | None:
        return self._ppong_problem(action.seat)

    def _check_pass(self, action: Pass) -> str | None:
        if self.claimant() != action.seat:
            return f"seat {action.seat} has no out-of-turn ppong to pass on"
        return None

    def _check_stop(self, action: Stop) -> str | None:
        return self._stop_problem(action.seat)

    def _check_declare(self, action: Declare) -> str | None:
        seat = action.seat
        problem = self._turn_problem(seat, "discard")
        if problem:
            return problem
        hand = self.hands[seat]
        if not self.drew or len(hand) != COMBINATION_SIZE:
            return "a combination is declared with 6 cards, right after drawing"
        if _combination(hand) is None:
            return f"seat {seat}'s six cards make no combination"
        return None

    def __post_init__(self) -> None:
        rules_of(self.rules)
        self.chance = self.chance or chance_key(self.seed)
        seats = len(self.hands)
        if seats != self.rules.players:
            raise ValueError(f"the rules seat {self.rules.players} players, not {seats} hands")
        self.laid = tuple(map(tuple, self.laid)) if self.laid else ((),) * seats
        if len(self.laid) != seats:
            raise ValueError(f"laid-out cards are listed for {len(self.laid)} seats, not {seats}")
        if not 0 <= self.turn < seats or not 0 <= self.dealer < seats:
            raise ValueError(f"turn and dealer must be seats 0-{seats - 1}")

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action now, or only those of one seat."""
        if seat is not None and not (type(seat) is int and 0 <= seat < len(self.hands)):
            raise ValueError(f"there is no seat {seat!r} at this {len(self.hands)}-seat table")
        seats = range(self.players) if seat is None else [seat]
        return [action for s in seats for action in self._legal_for(s, self._seat_phase(s))]

    def _legal_for(self, seat: int, phase: SeatPhase) -> list[Action]:
        """``seat``'s legal actions in its ``phase``, in the order of the checks above.

        The phase alone makes a draw, a pass or a discard of a held card legal;
        ppong, stop and declare are checked.
        """
        if phase == "draw":
            legal: list[Action] = [Draw(seat)]
            if self._ppong_problem(seat) is None:
                legal.append(Ppong(seat))
            if self._stop_problem(seat) is None:
                legal.append(Stop(seat))
            return legal
        if phase == "claim":
            return [Ppong(seat), Pass(seat)] if self._ppong_problem(seat) is None else [Pass(seat)]
        if phase == "discard":
            discards: list[Action] = [Discard(seat, card) for card in self.hands[seat]]
            return discards if self._combination_for(seat) is None else [Declare(seat), *discards]
        return []

    # -- changing the state --

    def apply(self, action: Action) -> None:
        """Carry out one action, or raise :class:`IllegalAction` and change nothing."""
        problem = self._problem(action)
        if problem is not None:
            raise IllegalAction(action, problem, self.describe())
        self.history.append(action)
        self.moves += 1
        _EFFECTS[type(action)](self, action)

    # One effect per action: what it does to the round.

    def _draw(self, action: Draw) -> None:
        self.turns += 1
        if not self.pile:
            self._end("deck-empty", action.seat)
            return
        self.hands[action.seat].append(self.pile.pop())
        self.phase, self.drew = "discard", True

    def _discard(self, action: Discard) -> None:
        seat, card = action.seat, action.card
        self.hands[seat].remove(card)
        self.discards.append((card, seat))
        self.turn, self.phase, self.drew = (seat + 1) % self.players, "draw", False
        self.claim = self.out_of_turn_claimant(card.month, seat)

    def _ppong(self, action: Ppong) -> None:
        seat = action.seat
        self.turns += 1
        # the top discard stays where it is (reference/nylon-ppong.md#ppong)
        card, discarder = self.discards[-1]
        hand = self.hands[seat]
        pair = [c for c in hand if c.month == card.month][:2]
        for c in pair:
            hand.remove(c)
        self.laid = tuple(
            (*cards, *pair) if s == seat else cards for s, cards in enumerate(self.laid)
        )
        if not hand:
            self._end("ppong-out", seat, victim=discarder)
            return
        self.turn, self.phase, self.drew = seat, "discard", False

    def _pass(self, action: Pass) -> None:
        self.claim = None

    def _stop(self, action: Stop) -> None:
        self.turns += 1
        self._end("stop", action.seat)

    def _declare(self, action: Declare) -> None:
        self._end("combination", action.seat)

    def out_of_turn_claimant(self, month: int, discarder: int) -> int | None:
        """The one seat, if any, that could ppong this discard out of turn
        (reference/nylon-ppong.md#ppong).

        Only one can: two pairs and the discard would be five cards of a month.
        """
        if not self.rules.out_of_turn_ppong:
            return None
        for seat, hand in enumerate(self.hands):
            if seat != self.turn and seat != discarder and _count(hand, month) >= 2:
                return seat
        return None

    def _end(self, ended_by: Ending, player: int, victim: int | None = None) -> None:
        months = [[card.month for card in hand] for hand in self.hands]
        combination = _combination(self.hands[player]) if ended_by == "combination" else None
        ledger = ledger_of_checked(  # the engine only ends a round the rules allow
            months,
            ended_by,
            None if ended_by == "deck-empty" else player,
            victim,
            combination.value if combination is not None else None,
            self.rules,
        )
        self.phase = "over"
        self.result = DealResult(
            ended_by=ended_by,
            player=player,
            victim=victim,
            ledger=ledger,
            hands=tuple(Hand(tuple(hand)) for hand in self.hands),
            laid=tuple(Hand(tuple(cards)) for cards in self.laid),
            turns=self.turns,
            dealer=self.dealer,
            combination=combination,
        )

    def _repr_html_(self) -> str:
        from kit.render import round_html

        return round_html(self)

    def play(self, bots: Sequence[Bot]) -> DealResult:
        """Let one bot per seat play the round out from here.

        In the claim window the claimant is asked first; if it passes, the seat
        whose turn it is decides.
        """
        _check_bots(bots, self.players)
        while self.result is None:
            seat = self.turn if self.claim is None or self.phase != "draw" else self.claim
            self.apply(bots[seat](self._view(seat)))
        return self.result


_CHECKS: dict[type, Callable[[Round, Any], str | None]] = {
    Draw: Round._check_draw,
    Discard: Round._check_discard,
    Ppong: Round._check_ppong,
    Pass: Round._check_pass,
    Stop: Round._check_stop,
    Declare: Round._check_declare,
}
_EFFECTS: dict[type, Callable[[Round, Any], None]] = {
    Draw: Round._draw,
    Discard: Round._discard,
    Ppong: Round._ppong,
    Pass: Round._pass,
    Stop: Round._stop,
    Declare: Round._declare,
}


def seed_of_deal(deck: Sequence[Card], dealer: int) -> str:
    """A seed string for a round dealt from an rng: read from the dealt order, drawing nothing.

    The same rng state deals the same cards, so it gives the same seed.

    >>> seed_of_deal(DECK, 0) == seed_of_deal(list(DECK), 0) != seed_of_deal(DECK, 1)
    True
    """
    # Card hashes are small ints, and tuples of ints hash alike in every process.
    return f"deal-{hash((dealer, *deck)) & 0xFFFF_FFFF_FFFF_FFFF:016x}"


def _check_seat(name: str, seat: object, players: int) -> int:
    """``seat`` if it is a seat of the table; else a ``TypeError`` or ``ValueError`` naming ``name``."""
    if not isinstance(seat, int) or isinstance(seat, bool):
        raise TypeError(f"{name} must be a seat number 0-{players - 1}, not {seat!r}")
    if not 0 <= seat < players:
        raise ValueError(f"{name} must be a seat 0-{players - 1}, not {seat}")
    return seat


def _check_bots(bots: object, players: int) -> None:
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a list of bots, one per seat, not {bots!r}")
    if len(bots) != players:
        raise ValueError(f"bots must hold one bot per seat: {players} seats, not {len(bots)} bots")
    for seat, bot in enumerate(bots):
        if not callable(bot):
            raise TypeError(f"bots[{seat}] must be a bot (a function of a SeatView), not {bot!r}")


def _combination(hand: list[Card]) -> Combination | None:
    return combination_of_sorted(tuple(sorted([card.month for card in hand])))


def _count(hand: list[Card], month: int) -> int:
    n = 0
    for card in hand:
        if card.month == month:
            n += 1
    return n


# --- A game of several rounds (reference/nylon-ppong.md#game) -------------------------------


@dataclass(eq=False)
class Game:
    """A game of ``rules.rounds`` rounds. Penalties add up; the fewest points win
    (reference/nylon-ppong.md#game).

    Round 1 starts at a random seat. Each later round starts with the seat that
    scored the most penalty points in the round before; ties are broken at
    random among the tied seats (a default reading, reference/nylon-ppong.md#readings).

    >>> game = Game(Rules(players=3, rounds=2), seed=1)
    >>> from kit.nylonppong.bots import greedy
    >>> results = game.play([greedy, greedy, greedy])
    >>> len(results), game.over, sum(game.totals) == sum(sum(r.penalties) for r in results)
    (2, True, True)
    """

    rules: Rules = Rules()
    seed: int | str | None = None
    rng: random.Random = field(init=False)
    results: list[DealResult] = field(default_factory=list)
    current: Round | None = None

    def __post_init__(self) -> None:
        self.rules = rules_of(self.rules)
        if self.seed is None:
            self.seed = str(random.SystemRandom().getrandbits(64))
        elif not isinstance(self.seed, (int, str)) or isinstance(self.seed, bool):
            raise TypeError(f"seed must be an int or a str, not {self.seed!r}")
        self.rng = random.Random(self.seed)

    @property
    def over(self) -> bool:
        return len(self.results) >= self.rules.rounds

    @property
    def totals(self) -> list[int]:
        totals = [0] * self.rules.players
        for result in self.results:
            for seat, penalty in enumerate(result.penalties):
                totals[seat] += penalty
        return totals

    @property
    def winners(self) -> list[int]:
        """The seats with the fewest total penalty points so far (several on a tie)."""
        totals = self.totals
        return [seat for seat, total in enumerate(totals) if total == min(totals)]

    def to_frame(self) -> pd.DataFrame:
        """One row per finished round: who started, how it ended, and each seat's penalty."""
        import pandas as pd

        rows = []
        for number, result in enumerate(self.results, start=1):
            row: dict[str, object] = {
                "round": number,
                "dealer": result.dealer,
                "ended_by": result.ended_by,
                "player": result.player,
            }
            row.update({f"seat {seat}": p for seat, p in enumerate(result.penalties)})
            rows.append(row)
        return pd.DataFrame(rows).set_index("round") if rows else pd.DataFrame()

    def next_dealer(self) -> int:
        """Who starts the next round (reference/nylon-ppong.md#deal-and-turn)."""
        if not self.results:
            return self.rng.randrange(self.rules.players)
        last = self.results[-1].penalties
        worst = max(last)
        return self.rng.choice([seat for seat, p in enumerate(last) if p == worst])

    def new_round(self) -> Round:
        """Deal the next round; finish the current one (:meth:`record`) first."""
        if self.over:
            raise ValueError(f"the game is over after {self.rules.rounds} rounds")
        if self.current is not None:
            if self.current.result is None:
                raise ValueError("the current round is not over yet")
            self.record()
            if self.over:
                raise ValueError(f"the game is over after {self.rules.rounds} rounds")
        self.current = Round.deal(self.rules, dealer=self.next_dealer(), rng=self.rng)
        return self.current

    def record(self) -> DealResult:
        """Add the finished current round's penalties to the game (once; again is harmless)."""
        if self.current is None or self.current.result is None:
            raise ValueError("there is no finished round to record")
        if not self.results or self.results[-1] is not self.current.result:
            self.results.append(self.current.result)
        return self.current.result

    def play(self, bots: Sequence[Bot]) -> list[DealResult]:
        """Play the remaining rounds with bots and return every round's result."""
        _check_bots(bots, self.rules.players)
        while not self.over:
            self.new_round().play(bots)
            self.record()
        return self.results
