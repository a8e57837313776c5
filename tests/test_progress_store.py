"""The store keeps deals, attempts, drill cards and answers, and gives them back as values."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from kit import hongkong, nylonppong, sichuan
from kit.coach import ReviewLine
from kit.progress import Rating, Store, default_path, to_frame
from kit.progress.records import stored_decision
from kit.progress.store import FILE_NAME, FOLDER, PATH_VARIABLE

START = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
LINES = [
    ReviewLine("discard", "5p", "9s", False, "kept 9s: 6 fewer unseen improving tiles", 1.25, 0.04),
    ReviewLine("claim", "pung", "pung", True, "", 0.0, 0.0),
    ReviewLine("void", "dots", "bamboo", False, "no forecast"),
]


def filled(store: Store) -> Store:
    """A store with something of everything, at fixed times."""
    store.record_deal(sichuan.Rules(), seed=11, lines=LINES, net=-8, dealt_in=True, at=START)
    store.record_deal(
        hongkong.Rules(players=2), seed=None, lines=LINES[:1], net=32.5, dealt_in=False, at=START
    )
    store.record_deal(nylonppong.Rules(), seed=5, lines=[], net=17, dealt_in=False, at=START)
    store.record_attempt("sichuan/02-voids", "q3", "dots", correct=False, hint_level=2, at=START)
    store.record_attempt("sichuan/02-voids", "q3", "bamboo", correct=True, hint_level=2, at=START)
    store.record_attempt("hongkong/01-fan", "q1", "3", correct=True, at=START)
    card = store.add_card(
        game="sichuan",
        position={"rules": "default", "seed": 11, "decision": 0},
        chosen="5p",
        best="9s",
        cost=1.25,
        concept="void-first",
        at=START,
    )
    assert card is not None
    store.record_drill(card.id, "9s", correct=True, at=START + timedelta(minutes=1))
    return store


def test_deals_read_back_as_recorded() -> None:
    store = filled(Store(":memory:"))
    first, second, third = store.deals()
    assert (first.game, first.seed, first.net, first.dealt_in) == ("sichuan", 11, -8.0, True)
    assert first.decisions == tuple(stored_decision(line) for line in LINES)
    assert first.decisions[0].win_gap == 0.04 and first.decisions[2].cost is None
    assert first.matched == 1 and first.at == START
    assert second.rules == hongkong.Rules(players=2) and second.seed is None
    assert third.game == "nylonppong" and third.decisions == ()
    assert [d.game for d in store.deals("hongkong")] == ["hongkong"]


def test_attempts_and_drills_read_back() -> None:
    store = filled(Store(":memory:"))
    assert [(a.answer, a.correct, a.hint_level) for a in store.attempts("sichuan/02-voids")] == [
        ("dots", False, 2),
        ("bamboo", True, 2),
    ]
    assert len(store.attempts()) == 3
    (drill,) = store.drills()
    assert (drill.answer, drill.correct, drill.rating) == ("9s", True, int(Rating.Good))
    assert store.drills(card_id=drill.card_id) == [drill]


def test_timestamps_are_utc() -> None:
    store = Store(":memory:")
    attempt = store.record_attempt("l", "q", "a", correct=True)
    assert attempt.at.utcoffset() == timedelta(0)
    assert abs(attempt.at - datetime.now(UTC)) < timedelta(minutes=1)
    with pytest.raises(ValueError, match="at must be timezone-aware"):
        store.record_attempt("l", "q", "a", correct=True, at=datetime(2025, 1, 1))


def test_bad_input_names_the_argument() -> None:
    store = Store(":memory:")
    with pytest.raises(TypeError, match="correct"):
        store.record_attempt("l", "q", "a", correct="yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="hint_level"):
        store.record_attempt("l", "q", "a", correct=True, hint_level=-1)
    with pytest.raises(TypeError, match="lines"):
        store.record_deal(sichuan.Rules(), seed=1, lines=["discard 5p"], net=0, dealt_in=False)  # type: ignore[list-item]
    with pytest.raises(TypeError, match="position"):
        store.add_card(game="sichuan", position={1, 2}, chosen="a", best="b", cost=2, concept="c")
    with pytest.raises(ValueError, match="game"):
        store.add_card(game="chess", position={}, chosen="a", best="b", cost=2, concept="c")
    with pytest.raises(ValueError, match="card_id 99"):
        store.record_drill(99, "x", correct=True)
    with pytest.raises(ValueError, match="rating"):
        store.record_drill(1, "x", correct=True, rating=7)
    assert store.attempts() == [] and store.deals() == []


def test_a_card_needs_a_cost_above_the_threshold_and_is_made_once() -> None:
    store = Store(":memory:")
    make = dict(game="hongkong", chosen="a", best="b", concept="minimum-fan", at=START)
    assert store.add_card(position={"seed": 1}, cost=0.1, **make) is None  # type: ignore[arg-type]
    card = store.add_card(position={"seed": 1}, cost=3, **make)  # type: ignore[arg-type]
    again = store.add_card(position={"seed": 1}, cost=3, **make)  # type: ignore[arg-type]
    assert card is not None and again == card and again.id == card.id
    assert store.cards() == [card] and store.card(card.id) == card
    assert card.position == {"seed": 1} and card.due == START
    assert card.schedule["card_id"] == card.id


def test_a_missed_card_comes_due_before_one_answered_right() -> None:
    store = Store(":memory:")
    cards = [
        store.add_card(
            game="sichuan",
            position={"seed": seed},
            chosen="5p",
            best="9s",
            cost=2,
            concept="danger",
            at=START,
        )
        for seed in (1, 2)
    ]
    missed, right = (card for card in cards if card is not None)
    assert [c.id for c in store.due("sichuan", now=START)] == [missed.id, right.id]
    store.record_drill(right.id, "9s", correct=True, rating=Rating.Good, at=START)
    store.record_drill(missed.id, "5p", correct=False, rating=Rating.Again, at=START)
    assert store.card(missed.id).due < store.card(right.id).due
    assert store.due("sichuan", now=START) == []
    soon = START + timedelta(minutes=5)
    assert [c.id for c in store.due("sichuan", now=soon)] == [missed.id]
    later = START + timedelta(hours=1)
    assert [c.id for c in store.due("sichuan", now=later)] == [missed.id, right.id]
    assert store.due("hongkong", now=later) == []


def test_the_rating_defaults_to_the_answer() -> None:
    store = filled(Store(":memory:"))
    card = store.cards()[0]
    wrong = store.record_drill(card.id, "5p", correct=False, at=START + timedelta(minutes=2))
    assert wrong.rating == int(Rating.Again)


def test_forget_deletes_everything(tmp_path: Path) -> None:
    store = filled(Store(tmp_path / FILE_NAME))
    store.forget()
    assert store.contents() == Store(":memory:").contents()
    store.close()
    reopened = Store(tmp_path / FILE_NAME)
    assert reopened.deals() == [] and reopened.cards() == [] and reopened.drills() == []
    assert b"void-first" not in (tmp_path / FILE_NAME).read_bytes()


def test_export_then_import_into_a_fresh_store_gives_equal_records(tmp_path: Path) -> None:
    store = filled(Store(":memory:"))
    path = store.export_json(tmp_path / "progress.json")
    fresh = Store(tmp_path / "fresh.sqlite")
    added = fresh.import_json(path)
    assert fresh.contents() == store.contents() == added
    assert fresh.drills()[0].card_id == fresh.cards()[0].id
    assert fresh.deals()[1].rules == hongkong.Rules(players=2)


def test_import_into_a_store_that_has_records_renumbers_the_cards(tmp_path: Path) -> None:
    store = filled(Store(":memory:"))
    path = store.export_json(tmp_path / "progress.json")
    other = Store(":memory:")
    own = other.add_card(game="sichuan", position=1, chosen="a", best="b", cost=9, concept="x")
    assert own is not None
    other.import_json(path)
    imported = other.cards()[1]
    assert other.drills()[0].card_id == imported.id != own.id


def _exported(tmp_path: Path) -> dict[str, object]:
    path = filled(Store(":memory:")).export_json(tmp_path / "good.json")
    document: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
    return document


@pytest.mark.parametrize(
    ("spoil", "words"),
    [
        (lambda d: "not json {", "not JSON"),
        (lambda d: {**d, "format": "something else"}, "not an exported progress store"),
        (lambda d: {**d, "version": 99}, "version"),
        (lambda d: {k: v for k, v in d.items() if k != "drills"}, "no drills"),
        (lambda d: {**d, "deals": [{**d["deals"][0], "net": "lots"}]}, "deals[0].net"),
        (lambda d: {**d, "deals": [{**d["deals"][0], "game": "hongkong"}]}, "deals[0].game"),
        (lambda d: {**d, "attempts": [*d["attempts"], {"at": "x"}]}, "attempts[3]"),
        (lambda d: {**d, "drills": [{**d["drills"][0], "card_id": 42}]}, "card_id 42"),
        (lambda d: {**d, "cards": [{**d["cards"][0], "schedule": {}}]}, "cards[0].schedule"),
        (lambda d: {**d, "deals": [{**d["deals"][0], "at": "yesterday"}]}, "deals[0].at"),
    ],
)
def test_a_malformed_import_names_the_problem_and_changes_nothing(
    tmp_path: Path, spoil: object, words: str
) -> None:
    document = spoil(_exported(tmp_path))  # type: ignore[operator]
    path = tmp_path / "bad.json"
    text = document if isinstance(document, str) else json.dumps(document)
    path.write_text(text, encoding="utf-8")
    store = filled(Store(":memory:"))
    before = store.contents()
    with pytest.raises(ValueError) as caught:
        store.import_json(path)
    assert words in str(caught.value)
    assert store.contents() == before


def test_to_frame_has_one_row_per_record() -> None:
    store = filled(Store(":memory:"))
    frame = to_frame(store.deals())
    assert list(frame["game"]) == ["sichuan", "hongkong", "nylonppong"]
    assert list(frame["matched"]) == [1, 0, 0]
    assert len(to_frame(store.attempts())) == 3


def test_the_default_file_lives_in_the_jupyter_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(PATH_VARIABLE)
    monkeypatch.setenv("JUPYTER_DATA_DIR", "/somewhere/jupyter")
    assert default_path() == Path("/somewhere/jupyter") / FOLDER / FILE_NAME


def test_the_default_file_without_jupyter_core(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    monkeypatch.delenv(PATH_VARIABLE)
    monkeypatch.setitem(sys.modules, "jupyter_core.paths", None)
    expected = Path.home() / ".local" / "share" / "jupyter" / FOLDER / FILE_NAME
    assert default_path() == expected


def test_a_memory_store_keeps_nothing() -> None:
    store = Store(":memory:")
    assert (store.saving, store.message, store.path) == (False, None, None)
