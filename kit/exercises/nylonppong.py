"""The exercises of the Nylon-ppong lessons, one small :class:`Exercise` each.

A lesson asks; the learner answers in a cell (``low_hand("1A 2A …")``) or in
the exercise's boxes (``low_hand.widget(["Your five cards"])``, which also works
on a Voila page). A first wrong answer gets a hint, a second different one the
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
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, cast

from kit.exercises import Exercise, Feedback, Verdict, blank
from kit.hwatu import Card, CardKind, Hand
from kit.nylonppong.rules import (
    Rules,
    combinations,
    no_combination_reason,
    settle_round,
    stop_allowed,
)

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "NO_ANSWER",
    "Question",
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

NO_ANSWER = "No answer yet: write one, then check it."
"""What a blank answer gets, in the notebook and on a Voila page alike."""


@dataclass
class Question(Exercise):
    """An :class:`Exercise` whose blank-answer prompt suits a cell and a widget alike."""

    prompt: str = NO_ANSWER

    def __call__(self, *answers: Any) -> Feedback:
        if not answers or any(blank(value) for value in answers):
            return Feedback(self.prompt, "missing")
        feedback = super().__call__(*answers)
        if feedback.kind == "right" and not feedback.text.endswith((".", "!")):
            return Feedback(feedback.text + ".", "right")
        return feedback


def _text(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise TypeError(f'write {what} as text between quotes, such as "1B 2A", not {value!r}')
    return value


def _count(cards: int) -> str:
    return "1 card" if cards == 1 else f"{cards} cards"


def _plus(months: Sequence[int]) -> str:
    return " + ".join(map(str, months))


# --- Lesson 1 -------------------------------------------------------------------------------


def _low_hand(answer: object) -> Verdict:
    hand = Hand.parse(_text(answer, "your hand"))
    if len(hand) != 5:
        raise ValueError(f"{hand.notation()} is {_count(len(hand))}; a Nylon-ppong hand has 5")
    said = f"{hand.notation()}: months {_plus(hand.months)}"
    if hand.total != 10:
        return Verdict(False, f"{said} sum to {hand.total}, not 10")
    return Verdict(True, f"right: {hand.notation()} sums to {_plus(hand.months)} = 10")


low_hand = Question(
    "nylonppong-1-low-hand",
    check=_low_hand,
    hint=(
        "five cards averaging 2 points each: use January (1), February (2) and one or two "
        "higher months. Each month has four different cards, such as 1B, 1R, 1J1, 1J2."
    ),
    answer="1B 1R 2A 2R 4A: 1 + 1 + 2 + 2 + 4 = 10 (many other hands work too).",
    prompt="No answer yet: write five cards, such as 1B 2A …, then check.",
)
"""Lesson 1, exercise 1: five cards whose months sum to 10."""


def _paulownia_bright(answer: object) -> Verdict:
    card = Card.parse(_text(answer, "the card").strip())
    if card.month_info.plant == "paulownia" and card.kind is CardKind.BRIGHT:
        return Verdict(
            True, f"right: {card.notation()}, {card.describe()}: in Korea paulownia is month 11"
        )
    if card.month_info.plant != "paulownia":
        return Verdict(False, f"{card.notation()} is {card.describe()}, not a paulownia card")
    return Verdict(False, f"{card.notation()} is a paulownia card, but not the bright")


paulownia_bright = Question(
    "nylonppong-1-paulownia-bright",
    check=_paulownia_bright,
    hint=("in the Korean order paulownia (오동) is not December; and a bright's letter is B."),
    answer="11B: paulownia is month 11 in Korea, and B marks the bright.",
    prompt="No answer yet: write one card, such as 9A, then check.",
)
"""Lesson 1, exercise 2: the notation of the paulownia bright."""


# --- Lesson 2 -------------------------------------------------------------------------------

CLAIM_SEED = 84
"""The deal of lesson 2, exercise 1."""


def claim_deal() -> Any:
    """Lesson 2, exercise 1's deal: seed 84, four players, seat 0 has drawn."""
    from kit.nylonppong.game import Draw, Round

    round_ = Round.deal(Rules(), first=0, seed=CLAIM_SEED)
    round_.apply(Draw(0))
    return round_


def _claimable_discard(answer: object) -> Verdict:
    from kit.nylonppong.game import Discard, Ppong

    card = Card.parse(_text(answer, "the card").strip())
    trial = claim_deal()
    if card not in trial.hands[0]:
        held = " ".join(c.notation() for c in trial.hands[0])
        return Verdict(False, f"seat 0 does not hold {card.notation()}; it holds {held}")
    trial.apply(Discard(0, card))
    claimant = trial.claimant()
    if claimant is not None:
        return Verdict(True, f"right: seat {claimant} may now ppong {card.notation()} out of turn")
    if Ppong(1) in trial.legal_actions():
        return Verdict(
            False,
            f"seat 1 may ppong {card.notation()}, but seat 1 plays next: that ppong is in turn",
        )
    return Verdict(False, f"nobody holds a pair of month {card.month}, so nobody may ppong it")


def _claimable_answer() -> str:
    from kit.nylonppong.game import Discard

    good = []
    for card in claim_deal().hands[0]:
        trial = claim_deal()
        trial.apply(Discard(0, card))
        if trial.claimant() is not None:
            good.append(
                f"{card.notation()} (seat {trial.claimant()} holds two of month {card.month})"
            )
    return "; ".join(good) + "."


claimable_discard = Question(
    "nylonppong-2-claimable-discard",
    check=_claimable_discard,
    hint=(
        "look for a month of which seat 0 holds one card and seat 2 or seat 3 holds two. "
        "Seat 1 plays next, so its ppong would be in turn."
    ),
    answer=_claimable_answer,
    prompt="No answer yet: write one of seat 0's cards, such as 4R, then check.",
)
"""Lesson 2, exercise 1: a discard that someone may ppong out of turn."""


def _stop_only_at_ten(answer: object) -> Verdict:
    pair = Hand.parse(_text(answer, "the two cards"))
    said = f"{pair.notation()} sums to {pair.total}"
    if len(pair) != 2:
        raise ValueError(f"{pair.notation()} is {_count(len(pair))}; a stop needs exactly 2")
    five, ten = stop_allowed(pair), stop_allowed(pair, Rules(stop_limit=10))
    if ten and not five:
        return Verdict(True, f"right: {said}: above 5, at most 10")
    if five:
        return Verdict(False, f"{said}: the default limit of 5 allows that stop already")
    return Verdict(False, f"{said}: above 10, so even limit 10 refuses it")


stop_only_at_ten = Question(
    "nylonppong-2-stop-only-at-ten",
    check=_stop_only_at_ten,
    hint="the two months must sum to more than 5 (the default limit) and to at most 10.",
    answer="any two cards summing to 6, 7, 8, 9 or 10, such as 2A 4A (2 + 4 = 6).",
    prompt="No answer yet: write two cards, such as 1B 2A, then check.",
)
"""Lesson 2, exercise 2: a stop that the stop limit 10 allows and the default 5 refuses."""


# --- Lesson 3 -------------------------------------------------------------------------------


def _six_cards(answer: object) -> Hand:
    hand = Hand.parse(_text(answer, "your six cards"))
    if len(hand) != 6:
        raise ValueError(f"{hand.notation()} is {_count(len(hand))}; a combination is 6")
    return hand


def _four_and_pair(answer: object) -> Verdict:
    hand = _six_cards(answer)
    found = combinations(hand)
    said = f"{hand.notation()} (months {' '.join(map(str, hand.months))}, sum {hand.total})"
    keys = [c.key for c in found]
    if "four-and-pair" not in keys:
        scored = f"it scores as {found[0]}" if found else "it makes no combination"
        return Verdict(False, f"{said} is not four of one month and two of another; {scored}")
    if found[0].value == -100:
        return Verdict(True, f"right: {said} is a four and a pair, but {found[0]} counts instead")
    return Verdict(False, f"{said} is a four and a pair, worth −50 and nothing better")


four_and_pair = Question(
    "nylonppong-3-four-and-pair",
    check=_four_and_pair,
    hint=(
        "two combinations are worth −100, and both look only at the sum of the months. "
        "Which one can four cards of one month and two of another also be?"
    ),
    answer="1B 1R 1J1 1J2 2A 2R: four Januaries and two Februaries sum to 8, so sib-bujok (−100).",
    prompt="No answer yet: write six cards, such as 1B 1R …, then check.",
)
"""Lesson 3, exercise 1: a four-and-pair that scores −100."""


def _straight_45(answer: object) -> Verdict:
    hand = _six_cards(answer)
    found = combinations(hand)
    said = f"{hand.notation()} (months {' '.join(map(str, hand.months))})"
    if not found:
        return Verdict(False, f"{said}: {no_combination_reason(hand)}")
    best = found[0]
    if best.key == "straight" and best.value == -45:
        return Verdict(
            True, f"right: {said} is a straight: {_plus(sorted(hand.months))} = 45, so −45"
        )
    if best.key == "straight":
        return Verdict(False, f"{said} is a straight worth {best.value}, not −45")
    return Verdict(False, f"{said} scores as {best}, not as a straight")


straight_45 = Question(
    "nylonppong-3-straight-45",
    check=_straight_45,
    hint=(
        "a straight is worth minus its sum. Six months in a row starting at s sum to "
        "6 × s + 15; which s makes 45?"
    ),
    answer="5A 6A 7A 8A 9A 10A: 5 + 6 + 7 + 8 + 9 + 10 = 45.",
    prompt="No answer yet: write six cards, such as 1B 2A …, then check.",
)
"""Lesson 3, exercise 2: a straight worth −45."""


# --- Lesson 4 -------------------------------------------------------------------------------

STOP_HANDS = ([1, 3], [2, 2], [5, 6, 7, 8, 9])
"""Lesson 4, exercise 1: seat 0 stops on 1 + 3; seat 1 holds 2 + 2."""


def _number(value: object) -> int:
    if isinstance(value, bool):
        raise TypeError(f"write a number, such as 12, not {value!r}")
    if isinstance(value, int):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str):
        text = value.strip().replace("−", "-")
        if re.fullmatch(r"-?\d+", text):
            return int(text)
    raise ValueError(f"{value!r} is not a whole number; write one, such as 12")


def _stop_penalty(answer: object) -> Verdict:
    guess = _number(answer)
    actual = settle_round(list(STOP_HANDS), ended_by="stop", player=0)[0]
    if guess == actual:
        return Verdict(True, f"right: seat 0 pays {actual}: 1 + 3 = 4, plus 30 for the failed stop")
    if guess == 4:
        return Verdict(False, "4 is seat 0's hand sum, but did its stop succeed?")
    return Verdict(False, f"seat 0 does not pay {guess}")


stop_penalty = Question(
    "nylonppong-4-stop-penalty",
    check=_stop_penalty,
    hint=(
        "compare seat 0's sum, 1 + 3, with seat 1's, 2 + 2. A stop succeeds only with a "
        "strictly lower sum than everyone else."
    ),
    answer=(
        "34. Seat 0's 1 + 3 = 4 ties with seat 1's 2 + 2, a tie is a failed stop (the kit's "
        "default reading), so seat 0 pays 4 + 30."
    ),
    prompt="No answer yet: write a number, such as 12, then check.",
)
"""Lesson 4, exercise 1: the penalty of a stop that ties."""

VICTIM_HANDS: tuple[list[int], ...] = ([4, 5, 6, 9, 11], [1, 2], [], [3, 8, 8, 10, 12])
"""Lesson 4, exercise 2: seat 2 goes out by ppong on seat 1's discard."""
VICTIM_RULES = Rules(ppong_victim_penalty=50)


def _numbers(value: object) -> list[int]:
    if isinstance(value, str):
        parts = [part for part in re.split(r"[\s,;\[\]()]+", value.strip()) if part]
        return [_number(part) for part in parts]
    if isinstance(value, Sequence):
        return [_number(part) for part in value]
    raise TypeError(f"write the four penalties as a list, such as [10, 20, 0, 30], not {value!r}")


def _victim_penalties(answer: object) -> Verdict:
    guess = _numbers(answer)
    if len(guess) != 4:
        raise ValueError(f"that is {len(guess)} numbers; write one per seat, 4 in all")
    actual = settle_round(
        list(VICTIM_HANDS), ended_by="ppong-out", player=2, victim=1, rules=VICTIM_RULES
    )
    shown = ", ".join(map(str, guess))
    if guess == actual:
        return Verdict(True, f"right: {shown}: the hand sums, 0 for seat 2, and seat 1 adds 50")
    wrong = [seat for seat in range(4) if guess[seat] != actual[seat]]
    seats = ", ".join(f"seat {seat}" for seat in wrong)
    return Verdict(False, f"{shown}: the number for {seats} is not right")


victim_penalties = Question(
    "nylonppong-4-victim-penalties",
    check=_victim_penalties,
    hint=(
        "every seat pays its hand sum; the player who went out holds nothing; "
        "the victim, seat 1, adds the victim penalty of this table."
    ),
    answer=(
        "[35, 53, 0, 41]: seat 0 pays 4 + 5 + 6 + 9 + 11 = 35, seat 1 pays 1 + 2 + 50 = 53, "
        "seat 2 went out and pays 0, seat 3 pays 3 + 8 + 8 + 10 + 12 = 41."
    ),
    prompt="No answer yet: write four numbers, seat 0 first, such as [10, 20, 0, 30], then check.",
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


def _answer_word(value: object) -> str:
    word = _text(value, "your prediction").strip().strip("\"'").lower()
    if word not in ("larger", "smaller"):
        raise ValueError(f"write larger or smaller, not {value!r}")
    return word


def predict_stop_failures(
    frames: Mapping[str, pd.DataFrame], low: str = "stop limit 5", high: str = "stop limit 10"
) -> Question:
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
    return Question(
        "nylonppong-5-predict-stop-failures",
        check=lambda word: Verdict(
            _answer_word(word) == truth,
            f"right: {truth}. {why}"
            if _answer_word(word) == truth
            else f"not {_answer_word(word)}",
        ),
        hint=(
            "a bigger limit lets players stop on higher sums. Is a stop on a high sum "
            "more or less likely to fail?"
        ),
        answer=f"{truth}. {why}.",
        prompt="No answer yet: write larger or smaller, then check.",
    )


COACH_HAND = (3, 6, 7, 8, 9, 10)
COACH_SEEN = (6, 3, 8)


def _coach_throw(answer: object) -> Verdict:
    from kit.nylonppong.coach import rank_discards

    month = _number(answer)
    throws = rank_discards(list(COACH_HAND), seen=list(COACH_SEEN)).set_index("discard")
    if str(month) not in throws.index:
        choices = ", ".join(throws.index)
        raise ValueError(f"there is no {month} in this hand; pick one of {choices}")
    best = throws.index[0]
    if str(month) == best:
        reason: object = throws.loc[best, "reason"]
        return Verdict(True, f"right. {reason}")
    outs = int(cast(int, throws.loc[str(month), "outs"]))
    return Verdict(False, f"throwing {month} keeps {outs} outs")


def _coach_answer() -> str:
    from kit.nylonppong.coach import rank_discards

    best = rank_discards(list(COACH_HAND), seen=list(COACH_SEEN)).iloc[0]
    return f"{best['discard']}. {best['reason']}"


coach_throw = Question(
    "nylonppong-5-coach-throw",
    check=_coach_throw,
    hint="which five of these cards are one card away from a combination (lesson 3)?",
    answer=_coach_answer,
    prompt="No answer yet: write a month from the hand, such as 9, then check.",
)
"""Lesson 5, exercise 3: the coach's discard from 3 6 7 8 9 10."""


# --- Lesson 5: an experiment ----------------------------------------------------------------

RULE_NAMES = tuple(f.name for f in fields(Rules))


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

    unknown = [name for name in changes if name not in RULE_NAMES]
    if unknown:
        raise ValueError(
            f"no house rule is called {', '.join(unknown)}; choose from {', '.join(RULE_NAMES)}"
        )
    if not changes:
        raise ValueError("change at least one rule, for example out_of_turn_ppong=False")
    mine = Rules(**changes)
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
