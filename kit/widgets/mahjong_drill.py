"""The mahjong drill: positions from bot-played deals, "which discard?", the coach's answer.

Each game's ``drill`` module names its game (:mod:`kit.widgets.sichuan.drill`,
:mod:`kit.widgets.hongkong.drill`) and how it says who the learner is.

With a learner's store (:class:`kit.progress.Store`) the positions come first from the
learner's own mistakes: the drill cards due, rebuilt as they stood in the play widget
(:mod:`kit.mahjong.replay`); then a card of the learner's weakest idea; then fresh ones
(:class:`kit.widgets.drill_memory.DrillMemory`). A card may be any decision the learner
got wrong (a discard, a claim or a pass, a kong, the void suit, win or hold out): the
drill then asks "what do you do?" and shows a button for each choice. A line says why
each position was chosen, and each answer reschedules its card.

>>> from kit.widgets.sichuan.drill import Drill
>>> drill = Drill(seed=1)
>>> good = drill.choose(drill.advice.action.tile)
>>> good, drill.right, drill.tried
(True, 1, 1)
"""

from __future__ import annotations

import html
import random
from functools import partial
from typing import Any

import ipywidgets as w

from kit.coach import Advice
from kit.mahjong.actions import Discard
from kit.mahjong.replay import LEARNER, Path, rebuild
from kit.mahjong.tiles import TILES, Tile
from kit.progress import DrillCard, Store, rules_from_data
from kit.render.coaching import advice_html
from kit.render.faces import tile_chips, tile_face_rule
from kit.render.mahjong import melds_html
from kit.render.results import result_table
from kit.render.spoken import spoken_html
from kit.render.table import Cell
from kit.widgets.coaching import FaceSheet
from kit.widgets.common import BAD, BOX, GOOD, MUTED, ErrorLine, classed, guarded, seed_box
from kit.widgets.drill_memory import DrillMemory, why_html
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
from kit.words import counted

__all__ = ["MahjongDrill"]


class MahjongDrill(GameParts, w.VBox):  # type: ignore[misc]
    """Positions from bot-played deals: which tile would you discard? The coach answers.

    Each position is a seat's 14 tiles on its turn, somewhere in a seeded deal,
    with the table as that seat saw it. Click a face to answer; the coach's
    ranking and your choice against its best follow, and the score counts
    right answers (a choice as good as the best, by the coach's facts, is right).
    """

    table: Any
    """The deal the position was taken from."""

    def __init__(
        self, rules: Any = None, seed: int | None = None, store: Store | None = None
    ) -> None:
        self.rules = self._checked_rules(rules)
        if store is not None and not isinstance(store, Store):
            raise TypeError(f"store must be a kit.progress.Store or None, not {store!r:.60}")
        self.store = store
        """The learner's memory: its drill cards come first, and each answer is kept."""
        self.memory = DrillMemory(store, self.GAME.key)
        self.card: DrillCard | None = None
        """The drill card the position at hand comes from (None: a fresh position)."""
        self.error = ErrorLine()
        self.right = 0
        self.tried = 0
        self.number = 0
        self.answered: Any = None
        self.faces = FaceSheet()
        self.faces.ensure(tile_face_rule(t) for t in TILES)
        self.seed = seed_box(seed, "kit-drill-seed")
        self.next_button = classed(
            w.Button(description="Next position", icon="forward"), "kit-drill-next"
        )
        self.next_button.on_click(lambda _: self.next_position())
        self.context = classed(w.HTML(), "kit-drill-context")
        self.why = classed(w.HTML(), "kit-drill-why")
        self.question = classed(w.HTML(), "kit-drill-question")
        self.hand_buttons = [
            tile_slot("kit-drill-tile", partial(self._clicked, i)) for i in range(HAND_SLOTS)
        ]
        self.hand_row = classed(w.HBox(layout=w.Layout(flex_flow="wrap")), "kit-drill-hand")
        self._choices: list[Choice | None] = [None] * CHOICE_SLOTS
        self.choice_buttons = [
            choice_slot(partial(self._choice_clicked, i)) for i in range(CHOICE_SLOTS)
        ]
        self.choice_row = classed(w.HBox(self.choice_buttons), "kit-drill-choices")
        self.melds = classed(w.HTML(), "kit-drill-melds")
        self.answer = classed(w.HTML(), "kit-drill-answer")
        self.score = classed(w.HTML(), "kit-drill-score")
        super().__init__(
            [
                self.faces,
                w.HTML(f"<b>{html.escape(self.NAME)} drill: what would you do?</b>"),
                memory_note(store),
                self.context,
                self.why,
                self.question,
                w.HBox([self.hand_row, self.melds], layout=w.Layout(align_items="flex-end")),
                self.choice_row,
                self.error,
                self.answer,
                w.HBox(
                    [self.score, self.next_button, self.seed], layout=w.Layout(align_items="center")
                ),
            ]
        )
        self.add_class("kit-drill")
        self.add_class(self._css_class("drill"))
        self.next_position()

    # -- what a game fills in: its class line names the game; the rest is read from there --

    def _seat_words(self, view: Any) -> str:
        """Who the learner is in this position ("you are South, void in dots")."""
        return "your seat"

    def _question(self, view: Any) -> str:
        """What the position asks, its tile in notation (shown by picture and name)."""
        if self.discard_only:
            return "Which tile do you discard?"
        offered = view.claimed_tile
        if offered is not None:
            by = view.discards[-1][1] if view.phase == "claim" else view.robbed[0]
            return f"Seat {by} offers {offered.notation()}: what do you do?"
        if view.phase == "void":
            return "Which suit do you make your void?"
        return "Your turn: what do you do?"

    # -- positions --

    def position(self, seed: int, number: int) -> Any:
        """The table of position ``number`` of ``seed``: a seat to discard from 14 tiles."""
        bots = self._bots()
        for attempt in range(50):
            rng = random.Random(f"{seed}:{number}:{attempt}")
            table = self._table_class().deal(self.rules, seed=rng.randrange(10**9))
            players = table.players
            opponents = self.GAME.opponents
            names = [opponents[s % len(opponents)] for s in range(players)]
            stop = rng.randrange(0, 2 * len(table.wall) // 3)
            while table.phase != "over":
                seat = table.to_move()[0]
                view = table.view(seat)
                if table.turns >= stop and self._discard_only(view):
                    return table
                table.apply(bots[names[seat]](view))
        raise ValueError("no position found for this seed; try another")

    @staticmethod
    def _discard_only(view: Any) -> bool:
        """A plain discard decision: the seat's turn, no win or kong to weigh."""
        return bool(
            view.phase == "discard"
            and view.turn == view.seat
            and not view.can_win()
            and view.kong_to_declare() is None
        )

    # -- positions from the learner's memory --

    def _rebuilt(self, card: DrillCard) -> tuple[Any, Advice] | None:
        """The table and the coach's advice of ``card``'s position, rebuilt; None when it
        is no decision of this drill's game (another game's rules, or a path that no longer
        fits the deal)."""
        position = card.position
        try:
            rules = rules_from_data(position["rules"]) if "rules" in position else self.rules
            if not self.GAME.owns(rules):
                return None
            table = rebuild(rules, Path.from_data(position))
        except (KeyError, TypeError, ValueError):
            return None
        view = table.view(LEARNER)
        if len(view.legal_actions()) < 2:
            return None
        return table, self._advise(view)

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
            self.table = self.position(self.seed.value, self.number)
            self.seat = self.table.to_move()[0]
            self.view = self.table.view(self.seat)
            self.advice = self._advise(self.view)
            self.why.value = "" if self.store is None else why_html("A fresh position.")
        else:
            self.card, (self.table, self.advice), why = remembered
            self.seat = LEARNER
            self.view = self.table.view(self.seat)
            self.why.value = why_html(why)
        self.answered = None
        self.tiles = list(self.view.concealed)
        self.legal = list(self.view.legal_actions())
        self._show()

    @property
    def discard_only(self) -> bool:
        """Is the position a plain "which discard?" (no claim, kong, win or void to weigh)?"""
        return all(isinstance(action, Discard) for action in self.legal)

    @guarded
    def choose(self, answer: Any) -> bool:
        """Answer with a tile to discard (a ``Tile`` or its notation) or any other legal
        action: True if it is as good as the coach's best."""
        if self.answered is not None:
            raise ValueError("already answered: press Next position")
        if isinstance(answer, (str, Tile)):
            tile = Tile.parse(answer) if isinstance(answer, str) else answer
            if tile not in self.tiles:
                raise ValueError(f"there is no {tile} in this hand")
            action: Any = Discard(self.seat, tile)
        else:
            action = answer
        if action not in self.legal:
            raise ValueError(f"{action} is not a choice in this position")
        good = self.advice.is_best(action)
        self.answered = action
        if self.card is not None and self.store is not None:
            option = self.advice.option_for(action)
            answer = option.label if option is not None else str(action)
            self.store.record_drill(self.card.id, answer, correct=good)
        self.tried += 1
        self.right += int(good)
        self._show()
        return good

    def _clicked(self, index: int) -> None:
        if index < len(self.tiles):
            self.choose(self.tiles[index])

    def _choice_clicked(self, index: int) -> None:
        choice = self._choices[index]
        if choice is not None:
            self.choose(choice[0])

    def button_for(self, answer: Any) -> w.Button:
        """The button that gives ``answer``: a tile's face, or an action's button."""
        if isinstance(answer, (str, Tile)):
            tile = Tile.parse(answer) if isinstance(answer, str) else answer
            return self.hand_buttons[self.tiles.index(tile)]
        for choice, button in zip(self._choices, self.choice_buttons, strict=True):
            if choice is not None and choice[0] == answer:
                return button
        raise ValueError(f"no button plays {answer} in this position")

    def _show(self) -> None:
        view = self.view
        discards = {action.tile for action in self.legal if isinstance(action, Discard)}
        for i, button in enumerate(self.hand_buttons):
            if i < len(self.tiles):
                tile = self.tiles[i]
                best = self.answered is not None and self.advice.is_best(Discard(self.seat, tile))
                button._dom_classes = tile_slot_classes(
                    tile, "kit-drill-tile", *(["kit-suggested"] if best else [])
                )
                button.description = tile.notation()
                button.tooltip = tile.name if tile in discards else f"{tile.name} (kept)"
                button.disabled = self.answered is not None or tile not in discards
                button.layout.display = None
            else:
                button.layout.display = "none"
        self.hand_row.children = self.hand_buttons[: len(self.tiles)]
        choices = self._choices_for(self.legal)
        for i, button in enumerate(self.choice_buttons):
            choice = choices[i] if i < len(choices) else None
            self._choices[i] = choice
            show_choice(button, choice)
            button.disabled = self.answered is not None
        self.melds.value = melds_html(view.melds, width=30, empty="")
        rows: list[list[str | Cell]] = []
        for seat in range(self.table.players):
            own = [tile for tile, by in view.discards if by == seat]
            who = "You" if seat == self.seat else f"Seat {seat}"
            rows.append(
                [
                    Cell(f"<b>{who}</b>", "white-space:nowrap"),
                    melds_html(view.all_melds[seat], width=18),
                    Cell(tile_chips(own, width=18) if own else "–", "max-width:320px"),
                ]
            )
        columns = [("Seat", "left"), ("Melds", "left"), ("Discards", "left")]
        self.context.value = (
            result_table("kit-drill-table", columns, rows, caption=f"Position {self.number}")
            + f"<div style='{MUTED};font-size:13px'>{counted(view.wall_size, 'tile')} in the wall</div>"
        )
        self.question.value = (
            f"<div style='margin:6px 0'>{spoken_html(self._question(view))} "
            f"({html.escape(self._seat_words(view))})</div>"
        )
        if self.answered is None:
            self.answer.value = ""
        else:
            option = self.advice.option_for(self.answered)
            good = self.advice.is_best(self.answered)
            verdict = (
                f"<div class='kit-drill-verdict' style='color:{GOOD if good else BAD};font-weight:700'>"
                + ("Right: as good as the coach's best." if good else "Not the best.")
                + "</div>"
            )
            compare = self.advice.hint(2, chosen=self.answered)
            reason = option.reason if option is not None else ""
            self.answer.value = (
                f"<div style='{BOX}'>{verdict}<div>{spoken_html(compare)}</div>"
                + (
                    f"<div style='{MUTED}'>Your choice: {spoken_html(reason)}</div>"
                    if reason
                    else ""
                )
                + advice_html(self.advice, self.answered)
                + "</div>"
            )
        self.score.value = (
            f"<div style='margin-right:12px'><b>{self.right}</b> right of <b>{self.tried}</b> "
            f"tried</div>"
        )
