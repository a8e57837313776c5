"""The Nylon-ppong round engine and a game of N rounds (see the Nylon-ppong rules:
reference/nylon-ppong.md).

A :class:`Round` holds the cards and whose move it is. It lists the legal
actions, applies one action at a time and raises :class:`IllegalAction`,
naming the action and the state, for anything else. Bots and people drive it
the same way:

>>> round_ = Round.deal(Rules(players=3), first=0, seed=7)
>>> round_.phase, round_.turn, len(round_.pile)
('turn', 0, 33)
>>> [str(a) for a in round_.legal_actions()]
['seat 0 draws']
>>> round_.apply(Draw(0))
>>> round_.apply(Stop(1))
Traceback (most recent call last):
...
kit.errors.IllegalAction: seat 1 calls stop is illegal: it is not seat 1's turn (seat 0 to discard, 6 cards in hand, 32 in the pile)

Phases
------
``"turn"``
    ``turn`` is about to start a turn: draw, ppong or stop. When the last
    discard can be ppong'd out of turn, that seat may :class:`Ppong` or
    :class:`Pass` first (the claim window, reference/nylon-ppong.md#ppong).
``"discard"``
    ``turn`` holds 6 cards after drawing (or 3 after a ppong) and must
    discard, or declare a combination if it drew into one.
``"over"``
    the round has ended; :attr:`Round.result` says how.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from kit.errors import IllegalAction
from kit.hwatu import DECK, Card, Hand
from kit.nylonppong.rules import (
    COMBINATION_SIZE,
    HAND_SIZE,
    Combination,
    Ending,
    Ledger,
    Rules,
    combination_of_sorted,
    ledger_of_checked,
    rules_of,
    stop_size_problem,
    stop_succeeds,
    stop_verdict_of_months,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "Action",
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
    "RoundResult",
    "SeatView",
    "Stop",
]

Phase = Literal["turn", "discard", "over"]


# --- Actions ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the pile. With the pile empty, this ends the round
    (reference/nylon-ppong.md#deal-and-turn)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} draws"


@dataclass(frozen=True, slots=True)
class Discard:
    """Lay one card face up on the discard pile, ending the turn.

    ``card`` is a :class:`~kit.hwatu.Card`; notation is refused with a hint:

    >>> Discard(0, "10J2")
    Traceback (most recent call last):
    ...
    TypeError: Discard needs a Card, not the text '10J2'; write Discard(0, Card.parse('10J2'))
    """

    seat: int
    card: Card

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card):
            if isinstance(self.card, str):
                raise TypeError(
                    f"Discard needs a Card, not the text {self.card!r}; "
                    f"write Discard({self.seat!r}, Card.parse({self.card!r}))"
                )
            raise TypeError(f"Discard needs a Card, not {self.card!r}")

    def __str__(self) -> str:
        return f"seat {self.seat} discards {self.card}"


@dataclass(frozen=True, slots=True)
class Ppong:
    """Lay out a pair matching the top discard (in turn, or out of turn in the claim window)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} calls ppong"


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline an out-of-turn ppong on the last discard."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} passes"


@dataclass(frozen=True, slots=True)
class Stop:
    """With exactly two cards summing to at most the stop limit, end the round
    (reference/nylon-ppong.md#stop)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} calls stop"


@dataclass(frozen=True, slots=True)
class Declare:
    """Show six cards that make a combination, ending the round
    (reference/nylon-ppong.md#combinations)."""

    seat: int

    def __str__(self) -> str:
        return f"seat {self.seat} declares a combination"


Action = Draw | Discard | Ppong | Pass | Stop | Declare
_ACTION_TYPES = (Draw, Discard, Ppong, Pass, Stop, Declare)


# --- The result of a round ----------------------------------------------------------


@dataclass(frozen=True)
class RoundResult:
    """How a round ended and each seat's penalty points
    (reference/nylon-ppong.md#round-scoring), line by line in :attr:`ledger`."""

    ended_by: Ending
    player: int | None
    """Who ended it: declarer, stop caller, player who went out, or who could not draw."""
    victim: int | None
    ledger: Ledger
    hands: tuple[Hand, ...]
    laid: tuple[Hand, ...]
    turns: int
    first: int
    combination: Combination | None = None

    @property
    def penalties(self) -> tuple[int, ...]:
        """Each seat's penalty points for the round."""
        return self.ledger.penalties

    @property
    def stop_succeeded(self) -> bool | None:
        if self.ended_by != "stop" or self.player is None:
            return None
        return stop_succeeds([hand.total for hand in self.hands], self.player)

    @property
    def summary(self) -> str:
        """One sentence a learner can read: who ended the round, how, and what it cost."""
        who = f"Seat {self.player}"
        if self.ended_by == "combination" and self.combination is not None:
            return f"{who} declared {self.combination}."
        if self.ended_by == "stop":
            total = self.hands[self.player or 0].total
            if self.stop_succeeded:
                return f"{who} called stop with a sum of {total}, the lowest: the stop succeeded."
            return f"{who} called stop with a sum of {total}, not the lowest: the stop failed."
        if self.ended_by == "ppong-out":
            return f"{who} went out by ppong on seat {self.victim}'s discard."
        return f"The draw pile ran out when seat {self.player} had to draw."

    def to_frame(self) -> pd.DataFrame:
        import pandas as pd

        return pd.DataFrame(
            {
                "hand": [hand.notation() for hand in self.hands],
                "sum": [hand.total for hand in self.hands],
                "penalty": list(self.penalties),
            },
            index=pd.Index(range(len(self.hands)), name="seat"),
        )

    def _repr_html_(self) -> str:
        from kit.render import round_result_html

        return round_result_html(self)


# --- What one seat can see ---------------------------------------------------------------


class SeatView:
    """Everything one seat may see: its own hand, the table, and what it may do now.

    Bots are plain functions ``SeatView -> Action``.
    """

    __slots__ = ("_round", "seat")

    def __init__(self, round_: Round, seat: int) -> None:
        self._round = round_
        self.seat = seat

    @property
    def rules(self) -> Rules:
        return self._round.rules

    @property
    def decision_seed(self) -> str:
        """A seed for this decision alone: the round's seed, the actions so far, this seat."""
        r = self._round
        return f"{r.seed}:{len(r.history)}:{self.seat}"

    @property
    def phase(self) -> Literal["turn", "claim", "discard", "wait", "over"]:
        """``claim`` when this seat may ppong out of turn; ``wait`` when it has nothing to do."""
        r = self._round
        if r.turn == self.seat or r.phase == "over":
            return r.phase
        return "claim" if r.phase == "turn" and r.claim == self.seat else "wait"

    @property
    def hand(self) -> tuple[Card, ...]:
        return tuple(self._round.hands[self.seat])

    @property
    def months(self) -> list[int]:
        return [card.month for card in self._round.hands[self.seat]]

    @property
    def top_discard(self) -> Card | None:
        discards = self._round.discards
        return discards[-1][0] if discards else None

    @property
    def discards(self) -> tuple[tuple[Card, int], ...]:
        """The discard pile, bottom first, each card with the seat that discarded it."""
        return tuple(self._round.discards)

    @property
    def laid(self) -> tuple[tuple[Card, ...], ...]:
        return tuple(tuple(cards) for cards in self._round.laid)

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        return tuple(len(hand) for hand in self._round.hands)

    @property
    def pile_size(self) -> int:
        return len(self._round.pile)

    @property
    def can_ppong(self) -> bool:
        return self._round._ppong_problem(self.seat) is None

    @property
    def can_stop(self) -> bool:
        return self._round._stop_problem(self.seat) is None

    @property
    def combination(self) -> Combination | None:
        """The combination this seat may declare now, if any."""
        r = self._round
        if r.phase == "discard" and r.turn == self.seat and r.drew:
            hand = r.hands[self.seat]
            if len(hand) == COMBINATION_SIZE:
                return _combination(hand)
        return None

    def legal_actions(self) -> list[Action]:
        return self._round.legal_actions(self.seat)


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
    first: int
    turn: int
    laid: list[list[Card]] = field(default_factory=list)
    discards: list[tuple[Card, int]] = field(default_factory=list)
    phase: Phase = "turn"
    drew: bool = False
    """In the discard phase: True after a draw, False after a ppong."""
    claim: int | None = None
    """The seat that may still ppong the top discard out of turn (None once it passed)."""
    turns: int = 0
    result: RoundResult | None = None
    history: list[Action] = field(default_factory=list)
    seed: int | str | None = None
    """The seed the round was dealt with (a string derived from the rng when dealt from one)."""

    @classmethod
    def deal(
        cls,
        rules: Rules = Rules(),
        *,
        first: int | None = None,
        seed: int | str | None = None,
        rng: random.Random | None = None,
    ) -> Round:
        """Shuffle the 48 cards and deal 5 to each seat
        (reference/nylon-ppong.md#deal-and-turn). ``first`` defaults to random.

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
        if first is not None:
            _check_first(first, n)
        deck = list(DECK)
        shuffler.shuffle(deck)
        if first is None:
            first = shuffler.randrange(n)
        if seed is None:
            seed = seed_of_deal(deck, first)
        hands = [deck[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(n)]
        return cls(
            rules=rules,
            hands=hands,
            pile=deck[n * HAND_SIZE :],
            first=first,
            turn=first,
            laid=[[] for _ in range(n)],
            seed=seed,
        )

    # -- reading the state --

    @property
    def players(self) -> int:
        return len(self.hands)

    def describe(self) -> str:
        """The state in a few words, used in error messages."""
        if self.phase == "over":
            return "the round is over"
        size = len(self.hands[self.turn])
        doing = "to start its turn" if self.phase == "turn" else "to discard"
        return f"seat {self.turn} {doing}, {size} cards in hand, {len(self.pile)} in the pile"

    def top(self) -> tuple[Card, int] | None:
        return self.discards[-1] if self.discards else None

    def claimant(self) -> int | None:
        """The seat that may ppong the top discard out of turn now, if any
        (reference/nylon-ppong.md#ppong)."""
        return self.claim if self.phase == "turn" else None

    def to_move(self) -> list[int]:
        """Seats with a decision to make now, in the order they are asked: claimant first."""
        if self.phase == "over":
            return []
        claimant = self.claimant()
        return [self.turn] if claimant is None else [claimant, self.turn]

    def view(self, seat: int) -> SeatView:
        return SeatView(self, seat)

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
        if self.phase != "turn":
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
        problem = self._turn_problem(seat, "turn")
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
            return f"{action!r} is not an action; actions are {', '.join(t.__name__ for t in _ACTION_TYPES)}"
        seat = action.seat
        if type(seat) is not int or not 0 <= seat < len(self.hands):
            return f"there is no seat {seat!r}"
        if self.phase == "over":
            return "the round is over"
        return check(self, action)

    # One check per action: when is it legal? (None: it is.)

    def _check_draw(self, action: Draw) -> str | None:
        return self._turn_problem(action.seat, "turn")

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
        seats = len(self.hands)
        if seats != self.rules.players:
            raise ValueError(f"the rules seat {self.rules.players} players, not {seats} hands")
        if not self.laid:
            self.laid = [[] for _ in range(seats)]
        if len(self.laid) != seats:
            raise ValueError(f"laid-out cards are listed for {len(self.laid)} seats, not {seats}")
        if not 0 <= self.turn < seats or not 0 <= self.first < seats:
            raise ValueError(f"turn and first must be seats 0-{seats - 1}")

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every legal action now, or only those of one seat."""
        if seat is not None and not (type(seat) is int and 0 <= seat < len(self.hands)):
            raise ValueError(f"there is no seat {seat!r} at this {len(self.hands)}-seat table")
        seats = range(self.players) if seat is None else [seat]
        candidates: list[Action] = []
        for s in seats:
            candidates += [Draw(s), Ppong(s), Pass(s), Stop(s), Declare(s)]
            candidates += [Discard(s, card) for card in self.hands[s]]
        return [action for action in candidates if self._problem(action) is None]

    # -- changing the state --

    def apply(self, action: Action) -> None:
        """Carry out one action, or raise :class:`IllegalAction` and change nothing."""
        problem = self._problem(action)
        if problem is not None:
            raise IllegalAction(action, problem, self.describe())
        self.history.append(action)
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
        self.turn, self.phase, self.drew = (seat + 1) % self.players, "turn", False
        self.claim = self._out_of_turn_claimant(card.month, seat)

    def _ppong(self, action: Ppong) -> None:
        seat = action.seat
        self.turns += 1
        # the top discard stays where it is (reference/nylon-ppong.md#ppong)
        card, discarder = self.discards[-1]
        hand = self.hands[seat]
        pair = [c for c in hand if c.month == card.month][:2]
        for c in pair:
            hand.remove(c)
        self.laid[seat] += pair
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

    def _out_of_turn_claimant(self, month: int, discarder: int) -> int | None:
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
        self.result = RoundResult(
            ended_by=ended_by,
            player=player,
            victim=victim,
            ledger=ledger,
            hands=tuple(Hand(tuple(hand)) for hand in self.hands),
            laid=tuple(Hand(tuple(cards)) for cards in self.laid),
            turns=self.turns,
            first=self.first,
            combination=combination,
        )

    def _repr_html_(self) -> str:
        from kit.render import round_html

        return round_html(self)

    def play(self, bots: Sequence[Bot]) -> RoundResult:
        """Let one bot per seat play the round out from here.

        In the claim window the claimant is asked first; if it passes, the seat
        whose turn it is decides.
        """
        _check_bots(bots, self.players)
        while self.result is None:
            seat = self.turn if self.claim is None or self.phase != "turn" else self.claim
            self.apply(bots[seat](SeatView(self, seat)))
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


def seed_of_deal(deck: Sequence[Card], first: int) -> str:
    """A seed string for a round dealt from an rng: read from the dealt order, drawing nothing.

    The same rng state deals the same cards, so it gives the same seed.

    >>> seed_of_deal(DECK, 0) == seed_of_deal(list(DECK), 0) != seed_of_deal(DECK, 1)
    True
    """
    # Card hashes are small ints, and tuples of ints hash alike in every process.
    return f"deal-{hash((first, *deck)) & 0xFFFF_FFFF_FFFF_FFFF:016x}"


def _check_first(first: object, players: int) -> None:
    if not isinstance(first, int) or isinstance(first, bool):
        raise TypeError(f"first must be a seat number (an int), not {first!r}")
    if not 0 <= first < players:
        raise ValueError(f"first must be a seat 0-{players - 1}, not {first}")


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
    results: list[RoundResult] = field(default_factory=list)
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
                "first": result.first,
                "ended_by": result.ended_by,
                "player": result.player,
            }
            row.update({f"seat {seat}": p for seat, p in enumerate(result.penalties)})
            rows.append(row)
        return pd.DataFrame(rows).set_index("round") if rows else pd.DataFrame()

    def next_first(self) -> int:
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
        self.current = Round.deal(self.rules, first=self.next_first(), rng=self.rng)
        return self.current

    def record(self) -> RoundResult:
        """Add the finished current round's penalties to the game (once; again is harmless)."""
        if self.current is None or self.current.result is None:
            raise ValueError("there is no finished round to record")
        if not self.results or self.results[-1] is not self.current.result:
            self.results.append(self.current.result)
        return self.current.result

    def play(self, bots: Sequence[Bot]) -> list[RoundResult]:
        """Play the remaining rounds with bots and return every round's result."""
        _check_bots(bots, self.rules.players)
        while not self.over:
            self.new_round().play(bots)
            self.record()
        return self.results
