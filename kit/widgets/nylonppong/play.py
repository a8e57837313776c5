"""Play a game of Nylon-ppong as seat 0 against bots, with the coach beside you.

Your cards are faces: a click on one discards it. Draw, ppong, stop and declare
are buttons, enabled only when legal. The *Hint* button steps through the
coach's three levels; the coach's table shows its exact odds for each choice;
after each round, the review sets each of your decisions against the coach's.

A game is ``rules.rounds`` rounds: the score table adds up each seat's penalty
points, and at the end the fewest points win. The house rules and the number of
players can be changed at any time; they take effect from the next game.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from kit.coach import Advice, Review
from kit.nylonppong.bots import BOTS
from kit.nylonppong.coach import advise
from kit.nylonppong.game import (
    Action,
    Declare,
    Discard,
    Draw,
    Game,
    Pass,
    Ppong,
    SeatView,
    Stop,
)
from kit.nylonppong.rules import Rules
from kit.render import round_html, round_result_html
from kit.render.faces import card_face_class, card_face_rule
from kit.widgets.coaching import CoachBar, FaceSheet, Pacer, face_button, review_html, said_by
from kit.widgets.common import BOX, GOOD, MUTED, ErrorLine, classed, guarded, heading

__all__ = ["PlayRound"]

CARD_W, CARD_H = 50, 80
"""A card button, in pixels (1 : 1.6)."""
HAND_SLOTS = 7
"""At most seven cards in a hand (six, and one drawn)."""
MAX_SEATS = 6
"""The most players a Nylon-ppong table seats."""


class PlayRound(w.VBox):  # type: ignore[misc]
    """Play a game as seat 0 against bots, with the coach's hints, its table and a review.

    ``bots`` names the opponents from :data:`kit.nylonppong.bots.BOTS` ("coach"
    included): one name for all, or one per seat; ``pace`` is the pause in
    seconds between the bots' moves (0: at once). The game lasts
    ``rules.rounds`` rounds; the house-rule controls set the next game's rules.

    >>> game = PlayRound(seed=4, pace=0)
    >>> game.round.phase in ("turn", "discard", "over")
    True
    >>> game.act(Stop(0)) is None and "illegal" in game.error.value
    True
    """

    HUMAN = 0

    def __init__(
        self,
        rules: Rules = Rules(players=3),
        bots: Sequence[str] | str = ("greedy", "cautious"),
        seed: int | None = None,
        pace: float = 0.6,
    ) -> None:
        if isinstance(bots, str):
            bots = (bots,)
        if not bots:
            raise ValueError("bots: name at least one bot, e.g. bots=('greedy',)")
        for name in bots:
            if name not in BOTS:
                raise ValueError(f"bots: unknown bot {name!r}; choose from {', '.join(BOTS)}")
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a kit.nylonppong Rules value, not {rules!r}")
        self.rules = rules
        self.bot_names = [bots[seat % len(bots)] for seat in range(rules.players - 1)]
        self.seed = seed
        self.pacer = Pacer(pace)
        self.rounds_played = 0
        """The number of the current round in the current game (1 for the first)."""
        self.games = 0
        """Games started so far (the current one included)."""
        self.game = Game(rules, seed=0)
        self._generation = 0
        self.error = ErrorLine()
        self.events: list[str] = []
        self.review = Review()
        self.hints: list[int] = []
        """The hint level the learner had reached at each reviewed decision."""
        self.faces = FaceSheet()
        self.table = classed(w.HTML(), "kit-table-view")
        self.card_buttons = [self._card_slot(i) for i in range(HAND_SLOTS)]
        self._cards: list[Any] = []
        self.hand_buttons = classed(w.HBox(), "kit-your-hand")
        self.buttons = {
            name: w.Button(description=label, layout=w.Layout(width="110px"))
            for name, label in (
                ("draw", "Draw"), ("ppong", "Ppong 뽕"), ("stop", "Stop 스톱"),
                ("declare", "Declare"), ("pass", "Pass"), ("new", "Next round"),
            )
        }  # fmt: skip
        for name, button in self.buttons.items():
            button.add_class(f"kit-play-{name}")
        self.buttons["draw"].on_click(lambda _: self.act(Draw(self.HUMAN)))
        self.buttons["ppong"].on_click(lambda _: self.act(Ppong(self.HUMAN)))
        self.buttons["stop"].on_click(lambda _: self.act(Stop(self.HUMAN)))
        self.buttons["declare"].on_click(lambda _: self.act(Declare(self.HUMAN)))
        self.buttons["pass"].on_click(lambda _: self.act(Pass(self.HUMAN)))
        self.buttons["new"].on_click(lambda _: self.new_round())
        self.coach = CoachBar(self._advice_now)
        self.opponents = {
            seat: classed(
                w.Dropdown(
                    options=list(BOTS),
                    value=bots[(seat - 1) % len(bots)],
                    description=f"Seat {seat}",
                    layout=w.Layout(width="190px"),
                    style={"description_width": "50px"},
                ),
                f"kit-play-opponent-{seat}",
            )
            for seat in range(1, MAX_SEATS)
        }
        self.prompt = classed(w.HTML(), "kit-prompt")
        self.history = classed(w.HTML(), "kit-play-log")
        self.summary = classed(w.HTML(), "kit-round-summary")
        self.score = classed(w.HTML(), "kit-play-score")
        self.settings = self._settings(rules)
        self.settings_note = classed(w.HTML(), "kit-play-settings-note")
        self.new_game_button = classed(
            w.Button(description="New game", icon="refresh", layout=w.Layout(width="130px")),
            "kit-play-new-game",
        )
        self.new_game_button.on_click(lambda _: self.new_game())
        for control in self.settings.values():
            control.observe(lambda _: self._show_settings(), names="value")
        self.opponents_row = w.HBox(
            [
                w.HTML(f"<span style='{MUTED}'>Opponents (from the next round):</span>"),
                *list(self.opponents.values()),
            ],
            layout=w.Layout(flex_flow="wrap", align_items="center"),
        )
        settings_row = classed(
            w.VBox(
                [
                    w.HTML(
                        f"<span style='{MUTED}'>House rules and players (from the next game):</span>"
                    ),
                    w.HBox(
                        list(self.settings.values()),
                        layout=w.Layout(flex_flow="wrap", align_items="center"),
                    ),
                    w.HBox(
                        [self.new_game_button, self.settings_note],
                        layout=w.Layout(align_items="center"),
                    ),
                ]
            ),
            "kit-play-settings",
        )
        self._heading = heading("")
        super().__init__(
            [
                self.faces,
                self._heading,
                self.table,
                self.prompt,
                self.hand_buttons,
                w.HBox(list(self.buttons.values())),
                self.error,
                self.coach,
                self.score,
                self.summary,
                self.history,
                self.opponents_row,
                settings_row,
            ]
        )
        self.add_class("kit-play")
        self.new_game()

    @property
    def bots(self) -> list[object]:
        return [BOTS[name] for name in self.bot_names]

    def _card_slot(self, index: int) -> w.Button:
        button = face_button(
            "kit-face-none", "kit-card", "", "", lambda: self._card_clicked(index),
            width=CARD_W, height=CARD_H,
        )  # fmt: skip
        return button

    # -- the house rules of the next game --

    @staticmethod
    def _settings(rules: Rules) -> dict[str, Any]:
        def choice(name: str, label: str, options: Sequence[int], value: int) -> w.Dropdown:
            return classed(
                w.Dropdown(
                    options=sorted({*options, value}),
                    value=value,
                    description=label,
                    layout=w.Layout(width="auto"),
                    style={"description_width": "initial"},
                ),
                f"kit-play-{name}",
            )

        return {
            "players": choice("players", "Players", range(2, MAX_SEATS + 1), rules.players),
            "stop_limit": choice("stop-limit", "Stop limit", (5, 10), rules.stop_limit),
            "failed_stop_penalty": choice(
                "failed-stop", "Failed stop +", (30, 50), rules.failed_stop_penalty
            ),
            "ppong_victim_penalty": choice(
                "victim", "Ppong victim +", (30, 50), rules.ppong_victim_penalty
            ),
            "out_of_turn_ppong": classed(
                w.Checkbox(
                    value=rules.out_of_turn_ppong,
                    description="Ppong out of turn",
                    indent=False,
                    layout=w.Layout(width="auto"),
                ),
                "kit-play-out-of-turn",
            ),
        }

    @property
    def next_rules(self) -> Rules:
        """The rules the next game will be played with (the current game's, changed by the controls)."""
        values = {name: control.value for name, control in self.settings.items()}
        return Rules(**values, rounds=self.rules.rounds)

    def _show_settings(self) -> None:
        for seat, dropdown in self.opponents.items():
            shown = seat < max(self.rules.players, self.settings["players"].value)
            dropdown.layout.display = "" if shown else "none"
        if self.next_rules != self.rules:
            self.settings_note.value = f"<span style='{MUTED}'>&nbsp;These take effect when you press <i>New game</i>.</span>"
        else:
            self.settings_note.value = ""

    # -- games and rounds --

    def new_game(self) -> None:
        """Start a new game with the rules chosen in the controls (an unfinished game is left)."""
        self.rules = self.next_rules
        self.games += 1
        seed = None if self.seed is None else f"{self.seed}:game {self.games}"
        self.game = Game(self.rules, seed=seed)
        self._show_settings()
        self.new_round()

    def new_round(self) -> None:
        """Deal the game's next round (after the last round, a new game starts)."""
        self.pacer.cancel()
        if self.game.over:
            self.new_game()
            return
        self._generation += 1
        if self.game.current is not None and self.game.current.result is None:
            self.game.current = None  # an unfinished round is left, and does not count
        self.bot_names = [self.opponents[s].value for s in range(1, self.rules.players)]
        self._heading.value = (
            f"<b>You are seat 0; bots: {html.escape(', '.join(self.bot_names))}</b>"
        )
        self.round = self.game.new_round()
        self.rounds_played = len(self.game.results) + 1
        self.review = Review()
        self.hints = []
        first = "you start" if self.round.first == self.HUMAN else f"seat {self.round.first} starts"
        self.events = [f"Round {self.rounds_played} of {self.rules.rounds}: {first}."]
        self.summary.value = ""
        self.error.clear()
        self._run_bots()

    # -- moves --

    def _decider(self) -> int | None:
        r = self.round
        if r.phase == "over":
            return None
        return r.claim if r.phase == "turn" and r.claim is not None else r.turn

    @property
    def your_move(self) -> bool:
        return self._decider() == self.HUMAN

    def _advice_now(self) -> Advice | None:
        if not self.your_move:
            return None
        view = SeatView(self.round, self.HUMAN)
        if len(view.legal_actions()) < 2:
            return None
        return advise(view)

    @guarded
    def act(self, action: Action) -> None:
        """Apply your action (illegal ones show their reason), then let the bots move."""
        advice = self.coach.advice if self.your_move else None
        self.round.apply(action)
        if advice is not None:
            self.review.record(advice, _matching(advice, action))
            self.hints.append(self.coach.level)
        self.events.append(said_by(str(action), self.HUMAN))
        self._run_bots()

    def _card_clicked(self, index: int) -> None:
        if index >= len(self._cards):
            self.error.show("that card is no longer in your hand")
            return
        self.act(Discard(self.HUMAN, self._cards[index]))

    def button_for(self, action: Action) -> w.Button:
        """The button that plays ``action`` now (a card face for a discard)."""
        if isinstance(action, Discard):
            for card, button in zip(self._cards, self.card_buttons, strict=False):
                if card == action.card:
                    return button
            raise ValueError(f"no {action.card} in your hand")
        names = {Draw: "draw", Ppong: "ppong", Stop: "stop", Declare: "declare", Pass: "pass"}
        return self.buttons[names[type(action)]]

    def hint(self) -> str | None:
        """The next level of the coach's help (as the Hint button)."""
        return self._hint()

    @guarded
    def _hint(self) -> str:
        return self.coach.hint()

    def _run_bots(self) -> None:
        generation = self._generation

        def step() -> bool:
            if generation != self._generation:
                return False
            paced = self.pacer.pace > 0 and self.pacer._loop_now() is not None
            try:
                more = self._bot_moves(paced=paced)
            except Exception as error:  # a bot's failure shows, never a traceback
                self.error.show(f"Something went wrong ({type(error).__name__}: {error})")
                more = False
            self._show()
            return more

        self._show()
        self.pacer.start(step)

    def _bot_moves(self, *, paced: bool) -> bool:
        """Apply bot moves; paced, stop after one the learner would see. True if more remain."""
        while True:
            seat = self._decider()
            if seat is None or seat == self.HUMAN:
                return False
            bot = BOTS[self.bot_names[seat - 1]]
            action = bot(SeatView(self.round, seat))
            self.round.apply(action)
            if not isinstance(action, Pass):
                self.events.append(said_by(str(action), self.HUMAN))
                if paced:
                    following = self._decider()
                    return following is not None and following != self.HUMAN

    # -- showing --

    def _show(self) -> None:
        r = self.round
        view = SeatView(r, self.HUMAN)
        mine = self.your_move
        legal_actions = view.legal_actions() if mine else []
        self.coach.decision(len(legal_actions) >= 2, finished=r.phase == "over")
        self.table.value = round_html(r, reveal=[self.HUMAN], names={self.HUMAN: "You"})
        legal = {type(action) for action in legal_actions}
        for name, kind in (("draw", Draw), ("ppong", Ppong), ("stop", Stop),
                           ("declare", Declare), ("pass", Pass)):  # fmt: skip
            self.buttons[name].disabled = kind not in legal
        can_discard = Discard in legal
        self._cards = list(view.hand)
        self.faces.ensure(card_face_rule(card) for card in self._cards)
        for card, button in zip(self._cards, self.card_buttons, strict=False):
            token = card.notation()
            button._dom_classes = (
                "kit-face-button", "kit-face", card_face_class(card), "kit-card",
                f"kit-card-{token}", f"kit-play-card-{token}",
            )  # fmt: skip
            button.description = token
            button.tooltip = f"{card.describe()} — discard it" if can_discard else card.describe()
            button.disabled = not can_discard
        self.hand_buttons.children = self.card_buttons[: len(self._cards)]
        self.prompt.value = f"<div>{_prompt(view, mine)}</div>"
        self.history.value = (
            f"<div style='{MUTED};font-size:0.9em'>"
            + "<br>".join(html.escape(e[:1].upper() + e[1:]) for e in self.events[-8:])
            + "</div>"
        )
        if r.result is not None and not self.summary.value:
            self.game.record()
            self.summary.value = (
                f"<div style='{BOX}'>{round_result_html(r.result)}"
                f"{review_html(self.review, self.hints)}</div>"
            )
        self.buttons["new"].disabled = r.result is None or self.game.over
        self.score.value = self._score_html()

    def seat_name(self, seat: int) -> str:
        return "You" if seat == self.HUMAN else f"Seat {seat} ({self.bot_names[seat - 1]})"

    def _score_html(self) -> str:
        """The game so far: the round number, the last round's and the total points per seat."""
        game, seats = self.game, range(self.rules.players)
        cell = "padding:2px 8px;text-align:right;border-bottom:1px solid #e6e0d4"
        head = "".join(
            f"<th style='{cell}'>{html.escape(self.seat_name(seat))}</th>" for seat in seats
        )
        rows = []
        if game.results:
            last = game.results[-1].penalties
            rows.append(
                f"<tr class='kit-play-score-last'><th style='{cell};text-align:left'>"
                f"round {len(game.results)}</th>"
                + "".join(f"<td style='{cell}'>{last[seat]}</td>" for seat in seats)
                + "</tr>"
            )
        totals = game.totals
        rows.append(
            f"<tr class='kit-play-score-total'><th style='{cell};text-align:left'>total</th>"
            + "".join(f"<td style='{cell}'><b>{totals[seat]}</b></td>" for seat in seats)
            + "</tr>"
        )
        if game.over:
            caption = f"Game {self.games}: over after {self.rules.rounds} rounds"
        else:
            caption = f"Game {self.games}: round {self.rounds_played} of {self.rules.rounds}"
        table = (
            "<table class='kit-play-score-table' style='border-collapse:collapse;font-size:13px'>"
            f"<caption style='text-align:left;font-weight:600'>{caption} "
            f"<span style='{MUTED};font-weight:normal'>(penalty points: fewest wins)</span>"
            f"</caption><tr><th></th>{head}</tr>{''.join(rows)}</table>"
        )
        return f"<div style='{BOX}'>{table}{self._winner_html()}</div>"

    def _winner_html(self) -> str:
        if not self.game.over:
            return ""
        totals, winners = self.game.totals, self.game.winners
        names = [self.seat_name(seat) for seat in winners]
        best = totals[winners[0]]
        if len(winners) > 1:
            said = (
                f"A tie: {', '.join(names[:-1])} and {names[-1]} share the win with {best} points."
            )
        elif winners[0] == self.HUMAN:
            said = f"You win the game with {best} points, the fewest!"
        else:
            said = (
                f"{names[0]} wins the game with {best} points, the fewest; "
                f"you have {totals[self.HUMAN]}."
            )
        return (
            f"<div class='kit-play-winner' style='color:{GOOD};font-weight:600;margin-top:4px'>"
            f"{html.escape(said)} Press <i>New game</i> to play again.</div>"
        )


def _matching(advice: Advice, action: Action) -> Action:
    """The coach's option for ``action``: a discard matches any card of the same month."""
    if isinstance(action, Discard):
        for option in advice.options:
            if isinstance(option.action, Discard) and option.action.card.month == action.card.month:
                return option.action
    return action


def _prompt(view: SeatView, mine: bool) -> str:
    phase = view.phase
    if phase == "over":
        return "<b>The round is over.</b> Press <i>Next round</i> to go on."
    if not mine:
        return f"<span style='{MUTED}'>The others are playing…</span>"
    if phase == "claim":
        return "<b>Out-of-turn ppong?</b> You hold a pair of the top discard: Ppong or Pass."
    if phase == "turn":
        options = ["draw"]
        if view.can_ppong:
            options.append("ppong (you hold a pair of the top discard)")
        if view.can_stop:
            options.append(f"stop (your sum {sum(view.months)} ≤ {view.rules.stop_limit})")
        return "<b>Your turn:</b> " + ", or ".join(options) + "."
    if view.combination is not None:
        return f"<b>You drew into {html.escape(str(view.combination))}!</b> Declare it, or discard."
    return "<b>Discard:</b> click one of your cards."
