"""The learner's memory in the mahjong play widgets and drills: your mistakes become your drills."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support import learner_text
from test_widgets_story import play_riskily

from kit.mahjong.replay import CONCEPTS
from kit.progress import CARD_THRESHOLD, Store, StoreNotSaving
from kit.widgets.drill_memory import concept_words
from kit.widgets.hongkong import Drill as HongKongDrill
from kit.widgets.hongkong import PlayDeal as HongKongDeal
from kit.widgets.sichuan import Drill as SichuanDrill
from kit.widgets.sichuan import PlayDeal as SichuanDeal

GAMES = [
    pytest.param(SichuanDeal, SichuanDrill, 3, id="sichuan"),
    pytest.param(HongKongDeal, HongKongDrill, 1, id="hongkong"),
]


def played(play: type, seed: int, store: Store) -> Any:
    """A deal played riskily (the option with the least expected money at each decision)."""
    game = play(seed=seed, pace=0, store=store)
    play_riskily(game)
    return game


@pytest.mark.parametrize(("play", "drill", "seed"), GAMES)
def test_without_a_store_the_widgets_keep_nothing(play: type, drill: type, seed: int) -> None:
    game = play(seed=seed, pace=0)
    play_riskily(game)
    assert game.store is None and game.cards == {}
    assert game.summary.value and game.story.children
    quiz = drill(seed=1)
    assert quiz.card is None and quiz.why.value == ""
    assert quiz.choose(quiz.advice.action.tile) is True


def test_a_store_must_be_a_store() -> None:
    with pytest.raises(TypeError, match="store"):
        SichuanDeal(seed=1, pace=0, store="progress.sqlite")
    with pytest.raises(TypeError, match="store"):
        SichuanDrill(seed=1, store=":memory:")


@pytest.mark.parametrize(("play", "drill", "seed"), GAMES)
def test_a_costly_mistake_becomes_a_card_you_drill_after_a_restart(
    play: type, drill: type, seed: int, tmp_path: Path
) -> None:
    file = tmp_path / "progress.sqlite"
    key = play.GAME.key
    with Store(file) as store:
        game = played(play, seed, store)
        game.loop.show()  # showing the ended deal again keeps it once
        [deal] = store.deals(key)
        assert deal.seed == seed and len(deal.decisions) == len(game.review.lines)
        assert deal.net == game.table.ledger.net[0]
        cards = store.cards(key)
        assert cards and {c.id for c in cards} == {c.id for c in game.cards.values()}
        threshold = max(CARD_THRESHOLD, game._story_threshold())
        for card in cards:
            line = game.review.lines[card.position["decision"]]
            assert card.cost == line.cost and card.cost > threshold
            assert (card.chosen, card.best) == (line.chosen, line.best)
            assert card.concept in CONCEPTS
        hands = {
            c.id: list(game.positions[c.position["decision"]].table.concealed[0]) for c in cards
        }

    with Store(file) as store:  # as after a kernel restart
        quiz = drill(store=store)
        card = quiz.card
        assert card is not None and card.id in hands
        assert list(quiz.table.concealed[0]) == hands[card.id] == sorted(quiz.tiles)
        why = learner_text(quiz.why.value)
        assert "You missed this on" in why and "due today" in why
        assert "kit-drill-why" in quiz.why._dom_classes
        assert quiz.choose(quiz.advice.action) is True
        assert "Right" in quiz.answer.value
        [answer] = store.drills(card.id)
        assert answer.correct and answer.answer == quiz.advice.best.label
        assert card.id not in [c.id for c in store.due(key)]
        assert store.card(card.id).due > card.due


def test_the_drill_goes_on_to_the_weakest_idea_then_fresh_positions() -> None:
    store = Store(":memory:")
    game = played(SichuanDeal, 3, store)
    assert len(game.cards) >= 2
    first = SichuanDrill(store=store)
    while first.card is not None:  # every due card, answered wrongly
        wrong = next(a for a in first.legal if not first.advice.is_best(a))
        assert first.choose(wrong) is False
        first.next_position()
    assert learner_text(first.why.value) == "A fresh position."
    weakest = first.weakest()
    assert weakest in {c.concept for c in store.cards("sichuan")}
    later = SichuanDrill(store=store)  # nothing is due at once after a wrong answer
    assert later.card is not None and later.card.concept == weakest
    assert learner_text(later.why.value) == f"Your weakest idea: {concept_words(weakest)}."


@pytest.mark.parametrize(("play", "drill", "seed"), GAMES)
def test_a_replayed_decision_is_a_review_of_its_card(play: type, drill: type, seed: int) -> None:
    store = Store(":memory:")
    game = played(play, seed, store)
    decision, card = min(game.cards.items())
    game.replay_decision(decision)
    assert store.drills(card.id) == []
    best = game.coach.advice.action
    game.button_for(best).click()
    assert game.error.value == ""
    [answer] = store.drills(card.id)
    assert answer.correct
    play_riskily(game)
    assert len(store.drills(card.id)) == 1  # the later decisions count for nothing
    assert len(store.deals()) == 1  # the deal is kept once


def test_a_store_that_cannot_save_says_so_in_the_play_app_and_the_drill(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the store's folder should be")
    with pytest.warns(StoreNotSaving):
        store = Store(blocker / "progress.sqlite")
    assert not store.saving and store.message
    for widget in (SichuanDeal(seed=3, pace=0, store=store), SichuanDrill(seed=1, store=store)):
        notes = [c for c in widget.children if "kit-memory-note" in c._dom_classes]
        assert notes and "not being saved" in notes[0].value
    quiet = SichuanDeal(seed=3, pace=0)
    assert all(
        c.value == "" for c in quiet.children if "kit-memory-note" in getattr(c, "_dom_classes", ())
    )


@pytest.mark.parametrize(("play", "drill", "seed"), [
    pytest.param(SichuanDeal, SichuanDrill, 1, id="sichuan"),
    pytest.param(HongKongDeal, HongKongDrill, 5, id="hongkong"),
])  # fmt: skip
def test_a_costly_claim_is_drilled_with_a_button_for_each_choice(
    play: type, drill: type, seed: int
) -> None:
    store = Store(":memory:")
    game = played(play, seed, store)
    claims = {c.id for i, c in game.cards.items() if game.review.lines[i].decision == "claim"}
    assert claims, "this deal should hold a costly claim or pass"
    quiz = drill(store=store)
    while quiz.card is not None and quiz.card.id not in claims:
        quiz.choose(quiz.advice.action)
        quiz.next_position()
    assert quiz.card is not None and quiz.card.id in claims
    assert not quiz.discard_only
    question = learner_text(quiz.question.value)
    assert "offers" in question and "what do you do?" in question
    shown = [b for b in quiz.choice_buttons if b.layout.display != "none"]
    assert len(shown) >= 2 and any(b.description == "Pass" for b in shown)
    assert all(b.disabled for b in quiz.hand_buttons[: len(quiz.tiles)])  # no discard yet
    best = quiz.advice.action
    quiz.button_for(best).click()
    assert quiz.error.value == "" and "Right" in quiz.answer.value
    [answer] = store.drills(quiz.card.id)
    assert answer.correct
    assert quiz.choose(best) is None and "already answered" in quiz.error.value
    assert len(store.drills(quiz.card.id)) == 1  # a second click changes nothing
