"""The coach's tables as HTML: its options for a decision, and the review after a game.

The play widgets (:mod:`kit.widgets.coaching`) show these; the tables are written by
:func:`kit.render.table.frame_table`, the kit's one table writer. Every line a learner
reads names its tiles and cards by picture and name (:func:`kit.render.spoken.spoken_html`),
the notation kept for the tooltip.

>>> decision_count_html(3, 41, "you")
'<span class="kit-decisions" data-decisions="3" data-moment="41" data-turn="you"></span>'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import TYPE_CHECKING, Any

from kit.coach import HINT_LEVELS, Advice, Option, Review, label
from kit.recommendation import alike, closest, recommendation, with_alike
from kit.render.spoken import spoken_html
from kit.render.table import frame_table
from kit.story import TurningPoint
from kit.words import fact_words

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "advice_html",
    "decision_count_html",
    "review_frame",
    "review_html",
    "turning_point_html",
]

MUTED = "color:#555"
GOOD, BAD = "#2e7d32", "#b00020"


NOT_A_FACT = "does not apply to this option"
"""The tooltip of an empty cell of the coach's table."""
GLANCE_FACTS = 5
"""The facts the glance's rows show (the full table shows them all)."""


def _fact_cell(words: str, *, pictures: bool = True) -> str:
    """A cell of the coach's table: the words with tiles drawn; an empty cell says why."""
    if not words:
        return f'<span class="kit-not-a-fact" title="{NOT_A_FACT}">&nbsp;</span>'
    return spoken_html(words, pictures=pictures)


def _glance_facts(advice: Advice) -> list[str]:
    """The facts the ranking reads first, in that order: the glance's columns (without
    :attr:`~kit.coach.Advice.shown`, the facts the best option has)."""
    facts = advice.best.facts
    names = advice.shown or tuple(n for n in facts.names() if facts.fact(n) is not None)
    return list(names)[:GLANCE_FACTS]


def _options_table(advice: Advice, options: Sequence[Option], *, glance: bool) -> str:
    import pandas as pd

    frame = advice.words_frame()
    frame.index = pd.RangeIndex(1, len(frame) + 1, name="rank")
    rows = [advice.options.index(o) for o in options]
    frame = frame.iloc[rows]
    if not glance:
        return frame_table(
            frame, css_class="kit-coach-table", cell=lambda w: _fact_cell(w, pictures=False)
        )
    names = _glance_facts(advice)
    columns = [label(n) for n in names]
    frame = frame[[frame.columns[0], *(c for c in columns if c in frame.columns)]].copy()
    frame.iloc[:, 0] = [with_alike(o, alike(advice, o, options, names)) for o in options]
    return frame_table(frame, css_class="kit-coach-table kit-coach-glance", cell=_fact_cell)


def advice_html(advice: Advice, chosen: Any = None) -> str:
    """The coach's answer at a glance: one sentence (class ``kit-coach-lead``), then at most
    four rows (the best, ``chosen``'s option when it differs, the nearest others; options
    alike on the facts shown named beside them), then every option behind "Show all"
    (a ``<details>``, class ``kit-coach-all``)."""
    lead = (
        f"<div class='kit-coach-lead' style='margin:4px 0'>"
        f"{spoken_html(recommendation(advice))}</div>"
    )
    glance = closest(advice, chosen, names=_glance_facts(advice))
    table = _options_table(advice, glance, glance=True)
    everything = ""
    if len(advice.options) > len(glance) or len(advice.shown or ()) > GLANCE_FACTS:
        everything = (
            f"<details class='kit-coach-all' style='margin-top:4px'><summary>Show all "
            f"{len(advice.options)} options, with every fact and reason</summary>"
            f"{_options_table(advice, advice.options, glance=False)}</details>"
        )
    method = ""
    if advice.method is not None:
        from kit.reference import cite

        page, anchor = advice.method
        link = cite(page, anchor).html("How the coach forecasts these numbers")  # type: ignore[arg-type]
        method = f"<div class='kit-coach-method'>{link}</div>"
    return lead + table + everything + method


def turning_point_html(point: TurningPoint) -> str:
    """One turning point of a deal or round: its words, tiles and cards drawn, in red when it
    cost money or penalty points."""
    colour = BAD if point.money is not None and point.money < 0 else "#333"
    return (
        f"<div class='kit-story-point' style='color:{colour};margin:2px 8px 2px 0'>"
        f"{spoken_html(point.text)}</div>"
    )


def review_frame(review: Review, hints: Iterable[int] = ()) -> pd.DataFrame:
    """The review, one row per decision, with the hint level used at each (when known)."""
    import pandas as pd

    frame = review.to_frame()
    levels = list(hints)
    if len(levels) == len(frame):
        frame["hint"] = ["" if level == 0 else HINT_LEVELS[level - 1] for level in levels]
    frame.index = pd.RangeIndex(1, len(frame) + 1, name="#")
    return frame


def review_html(review: Review, hints: Iterable[int] = ()) -> str:
    """The review after a deal: how many choices matched the coach, then every decision
    behind a "show" line (the deal's turning points lead, above it: :func:`turning_point_html`)."""
    lines = review.lines
    if not lines:
        return f"<div class='kit-review' style='{MUTED}'>No decisions to review.</div>"
    frame = review_frame(review, hints)
    frame["good"] = ["✓" if good else "✗" for good in frame["good"]]
    agreed = review.agreed
    colour = GOOD if agreed == len(lines) else BAD if agreed * 2 < len(lines) else "#555"
    return (
        "<div class='kit-review'>"
        f"<div style='font-weight:600;margin:10px 0 4px'>Your decisions against the coach's</div>"
        f"<div class='kit-review-score' style='color:{colour}'>You matched the coach on "
        f"{agreed} of {len(lines)} decision{'s' if len(lines) != 1 else ''}.</div>"
        + f"<details class='kit-review-all'><summary>All {len(lines)} of your decisions, "
        "one by one</summary>"
        + frame_table(frame, css_class="kit-review-table", formatter=fact_words, cell=spoken_html)
        + "</details></div>"
    )


def decision_count_html(decisions: int, moment: int, turn: str) -> str:
    """What a page carries for its readers (a browser test): the decisions the game has
    recorded, the moment of the game shown, and whose move it is (``you``, ``bots``, ``none``)."""
    return (
        f'<span class="kit-decisions" data-decisions="{decisions}" data-moment="{moment}" '
        f'data-turn="{escape(turn)}"></span>'
    )
