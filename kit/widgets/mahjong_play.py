"""What the two mahjong play widgets share: a deal against bots, with the coach.

:class:`MahjongPlay` is one deal as seat 0 against bots: the learner's hand as tile
faces (a click discards), the table as the seat sees it, claim buttons only when
legal, bots moving at a pace a person can follow (:mod:`kit.widgets.play_loop`),
the coach's *Hint* and table, and at the end the scored hands, the money and the
review. The drill is :mod:`kit.widgets.mahjong_drill`; what both read of their game
is :mod:`kit.widgets.mahjong_parts`.

Each game's module says what differs (:mod:`kit.widgets.sichuan.play`,
:mod:`kit.widgets.hongkong.play` and their ``drill`` modules): the table and its
rules, the bots, the coach, and what the table notes beside each seat (the void
and the wins in Sichuan, the winds in Hong Kong).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from functools import partial
from typing import Any, ClassVar

import ipywidgets as w

from kit.coach import Advice
from kit.mahjong import replay
from kit.mahjong.actions import (
    AddedKong,
    ConcealedKong,
    Discard,
    Hu,
    Kong,
    Pass,
)
from kit.mahjong.names import tile_name
from kit.mahjong.story import (
    Move,
    TurningPoint,
    liable_for_wins,
    paid_at_the_wall,
    paid_for_wins,
    turning_points,
)
from kit.mahjong.table import MahjongTable
from kit.mahjong.tiles import TILES, Tile
from kit.progress import CARD_THRESHOLD, DrillCard, Store
from kit.render.coaching import review_html
from kit.render.faces import back_chips, tile_chips, tile_face_rule
from kit.render.mahjong import deal_html, melds_html
from kit.render.results import HIGHLIGHT, result_table
from kit.render.spoken import capitalised, said_by, spoken_html
from kit.render.svg import FONT, INK
from kit.render.table import Cell
from kit.widgets.coaching import CoachBar, FaceSheet, one_move_tip
from kit.widgets.common import BOX, MUTED, classed, guarded, seed_box
from kit.widgets.deal_story import Position, StoryBox
from kit.widgets.drill_memory import costly_cards
from kit.widgets.mahjong_moves import move_words
from kit.widgets.mahjong_parts import (
    CHOICE_SLOTS,
    HAND_SLOTS,
    Choice,
    GameParts,
    choice_slot,
    show_choice,
    tile_slot,
    tile_slot_classes,
)
from kit.widgets.memory_note import memory_note
from kit.widgets.play_loop import LearnerGame, chosen_bots
from kit.words import counted

__all__ = ["MahjongPlay"]


class MahjongPlay(GameParts, LearnerGame, w.VBox):  # type: ignore[misc]
    """One mahjong deal as seat 0 (you) against bots, with the coach beside you.

    A game's widget names its table, rules, bots and coach, and what the table
    notes beside each seat. Drive it in plain Python: click
    ``widget.button_for(action)``, or call :meth:`act`.

    With a ``store`` (:class:`kit.progress.Store`) each deal played to its end is kept
    in it, and each decision that gave up enough money becomes a drill card; replaying
    that decision and choosing again is one review of the card.
    """

    table: Any
    """The deal in progress (the game's ``Table``)."""
    RANKED_WINS: ClassVar[bool] = True
    """Several seats may win a deal, in order ("won 1st"): Sichuan's blood battle."""

    def __init__(
        self,
        rules: Any = None,
        bots: Sequence[str] | str | None = None,
        seed: int | None = None,
        pace: float = 0.6,
        store: Store | None = None,
    ) -> None:
        self.rules = self._checked_rules(rules)
        self.players = self._table_class().seats(self.rules)
        if store is not None and not isinstance(store, Store):
            raise TypeError(f"store must be a kit.progress.Store or None, not {store!r:.60}")
        self.store = store
        """The learner's memory: each deal ends in it, and its costly decisions become cards."""
        opponents = self.GAME.opponents if bots is None else bots
        names = chosen_bots(opponents, self._bots(), self.players - 1)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise TypeError(f"seed must be a whole number or None, not {seed!r}")
        self._start_play(pace)
        self.deals_played = 0

        self.faces = FaceSheet()
        self.faces.ensure(tile_face_rule(t) for t in TILES)
        self.table_view = classed(w.HTML(), "kit-play-table")
        self.prompt = classed(w.HTML(), "kit-prompt")
        self.hand_buttons = [
            tile_slot("kit-play-tile", self.loop.click(partial(self._face_clicked, i)))
            for i in range(HAND_SLOTS)
        ]
        self.drawn_gap = w.HTML("", layout=w.Layout(width="14px"))
        self.hand_row = classed(w.HBox(layout=w.Layout(flex_flow="wrap")), "kit-your-hand")
        self.your_melds = classed(w.HTML(), "kit-your-melds")
        self._choices: list[Choice | None] = [None] * CHOICE_SLOTS
        self.choice_buttons = [self._choice_slot(i) for i in range(CHOICE_SLOTS)]
        self.choice_row = classed(w.HBox(self.choice_buttons), "kit-play-choices")
        self.coach = CoachBar(self._advice_now)
        self.seed = seed_box(seed, "kit-play-seed")
        self.new_button = classed(w.Button(description="New deal", icon="refresh"), "kit-play-new")
        self.new_button.on_click(lambda _: self.new_deal())
        self.replay_button = classed(
            w.Button(
                description="Deal this seed",
                tooltip="the same deal again",
                layout=w.Layout(width="auto"),
            ),
            "kit-play-replay",
        )
        self.replay_button.on_click(lambda _: self.deal(self.seed.value))
        self.finish_button = classed(
            w.Button(
                description="Finish the deal",
                tooltip="Let the bots play out the rest of the deal at once",
                layout=w.Layout(width="auto"),
            ),
            "kit-play-finish",
        )
        self.finish_button.on_click(lambda _: self.finish())
        self.opponents = {
            seat: classed(
                w.Dropdown(
                    options=list(self._bots()),
                    value=names[seat - 1],
                    description=f"Seat {seat}",
                    layout=w.Layout(width="200px"),
                    style={"description_width": "50px"},
                ),
                f"kit-play-opponent-{seat}",
            )
            for seat in range(1, self.players)
        }
        self.history = classed(w.HTML(), "kit-play-log")
        self.summary = classed(w.HTML(), "kit-play-summary")
        self.story = StoryBox(self.replay_decision)
        self.banner = classed(w.HTML(), "kit-play-banner")
        """A win in mid-deal or a kong, with its payments, shown until your next move."""
        self.moves: list[Move] = []
        """Every move applied this deal, for the story of the deal."""
        self.positions: list[Position] = []
        """The table at each of the learner's reviewed decisions, for *Replay this decision*."""
        controls = w.HBox(
            [self.new_button, self.seed, self.replay_button, self.finish_button],
            layout=w.Layout(flex_flow="wrap"),
        )
        opponents_row = w.HBox(
            [
                w.HTML(f"<span style='{MUTED}'>Opponents (from the next deal):</span>"),
                *list(self.opponents.values()),
            ],
            layout=w.Layout(flex_flow="wrap", align_items="center"),
        )
        super().__init__(
            [
                self.faces,
                w.HTML(f"<b>{html.escape(self._title())}</b>"),
                memory_note(store),
                self.table_view,
                self.banner,
                self.prompt,
                w.HBox([self.hand_row, self.your_melds], layout=w.Layout(align_items="flex-end")),
                self.choice_row,
                self.error,
                self.coach,
                self.loop.count,
                self.story,
                self.summary,
                self.history,
                controls,
                opponents_row,
            ]
        )
        self.add_class("kit-play")
        self.add_class(self._css_class("play"))
        self.bot_names = names
        self.deal(self.seed.value)

    # -- what a game fills in: its class line names the game; the rest is read from there --

    def _deal_table(self, seed: int) -> MahjongTable[Any]:
        return self._table_class().deal(self.rules, seed=seed)

    def _seat_notes(self, seat: int) -> list[str]:
        """A few words beside a seat (its void, its wind, its win)."""
        return []

    def _title(self) -> str:
        return f"{self.NAME}: you against {self.players - 1} bots"

    def _prompt_extra(self) -> str | None:
        """The prompt for a game's own phase (Sichuan's void choice), or None."""
        return None

    # -- building --

    def _choice_slot(self, index: int) -> w.Button:
        return choice_slot(self.loop.click(lambda: self._choice_clicked(index)))

    # -- dealing --

    @guarded
    def deal(self, seed: int) -> None:
        """Deal the deal of ``seed`` (the same seed, the same deal, with the same bots)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        self.loop.restart()
        self.bot_names = [self.opponents[s].value for s in range(1, self.players)]
        self.table = self._deal_table(seed)
        if self.seed.value != seed:
            self.seed.value = seed
        self.deals_played += 1
        self._new_record()
        self.moves, self.positions = [], []
        self._played = replay.Path(seed, tuple(self.bot_names), ())
        self.paths: list[replay.Path] = []
        """The way to each of your reviewed decisions, to rebuild it (:mod:`kit.mahjong.replay`)."""
        self._advices: list[Advice] = []
        self._remembered = False
        self.cards: dict[int, DrillCard] = {}
        """The drill card made of each costly decision of this deal, by its number."""
        self._redrill: tuple[int, DrillCard] | None = None
        self.story.clear()
        self.banner.value = ""
        dealer = said_by(f"seat {self.table.dealer} deals", self.HUMAN, self._names())
        self.events = [f"Deal {self.deals_played} (seed {seed}): {dealer}."]
        self.summary.value = ""
        self.loop.run()

    def new_deal(self) -> None:
        """The next deal: the seed after this one."""
        self.deal(self.seed.value + 1)

    # -- who moves --

    @property
    def view(self) -> Any:
        """What you (seat 0) see now."""
        return self.table.view(self.HUMAN)

    def _bot_to_move(self) -> int | None:
        for seat in self.table.to_move():
            if seat != self.HUMAN:
                return int(seat)
        return None

    @property
    def your_move(self) -> bool:
        """Is a decision yours now (and the bots done)?"""
        return self._bot_to_move() is None and self.HUMAN in self.table.to_move()

    @property
    def over(self) -> bool:
        return bool(self.table.phase == "over")

    def _bot_move(self, seat: int) -> bool:
        """The bot of ``seat`` moves; True if the learner sees the move."""
        bot = self._bots()[self.bot_names[seat - 1]]
        action = bot(self.table.view(seat))
        words = move_words(self.table, action)
        before = len(self.table.ledger.transfers), len(self.table.wins)
        self.table.apply(action)
        self.moves.append(Move(seat, action))
        if self._visible(action):
            self.events.append(said_by(words, self.HUMAN, self._names()))
        self._announce(action, self.events[-1], before)
        return self._visible(action) or len(self.table.wins) > before[1]

    def _play_on_words(self) -> str:
        """What a win in mid-deal means for the others (Sichuan: they play on)."""
        return ""

    def _announce(self, action: Any, words: str, before: tuple[int, int]) -> None:
        """The banner after a move: wins the deal goes on after, or a kong, with the
        payments made (the ledger's transfers and the table's wins from ``before``, their
        numbers before the move, on); else none."""
        t = self.table
        paid, won = before
        wins = t.wins[won:]
        kong = isinstance(action, (Kong, ConcealedKong, AddedKong))
        if self.over:
            self.banner.value = ""
        if self.over or not (wins or kong):
            return
        names = {**self._names(), self.HUMAN: "you"}
        payments = [
            f"{names[p.payer]} {'pay' if p.payer == self.HUMAN else 'pays'} "
            f"{names[p.payee]} {p.amount}"
            for p in t.ledger.transfers[paid:]
        ]
        if wins:
            said = []
            for win in wins:
                mine = win.seat == self.HUMAN
                who, verb = capitalised(names[win.seat]), "win" if mine else "wins"
                if win.discarder is None:
                    on = "on your own draw" if mine else "on their own draw"
                else:
                    whose = "your" if win.discarder == self.HUMAN else f"{names[win.discarder]}'s"
                    on = f"on {whose} {win.score.win}"
                said.append(f"{who} {verb} {on}")
            text = "; ".join(said)
            if self._play_on_words():
                text += f" ({self._play_on_words()})"
        else:
            text = capitalised(words.rstrip("."))
        if payments:
            text += ": " + ", ".join(payments)
        self.banner.value = (
            "<div class='kit-banner' style='background:#fff3cd;border:1px solid #e0c060;"
            f"border-radius:6px;padding:6px 10px;margin:4px 0;font-weight:600'>"
            f"{spoken_html(text)}.</div>"
        )

    def _visible(self, action: Any) -> bool:
        return not isinstance(action, Pass) and type(action).__name__ != "ChooseVoid"

    @guarded
    def finish(self) -> None:
        """Let the bots play on at once, without pausing between moves."""
        self.loop.finish()

    # -- the learner's moves --

    def _advice_now(self) -> Advice | None:
        if not self.your_move or len(self.view.legal_actions()) < 2:
            return None
        return self._advise(self.view)

    @guarded
    def act(self, action: Any) -> None:
        """Your move: illegal ones show their reason and change nothing; then the bots move."""
        if self.over:
            raise ValueError("the deal is over: press New deal to play again")
        if not self.your_move:
            raise ValueError("wait: it is not your move yet")
        problem = self.table.problem(action)
        if problem is not None:
            raise ValueError(f"{said_by(str(action), self.HUMAN)}: not allowed now ({problem})")
        decision = None
        if self.coach.advice is not None:
            decision = len(self.review.lines)
            self.positions.append(Position(self.table.clone(), len(self.events), len(self.moves)))
            self.paths.append(self._played)
            self._advices.append(self.coach.advice)
        self._redrilled(decision, self.coach.advice, action)
        self._record(self.coach.advice, action)
        legal = self.table.legal_actions(self.HUMAN)
        self._played = self._played.then(replay.choice_index(legal, action))
        words = move_words(self.table, action)
        before = len(self.table.ledger.transfers), len(self.table.wins)
        self.banner.value = ""
        self.table.apply(action)
        self.moves.append(Move(self.HUMAN, action, decision))
        self.loop.moved()
        if self._visible(action) or type(action).__name__ == "ChooseVoid":
            self.events.append(said_by(words, self.HUMAN, self._names()))
        self._announce(action, self.events[-1], before)
        self.loop.run()

    # -- the story of the deal --

    def _story_threshold(self) -> float:
        """The expected money below which a choice's cost is not a turning point, in the
        game's own units (each game says it from its rules)."""
        raise NotImplementedError

    def turning_points(self) -> tuple[TurningPoint, ...]:
        """The moments that decided the deal's money for you (:mod:`kit.mahjong.story`)."""
        payments = self.table.ledger.to_frame()
        paid = paid_for_wins(payments, self.HUMAN)
        return turning_points(
            self.moves,
            self.table.wins,
            self.review,
            paid,
            you=self.HUMAN,
            threshold=self._story_threshold(),
            names=self._names(),
            received=paid.get(self.HUMAN, 0),
            checks=paid_at_the_wall(payments, self.HUMAN),
            liable=liable_for_wins(payments),
        )

    @guarded
    def replay_decision(self, decision: int) -> None:
        """Back to your decision number ``decision`` (from 0) of this deal, as it stood: the
        same hand, the same discards; the review, the log and the moves are cut back to it,
        and you choose again, with the coach."""
        decision = self._checked_decision(decision, len(self.positions), "deal")
        position = self.positions[decision]
        self.loop.restart()
        self.table = position.table.clone()
        self.positions = self.positions[:decision]
        self._played = self.paths[decision]
        self._replayed(decision, moves=position.moves, events=position.events)
        self.banner.value = ""
        self.loop.run()

    # -- the learner's memory --

    def _card_threshold(self) -> float:
        """The expected money a choice must give up to become a drill card: the store's
        threshold, or this game's turning-point threshold when that is larger."""
        return max(CARD_THRESHOLD, self._story_threshold())

    def _remember(self) -> None:
        """Keep the deal just ended in the store (once a deal), and make a drill card of
        each decision that gave up more than :meth:`_card_threshold`."""
        if self.store is None or self._remembered:
            return
        self._remembered = True
        t = self.table
        self.store.record_deal(
            self.rules,
            seed=self._played.seed,
            lines=self.review.lines,
            net=t.ledger.net[self.HUMAN],
            dealt_in=any(win.discarder == self.HUMAN for win in t.wins),
        )
        self.cards = costly_cards(
            self.store,
            game=self.GAME.key,
            rules=self.rules,
            lines=self.review.lines,
            ways=[path.to_data() for path in self.paths],
            advices=self._advices,
            concept=replay.concept,
            threshold=self._card_threshold(),
        )

    def _face_clicked(self, index: int) -> None:
        tiles = self._hand_tiles()
        if index >= len(tiles):
            self.error.show("that tile is no longer in your hand")
            return
        self.act(Discard(self.HUMAN, tiles[index]))

    def _choice_clicked(self, index: int) -> None:
        choice = self._choices[index]
        if choice is None:
            self.error.show("that button does nothing now")
            return
        self.act(choice[0])

    def button_for(self, action: Any) -> w.Button:
        """The button that plays ``action`` now (a tile face for a discard)."""
        if isinstance(action, Discard):
            for tile, button in zip(self._hand_tiles(), self.hand_buttons, strict=False):
                if tile == action.tile:
                    return button
            raise ValueError(f"no {action.tile} in your hand")
        for choice, button in zip(self._choices, self.choice_buttons, strict=True):
            if choice is not None and choice[0] == action:
                return button
        raise ValueError(f"no button for {said_by(str(action), self.HUMAN)} now")

    # -- showing --

    def _hand_tiles(self) -> list[Tile]:
        """Your concealed tiles in the order shown: sorted, the tile just drawn last."""
        tiles = list(self.table.concealed[self.HUMAN])
        drawn = self._drawn()
        if drawn is not None:
            tiles.remove(drawn)
            tiles.append(drawn)
        return tiles

    def _drawn(self) -> Tile | None:
        """The tile shown set apart as just drawn: yours on your turn, and, when you deal,
        your fourteenth from the deal on (through Sichuan's void step, so it stays put)."""
        t = self.table
        dealt_or_drawn = t.phase in ("discard", "void") and t.turn == self.HUMAN
        if dealt_or_drawn and t.drawn in t.concealed[self.HUMAN]:
            drawn: Tile = t.drawn
            return drawn
        return None

    def _names(self) -> dict[int, str]:
        """The other seats' names as the learner reads them (the learner is "you")."""
        return {seat: f"Seat {seat}" for seat in range(1, self.players)}

    def _show(self) -> None:
        t = self.table
        legal = t.legal_actions(self.HUMAN) if self.your_move else []
        self.coach.decision(len(legal) >= 2, finished=self.over, why=self._hint_why(legal))
        can_discard = any(isinstance(a, Discard) for a in legal)
        tiles = self._hand_tiles()
        drawn = self._drawn()
        for i, button in enumerate(self.hand_buttons):
            if i < len(tiles):
                tile = tiles[i]
                just_drawn = drawn is not None and i == len(tiles) - 1
                classes = tile_slot_classes(
                    tile, "kit-play-tile", *(["kit-play-drawn"] if just_drawn else [])
                )
                if tuple(button._dom_classes) != classes:
                    button._dom_classes = classes
                button.description = tile.notation()
                button.tooltip = (
                    f"{tile.name} ({tile.chinese}) — discard it" if can_discard else tile.name
                )
                button.disabled = not can_discard
                button.layout.display = None
            else:
                button.layout.display = "none"
        row = list(self.hand_buttons[: len(tiles)])
        if drawn is not None and len(row) > 1:
            row.insert(len(row) - 1, self.drawn_gap)
        if list(self.hand_row.children) != row:
            self.hand_row.children = row
        self.your_melds.value = melds_html(t.melds[self.HUMAN], width=30, empty="")
        choices = self._choices_for(legal)
        for i, button in enumerate(self.choice_buttons):
            choice = choices[i] if i < len(choices) else None
            self._choices[i] = choice
            show_choice(button, choice)
        self.table_view.value = self._table_html()
        self.prompt.value = f"<div style='margin:4px 0'>{self._prompt(legal)}</div>"
        self.history.value = self._history_html()
        self.finish_button.disabled, self.finish_button.tooltip = self._finish_state()
        if self.over and not self.summary.value:
            self.summary.value = self._summary_html()
            self.story.show(self.turning_points())
            self._remember()

    def _hint_why(self, legal: list[Any]) -> str:
        """Why *Hint* is greyed out now, when the coach bar's own words do not say it."""
        if self.over or len(legal) >= 2:
            return ""
        if legal:
            return one_move_tip(said_by(str(legal[0]), self.HUMAN))
        if self.HUMAN not in self.table.in_play():
            return "You have won and left play: no decision of yours is left to hint at"
        return ""

    def _finish_state(self) -> tuple[bool, str]:
        """*Finish the deal*: greyed out or not, and its tooltip (what it does, or why not)."""
        if self.over:
            return True, "The deal is over: press New deal to play again"
        if self.your_move:
            return True, "It is your move: make it first, then the bots can finish the deal"
        return False, "Let the bots play out the rest of the deal at once"

    def _prompt(self, legal: list[Any]) -> str:
        t = self.table
        if self.over:
            return "<b>The deal is over.</b> See the result below; press <i>New deal</i> to play again."
        extra = self._prompt_extra()
        if extra is not None:
            return extra
        if not legal:
            if self.HUMAN not in t.in_play():
                return "You have won and left play; the others play on. <i>Finish the deal</i> skips ahead."
            movers = ", ".join(f"Seat {s}" for s in t.to_move())
            return f"<span style='{MUTED}'>Waiting for {movers}…</span>"
        if t.phase == "discard":
            words = "<b>Your turn:</b> click a tile to discard it"
            if any(isinstance(a, Hu) for a in legal):
                words += ", or <b>Win</b>"
            if any(isinstance(a, (ConcealedKong, AddedKong)) for a in legal):
                words += ", or declare a <b>Kong</b>"
            return words + "."
        tile = self.view.claimed_tile
        if t.phase == "rob":
            adds = said_by(f"seat {t.robbed[0]} adds {tile} to a pung", self.HUMAN, self._names())
            return f"<b>{spoken_html(capitalised(adds))}.</b> Rob it with a win, or pass."
        discarded = said_by(f"seat {t.discards[-1][1]} discarded {tile}", self.HUMAN, self._names())
        return f"<b>{spoken_html(capitalised(discarded))}.</b> Claim it, or pass."

    def _table_html(self) -> str:
        t = self.table
        over = self.over
        moving = set(t.to_move())
        rows: list[list[str | Cell]] = []
        highlights: list[str | None] = []
        last = len(t.discards) - 1
        for seat in range(self.players):
            name = "You" if seat == self.HUMAN else f"Seat {seat}"
            bot = "" if seat == self.HUMAN else f"{self.bot_names[seat - 1]} bot"
            notes = [n for n in [bot, *self._seat_notes(seat)] if n]
            mark = " ◀" if seat in moving and not over else ""
            if seat == self.HUMAN and not over:
                hand = f"<span style='{MUTED}'>below</span>"
            elif over:
                hand = tile_chips(t.concealed[seat], width=20)
            else:
                hand = back_chips(len(t.concealed[seat]), width=16)
            own = [tile for i, (tile, by) in enumerate(t.discards) if by == seat]
            marked = bool(t.discards) and t.discards[last][1] == seat and t.phase in ("claim",)
            discards = tile_chips(own, width=20, mark_last=marked) if own else "–"
            highlights.append(HIGHLIGHT if mark else None)
            seat_cell = f"<strong>{name}</strong>{mark}" + "".join(
                f'<div style="font-size:11px;color:#666">{html.escape(n)}</div>' for n in notes
            )
            rows.append(
                [
                    Cell(seat_cell, "white-space:nowrap"),
                    hand,
                    melds_html(t.melds[seat], width=20),
                    Cell(discards, "max-width:300px"),
                ]
            )
        columns = [("Seat", "left"), ("Hand", "left"), ("Melds", "left"), ("Discards", "left")]
        caption = None if over else self._caption()
        table = result_table(
            "kit-seats",
            columns,
            rows,
            caption=caption,
            row_classes=[f"kit-seat kit-seat-{seat}" for seat in range(self.players)],
            row_styles=highlights,
        )
        wall = (
            f'<div class="kit-wall" style="font-family:{FONT};font-size:13px;color:{INK};'
            f'margin-top:4px">{counted(len(t.wall), "tile")} in the wall</div>'
        )
        return f"<div class='kit-play-board'>{table}{wall}</div>"

    def _caption(self) -> str:
        t = self.table
        if t.phase in ("claim", "rob"):
            tile, seat = t.discards[-1] if t.phase == "claim" else (t.robbed[1], t.robbed[0])
            who = "your" if seat == self.HUMAN else f"Seat {seat}'s"
            return f"Claims on {who} {tile_name(tile)}"
        if t.phase == "discard":
            return "Your turn" if t.turn == self.HUMAN else f"Seat {t.turn} to discard"
        return capitalised(said_by(str(t.describe()), self.HUMAN, self._names()))

    def _summary_html(self) -> str:
        t = self.table
        parts = [
            f"<div style='font-weight:700;font-size:1.1em;margin:8px 0'>{html.escape(self._ending())}</div>"
        ]
        for win in t.wins:
            who = "You" if win.seat == self.HUMAN else f"Seat {win.seat}"
            if win.discarder is None:
                how = "self-drawn"
            elif win.discarder == self.HUMAN:
                how = "on your discard"
            else:
                how = f"on Seat {win.discarder}'s discard"
            parts.append(
                f"<div class='kit-play-win-heading' style='margin-top:8px'><b>{who}</b> won, "
                f"{how}: {win.score.fan} fan</div>{win.score._repr_html_()}"
            )
        parts.append(
            f"<div class='kit-play-ledger'>{deal_html(t.ledger, you=self.HUMAN, ranked=self.RANKED_WINS)}</div>"
            f"<div style='margin-top:6px'>Your net: <b>{_money(t.ledger.net[self.HUMAN])}</b></div>"
        )
        parts.append(review_html(self.review, self.hints))
        return f"<div class='kit-deal-summary' style='{BOX}'>{''.join(parts)}</div>"

    def _ending(self) -> str:
        ended = self.table.ended_by
        if ended == "wall-empty":
            return "The wall ran out."
        if ended == "three-wins":
            return "Three players have won: the deal is over."
        return "The deal is over."


def _money(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"
