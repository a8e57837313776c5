"""Play widget speed: one click to the updated table, kernel side, against the 50 ms goal.

Each figure is the median, over every click of several whole deals (rounds in
Nylon-ppong), of the time from a button's ``.click()`` to the widget having
updated its table, hand and buttons for the learner's next decision. The time
includes the coach's advice for the decision clicked (the review records it)
and every bot move up to the learner's next decision, applied at once
(``pace=0``); the browser's drawing is not counted. The learner clicks the
coach's recommendation each time.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from benchmarks.common import Figure

GOAL_MS = 50.0
SEEDS = range(6)


def _clicks_ms(
    make: Callable[[int], Any], choose: Callable[[Any], Any], done: Callable[[Any], bool]
) -> float:
    """The median milliseconds of one click, over whole games of every seed."""
    make(999)  # load the hand tables and the coach's caches first; not timed
    times = []
    for seed in SEEDS:
        game = make(seed)
        for _ in range(300):
            if done(game):
                break
            button = game.button_for(choose(game))  # the choice is made apart from the widget
            start = time.perf_counter()
            button.click()
            times.append(time.perf_counter() - start)
            if game.error.value:
                raise RuntimeError(f"the click failed: {game.error.value}")
    return statistics.median(times) * 1000


def _mahjong_choice(game: Any) -> Any:
    view = game.view
    legal = view.legal_actions()
    return game._advise(view).action if len(legal) > 1 else legal[0]


def sichuan_ms() -> float:
    from kit.widgets.sichuan import PlayDeal

    return _clicks_ms(lambda seed: PlayDeal(seed=seed, pace=0), _mahjong_choice, lambda g: g.over)


def hongkong_ms(players: int = 4) -> float:
    from kit.hongkong import Rules
    from kit.widgets.hongkong import PlayDeal

    rules = Rules(players=players)
    return _clicks_ms(
        lambda seed: PlayDeal(rules=rules, seed=seed, pace=0), _mahjong_choice, lambda g: g.over
    )


def nylonppong_ms() -> float:
    from kit.nylonppong.coach import advise
    from kit.widgets.nylonppong import PlayRound

    def choose(game: Any) -> Any:
        view = game.round.view(0)
        legal = view.legal_actions()
        return advise(view).action if len(legal) > 1 else legal[0]

    return _clicks_ms(
        lambda seed: PlayRound(seed=seed, pace=0), choose, lambda g: g.round.result is not None
    )


GAMES: dict[str, Callable[[], float]] = {
    "play a Sichuan deal: one click (bots, table)": sichuan_ms,
    "play a Hong Kong deal: one click (bots, table)": hongkong_ms,
    "play Hong Kong, two players: one click": lambda: hongkong_ms(2),
    "play a Nylon-ppong round: one click": nylonppong_ms,
}


def run() -> list[Figure]:
    figures = []
    for name, measure in GAMES.items():
        value = measure()
        figures.append(Figure(name, value, "ms", f"< {GOAL_MS:g} ms", value < GOAL_MS))
    return figures


if __name__ == "__main__":
    for figure in run():
        print(figure)
