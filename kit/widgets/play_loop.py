"""The play loop every game's play widget shares: the bots' moves between the learner's,
at a pace a person can follow, and the guard that keeps a learner's click from being lost.

- :class:`Pacer` runs a step again and again on the kernel's event loop, so the page
  updates between the bots' moves; with ``pace=0`` (or outside a kernel) the steps run
  at once.
- :class:`PlayLoop` plays the bots until the learner is to move, counts the *moments*
  of the game (each move applied is one), and tells the page which moment it shows.
  The page answers with the moment it has drawn (a link in the page copies one back),
  so a click the learner made on an older moment, a button drawn before the last
  move, is refused with a message instead of being applied to a state it was not
  meant for.
- The page also carries the number of decisions the game has recorded
  (``.kit-decision-count``, written after each of the learner's moves is applied):
  what a browser test waits on before its next click.
- :class:`LearnerGame` is what a play widget keeps around the loop: the learner's
  seat, the review of their decisions, the hints they took and the log of moves.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

import ipywidgets as w

from kit.coach import Advice, Review
from kit.render.coaching import decision_count_html
from kit.render.spoken import capitalised, spoken_html
from kit.widgets.coaching import CoachBar
from kit.widgets.common import MUTED, ErrorLine, classed, guarded

if TYPE_CHECKING:
    from kit.progress import DrillCard, Store
    from kit.story import Move
    from kit.widgets.deal_story import StoryBox

__all__ = ["NO_PAGE", "STALE_CLICK", "LearnerGame", "Pacer", "PlayLoop", "chosen_bots"]

NO_PAGE = -1
"""The moment a page has drawn before any page has answered (plain Python, tests)."""
STALE_CLICK = (
    "That click was on the table as it was a moment ago; the game has moved on since, "
    "so nothing was played. Look again and choose."
)
"""The message of a click refused because the page had not yet drawn the latest move."""


def _in_kernel() -> bool:
    """Is this code running in a Jupyter kernel (JupyterLab, Voila), where the page can wait?

    Elsewhere (a script, the tests) another library's event loop may be running in the
    same thread (a browser driver's, say) and would never run our timers.
    """
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class Pacer:
    """Calls a step again and again, ``pace`` seconds apart, on the kernel's event loop.

    Outside a kernel's running loop (plain Python, tests) or with ``pace=0`` there is no
    waiting: :meth:`start` runs the steps one after the other at once. A step returns True
    to be called again.
    """

    def __init__(self, pace: float) -> None:
        if not isinstance(pace, (int, float)) or isinstance(pace, bool) or pace < 0:
            raise ValueError(f"pace: seconds between bot moves, 0 or more, not {pace!r}")
        self.pace = float(pace)
        self._handle: asyncio.TimerHandle | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        try:
            self._loop = asyncio.get_event_loop_policy().get_event_loop()
        except RuntimeError:
            self._loop = None

    @property
    def running(self) -> bool:
        """Steps are waiting to run."""
        return self._handle is not None

    @property
    def waits(self) -> bool:
        """Do steps wait ``pace`` seconds between them here (a kernel's loop, ``pace > 0``)?"""
        return self._event_loop() is not None

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def _event_loop(self) -> asyncio.AbstractEventLoop | None:
        if self.pace <= 0 or not _in_kernel():
            return None
        try:
            return asyncio.get_running_loop()
        except RuntimeError:
            loop = self._loop
            return loop if loop is not None and loop.is_running() else None

    def start(self, step: Callable[[], bool]) -> None:
        """Run ``step`` now and, while it asks to go on, again every ``pace`` seconds."""
        self.cancel()
        loop = self._event_loop()
        if loop is None:
            while step():
                pass
            return

        def tick() -> None:
            self._handle = None
            if step():
                self._handle = loop.call_later(self.pace, tick)

        self._handle = loop.call_later(self.pace, tick)


class PlayLoop:
    """The bots' moves between the learner's, and which moment of the game the page shows.

    A play widget names who moves (``next_bot``: a bot's seat, or None when the learner
    or nobody is to move), how a bot moves (``bot_move(seat)`` applies the bot's action
    and says whether the learner would see it), how the widget shows itself (``show``)
    and how many decisions it has recorded (``decisions``). The widget puts
    :attr:`count` in its page, calls :meth:`moved` after applying the learner's move and
    :meth:`run` to let the bots answer, and wraps each click with :meth:`click`.
    """

    def __init__(
        self,
        pace: float,
        *,
        next_bot: Callable[[], int | None],
        bot_move: Callable[[int], bool],
        show: Callable[[], None],
        decisions: Callable[[], int],
        learner_to_move: Callable[[], bool],
        error: ErrorLine,
    ) -> None:
        self.pacer = Pacer(pace)
        self._next_bot = next_bot
        self._bot_move = bot_move
        self._show = show
        self._decisions = decisions
        self._learner_to_move = learner_to_move
        self._error = error
        self._generation = 0
        self.moment = 0
        """How many moves (and deals) the game has seen: each one is a new moment."""
        self.shown = w.IntText(value=0)
        """The moment the page was last sent (never displayed)."""
        self.drawn = w.IntText(value=NO_PAGE)
        """The moment the page has drawn, copied back by the page itself (never displayed)."""
        self._echo = w.jsdlink((self.shown, "value"), (self.drawn, "value"))
        self.count = classed(w.HTML(layout=w.Layout(display="none")), "kit-decision-count")
        """Hidden: the decisions recorded, the moment and whose turn it is, as data attributes."""

    @property
    def paced(self) -> bool:
        """Do the bots pause between their moves here (in a kernel, with ``pace > 0``)?"""
        return self.pacer.waits

    def restart(self) -> None:
        """A new deal or round: the old one's bots stop, and the page's buttons are old."""
        self.pacer.cancel()
        self._generation += 1
        self.moved()

    def moved(self) -> None:
        """A move was applied: the buttons the page shows belong to an older moment."""
        self.moment += 1

    def stale(self) -> bool:
        """Was the click being handled made on a page that had not drawn the latest moment?"""
        drawn = self.drawn.value
        return bool(drawn != NO_PAGE and drawn != self.shown.value)

    def click(self, handler: Callable[[], Any]) -> Callable[..., None]:
        """A button's click handler: ``handler()``, unless the click was made on an older
        moment of the game, which is refused with :data:`STALE_CLICK` in the error line."""

        def clicked(*_: object) -> None:
            if self.stale():
                self._error.show(STALE_CLICK)
                return
            handler()

        return clicked

    def show(self) -> None:
        """Show the widget, then tell the page the moment and the decisions recorded."""
        self._show()
        turn = "you" if self._learner_to_move() else "bots" if self._next_bot() is not None else ""
        self.count.value = decision_count_html(self._decisions(), self.moment, turn or "none")
        self.shown.value = self.moment

    def run(self) -> None:
        """Show the game, then let the bots move: paced, one visible move per step."""
        generation = self._generation

        def step() -> bool:
            if generation != self._generation:
                return False
            try:
                more = self._bots(paced=self.paced)
            except Exception as error:  # a bot's failure shows, never a traceback
                self._error.show(f"Something went wrong ({type(error).__name__}: {error})")
                more = False
            self.show()
            return more

        self.show()
        self.pacer.start(step)

    def finish(self) -> None:
        """Let the bots play on at once, without pausing between moves."""
        self.pacer.cancel()
        self._bots(paced=False)
        self.show()

    def _bots(self, *, paced: bool) -> bool:
        """Apply bot moves; paced, stop after one the learner would see. True if more remain."""
        while True:
            seat = self._next_bot()
            if seat is None:
                return False
            visible = self._bot_move(seat)
            self.moved()
            if visible and paced:
                return self._next_bot() is not None


def chosen_bots(bots: Sequence[str] | str, known: Mapping[str, object], seats: int) -> list[str]:
    """The bot of each of ``seats`` seats: ``bots`` (one name, or several) round the table.

    Raises ``ValueError`` naming ``bots`` for no name or a name not in ``known``.
    """
    if isinstance(bots, str):
        bots = (bots,)
    if not bots:
        raise ValueError(f"bots: name at least one bot, e.g. bots=({next(iter(known))!r},)")
    for name in bots:
        if name not in known:
            raise ValueError(f"bots: unknown bot {name!r}; choose from {', '.join(known)}")
    return [bots[seat % len(bots)] for seat in range(seats)]


class LearnerGame:
    """What a play widget keeps around its :class:`PlayLoop`: the learner's seat, the review
    of their decisions, the hint level they had reached at each, and the log of moves.

    The widget calls :meth:`_start_play` first, and fills in who moves (``_bot_to_move``,
    ``your_move``), how a bot moves (``_bot_move``) and how it shows itself (``_show``).
    Each deal or round starts its review with :meth:`_new_record`.
    """

    HUMAN: ClassVar[int] = 0
    """The learner's seat."""

    error: ErrorLine
    coach: CoachBar
    """The *Hint* button and the coach's panel (the widget builds it)."""
    # what a widget with a story and a memory keeps (see :meth:`_replayed`)
    store: Store | None
    paths: list[Any]
    _advices: list[Advice]
    cards: dict[int, DrillCard]
    _redrill: tuple[int, DrillCard] | None
    moves: list[Move]
    summary: w.HTML
    story: StoryBox

    def _start_play(self, pace: float) -> None:
        self.error = ErrorLine()
        self.loop = PlayLoop(
            pace,
            next_bot=self._bot_to_move,
            bot_move=self._bot_move,
            show=self._show,
            decisions=lambda: len(self.review.lines),
            learner_to_move=lambda: self.your_move,
            error=self.error,
        )
        self.events: list[str] = []
        """What has happened, in the learner's words with tiles and cards in notation (the
        log shows them by picture and name), the latest last."""
        self._new_record()

    def _new_record(self) -> None:
        self.review = Review()
        self.hints: list[int] = []
        """The hint level the learner had reached at each reviewed decision."""

    @staticmethod
    def _checked_decision(decision: object, count: int, what: str) -> int:
        """``decision`` as an index into the ``count`` decisions of this ``what`` ("deal",
        "round"), or a ``ValueError`` that names what can be replayed."""
        if count == 0:
            raise ValueError(f"decision: this {what} has no decision of yours to replay yet")
        if isinstance(decision, bool) or not isinstance(decision, int) or not 0 <= decision < count:
            raise ValueError(
                f"decision: one of your {count} decisions of this {what} "
                f"(0 to {count - 1}), not {decision!r}"
            )
        return decision

    def _replayed(self, decision: int, *, moves: int, events: int) -> None:
        """Cut the deal or round back to the learner's decision ``decision`` for *Replay
        this decision*: the ways, advice, review and hints from it on, the moves and the log
        to their length then (``moves``, ``events``), the summary and the story. A drill card
        made at that decision is reviewed by the choice made again (:meth:`_redrilled`)."""
        del self.paths[decision:]
        del self._advices[decision:]
        self.cards = {i: card for i, card in self.cards.items() if i <= decision}
        card = self.cards.get(decision)
        self._redrill = None if card is None else (decision, card)
        self.moves = self.moves[:moves]
        self.events = self.events[:events]
        self.events.append(f"Replaying your decision {decision + 1}: choose again.")
        del self.review.lines[decision:]
        del self.hints[decision:]
        self.summary.value = ""
        self.story.clear()

    def _redrilled(self, decision: int | None, advice: Advice | None, action: Any) -> None:
        """A choice made again at a replayed decision that has a card is one review of it:
        right when it is as good as the coach's best."""
        if self._redrill is None or decision != self._redrill[0] or self.store is None:
            return
        assert advice is not None
        option = advice.option_for(action)
        chosen = option.label if option is not None else str(action)
        self.store.record_drill(self._redrill[1].id, chosen, correct=advice.is_best(action))
        self._redrill = None

    def _record(self, advice: Advice | None, action: Any) -> None:
        """The learner chose ``action`` where the coach gave ``advice`` (None: no choice to review)."""
        if advice is not None:
            self.review.record(advice, action)
            self.hints.append(self.coach.level)

    def hint(self) -> str | None:
        """The next level of the coach's help (as the Hint button)."""
        return self._hint()

    @guarded
    def _hint(self) -> str:
        return self.coach.hint()

    def _history_html(self) -> str:
        """The last eight moves, in words, their tiles or cards by picture and name."""
        return (
            f"<div style='{MUTED};font-size:0.9em'>"
            + "<br>".join(spoken_html(capitalised(e)) for e in self.events[-8:])
            + "</div>"
        )

    # -- what a play widget fills in --

    @property
    def your_move(self) -> bool:
        """Is a decision the learner's now (and the bots done)?"""
        raise NotImplementedError

    def _bot_to_move(self) -> int | None:
        """The seat of the bot to move now, or None."""
        raise NotImplementedError

    def _bot_move(self, seat: int) -> bool:
        """The bot of ``seat`` moves; True if the learner sees the move."""
        raise NotImplementedError

    def _show(self) -> None:
        raise NotImplementedError
