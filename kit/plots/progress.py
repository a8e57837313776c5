"""A learner's history in charts: matching the coach, dealing in, and the net, date by date.

Each chart takes the deals a progress store gives back (:meth:`kit.progress.Store.deals`),
one game's or every game's, and draws one trace (or one pair) per game in the game's
colour (:data:`GAME_COLOURS`), with dates on the x axis. No deals to draw raises a
``ValueError`` naming what the chart needs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING

from kit.games import GAMES
from kit.plots.common import LEGEND_AT_RIGHT, laid_out

if TYPE_CHECKING:
    import plotly.graph_objects as go

    from kit.progress.records import Deal

__all__ = [
    "GAME_COLOURS",
    "ROLLING_DEALS",
    "coach_match_chart",
    "date_axis",
    "deal_in_chart",
    "game_colour",
    "net_chart",
    "rolling_average",
]

GAME_COLOURS = {"nylonppong": "#7b3294", "sichuan": "#d95f02", "hongkong": "#1b7837"}
"""One colour per game, in every chart of a learner's progress."""

ROLLING_DEALS = 10
"""How many deals the running average of the net spans."""

DATE_AXIS: dict[str, object] = {"title": {"text": "date played"}, "type": "date"}

SHORTEST_SPAN = timedelta(days=1)
"""A date axis spans at least this either side of the days played, one tick a day, while
they fall within :data:`FEW_DAYS`: a first deal, or a first afternoon of deals, is drawn
as days, not as a few milliseconds of one."""

FEW_DAYS = 3 * SHORTEST_SPAN
"""Deals spread over more days than this are laid out by plotly itself."""


def game_colour(key: str) -> str:
    """The colour of the game ``key`` (a registry key)."""
    return GAME_COLOURS.get(key, "#555555")


def _by_game(deals: Iterable[Deal], chart: str, what: str = "deals") -> dict[str, list[Deal]]:
    """The deals of each game, oldest first, games in the registry's order."""
    grouped: dict[str, list[Deal]] = {}
    for deal in sorted(deals, key=lambda d: d.at):
        grouped.setdefault(deal.game, []).append(deal)
    if not grouped:
        raise ValueError(f"{chart} needs at least one played deal with {what}; there are none")
    order = list(GAMES)
    return {key: grouped[key] for key in sorted(grouped, key=order.index)}


def _title(key: str) -> str:
    return GAMES[key].title


def _midnight(played: date | datetime) -> datetime:
    day = played.date() if isinstance(played, datetime) else played
    return datetime.combine(day, datetime.min.time())


def date_axis(played: Iterable[date | datetime]) -> dict[str, object]:
    """The date axis of deals played at ``played`` (see :data:`SHORTEST_SPAN`)."""
    days = sorted(_midnight(when) for when in played)
    if not days or days[-1] - days[0] > FEW_DAYS:
        return DATE_AXIS
    # the last day runs to the next midnight, and a day more is left after it
    span = [days[0] - SHORTEST_SPAN, days[-1] + 2 * SHORTEST_SPAN]
    tick = SHORTEST_SPAN.total_seconds() * 1000  # plotly counts a date axis in milliseconds
    return {**DATE_AXIS, "range": span, "dtick": tick, "tickformat": "%d %b"}


def _layout(
    figure: go.Figure, title: str, y: dict[str, object], played: Iterable[date | datetime]
) -> go.Figure:
    return laid_out(
        figure,
        title,
        xaxis=date_axis(played),
        yaxis=y,
        legend=LEGEND_AT_RIGHT,
        showlegend=True,
        margin={"r": 170},
    )


def coach_match_chart(deals: Sequence[Deal], *, title: str | None = None) -> go.Figure:
    """The share of each deal's decisions that were as good as the coach's, by date."""
    import plotly.graph_objects as go

    with_decisions = [deal for deal in deals if deal.decisions]
    figure = go.Figure()
    for key, played in _by_game(with_decisions, "coach_match_chart", "decisions").items():
        figure.add_trace(
            go.Scatter(
                x=[deal.at for deal in played],
                y=[deal.matched / len(deal.decisions) for deal in played],
                customdata=[[deal.matched, len(deal.decisions)] for deal in played],
                hovertemplate="%{x|%d %b %Y}: %{customdata[0]} of %{customdata[1]}"
                " decisions<extra></extra>",
                mode="lines+markers",
                name=_title(key),
                line={"color": game_colour(key)},
            )
        )
    return _layout(
        figure,
        title or "How often your decisions matched the coach's",
        {
            "title": {"text": "share of a deal's decisions as good as the coach's"},
            "tickformat": ".0%",
            "range": [-0.05, 1.05],
        },
        [deal.at for deal in with_decisions],
    )


def _days(played: Sequence[Deal]) -> dict[date, list[Deal]]:
    days: dict[date, list[Deal]] = {}
    for deal in played:
        days.setdefault(deal.at.date(), []).append(deal)
    return days


def deal_in_chart(deals: Sequence[Deal], *, title: str | None = None) -> go.Figure:
    """Deal-ins per deal, day by day: how often the learner gave the winning tile (or card)."""
    import plotly.graph_objects as go

    figure = go.Figure()
    for key, played in _by_game(deals, "deal_in_chart").items():
        days = _days(played)
        figure.add_trace(
            go.Scatter(
                x=list(days),
                y=[sum(d.dealt_in for d in day) / len(day) for day in days.values()],
                customdata=[[sum(d.dealt_in for d in day), len(day)] for day in days.values()],
                hovertemplate="%{x|%d %b %Y}: dealt in %{customdata[0]} times"
                " in %{customdata[1]} deals<extra></extra>",
                mode="lines+markers",
                name=_title(key),
                line={"color": game_colour(key)},
            )
        )
    return _layout(
        figure,
        title or "How often you dealt in, day by day",
        {"title": {"text": "deal-ins per deal played that day"}, "rangemode": "tozero"},
        [deal.at for deal in deals],
    )


def rolling_average(values: Sequence[float], window: int = ROLLING_DEALS) -> list[float]:
    """The average of each value and up to ``window - 1`` values before it."""
    if window < 1:
        raise ValueError(f"window must be 1 or more, not {window}")
    return [
        sum(values[max(0, n - window + 1) : n + 1]) / (n + 1 - max(0, n - window + 1))
        for n in range(len(values))
    ]


def net_chart(
    deals: Sequence[Deal], *, window: int = ROLLING_DEALS, title: str | None = None
) -> go.Figure:
    """Each deal's net as a dot, and its running average over the last ``window`` deals."""
    import plotly.graph_objects as go

    figure = go.Figure()
    for key, played in _by_game(deals, "net_chart").items():
        colour = game_colour(key)
        when = [deal.at for deal in played]
        nets = [deal.net for deal in played]
        figure.add_trace(
            go.Scatter(
                x=when,
                y=nets,
                mode="markers",
                name=f"{_title(key)}: each deal",
                marker={"color": colour, "opacity": 0.45, "size": 7},
                hovertemplate="%{x|%d %b %Y %H:%M}: %{y:+g}<extra></extra>",
            )
        )
        figure.add_trace(
            go.Scatter(
                x=when,
                y=rolling_average(nets, window),
                mode="lines",
                name=f"{_title(key)}: last {window} deals",
                line={"color": colour, "width": 3},
                hovertemplate="%{x|%d %b %Y}: %{y:+.1f} on average<extra></extra>",
            )
        )
    penalty = "nylonppong" in {deal.game for deal in deals}
    axis = "net per deal, in stakes" + ("; Nylon-ppong in penalty points" if penalty else "")
    return _layout(
        figure,
        title or f"Your net per deal, and its average over the last {window} deals",
        {"title": {"text": axis}, "zeroline": True, "rangemode": "tozero"},
        [deal.at for deal in deals],
    )
