"""The coach's tables as HTML: its options for a decision, and the review after a game.

The play widgets (:mod:`kit.widgets.coaching`) show these; the tables are written by
:func:`kit.render.table.frame_table`, the kit's one table writer.

>>> decision_count_html(3, 41, "you")
'<span class="kit-decisions" data-decisions="3" data-moment="41" data-turn="you"></span>'
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape
from typing import TYPE_CHECKING

from kit.coach import HINT_LEVELS, Advice, Review
from kit.render.table import frame_table
from kit.words import fact_words

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["advice_html", "decision_count_html", "review_frame", "review_html"]

MUTED = "color:#555"
GOOD, BAD = "#2e7d32", "#b00020"


def advice_html(advice: Advice) -> str:
    """The coach's options as a small table, best first (class ``kit-coach-table``)."""
    import pandas as pd

    frame = advice.words_frame()
    frame.index = pd.RangeIndex(1, len(frame) + 1, name="rank")
    concept = f"<div style='{MUTED};margin-top:4px'>{escape(advice.concept)}</div>"
    method = ""
    if advice.method is not None:
        from kit.reference import cite

        page, anchor = advice.method
        link = cite(page, anchor).html("How the coach forecasts these numbers")  # type: ignore[arg-type]
        method = f"<div class='kit-coach-method'>{link}</div>"
    return concept + frame_table(frame, css_class="kit-coach-table") + method


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
    """The review after a deal: how many choices matched the coach, then the table."""
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
        + frame_table(frame, css_class="kit-review-table", formatter=fact_words)
        + "</div>"
    )


def decision_count_html(decisions: int, moment: int, turn: str) -> str:
    """What a page carries for its readers (a browser test): the decisions the game has
    recorded, the moment of the game shown, and whose move it is (``you``, ``bots``, ``none``)."""
    return (
        f'<span class="kit-decisions" data-decisions="{decisions}" data-moment="{moment}" '
        f'data-turn="{escape(turn)}"></span>'
    )
