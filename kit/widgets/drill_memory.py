"""Which of the learner's own mistakes a drill shows next, and the line that says why.

Every game's drill (:class:`kit.widgets.mahjong_drill.MahjongDrill`,
:class:`kit.widgets.nylonppong.drill.Drill`) draws from the learner's store in the same
order: the drill cards that are due, then the cards of the learner's weakest idea, then
fresh positions. :class:`DrillMemory` keeps that order, and the words for it.

>>> from datetime import UTC, datetime
>>> from kit.progress import Store
>>> store = Store(":memory:")
>>> at = datetime(2026, 12, 3, 9, 0, tzinfo=UTC)
>>> card = store.add_card(game="nylonppong", position={"n": 1}, chosen="draw", best="stop",
...                       cost=4.0, concept="stop", at=at)
>>> memory = DrillMemory(store, "nylonppong")
>>> memory.weakest(), concept_words("stop")
('stop', 'when to stop')
>>> found = memory.next(lambda card: card.position["n"], now=at)
>>> found[1], found[2]
(1, 'You missed this on 3 December; due today.')
>>> memory.next(lambda card: card.position["n"], now=at) is None  # each card once a session
True
"""

from __future__ import annotations

import html
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from typing import Any, TypeVar

from kit.coach import Advice, ReviewLine
from kit.progress import DrillCard, Store, rules_to_data
from kit.widgets.common import MUTED

__all__ = [
    "CONCEPT_WORDS",
    "DrillMemory",
    "concept_words",
    "costly_cards",
    "due_words",
    "why_html",
]

T = TypeVar("T")

CONCEPT_WORDS = {
    "void-first": "throwing the void suit first",
    "danger": "danger: tiles that could feed a win",
    "minimum-fan": "the 3-fan minimum",
    "claim": "when to claim a tile",
    "shape": "the hand's shape",
    "stop": "when to stop",
    "ppong": "when to ppong",
    "declare": "when to declare a combination",
    "discard": "which card to throw",
}
"""Each drill card's idea (its ``concept`` key), as a learner reads it."""


def concept_words(concept: str) -> str:
    """The idea ``concept`` names, in words (the key itself for one the kit does not know)."""
    return CONCEPT_WORDS.get(concept, concept.replace("-", " "))


class DrillMemory:
    """The learner's drill cards of one game, in the order a drill shows them."""

    def __init__(self, store: Store | None, game: str) -> None:
        if store is not None and not isinstance(store, Store):
            raise TypeError(f"store must be a kit.progress.Store or None, not {store!r:.60}")
        self.store = store
        self.game = game
        self._shown: set[int] = set()
        """The cards already shown this session: each comes up once."""

    def weakest(self) -> str | None:
        """The idea the learner misses most: the concept with the most cards and missed
        drills (None without a store, or before any card)."""
        if self.store is None:
            return None
        cards = {card.id: card.concept for card in self.store.cards(self.game)}
        counts = Counter(cards.values())
        missed = [d.card_id for d in self.store.drills() if not d.correct]
        counts.update(cards[card_id] for card_id in missed if card_id in cards)
        if not counts:
            return None
        return min(counts, key=lambda concept: (-counts[concept], concept))

    def next(
        self, rebuilt: Callable[[DrillCard], T | None], now: datetime | None = None
    ) -> tuple[DrillCard, T, str] | None:
        """The next card to drill (a due one, else one of the weakest idea), what
        ``rebuilt`` made of it, and why it was chosen; None for a fresh position. A card
        that ``rebuilt`` cannot rebuild (it returns None) is passed over."""
        if self.store is None:
            return None
        now = datetime.now(UTC) if now is None else now
        weakest = self.weakest()
        candidates = [(card, due_words(card, now)) for card in self.store.due(self.game, now)]
        if weakest is not None:
            candidates += [
                (card, f"Your weakest idea: {concept_words(weakest)}.")
                for card in sorted(self.store.cards(self.game), key=lambda c: (c.due, c.id))
                if card.concept == weakest
            ]
        for card, why in candidates:
            if card.id in self._shown:
                continue
            self._shown.add(card.id)
            found = rebuilt(card)
            if found is not None:
                return card, found, why
        return None


def costly_cards(
    store: Store,
    *,
    game: str,
    rules: Any,
    lines: Sequence[ReviewLine],
    ways: Sequence[dict[str, Any]],
    advices: Sequence[Advice],
    concept: Callable[[Advice, Any], str],
    threshold: float,
) -> dict[int, DrillCard]:
    """A drill card, by decision number, for each decision of a finished deal or round that
    gave up more than ``threshold`` by the forecasts. ``ways`` holds, decision by decision,
    the data that rebuilds its position; ``concept`` names the idea a choice got wrong."""
    data = rules_to_data(rules)
    cards: dict[int, DrillCard] = {}
    for i, (line, way, advice) in enumerate(zip(lines, ways, advices, strict=True)):
        if line.cost is None or line.cost <= threshold:
            continue
        card = store.add_card(
            game=game,
            position=way | {"decision": i, "rules": data},
            chosen=line.chosen,
            best=line.best,
            cost=line.cost,
            concept=concept(advice, line.action),
            threshold=threshold,
        )
        if card is not None:
            cards[i] = card
    return cards


def _day(at: datetime) -> str:
    """A date as a learner reads it, in the local time zone: "3 December"."""
    local = at.astimezone()
    return f"{local.day} {local:%B}"


def due_words(card: DrillCard, now: datetime) -> str:
    """Why a due card comes up: when it was missed, and since when it is due."""
    today = now.astimezone().date()
    due = "due today" if card.due.astimezone().date() >= today else f"due since {_day(card.due)}"
    return f"You missed this on {_day(card.at)}; {due}."


def why_html(words: str) -> str:
    """The drill's why-line (class ``kit-drill-why`` is the widget's)."""
    return f"<div style='{MUTED};font-size:13px;margin:4px 0'>{html.escape(words)}</div>"
