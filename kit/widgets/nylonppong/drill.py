"""The Nylon-ppong drill: a moment of a bot-played round, "what would you do?", the coach's answer.

Each position is a seat's decision somewhere in a seeded round: stop or draw, ppong or
pass, declare a combination, or which card to throw. Click a card or a button to answer;
the coach's table and your choice against its best follow, and the score counts the
answers as good as its best.

With a learner's store (:class:`kit.progress.Store`) the positions come first from the
learner's own costly decisions in the play widget (:class:`~kit.widgets.nylonppong.PlayRound`),
rebuilt as they stood (:mod:`kit.nylonppong.replay`): the cards that are due, then one of
the learner's weakest idea, then fresh positions. A line says why each was chosen, and
each answer reschedules its card.

>>> drill = Drill(seed=2)
>>> drill.choose(drill.advice.action), drill.right, drill.tried
(True, 1, 1)
"""

from __future__ import annotations

import html
import random
from dataclasses import replace
from functools import partial

import ipywidgets as w

from kit.coach import Advice
from kit.games import game
from kit.nylonppong.actions import Action, Declare, Discard, Draw, Pass, Ppong, Stop
from kit.nylonppong.game import Round
from kit.nylonppong.replay import LEARNER, Position, rebuild
from kit.nylonppong.rules import Rules
from kit.progress import DrillCard, Store, rules_from_data
from kit.render import round_html
from kit.render.coaching import advice_html
from kit.render.faces import card_face_class, card_face_rule
from kit.render.spoken import spoken_html
from kit.widgets.coaching import FaceSheet, face_button
from kit.widgets.common import BAD, BOX, GOOD, ErrorLine, classed, guarded, seed_box
from kit.widgets.drill_memory import DrillMemory, why_html
from kit.widgets.memory_note import memory_note
from kit.widgets.nylonppong.play import matching as _matching

__all__ = ["Drill"]

GAME = game("nylonppong")
CARD_W, CARD_H = 50, 80
"""A card button, in pixels (1 : 1.6), as in the play widget."""
HAND_SLOTS = 7
"""At most seven cards in a hand (six, and one drawn)."""
BUTTONS: dict[type[Action], tuple[str, str]] = {
    Draw: ("draw", "Draw"),
    Ppong: ("ppong", "Ppong 뽕"),
    Stop: ("stop", "Stop 스톱"),
    Declare: ("declare", "Declare"),
    Pass: ("pass", "Pass"),
}
"""Each kind of action a button plays: its class name and its label, as in the play widget."""


class Drill(w.VBox):  # type: ignore[misc]
    """What would you do? Nylon-ppong positions, the coach's answer, your running score.

    ``Drill(store=Store())`` drills your own costly decisions from the play widget first:
    those due, then one of your weakest idea, then fresh positions of ``rules``.
    """

    def __init__(
        self, rules: Rules = Rules(players=3), seed: int | None = None, store: Store | None = None
    ) -> None:
        if not GAME.owns(rules):
            raise TypeError(
                f"rules must be a {GAME.title} Rules value (kit.nylonppong.Rules), not {rules!r:.80}"
            )
        self.rules = rules
        self.store = store
        """The learner's memory: its drill cards come first, and each answer is kept."""
        self.memory = DrillMemory(store, GAME.key)
        self.card: DrillCard | None = None
        """The drill card the position at hand comes from (None: a fresh position)."""
        self.error = ErrorLine()
        self.right = 0
        self.tried = 0
        self.number = 0
        self.answered: Action | None = None
        self.faces = FaceSheet()
        self.seed = seed_box(seed, "kit-drill-seed")
        self.next_button = classed(
            w.Button(description="Next position", icon="forward"), "kit-drill-next"
        )
        self.next_button.on_click(lambda _: self.next_position())
        self.context = classed(w.HTML(), "kit-drill-context")
        self.why = classed(w.HTML(), "kit-drill-why")
        self.question = classed(w.HTML(), "kit-drill-question")
        self.card_buttons = [
            face_button(
                "kit-face-none", "kit-drill-card", "", "", partial(self._card_clicked, i),
                width=CARD_W, height=CARD_H,
            )
            for i in range(HAND_SLOTS)
        ]  # fmt: skip
        self.hand_row = classed(w.HBox(), "kit-drill-hand")
        self.buttons = {
            kind: classed(
                w.Button(description=label, layout=w.Layout(width="110px")), f"kit-drill-{name}"
            )
            for kind, (name, label) in BUTTONS.items()
        }
        for kind, button in self.buttons.items():
            button.on_click(partial(self._button_clicked, kind))
        self.answer = classed(w.HTML(), "kit-drill-answer")
        self.score = classed(w.HTML(), "kit-drill-score")
        super().__init__(
            [
                self.faces,
                w.HTML("<b>Nylon-ppong drill: what would you do?</b>"),
                memory_note(store),
                self.context,
                self.why,
                self.question,
                self.hand_row,
                w.HBox(list(self.buttons.values())),
                self.error,
                self.answer,
                w.HBox(
                    [self.score, self.next_button, self.seed], layout=w.Layout(align_items="center")
                ),
            ]
        )
        self.add_class("kit-drill")
        self.add_class("kit-drill-nylonppong")
        self.next_position()

    # -- positions --

    def position(self, seed: int, number: int) -> Round:
        """The round of position ``number`` of ``seed``: a seat with a choice to make."""
        bots = GAME.bots
        opponents = GAME.opponents
        names = [opponents[s % len(opponents)] for s in range(self.rules.players)]
        for attempt in range(50):
            rng = random.Random(f"{seed}:{number}:{attempt}")
            round_ = Round.deal(self.rules, seed=rng.randrange(10**9))
            stop = rng.randrange(0, 3 * len(round_.pile) // 4)
            while round_.phase != "over":
                seat = round_.to_move()[0]
                if round_.turns >= stop and len(round_.legal_actions(seat)) >= 2:
                    return round_
                round_.apply(bots[names[seat]](round_.view(seat)))
        raise ValueError("no position found for this seed; try another")

    def _rebuilt(self, card: DrillCard) -> tuple[Round, Advice] | None:
        """The round and the coach's advice of ``card``'s position, rebuilt; None when it
        does not fit (another game's rules, a way that no longer fits the round)."""
        position = card.position
        try:
            rules = rules_from_data(position["rules"]) if "rules" in position else self.rules
            if not GAME.owns(rules):
                return None
            round_ = rebuild(rules, Position.from_data(position))
        except (KeyError, TypeError, ValueError):
            return None
        return round_, GAME.coach.advise(round_.view(LEARNER))

    def weakest(self) -> str | None:
        """The idea the learner misses most (None without a store, or before any card)."""
        return self.memory.weakest()

    @guarded
    def next_position(self) -> None:
        """Deal the next position: a card from the learner's memory, or the seed's next."""
        self.number += 1
        remembered = self.memory.next(self._rebuilt)
        if remembered is None:
            self.card = None
            self.round = self.position(self.seed.value, self.number)
            self.seat = self.round.to_move()[0]
            self.advice = GAME.coach.advise(self.round.view(self.seat))
            self.why.value = "" if self.store is None else why_html("A fresh position.")
        else:
            self.card, (self.round, self.advice), words = remembered
            self.seat = LEARNER
            self.why.value = why_html(words)
        self.view = self.round.view(self.seat)
        self.legal = self.view.legal_actions()
        self.answered = None
        self._show()

    # -- answers --

    @guarded
    def choose(self, action: Action) -> bool:
        """Answer with ``action`` (a discard matches any card of its month): True if it is
        as good as the coach's best."""
        if self.answered is not None:
            raise ValueError("already answered: press Next position")
        if not isinstance(action, (Draw, Ppong, Stop, Declare, Pass, Discard)):
            raise ValueError(f"{action!r:.60} is not a Nylon-ppong action")
        action = replace(action, seat=self.seat)  # the seat in the position is yours
        if action not in self.legal:
            raise ValueError(f"{action} is not a choice in this position")
        good = self.advice.is_best(_matching(self.advice, action))
        self.answered = action
        if self.card is not None and self.store is not None:
            option = self.advice.option_for(_matching(self.advice, action))
            answer = option.label if option is not None else str(action)
            self.store.record_drill(self.card.id, answer, correct=good)
        self.tried += 1
        self.right += int(good)
        self._show()
        return good

    def _card_clicked(self, index: int) -> None:
        cards = list(self.view.hand)
        if index < len(cards):
            self.choose(Discard(self.seat, cards[index]))

    def _button_clicked(self, kind: type[Action], _: object) -> None:
        self.choose(kind(self.seat))  # type: ignore[call-arg]

    def button_for(self, action: Action) -> w.Button:
        """The button that gives ``action``: a card's face, or the action's button."""
        if isinstance(action, Discard):
            cards = list(self.view.hand)
            return self.card_buttons[cards.index(action.card)]
        return self.buttons[type(action)]

    # -- showing --

    def _show(self) -> None:
        view = self.view
        cards = list(view.hand)
        self.faces.ensure(card_face_rule(card) for card in cards)
        can_discard = any(isinstance(action, Discard) for action in self.legal)
        best = self.advice.action if self.answered is not None else None
        for card, button in zip(cards, self.card_buttons, strict=False):
            token = card.notation()
            suggested = isinstance(best, Discard) and best.card.month == card.month
            button._dom_classes = (
                "kit-face-button", "kit-face", card_face_class(card), "kit-card",
                "kit-drill-card", f"kit-drill-card-{token}",
                *(["kit-suggested"] if suggested else []),
            )  # fmt: skip
            button.description = token
            button.tooltip = f"{card.describe()} — throw it" if can_discard else card.describe()
            button.disabled = self.answered is not None or not can_discard
        self.hand_row.children = self.card_buttons[: len(cards)]
        kinds = {type(action) for action in self.legal}
        for kind, button in self.buttons.items():
            button.layout.display = None if kind in kinds else "none"
            button.disabled = self.answered is not None
        self.context.value = (
            f"<div class='kit-drill-table'><b>Position {self.number}</b>"
            f"{round_html(self.round, reveal=[self.seat], you=self.seat)}</div>"
        )
        self.question.value = (
            f"<div style='margin:6px 0'><b>{html.escape(_question(self.legal))}</b></div>"
        )
        if self.answered is None:
            self.answer.value = ""
        else:
            chosen = _matching(self.advice, self.answered)
            option = self.advice.option_for(chosen)
            good = self.advice.is_best(chosen)
            verdict = (
                f"<div class='kit-drill-verdict' style='color:{GOOD if good else BAD};font-weight:700'>"
                + ("Right: as good as the coach's best." if good else "Not the best.")
                + "</div>"
            )
            reason = option.reason if option is not None else ""
            self.answer.value = (
                f"<div style='{BOX}'>{verdict}"
                f"<div>{spoken_html(self.advice.hint(2, chosen=chosen))}</div>"
                + (f"<div>Your choice: {spoken_html(reason)}</div>" if reason else "")
                + advice_html(self.advice, chosen)
                + "</div>"
            )
        self.score.value = (
            f"<div style='margin-right:12px'><b>{self.right}</b> right of <b>{self.tried}</b> "
            f"tried</div>"
        )


def _question(legal: list[Action]) -> str:
    """What the position asks, from the choices it offers."""
    kinds = {type(action) for action in legal}
    if Pass in kinds:
        return "Out of turn: ppong the discard, or pass?"
    if Declare in kinds:
        return "You drew into a combination: declare it, or throw a card?"
    if kinds == {Discard}:
        return "Which card do you throw?"
    choices = [name for kind, (name, _) in BUTTONS.items() if kind in kinds]
    return f"Your turn: {', '.join(choices[:-1])} or {choices[-1]}?"
