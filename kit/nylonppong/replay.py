"""A learner's decision in a Nylon-ppong round, rebuilt from the few facts that fix it, and
the idea a costly choice there got wrong.

A round in the play widget is fixed by its rules, its deck in dealt order and its
dealer, the bots round the table and the learner's choices: the engine's legal actions
come in a fixed order and the bots are deterministic given the round (even the random
one draws from the round's seed), so each choice is kept as its index in
``round.legal_actions(0)``. :class:`Position` holds them, as JSON-able data for the
learner's store; :func:`rebuild` plays the round again up to the next decision.
:func:`concept` names what a choice got wrong, for the drill card it becomes.

>>> from kit.nylonppong.game import Round
>>> from kit.nylonppong.rules import Rules
>>> dealt = Round.deal(Rules(players=3), dealer=1, seed=4)
>>> start = Position(tuple(dealt.deck()), dealt.dealer, ("greedy", "cautious"), ())
>>> Position.from_data(start.to_data()) == start
True
>>> round_ = rebuild(dealt.rules, start)
>>> round_.to_move(), round_.seed == Round.from_deck(dealt.rules, dealt.deck(), 1).seed
([0], True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.coach import Advice
from kit.hwatu import Card, CardNotationError
from kit.nylonppong.actions import Declare, Ppong, Stop
from kit.nylonppong.bots import BOTS
from kit.nylonppong.game import Round
from kit.nylonppong.rules import Rules
from kit.sim import check_way, choice_index

__all__ = ["CONCEPTS", "LEARNER", "Position", "choice_index", "concept", "rebuild"]

LEARNER = 0
"""The learner's seat in the play widget."""

CONCEPTS = ("stop", "ppong", "declare", "discard")
"""The ideas a Nylon-ppong drill card tests, as :func:`concept` names them."""


@dataclass(frozen=True)
class Position:
    """The way to one of the learner's decisions: the round's deck in dealt order, its
    dealer, the bot of each other seat (seat 1 on), and the learner's choices before it,
    each an index into ``legal_actions(0)`` at that moment."""

    deck: tuple[Card, ...]
    dealer: int
    bots: tuple[str, ...]
    choices: tuple[int, ...]

    def __post_init__(self) -> None:
        if not isinstance(self.deck, tuple) or not all(isinstance(c, Card) for c in self.deck):
            raise TypeError(f"deck must be a tuple of cards, not {self.deck!r:.60}")
        if isinstance(self.dealer, bool) or not isinstance(self.dealer, int):
            raise TypeError(f"dealer must be a seat number, not {self.dealer!r:.40}")
        check_way(self.bots, self.choices)

    def then(self, choice: int) -> Position:
        """This position's way with one more choice."""
        return Position(self.deck, self.dealer, self.bots, (*self.choices, choice))

    def to_data(self) -> dict[str, Any]:
        """JSON-able data that :meth:`from_data` reads back (cards in the kit's notation)."""
        return {
            "deck": [card.notation() for card in self.deck],
            "dealer": self.dealer,
            "bots": list(self.bots),
            "choices": list(self.choices),
        }

    @classmethod
    def from_data(cls, data: object) -> Position:
        """The position :meth:`to_data` wrote (other keys, such as a decision number, are
        ignored); ``ValueError`` naming ``data`` or its bad card when it is not one."""
        if not isinstance(data, dict) or not {"deck", "dealer", "bots", "choices"} <= set(data):
            raise ValueError(
                f"data must hold a round's deck, dealer, bots and choices, not {data!r:.80}"
            )
        deck, bots, choices = data["deck"], data["bots"], data["choices"]
        if not all(isinstance(part, list) for part in (deck, bots, choices)):
            raise ValueError(f"data: deck, bots and choices must be lists, not {data!r:.80}")
        try:
            cards = tuple(Card.parse(token) for token in deck)
            return cls(cards, data["dealer"], tuple(bots), tuple(choices))
        except (CardNotationError, TypeError) as error:
            raise ValueError(f"data: {error}") from None


def rebuild(rules: Rules, position: Position) -> Round:
    """The round of ``rules`` dealt from ``position.deck`` and played on as the play widget
    plays it (the bots answer first, then the learner's choice), up to the learner's next
    decision after the last choice. ``ValueError`` naming ``position`` if it does not fit:
    a wrong number of bots, a choice out of range, or a round over before the end."""
    round_ = Round.from_deck(rules, position.deck, position.dealer)
    if len(position.bots) != round_.players - 1:
        raise ValueError(
            f"position: {round_.players - 1} bots for this table, not {len(position.bots)}"
        )
    unknown = [name for name in position.bots if name not in BOTS]
    if unknown:
        raise ValueError(f"position: no Nylon-ppong bot called {unknown[0]!r}")
    made = 0
    while round_.phase != "over":
        movers = round_.to_move()
        seat = movers[0]
        if seat != LEARNER:
            round_.apply(BOTS[position.bots[seat - 1]](round_.view(seat)))
            continue
        legal = round_.legal_actions(LEARNER)
        if len(legal) < 2:  # no decision: the play widget's learner has one button to press
            round_.apply(legal[0])
            continue
        if made == len(position.choices):
            return round_
        choice = position.choices[made]
        if choice >= len(legal):
            raise ValueError(
                f"position: choice {made} is {choice}, but only {len(legal)} are legal"
            )
        round_.apply(legal[choice])
        made += 1
    raise ValueError(
        f"position: the round ends after {made} of its {len(position.choices)} choices"
    )


def concept(advice: Advice, chosen: Any) -> str:
    """The idea a choice got wrong against the coach's best:

    - ``"stop"``: a stop taken or not taken (the stop's odds);
    - ``"ppong"``: a ppong made or not made;
    - ``"declare"``: a combination declared or not;
    - else ``"discard"``: which card to throw.
    """
    kinds = {type(chosen), type(advice.best.action)}
    for kind, name in ((Stop, "stop"), (Declare, "declare"), (Ppong, "ppong")):
        if kind in kinds:
            return name
    return "discard"
