"""Nylon-ppong's shape (exports, ledger, seeds, bots) and its answers to bad input."""

from __future__ import annotations

import pickle
import random
import re

import pandas as pd
import pytest

import kit.nylonppong as nylonppong
from kit import errors
from kit.hwatu import Card, Hand
from kit.ledger import Reason
from kit.nylonppong import BOTS, DealResult, Game, IllegalAction, Ledger, Round, Rules, simulate
from kit.nylonppong.bots import cautious, greedy
from kit.nylonppong.game import Discard, Draw, Stop
from kit.nylonppong.rules import (
    Penalty,
    combination_odds,
    round_ledger,
    settle_round,
    stop_allowed,
    stop_problem,
    stop_verdict,
)
from kit.sim import RandomBot, chance_key

# --- exports ------------------------------------------------------------------------------------


def test_the_package_exports_the_shared_names() -> None:
    for name in (
        "Rules",
        "best_combination",
        "combinations",
        "combination_odds",
        "combination_table",
        "settle_round",
        "stop_allowed",
        "COMBINATIONS",
        "Combination",
        "Round",
        "Game",
        "DealResult",
        "Ledger",
        "IllegalAction",
        "simulate",
        "BOTS",
    ):
        assert name in nylonppong.__all__
        assert hasattr(nylonppong, name)


def test_illegal_action_is_the_one_shared_error() -> None:
    from kit.nylonppong import game

    assert IllegalAction is errors.IllegalAction is game.IllegalAction
    round_ = Round.deal(Rules(players=3), dealer=0, seed=7)
    with pytest.raises(errors.IllegalAction) as info:
        round_.apply(Stop(1))
    assert info.value.state.startswith("seat 0 to start its turn")


# --- the ledger ---------------------------------------------------------------------------------


def test_round_ledger_lists_each_penalty_with_its_reason() -> None:
    stop = round_ledger([[1, 2], [5, 5, 6, 7, 9], [1, 1]], ended_by="stop", player=0)
    assert stop.entries == (
        Penalty(0, 3, Reason.HAND_SUM),
        Penalty(1, 32, Reason.HAND_SUM),
        Penalty(2, 2, Reason.HAND_SUM),
        Penalty(0, 30, Reason.FAILED_STOP),
    )
    assert stop.penalties == (33, 32, 2) and not hasattr(stop, "net")

    out = round_ledger([[], [9, 9, 1, 2, 3], [4, 4]], ended_by="ppong-out", player=0, victim=2)
    assert [e.reason for e in out.entries if e.seat == 2] == [Reason.HAND_SUM, Reason.PPONG_VICTIM]

    declared = round_ledger([[3, 4, 5, 6, 7, 8], [1, 2, 3, 4, 5]], ended_by="combination", player=0)
    assert declared.entries[0] == Penalty(0, -33, Reason.DECLARED)
    assert declared.penalties == (-33, 15)


def test_settle_round_is_the_ledgers_penalties() -> None:
    hands = [[1, 3], [2, 2], [5, 6, 7, 8, 9]]
    assert settle_round(hands, ended_by="stop", player=0) == list(
        round_ledger(hands, ended_by="stop", player=0).penalties
    )


def test_the_ledger_as_a_frame_and_as_html() -> None:
    ledger = round_ledger([[], [9, 9, 1, 2, 3], [4, 4]], ended_by="ppong-out", player=0, victim=2)
    frame = ledger.to_frame()
    assert list(frame.columns) == ["seat", "points", "reason"]
    assert frame["points"].sum() == sum(ledger.penalties)
    assert list(frame["reason"]) == ["hand sum", "hand sum", "hand sum", "ppong victim"]
    assert frame["reason"].iloc[-1] is Reason.PPONG_VICTIM
    html = ledger._repr_html_()
    assert "kit-penalty-ledger" in html and "ppong victim" in html
    assert Ledger(2).penalties == (0, 0)


def test_a_played_round_carries_its_ledger() -> None:
    result = Round.deal(Rules(players=4), dealer=0, seed=3).play([greedy, cautious] * 2)
    assert isinstance(result, DealResult)
    assert result.penalties == result.ledger.penalties
    assert isinstance(result.ledger, Ledger)
    assert {entry.reason for entry in result.ledger.entries} <= {
        Reason.HAND_SUM,
        Reason.DECLARED,
        Reason.FAILED_STOP,
        Reason.PPONG_VICTIM,
    }


# --- seeds and the random bot -------------------------------------------------------------------


def test_a_round_keeps_its_seed_and_offers_a_decision_seed() -> None:
    round_ = Round.deal(Rules(players=3), dealer=0, seed=7)
    assert round_.seed == 7
    key = chance_key(7)  # the seed as a seat may see it: the seed itself stays hidden
    assert key != "7" and round_.view(0).decision_seed == f"{key}:0:0"
    round_.apply(Draw(0))
    assert round_.view(1).decision_seed == f"{key}:1:1"


def test_a_round_dealt_from_an_rng_keeps_a_seed_string_without_drawing() -> None:
    rng = random.Random(5)
    state = rng.getstate()
    round_ = Round.deal(Rules(), dealer=0, rng=rng)
    assert isinstance(round_.seed, str) and round_.seed
    again = random.Random()
    again.setstate(state)
    assert Round.deal(Rules(), dealer=0, rng=again).seed == round_.seed
    assert Round.deal(Rules(), dealer=0, rng=random.Random(6)).seed != round_.seed
    # the deal is the one the rng alone gives
    deck_rng = random.Random()
    deck_rng.setstate(state)
    assert Round.deal(Rules(), dealer=0, rng=deck_rng).hands == round_.hands


def test_an_unseeded_round_and_game_still_record_a_seed() -> None:
    assert isinstance(Round.deal(Rules()).seed, str)
    game = Game(Rules())
    assert isinstance(game.seed, str)
    first = game.new_round()
    assert Game(Rules(), seed=game.seed).new_round().hands == first.hands


def test_random_is_a_registry_bot_and_plays_from_the_seed() -> None:
    assert set(BOTS) >= {"greedy", "cautious", "random"}
    assert isinstance(BOTS["random"], RandomBot)
    for bot in BOTS.values():
        assert pickle.loads(pickle.dumps(bot)) is not None
    bots = [BOTS["random"]] * 3
    one = Round.deal(Rules(players=3), seed=11).play(bots)
    two = Round.deal(Rules(players=3), seed=11).play(bots)
    assert one == two


def test_simulate_with_the_random_bot_is_repeatable() -> None:
    rules = Rules(players=3, rounds=5)
    first = simulate(10, rules=rules, bots=["random"], seed=1)
    again = simulate(10, rules=rules, bots=["random"], seed=1)
    pd.testing.assert_frame_equal(first, again)


# --- the stop check: one home -------------------------------------------------------------------


def test_one_function_owns_the_stop_rule_and_its_words() -> None:
    rules = Rules(stop_limit=5)
    assert stop_verdict([2, 3], rules) == (
        True,
        "its cards sum to 2+3 = 5, within the stop limit 5",
    )
    why = "its cards sum to 2+4 = 6, above the stop limit 5"
    assert stop_verdict([2, 4], rules) == (False, why)
    assert stop_problem([2, 4], rules) == why and not stop_allowed([2, 4], rules)
    with pytest.raises(ValueError, match=re.escape(f"stop by seat 0 is not allowed: {why}")):
        settle_round([[2, 4], [9, 9]], ended_by="stop", player=0)
    round_ = Round(
        rules=Rules(players=2),
        hands=[[Card(2, 0), Card(4, 0)], list(Hand.parse("9A 9R 9J1 10A 11B").cards)],
        pile=[],
        dealer=0,
        turn=0,
    )
    assert round_._stop_problem(0) == why
    with pytest.raises(IllegalAction, match=re.escape(f"is illegal: {why}")):
        round_.apply(Stop(0))


# --- bad input ----------------------------------------------------------------------------------


def test_discard_wants_a_card_not_its_notation() -> None:
    with pytest.raises(TypeError, match=r"Discard needs a Card, not the text '10J2'; write "):
        Discard(0, "10J2")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Discard needs a Card, not 10"):
        Discard(0, 10)  # type: ignore[arg-type]
    assert Discard(0, Card.parse("10J2")).card == Card.parse("10J2")


@pytest.mark.parametrize("dealer", [1.5, True, "1", [0]])
def test_deal_dealer_must_be_a_seat_number(dealer: object) -> None:
    with pytest.raises(TypeError, match="dealer must be a seat number"):
        Round.deal(Rules(), dealer=dealer)  # type: ignore[arg-type]


def test_deal_dealer_must_be_a_seat_of_the_table() -> None:
    with pytest.raises(ValueError, match="dealer must be a seat 0-3, not 4"):
        Round.deal(Rules(), dealer=4)


@pytest.mark.parametrize("rules", [None, "default", 4])
def test_rules_must_be_nylonppong_rules_everywhere(rules: object) -> None:
    from kit.hongkong import Rules as HongKongRules

    for bad in (rules, HongKongRules()):
        message = "rules must be a kit.nylonppong Rules value"
        with pytest.raises(TypeError, match=message):
            Round.deal(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=message):
            Game(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=message):
            settle_round([[1, 2], [3, 4]], ended_by="deck-empty", rules=bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=message):
            stop_allowed([1, 2], bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=message):
            combination_odds(bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=message):
            simulate(1, rules=bad)  # type: ignore[arg-type]
        with pytest.raises(TypeError, match=message):
            Round(rules=bad, hands=[[], []], pile=[], dealer=0, turn=0)  # type: ignore[arg-type]


def test_an_empty_bot_list_is_refused() -> None:
    round_ = Round.deal(Rules(players=3), seed=0)
    with pytest.raises(ValueError, match="bots must hold one bot per seat: 3 seats, not 0 bots"):
        round_.play(())
    with pytest.raises(ValueError, match="bots must hold one bot per seat"):
        Game(Rules(players=3), seed=0).play(())
    with pytest.raises(ValueError, match="bots is empty"):
        simulate(1, rules=Rules(players=3), bots=())


@pytest.mark.parametrize("bots", ["greedy", None, 3])
def test_a_bot_list_must_be_a_list(bots: object) -> None:
    with pytest.raises(TypeError, match="bots must be a list of bots"):
        Round.deal(Rules(players=2), seed=0).play(bots)  # type: ignore[arg-type]


def test_a_bot_must_be_callable() -> None:
    with pytest.raises(TypeError, match=r"bots\[1\] must be a bot"):
        Round.deal(Rules(players=2), seed=0).play([greedy, "cautious"])  # type: ignore[list-item]


@pytest.mark.parametrize("seed", [1.5, True, [1]])
def test_a_seed_is_an_int_or_a_string(seed: object) -> None:
    with pytest.raises(TypeError, match="seed must be an int or a str"):
        Round.deal(Rules(), seed=seed)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="seed must be an int or a str"):
        Game(Rules(), seed=seed)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("hands", "kwargs", "message"),
    [
        ([[1, 2, 3, 4, 5, 6, 7, 8, 9], [1, 2]], {"ended_by": "deck-empty"}, "seat 0 holds 9 cards"),
        (
            [[10, 10, 11, 11, 12, 12], [1, 2, 3, 4, 5, 6]],
            {"ended_by": "combination", "player": 0},
            "seat 1 holds 6 cards",
        ),
        ([[1, 2], [3, 4, 5, 6, 7, 8]], {"ended_by": "stop", "player": 0}, "seat 1 holds 6 cards"),
        ([[1, 1, 1], [1, 1]], {"ended_by": "deck-empty"}, "five cards of month 1"),
        (
            [[1, 1, 2, 2, 3], [1, 1, 2, 2, 3], [1, 4, 4, 5, 5]],
            {"ended_by": "deck-empty"},
            "five cards of month 1",
        ),
    ],
)
def test_settle_round_refuses_hands_no_seat_can_hold(
    hands: list[list[int]], kwargs: dict[str, object], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        settle_round(hands, **kwargs)  # type: ignore[arg-type]


def test_settle_round_accepts_the_six_cards_of_a_declared_combination() -> None:
    assert settle_round(
        [[10, 10, 11, 11, 12, 12], [1, 2, 3, 4, 5]], ended_by="combination", player=0
    ) == [-100, 15]


def test_settle_round_wants_a_list_of_hands() -> None:
    with pytest.raises(TypeError, match="hands must be a list of hands"):
        settle_round("1 2 3", ended_by="deck-empty")  # type: ignore[arg-type]


def test_the_out_of_turn_flag_must_be_a_boolean() -> None:
    with pytest.raises(ValueError, match="out_of_turn_ppong must be True or False, not 1"):
        Rules(out_of_turn_ppong=1)  # type: ignore[arg-type]
