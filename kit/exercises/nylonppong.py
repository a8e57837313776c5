"""The exercises of the Nylon-ppong lessons, one :class:`~kit.exercises.Question` each.

A lesson asks; the learner answers in a cell (``low_hand("1A 2A …")``) or in
the exercise's boxes (``low_hand.widget()``, which also works on a Voila page). A first wrong answer gets a hint, a second different one the
answer. A typo gets a message, never a traceback.

>>> low_hand("1B 1R 2A 2R 5A").kind
'hint'
>>> print(low_hand("1B 1R 2A 2R 5X"))  # doctest: +ELLIPSIS
The kit cannot read that: ...
>>> print(low_hand("1B 1R 2A 2R 4A"))
Right: 1B 1R 2A 2R 4A sums to 1 + 1 + 2 + 2 + 4 = 10.
>>> low_hand.reset()

Lesson 5 also has :func:`stops_by_sum` (how many stops at each hand sum, and how
many failed) and :func:`experiment` (a house rule changed, simulated against the
default table).
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from kit.exercises import Answer, Exercise, Feedback, Question, Verdict, among
from kit.exercises.answers import (
    HouseRules,
    Notation,
    OneOf,
    WholeNumbers,
    either,
    listed,
    text,
    whole_number,
)
from kit.hwatu import DECK, Card, CardKind, Hand
from kit.nylonppong.rules import (
    Rules,
    combinations,
    no_combination_reason,
    settle_round,
    stop_allowed,
)
from kit.words import signed

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "WORKED_FOUR_AND_PAIR",
    "claimable_discard",
    "coach_throw",
    "experiment",
    "experiment_widget",
    "four_and_pair",
    "low_hand",
    "paulownia_bright",
    "predict_stop_failures",
    "run_experiment",
    "stop_only_at_ten",
    "stop_penalty",
    "stops_by_sum",
    "straight_45",
    "victim_penalties",
]


def _count(cards: int) -> str:
    return "1 card" if cards == 1 else f"{cards} cards"


def _plus(months: Sequence[int]) -> str:
    return " + ".join(map(str, months))


def _cards(count: int, what: str) -> Callable[[object], Hand]:
    """A reader of exactly ``count`` cards in the kit's notation."""

    def read(value: object) -> Hand:
        hand = Hand.parse(text(value, what))
        if len(hand) != count:
            raise ValueError(f"{hand.notation()} is {_count(len(hand))}; write {count}")
        return hand

    return read


CARD = Notation(lambda written: Card.parse(written.strip()), "the card")
DEFAULT = Rules()


def _question(key: str, label: str, example: str, **parts: Any) -> Exercise:
    """A Nylon-ppong question with one box, whose blank prompt shows an example answer."""
    read = parts.pop("reader")
    prompt = f"No answer yet: write {example}, then check."
    return Exercise(Question(key, (Answer(label, read),), prompt=prompt, **parts))


# --- Lesson 1 -------------------------------------------------------------------------------

LOW_TOTAL = 10


def _low_hand(hand: Hand) -> Verdict:
    if hand.total != LOW_TOTAL:
        return Verdict(
            False, f"{hand.notation()}: months {_plus(hand.months)} sum to {hand.total}, not 10"
        )
    return Verdict(True, f"right: {hand.notation()} sums to {_plus(hand.months)} = {hand.total}")


low_hand = _question(
    "nylonppong-1-low-hand",
    "Your five cards",
    "five cards, such as 1B 2A …",
    reader=_cards(5, "your hand"),
    judge=_low_hand,
    hint=(
        "five cards averaging 2 points each: use January (1), February (2) and one or two "
        "higher months. Each month has four different cards, such as 1B, 1R, 1J1, 1J2."
    ),
    explanation="1B 1R 2A 2R 4A: 1 + 1 + 2 + 2 + 4 = 10 (many other hands work too).",
)
"""Lesson 1, exercise 1: five cards whose months sum to 10."""


def _paulownia_bright_card() -> Card:
    return next(
        card
        for card in DECK
        if card.month_info.plant == "paulownia" and card.kind is CardKind.BRIGHT
    )


def _not_the_bright(card: Card, truth: Card) -> str:
    if card.month_info.plant != truth.month_info.plant:
        return f"{card.notation()} is {card.describe()}, not a paulownia card"
    return f"{card.notation()} is a paulownia card, but not the bright"


paulownia_bright = _question(
    "nylonppong-1-paulownia-bright",
    "One card",
    "one card, such as 9A",
    reader=CARD,
    truth=_paulownia_bright_card,
    praise=lambda card, truth: (
        f"right: {card.notation()}, {card.describe()}: in Korea paulownia is month {card.month}"
    ),
    miss=_not_the_bright,
    hint="in the Korean order paulownia (오동) is not December; and a bright's letter is B.",
    explanation=lambda: (
        f"{_paulownia_bright_card().notation()}: paulownia is month "
        f"{_paulownia_bright_card().month} in Korea, and B marks the bright."
    ),
)
"""Lesson 1, exercise 2: the notation of the paulownia bright."""


# --- Lesson 2 -------------------------------------------------------------------------------

CLAIM_SEED = 84
"""The deal of lesson 2, exercise 1."""


def claim_deal() -> Any:
    """Lesson 2, exercise 1's deal: seed 84, four players, seat 0 has drawn."""
    from kit.nylonppong.game import Draw, Round

    round_ = Round.deal(Rules(), dealer=0, seed=CLAIM_SEED)
    round_.apply(Draw(0))
    return round_


def _claimants() -> dict[Card, int]:
    """Each card seat 0 may discard that another seat may ppong out of turn, and that seat."""
    from kit.nylonppong.game import Discard

    found = {}
    for card in claim_deal().hands[0]:
        trial = claim_deal()
        trial.apply(Discard(0, card))
        if trial.claimant() is not None:
            found[card] = trial.claimant()
    return found


def _not_claimable(card: Card, truth: dict[Card, int]) -> str:
    from kit.nylonppong.game import Discard, Ppong

    trial = claim_deal()
    if card not in trial.hands[0]:
        held = " ".join(c.notation() for c in trial.hands[0])
        return f"seat 0 does not hold {card.notation()}; it holds {held}"
    trial.apply(Discard(0, card))
    if Ppong(1) in trial.legal_actions():
        return f"seat 1 may ppong {card.notation()}, but seat 1 plays next: that ppong is in turn"
    return f"nobody holds a pair of month {card.month}, so nobody may ppong it"


claimable_discard = _question(
    "nylonppong-2-claimable-discard",
    "Seat 0 discards",
    "one of seat 0's cards, such as 4R",
    reader=CARD,
    truth=_claimants,
    accepts=among,
    praise=lambda card, truth: (
        f"right: seat {truth[card]} may now ppong {card.notation()} out of turn"
    ),
    miss=_not_claimable,
    hint=(
        "look for a month of which seat 0 holds one card and seat 2 or seat 3 holds two. "
        "Seat 1 plays next, so its ppong would be in turn."
    ),
    explanation=lambda: "; ".join(
        f"{card.notation()} (seat {seat} holds two of month {card.month})"
        for card, seat in _claimants().items()
    ),
)
"""Lesson 2, exercise 1: a discard that someone may ppong out of turn."""

WIDE = Rules(stop_limit=10)
"""Lesson 2, exercise 2's house rule: a wider stop limit."""


def _stop_only_wide(pair: Hand) -> Verdict:
    said = f"{pair.notation()} sums to {pair.total}"
    default, wide = stop_allowed(pair), stop_allowed(pair, WIDE)
    if wide and not default:
        return Verdict(
            True, f"right: {said}: above {DEFAULT.stop_limit}, at most {WIDE.stop_limit}"
        )
    if default:
        return Verdict(
            False, f"{said}: the default limit of {DEFAULT.stop_limit} allows that stop already"
        )
    return Verdict(
        False, f"{said}: above {WIDE.stop_limit}, so even limit {WIDE.stop_limit} refuses it"
    )


stop_only_at_ten = _question(
    "nylonppong-2-stop-only-at-ten",
    "Two cards",
    "two cards, such as 1B 2A",
    reader=_cards(2, "the two cards"),
    judge=_stop_only_wide,
    hint=(
        f"the two months must sum to more than {DEFAULT.stop_limit} (the default limit) "
        f"and to at most {WIDE.stop_limit}."
    ),
    explanation=(
        f"any two cards summing to {either(range(DEFAULT.stop_limit + 1, WIDE.stop_limit + 1))}, "
        f"such as 2A 4A (2 + 4 = 6)."
    ),
)
"""Lesson 2, exercise 2: a stop that the stop limit 10 allows and the default 5 refuses."""


# --- Lesson 3 -------------------------------------------------------------------------------

SIX = _cards(6, "your six cards")


def _described(hand: Hand) -> str:
    return f"{hand.notation()} (months {' '.join(map(str, hand.months))}, sum {hand.total})"


WORKED_FOUR_AND_PAIR = (1, 1, 1, 1, 2, 2)
"""The months of the four and a pair lesson 3 works through before its exercise 1."""


def _four_and_pair(hand: Hand) -> Verdict:
    found, said = combinations(hand), _described(hand)
    four = next((c for c in found if c.key == "four-and-pair"), None)
    if four is None:
        scored = f"it scores as {found[0]}" if found else "it makes no combination"
        return Verdict(False, f"{said} is not four of one month and two of another; {scored}")
    if sorted(hand.months) == list(WORKED_FOUR_AND_PAIR):
        return Verdict(
            False,
            f"{said} is the lesson's own example; find another four and a pair that "
            f"scores {signed(found[0].value)}",
        )
    if found[0].value < four.value:
        return Verdict(True, f"right: {said} is a four and a pair, but {found[0]} counts instead")
    return Verdict(
        False, f"{said} is a four and a pair, worth {signed(four.value)} and nothing better"
    )


four_and_pair = _question(
    "nylonppong-3-four-and-pair",
    "Six cards",
    "six cards, such as 1B 1R …",
    reader=SIX,
    judge=_four_and_pair,
    hint=(
        "two combinations are worth −100, and both look only at the sum of the months. "
        "Which one can four cards of one month and two of another also be?"
    ),
    explanation=lambda: (
        f"1B 1R 1J1 1J2 3B 3R: four Januaries and two Marches sum to 10, so "
        f"{combinations(Hand.parse('1B 1R 1J1 1J2 3B 3R'))[0]}; four Februaries and two "
        "Januaries sum to 10 as well."
    ),
)
"""Lesson 3, exercise 1: a four-and-pair that a better combination outscores."""

STRAIGHT_VALUE = -45


def _straight_45(hand: Hand) -> Verdict:
    found, said = (
        combinations(hand),
        f"{hand.notation()} (months {' '.join(map(str, hand.months))})",
    )
    if not found:
        return Verdict(False, f"{said}: {no_combination_reason(hand)}")
    best = found[0]
    if best.key == "straight" and best.value == STRAIGHT_VALUE:
        return Verdict(
            True,
            f"right: {said} is a straight: {_plus(sorted(hand.months))} = {-best.value}, "
            f"so {signed(best.value)}",
        )
    if best.key == "straight":
        return Verdict(False, f"{said} is a straight worth {signed(best.value)}, not −45")
    return Verdict(False, f"{said} scores as {best}, not as a straight")


straight_45 = _question(
    "nylonppong-3-straight-45",
    "Six cards",
    "six cards, such as 1B 2A …",
    reader=SIX,
    judge=_straight_45,
    hint=(
        "a straight is worth minus its sum. Six months in a row starting at s sum to "
        "6 × s + 15; which s makes 45?"
    ),
    explanation="5A 6A 7A 8A 9A 10A: 5 + 6 + 7 + 8 + 9 + 10 = 45.",
)
"""Lesson 3, exercise 2: a straight worth −45."""


# --- Lesson 4 -------------------------------------------------------------------------------

STOP_HANDS = ([1, 3], [2, 2], [5, 6, 7, 8, 9])
"""Lesson 4, exercise 1: seat 0 stops on 1 + 3; seat 1 holds 2 + 2."""


def _stop_penalty() -> int:
    return settle_round(list(STOP_HANDS), ended_by="stop", player=0)[0]


stop_penalty = _question(
    "nylonppong-4-stop-penalty",
    "Seat 0 pays",
    "a number, such as 12",
    reader=whole_number,
    truth=_stop_penalty,
    praise=lambda paid, truth: (
        f"right: seat 0 pays {truth}: 1 + 3 = {sum(STOP_HANDS[0])}, plus "
        f"{DEFAULT.failed_stop_penalty} for the failed stop"
    ),
    diagnoses=lambda truth: {
        sum(STOP_HANDS[0]): f"{sum(STOP_HANDS[0])} is seat 0's hand sum, but did its stop succeed?"
    },
    miss=lambda paid, truth: f"seat 0 does not pay {paid}",
    hint=(
        "compare seat 0's sum, 1 + 3, with seat 1's, 2 + 2. A stop succeeds only with a "
        "strictly lower sum than everyone else."
    ),
    explanation=lambda: (
        f"{_stop_penalty()}. Seat 0's 1 + 3 = 4 ties with seat 1's 2 + 2, a tie is a failed "
        f"stop (the kit's default reading), so seat 0 pays 4 + {DEFAULT.failed_stop_penalty}."
    ),
)
"""Lesson 4, exercise 1: the penalty of a stop that ties."""

VICTIM_HANDS: tuple[list[int], ...] = ([4, 5, 6, 9, 11], [1, 2], [], [3, 8, 8, 10, 12])
"""Lesson 4, exercise 2: seat 2 goes out by ppong on seat 1's discard."""
VICTIM_RULES = Rules(ppong_victim_penalty=50)


def _victim_penalties() -> tuple[int, ...]:
    return tuple(
        settle_round(
            list(VICTIM_HANDS), ended_by="ppong-out", player=2, victim=1, rules=VICTIM_RULES
        )
    )


def _wrong_seats(guess: tuple[int, ...], truth: tuple[int, ...]) -> str:
    seats = listed(f"seat {seat}" for seat in range(len(truth)) if guess[seat] != truth[seat])
    return f"{', '.join(map(str, guess))}: the number for {seats} is not right"


def _victim_explained() -> str:
    paid = _victim_penalties()
    sums = [f"{_plus(hand)} = {sum(hand)}" for hand in VICTIM_HANDS]
    victim = f"{_plus(VICTIM_HANDS[1])} + {VICTIM_RULES.ppong_victim_penalty} = {paid[1]}"
    return (
        f"{list(paid)}: seat 0 pays {sums[0]}, seat 1 pays {victim}, seat 2 went out and "
        f"pays 0, seat 3 pays {sums[3]}."
    )


victim_penalties = _question(
    "nylonppong-4-victim-penalties",
    "Penalties, seat 0 first",
    "four numbers, seat 0 first, such as [10, 20, 0, 30]",
    reader=WholeNumbers(len(VICTIM_HANDS), "one per seat"),
    truth=_victim_penalties,
    praise=lambda paid, truth: (
        f"right: {', '.join(map(str, paid))}: the hand sums, 0 for seat 2, and seat 1 adds "
        f"{VICTIM_RULES.ppong_victim_penalty}"
    ),
    miss=_wrong_seats,
    hint=(
        "every seat pays its hand sum; the player who went out holds nothing; "
        "the victim, seat 1, adds the victim penalty of this table."
    ),
    explanation=_victim_explained,
)
"""Lesson 4, exercise 2: four penalties after a ppong-out at a table where the victim pays 50."""


# --- Lesson 5 -------------------------------------------------------------------------------


def stops_by_sum(frames: Mapping[str, pd.DataFrame]) -> pd.DataFrame:
    """For each rule set, the stops made at each hand sum and the share of them that failed.

    ``frames`` maps a label to a :func:`kit.nylonppong.sim.simulate` table. One
    row per hand sum, and a last ``all`` row; per label the columns are
    ``stops`` (how many), ``failed`` and ``share failed``.
    """
    import pandas as pd

    parts = {}
    for label, frame in frames.items():
        stops = frame[frame["ended_by"] == "stop"]
        grouped = stops.groupby(stops["stop_sum"].astype(int))["stop_failed"]
        table = pd.DataFrame({"stops": grouped.size(), "failed": grouped.sum().astype(int)})
        table.loc["all"] = [int(table["stops"].sum()), int(table["failed"].sum())]
        table["share failed"] = (table["failed"] / table["stops"]).map("{:.0%}".format)
        parts[label] = table
    joined = pd.concat(parts, axis=1)
    order = [*sorted(i for i in joined.index if i != "all"), "all"]
    joined = joined.reindex(order)
    for label in frames:
        for column in ("stops", "failed"):
            joined[(label, column)] = joined[(label, column)].fillna(0).astype(int)
        joined[(label, "share failed")] = joined[(label, "share failed")].fillna("–")
    joined.index.name = "hand sum"
    return joined


def predict_stop_failures(
    frames: Mapping[str, pd.DataFrame], low: str = "stop limit 5", high: str = "stop limit 10"
) -> Exercise:
    """Lesson 5, exercise 1, on the lesson's two simulations: more or fewer failed stops?"""
    stops = {label: frames[label][frames[label]["ended_by"] == "stop"] for label in (low, high)}
    shares = {label: float(stops[label]["stop_failed"].mean()) for label in (low, high)}
    truth = "larger" if shares[high] > shares[low] else "smaller"
    limit_low = int(frames[low].attrs["rules"].stop_limit)
    by_sum = {
        label: {
            int(cast(float, total)): float(share)
            for total, share in stops[label].groupby("stop_sum")["stop_failed"].mean().items()
        }
        for label in (low, high)
    }
    lower_everywhere = all(
        share <= by_sum[low][total] + 0.01
        for total, share in by_sum[high].items()
        if total in by_sum[low]
    )
    risky = stops[high][stops[high]["stop_sum"] > limit_low]
    stops_high, stops_above = len(stops[high]), len(risky)
    failed_above = int(risky["stop_failed"].sum())
    why = (
        f"{shares[high]:.0%} of stops failed with {high} against {shares[low]:.0%} with {low}. "
        + (
            f"At sums up to {limit_low} the {high} stops fail about as often or less. "
            if lower_everywhere
            else ""
        )
        + f"But {high} also allows stops on sums above {limit_low}: {stops_above} of its "
        f"{stops_high} stops were made there, and {failed_above} of those failed. "
        + (
            "Those risky stops pull the overall share up: the table below counts the stops "
            "at each sum"
            if truth == "larger"
            else "The table below counts the stops at each sum"
        )
    )
    return _question(
        "nylonppong-5-predict-stop-failures",
        "larger or smaller",
        "larger or smaller",
        reader=OneOf(("larger", "smaller")),
        truth=lambda: truth,
        praise=lambda word, truth: f"right: {truth}. {why}",
        hint=(
            "a bigger limit lets players stop on higher sums. Is a stop on a high sum "
            "more or less likely to fail?"
        ),
        explanation=f"{truth}. {why}.",
    )


COACH_HAND = (3, 6, 7, 8, 9, 10)
COACH_SEEN = (6, 3, 8)


def _coach_ranking() -> pd.DataFrame:
    from kit.nylonppong.coach import rank_discards

    return rank_discards(list(COACH_HAND), seen=list(COACH_SEEN)).set_index("discard")


coach_throw = _question(
    "nylonppong-5-coach-throw",
    "Month to throw",
    "a month from the hand, such as 9",
    reader=OneOf([str(month) for month in COACH_HAND], "pick one of the hand's months,"),
    truth=lambda: str(_coach_ranking().index[0]),
    praise=lambda month, truth: f"right. {_coach_ranking().loc[truth, 'reason']}",
    miss=lambda month, truth: (
        f"throwing {month} keeps {int(cast(int, _coach_ranking().loc[month, 'outs']))} outs"
    ),
    hint="which five of these cards are one card away from a combination (lesson 3)?",
    explanation=lambda: f"{_coach_ranking().index[0]}. {_coach_ranking().iloc[0]['reason']}",
)
"""Lesson 5, exercise 3: the coach's discard from 3 6 7 8 9 10."""


# --- Lesson 5: an experiment ----------------------------------------------------------------


@dataclass(frozen=True)
class Experiment:
    """A house rule changed, simulated against the default table with the same bots and seed."""

    rules: Rules
    guess: str
    table: pd.DataFrame
    moved: bool

    def _repr_html_(self) -> str:
        parts = []
        if self.guess.strip():
            parts.append(f"<p><b>Your guess:</b> {html.escape(self.guess.strip())}</p>")
        else:
            parts.append(
                "<p><i>No guess written: a guess written down first is easier to check.</i></p>"
            )
        parts.append("<p><b>Your rules:</b></p>" + self.rules._repr_html_())
        if not self.moved:
            parts.append(
                "<p><b>This change had no effect</b>: every round ended the same way with the "
                "same penalties. The bots may ignore this rule; try another one.</p>"
            )
        parts.append(self.table.to_html(classes="kit-experiment-table", border=0))
        return f'<div class="kit-experiment">{"".join(parts)}</div>'


def experiment(guess: str = "", *, rounds: int = 2000, seed: int = 0, **changes: Any) -> Experiment:
    """Simulate the default table and the table with ``changes`` (house rules), side by side.

    ``experiment("seat 0 pays less", out_of_turn_ppong=False)``. A misspelt rule
    or a value out of range is refused with a message naming it.
    """
    import pandas as pd

    from kit.nylonppong.sim import simulate

    if not changes:
        raise ValueError("change at least one rule, for example out_of_turn_ppong=False")
    mine = HouseRules(Rules)(changes)
    default = Rules(players=mine.players)
    frames = {
        "default rules": simulate(rounds, rules=default, seed=seed),
        "your rules": simulate(rounds, rules=mine, seed=seed),
    }
    rows: dict[str, dict[str, object]] = {}
    for label, frame in frames.items():
        row: dict[str, object] = {}
        shares = frame["ended_by"].value_counts(normalize=True)
        for ending in ("combination", "stop", "ppong-out", "deck-empty"):
            row[f"ended by {ending}"] = f"{shares.get(ending, 0):.0%}"
        for seat in range(mine.players):
            row[f"seat {seat}: mean penalty"] = round(float(frame[f"penalty_{seat}"].mean()), 1)
        rows[label] = row
    penalties = [f"penalty_{seat}" for seat in range(mine.players)]
    moved = not (
        frames["default rules"][["ended_by", *penalties]]
        .reset_index(drop=True)
        .equals(frames["your rules"][["ended_by", *penalties]].reset_index(drop=True))
    )
    return Experiment(mine, guess, pd.DataFrame(rows), moved)


def run_experiment(guess: str = "", **changes: Any) -> Experiment | Feedback:
    """:func:`experiment`, with a typo turned into a message instead of a traceback."""
    try:
        return experiment(guess, **changes)
    except (ValueError, TypeError) as error:
        return Feedback(f"The kit cannot run that: {error}", "error")


EXPERIMENTS: dict[str, dict[str, Any]] = {
    "no out-of-turn ppong": {"out_of_turn_ppong": False},
    "stop limit 10": {"stop_limit": 10},
    "failed stop costs 50": {"failed_stop_penalty": 50},
    "ppong victim pays 50": {"ppong_victim_penalty": 50},
    "3 players": {"players": 3},
    "6 players": {"players": 6},
}
"""The house-rule changes the experiment widget offers."""


def experiment_widget() -> Any:
    """:func:`experiment` as a form: a guess, a house rule to change, and a *Run* button."""
    import ipywidgets as w
    from IPython.display import display

    guess = w.Textarea(
        description="Your guess",
        placeholder="Which seats gain or lose, and why?",
        layout=w.Layout(width="min(560px, 100%)", height="60px"),
        style={"description_width": "initial"},
    )
    change = w.Dropdown(
        options=list(EXPERIMENTS), description="Change", style={"description_width": "initial"}
    )
    button = w.Button(description="Run 2,000 rounds", icon="play", layout=w.Layout(width="180px"))
    out = w.Output()
    guess.add_class("kit-experiment-guess")
    change.add_class("kit-experiment-change")
    button.add_class("kit-experiment-run")
    out.add_class("kit-experiment-result")

    def run(_: object) -> None:
        button.disabled = True
        out.clear_output()
        with out:
            result = run_experiment(guess.value, **EXPERIMENTS[change.value])
            display(result)  # type: ignore[no-untyped-call]
        button.disabled = False

    button.on_click(run)
    box = w.VBox([guess, w.HBox([change, button]), out])
    box.add_class("kit-exercise")
    return box
