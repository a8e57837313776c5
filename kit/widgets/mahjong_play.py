"""What the two mahjong play widgets share: a deal against bots, with the coach, and drills.

:class:`MahjongPlay` is one deal as seat 0 against bots: the learner's hand as tile
faces (a click discards), the table as the seat sees it, claim buttons only when
legal, bots moving at a pace a person can follow, the coach's *Hint* and table,
and at the end the scored hands, the money and the review. :class:`MahjongDrill`
deals positions from bot-played deals and asks "which discard?".

Each game's module says what differs (:mod:`kit.widgets.sichuan.play`,
:mod:`kit.widgets.hongkong.play` and their ``drill`` modules): the table and its
rules, the bots, the coach, and what the table notes beside each seat (the void
and the wins in Sichuan, the winds in Hong Kong).
"""

from __future__ import annotations

import html
import importlib
import random
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, ClassVar

import ipywidgets as w

from kit.coach import Advice, Review
from kit.engine import (
    AddedKong,
    Chow,
    ConcealedKong,
    Discard,
    Hu,
    Kong,
    MahjongTable,
    Pass,
    Pung,
)
from kit.render.faces import back_chips, tile_chip, tile_chips, tile_face_class, tile_face_rule
from kit.render.results import CELL, counted, header_cells, result_table
from kit.render.svg import FONT, INK
from kit.tiles import TILES, Meld, Tile
from kit.widgets.coaching import CoachBar, FaceSheet, Pacer, face_button, review_html, said_by
from kit.widgets.common import BAD, BOX, GOOD, MUTED, ErrorLine, classed, guarded

__all__ = ["Choice", "MahjongDrill", "MahjongPlay"]

FACE_W, FACE_H = 42, 56
"""A hand tile's button, in pixels (3 : 4)."""
HAND_SLOTS = 14
"""At most 14 concealed tiles (kongs hold four, but leave fewer concealed)."""
CHOICE_SLOTS = 8
"""At most this many claim or turn buttons at once (win, kongs, pung, three chows, pass)."""
SUIT_NAMES = {"m": "characters", "p": "dots", "s": "bamboo"}

Choice = tuple[Any, str, tuple[str, ...]]
"""An action the learner may take by button: (action, label, CSS classes)."""


def choice_of(action: Any) -> Choice | None:
    """The button for a non-discard action: its label and classes (``kit-play-pung`` …)."""
    if isinstance(action, Hu):
        return action, "Win 和", ("kit-play-win",)
    if isinstance(action, Kong):
        return action, "Kong 槓", ("kit-play-kong",)
    if isinstance(action, (ConcealedKong, AddedKong)):
        tile = action.tile.notation()
        return action, f"Kong {tile}", ("kit-play-kong", f"kit-play-kong-{tile}")
    if isinstance(action, Pung):
        return action, "Pung 碰", ("kit-play-pung",)
    if isinstance(action, Chow):
        first = action.first
        run = "".join(str(first.number + k) for k in range(3)) + first.suit
        return action, f"Chow {run}", ("kit-play-chow", f"kit-play-chow-{first.notation()}")
    if isinstance(action, Pass):
        return action, "Pass", ("kit-play-pass",)
    return None


_COLOURS = {
    "kit-play-win": "#2e7d32",
    "kit-play-kong": "#6a1b9a",
    "kit-play-pung": "#1565c0",
    "kit-play-chow": "#00838f",
    "kit-play-void": "#6d4c41",
}


def _meld_chips(meld: Meld, width: int) -> str:
    if meld.concealed:
        back = back_chips(1, width=width)
        face = tile_chip(meld.first, width=width)
        inner = f"{back}{face}{face}{back}"
    else:
        inner = "".join(tile_chip(t, width=width) for t in meld.tiles)
    return (
        f'<span class="kit-meld" data-meld="{meld.notation()}" style="display:inline-flex;gap:1px;'
        f'padding-bottom:2px;border-bottom:3px solid #1e88e5;margin-right:8px">{inner}</span>'
    )


def melds_html(melds: Sequence[Meld], width: int = 22, empty: str = "–") -> str:
    """Melds as small tiles, each group underlined; ``empty`` when there are none."""
    if not melds:
        return f'<span style="color:#aaa">{empty}</span>' if empty else ""
    return (
        '<div style="display:flex;flex-wrap:wrap;gap:4px">'
        + "".join(_meld_chips(m, width) for m in melds)
        + "</div>"
    )


class GameParts:
    """What a play widget needs of its game, read from the game's package by name.

    ``PACKAGE`` is ``"kit.sichuan"`` or ``"kit.hongkong"``: both export ``Table``,
    ``Rules`` and ``BOTS``, and have a ``coach`` module with ``advise``.
    """

    PACKAGE: ClassVar[str]

    @classmethod
    def _game(cls) -> ModuleType:
        return importlib.import_module(cls.PACKAGE)

    @classmethod
    def _table_class(cls) -> type[MahjongTable[Any]]:
        table: type[MahjongTable[Any]] = cls._game().Table
        return table

    @classmethod
    def _rules_class(cls) -> type[Any]:
        rules: type[Any] = cls._game().Rules
        return rules

    @classmethod
    def _bots(cls) -> Mapping[str, Callable[[Any], Any]]:
        bots: Mapping[str, Callable[[Any], Any]] = cls._game().BOTS
        return bots

    def _advise(self, view: Any) -> Advice:
        advice: Advice = importlib.import_module(f"{self.PACKAGE}.coach").advise(view)
        return advice


class MahjongPlay(GameParts, w.VBox):  # type: ignore[misc]
    """One mahjong deal as seat 0 (you) against bots, with the coach beside you.

    A game's widget names its table, rules, bots and coach, and what the table
    notes beside each seat. Drive it in plain Python: click
    ``widget.button_for(action)``, or call :meth:`act`.
    """

    HUMAN = 0
    GAME: ClassVar[str]
    CSS_CLASS: ClassVar[str]
    DEFAULT_BOTS: ClassVar[tuple[str, ...]]

    table: Any
    """The deal in progress (the game's ``Table``)."""

    def __init__(
        self,
        rules: Any = None,
        bots: Sequence[str] | str | None = None,
        seed: int | None = None,
        pace: float = 0.6,
    ) -> None:
        self.rules = self._rules_class()() if rules is None else rules
        if not isinstance(self.rules, self._rules_class()):
            raise TypeError(f"rules must be a {self.GAME} Rules value, not {rules!r}")
        self.players = self._table_class().seats(self.rules)
        names = self._bot_names(self.DEFAULT_BOTS if bots is None else bots)
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
            raise TypeError(f"seed must be a whole number or None, not {seed!r}")
        self.pacer = Pacer(pace)
        self.error = ErrorLine()
        self.review = Review()
        self.hints: list[int] = []
        """The hint level the learner had reached at each reviewed decision."""
        self.events: list[str] = []
        self.deals_played = 0
        self._generation = 0

        self.faces = FaceSheet()
        self.faces.ensure(tile_face_rule(t) for t in TILES)
        self.table_view = classed(w.HTML(), "kit-play-table")
        self.prompt = classed(w.HTML(), "kit-prompt")
        self.hand_buttons = [self._face_slot(i) for i in range(HAND_SLOTS)]
        self.drawn_gap = w.HTML("", layout=w.Layout(width="14px"))
        self.hand_row = classed(w.HBox(layout=w.Layout(flex_flow="wrap")), "kit-your-hand")
        self.your_melds = classed(w.HTML(), "kit-your-melds")
        self._choices: list[Choice | None] = [None] * CHOICE_SLOTS
        self.choice_buttons = [self._choice_slot(i) for i in range(CHOICE_SLOTS)]
        self.choice_row = classed(w.HBox(self.choice_buttons), "kit-play-choices")
        self.coach = CoachBar(self._advice_now)
        self.seed = classed(
            w.IntText(
                value=random.randrange(10**6) if seed is None else seed,
                description="Seed",
                layout=w.Layout(width="170px"),
            ),
            "kit-play-seed",
        )
        self.new_button = classed(w.Button(description="New deal", icon="refresh"), "kit-play-new")
        self.new_button.on_click(lambda _: self.new_deal())
        self.replay_button = classed(
            w.Button(description="Deal this seed", tooltip="the same deal again"), "kit-play-replay"
        )
        self.replay_button.on_click(lambda _: self.deal(self.seed.value))
        self.finish_button = classed(
            w.Button(description="Finish the deal", tooltip="let the bots play out at once"),
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
        controls = w.HBox(
            [self.new_button, self.seed, self.replay_button, self.finish_button],
            layout=w.Layout(flex_flow="wrap"),
        )
        opponents = w.HBox(
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
                self.table_view,
                self.prompt,
                w.HBox([self.hand_row, self.your_melds], layout=w.Layout(align_items="flex-end")),
                self.choice_row,
                self.error,
                self.coach,
                self.summary,
                self.history,
                controls,
                opponents,
            ]
        )
        self.add_class("kit-play")
        self.add_class(self.CSS_CLASS)
        self.bot_names = names
        self.deal(self.seed.value)

    # -- what a game fills in: PACKAGE names it; the rest is read from there --

    def _deal_table(self, seed: int) -> MahjongTable[Any]:
        return self._table_class().deal(self.rules, seed=seed)

    def _seat_notes(self, seat: int) -> list[str]:
        """A few words beside a seat (its void, its wind, its win)."""
        return []

    def _title(self) -> str:
        return f"{self.GAME}: you are seat 0, against {self.players - 1} bots"

    def _extra_choices(self, legal: list[Any]) -> list[Choice]:
        """Buttons for a game's own actions (Sichuan's void choice)."""
        return []

    def _prompt_extra(self) -> str | None:
        """The prompt for a game's own phase (Sichuan's void choice), or None."""
        return None

    # -- building --

    def _face_slot(self, index: int) -> w.Button:
        button = face_button(
            "kit-face-none", "kit-play-tile", "", "", lambda: self._face_clicked(index),
            width=FACE_W, height=FACE_H,
        )  # fmt: skip
        button.layout.display = "none"
        return button

    def _choice_slot(self, index: int) -> w.Button:
        button = w.Button(layout=w.Layout(width="auto", min_width="90px", display="none"))
        button.style.text_color = "white"
        button.style.font_weight = "bold"
        button.add_class("kit-play-action")
        button.on_click(lambda _: self._choice_clicked(index))
        return button

    def _bot_names(self, bots: Sequence[str] | str) -> list[str]:
        if isinstance(bots, str):
            bots = (bots,)
        if not bots:
            raise ValueError("bots: name at least one bot, e.g. bots=('coach',)")
        known = self._bots()
        for name in bots:
            if name not in known:
                raise ValueError(f"bots: unknown bot {name!r}; choose from {', '.join(known)}")
        return [bots[i % len(bots)] for i in range(self.players - 1)]

    # -- dealing --

    @guarded
    def deal(self, seed: int) -> None:
        """Deal the deal of ``seed`` (the same seed, the same deal, with the same bots)."""
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"a seed is a whole number, not {seed!r}")
        self.pacer.cancel()
        self._generation += 1
        self.bot_names = [self.opponents[s].value for s in range(1, self.players)]
        self.table = self._deal_table(seed)
        if self.seed.value != seed:
            self.seed.value = seed
        self.deals_played += 1
        self.review = Review()
        self.hints = []
        self.events = [f"Deal {self.deals_played} (seed {seed}): seat {self.table.dealer} deals."]
        self.summary.value = ""
        self._run_bots()

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

    def _run_bots(self) -> None:
        generation = self._generation

        def step() -> bool:
            if generation != self._generation:
                return False
            try:
                more = self._bot_moves(
                    paced=self.pacer.pace > 0 and self.pacer._loop_now() is not None
                )
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
            seat = self._bot_to_move()
            if seat is None:
                return False
            bot = self._bots()[self.bot_names[seat - 1]]
            action = bot(self.table.view(seat))
            self.table.apply(action)
            if self._visible(action):
                self.events.append(said_by(str(action), self.HUMAN, self._names()))
                if paced:
                    return self._bot_to_move() is not None
            elif paced and self._bot_to_move() is None:
                return False

    def _visible(self, action: Any) -> bool:
        return not isinstance(action, Pass) and type(action).__name__ != "ChooseVoid"

    @guarded
    def finish(self) -> None:
        """Let the bots play on at once, without pausing between moves."""
        self.pacer.cancel()
        self._bot_moves(paced=False)
        self._show()

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
        advice = self.coach.advice
        if advice is not None:
            self.review.record(advice, action)
            self.hints.append(self.coach.level)
        self.table.apply(action)
        if self._visible(action) or type(action).__name__ == "ChooseVoid":
            self.events.append(said_by(str(action), self.HUMAN))
        self._run_bots()

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

    def hint(self) -> str | None:
        """The next level of the coach's help (as the Hint button)."""
        return self._hint()

    @guarded
    def _hint(self) -> str:
        return self.coach.hint()

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
        t = self.table
        if t.phase == "discard" and t.turn == self.HUMAN and t.drawn in t.concealed[self.HUMAN]:
            drawn: Tile = t.drawn
            return drawn
        return None

    def _names(self) -> dict[int, str]:
        return {seat: f"seat {seat}" for seat in range(1, self.players)}

    def _show(self) -> None:
        t = self.table
        legal = t.legal_actions(self.HUMAN) if self.your_move else []
        self.coach.decision(bool(legal) and len(legal) >= 2, finished=self.over)
        can_discard = any(isinstance(a, Discard) for a in legal)
        tiles = self._hand_tiles()
        drawn = self._drawn()
        for i, button in enumerate(self.hand_buttons):
            if i < len(tiles):
                tile = tiles[i]
                token = tile.notation()
                classes = (
                    "kit-face-button", "kit-face", tile_face_class(tile), "kit-play-tile",
                    f"kit-play-tile-{token}",
                ) + (("kit-play-drawn",) if drawn is not None and i == len(tiles) - 1 else ())  # fmt: skip
                if tuple(button._dom_classes) != classes:
                    button._dom_classes = classes
                button.description = token
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
        choices = [c for c in (choice_of(a) for a in legal) if c is not None]
        choices = self._extra_choices(legal) + choices
        for i, button in enumerate(self.choice_buttons):
            choice = choices[i] if i < len(choices) else None
            self._choices[i] = choice
            if choice is None:
                button.layout.display = "none"
                continue
            _, label, classes = choice
            button.description = label
            button._dom_classes = ("kit-play-action", *classes)
            button.style.button_color = next(
                (_COLOURS[c] for c in classes if c in _COLOURS), "#616161"
            )
            button.layout.display = None
        self.table_view.value = self._table_html()
        self.prompt.value = f"<div style='margin:4px 0'>{self._prompt(legal)}</div>"
        self.history.value = (
            f"<div style='{MUTED};font-size:0.9em'>"
            + "<br>".join(html.escape(e[:1].upper() + e[1:]) for e in self.events[-8:])
            + "</div>"
        )
        self.finish_button.disabled = self.over or self.your_move
        if self.over and not self.summary.value:
            self.summary.value = self._summary_html()

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
            movers = ", ".join(f"seat {s}" for s in t.to_move())
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
            return f"<b>Seat {t.robbed[0]} adds {tile} to a pung.</b> Rob it with a win, or pass."
        discarder = t.discards[-1][1]
        return f"<b>Seat {discarder} discarded {tile}.</b> Claim it, or pass."

    def _table_html(self) -> str:
        t = self.table
        over = self.over
        moving = set(t.to_move())
        rows = []
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
            highlight = ' style="background:#fff4d6"' if mark else ""
            rows.append(
                f'<tr class="kit-seat kit-seat-{seat}"{highlight}>'
                f'<td style="{CELL};white-space:nowrap"><strong>{name}</strong>{mark}'
                + "".join(
                    f'<div style="font-size:11px;color:#666">{html.escape(n)}</div>' for n in notes
                )
                + f'</td><td style="{CELL}">{hand}</td>'
                f'<td style="{CELL}">{melds_html(t.melds[seat], width=20)}</td>'
                f'<td style="{CELL};max-width:300px">{discards}</td></tr>'
            )
        head = header_cells(
            ("Seat", "left"), ("Hand", "left"), ("Melds", "left"), ("Discards", "left")
        )
        caption = None if over else self._caption()
        table = result_table("kit-seats", head, rows, caption=caption)
        wall = (
            f'<div class="kit-wall" style="font-family:{FONT};font-size:13px;color:{INK};'
            f'margin-top:4px">{counted(len(t.wall), "tile")} in the wall</div>'
        )
        return f"<div class='kit-play-board'>{table}{wall}</div>"

    def _caption(self) -> str:
        t = self.table
        if t.phase in ("claim", "rob"):
            tile, seat = t.discards[-1] if t.phase == "claim" else (t.robbed[1], t.robbed[0])
            who = "your" if seat == self.HUMAN else f"seat {seat}'s"
            return f"Claims on {who} {tile}"
        if t.phase == "discard":
            return "Your turn" if t.turn == self.HUMAN else f"Seat {t.turn} to discard"
        return str(t.describe())[:1].upper() + str(t.describe())[1:]

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
                how = f"on seat {win.discarder}'s discard"
            parts.append(
                f"<div class='kit-play-win-heading' style='margin-top:8px'><b>{who}</b> won, "
                f"{how}: {win.score.fan} fan</div>{win.score._repr_html_()}"
            )
        parts.append(
            f"<div class='kit-play-ledger'>{t.ledger._repr_html_()}</div>"
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


# --- drills -----------------------------------------------------------------------------------


class MahjongDrill(GameParts, w.VBox):  # type: ignore[misc]
    """Positions from bot-played deals: which tile would you discard? The coach answers.

    Each position is a seat's 14 tiles on its turn, somewhere in a seeded deal,
    with the table as that seat saw it. Click a face to answer; the coach's
    ranking and your choice against its best follow, and the score counts
    right answers (a choice as good as the best, by the coach's facts, is right).
    """

    GAME: ClassVar[str]
    CSS_CLASS: ClassVar[str]
    BOTS: ClassVar[tuple[str, ...]]
    """The bots that play the deal up to the position."""

    table: Any
    """The deal the position was taken from."""

    def __init__(self, rules: Any = None, seed: int | None = None) -> None:
        self.rules = self._rules_class()() if rules is None else rules
        self.error = ErrorLine()
        self.right = 0
        self.tried = 0
        self.number = 0
        self.answered: Any = None
        self.faces = FaceSheet()
        self.faces.ensure(tile_face_rule(t) for t in TILES)
        self.seed = classed(
            w.IntText(
                value=random.randrange(10**6) if seed is None else seed,
                description="Seed",
                layout=w.Layout(width="170px"),
            ),
            "kit-drill-seed",
        )
        self.next_button = classed(
            w.Button(description="Next position", icon="forward"), "kit-drill-next"
        )
        self.next_button.on_click(lambda _: self.next_position())
        self.context = classed(w.HTML(), "kit-drill-context")
        self.question = classed(w.HTML(), "kit-drill-question")
        self.hand_buttons = [self._slot(i) for i in range(HAND_SLOTS)]
        self.hand_row = classed(w.HBox(layout=w.Layout(flex_flow="wrap")), "kit-drill-hand")
        self.melds = classed(w.HTML(), "kit-drill-melds")
        self.answer = classed(w.HTML(), "kit-drill-answer")
        self.score = classed(w.HTML(), "kit-drill-score")
        super().__init__(
            [
                self.faces,
                w.HTML(f"<b>{html.escape(self.GAME)} drill: which discard?</b>"),
                self.context,
                self.question,
                w.HBox([self.hand_row, self.melds], layout=w.Layout(align_items="flex-end")),
                self.error,
                self.answer,
                w.HBox(
                    [self.score, self.next_button, self.seed], layout=w.Layout(align_items="center")
                ),
            ]
        )
        self.add_class("kit-drill")
        self.add_class(self.CSS_CLASS)
        self.next_position()

    # -- what a game fills in: PACKAGE names it; the rest is read from there --

    def _seat_words(self, view: Any) -> str:
        """Who the learner is in this position ("you are South, void in dots")."""
        return f"you are seat {view.seat}"

    # -- positions --

    def _slot(self, index: int) -> w.Button:
        button = face_button(
            "kit-face-none", "kit-drill-tile", "", "", lambda: self._clicked(index),
            width=FACE_W, height=FACE_H,
        )  # fmt: skip
        button.layout.display = "none"
        return button

    def position(self, seed: int, number: int) -> Any:
        """The table of position ``number`` of ``seed``: a seat to discard from 14 tiles."""
        bots = self._bots()
        for attempt in range(50):
            rng = random.Random(f"{seed}:{number}:{attempt}")
            table = self._table_class().deal(self.rules, seed=rng.randrange(10**9))
            players = table.players
            names = [self.BOTS[s % len(self.BOTS)] for s in range(players)]
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
            and view._table.turn == view.seat
            and not view.can_win()
            and view.kong_to_declare() is None
        )

    @guarded
    def next_position(self) -> None:
        """Deal the next position of the seed."""
        self.number += 1
        self.table = self.position(self.seed.value, self.number)
        self.seat = self.table.to_move()[0]
        self.view = self.table.view(self.seat)
        self.advice = self._advise(self.view)
        self.answered = None
        self.tiles = list(self.view.concealed)
        self._show()

    @guarded
    def choose(self, tile: Tile | str) -> bool:
        """Answer with ``tile``: True if it is as good as the coach's best."""
        if isinstance(tile, str):
            tile = Tile.parse(tile)
        if self.answered is not None:
            raise ValueError("already answered: press Next position")
        if tile not in self.tiles:
            raise ValueError(f"there is no {tile} in this hand")
        action = Discard(self.seat, tile)
        good = self.advice.is_best(action)
        self.answered = action
        self.tried += 1
        self.right += int(good)
        self._show()
        return good

    def _clicked(self, index: int) -> None:
        if index < len(self.tiles):
            self.choose(self.tiles[index])

    def button_for(self, tile: Tile | str) -> w.Button:
        if isinstance(tile, str):
            tile = Tile.parse(tile)
        return self.hand_buttons[self.tiles.index(tile)]

    def _show(self) -> None:
        view = self.view
        for i, button in enumerate(self.hand_buttons):
            if i < len(self.tiles):
                tile = self.tiles[i]
                button._dom_classes = (
                    "kit-face-button", "kit-face", tile_face_class(tile), "kit-drill-tile",
                    f"kit-drill-tile-{tile.notation()}",
                ) + (("kit-suggested",) if self.answered is not None
                     and self.advice.is_best(Discard(self.seat, tile)) else ())  # fmt: skip
                button.description = tile.notation()
                button.tooltip = tile.name
                button.disabled = self.answered is not None
                button.layout.display = None
            else:
                button.layout.display = "none"
        self.hand_row.children = self.hand_buttons[: len(self.tiles)]
        self.melds.value = melds_html(view.melds, width=30, empty="")
        rows = []
        for seat in range(self.table.players):
            own = [tile for tile, by in view.discards if by == seat]
            who = "You" if seat == self.seat else f"Seat {seat}"
            rows.append(
                f'<tr><td style="{CELL};white-space:nowrap"><b>{who}</b></td>'
                f'<td style="{CELL}">{melds_html(view.all_melds[seat], width=18)}</td>'
                f'<td style="{CELL};max-width:320px">{tile_chips(own, width=18) if own else "–"}</td></tr>'
            )
        head = header_cells(("Seat", "left"), ("Melds", "left"), ("Discards", "left"))
        self.context.value = (
            result_table("kit-drill-table", head, rows, caption=f"Position {self.number}")
            + f"<div style='{MUTED};font-size:13px'>{counted(view.wall_size, 'tile')} in the wall</div>"
        )
        self.question.value = (
            f"<div style='margin:6px 0'><b>Which tile do you discard?</b> "
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
            from kit.widgets.coaching import advice_html

            self.answer.value = (
                f"<div style='{BOX}'>{verdict}<div>{html.escape(compare)}</div>"
                + (
                    f"<div style='{MUTED}'>Your choice: {html.escape(reason)}</div>"
                    if reason
                    else ""
                )
                + advice_html(self.advice)
                + "</div>"
            )
        self.score.value = (
            f"<div style='margin-right:12px'><b>{self.right}</b> right of <b>{self.tried}</b> "
            f"tried</div>"
        )
