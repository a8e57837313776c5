"""The learner's memory in Nylon-ppong: rounds are kept, costly decisions become drills."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support import learner_text

from kit.hwatu import DECK
from kit.nylonppong.game import Round
from kit.nylonppong.replay import CONCEPTS, Position, rebuild
from kit.nylonppong.rules import Rules
from kit.progress import Store
from kit.widgets.nylonppong import Drill, PlayRound
from kit.widgets.nylonppong.play import card_threshold, matching


def play_riskily(game: PlayRound) -> list[tuple[Any, ...]]:
    """Play the round to its end choosing, at each decision, the option the coach thinks
    adds the most expected penalty; return the learner's hand at each reviewed decision."""
    hands = []
    for _ in range(300):
        if game.round.phase == "over":
            return hands
        advice = game.coach.advice
        if advice is None:
            game.act(game.round.legal_actions(0)[0])
            continue
        hands.append(tuple(sorted(game.round.hands[0])))
        worst = max(advice.options, key=lambda option: advice.cost(option)[0] or 0.0)
        game.act(worst.action)
        assert game.error.value == ""
    raise AssertionError("the round did not end")


def test_without_a_store_nothing_is_kept() -> None:
    game = PlayRound(seed=3, pace=0)
    play_riskily(game)
    assert game.store is None and game.cards == {}
    quiz = Drill(seed=1)
    assert quiz.card is None and quiz.why.value == ""
    assert quiz.choose(quiz.advice.action) is True
    assert "Right" in quiz.answer.value


def test_a_store_must_be_a_store() -> None:
    with pytest.raises(TypeError, match="store"):
        PlayRound(seed=1, pace=0, store="progress.sqlite")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="store"):
        Drill(seed=1, store=":memory:")  # type: ignore[arg-type]


@pytest.mark.parametrize("seed", [2, 5])
def test_a_costly_decision_becomes_a_card_drilled_after_a_restart(
    seed: int, tmp_path: Path
) -> None:
    file = tmp_path / "progress.sqlite"
    with Store(file) as store:
        game = PlayRound(seed=seed, pace=0, store=store)
        hands = play_riskily(game)
        game.loop.show()  # showing the ended round again keeps it once
        [deal] = store.deals("nylonppong")
        result = game.round.result
        assert result is not None
        assert deal.net == result.penalties[0] and deal.rules == game.rules
        assert deal.dealt_in == (result.victim == 0)
        assert len(deal.decisions) == len(game.review.lines) == len(hands)
        cards = store.cards("nylonppong")
        assert cards and {c.id for c in cards} == {c.id for c in game.cards.values()}
        for card in cards:
            line = game.review.lines[card.position["decision"]]
            assert card.cost == line.cost and card.cost > card_threshold(game.rules)
            assert (card.chosen, card.best) == (line.chosen, line.best)
            assert card.concept in CONCEPTS
        cheap = [
            i for i, line in enumerate(game.review.lines)
            if line.cost is not None and line.cost <= card_threshold(game.rules)
        ]  # fmt: skip
        assert not set(cheap) & set(game.cards)

    with Store(file) as store:  # as after a kernel restart
        quiz = Drill(store=store)
        card = quiz.card
        assert card is not None
        assert tuple(sorted(quiz.view.hand)) == hands[card.position["decision"]]
        why = learner_text(quiz.why.value)
        assert "You missed this on" in why and "due today" in why
        best = quiz.advice.action
        quiz.button_for(best).click()
        assert quiz.error.value == "" and "Right" in quiz.answer.value
        [answer] = store.drills(card.id)
        assert answer.correct and answer.answer == quiz.advice.best.label
        assert store.card(card.id).due > card.due


def test_the_drill_goes_on_to_the_weakest_idea_then_fresh_positions() -> None:
    store = Store(":memory:")
    play_riskily(PlayRound(seed=2, pace=0, store=store))
    first = Drill(store=store)
    while first.card is not None:
        wrong = next(a for a in first.legal if not first.advice.is_best(matching(first.advice, a)))
        assert first.choose(wrong) is False
        first.next_position()
    assert learner_text(first.why.value) == "A fresh position."
    later = Drill(store=store)
    assert later.card is not None and later.card.concept == later.weakest()
    assert learner_text(later.why.value).startswith("Your weakest idea: ")


def test_every_decision_rebuilds_as_it_stood() -> None:
    for seed in (1, 4, 7):
        game = PlayRound(seed=seed, pace=0, rules=Rules(players=4))
        seen = []
        for _ in range(300):
            if game.round.phase == "over":
                break
            advice = game.coach.advice
            if advice is not None:
                seen.append((list(game.round.hands[0]), list(game.round.discards)))
                game.act(advice.action)
            else:
                game.act(game.round.legal_actions(0)[0])
        assert len(game.paths) == len(seen) > 0
        for path, (hand, discards) in zip(game.paths, seen, strict=True):
            again = rebuild(game.rules, Position.from_data(path.to_data()))
            assert again.hands[0] == hand and again.discards == discards


def test_a_position_that_does_not_fit_is_refused_by_name() -> None:
    dealt = Round.deal(Rules(players=3), seed=1)
    deck = tuple(dealt.deck())
    with pytest.raises(ValueError, match="2 bots for this table, not 1"):
        rebuild(dealt.rules, Position(deck, 0, ("greedy",), ()))
    with pytest.raises(ValueError, match="no Nylon-ppong bot called 'shark'"):
        rebuild(dealt.rules, Position(deck, 0, ("greedy", "shark"), ()))
    with pytest.raises(ValueError, match="choice 0 is 9"):
        rebuild(dealt.rules, Position(deck, 0, ("greedy", "greedy"), (9,)))
    with pytest.raises(ValueError, match="48 cards once each, not 47"):
        Round.from_deck(dealt.rules, DECK[:47], 0)
    with pytest.raises(ValueError, match="token '8J9'"):
        Position.from_data({"deck": ["8J9"], "dealer": 0, "bots": [], "choices": []})
    with pytest.raises(ValueError, match="first move"):
        dealt.apply(dealt.legal_actions(dealt.turn)[0])
        dealt.deck()


def test_a_store_that_cannot_save_says_so(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the store's folder should be")
    with pytest.warns(Warning):
        store = Store(blocker / "progress.sqlite")
    for widget in (PlayRound(seed=3, pace=0, store=store), Drill(seed=1, store=store)):
        notes = [c for c in widget.children if "kit-memory-note" in c._dom_classes]
        assert notes and "not being saved" in notes[0].value
