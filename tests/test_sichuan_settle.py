"""Sichuan deal money: wins, kongs, the kong money transfer and the end of the wall.

The expected transfers are worked out here from the rules alone
(reference/sichuan.md#win-payments, reference/sichuan.md#kongs,
reference/sichuan.md#kong-transfer, reference/sichuan.md#wall-empty): by hand in the
unit tests, and by a small model of the rules in the property test at the end.
"""

from __future__ import annotations

import contextlib
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import permutations

import pytest
from hypothesis import event, given, settings
from hypothesis import strategies as st

from kit.ledger import Reason
from kit.mahjong.tiles import TILES, Hand, KongKind, Tile
from kit.sichuan import Rules, score
from kit.sichuan.settle import Ledger

Triple = tuple[int, int, int]
"""(payer, payee, amount)."""


def triples(deal: Ledger) -> Counter[Triple]:
    """The transfers of the last event, as (payer, payee, amount)."""
    number = len(deal.events) - 1
    return Counter((t.payer, t.payee, t.amount) for t in deal.transfers if t.event == number)


def snapshot(deal: Ledger) -> tuple[object, ...]:
    return (
        tuple(deal.transfers),
        tuple(deal.won),
        tuple(deal.events),
        tuple(deal.checks),
        tuple(deal.net),
    )


def assert_zero_sum(deal: Ledger) -> None:
    assert sum(deal.net) == 0
    frame = deal.to_frame()
    assert list(frame.columns) == ["payer", "payee", "amount", "reason", "event"]
    rows = list(frame[["payer", "payee", "amount"]].itertuples(index=False, name=None))
    assert rows == [(t.payer, t.payee, t.amount) for t in deal.transfers]
    assert all(isinstance(t.reason, Reason) for t in deal.transfers)


# Hands at the end of the wall (13 tiles, kongs as three), with the void each is played with.
NINE_GATES = ("1112345678999m", "p")  # ready on 1m-9m; 1m or 9m adds a root: 3 fan, 8
DRAGON_READY = ("1112233445566m", "p")  # 1m makes pure dragon seven pairs: 5 fan
PLAIN_READY = ("234m567m888m11p23p", "s")  # ready on 1p and 4p, 0 fan: 1
READY_KONG = ("(2222s)123p456p789p6s", "m")  # ready on 6s, a root: 2
NOT_READY = ("123p456p789p13s58s", "m")
NOT_READY_KONG = ("(7777s)123p456p13s58s", "m")
PIG = ("123s456s789s22p34m", "m")  # holds characters, its void
PIG_KONG = ("(7777s)345s689s22p34m", "m")
FOUR_HELD = ("5555s123p456p789p", "m")  # only a fifth 5s would complete it


def wall(deal: Ledger, seats: dict[int, tuple[str, str]]) -> None:
    deal.wall_empty({s: h for s, (h, _) in seats.items()}, {s: v for s, (_, v) in seats.items()})


# --- win payments: reference/sichuan.md#win-payments -------------------------------------


def test_worked_example_self_drawn_two_fan():
    deal = Ledger(Rules(base=1))
    deal.win(0, fan=1, discarder=3)  # seat 0 has already won and left play
    before = deal.net
    deal.win(2, fan=2)
    assert triples(deal) == Counter({(1, 2, 5): 1, (3, 2, 5): 1})
    assert deal.net[2] - before[2] == 10
    assert_zero_sum(deal)


@pytest.mark.parametrize("cap", [3, 4, 5, 6])
@pytest.mark.parametrize("fan", [0, 1, 2, 4, 7])
def test_win_on_a_discard_only_the_discarder_pays(cap, fan):
    deal = Ledger(Rules(base=2, fan_cap=cap))
    deal.win(3, fan=fan, discarder=1)
    assert triples(deal) == Counter({(1, 3, 2 * 2 ** min(fan, cap)): 1})
    assert deal.net == [0, -(2 * 2 ** min(fan, cap)), 0, 2 * 2 ** min(fan, cap)]


@pytest.mark.parametrize(
    ("bonus", "fan", "cap", "base", "each"),
    [
        ("base", 0, 4, 1, 2),
        ("base", 2, 4, 1, 5),
        ("base", 4, 4, 1, 17),  # the +1 base comes after the cap
        ("base", 7, 4, 1, 17),
        ("base", 2, 4, 3, 15),
        ("base", 5, 5, 2, 66),
        ("fan", 0, 4, 1, 2),
        ("fan", 2, 4, 1, 8),
        ("fan", 3, 4, 1, 16),
        ("fan", 4, 4, 1, 16),  # one more fan, before the cap
        ("fan", 9, 3, 2, 16),
        ("none", 2, 4, 1, 4),
        ("none", 6, 4, 1, 16),
        ("none", 6, 6, 1, 64),
    ],
)
def test_self_draw_bonus(bonus, fan, cap, base, each):
    deal = Ledger(Rules(base=base, fan_cap=cap, self_draw_bonus=bonus))
    deal.win(1, fan=fan)
    assert triples(deal) == Counter({(0, 1, each): 1, (2, 1, each): 1, (3, 1, each): 1})
    assert deal.net[1] == 3 * each


def test_winners_never_pay_nor_receive_afterwards():
    deal = Ledger()
    deal.win(0, fan=3, discarder=1)
    first = len(deal.events)
    deal.kong(2, "added")
    deal.kong(3, "concealed")
    deal.kong(2, "exposed", discarder=3)
    deal.win(1, fan=2)
    deal.win(2, fan=1, discarder=3)
    later = [t for t in deal.transfers if t.event >= first]
    assert later
    assert all(0 not in (t.payer, t.payee) for t in later)
    assert_zero_sum(deal)


@pytest.mark.parametrize("fan", [-1, 1.5, True, "2", None])
def test_fan_must_be_a_whole_number(fan):
    deal = Ledger()
    with pytest.raises(ValueError, match="fan"):
        deal.win(0, fan=fan)
    assert deal.transfers == []


def test_the_fan_passed_is_the_fan_score_reports():
    # A self-drawn pure seven pairs: score gives 4 fan; the payment adds the bonus once.
    result = score("11223344556677p", win="7p", self_drawn=True)
    deal = Ledger()
    deal.win(0, fan=result.fan)
    assert triples(deal) == Counter({(s, 0, 16 + 1): 1 for s in (1, 2, 3)})


# --- kongs: reference/sichuan.md#kongs and reference/sichuan.md#kong-transfer ------------


@pytest.mark.parametrize("base", [1, 3])
def test_exposed_kong_two_from_the_discarder(base):
    deal = Ledger(Rules(base=base))
    deal.kong(2, "exposed", discarder=0)
    assert triples(deal) == Counter({(0, 2, 2 * base): 1})


@pytest.mark.parametrize("base", [1, 3])
def test_added_kong_one_from_each_in_play(base):
    deal = Ledger(Rules(base=base))
    deal.kong(2, "added")
    assert triples(deal) == Counter({(s, 2, base): 1 for s in (0, 1, 3)})


@pytest.mark.parametrize("base", [1, 3])
def test_concealed_kong_two_from_each_in_play(base):
    deal = Ledger(Rules(base=base))
    deal.kong(2, "concealed")
    assert triples(deal) == Counter({(s, 2, 2 * base): 1 for s in (0, 1, 3)})


@pytest.mark.parametrize(("kind", "amount"), [("added", 1), ("concealed", 2)])
def test_only_players_not_yet_won_pay_for_a_kong(kind, amount):
    deal = Ledger()
    deal.win(1, fan=0, discarder=3)
    deal.kong(2, kind)
    assert triples(deal) == Counter({(0, 2, amount): 1, (3, 2, amount): 1})


def test_kong_money_moves_on_a_shot_after_the_kong():
    deal = Ledger()
    deal.kong(1, "concealed")
    deal.win(2, fan=1, discarder=1, shot_after_kong=True)
    assert triples(deal) == Counter({(1, 2, 2): 1, (1, 2, 6): 1})
    assert deal.net == [-2, -2, 6, -2]
    assert_zero_sum(deal)


def test_kong_money_of_an_exposed_kong_moves_too():
    deal = Ledger()
    deal.kong(1, "exposed", discarder=3)
    deal.win(3, fan=0, discarder=1, shot_after_kong=True)
    assert deal.net == [0, -1, 0, 1]


def test_only_that_kongs_money_moves():
    deal = Ledger()
    deal.kong(1, "added")  # 3, stays with seat 1
    deal.win(0, fan=0)  # a self-draw in between
    deal.kong(1, "exposed", discarder=3)  # 2
    deal.kong(1, "concealed")  # 2 from seats 2 and 3: 4, the kong just made
    deal.win(2, fan=0, discarder=1, shot_after_kong=True)
    assert triples(deal) == Counter({(1, 2, 1): 1, (1, 2, 4): 1})


def _first_winner_case(discarder: int, winners: tuple[int, ...]) -> Ledger:
    deal = Ledger()
    deal.kong(discarder, "concealed")
    for winner in winners:
        deal.win(winner, fan=1, discarder=discarder, shot_after_kong=True)
    return deal


@pytest.mark.parametrize(
    ("discarder", "winners", "first"),
    [
        *[(1, order, 2) for order in permutations((2, 3))],
        *[(3, order, 0) for order in permutations((0, 2))],
        *[(2, order, 3) for order in permutations((0, 3))],
        *[(1, order, 2) for order in permutations((0, 2, 3))],
        *[(0, order, 1) for order in permutations((1, 3))],
    ],
)
def test_several_winners_kong_money_goes_to_the_first_in_turn_order(discarder, winners, first):
    deal = _first_winner_case(discarder, winners)
    moved = [t for t in deal.transfers if t.payer == discarder and t.amount == 6]
    assert [(t.payer, t.payee) for t in moved] == [(discarder, first)]
    expected = [0, 0, 0, 0]
    for seat in range(4):
        if seat != discarder:
            expected[seat] -= 2
    expected[discarder] += 6 - 6 - 2 * len(winners)
    for winner in winners:
        expected[winner] += 2
    expected[first] += 6
    assert deal.net == expected
    assert_zero_sum(deal)


def test_several_winners_both_call_orders_give_the_same_money():
    one = _first_winner_case(1, (2, 3))
    other = _first_winner_case(1, (3, 2))
    assert one.net == other.net


def test_kong_transfer_off_keeps_the_kong_money():
    deal = Ledger(Rules(kong_transfer=False))
    deal.kong(1, "concealed")
    deal.win(2, fan=1, discarder=1, shot_after_kong=True)
    assert triples(deal) == Counter({(1, 2, 2): 1})
    assert deal.net == [-2, 4, 0, -2]


# --- impossible events -------------------------------------------------------------------


def _won_0() -> Ledger:
    deal = Ledger()
    deal.kong(2, "concealed")
    deal.win(0, fan=1, discarder=1)
    return deal


IMPOSSIBLE: list[tuple[str, Callable[[Ledger], object]]] = [
    ("a won player makes a concealed kong", lambda d: d.kong(0, "concealed")),
    ("a won player makes an added kong", lambda d: d.kong(0, "added")),
    ("a won player makes an exposed kong", lambda d: d.kong(0, "exposed", discarder=1)),
    ("a won player discards into a kong", lambda d: d.kong(1, "exposed", discarder=0)),
    ("a won player self-draws", lambda d: d.win(0, fan=1)),
    ("a won player wins on a discard", lambda d: d.win(0, fan=1, discarder=3)),
    ("a won player discards into a win", lambda d: d.win(3, fan=1, discarder=0)),
    ("a player wins on its own discard", lambda d: d.win(3, fan=1, discarder=3)),
    ("an exposed kong with no discarder", lambda d: d.kong(3, "exposed")),
    ("an exposed kong on its own discard", lambda d: d.kong(3, "exposed", discarder=3)),
    ("a concealed kong with a discarder", lambda d: d.kong(3, "concealed", discarder=1)),
    ("an added kong with a discarder", lambda d: d.kong(3, "added", discarder=1)),
    ("an unknown kind of kong", lambda d: d.kong(3, "hidden")),
    ("a self-drawn shot after a kong", lambda d: d.win(2, fan=1, shot_after_kong=True)),
    ("a seat past the table", lambda d: d.kong(4, "concealed")),
    ("a negative seat", lambda d: d.win(-1, fan=1)),
    ("a seat that is a bool", lambda d: d.win(True, fan=1)),
    ("a discarder past the table", lambda d: d.win(1, fan=1, discarder=4)),
]


@pytest.mark.parametrize("action", [a for _, a in IMPOSSIBLE], ids=[n for n, _ in IMPOSSIBLE])
def test_impossible_events_raise_and_change_nothing(action):
    deal = _won_0()
    before = snapshot(deal)
    with pytest.raises(ValueError):
        action(deal)
    assert snapshot(deal) == before
    deal.win(2, fan=1, discarder=1)  # the deal goes on as before
    assert_zero_sum(deal)


def test_shot_after_kong_by_a_player_who_made_no_kong_raises():
    deal = Ledger()
    deal.kong(2, "concealed")
    with pytest.raises(ValueError, match="kong"):
        deal.win(3, fan=1, discarder=1, shot_after_kong=True)


def test_shot_after_kong_by_a_player_who_made_no_kong_changes_nothing():
    deal = Ledger()
    deal.kong(2, "concealed")
    before = snapshot(deal)
    with pytest.raises(ValueError):
        deal.win(3, fan=1, discarder=1, shot_after_kong=True)
    assert snapshot(deal) == before


def test_shot_after_kong_by_a_player_who_made_no_kong_raises_with_transfer_off():
    deal = Ledger(Rules(kong_transfer=False))
    with pytest.raises(ValueError, match="kong"):
        deal.win(3, fan=1, discarder=1, shot_after_kong=True)


def test_shot_after_kong_needs_the_kong_just_before():
    deal = Ledger()
    deal.kong(1, "concealed")
    deal.win(0, fan=1)
    before = snapshot(deal)
    with pytest.raises(ValueError):
        deal.win(2, fan=1, discarder=1, shot_after_kong=True)
    assert snapshot(deal) == before


def _three_won() -> Ledger:
    deal = Ledger()
    deal.win(0, fan=1)
    deal.win(1, fan=1, discarder=3)
    deal.win(2, fan=1, discarder=3)
    return deal


@pytest.mark.parametrize(
    "action",
    [lambda d: d.kong(3, "concealed"), lambda d: d.kong(3, "added"), lambda d: d.win(3, fan=2)],
    ids=["concealed kong", "added kong", "self-draw"],
)
def test_no_event_after_three_players_have_won(action):
    deal = _three_won()
    before = snapshot(deal)
    with pytest.raises(ValueError):
        action(deal)
    assert snapshot(deal) == before


# --- wall empty: reference/sichuan.md#wall-empty -----------------------------------------


@pytest.mark.parametrize(("cap", "base"), [(3, 1), (4, 1), (5, 2), (6, 1)])
def test_flower_pig_pays_each_non_pig_not_won_the_maximum(cap, base):
    deal = Ledger(Rules(fan_cap=cap, base=base))
    deal.win(3, fan=0, discarder=2)
    wall(deal, {0: PIG, 1: NOT_READY, 2: PLAIN_READY})
    top = base * 2**cap
    assert triples(deal) == Counter({(0, 1, top): 1, (0, 2, top): 1, (1, 2, base): 1})
    assert_zero_sum(deal)


def test_flower_pig_pays_winners_only_with_the_option():
    deal = Ledger(Rules(pig_pays_winners=True))
    deal.win(3, fan=0, discarder=2)
    wall(deal, {0: PIG, 1: NOT_READY, 2: PLAIN_READY})
    assert triples(deal) == Counter({(0, 1, 16): 1, (0, 2, 16): 1, (0, 3, 16): 1, (1, 2, 1): 1})
    assert_zero_sum(deal)


def test_flower_pig_pays_no_other_pig():
    deal = Ledger()
    wall(deal, {0: PIG, 1: ("666s77s444p55p99p3m", "m"), 2: PLAIN_READY, 3: NOT_READY})
    assert triples(deal) == Counter(
        {(0, 2, 16): 1, (0, 3, 16): 1, (1, 2, 16): 1, (1, 3, 16): 1, (3, 2, 1): 1}
    )


def test_a_pig_does_not_also_pay_not_ready():
    deal = Ledger()
    wall(deal, {0: PIG, 1: NOT_READY, 2: PLAIN_READY, 3: NINE_GATES})
    assert triples(deal) == Counter(
        {(0, 1, 16): 1, (0, 2, 16): 1, (0, 3, 16): 1, (1, 2, 1): 1, (1, 3, 8): 1}
    )
    assert deal.net == [-48, 7, 17, 24]
    pig = next(c for c in deal.checks if c.seat == 0)
    assert (pig.pig, pig.ready) == (True, False)


def test_not_ready_pays_each_ready_player_its_largest_hand():
    deal = Ledger()
    deal.win(0, fan=2, discarder=1)
    wall(deal, {1: NOT_READY, 2: PLAIN_READY, 3: NINE_GATES})
    assert triples(deal) == Counter({(1, 2, 1): 1, (1, 3, 8): 1})
    checks = {c.seat: c for c in deal.checks}
    assert (checks[3].ready, checks[3].largest) == (True, 8)
    assert (checks[2].ready, checks[2].largest) == (True, 1)
    assert checks[1].ready is False


def test_not_ready_players_pay_each_other_nothing():
    deal = Ledger()
    deal.win(0, fan=2, discarder=1)
    wall(deal, {1: NOT_READY, 2: ("234m567m888m11p29p", "s"), 3: ("1112345678m1p59p", "s")})
    assert triples(deal) == Counter()
    assert [c.ready for c in deal.checks] == [False, False, False]


@pytest.mark.parametrize(("cap", "largest"), [(3, 8), (4, 16), (5, 32), (6, 32)])
def test_largest_hand_is_the_best_capped_value_over_the_waits(cap, largest):
    # Waiting on 1m-7m; 1m makes pure dragon seven pairs (5 fan), the others at most 2 fan.
    deal = Ledger(Rules(fan_cap=cap))
    deal.win(0, fan=0, discarder=1)
    wall(deal, {1: NOT_READY, 2: PLAIN_READY, 3: DRAGON_READY})
    assert triples(deal)[(1, 3, largest)] == 1


@pytest.mark.parametrize("bonus", ["base", "fan", "none"])
def test_largest_hand_is_a_discard_win_without_bonus_or_situational_fan(bonus):
    deal = Ledger(Rules(self_draw_bonus=bonus))
    wall(deal, {0: NOT_READY, 1: NINE_GATES, 2: PLAIN_READY, 3: ("123s456s789s555p2p", "m")})
    paid = triples(deal)
    assert paid[(0, 1, 8)] == 1  # 3 fan: no self-draw bonus, no under-the-sea
    assert paid[(0, 2, 1)] == 1
    assert paid[(0, 3, 1)] == 1


def test_a_wait_held_four_times_in_the_own_hand_does_not_count():
    deal = Ledger()
    deal.win(0, fan=0, discarder=1)
    wall(deal, {1: FOUR_HELD, 2: PLAIN_READY, 3: NINE_GATES})
    checks = {c.seat: c for c in deal.checks}
    assert (checks[1].pig, checks[1].ready) == (False, False)
    assert triples(deal) == Counter({(1, 2, 1): 1, (1, 3, 8): 1})


def test_a_wait_held_four_times_in_a_kong_does_not_count():
    # Ready on 4m (234m) and on 1m (123m), but all four 1m are in the kong.
    deal = Ledger()
    deal.win(0, fan=0, discarder=1)
    wall(deal, {1: ("(1111m)23m456m789m55m", "p"), 2: NOT_READY, 3: ("123s456s789s555p2p", "m")})
    checks = {c.seat: c for c in deal.checks}
    assert "1m" not in checks[1].waits
    assert checks[1].ready


def test_refund_undoes_kong_money_of_every_not_ready_player():
    deal = Ledger()
    deal.kong(3, "concealed")  # seat 3 ends ready: keeps it
    deal.kong(1, "concealed")  # seat 1 ends not ready
    deal.win(0, fan=1, discarder=2)  # seat 0 paid seat 1's kong, then won
    deal.kong(1, "added")
    wall(deal, {1: NOT_READY_KONG, 2: PLAIN_READY, 3: READY_KONG})
    assert triples(deal) == Counter(
        {
            (1, 2, 1): 2,  # not ready, to seat 2's largest hand; and the added kong back
            (1, 3, 2): 2,  # not ready, to seat 3's largest hand; and the concealed kong back
            (1, 0, 2): 1,  # refunded to a payer who has won since
            (1, 2, 2): 1,
            (1, 3, 1): 1,
        }
    )
    assert_zero_sum(deal)


def test_refund_by_a_flower_pig():
    deal = Ledger()
    deal.kong(1, "exposed", discarder=2)
    deal.win(0, fan=1, discarder=2)
    wall(deal, {1: PIG_KONG, 2: PLAIN_READY, 3: READY_KONG})
    assert triples(deal) == Counter({(1, 2, 16): 1, (1, 3, 16): 1, (1, 2, 2): 1})
    assert_zero_sum(deal)


@pytest.mark.parametrize("transfer", [True, False])
def test_kong_money_moved_to_a_winner_is_not_refunded(transfer):
    deal = Ledger(Rules(kong_transfer=transfer))
    deal.kong(1, "exposed", discarder=3)  # stays with seat 1
    deal.kong(1, "concealed")  # moves to seat 2 when the transfer is on
    deal.win(2, fan=0, discarder=1, shot_after_kong=True)
    wall(deal, {0: PLAIN_READY, 1: NOT_READY_KONG, 3: READY_KONG})
    expected = Counter({(1, 0, 1): 1, (1, 3, 2): 2})
    if not transfer:
        expected.update({(1, 0, 2): 1, (1, 2, 2): 1, (1, 3, 2): 1})
    assert triples(deal) == expected
    assert_zero_sum(deal)


def test_ready_players_keep_their_kong_money():
    deal = Ledger()
    deal.kong(3, "concealed")
    wall(deal, {0: PLAIN_READY, 1: NOT_READY, 2: NINE_GATES, 3: READY_KONG})
    assert all(t.payer != 3 for t in deal.transfers)


def test_winners_are_never_checked():
    deal = Ledger()
    deal.win(2, fan=0, discarder=1)
    wall(deal, {0: PLAIN_READY, 1: NOT_READY, 3: NINE_GATES})
    assert sorted(c.seat for c in deal.checks) == [0, 1, 3]
    other = Ledger()
    other.win(2, fan=0, discarder=1)
    with pytest.raises(ValueError, match="in play"):
        wall(other, {0: PLAIN_READY, 1: NOT_READY, 2: PIG, 3: NINE_GATES})


def test_checks_run_only_with_two_or_more_players_not_won():
    deal = _three_won()
    before = snapshot(deal)
    with contextlib.suppress(ValueError):  # the third win already ended the deal
        wall(deal, {3: PIG})
    assert snapshot(deal)[0] == before[0]
    assert deal.checks == []


@pytest.mark.parametrize(
    ("seats", "match"),
    [
        ({1: ("123p456p789p13s5s", "m"), 2: PLAIN_READY, 3: NINE_GATES}, "13"),  # 12 tiles
        ({1: ("123p456p789p13s588s", "m"), 2: PLAIN_READY, 3: NINE_GATES}, "13"),  # 14
        ({1: ("(1111p)23p456p789p15s", "m"), 2: PLAIN_READY, 3: NINE_GATES}, "copies"),
        ({1: NOT_READY, 2: ("1111m234m567m88m1p", "s"), 3: NINE_GATES}, "copies"),
        ({1: ("123p456p789p13s55z", "m"), 2: PLAIN_READY, 3: NINE_GATES}, "honour"),
        ({1: ("123p456p789p13s58s", "z"), 2: PLAIN_READY, 3: NINE_GATES}, "void"),
        ({1: ("123p456p789p13s58s", ""), 2: PLAIN_READY, 3: NINE_GATES}, "void"),
        ({1: NOT_READY, 2: PLAIN_READY}, "in play"),
        ({0: PIG, 1: NOT_READY, 2: PLAIN_READY, 3: NINE_GATES}, "in play"),
    ],
)
def test_bad_hands_raise_and_change_nothing(seats, match):
    deal = Ledger()
    deal.kong(1, "concealed")
    deal.win(0, fan=0, discarder=2)
    before = snapshot(deal)
    with pytest.raises(ValueError, match=match):
        wall(deal, seats)
    assert snapshot(deal) == before
    wall(deal, {1: NOT_READY, 2: PLAIN_READY, 3: NINE_GATES})  # the real call still works
    assert triples(deal) == Counter(
        {(1, 2, 1): 1, (1, 3, 8): 1, (1, 0, 2): 1, (1, 2, 2): 1, (1, 3, 2): 1}
    )


def test_the_wall_is_settled_once():
    deal = Ledger()
    wall(deal, {0: PIG, 1: NOT_READY, 2: PLAIN_READY, 3: NINE_GATES})
    before = snapshot(deal)
    for action in (
        lambda: wall(deal, {0: PIG, 1: NOT_READY, 2: PLAIN_READY, 3: NINE_GATES}),
        lambda: deal.kong(1, "concealed"),
        lambda: deal.win(2, fan=1),
        lambda: deal.win(2, fan=1, discarder=1),
    ):
        with pytest.raises(ValueError):
            action()
    assert snapshot(deal) == before


# --- Property: random legal deals --------------------------------------------------------

SUITED = TILES[:27]


@dataclass
class _Kong:
    player: int
    receipts: list[tuple[int, int]]
    """(payer, amount) per payment."""
    moved: bool = False


@dataclass
class Model:
    """The money of a deal, worked out from the rules alone."""

    rules: Rules
    net: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    won: list[int] = field(default_factory=list)
    kongs: list[_Kong] = field(default_factory=list)
    just_konged: int | None = None
    """The seat whose kong was the last event: its next discard may be a shot after a kong."""

    def in_play(self) -> list[int]:
        return [s for s in range(4) if s not in self.won]

    def pay(self, payer: int, payee: int, amount: int) -> None:
        self.net[payer] -= amount
        self.net[payee] += amount

    def kong(self, player: int, kind: str, discarder: int | None) -> None:
        base = self.rules.base
        if kind == "exposed":
            assert discarder is not None
            receipts = [(discarder, 2 * base)]
        else:
            each = base if kind == "added" else 2 * base
            receipts = [(s, each) for s in self.in_play() if s != player]
        for payer, amount in receipts:
            self.pay(payer, player, amount)
        self.kongs.append(_Kong(player, receipts))
        self.just_konged = player

    def self_draw(self, player: int, fan: int) -> None:
        rules = self.rules
        value = rules.base * 2 ** min(fan, rules.fan_cap)
        each = {
            "base": value + rules.base,
            "fan": rules.base * 2 ** min(fan + 1, rules.fan_cap),
            "none": value,
        }[rules.self_draw_bonus]
        for payer in self.in_play():
            if payer != player:
                self.pay(payer, player, each)
        self.won.append(player)
        self.just_konged = None

    def discard_win(self, discarder: int, wins: list[tuple[int, int]], shot: bool) -> None:
        for winner, fan in wins:
            self.pay(discarder, winner, self.rules.base * 2 ** min(fan, self.rules.fan_cap))
        if shot and self.rules.kong_transfer:
            kong = [k for k in self.kongs if k.player == discarder][-1]
            first = min((w for w, _ in wins), key=lambda w: (w - discarder) % 4)
            amount = sum(a for _, a in kong.receipts)
            if amount:
                self.pay(discarder, first, amount)
                kong.moved = True
        self.won += [w for w, _ in wins]
        self.just_konged = None

    def wall(self, hands: dict[int, str], voids: dict[int, str]) -> None:
        if len(self.in_play()) < 2:
            return
        rules = self.rules
        pig = {s: voids[s] in {t.suit for t in Hand.parse(h)} for s, h in hands.items()}
        largest = {s: _largest(hands[s], voids[s], rules) for s in hands if not pig[s]}
        for s in hands:
            if pig[s]:
                for other in [o for o in hands if not pig[o]] + (
                    self.won if rules.pig_pays_winners else []
                ):
                    self.pay(s, other, rules.base * 2**rules.fan_cap)
        for s in largest:
            if largest[s] == 0:
                for other, value in largest.items():
                    if value:
                        self.pay(s, other, value)
        for s in hands:
            if pig[s] or largest[s] == 0:
                for kong in self.kongs:
                    if kong.player == s and not kong.moved:
                        for payer, amount in kong.receipts:
                            self.pay(s, payer, amount)


def _largest(text: str, void: str, rules: Rules) -> int:
    """The best value over every tile that completes the hand (0: not ready), as a discard win."""
    hand = Hand.parse(text)
    held = Counter(hand.all_tiles)
    best = 0
    for tile in SUITED:
        if held[tile] >= 4:
            continue
        result = score(hand.with_tile(tile), win=tile, void=void, rules=rules)
        if result.wins:
            best = max(best, result.value)
    return best


def _take(pool: Counter[Tile], tiles: list[Tile]) -> bool:
    """Take the tiles from the pool if it holds them all."""
    need = Counter(tiles)
    if any(pool[t] < n for t, n in need.items()):
        return False
    pool.subtract(need)
    return True


def _deal_hand(rng: random.Random, pool: Counter[Tile], void: str, style: str) -> str:
    """A 13-tile hand from the pool: built ready, seven pairs less one, random, or a pig."""
    kinds = [t for t in SUITED if t.suit != void]
    starts = [t for t in kinds if t.number <= 7]
    for _ in range(20 if style in ("ready", "seven") else 0):
        concealed: list[Tile] = []
        kongs: list[Tile] = []
        if style == "seven":
            concealed = [t for t in rng.sample(kinds, 7) for _ in range(2)]
        else:
            for _ in range(4):
                shape = rng.choice(["chow", "chow", "pung", "kong"])
                if shape == "chow":
                    first = rng.choice(starts)
                    concealed += [first, TILES[first.index + 1], TILES[first.index + 2]]
                elif shape == "pung":
                    concealed += [rng.choice(kinds)] * 3
                else:
                    kongs.append(rng.choice(kinds))
            concealed += [rng.choice(kinds)] * 2
        if _take(pool, concealed + [t for t in kongs for _ in range(4)]):
            concealed.remove(rng.choice(concealed))
            melds = "".join(f"({str(t.number) * 4}{t.suit})" for t in kongs)
            return _text(concealed) + melds
    allowed = SUITED if style == "pig" else kinds
    tiles = rng.sample([t for t in allowed for _ in range(pool[t])], 13)
    _take(pool, tiles)
    return _text(tiles)


def _text(tiles: list[Tile]) -> str:
    return "".join(f"{t.number}{t.suit}" for t in sorted(tiles))


@st.composite
def wall_hands(draw: st.DrawFn, seats: list[int]) -> tuple[dict[int, str], dict[int, str]]:
    rng = draw(st.randoms(use_true_random=False))
    pool: Counter[Tile] = Counter({t: 4 for t in SUITED})
    hands: dict[int, str] = {}
    voids: dict[int, str] = {}
    for seat in seats:
        voids[seat] = rng.choice("mps")
        style = rng.choice(["ready", "ready", "seven", "random", "pig"])
        hands[seat] = _deal_hand(rng, pool, voids[seat], style)
    return hands, voids


settle_rules = st.builds(
    Rules,
    base=st.integers(1, 3),
    fan_cap=st.sampled_from([3, 4, 5, 6]),
    self_draw_bonus=st.sampled_from(["base", "fan", "none"]),
    kong_transfer=st.booleans(),
    pig_pays_winners=st.booleans(),
)


def _impossible(model: Model) -> list[Callable[[Ledger], object]]:
    """Events the rules rule out in the current state (each must raise and change nothing)."""
    playing = model.in_play()
    p, q = playing[0], playing[-1]
    out: list[Callable[[Ledger], object]] = [
        lambda d: d.kong(4, "concealed"),
        lambda d: d.kong(p, "hidden"),
        lambda d: d.kong(p, "exposed"),
        lambda d: d.kong(p, "exposed", discarder=p),
        lambda d: d.kong(p, "concealed", discarder=q),
        lambda d: d.win(p, fan=-1),
        lambda d: d.win(p, fan=1, discarder=p),
        lambda d: d.win(p, fan=1, shot_after_kong=True),
        lambda d: d.wall_empty({}, {}),
    ]
    for w in model.won:
        out += [
            lambda d, w=w: d.kong(w, "concealed"),
            lambda d, w=w: d.kong(p, "exposed", discarder=w),
            lambda d, w=w: d.win(w, fan=1),
            lambda d, w=w: d.win(p, fan=1, discarder=w),
        ]
    return out


def _try_impossible(data: st.DataObject, deal: Ledger, model: Model) -> None:
    if data.draw(st.integers(0, 3)) != 0:
        return
    action = data.draw(st.sampled_from(_impossible(model)))
    before = snapshot(deal)
    with pytest.raises(ValueError):
        action(deal)
    assert snapshot(deal) == before


@settings(max_examples=200, deadline=None)
@given(st.data(), settle_rules)
def test_random_legal_deals_are_zero_sum_ledgers(data, rules):
    deal = Ledger(rules)
    model = Model(rules)
    for _ in range(data.draw(st.integers(0, 8), label="events")):
        if len(model.won) >= 3:
            break
        _try_impossible(data, deal, model)
        playing = model.in_play()
        steps = ["kong", "kong", "self-draw", "discard"]
        if model.just_konged is not None:
            steps += ["shot after the kong"] * 2
        step = data.draw(st.sampled_from(steps))
        if step == "kong":
            player = data.draw(st.sampled_from(playing))
            kind = data.draw(st.sampled_from(["exposed", "added", "concealed"]))
            discarder = None
            if kind == "exposed":
                discarder = data.draw(st.sampled_from([s for s in playing if s != player]))
            deal.kong(player, kind, discarder)
            model.kong(player, kind, discarder)
        elif step == "self-draw":
            player = data.draw(st.sampled_from(playing))
            fan = data.draw(st.integers(0, 8))
            deal.win(player, fan=fan)
            model.self_draw(player, fan)
        else:
            shot = step == "shot after the kong"
            discarder = model.just_konged if shot else data.draw(st.sampled_from(playing))
            assert discarder is not None
            others = [s for s in playing if s != discarder]
            order = data.draw(st.permutations(others))
            count = data.draw(st.sampled_from([1, 1, 2, 3]))
            wins = [(w, data.draw(st.integers(0, 8))) for w in order[:count]]
            for winner, fan in wins:
                deal.win(winner, fan=fan, discarder=discarder, shot_after_kong=shot)
                _try_impossible(data, deal, model)
            model.discard_win(discarder, wins, shot)
            event(step if shot else "win on a discard")
            if len(wins) > 1:
                event("several winners on one discard")
        assert deal.net == model.net
        assert sorted(deal.won) == sorted(model.won)
    playing = model.in_play()
    if len(playing) >= 2 and data.draw(st.sampled_from([True, True, False]), label="wall runs out"):
        hands, voids = data.draw(wall_hands(playing))
        deal.wall_empty(hands, voids)
        model.wall(hands, voids)
        assert sorted(c.seat for c in deal.checks) == playing
        for check in deal.checks:
            event("pig" if check.pig else "ready" if check.ready else "not ready")
        _try_impossible(data, deal, model)
    assert deal.net == model.net
    assert_zero_sum(deal)
    frame = deal.to_frame()
    assert list(frame.columns) == ["payer", "payee", "amount", "reason", "event"]
    assert (frame["amount"] > 0).all()
    assert (frame["payer"] != frame["payee"]).all()
    received = frame.groupby("payee")["amount"].sum().reindex(range(4), fill_value=0)
    paid = frame.groupby("payer")["amount"].sum().reindex(range(4), fill_value=0)
    assert list(received - paid) == deal.net


# --- one shape: the ledger's name, reasons and arguments ----------------------------------------


def test_the_ledger_records_reasons_as_members_and_kong_kinds_as_kongkind():
    ledger = Ledger()
    ledger.kong(1, KongKind.CONCEALED)
    ledger.kong(2, "exposed", discarder=3)
    ledger.win(0, fan=1, discarder=1, shot_after_kong=False)
    assert [t.reason for t in ledger.transfers] == [
        Reason.CONCEALED_KONG,
        Reason.CONCEALED_KONG,
        Reason.CONCEALED_KONG,
        Reason.EXPOSED_KONG,
        Reason.WIN_ON_DISCARD,
    ]
    assert list(ledger.to_frame()["reason"]) == [
        "concealed kong", "concealed kong", "concealed kong", "exposed kong", "win on discard",
    ]  # fmt: skip


def test_the_frame_is_to_frame():
    assert not hasattr(Ledger(), "ledger")


def test_a_kong_with_a_discarder_names_its_kind_with_the_right_article():
    with pytest.raises(ValueError, match=r"^a concealed kong has no discarder$"):
        Ledger().kong(0, "concealed", discarder=1)
    with pytest.raises(ValueError, match=r"^an added kong has no discarder$"):
        Ledger().kong(0, "added", discarder=1)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"rules": None}, TypeError, "rules must be a kit.sichuan.Rules value, not None"),
        ({"rules": "default"}, TypeError, "rules must be a kit.sichuan.Rules"),
        ({"players": 0}, ValueError, "players must be 2-4, not 0"),
        ({"players": 5}, ValueError, "players must be 2-4, not 5"),
        ({"players": 4.0}, TypeError, "players must be a whole number"),
        ({"players": True}, TypeError, "players must be a whole number"),
    ],
)
def test_bad_ledger_arguments_raise_naming_the_argument(kwargs, error, message):
    with pytest.raises(error, match=message):
        Ledger(**kwargs)
