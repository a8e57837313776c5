"""Helpers several test modules share."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import unescape
from typing import Any

from kit.nylonppong.game import Round


def snapshot(round_: Round) -> tuple[object, ...]:
    """Everything a Nylon-ppong round holds, to compare before and after an action."""
    return (
        [list(h) for h in round_.hands],
        list(round_.pile),
        [list(group) for group in round_.laid],
        list(round_.discards),
        round_.phase,
        round_.turn,
        round_.drew,
        round_.claim,
        round_.turns,
        round_.result,
        list(round_.history),
        round_.seed,
        round_.dealer,
        round_.moves,
    )


NOTATION = re.compile(r"\b[1-9]+[mpsz]\b|\b(?:1[0-2]|[1-9])(?:B|A|R|D|J[12]?)\b|\bnan\b|\bNone\b")
"""What a learner should never read: tile or card notation, ``nan``, ``None``."""


def learner_text(html: str) -> str:
    """The words a learner reads in some HTML: tags stripped, pictures (``<svg>``, whose
    ``<title>`` and glyphs are no words), ``<style>`` and ``title`` tooltips left out."""
    text = re.sub(r"<(svg|style|script|title)\b.*?</\1>", "", html, flags=re.S)
    text = re.sub(r"</?(?:br|div|p|td|th|tr|li|ol|ul|table|caption)\b[^>]*>", " ", text)
    text = re.sub(r"<[^>]*>", "", text)
    return re.sub(r"\s+", " ", unescape(text)).strip()


def learner_texts(
    game: Any,
    over: Callable[[], bool],
    legal: Callable[[], list[Any]],
    board: Any,
    limit: int = 400,
) -> list[str]:
    """Play a play widget to the end by clicking the coach's choice, taking every hint and
    showing the coach's panel at each decision; the words of the panel, the hints, the
    log, the prompt and the board at each step, then of the summary (the review)."""
    game.coach.panel_toggle.value = True
    texts = []
    for _ in range(limit):
        if over():
            break
        advice = game.coach.advice
        if advice is not None:
            for _level in range(3):
                game.hint()
            texts.append(learner_text(game.coach.hint_text.value))
            texts.append(learner_text(game.coach.panel.value))
        action = advice.action if advice is not None else legal()[0]
        game.button_for(action).click()
        assert game.error.value == "", game.error.value
        texts += [learner_text(w.value) for w in (game.history, game.prompt, board)]
    assert over()
    texts.append(learner_text(game.summary.value))
    return texts
