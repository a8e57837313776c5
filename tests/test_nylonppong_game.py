"""The Nylon-ppong round engine and game, and the illegal actions it refuses.

The rules: reference/nylon-ppong.md#deal-and-turn, reference/nylon-ppong.md#ppong,
reference/nylon-ppong.md#stop, reference/nylon-ppong.md#combinations,
reference/nylon-ppong.md#round-scoring and reference/nylon-ppong.md#game.
An illegal action raises `IllegalAction`, naming the action.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from itertools import pairwise

import pytest
from support import snapshot

from kit.hwatu import DECK, Card, Hand
from kit.ledger import Reason
from kit.nylonppong.bots import cautious, greedy
from kit.nylonppong.game import (
    Action,
    DealResult,
    Declare,
    Discard,
    Draw,
    Game,
    IllegalAction,
    Pass,
    Ppong,
    Round,
    Stop,
)
from kit.nylonppong.rules import Ledger, Penalty, Rules, settle_round

# --- Building situations ---------------------------------------------------------------


def cards(text: str) -> list[Card]:
    return list(Hand.parse(text).cards)


def card(token: str) -> Card:
    return Card.parse(token)


def build(
    hands: Sequence[str],
    *,
    turn: int = 0,
    phase: str = "draw",
    drew: bool = False,
    draws: str = "",
    discards: Sequence[tuple[str, int]] = (),
    laid: Sequence[str] | None = None,
    empty_pile: bool = False,
    rules: Rules | None = None,
) -> Round:
    """A round in a chosen state, with all 48 cards placed.

    ``draws`` are the next cards of the pile, drawn left to right. The other cards
    fill the bottom of the pile, or, with ``empty_pile``, lie under ``discards``.
    """
    n = len(hands)
    rules = rules or Rules(players=n)
    hand_cards = [cards(h) for h in hands]
    laid_cards = [cards(text) for text in laid] if laid is not None else [[] for _ in hands]
    pile_top = cards(draws)
    shown = [(card(token), seat) for token, seat in discards]
    placed = [
        *(c for h in hand_cards for c in h),
        *(c for group in laid_cards for c in group),
        *pile_top,
        *(c for c, _ in shown),
    ]
    assert len(placed) == len(set(placed)), "a card placed twice"
    rest = [c for c in DECK if c not in set(placed)]
    if empty_pile:
        assert not pile_top
        pile: list[Card] = []
        shown = [(c, (turn - 1) % n) for c in rest] + shown
    else:
        pile = rest + pile_top[::-1]
    round_ = Round(
        rules=rules,
        hands=hand_cards,
        pile=pile,
        dealer=turn,
        turn=turn,
        laid=laid_cards,
        discards=shown,
        phase=phase,  # type: ignore[arg-type]
        drew=drew,
    )
    assert round_.cards_in_play() == 48
    return round_


def assert_illegal(round_: Round, action: Action, why: str) -> IllegalAction:
    before = snapshot(round_)
    state = round_.describe()
    with pytest.raises(IllegalAction) as info:
        round_.apply(action)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.action == action
    message = str(error)
    assert message.startswith(f"{action} is illegal: ")
    assert why in message
    assert state in message
    assert snapshot(round_) == before
    assert action not in round_.legal_actions()
    return error


def months(hand: Sequence[Card]) -> list[int]:
    return [c.month for c in hand]


# Four seats. Seat 0 has drawn and is about to discard 3B.
SEAT_0 = "3B 1B 2A 4A 5A 6A"
OTHERS = "10A 11B 12B 1R 2R"
FOURTH = "4R 5R 6R 7R 8A"
PAIR_OF_3 = "3R 3J1 7A 8B 9A"


def after_discard_of_3b(
    holder: int, pair_hand: str = PAIR_OF_3, rules: Rules | None = None
) -> Round:
    """Seat 0 discards 3B; seat ``holder`` holds two cards of March."""
    fillers = iter([OTHERS, FOURTH])
    hands = [SEAT_0] + [pair_hand if seat == holder else next(fillers) for seat in (1, 2, 3)]
    laid = None
    if len(Hand.parse(pair_hand)) == 2:
        laid = ["", "", "", ""]
        laid[holder] = "9R 9J1"
    round_ = build(hands, phase="discard", drew=True, laid=laid, rules=rules)
    round_.apply(Discard(0, card("3B")))
    return round_


# --- the deal: reference/nylon-ppong.md#deal-and-turn --------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_deal_five_cards_each_from_the_whole_deck(players: int) -> None:
    round_ = Round.deal(Rules(players=players), seed=players)
    assert round_.players == players
    assert [len(h) for h in round_.hands] == [5] * players
    assert len(round_.pile) == 48 - 5 * players
    assert round_.discards == []
    assert round_.laid == ((),) * players
    everything = [c for h in round_.hands for c in h] + round_.pile
    assert sorted(everything) == list(DECK)
    assert round_.cards_in_play() == 48
    assert round_.phase == "draw" and round_.turn == round_.dealer and round_.result is None
    assert 0 <= round_.dealer < players
    # The first turn: nothing to ppong or stop on, so the only move is to draw.
    assert round_.legal_actions() == [Draw(round_.dealer)]
    assert round_.to_move() == [round_.dealer]


def test_deal_is_determined_by_the_seed() -> None:
    a = Round.deal(Rules(), seed=11)
    b = Round.deal(Rules(), seed=11)
    assert (a.hands, a.pile, a.dealer) == (b.hands, b.pile, b.dealer)
    others = [Round.deal(Rules(), seed=s) for s in range(12, 16)]
    assert any(o.hands != a.hands for o in others)


def test_deal_first_seat() -> None:
    firsts = {Round.deal(Rules(players=4), seed=s).dealer for s in range(60)}
    assert firsts == {0, 1, 2, 3}
    assert Round.deal(Rules(players=3), dealer=2, seed=0).turn == 2
    for bad in (3, -1):
        with pytest.raises(ValueError, match="dealer must be a seat 0-2"):
            Round.deal(Rules(players=3), dealer=bad, seed=0)


def test_draw_then_discard() -> None:
    round_ = build(["1B 2A 3B 4A 5A", OTHERS, FOURTH], draws="9A")
    assert round_.legal_actions() == [Draw(0)]
    round_.apply(Draw(0))
    assert round_.phase == "discard" and round_.turn == 0 and round_.drew
    assert card("9A") in round_.hands[0] and len(round_.hands[0]) == 6
    assert set(round_.legal_actions()) == {Discard(0, c) for c in round_.hands[0]}
    round_.apply(Discard(0, card("9A")))
    assert round_.phase == "draw" and round_.turn == 1
    assert round_.top() == (card("9A"), 0)
    assert len(round_.hands[0]) == 5
    assert set(round_.legal_actions()) == {Draw(1)}
    assert round_.cards_in_play() == 48


def test_turns_go_round_the_table() -> None:
    round_ = build(["1B 2A 3B 4A 5A", "6A 7A 8B 9A 10A", "11B 12B 12A 1R 2R"], turn=2)
    order = []
    for _ in range(7):
        seat = round_.turn
        order.append(seat)
        round_.apply(Draw(seat))
        round_.apply(Discard(seat, round_.hands[seat][-1]))
    assert order == [2, 0, 1, 2, 0, 1, 2]


# --- in-turn ppong: reference/nylon-ppong.md#ppong ----------------------------------------


def test_in_turn_ppong_lays_the_pair_and_leaves_the_discard() -> None:
    round_ = after_discard_of_3b(holder=1)
    assert round_.turn == 1 and round_.phase == "draw" and round_.claimant() is None
    assert set(round_.legal_actions()) == {Draw(1), Ppong(1)}
    assert round_.view(1).can_ppong
    discards_before = list(round_.discards)
    round_.apply(Ppong(1))
    assert sorted(round_.laid[1]) == sorted(cards("3R 3J1"))
    assert sorted(round_.hands[1]) == sorted(cards("7A 8B 9A"))
    assert round_.discards == discards_before  # the top discard stays where it is
    assert round_.top() == (card("3B"), 0)
    assert card("3B") not in round_.hands[1]
    assert round_.phase == "discard" and round_.turn == 1 and not round_.drew
    # After a ppong: discard one card, nothing else (no draw, stop or combination).
    assert set(round_.legal_actions()) == {Discard(1, c) for c in round_.hands[1]}
    assert_illegal(round_, Draw(1), "discard now")
    assert_illegal(round_, Declare(1), "right after drawing")
    round_.apply(Discard(1, card("9A")))
    assert len(round_.hands[1]) == 2  # 5 -> 3 -> 2
    assert round_.turn == 2 and round_.phase == "draw"
    assert round_.top() == (card("9A"), 1)
    assert round_.cards_in_play() == 48


def test_in_turn_ppong_without_out_of_turn_option() -> None:
    round_ = after_discard_of_3b(holder=1, rules=Rules(out_of_turn_ppong=False))
    assert set(round_.legal_actions()) == {Draw(1), Ppong(1)}
    round_.apply(Ppong(1))
    assert len(round_.hands[1]) == 3


def test_ppong_uses_exactly_two_cards_of_the_month() -> None:
    round_ = after_discard_of_3b(holder=1, pair_hand="3R 3J1 3J2 8B 9A")
    round_.apply(Ppong(1))
    assert len(round_.laid[1]) == 2 and months(round_.laid[1]) == [3, 3]
    assert months(round_.hands[1]).count(3) == 1
    assert len(round_.hands[1]) == 3


def test_going_out_in_turn_with_exactly_the_pair() -> None:
    round_ = after_discard_of_3b(holder=1, pair_hand="3R 3J1")
    n_discards = len(round_.discards)
    round_.apply(Ppong(1))
    assert round_.phase == "over"
    assert round_.hands[1] == []
    assert len(round_.discards) == n_discards  # no discard
    assert round_.legal_actions() == []
    result = round_.result
    assert result is not None
    assert (result.ended_by, result.player, result.victim) == ("ppong-out", 1, 0)
    assert result.hands[1] == Hand()
    assert sorted(result.laid[1]) == sorted(cards("3R 3J1 9R 9J1"))
    # Seat 0's hand after discarding 3B: 1+2+4+5+6 = 18, plus the victim penalty.
    assert list(result.penalties) == [18 + 30, 0, 10 + 11 + 12 + 1 + 2, 4 + 5 + 6 + 7 + 8]
    assert "went out by ppong on seat 0's discard" in result.describe()
    assert_illegal(round_, Draw(2), "the round is over")


def test_victim_is_whoever_discarded_the_top_card() -> None:
    # Seat 2 discards 5R; seat 3, next, goes out with its pair of May.
    round_ = build(
        ["1B 2A 3B 4A 6A", "7A 8B 9A 10A 11B", "5R 12B 12A 1R 2R 3R", "5A 5J1"],
        turn=2,
        phase="discard",
        drew=True,
        laid=["", "", "", "6R 6J1"],
        rules=Rules(ppong_victim_penalty=50),
    )
    round_.apply(Discard(2, card("5R")))
    round_.apply(Ppong(3))
    result = round_.result
    assert result is not None and (result.player, result.victim) == (3, 2)
    assert list(result.penalties) == [16, 45, 30 + 50, 0]


# --- out-of-turn ppong: reference/nylon-ppong.md#ppong ------------------------------------


def test_out_of_turn_claim_window() -> None:
    round_ = after_discard_of_3b(holder=2)
    assert round_.turn == 1 and round_.phase == "draw"
    assert round_.claimant() == 2 and round_.claim == 2
    assert round_.to_move() == [2, 1]
    assert set(round_.legal_actions()) == {Draw(1), Ppong(2), Pass(2)}
    assert set(round_.legal_actions(2)) == {Ppong(2), Pass(2)}
    assert round_.legal_actions(3) == []
    assert round_.legal_actions(0) == []
    assert round_.view(2).phase == "claim"
    assert round_.view(3).phase == "wait"
    assert round_.view(1).phase == "draw"


def test_out_of_turn_ppong_skips_the_seats_between() -> None:
    round_ = after_discard_of_3b(holder=2)
    skipped_hand = list(round_.hands[1])
    round_.apply(Ppong(2))
    assert round_.turn == 2 and round_.phase == "discard" and not round_.drew
    assert sorted(round_.laid[2]) == sorted(cards("3R 3J1"))
    assert round_.top() == (card("3B"), 0)
    assert set(round_.legal_actions()) == {Discard(2, c) for c in round_.hands[2]}
    assert_illegal(round_, Draw(1), "not seat 1's turn")
    round_.apply(Discard(2, card("9A")))
    # Play continues with the seat after the caller; seat 1 lost its turn.
    assert round_.turn == 3 and round_.phase == "draw"
    assert round_.hands[1] == skipped_hand
    assert len(round_.hands[2]) == 2


def test_out_of_turn_ppong_from_the_far_seat() -> None:
    round_ = after_discard_of_3b(holder=3)
    assert round_.claimant() == 3
    round_.apply(Ppong(3))
    round_.apply(Discard(3, card("7A")))
    assert round_.turn == 0  # seats 1 and 2 both skipped


def test_going_out_out_of_turn() -> None:
    round_ = after_discard_of_3b(holder=3, pair_hand="3R 3J1")
    assert round_.claimant() == 3
    round_.apply(Ppong(3))
    result = round_.result
    assert result is not None
    assert (result.ended_by, result.player, result.victim) == ("ppong-out", 3, 0)
    assert result.penalties[3] == 0 and result.penalties[0] == 18 + 30


def test_pass_closes_the_claim() -> None:
    round_ = after_discard_of_3b(holder=2)
    round_.apply(Pass(2))
    assert round_.claimant() is None and round_.turn == 1 and round_.phase == "draw"
    assert set(round_.legal_actions()) == {Draw(1)}
    assert round_.view(2).phase == "wait"
    assert_illegal(round_, Ppong(2), "already passed")
    assert_illegal(round_, Pass(2), "no out-of-turn ppong to pass on")


def test_the_next_draw_closes_the_claim() -> None:
    round_ = after_discard_of_3b(holder=2)
    round_.apply(Draw(1))
    assert round_.claimant() is None
    assert_illegal(round_, Ppong(2), "before drawing")
    assert_illegal(round_, Pass(2), "no out-of-turn ppong")
    round_.apply(Discard(1, round_.hands[1][0]))
    assert round_.turn == 2


def test_no_claim_without_the_option() -> None:
    round_ = after_discard_of_3b(holder=2, rules=Rules(out_of_turn_ppong=False))
    assert round_.claimant() is None and round_.claim is None
    assert set(round_.legal_actions()) == {Draw(1)}
    assert round_.view(2).phase == "wait" and not round_.view(2).can_ppong
    assert_illegal(round_, Ppong(2), "out-of-turn ppong is off")
    assert_illegal(round_, Pass(2), "no out-of-turn ppong")


def test_no_claim_by_the_discarder_or_in_two_player_games() -> None:
    # The discarder cannot ppong its own discard.
    round_ = build(["3B 3R 3J1 5A 6A 7A", OTHERS], phase="discard", drew=True)
    round_.apply(Discard(0, card("3B")))
    assert round_.claimant() is None
    assert_illegal(round_, Ppong(0), "discarded 3B itself")
    # With two seats the only other seat is the next one: it ppongs in turn.
    round_ = build([SEAT_0, PAIR_OF_3], phase="discard", drew=True)
    round_.apply(Discard(0, card("3B")))
    assert round_.claimant() is None
    assert set(round_.legal_actions()) == {Draw(1), Ppong(1)}


def test_ppong_needs_a_pair_of_the_top_discard() -> None:
    round_ = build(["1B 2A 4A 5A 6A", "3R 7A 8B 9A 10A"], discards=[("3B", 0)], turn=1)
    assert set(round_.legal_actions()) == {Draw(1)}
    assert_illegal(round_, Ppong(1), "does not hold two cards of month 3")
    round_ = build(["1B 2A 4A 5A 6A", OTHERS])
    assert_illegal(round_, Ppong(0), "the discard pile is empty")


# --- stop: reference/nylon-ppong.md#stop ----------------------------------------------------


def stop_round(caller: str, other: str = "7A 8B 9A 10A 11B", rules: Rules | None = None) -> Round:
    return build(
        [caller, other, "4A 5A 6A 12B 12A"],
        laid=["9R 9J1", "", ""],
        discards=[("10R", 2)],
        rules=rules,
    )


def test_stop_at_the_start_of_the_turn() -> None:
    round_ = stop_round("1B 2A")
    assert set(round_.legal_actions()) == {Draw(0), Stop(0)}
    assert round_.view(0).can_stop
    round_.apply(Stop(0))
    result = round_.result
    assert result is not None and round_.phase == "over"
    assert (result.ended_by, result.player, result.victim) == ("stop", 0, None)
    assert list(result.penalties) == [3, 45, 39]
    assert result.stop_succeeded is True
    assert "the stop succeeded" in result.describe()


def test_stop_only_before_drawing() -> None:
    round_ = stop_round("1B 2A")
    round_.apply(Draw(0))
    assert len(round_.hands[0]) == 3
    assert Stop(0) not in round_.legal_actions()
    assert_illegal(round_, Stop(0), "discard now")
    # Drawing from two cards: three cards, no combination possible.
    assert_illegal(round_, Declare(0), "right after drawing")


def test_stop_needs_exactly_two_cards() -> None:
    round_ = build(["1B 1R 1J1 1J2 2A", OTHERS.replace("1R", "3R").replace("2R", "4R")])
    assert Stop(0) not in round_.legal_actions()
    assert_illegal(round_, Stop(0), "holds 5 cards; stop needs exactly 2")


def test_stop_above_the_stop_limit_only_with_a_higher_limit() -> None:
    round_ = stop_round("2A 4R")
    assert set(round_.legal_actions()) == {Draw(0)}
    assert_illegal(round_, Stop(0), "sum to 2+4 = 6, above the stop limit 5")
    round_ = stop_round("2A 4R", rules=Rules(players=3, stop_limit=10))
    assert Stop(0) in round_.legal_actions()
    round_.apply(Stop(0))
    assert round_.result is not None and round_.result.penalties[0] == 6


def test_stop_only_on_your_own_turn() -> None:
    round_ = stop_round("3B 1B", other="1R 2R")
    assert_illegal(round_, Stop(1), "not seat 1's turn")


def test_stop_fails_on_a_lower_or_equal_sum() -> None:
    lower = stop_round("1B 2A", other="1R 1J1")
    lower.apply(Stop(0))
    assert lower.result is not None
    assert list(lower.result.penalties) == [3 + 30, 2, 39]
    assert lower.result.stop_succeeded is False
    assert "the stop failed" in lower.result.describe()
    tie = stop_round("1B 2A", other="1R 2R", rules=Rules(players=3, failed_stop_penalty=50))
    tie.apply(Stop(0))
    assert tie.result is not None
    assert list(tie.result.penalties) == [3 + 50, 3, 39]


# --- declaring: reference/nylon-ppong.md#combinations --------------------------------------


def test_declare_right_after_drawing() -> None:
    round_ = build(["3B 4A 5R 6R 7R", OTHERS, "9A 10R 11J1 12A 12R"], draws="8B")
    assert_illegal(round_, Declare(0), "draw first")
    round_.apply(Draw(0))
    assert set(round_.legal_actions()) == {Declare(0)} | {Discard(0, c) for c in round_.hands[0]}
    view = round_.view(0)
    assert view.combination is not None and view.combination.value == -33
    round_.apply(Declare(0))
    result = round_.result
    assert result is not None
    assert (result.ended_by, result.player) == ("combination", 0)
    assert result.combination is not None and result.combination.key == "straight"
    assert list(result.penalties) == [-33, 36, 54]
    assert "declared Straight" in result.describe()


def test_declaring_is_optional() -> None:
    round_ = build(["3B 4A 5R 6R 7R", OTHERS], draws="8B")
    round_.apply(Draw(0))
    round_.apply(Discard(0, card("8B")))
    assert round_.phase == "draw" and round_.turn == 1 and round_.result is None


def test_no_declare_without_a_combination() -> None:
    round_ = build(["3B 4A 5R 6R 7R", OTHERS], draws="9A")
    round_.apply(Draw(0))
    assert Declare(0) not in round_.legal_actions()
    assert round_.view(0).combination is None
    assert_illegal(round_, Declare(0), "make no combination")


def test_best_combination_counts_when_declared() -> None:
    round_ = build(["1B 1R 1J1 2A 2R", "4A 5A 6A 7A 8A"], draws="2J1")
    round_.apply(Draw(0))
    round_.apply(Declare(0))
    assert round_.result is not None
    assert round_.result.combination is not None
    assert round_.result.combination.key == "sib-bujok"
    assert list(round_.result.penalties) == [-100, 30]


# --- empty draw pile: reference/nylon-ppong.md#deal-and-turn --------------------------------


def test_empty_pile_ends_the_round_on_draw() -> None:
    round_ = build(["1B 2A 3B 4A 5A", OTHERS, FOURTH], empty_pile=True, discards=[("9A", 2)])
    assert set(round_.legal_actions()) == {Draw(0)}
    round_.apply(Draw(0))
    result = round_.result
    assert result is not None and round_.phase == "over"
    assert (result.ended_by, result.player, result.victim) == ("deck-empty", 0, None)
    assert len(round_.hands[0]) == 5
    assert list(result.penalties) == [15, 36, 30]
    assert "draw pile ran out" in result.describe()
    assert round_.cards_in_play() == 48


def test_empty_pile_still_allows_stop() -> None:
    round_ = build(
        ["1B 2A", OTHERS, FOURTH],
        laid=["9R 9J1", "", ""],
        empty_pile=True,
        discards=[("9A", 2)],
    )
    assert set(round_.legal_actions()) == {Draw(0), Stop(0)}
    round_.apply(Stop(0))
    assert round_.result is not None and round_.result.ended_by == "stop"


def test_empty_pile_still_allows_ppong() -> None:
    round_ = build(
        ["1B 2A 3R 3J1 5A", OTHERS, FOURTH],
        empty_pile=True,
        discards=[("3B", 2)],
    )
    assert set(round_.legal_actions()) == {Draw(0), Ppong(0)}
    round_.apply(Ppong(0))
    round_.apply(Discard(0, card("5A")))
    assert round_.turn == 1
    round_.apply(Draw(1))
    assert round_.result is not None
    assert (round_.result.ended_by, round_.result.player) == ("deck-empty", 1)


def test_empty_pile_out_of_turn_claim_still_open() -> None:
    round_ = build(
        [SEAT_0, OTHERS, PAIR_OF_3, FOURTH],
        phase="discard",
        drew=True,
        empty_pile=True,
        discards=[("9R", 3)],
    )
    round_.apply(Discard(0, card("3B")))
    assert set(round_.legal_actions()) == {Draw(1), Ppong(2), Pass(2)}
    round_.apply(Ppong(2))
    assert round_.turn == 2 and round_.phase == "discard"


# --- Illegal actions ------------------------------------------------------------------------


def test_illegal_actions_name_action_and_state() -> None:
    round_ = build(["1B 2A 3B 4A 5A", OTHERS, FOURTH], draws="9A")
    error = assert_illegal(round_, Draw(1), "it is not seat 1's turn")
    assert "seat 0 to start its turn, 5 cards in hand" in str(error)
    assert_illegal(round_, Discard(0, card("1B")), "draw first")
    assert_illegal(round_, Pass(0), "no out-of-turn ppong to pass on")
    assert_illegal(round_, Stop(0), "holds 5 cards")
    assert_illegal(round_, Draw(3), "there is no seat 3")
    assert_illegal(round_, Draw(-1), "there is no seat -1")
    round_.apply(Draw(0))
    error = assert_illegal(round_, Draw(0), "discard now")
    assert "seat 0 to discard, 6 cards in hand" in str(error)
    assert_illegal(round_, Discard(0, card("10A")), "does not hold 10A")
    assert_illegal(round_, Discard(1, card("10A")), "not seat 1's turn")
    assert_illegal(round_, Ppong(0), "before drawing")


def test_every_action_is_illegal_once_the_round_is_over() -> None:
    round_ = stop_round("1B 2A")
    round_.apply(Stop(0))
    assert round_.legal_actions() == []
    assert round_.to_move() == []
    for seat in range(3):
        for action in (Draw(seat), Ppong(seat), Pass(seat), Stop(seat), Declare(seat)):
            assert_illegal(round_, action, "the round is over")
        for c in round_.hands[seat]:
            assert_illegal(round_, Discard(seat, c), "the round is over")


def test_illegal_action_is_a_value_error() -> None:
    assert issubclass(IllegalAction, ValueError)


def test_a_non_action_is_illegal() -> None:
    round_ = Round.deal(Rules(), seed=0)
    with pytest.raises(IllegalAction, match="is not an action"):
        round_.apply("draw")  # type: ignore[arg-type]


def test_a_round_built_from_its_required_fields_can_ppong() -> None:
    hands = [cards(SEAT_0), cards(PAIR_OF_3)]
    pile = [c for c in DECK if c not in set(hands[0] + hands[1])]
    round_ = Round(Rules(players=2), hands, pile, dealer=0, turn=0, phase="discard", drew=True)
    round_.apply(Discard(0, card("3B")))
    round_.apply(Ppong(1))
    assert len(round_.hands[1]) == 3 and months(round_.laid[1]) == [3, 3]


def test_play_needs_one_bot_per_seat() -> None:
    round_ = Round.deal(Rules(players=3), seed=0)
    with pytest.raises(ValueError, match="bots must hold one bot per seat: 3 seats, not 2 bots"):
        round_.play([greedy, greedy])


# --- the game: reference/nylon-ppong.md#game and reference/nylon-ppong.md#deal-and-turn ------


def test_first_player_is_random_in_round_one() -> None:
    firsts = {Game(Rules(players=4), seed=s).new_round().dealer for s in range(60)}
    assert firsts == {0, 1, 2, 3}
    assert Game(Rules(), seed=5).new_round().dealer == Game(Rules(), seed=5).new_round().dealer


def test_worst_seat_of_the_last_round_starts() -> None:
    bots = [greedy, cautious, greedy, cautious]
    checked = 0
    for seed in range(8):
        game = Game(Rules(players=4, rounds=6), seed=seed)
        results = game.play(bots)
        for before, after in pairwise(results):
            worst = max(before.penalties)
            tied = [s for s, p in enumerate(before.penalties) if p == worst]
            assert after.dealer in tied
            checked += 1
    assert checked == 40


def _result_with(penalties: tuple[int, ...]) -> DealResult:
    round_ = stop_round("1B 2A", rules=Rules(players=3))
    round_.apply(Stop(0))
    assert round_.result is not None
    hands = round_.result.hands + (Hand(),) * (len(penalties) - 3)
    laid = round_.result.laid + (Hand(),) * (len(penalties) - 3)
    ledger = Ledger(
        len(penalties),
        tuple(Penalty(seat, points, Reason.HAND_SUM) for seat, points in enumerate(penalties)),
    )
    return dataclasses.replace(round_.result, ledger=ledger, hands=hands, laid=laid)


def test_ties_for_most_points_are_broken_at_random() -> None:
    starts = Counter()
    for seed in range(80):
        game = Game(Rules(players=4), seed=seed)
        game.results.append(_result_with((10, 30, 30, 5)))
        starts[game.next_dealer()] += 1
    assert set(starts) == {1, 2}
    assert min(starts.values()) >= 20  # both tied seats start a fair share of the time


def test_a_single_worst_seat_always_starts() -> None:
    for seed in range(20):
        game = Game(Rules(players=4), seed=seed)
        game.results.append(_result_with((10, 40, 30, 5)))
        assert game.next_dealer() == 1
        game.results.append(_result_with((-100, 12, 20, 33)))
        assert game.next_dealer() == 3


def test_game_lasts_rules_rounds_and_totals_add_up() -> None:
    rules = Rules(players=3, rounds=4)
    game = Game(rules, seed=2)
    results = game.play([greedy, cautious, greedy])
    assert len(results) == 4 and game.over
    assert game.totals == [sum(r.penalties[seat] for r in results) for seat in range(3)]
    assert len({id(r) for r in results}) == 4
    with pytest.raises(ValueError, match="the game is over after 4 rounds"):
        game.new_round()
    assert game.play([greedy, cautious, greedy]) == results  # nothing more to play


def test_rounds_by_hand_then_record() -> None:
    game = Game(Rules(players=2, rounds=2), seed=9)
    assert not game.over and game.totals == [0, 0]
    with pytest.raises(ValueError, match="no finished round"):
        game.record()
    first = game.new_round()
    with pytest.raises(ValueError, match="not over yet"):
        game.new_round()
    first.play([greedy, greedy])
    game.record()
    game.record()  # again is harmless
    assert len(game.results) == 1
    second = game.new_round()
    assert second is not first and len(game.results) == 1
    assert first.result is not None
    worst = max(first.result.penalties)
    assert first.result.penalties[second.dealer] == worst
    second.play([cautious, cautious])
    with pytest.raises(ValueError, match="game is over"):
        game.new_round()
    assert len(game.results) == 2 and game.over
    assert game.totals == [
        first.result.penalties[s] + game.results[1].penalties[s] for s in range(2)
    ]


def test_game_is_determined_by_the_seed() -> None:
    def run(seed: int) -> list[tuple[object, ...]]:
        results = Game(Rules(players=4, rounds=5), seed=seed).play(
            [greedy, cautious, cautious, greedy]
        )
        return [(r.dealer, r.ended_by, r.penalties, r.hands, r.laid, r.turns) for r in results]

    assert run(3) == run(3)
    assert any(run(s) != run(3) for s in (4, 5, 6))


def test_round_result_matches_settle_round() -> None:
    for seed in range(30):
        round_ = Round.deal(Rules(players=5), seed=seed)
        result = round_.play([greedy, cautious, greedy, cautious, greedy])
        hands = [list(h.months) for h in result.hands]
        player = None if result.ended_by == "deck-empty" else result.player
        assert list(result.penalties) == settle_round(
            hands, ended_by=result.ended_by, player=player, victim=result.victim, rules=round_.rules
        )
        frame = result.to_frame()
        assert list(frame["penalty"]) == list(result.penalties)
        assert list(frame["sum"]) == [h.total for h in result.hands]
