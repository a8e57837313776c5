"""Play a game of Nylon-ppong as seat 0 against bots, with the coach beside you.

Your cards are faces: a click on one discards it. Draw, ppong, stop and declare
are buttons, enabled only when legal. The *Hint* button steps through the
coach's three levels; the coach's table shows each choice's expected penalty and
win chance, a discard's rough cost and victim risk, and the exact odds;
after each round, the review sets each of your decisions against the coach's.

A game is ``rules.rounds`` rounds: the score table adds up each seat's penalty
points, and at the end the fewest points win. The house rules and the number of
players can be changed at any time; they take effect from the next game.

When a round ends, *What decided your round* tells its two or three turning points
(:mod:`kit.nylonppong.story`), each decision of yours among them with a *Replay this
decision* button that puts the round back at that moment, to choose again with the coach.

With a ``store`` (:class:`kit.progress.Store`) each round played to its end is kept
there, with every decision against the coach's; a decision whose expected penalty was
more than :func:`card_threshold` above the coach's best becomes a drill card, which
:class:`~kit.widgets.nylonppong.Drill` brings back.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from kit.coach import Advice
from kit.games import game
from kit.nylonppong.game import (
    Action,
    Declare,
    Discard,
    Draw,
    Game,
    Pass,
    Ppong,
    Round,
    SeatView,
    Stop,
)
from kit.nylonppong.replay import Position, concept, rebuild
from kit.nylonppong.rules import Rules
from kit.nylonppong.story import turning_points
from kit.progress import CARD_THRESHOLD, DrillCard, Store
from kit.render import round_html, round_result_html
from kit.render.coaching import review_html
from kit.render.faces import card_face_class, card_face_rule
from kit.render.spoken import said_by
from kit.render.table import html_table, text_cell
from kit.sim import choice_index
from kit.story import Move, TurningPoint
from kit.widgets.coaching import CoachBar, FaceSheet, face_button, one_move_tip
from kit.widgets.common import BOX, GOOD, MUTED, classed, guarded, heading
from kit.widgets.deal_story import StoryBox
from kit.widgets.drill_memory import costly_cards
from kit.widgets.memory_note import memory_note
from kit.widgets.play_loop import LearnerGame, chosen_bots

__all__ = ["PlayRound", "card_threshold", "matching"]

CARD_W, CARD_H = 50, 80
"""A card button, in pixels (1 : 1.6)."""
HAND_SLOTS = 7
"""At most seven cards in a hand (six, and one drawn)."""
MAX_SEATS = 6
"""The most players a Nylon-ppong table seats."""
GAME = game("nylonppong")
BOTS = GAME.bots


class PlayRound(LearnerGame, w.VBox):  # type: ignore[misc]
    """Play a game as seat 0 against bots, with the coach's hints, its table and a review.

    ``bots`` names the opponents from :data:`kit.nylonppong.bots.BOTS` ("coach"
    included): one name for all, or one per seat (by default the game's usual
    opponents); ``pace`` is the pause in
    seconds between the bots' moves (0: at once). The game lasts
    ``rules.rounds`` rounds; the house-rule controls set the next game's rules.

    When a round ends, :attr:`story` tells what decided it; :meth:`replay_decision` puts
    the round back at one of your decisions. The replayed round takes the first one's
    place in the game's score; in the ``store`` the round stays as first played, and the
    choice made again at a decision with a drill card is one review of that card.

    >>> game = PlayRound(seed=4, pace=0)
    >>> game.round.phase in ("draw", "discard", "over")
    True
    >>> game.act(Stop(0)) is None and "illegal" in game.error.value
    True
    """

    def __init__(
        self,
        rules: Rules = Rules(players=3),
        bots: Sequence[str] | str | None = None,
        seed: int | None = None,
        pace: float = 0.6,
        store: Store | None = None,
    ) -> None:
        if store is not None and not isinstance(store, Store):
            raise TypeError(f"store must be a kit.progress.Store or None, not {store!r:.60}")
        self.store = store
        """The learner's memory: each finished round is kept, costly decisions become cards."""
        self.cards: dict[int, DrillCard] = {}
        """The drill cards made from this round's decisions, by decision number."""
        names = chosen_bots(GAME.opponents if bots is None else bots, BOTS, MAX_SEATS - 1)
        if not GAME.owns(rules):
            raise TypeError(
                f"rules must be a {GAME.title} Rules value (kit.nylonppong.Rules), not {rules!r:.80}"
            )
        self.rules = rules
        self.bot_names = names[: rules.players - 1]
        self.seed = seed
        self.rounds_played = 0
        """The number of the current round in the current game (1 for the first)."""
        self.games = 0
        """Games started so far (the current one included)."""
        self.game = Game(rules, seed=0)
        self._start_play(pace)
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
        self.buttons["draw"].on_click(self.loop.click(lambda: self.act(Draw(self.HUMAN))))
        self.buttons["ppong"].on_click(self.loop.click(lambda: self.act(Ppong(self.HUMAN))))
        self.buttons["stop"].on_click(self.loop.click(lambda: self.act(Stop(self.HUMAN))))
        self.buttons["declare"].on_click(self.loop.click(lambda: self.act(Declare(self.HUMAN))))
        self.buttons["pass"].on_click(self.loop.click(lambda: self.act(Pass(self.HUMAN))))
        self.buttons["new"].on_click(lambda _: self.new_round())
        self.coach = CoachBar(self._advice_now)
        self.opponents = {
            seat: classed(
                w.Dropdown(
                    options=list(BOTS),
                    value=names[seat - 1],
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
        self.story = StoryBox(self.replay_decision, game_word="round")
        """What decided the round just finished, with *Replay this decision*."""
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
                memory_note(store),
                self.table,
                self.prompt,
                self.hand_buttons,
                w.HBox(list(self.buttons.values())),
                self.error,
                self.coach,
                self.loop.count,
                self.score,
                self.story,
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
            "kit-face-none", "kit-card", "", "", self.loop.click(lambda: self._card_clicked(index)),
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
        if self.game.over:
            self.new_game()
            return
        self.loop.restart()
        if self.game.current is not None and self.game.current.result is None:
            self.game.current = None  # an unfinished round is left, and does not count
        self.bot_names = [self.opponents[s].value for s in range(1, self.rules.players)]
        self._heading.value = (
            f"<b>Nylon-ppong: you against {len(self.bot_names)} bots</b> "
            f"<span style='{MUTED}'>("
            + html.escape(", ".join(f"Seat {s + 1}: {n}" for s, n in enumerate(self.bot_names)))
            + ")</span>"
        )
        self.round = self.game.new_round()
        self.rounds_played = len(self.game.results) + 1
        self._new_record()
        self._played = Position(
            tuple(self.round.deck()), self.round.dealer, tuple(self.bot_names), ()
        )
        self.paths: list[Position] = []
        """The way to each of this round's reviewed decisions (the store and *Replay this
        decision* rebuild it: :func:`kit.nylonppong.replay.rebuild`)."""
        self._advices: list[Advice] = []
        self.moves: list[Move] = []
        """Every move applied this round, for its story."""
        self._marks: list[tuple[int, int]] = []
        """How long the log and the moves were at each reviewed decision, to cut them back."""
        self.cards = {}
        self._redrill: tuple[int, DrillCard] | None = None
        self._remembered = False
        dealer = self.round.dealer
        first = "you start" if dealer == self.HUMAN else f"Seat {dealer} starts"
        self.events = [f"Round {self.rounds_played} of {self.rules.rounds}: {first}."]
        self.summary.value = ""
        self.story.clear()
        self.error.clear()
        self.loop.run()

    # -- moves --

    def _decider(self) -> int | None:
        """The seat to decide now: the out-of-turn claimant first, then the turn player."""
        moving = self.round.to_move()
        return moving[0] if moving else None

    def _bot_to_move(self) -> int | None:
        seat = self._decider()
        return None if seat == self.HUMAN else seat

    @property
    def your_move(self) -> bool:
        return self._decider() == self.HUMAN

    def _advice_now(self) -> Advice | None:
        if not self.your_move:
            return None
        view = self.round.view(self.HUMAN)
        if len(view.legal_actions()) < 2:
            return None
        return GAME.coach.advise(view)

    @guarded
    def act(self, action: Action) -> None:
        """Apply your action (illegal ones show their reason), then let the bots move."""
        advice = self.coach.advice if self.your_move else None
        words = _move_words(self.round, action)
        legal = self.round.legal_actions(self.HUMAN)
        decision = None
        if advice is not None and action in legal:
            decision = len(self.review.lines)
            self.paths.append(self._played)
            self._advices.append(advice)
            self._marks.append((len(self.events), len(self.moves)))
            self._played = self._played.then(choice_index(legal, action))
            self._redrilled(decision, advice, matching(advice, action))
        self.round.apply(action)
        self.moves.append(Move(self.HUMAN, action, decision))
        self.loop.moved()
        self._record(advice, action if advice is None else matching(advice, action))
        self.events.append(said_by(words, self.HUMAN))
        self.loop.run()

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

    def _bot_move(self, seat: int) -> bool:
        """The bot of ``seat`` moves; True if the learner sees the move (a pass is silent)."""
        action = BOTS[self.bot_names[seat - 1]](self.round.view(seat))
        words = _move_words(self.round, action)
        self.round.apply(action)
        self.moves.append(Move(seat, action))
        if isinstance(action, Pass):
            return False
        self.events.append(said_by(words, self.HUMAN))
        return True

    # -- showing --

    def _show(self) -> None:
        r = self.round
        view = r.view(self.HUMAN)
        mine = self.your_move
        legal_actions = view.legal_actions() if mine else []
        self.coach.decision(
            len(legal_actions) >= 2, finished=r.phase == "over", why=self._hint_why(legal_actions)
        )
        self.table.value = round_html(r, reveal=[self.HUMAN], you=self.HUMAN)
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
        self.history.value = self._history_html()
        if r.result is not None and not self.summary.value:
            self.game.record()
            self._remember()
            self.story.show(self.turning_points())
            self.summary.value = (
                f"<div style='{BOX}'>{round_result_html(r.result, you=self.HUMAN)}"
                f"{review_html(self.review, self.hints)}</div>"
            )
        self.buttons["new"].disabled = r.result is None or self.game.over
        self.score.value = self._score_html()

    # -- the story of the round --

    def turning_points(self) -> tuple[TurningPoint, ...]:
        """The moments that decided the round's penalty for you (:mod:`kit.nylonppong.story`);
        none while the round goes on."""
        result = self.round.result
        if result is None:
            return ()
        return turning_points(
            result,
            self.review,
            self.moves,
            you=self.HUMAN,
            threshold=card_threshold(self.rules),
        )

    @guarded
    def replay_decision(self, decision: int) -> None:
        """Back to your decision number ``decision`` (from 0) of this round, as it stood: the
        same hand, the same discard pile, rebuilt from the dealt deck
        (:func:`kit.nylonppong.replay.rebuild`). The review, the log and the moves are cut
        back to it, and you choose again, with the coach; a finished round leaves the
        game's score until the replayed round ends in its place."""
        decision = self._checked_decision(decision, len(self.paths), "round")
        round_ = rebuild(self.rules, self.paths[decision])
        self.loop.restart()
        finished = self.round.result
        if finished is not None and self.game.results and self.game.results[-1] is finished:
            self.game.results.pop()
        self.round = self.game.current = round_
        self._played = self.paths[decision]
        events, moves = self._marks[decision]
        del self._marks[decision:]
        self._replayed(decision, moves=moves, events=events)
        self.loop.run()

    # -- the learner's memory --

    def _remember(self) -> None:
        """Keep the round just ended in the store (once), and make a drill card of each
        decision that gave up more than :func:`card_threshold` of expected penalty."""
        result = self.round.result
        if self.store is None or self._remembered or result is None:
            return
        self._remembered = True
        self.store.record_deal(
            self.rules,
            seed=self.seed,
            lines=self.review.lines,
            net=result.penalties[self.HUMAN],
            dealt_in=result.victim == self.HUMAN,
        )
        self.cards = costly_cards(
            self.store,
            game=GAME.key,
            rules=self.rules,
            lines=self.review.lines,
            ways=[path.to_data() for path in self.paths],
            advices=self._advices,
            concept=concept,
            threshold=card_threshold(self.rules),
        )

    def _hint_why(self, legal: Sequence[Action]) -> str:
        """Why *Hint* is greyed out now, when the coach bar's own words do not say it."""
        if self.round.phase == "over":
            return "The round is over: nothing is left to decide this round"
        if len(legal) == 1:
            return one_move_tip(said_by(_move_words(self.round, legal[0]), self.HUMAN))
        return ""

    def seat_name(self, seat: int) -> str:
        return "You" if seat == self.HUMAN else f"Seat {seat} ({self.bot_names[seat - 1]})"

    def _score_html(self) -> str:
        """The game so far: the round number, the last round's and the total points per seat."""
        game, seats = self.game, range(self.rules.players)
        rows, classes = [], []
        if game.results:
            last = game.results[-1].penalties
            rows.append([f"round {len(game.results)}", *(str(last[seat]) for seat in seats)])
            classes.append("kit-play-score-last")
        totals = game.totals
        rows.append(["total", *(f"<b>{totals[seat]}</b>" for seat in seats)])
        classes.append("kit-play-score-total")
        if game.over:
            caption = f"Game {self.games}: over after {self.rules.rounds} rounds"
        else:
            caption = f"Game {self.games}: round {self.rounds_played} of {self.rules.rounds}"
        table = html_table(
            ["", *(text_cell(self.seat_name(seat)) for seat in seats)],
            rows,
            css_class="kit-play-score-table",
            caption=f"{caption} (penalty points: fewest wins)",
            column_styles=["font-weight:600", *("text-align:right" for _ in seats)],
            row_classes=classes,
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


def card_threshold(rules: Rules) -> float:
    """The expected penalty a choice must add, against the coach's best, to become a drill
    card: a tenth of a failed stop's penalty (3 points by default), and never less than
    the store's own threshold. Smaller gaps are within the noise of a round's luck."""
    return max(CARD_THRESHOLD, rules.failed_stop_penalty / 10)


def _move_words(round_: Round, action: Action) -> str:
    """What ``action`` does (not yet applied), in a sentence about seats: a ppong names the
    card it takes and whose it was."""
    top = round_.top()
    if isinstance(action, Ppong) and top is not None:
        return f"seat {action.seat} calls ppong on seat {top[1]}'s {top[0]}"
    return str(action)


def matching(advice: Advice, action: Action) -> Action:
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
    if phase == "draw":
        options = ["draw"]
        if view.can_ppong:
            options.append("ppong (you hold a pair of the top discard)")
        if view.can_stop:
            options.append(f"stop (your sum {sum(view.months)} ≤ {view.rules.stop_limit})")
        return "<b>Your turn:</b> " + ", or ".join(options) + "."
    if view.combination is not None:
        return f"<b>You drew into {html.escape(str(view.combination))}!</b> Declare it, or discard."
    return "<b>Discard:</b> click one of your cards."
