"""The learner's memory: what was played, answered and drilled, kept on this machine only.

:class:`Store` keeps each played deal (rules, seed, the learner's decisions against the
coach's, the result), each exercise attempt and each drill answer in one SQLite file in
the Jupyter data directory. Costly decisions become drill cards, scheduled by fsrs. Each lesson's last cell calls
:func:`lesson_done`, so the store also knows the lessons worked through.

>>> from datetime import UTC, datetime, timedelta
>>> from kit.coach import ReviewLine
>>> from kit.sichuan import Rules
>>> store = Store(":memory:")
>>> line = ReviewLine("discard", chosen="5p", best="9s", good=False, lost="kept 9s", cost=1.5)
>>> deal = store.record_deal(Rules(fan_cap=6), seed=7, lines=[line], net=-4, dealt_in=True)
>>> [(d.game, d.rules.fan_cap, d.decisions[0].best) for d in store.deals()]
[('sichuan', 6, '9s')]
>>> start = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
>>> card = store.add_card(game="sichuan", position={"seed": 7, "decision": 0}, chosen="5p",
...                       best="9s", cost=1.5, concept="void-first", at=start)
>>> [c.concept for c in store.due("sichuan", now=start)]
['void-first']
>>> drill = store.record_drill(card.id, "5p", correct=False, at=start)
>>> store.due("sichuan", now=start), len(store.due("sichuan", now=start + timedelta(days=1)))
([], 1)
>>> store.saving, store.message
(False, None)
>>> [done.lesson for done in (store.lesson_done("sichuan/01-tiles-and-void", at=start),)]
['sichuan/01-tiles-and-void']
"""

from kit.progress.cards import CARD_THRESHOLD, Rating
from kit.progress.course import lesson_done
from kit.progress.opening import ProgressWarning, StoreMovedAside, StoreNotSaving
from kit.progress.records import Attempt, Deal, Decision, Drill, DrillCard, LessonDone, to_frame
from kit.progress.rules_json import rules_from_data, rules_to_data
from kit.progress.store import PATH_VARIABLE, Store, default_path

__all__ = [
    "CARD_THRESHOLD",
    "PATH_VARIABLE",
    "Attempt",
    "Deal",
    "Decision",
    "Drill",
    "DrillCard",
    "LessonDone",
    "ProgressWarning",
    "Rating",
    "Store",
    "StoreMovedAside",
    "StoreNotSaving",
    "default_path",
    "lesson_done",
    "rules_from_data",
    "rules_to_data",
    "to_frame",
]
