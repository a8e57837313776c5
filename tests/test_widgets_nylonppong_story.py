"""The story of a Nylon-ppong round: its turning points, told with true numbers, and
*Replay this decision*, which puts the round back at that decision."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from support import learner_text

from kit.coach import Advice, Review, ReviewLine
from kit.ledger import Reason
from kit.mahjong.story import Move as MahjongMove
from kit.mahjong.story import TurningPoint as MahjongTurningPoint
from kit.nylonppong.bots import cautious, greedy
from kit.nylonppong.game import Discard, Round, Stop
from kit.nylonppong.replay import rebuild
from kit.nylonppong.result import DealResult
from kit.nylonppong.rules import Rules
from kit.nylonppong.story import turning_points
from kit.progress import Store
from kit.render.coaching import turning_point_html
from kit.story import Move, TurningPoint
from kit.widgets.nylonppong import PlayRound
from kit.widgets.nylonppong.play import card_threshold
from kit.words import amount

Chooser = Callable[[PlayRound, Advice], Any]
Snapshot = tuple[Any, ...]


def worst(game: PlayRound, advice: Advice) -> Any:
    """The option the coach thinks adds the most expected penalty."""
    return max(advice.options, key=lambda option: advice.cost(option)[0] or 0.0).action


def best(game: PlayRound, advice: Advice) -> Any:
    return advice.action


def stops_at_once(game: PlayRound, advice: Advice) -> Any:
    """A learner who calls stop whenever it is allowed, and else follows the coach."""
    if Stop(0) in game.round.legal_actions(0):
        return Stop(0)
    return advice.action


def snapshot(round_: Round) -> Snapshot:
    """What a learner's decision stands on: every hand, the pile, the discards, the laid-out
    pairs, whose turn and phase it is, and the moves made (the coach's seed reads them)."""
    return (
        [list(hand) for hand in round_.hands],
        list(round_.pile),
        list(round_.discards),
        round_.laid,
        round_.turn,
        round_.phase,
        round_.claim,
        round_.moves,
    )


def play(
    game: PlayRound,
    choose: Chooser = worst,
    marks: list[tuple[int, int]] | None = None,
    limit: int = 300,
) -> list[Snapshot]:
    """Click through the round to its end, ``choose`` picking at each decision of the learner's;
    return the round as it stood at each reviewed decision (and add to ``marks`` how long
    the log and the moves were then)."""
    seen: list[Snapshot] = []
    for _ in range(limit):
        if game.round.phase == "over":
            assert [move.action for move in game.moves] == game.round.history
            return seen
        advice = game.coach.advice
        if advice is None:
            action = game.round.legal_actions(0)[0]
        else:
            seen.append(snapshot(game.round))
            if marks is not None:
                marks.append((len(game.events), len(game.moves)))
            action = choose(game, advice)
        game.button_for(action).click()
        assert game.error.value == "", game.error.value
    raise AssertionError("the round did not end")


def story_rows(game: PlayRound) -> list[Any]:
    """The story's rows, one per turning point (the first child is its heading)."""
    return list(game.story.children[1:])


def replay_button(game: PlayRound, decision: int) -> Any:
    """The *Replay this decision* button of the turning point at ``decision``."""
    for point, row in zip(game.turning_points(), story_rows(game), strict=True):
        buttons = [
            c for c in row.children if getattr(c, "description", "") == "Replay this decision"
        ]
        assert bool(buttons) == (point.decision is not None)
        if point.decision == decision:
            return buttons[0]
    raise AssertionError(f"no turning point at decision {decision}")


# --- the widget -----------------------------------------------------------------------------


def test_a_round_played_riskily_ends_with_its_story_and_true_numbers() -> None:
    game = PlayRound(seed=1, pace=0)
    assert game.story.children == ()
    play(game)
    points = game.turning_points()
    assert 1 <= len(points) <= 3
    heading = learner_text(game.story.children[0].value)
    assert heading == "What decided your round"
    assert len(story_rows(game)) == len(points)
    money = [abs(p.money) for p in points if p.money is not None]
    assert money == sorted(money, reverse=True)
    choices = [p for p in points if p.kind == "choice"]
    assert choices
    threshold = card_threshold(game.rules)
    for point in choices:
        assert point.decision is not None
        line = game.review.lines[point.decision]
        assert line.cost is not None and line.cost > threshold and not line.good
        assert point.money == -line.cost
        assert f"about {amount(line.cost)} points higher" in point.text
        card = line.chosen.removeprefix("discard ")
        assert card in point.text and line.best.removeprefix("discard ") in point.text
    top = max(line.cost or 0.0 for line in game.review.lines)
    assert choices[0].money == -top
    # the cards are drawn as pictures, with their names, and each choice can be replayed
    row = story_rows(game)[points.index(choices[0])]
    chosen = game.review.lines[choices[0].decision or 0].action
    assert isinstance(chosen, Discard)
    html = row.children[0].value
    assert f'data-card="{chosen.card.notation()}"' in html and "<svg" in html
    assert replay_button(game, choices[0].decision or 0).description == "Replay this decision"


def test_a_discard_that_let_another_go_out_by_ppong_costs_the_victims_penalty() -> None:
    game = PlayRound(seed=3, pace=0)
    play(game)
    result = game.round.result
    assert result is not None and result.ended_by == "ppong-out" and result.victim == 0
    card, by = game.round.discards[-1]
    assert by == 0
    [fed] = [p for p in game.turning_points() if p.kind == "fed"]
    assert fed.money == -game.rules.ppong_victim_penalty
    assert result.penalties[0] == result.hands[0].total + game.rules.ppong_victim_penalty
    assert card.notation() in fed.text and f"Seat {result.player}" in fed.text
    assert fed.decision is not None
    line = game.review.lines[fed.decision]
    assert isinstance(line.action, Discard) and line.action.card.month == card.month
    assert line.cost is not None and f"about {amount(line.cost)} points lower" in fed.text
    assert fed.decision not in [p.decision for p in game.turning_points() if p.kind == "choice"]
    text = learner_text(story_rows(game)[0].children[0].value)
    assert "ppong victim" in text and str(game.rules.ppong_victim_penalty) in text


def test_a_failed_stop_is_told_with_the_penalty_of_the_result() -> None:
    game = PlayRound(seed=40, pace=0)
    play(game, stops_at_once)
    result = game.round.result
    assert result is not None and result.ended_by == "stop" and result.player == 0
    assert result.stop_succeeded is False
    [stop] = [p for p in game.turning_points() if p.kind == "stop"]
    penalty = result.penalties[0] - result.hands[0].total
    assert penalty == game.rules.failed_stop_penalty > 0
    assert stop.money == -penalty and f"{penalty} points" in stop.text
    assert f"your sum was {result.hands[0].total}" in stop.text
    lower = [s for s in (1, 2) if result.hands[s].total <= result.hands[0].total]
    assert lower and all(f"Seat {s}'s was {result.hands[s].total}" in stop.text for s in lower)
    assert stop.decision is not None and game.review.lines[stop.decision].action == Stop(0)
    replay_button(game, stop.decision).click()
    assert game.error.value == "" and Stop(0) in game.round.legal_actions(0)


def test_replay_puts_the_round_back_exactly_and_it_plays_to_its_end() -> None:
    game = PlayRound(seed=3, pace=0)
    marks: list[tuple[int, int]] = []
    seen = play(game, worst, marks)
    first = game.round.result
    assert game.game.results == [first]
    lines, events, moves = list(game.review.lines), list(game.events), list(game.moves)
    fed = next(p for p in game.turning_points() if p.kind == "fed")
    at = fed.decision
    assert at is not None and at > 0
    replay_button(game, at).click()
    assert game.error.value == ""
    assert snapshot(game.round) == seen[at]
    assert game.round.hands[0] == seen[at][0][0] and game.round.discards == seen[at][2]
    assert game.round.result is None and game.your_move and game.game.current is game.round
    assert game.game.results == []  # the round is being played again
    assert game.review.lines == lines[:at] and len(game.paths) == len(game.hints) == at
    assert game.summary.value == "" and game.story.children == ()
    assert game.events == [
        *events[: marks[at][0]],
        f"Replaying your decision {at + 1}: choose again.",
    ]
    assert game.moves == moves[: marks[at][1]]
    assert "Replaying your decision" in learner_text(game.history.value)
    assert game.buttons["new"].disabled
    # the same choice again is the same decision, with the same advice
    game.button_for(lines[at].action).click()
    assert game.review.lines[at] == lines[at]
    # then the coach's choices, to the end; every decision rebuilds as it stood
    after = play(game, best)
    rebuilt = [snapshot(rebuild(game.rules, path)) for path in game.paths]
    assert rebuilt == [*seen[: at + 1], *after]
    assert game.round.result is not None and game.summary.value
    assert game.game.results == [game.round.result]
    assert len(game.review.lines) == len(game.paths) == len(game.hints)
    points = game.turning_points()
    assert len(game.story.children) == (len(points) + 1 if points else 0)


def test_a_replay_of_a_decision_that_is_not_there_is_refused_in_the_page() -> None:
    game = PlayRound(seed=1, pace=0)
    play(game)
    round_, lines, story = game.round, list(game.review.lines), game.story.children
    summary, history, results = game.summary.value, game.history.value, list(game.game.results)
    for bad in (len(game.paths), -1, True, "2"):
        game.replay_decision(bad)  # type: ignore[arg-type]
        assert "decision" in learner_text(game.error.value)
        assert f"one of your {len(game.paths)} decisions" in learner_text(game.error.value)
        assert game.round is round_ and game.review.lines == lines
        assert game.story.children == story and game.summary.value == summary
        assert game.history.value == history and game.game.results == results
    game.replay_decision(0)
    assert game.error.value == "" and game.round is not round_


def test_a_new_round_clears_the_story() -> None:
    game = PlayRound(seed=1, pace=0)
    play(game)
    assert game.story.children
    game.buttons["new"].click()
    assert game.round.result is None and game.story.children == ()
    assert game.review.lines == [] and all(move.seat != 0 for move in game.moves)


def test_a_round_lost_to_a_stop_nobody_could_prevent_says_so_without_a_replay() -> None:
    game = PlayRound(seed=4, pace=0)
    play(game, best)
    result = game.round.result
    assert result is not None and result.ended_by == "stop" and result.player != 0
    [point] = game.turning_points()
    assert point.kind == "not-yours" and point.decision is None
    assert f"Seat {result.player} called stop on a sum of {result.hands[result.player].total}" in (
        point.text
    )
    assert point.money == -result.hands[0].total == -result.penalties[0]
    [row] = story_rows(game)
    assert [c for c in row.children if isinstance(c, type(game.buttons["new"]))] == []


def test_a_replayed_round_is_kept_once_and_its_choice_again_reviews_the_card() -> None:
    store = Store(":memory:")
    game = PlayRound(seed=2, pace=0, store=store)
    play(game)
    assert game.cards
    decision, card = min(game.cards.items())
    game.replay_decision(decision)
    assert game.error.value == "" and store.drills(card.id) == []
    advice = game.coach.advice
    assert advice is not None
    game.button_for(advice.action).click()
    [answer] = store.drills(card.id)
    assert answer.correct and answer.answer == advice.best.label
    play(game)
    assert len(store.drills(card.id)) == 1  # the later decisions count for nothing
    assert len(store.deals("nylonppong")) == 1  # the round is kept as first played


# --- the pure function ----------------------------------------------------------------------


def bots_round(seed: int) -> tuple[DealResult, list[Move]]:
    """Round ``seed`` of three seats, seat 0 starting, greedy, cautious and greedy playing;
    every move, none of them a reviewed decision."""
    round_ = Round.deal(Rules(players=3), dealer=0, seed=seed)
    result = round_.play([greedy, cautious, greedy])
    return result, [Move(action.seat, action) for action in round_.history]


def line(chosen: str, best: str, cost: float, win_gap: float = 0.0) -> ReviewLine:
    return ReviewLine("discard", chosen, best, cost == 0, "", cost, win_gap)


def with_decision(moves: list[Move], index: int, decision: int) -> list[Move]:
    changed = list(moves)
    changed[index] = Move(moves[index].seat, moves[index].action, decision)
    return changed


def test_the_kit_shares_one_turning_point_and_one_move() -> None:
    assert MahjongTurningPoint is TurningPoint and MahjongMove is Move


def test_a_failed_stop_of_yours_carries_the_ledgers_penalty_and_its_decision() -> None:
    result, moves = bots_round(105)
    assert result.ended_by == "stop" and result.player == 0 and not result.stop_succeeded
    stop = max(i for i, m in enumerate(moves) if isinstance(m.action, Stop))
    moves = with_decision(moves, stop, 0)
    review = Review([line("stop", "draw", 9.5, 0.2)])
    [point] = turning_points(result, review, moves, threshold=3.0)
    failed = [e.points for e in result.ledger.entries if e.reason == Reason.FAILED_STOP]
    assert point.kind == "stop" and point.money == -failed[0] and point.decision == 0
    assert f"{failed[0]} points" in point.text
    sums = [hand.total for hand in result.hands]
    assert sums[1] == sums[0] < sums[2]  # a tie fails too, and is told
    assert f"your sum was {sums[0]}, and Seat 1's was {sums[1]} (" in point.text
    assert "The coach would draw, with an expected penalty about 9.5 points lower." in point.text


def test_a_ppong_out_on_your_discard_names_the_card_and_who_claimed_it() -> None:
    result, moves = bots_round(29)
    assert result.ended_by == "ppong-out" and result.victim == 0
    last = max(i for i, m in enumerate(moves) if isinstance(m.action, Discard) and m.seat == 0)
    card = moves[last].action.card
    [point] = turning_points(result, Review(), with_decision(moves, last, 3), threshold=3.0)
    assert point.kind == "fed" and point.decision == 3
    assert point.text.startswith(f"Your {card} let Seat {result.player} go out by ppong")
    victim = [e.points for e in result.ledger.entries if e.reason == Reason.PPONG_VICTIM]
    assert point.money == -victim[0] == -30


def test_costly_choices_are_those_above_the_threshold_biggest_first_at_most_three() -> None:
    result, moves = bots_round(6)  # seat 1 or 2 ends it by a stop, and seat 0 does not win

    def told(*costs: float) -> list[TurningPoint]:
        lines = [line(f"discard {m}J1", "discard 12A", c) for m, c in enumerate(costs, 1)]
        return list(turning_points(result, Review(lines), moves, threshold=3.0))

    assert [p.decision for p in told(2.0, 3.0, 7.25, 0.0, 3.01)] == [2, 4]
    points = told(3.5, 12.4, 7.25, 0.0, 4.0)
    assert [p.decision for p in points] == [1, 2, 4]
    assert [p.money for p in points] == [-12.4, -7.25, -4.0]
    assert points[0].text == (
        "You chose to discard 2J1 where the coach would discard 12A: "
        "an expected penalty about 12 points higher."
    )
    gap = turning_points(result, Review([line("draw", "ppong", 5.0, 0.25)]), moves, threshold=3.0)
    assert gap[0].text == (
        "You chose to draw where the coach would call ppong: an expected penalty about 5 "
        "points higher and 25% less chance to win the round."
    )


def test_a_stop_you_could_not_prevent_is_told_only_after_a_round_you_did_not_win() -> None:
    result, moves = bots_round(6)
    assert result.ended_by == "stop" and result.player != 0 and result.stop_succeeded
    [point] = turning_points(result, Review(), moves, threshold=3.0)
    hand = [e.points for e in result.ledger.entries if e.seat == 0]
    assert point.kind == "not-yours" and point.decision is None and point.money == -hand[0]
    assert "could not prevent" in point.text and f"{hand[0]} points" in point.text
    # a costly choice of yours is told instead: the ending is no longer beyond your reach
    costly = turning_points(
        result, Review([line("discard 9A", "discard 2J1", 6.0)]), moves, threshold=3.0
    )
    assert [p.kind for p in costly] == ["choice"]
    won, won_moves = bots_round(88)  # another's stop failed, and seat 0 had the lowest sum
    assert won.player != 0 and min(won.penalties) == won.penalties[0]
    assert turning_points(won, Review(), won_moves, threshold=3.0) == ()
    empty, empty_moves = bots_round(62)
    assert empty.ended_by == "deck-empty"
    assert turning_points(empty, Review(), empty_moves, threshold=3.0) == ()


@pytest.mark.parametrize(("seed", "words"), [(1, "declared it"), (12, "went out by ppong on")])
def test_another_players_combination_or_ppong_is_not_yours(seed: int, words: str) -> None:
    result, moves = bots_round(seed)
    [point] = turning_points(result, Review(), moves, threshold=3.0)
    assert point.kind == "not-yours" and words in point.text
    if result.ended_by == "ppong-out":
        card = next(m.action.card for m in reversed(moves) if isinstance(m.action, Discard))
        assert f"Seat {result.victim}'s {card}" in point.text


def test_a_result_must_be_a_nylon_ppong_result() -> None:
    with pytest.raises(TypeError, match="DealResult"):
        turning_points("stop", Review(), [], threshold=3.0)  # type: ignore[arg-type]


def test_a_turning_point_draws_its_cards_and_its_tiles() -> None:
    cards = turning_point_html(TurningPoint("Your 4R let Seat 1 go out by ppong.", -30.0, 2))
    assert 'data-card="4R"' in cards and cards.count("<svg") == 1 and "#b00020" in cards
    tiles = turning_point_html(TurningPoint("Your 9m gave Seat 2 its win: −2.", -2.0, 4))
    assert 'data-tile="9m"' in tiles and "<svg" in tiles
