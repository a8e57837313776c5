"""A learner sees their progress: the numbers, the charts by date, forget (asked first),
export and import, and exercise tries kept in the store."""

from __future__ import annotations

import base64
import json
from datetime import UTC, datetime, timedelta

import plotly.graph_objects as go
import pytest

from kit import hongkong, nylonppong, sichuan
from kit.exercises import Answer, Exercise, Question
from kit.exercises.answers import whole_number
from kit.plots.progress import (
    GAME_COLOURS,
    coach_match_chart,
    date_axis,
    deal_in_chart,
    net_chart,
    rolling_average,
)
from kit.progress import Decision, Store
from kit.progress.summary import summary
from kit.widgets import Progress
from kit.widgets.progress import export_link

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
GOOD = Decision("discard", "9s", "9s", True, "")
BAD = Decision("discard", "5p", "9s", False, "kept 9s", 1.5)


def filled() -> Store:
    """A store with four days of made-up play in two games, a lesson, tries and a card."""
    store = Store(":memory:")
    for day in range(4):
        at = START + timedelta(days=day)
        store.record_deal(
            sichuan.Rules(),
            seed=day,
            lines=[GOOD, BAD] if day % 2 else [GOOD, GOOD],
            net=4 - 3 * day,
            dealt_in=day % 2 == 1,
            at=at,
        )
        store.record_deal(
            hongkong.Rules(), seed=day, lines=[BAD], net=-2 + day, dealt_in=False, at=at
        )
    store.record_deal(nylonppong.Rules(), seed=1, lines=[], net=12, dealt_in=True, at=START)
    store.lesson_done("sichuan/01-tiles-and-void", at=START)
    store.record_attempt("sichuan/01-tiles-and-void", "void", "m", correct=True, at=START)
    store.record_attempt("sichuan/02-winning-hands-and-waits", "waits", "3", correct=False)
    store.record_attempt("sichuan/02-winning-hands-and-waits", "waits", "4", correct=True)
    store.add_card(
        game="sichuan", position={"seed": 1}, chosen="5p", best="9s", cost=2, concept="danger"
    )
    return store


# --- Charts -------------------------------------------------------------------------------------


def test_the_coach_chart_has_one_trace_per_game_with_dates_on_x() -> None:
    figure = coach_match_chart(filled().deals())
    names = [trace.name for trace in figure.data]
    assert names == ["Sichuan mahjong", "Hong Kong mahjong"]  # Nylon-ppong made no decisions
    sichuan_trace = figure.data[0]
    assert [x.date().day for x in sichuan_trace.x] == [1, 2, 3, 4]
    assert list(sichuan_trace.y) == [1.0, 0.5, 1.0, 0.5]
    assert sichuan_trace.line.color == GAME_COLOURS["sichuan"]
    assert figure.layout.xaxis.type == "date"


def test_the_deal_in_chart_counts_deal_ins_per_deal_each_day() -> None:
    figure = deal_in_chart(filled().deals())
    assert [trace.name for trace in figure.data] == [
        "Nylon-ppong",
        "Sichuan mahjong",
        "Hong Kong mahjong",
    ]
    assert list(figure.data[1].y) == [0.0, 1.0, 0.0, 1.0]
    assert [trace.line.color for trace in figure.data] == list(GAME_COLOURS.values())


def test_the_net_chart_draws_each_deal_and_its_rolling_average() -> None:
    figure = net_chart(filled().deals("sichuan"), window=2)
    dots, average = figure.data
    assert list(dots.y) == [4, 1, -2, -5]
    assert list(average.y) == [4, 2.5, -0.5, -3.5]
    assert "last 2 deals" in average.name and average.mode == "lines"
    assert dots.marker.color == average.line.color == GAME_COLOURS["sichuan"]
    assert rolling_average([1, 2, 3, 4], 3) == [1, 1.5, 2, 3]


@pytest.mark.parametrize("draw", [coach_match_chart, deal_in_chart, net_chart])
def test_a_first_deal_is_drawn_on_a_span_of_days(draw: object) -> None:
    """One deal (or an afternoon of them) would make plotly zoom in to milliseconds: the
    date axis spans a day either side instead, one tick a day; weeks of play are left
    to plotly."""
    assert callable(draw)
    store = Store(":memory:")
    for minutes in (0, 30):
        store.record_deal(
            sichuan.Rules(), seed=1, lines=[GOOD], net=-49, dealt_in=False,
            at=START + timedelta(minutes=minutes),
        )  # fmt: skip
    axis = draw(store.deals()).layout.xaxis
    first, last = (datetime.fromisoformat(str(x)) for x in axis.range)
    assert first <= START.replace(tzinfo=None) - timedelta(hours=9)
    assert last >= START.replace(tzinfo=None) + timedelta(days=1)
    assert axis.dtick == 86_400_000
    assert date_axis([START, START + timedelta(days=20)]).get("range") is None


def test_the_net_chart_shows_where_zero_is() -> None:
    store = Store(":memory:")
    store.record_deal(sichuan.Rules(), seed=1, lines=[GOOD], net=-49, dealt_in=False, at=START)
    assert net_chart(store.deals()).layout.yaxis.rangemode == "tozero"


@pytest.mark.parametrize("draw", [coach_match_chart, deal_in_chart, net_chart])
def test_every_progress_chart_has_a_title_and_axis_titles(draw: object) -> None:
    assert callable(draw)
    figure: go.Figure = draw(filled().deals())
    assert figure.layout.title.text and len(figure.layout.title.text) > 8
    assert figure.layout.xaxis.title.text == "date played"
    assert figure.layout.yaxis.title.text
    assert "mean" not in figure.layout.title.text + figure.layout.yaxis.title.text


@pytest.mark.parametrize("draw", [coach_match_chart, deal_in_chart, net_chart])
def test_a_chart_of_no_deals_says_what_it_needs(draw: object) -> None:
    assert callable(draw)
    with pytest.raises(ValueError, match="at least one played deal"):
        draw([])


# --- The numbers --------------------------------------------------------------------------------


def test_the_numbers_of_one_game_and_of_the_whole_kit() -> None:
    store = filled()
    whole, one = summary(store), summary(store, "sichuan")
    assert (one.lessons_done, one.lessons) == (1, 7)
    assert (whole.lessons_done, whole.lessons) == (1, 19)
    assert (one.questions, one.first_try_right) == (2, 1)  # "waits" was wrong at first
    assert one.drills_due == whole.drills_due == 1
    assert len(one.deals) == 4 and len(whole.deals) == 9
    assert summary(store, "nylonppong").questions == 0
    with pytest.raises(ValueError, match="game"):
        summary(store, "chess")


# --- The widget ---------------------------------------------------------------------------------


def test_an_empty_store_says_there_is_nothing_yet_and_draws_no_chart() -> None:
    progress = Progress(Store(":memory:"))
    assert "Nothing here yet" in progress.numbers.value
    assert progress.chart_box.children == ()


def test_a_filled_store_shows_the_numbers_and_the_charts() -> None:
    progress = Progress(filled(), game="sichuan")
    assert "Sichuan mahjong" in progress.header.value
    assert "1 of 7" in progress.numbers.value and "1 of 2 (50%)" in progress.numbers.value
    assert len(progress.chart_box.children) == 3
    assert [t.name for t in progress.charts["coach"].data] == ["Sichuan mahjong"]
    whole = Progress(filled())
    assert "the whole kit" in whole.header.value
    assert len(whole.charts["net"].data) == 6  # dots and average, for each of three games


def test_a_wrong_game_or_store_names_the_argument() -> None:
    with pytest.raises(ValueError, match="game"):
        Progress(Store(":memory:"), game="chess")
    with pytest.raises(TypeError, match="store"):
        Progress("progress.sqlite")  # type: ignore[arg-type]


def test_forget_asks_first() -> None:
    store = filled()
    progress = Progress(store)
    progress.forget()  # not asked yet: nothing is deleted
    assert store.deals() and "Forget everything first" in progress.error.value
    progress.ask_forget()
    assert progress.confirm.layout.display != "none"
    progress.keep()
    assert progress.confirm.layout.display == "none" and store.deals()
    progress.forget_button.click()
    progress.confirm_button.click()
    assert store.deals() == [] and store.lessons() == []
    assert "Nothing here yet" in progress.numbers.value


def test_export_then_import_through_the_widget() -> None:
    source = Progress(filled())
    source.export_button.click()
    link = source.download.value
    assert 'download="progress.json"' in link and "data:application/json;base64," in link
    content = base64.b64decode(link.split("base64,", 1)[1].split('"', 1)[0])
    assert json.loads(content)["format"] == "hwatu-mahjong-kit progress"
    target = Progress(Store(":memory:"))
    said = target.import_bytes(content)
    assert said.startswith("Imported 9 deals, 3 exercise tries, 1 drill cards")
    assert target.store.contents() == source.store.contents()
    assert len(target.chart_box.children) == 3
    assert export_link(target.store).count("base64,") == 1


def test_a_bad_import_is_said_in_the_page_and_changes_nothing() -> None:
    progress = Progress(filled())
    before = progress.store.contents()
    said = progress.import_bytes(b'{"format": "something else"}')
    assert said.startswith("Nothing was imported") and "not an exported" in said
    assert "Nothing was imported" in progress.error.value
    assert progress.import_bytes(b"\xff\xfe not json").startswith("Nothing was imported")
    assert progress.store.contents() == before


def test_the_upload_box_imports_the_file() -> None:
    content = json.dumps(
        {
            "format": "hwatu-mahjong-kit progress",
            "version": 2,
            "exported": "2025-03-01T09:00:00.000000+00:00",
            "deals": [],
            "attempts": [],
            "cards": [],
            "drills": [],
            "lessons": [
                {
                    "lesson": "hongkong/05-pao",
                    "first": "2025-03-01T09:00:00.000000+00:00",
                    "last": "2025-03-01T09:00:00.000000+00:00",
                    "times": 1,
                }
            ],
        }
    ).encode()
    progress = Progress(Store(":memory:"))
    progress._on_upload({"new": ({"name": "progress.json", "content": memoryview(content)},)})
    assert [d.lesson for d in progress.store.lessons()] == ["hongkong/05-pao"]
    assert "1 lessons done" in progress.said.value


# --- Exercise tries -------------------------------------------------------------------------------


def an_exercise() -> Exercise:
    return Exercise(
        Question(
            "add",
            answers=(Answer("2 + 2", whole_number),),
            truth=lambda: 4,
            hint="count on",
            explanation="2 + 2 = 4",
        )
    )


def test_the_exercise_widget_keeps_each_try_in_the_store() -> None:
    store = Store(":memory:")
    box = an_exercise().widget(store=store, lesson="sichuan/03-fan-and-the-cap")
    text, button = box.children[0], box.children[1]
    for answer in ("five", "5", "4"):  # a typo is not a try
        text.value = answer
        button.click()
    assert [(a.answer, a.correct, a.hint_level) for a in store.attempts()] == [
        ("5", False, 0),
        ("4", True, 1),
    ]
    assert {a.lesson for a in store.attempts()} == {"sichuan/03-fan-and-the-cap"}
    assert summary(store, "sichuan").first_try_right == 0


def test_an_exercise_without_a_store_keeps_nothing() -> None:
    exercise = an_exercise()
    assert str(exercise(4)).startswith("Right")
