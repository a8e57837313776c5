"""The Hong Kong deal engine, bots and simulation, checked against reference/hongkong.md.

Situations are built by placing every tile of the set on a :class:`Table` directly: the
hands, the next tiles of the wall, and whatever is left over on the discard pile. The
invariants at the end are checked after every action of thousands of bot deals.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from itertools import cycle

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.hongkong import Rules, payout, score, wall
from kit.hongkong.bots import flush_hunter, pung_hunter, random_bot
from kit.hongkong.game import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    Discard,
    Hu,
    IllegalAction,
    Kong,
    Pass,
    Pung,
    SeatView,
    Table,
)
from kit.hongkong.rules import TWO_PLAYER_TILES
from kit.hongkong.sim import simulate
from kit.mahjong.tiles import Meld, MeldKind, Tile
from kit.sim import chance_key

Bot = Callable[[SeatView], Action]
FOUR, TWO = Rules(), Rules(players=2)

# --- Building situations ---------------------------------------------------------------------


def tile(token: str) -> Tile:
    return Tile.parse(token)


def build(
    hands: Sequence[str],
    *,
    turn: int = 0,
    drawn: str | None = None,
    draws: str = "",
    front: str = "",
    wall_size: int = 20,
    dealer: int = 0,
    rules: Rules | None = None,
) -> Table:
    """A deal in the discard phase with every tile placed, by the engine's own ``arrange``.

    ``hands`` are in hand notation (melds in brackets), the turn player's with its 14th
    tile. ``draws`` are the next normal draws, in order; ``front`` the next kong
    replacement tiles. The wall holds ``wall_size`` tiles; the rest lie on the discard
    pile (so no hand is heavenly or earthly by accident).
    """
    rules = rules if rules is not None else Rules(players=len(hands))
    table = Table.arrange(
        hands,
        draws=draws,
        replacements=front,
        turn=turn,
        dealer=dealer,
        drawn=drawn,
        wall_size=wall_size,
        rules=rules,
    )
    assert table.tiles_in_play() == len(wall(rules))
    assert [table.hand(s).size for s in range(len(hands))] == [
        14 if s == turn else 13 for s in range(len(hands))
    ]
    return table


def rotated(hands: Sequence[str], by: int) -> list[str]:
    """The same hands moved ``by`` seats round the table: hands[i] sits at seat i + by."""
    n = len(hands)
    return [hands[(seat - by) % n] for seat in range(n)]


def answer(table: Table, *actions: Action) -> None:
    """Apply the given claim answers, then let every other claimant pass."""
    for action in actions:
        table.apply(action)
    while table.phase in ("claim", "rob"):
        table.apply(Pass(table.to_move()[0]))


def snapshot(table: Table) -> dict[str, object]:
    """Everything a table holds, deep-copied, its ledger included."""
    state = {
        f.name: copy.deepcopy(getattr(table, f.name))
        for f in dataclasses.fields(table)
        if f.name != "ledger"
    }
    state["ledger"] = {
        f.name: copy.deepcopy(getattr(table.ledger, f.name))
        for f in dataclasses.fields(table.ledger)
    }
    return state


def assert_illegal(table: Table, action: object, why: str) -> None:
    """``action`` raises IllegalAction naming it, ``why`` and the state, and changes nothing."""
    before = snapshot(table)
    state = table.describe()
    with pytest.raises(IllegalAction) as info:
        table.apply(action)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.action == action
    assert str(error).startswith(f"{action} is illegal: ")
    assert why in str(error)
    assert str(error).endswith(f"({state})")
    assert snapshot(table) == before
    assert action not in table.legal_actions()


def patterns(table: Table) -> dict[str, int]:
    (win,) = table.wins
    return dict(win.score.patterns)


# --- the deal: reference/hongkong.md#tiles ---------------------------------------------------


@pytest.mark.parametrize(("rules", "tiles"), [(FOUR, 136), (TWO, 80)])
@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_13_each_14_to_the_dealer(rules: Rules, tiles: int, dealer: int) -> None:
    table = Table.deal(rules, dealer=dealer, seed=dealer)
    n = rules.players
    assert table.tiles_in_play() == tiles
    assert len(table.wall) == tiles - 13 * n - 1
    assert [table.hand(s).size for s in range(n)] == [14 if s == dealer else 13 for s in range(n)]
    assert (table.phase, table.turn, table.net) == ("discard", dealer, [0] * n)
    everything = [t for hand in table.concealed for t in hand] + table.wall
    assert Counter(everything) == Counter(wall(rules))
    assert [table.seat_wind((dealer + k) % n) for k in range(n)] == list("ESWN"[:n])


def test_the_same_seed_gives_the_same_wall_and_hands() -> None:
    a, b = Table.deal(seed=11), Table.deal(seed=11)
    assert (a.wall, a.concealed) == (b.wall, b.concealed)
    assert Table.deal(seed=12).wall != a.wall


# --- claims: reference/hongkong.md#claims ----------------------------------------------------

# Seat 0 discards 3m. Seat 1 (next) can chow it (12m), seat 2 can pung it (and holds 12m, but
# is not next), seat 3 can do nothing with it.
CLAIMS = [
    "3m 111p 456s 789s 1234z",
    "12m 78m 567p 789p 55z 6z",
    "33m 12m 234p 678p 66z 7z",
    "3m 99m 345p 111s 77z 89p",
]


def claims_on_3m() -> Table:
    table = build(CLAIMS, drawn="4z")
    table.apply(Discard(0, tile("3m")))
    return table


def test_a_discard_opens_claims_for_the_players_who_can_use_it() -> None:
    table = claims_on_3m()
    assert (table.phase, table.claimants) == ("claim", [1, 2])
    assert table.legal_actions(1) == [Chow(1, tile("1m")), Pass(1)]
    assert table.legal_actions(2) == [Pung(2), Pass(2)]
    assert table.legal_actions(3) == []


def test_chow_only_by_the_next_player() -> None:
    table = claims_on_3m()
    assert_illegal(table, Chow(2, tile("1m")), "seat 2 cannot chow 3m that way")
    assert_illegal(table, Chow(1, tile("2m")), "seat 1 cannot chow 3m that way")
    answer(table, Chow(1, tile("1m")))
    assert table.melds[1] == [Meld(MeldKind.CHOW, tile("1m"))]
    assert (table.phase, table.turn, table.drawn) == ("discard", 1, None)
    assert table.hand(1).size == 14
    assert table.tiles_in_play() == 136


@pytest.mark.parametrize("by", range(4))
def test_chow_from_the_left_whoever_discards(by: int) -> None:
    table = build(rotated(CLAIMS, by), turn=by, drawn="4z")
    table.apply(Discard(by, tile("3m")))
    nxt, across = (by + 1) % 4, (by + 2) % 4
    assert table.claimants == [nxt, across]
    assert Chow(nxt, tile("1m")) in table.legal_actions(nxt)
    assert not [a for a in table.legal_actions(across) if isinstance(a, Chow)]


def test_pung_from_a_player_who_is_not_next() -> None:
    table = claims_on_3m()
    answer(table, Pung(2))
    assert table.melds[2] == [Meld(MeldKind.PUNG, tile("3m"))]
    assert (table.phase, table.turn, table.drawn) == ("discard", 2, None)
    assert table.discards[-1] != (tile("3m"), 0)  # the claimed tile left the pile


@pytest.mark.parametrize("chow_first", [True, False])
@pytest.mark.parametrize("kind", [MeldKind.PUNG, MeldKind.KONG])
def test_a_pung_or_kong_beats_a_chow(kind: MeldKind, chow_first: bool) -> None:
    hands = list(CLAIMS)
    if kind is MeldKind.KONG:  # seat 2 holds three 3m
        hands[2:] = ["333m 2m 234p 678p 66z 7z", "4m 99m 345p 111s 77z 89p"]
    table = build(hands, drawn="4z")
    table.apply(Discard(0, tile("3m")))
    chow, claim = Chow(1, tile("1m")), (Pung(2) if kind is MeldKind.PUNG else Kong(2))
    answer(table, *((chow, claim) if chow_first else (claim, chow)))
    assert (table.turn, table.melds[1], table.melds[2]) == (2, [], [Meld(kind, tile("3m"))])


def test_kong_from_anyone_draws_a_replacement_from_the_front() -> None:
    hands = [
        "5z 234m 567m 345s 678s 7z",
        "12p 456s 99m 789p 33z 4z",
        "123s 456s 789s 11p 23p",
        "555z 123m 456m 789m 1m",
    ]
    table = build(hands, drawn="7z", front="1m", draws="2z")
    table.apply(Discard(0, tile("5z")))
    assert table.claimants == [3] and Kong(3) in table.legal_actions(3)
    table.apply(Kong(3))
    assert table.melds[3] == [Meld(MeldKind.KONG, tile("5z"))]
    assert (table.phase, table.turn, table.drawn, table.drawn_after_kong) == (
        "discard",
        3,
        tile("1m"),
        True,
    )
    assert table.wall[-1] == tile("2z")  # the normal draws are untouched
    table.apply(Hu(3))
    assert patterns(table) == {
        "self-drawn": 1,
        "dragon-pung": 1,
        "kong-replacement": 1,
        "half-flush": 3,
    }
    assert table.net == [-32, -32, -32, 96]


def test_concealed_kong_draws_a_replacement() -> None:
    hands = [
        "5555z 234m 567m 345s 6s",
        "12p 456s 99m 789p 33z 4z",
        "123s 456s 789s 11p 23p",
        "789s 123m 456m 789m 1m",
    ]
    table = build(hands, drawn="5z", front="6s", draws="2z")
    table.apply(ConcealedKong(0, tile("5z")))
    assert table.melds[0] == [Meld(MeldKind.KONG, tile("5z"), concealed=True)]
    assert (table.turn, table.drawn, table.drawn_after_kong) == (0, tile("6s"), True)
    assert table.tiles_in_play() == 136


def test_consecutive_kongs_in_the_engine() -> None:
    hands = [
        "1111m 2222p 345s 678s",
        "78p 456s 11z 99m 789p 4z",
        "123s 456s 789s 11p 34p",
        "789s 234m 456m 789m 3m",
    ]
    table = build(hands, drawn="2p", front="9s 9s")
    table.apply(ConcealedKong(0, tile("1m")))
    assert Hu(0) not in table.legal_actions()
    table.apply(ConcealedKong(0, tile("2p")))
    table.apply(Hu(0))  # self-drawn 1 + kong replacement 1 alone would be below the minimum
    found = patterns(table)
    assert found["consecutive-kongs"] == 10 and table.wins[0].score.fan == 10
    assert table.net == [384, -128, -128, -128]


# --- wins and the 3-fan minimum: reference/hongkong.md#minimum-and-cap -----------------------

# Seat 0 discards 5p. Seat 1 can pung or kong it; seats 2 and 3 win on it (4 and 5 fan).
WINS = [
    "5p 234m 567m 345s 678s 7z",
    "555p 111m 999m 11s 99s",
    "46p 123p 789p 11z 222z",
    "46p 123p 789p 33z 444z",
]


@pytest.mark.parametrize("order", [(1, 2, 3), (3, 2, 1), (2, 1, 3)])
def test_a_win_beats_a_pung_or_kong(order: tuple[int, ...]) -> None:
    for claim in (Pung(1), Kong(1)):
        table = build(WINS, drawn="7z")
        table.apply(Discard(0, tile("5p")))
        assert table.claimants == [1, 2, 3]
        chosen = {1: claim, 2: Pass(2), 3: Hu(3)}
        answer(table, *(chosen[seat] for seat in order))
        assert [(w.seat, w.discarder) for w in table.wins] == [(3, 0)]
        assert table.melds[1] == [] and table.ended_by == "win"
        assert table.net == [-48, 0, 0, 48]  # 5 fan: half flush, concealed, seat wind


@pytest.mark.parametrize("by", range(4))
@pytest.mark.parametrize("order", [(2, 3), (3, 2)])
def test_head_bump_the_first_in_turn_order_after_the_discarder_wins(
    by: int, order: tuple[int, int]
) -> None:
    table = build(rotated(WINS, by), turn=by, dealer=by, drawn="7z")
    table.apply(Discard(by, tile("5p")))
    answer(table, *(Hu((by + k) % 4) for k in order))
    first = (by + 2) % 4
    assert [(w.seat, w.discarder) for w in table.wins] == [(first, by)]
    assert table.net[first] == 32 and table.net[by] == -32 and sum(table.net) == 0
    assert table.phase == "over" and table.to_move() == []


def test_the_discard_stays_on_the_pile_and_the_score_holds_it() -> None:
    table = build(WINS, drawn="7z")
    table.apply(Discard(0, tile("5p")))
    answer(table, Hu(2))
    (win,) = table.wins
    assert table.discards[-1] == (tile("5p"), 0)
    assert win.score.hand == table.hand(2).with_tile(tile("5p"))
    assert table.tiles_in_play() == 136


# Seat 2 waits on 5p (4-6p): all chows + concealed is 2 fan on a discard, 3 when self-drawn.
QUIET = ["111m 999m 11s 99s 111z", "78p 456s 22z 33z 789p 4z", "123s 456s 789s 11p 34p"]
"""Three hands that claim nothing in the situations they are used in."""
TWO_FAN = [
    "5p 234m 567m 345s 678s 7z",
    QUIET[0],
    "123m 789s 234m 46p 99p",
    "46p 123p 789p 33z 444z",
]


def test_a_claim_that_would_win_below_3_fan_is_not_offered() -> None:
    table = build(TWO_FAN, drawn="7z")
    table.apply(Discard(0, tile("5p")))
    assert table.claimants == [3]  # seat 3's 5-fan win is offered, seat 2's is not
    assert_illegal(table, Hu(2), "seat 2 has no claim on this tile")
    assert not table.view(2).can_win()
    answer(table, Pass(3))
    assert (table.phase, table.turn) == ("discard", 1)


def test_the_same_hand_self_drawn_reaches_3_fan() -> None:
    hands = [TWO_FAN[0].replace("5p", "9p"), TWO_FAN[1], TWO_FAN[2], TWO_FAN[3]]
    table = build(hands, drawn="7z", draws="8p 5p")
    table.apply(Discard(0, tile("7z")))
    assert table.phase == "discard" and table.turn == 1
    table.apply(Discard(1, tile("8p")))
    answer(table)
    assert (table.turn, table.drawn) == (2, tile("5p"))
    assert Hu(2) in table.legal_actions()
    table.apply(Hu(2))
    assert patterns(table) == {"all-chows": 1, "concealed": 1, "self-drawn": 1}
    assert table.net == [-8, -8, 24, -8]


def test_a_self_drawn_win_below_3_fan_is_illegal() -> None:
    table = build(["[123m] 456p 789s 234m 55p", *QUIET], drawn="5p")
    assert_illegal(table, Hu(0), "seat 0's hand does not win: 2 fan, below the 3-fan minimum")


# --- heavenly and earthly hands in the engine: reference/hongkong.md#limit-hands -------------


def test_heavenly_hand_is_the_dealers_win_on_its_first_14_tiles() -> None:
    table = build(["123m 456p 789s 234m 55p", *QUIET], drawn="5p", wall_size=136 - 53)
    assert table.discards == []
    table.apply(Hu(0))
    assert patterns(table)["heavenly-hand"] == 10
    assert table.net == [384, -128, -128, -128]


def test_earthly_hand_is_a_win_on_the_dealers_first_discard() -> None:
    hands = ["5p 234m 567m 345s 678s 7z", QUIET[0], "123m 789s 234m 46p 99p", QUIET[1]]
    table = build(hands, drawn="7z", wall_size=136 - 53)
    table.apply(Discard(0, tile("5p")))
    assert table.claimants == [2]  # 2 fan, but an earthly hand
    answer(table, Hu(2))
    assert patterns(table)["earthly-hand"] == 10
    assert table.net == [-256, 0, 256, 0]


# --- robbing the kong: reference/hongkong.md#claims ------------------------------------------

ROB = ["[555p] 123m 456m 789m 1s 5p", "46p 123s 456s 789s 99m", "111z 222z 333z 44z 66z"]


def test_robbing_the_kong_wins_on_the_added_tile() -> None:
    robber = "46p 123p 789p 11p 555z"  # half flush 3, dragon 1, concealed 1, and robbing 1
    table = build([ROB[0], "99p 78p 11s 33s 55s 77s 9s", ROB[2], robber], drawn="5p")
    table.apply(AddedKong(0, tile("5p")))
    assert (table.phase, table.claimants) == ("rob", [3])
    answer(table, Hu(3))
    assert patterns(table) == {"concealed": 1, "dragon-pung": 1, "robbing-kong": 1, "half-flush": 3}
    assert [(w.seat, w.discarder) for w in table.wins] == [(3, 0)]
    assert table.net == [-64, 0, 0, 64]
    assert table.melds[0] == [Meld(MeldKind.PUNG, tile("5p"))]  # the kong was never made
    assert table.tiles_in_play() == 136


def test_a_rob_that_reaches_3_fan_with_the_robbing_kong_fan_is_offered() -> None:
    # seat 1: all chows 1 + concealed 1 + robbing the kong 1 = 3 fan
    assert score("46p 123s 456s 789s 99m 5p", win="5p", robbing_kong=True).fan == 3
    table = build([*ROB, "99p 78p 11s 23s 45s 67s 8s"], drawn="5p")
    table.apply(AddedKong(0, tile("5p")))
    assert (table.phase, table.claimants) == ("rob", [1])


# --- pao: reference/hongkong.md#pao ----------------------------------------------------------

NEUTRAL = ["123s 456s 789s 11m 23m", "123s 456s 789s 99m 78m"]
"""Two hands that claim nothing in the pao situations below."""


def pao_fourth_group(rules: Rules = FOUR, *, draws: str = "") -> Table:
    """Seat 1 has three exposed groups; seat 0 discards the 5z it pungs as its fourth."""
    hands = ["5z 9m 234m 567m 345s 678s", "[111p] [222p] [333p] 55z 6z 7z", *NEUTRAL]
    table = build(hands, drawn="9m", draws=draws, rules=rules)
    table.apply(Discard(0, tile("5z")))
    answer(table, Pung(1))
    return table


def test_pao_a_claim_completing_the_fourth_exposed_group() -> None:
    table = pao_fourth_group()
    (pao,) = table.liabilities.values()
    assert (pao.seat, pao.liable, pao.reason) == (1, 0, "fourth exposed group")


def test_pao_the_liable_player_pays_three_self_draw_values_on_a_self_draw() -> None:
    table = pao_fourth_group(draws="4z 4z 4z 6z")
    table.apply(Discard(1, tile("7z")))
    for seat in (2, 3, 0):
        answer(table)
        table.apply(Discard(seat, tile("4z")))
    answer(table)
    assert (table.turn, table.drawn) == (1, tile("6z"))
    table.apply(Hu(1))
    assert table.wins[0].score.fan == 8  # dragon 1, all pungs 3, half flush 3, self-drawn 1
    assert table.net == [-192, 192, 0, 0]


def test_pao_the_liable_player_pays_the_discard_value_on_a_discard_win() -> None:
    table = pao_fourth_group(draws="6z")
    table.apply(Discard(1, tile("7z")))
    answer(table)
    table.apply(Discard(2, tile("6z")))
    answer(table, Hu(1))
    assert [(w.seat, w.discarder, w.score.fan) for w in table.wins] == [(1, 2, 7)]
    assert table.net == [-96, 96, 0, 0]  # the discarder, seat 2, pays nothing


def test_pao_off_the_usual_payers_pay() -> None:
    table = pao_fourth_group(Rules(pao=False), draws="6z")
    table.apply(Discard(1, tile("7z")))
    answer(table)
    table.apply(Discard(2, tile("6z")))
    answer(table, Hu(1))
    assert table.net == [0, 96, -96, 0]


def test_pao_a_claimed_kong_as_the_fourth_exposed_group() -> None:
    hands = ["5z 9m 234m 567m 345s 678s", "[111p] [222p] [333p] 555z 6z", *NEUTRAL]
    table = build(hands, drawn="9m", front="6z")
    table.apply(Discard(0, tile("5z")))
    answer(table, Kong(1))
    assert table.liabilities[1].liable == 0
    table.apply(Hu(1))
    assert table.wins[0].score.fan == 9  # and kong replacement 1
    assert table.net == [-288, 288, 0, 0]


def test_pao_a_fourth_group_made_as_a_concealed_kong_creates_none() -> None:
    hands = ["9m 234m 567m 345s 678s", "[111p] [222p] [333p] 5555z 6z", *NEUTRAL]
    table = build(hands, turn=1, drawn="5z", front="6z")
    table.apply(ConcealedKong(1, tile("5z")))
    assert table.liabilities == {}
    table.apply(Hu(1))
    assert table.net == [-96, 288, -96, -96]  # 9 fan, everyone pays


def third_dragon(hand: str, draws: str) -> Table:
    hands = ["7z 9p 234p 567p 345s 678s", hand, "123s 456s 789s 11p 23p", "123s 456s 789s 99p 78p"]
    table = build(hands, drawn="9p", draws=draws)
    table.apply(Discard(0, tile("7z")))
    answer(table, Pung(1))
    return table


def test_pao_a_claim_completing_the_third_dragon_group() -> None:
    table = third_dragon("[555z] [666z] 77z 123m 99m", draws="4m")
    (pao,) = table.liabilities.values()
    assert (pao.seat, pao.liable, pao.reason) == (1, 0, "third dragon group")
    table.apply(Discard(1, tile("1m")))
    answer(table)
    table.apply(Discard(2, tile("4m")))
    answer(table, Hu(1))
    assert [(w.seat, w.discarder, w.score.fan) for w in table.wins] == [(1, 2, 10)]
    assert table.net == [-256, 256, 0, 0]


def test_pao_third_dragon_group_counts_a_concealed_dragon_kong() -> None:
    table = third_dragon("(5555z) [666z] 77z 123m 99m", draws="4m")
    assert table.liabilities[1].liable == 0


def test_pao_a_later_one_replaces_an_earlier_one() -> None:
    table = third_dragon("[555z] [666z] 77z 11m 99m 5s", draws="1m 4z 9m")
    assert table.liabilities[1].liable == 0
    table.apply(Discard(1, tile("5s")))
    answer(table)
    table.apply(Discard(2, tile("1m")))
    answer(table, Pung(1))  # the fourth exposed group, fed by seat 2
    (pao,) = table.liabilities.values()
    assert (pao.seat, pao.liable, pao.reason) == (1, 2, "fourth exposed group")
    table.apply(Discard(1, tile("9m")))
    answer(table)
    table.apply(Discard(2, tile("4z")))
    answer(table)
    table.apply(Discard(3, tile("9m")))
    answer(table, Hu(1))
    assert [(w.seat, w.discarder) for w in table.wins] == [(1, 3)]
    assert table.net == [0, 256, -256, 0]


def test_pao_no_liability_for_a_third_exposed_group() -> None:
    hands = ["5z 9m 234m 567m 345s 678s", "[111p] [222p] 55z 6z 7z 11m 9m", *NEUTRAL]
    table = build(hands, drawn="9m")
    table.apply(Discard(0, tile("5z")))
    answer(table, Pung(1))
    assert table.liabilities == {}


# --- the wall runs out: reference/hongkong.md#turn -------------------------------------------


def test_wall_empty_is_a_draw_with_all_zero_nets_on_a_dealt_table() -> None:
    table = Table.deal(seed=4)
    table.discards += [(t, 3) for t in table.wall]
    table.wall.clear()
    table.apply(Discard(0, table.concealed[0][0]))
    answer(table)
    assert (table.phase, table.ended_by, table.wins) == ("over", "wall-empty", [])
    assert table.net == [0, 0, 0, 0]
    assert table.tiles_in_play() == 136


def test_wall_empty_is_a_draw_with_all_zero_nets() -> None:
    table = build(CLAIMS, drawn="4z", wall_size=0)
    table.apply(Discard(0, tile("1z")))
    assert (table.phase, table.ended_by) == ("over", "wall-empty")
    assert table.net == [0, 0, 0, 0]


def test_no_group_is_claimed_from_the_last_discard() -> None:
    table = build(CLAIMS, drawn="4z", wall_size=0)
    table.apply(Discard(0, tile("3m")))  # seat 2 could pung and seat 1 chow, with a wall
    assert (table.phase, table.ended_by, table.claimants) == ("over", "wall-empty", [])


def test_a_win_on_the_last_discard_is_still_offered() -> None:
    table = build(WINS, drawn="7z", wall_size=0)
    table.apply(Discard(0, tile("5p")))
    assert table.claimants == [2, 3]
    answer(table, Hu(3))
    assert table.ended_by == "win" and table.net == [-48, 0, 0, 48]


def test_last_tile_in_the_engine() -> None:
    hands = [TWO_FAN[0].replace("5p", "9p"), TWO_FAN[1], TWO_FAN[2], TWO_FAN[3]]
    table = build(hands, drawn="7z", draws="8p 5p", wall_size=2)
    table.apply(Discard(0, tile("7z")))
    table.apply(Discard(1, tile("8p")))
    answer(table)
    table.apply(Hu(2))
    assert patterns(table) == {"all-chows": 1, "concealed": 1, "self-drawn": 1, "last-tile": 1}


# --- the two-player table: reference/hongkong.md#two-player ----------------------------------

TWO_HANDS = ["3p 11m 99m 11s 99s 1234z 7z", "12p 45p 678p 99p 55z 66z"]
CHOWS_OF_3P = [Chow(1, tile("1p")), Chow(1, tile("2p")), Chow(1, tile("3p"))]


@pytest.mark.parametrize("by", [0, 1])
def test_two_players_chow_from_the_only_other_player(by: int) -> None:
    table = build(rotated(TWO_HANDS, by), turn=by, drawn="7z", rules=TWO)
    other = 1 - by
    table.apply(Discard(by, tile("3p")))
    assert table.claimants == [other]
    chows = [Chow(other, c.first) for c in CHOWS_OF_3P]
    assert set(table.legal_actions(other)) == {*chows, Pass(other)}
    answer(table, chows[0])
    assert table.melds[other] == [Meld(MeldKind.CHOW, tile("1p"))]
    table.apply(Discard(other, tile("5p")))
    assert table.tiles_in_play() == 80


def test_two_players_a_deal_uses_only_the_80_tiles_and_pays_golden() -> None:
    for seed in range(30):
        table = Table.deal(TWO, seed=seed, dealer=seed % 2)
        assert all(t in TWO_PLAYER_TILES for t in [*table.wall, *table.concealed[0]])
        table.play([flush_hunter, pung_hunter])
        if table.wins:
            (win,) = table.wins
            value = TWO.golden.discard(win.score.fan)
            assert table.net[win.seat] == value and sum(table.net) == 0


# --- illegal actions raise IllegalAction, naming the action ----------------------------------


def test_illegal_actions_on_a_turn() -> None:
    table = build(CLAIMS, drawn="4z")
    assert_illegal(table, Discard(1, tile("1m")), "it is seat 0's turn, not seat 1's")
    assert_illegal(table, Discard(0, tile("9m")), "seat 0 holds no 9m")
    assert_illegal(table, Pung(0), "on its turn a player discards, declares a kong, or wins")
    assert_illegal(table, Chow(1, tile("1m")), "on its turn a player")
    assert_illegal(table, Pass(0), "on its turn a player")
    assert_illegal(table, ConcealedKong(0, tile("1p")), "seat 0 does not hold four 1p")
    assert_illegal(table, AddedKong(0, tile("1p")), "seat 0 has no exposed pung of 1p")
    assert_illegal(table, Hu(0), "seat 0's hand does not win: not four groups and a pair")
    assert_illegal(table, Discard(4, tile("1m")), "there is no seat 4")
    assert_illegal(table, "discard 3m", "'discard 3m' is not an action")


def test_illegal_actions_in_a_claim() -> None:
    table = claims_on_3m()
    assert_illegal(table, Discard(1, tile("1m")), "it is not a time for discard")
    assert_illegal(table, Pung(1), "seat 1 cannot pung 3m")
    assert_illegal(table, Kong(2), "seat 2 cannot kong 3m")
    assert_illegal(table, Hu(1), "3m does not give seat 1 a winning hand")
    assert_illegal(table, Pass(3), "seat 3 has no claim on this tile")
    table.apply(Pass(1))
    assert_illegal(table, Chow(1, tile("1m")), "seat 1 has already answered")


def test_illegal_actions_after_the_deal() -> None:
    table = build(WINS, drawn="7z")
    table.apply(Discard(0, tile("5p")))
    answer(table, Hu(2))
    for action in (Discard(2, tile("1z")), Hu(3), Pass(1)):
        assert_illegal(table, action, "the deal is over")


def test_illegal_a_bot_seat_count_mismatch() -> None:
    with pytest.raises(ValueError, match="4 seats need 4 bots, not 2"):
        Table.deal(seed=1).play([flush_hunter, pung_hunter])


# --- invariants over many deals --------------------------------------------------------------


def can_chow(hand: list[Tile], discard: Tile) -> bool:
    if discard.is_honour:
        return False
    held = set(hand)
    runs = [(-2, -1), (-1, 1), (1, 2)]
    return any(
        1 <= discard.number + a <= 9
        and 1 <= discard.number + b <= 9
        and Tile(discard.index + a) in held
        and Tile(discard.index + b) in held
        for a, b in runs
    )


def expected_claimants(table: Table, discarder: int, discard: Tile) -> list[int]:
    """Who may win on (at 3 fan or more), pung, kong or chow ``discard``, read from the rules.

    The claims of reference/hongkong.md#claims.
    """
    n, out = table.players, []
    earthly = discarder == table.dealer and len(table.discards) == 1 and not any(table.melds)
    for step in range(1, n):
        seat = (discarder + step) % n
        hand = table.hand(seat).with_tile(discard)
        wins = score(
            hand,
            win=discard,
            seat_wind=table.seat_wind(seat),
            round_wind=table.round_wind,
            earthly=earthly,
            rules=table.rules,
        ).wins
        held = table.concealed[seat]
        meld = held.count(discard) >= 2 or (step == 1 and can_chow(held, discard))
        if wins or (table.wall and meld):
            out.append(seat)
    return out


def play_checked(table: Table, bots: Sequence[Bot], *, model: bool = False) -> Table:
    """Play a deal out, checking the invariants after every action."""
    rules, n = table.rules, table.players
    size = len(wall(rules))
    pao: dict[int, int] = {}
    winners_asked: list[int] = []
    while table.phase != "over":
        movers = table.to_move()
        seat = movers[0]
        action = bots[seat](table.view(seat))
        assert action.seat == seat
        melds_before = [len(m) for m in table.melds]
        discards_before = list(table.discards)
        if model and table.phase == "discard" and table.drawn is not None:
            drawn_wins = score(
                table.hand(seat),
                win=table.drawn,
                self_drawn=True,
                seat_wind=table.seat_wind(seat),
                round_wind=table.round_wind,
                kong_replacement=table.drawn_after_kong,
                last_tile=not table.wall,
                heavenly=seat == table.dealer and table.turns == 0 and not table.discards,
                consecutive_kongs=table.drawn_after_kong and table.kongs_in_a_row >= 2,
                rules=rules,
            ).wins
            assert (Hu(seat) in table.legal_actions(seat)) == drawn_wins
        if isinstance(action, (Discard, AddedKong)):
            winners_asked = []
        elif isinstance(action, Hu) and table.phase in ("claim", "rob"):
            winners_asked.append(seat)

        table.apply(action)

        assert table.tiles_in_play() == size
        if model and isinstance(action, Discard):
            claimants = table.claimants if table.phase == "claim" else []
            assert claimants == expected_claimants_after(table, seat, action.tile)
        # pao, read from the claims themselves
        claimed = len(table.discards) < len(discards_before)
        for s in range(n):
            if len(table.melds[s]) > melds_before[s] and claimed:
                meld = table.melds[s][-1]
                exposed = [m for m in table.melds[s] if not m.concealed]
                dragons = [m for m in table.melds[s] if m.is_pung_or_kong and m.first.is_dragon]
                third_dragon = meld.is_pung_or_kong and meld.first.is_dragon and len(dragons) == 3
                if len(exposed) == 4 or third_dragon:
                    pao[s] = discards_before[-1][1]
        assert {s: liability.liable for s, liability in table.liabilities.items()} == pao
        sizes = [len(table.concealed[s]) + 3 * len(table.melds[s]) for s in range(n)]
        if table.phase == "discard":
            assert sizes == [14 if s == table.turn else 13 for s in range(n)]
        elif table.phase == "claim":
            assert sizes == [13] * n
    # the end of the deal
    assert table.to_move() == [] and table.legal_actions() == []
    everything = [t for c in table.concealed for t in c] + table.wall
    everything += [t for melds in table.melds for m in melds for t in m.tiles]
    everything += [t for t, _ in table.discards]
    assert Counter(everything) == Counter(wall(rules))
    assert len(table.net) == n and sum(table.net) == 0
    assert table.ended_by in ("win", "wall-empty")
    if table.ended_by == "wall-empty":
        assert table.wall == [] and table.wins == [] and table.net == [0] * n
        return table
    (win,) = table.wins
    result = win.score
    assert result.wins and rules.min_fan <= result.fan <= rules.fan_cap
    assert result.hand.size == 14 and result.win in result.hand.concealed
    if win.discarder is None:
        assert result.hand == table.hand(win.seat)
        assert "self-drawn" in dict(result.patterns)
    else:
        assert result.hand == table.hand(win.seat).with_tile(result.win)
        assert table.discards[-1] == (result.win, win.discarder)
        # head bump: of those who declared a win, the first in turn order after the discarder
        assert win.seat == min(winners_asked, key=lambda s: (s - win.discarder) % n)
    liable = pao.get(win.seat) if rules.pao else None
    assert table.net == payout(
        result.fan, winner=win.seat, discarder=win.discarder, liable=liable, rules=rules
    )
    payers = {s for s in range(n) if table.net[s] < 0}
    if liable is not None:
        assert payers <= {liable}
    elif win.discarder is not None:
        assert payers <= {win.discarder}
    return table


def expected_claimants_after(table: Table, seat: int, discard: Tile) -> list[int]:
    """The model of who may claim, read on the state right after ``seat`` discarded."""
    if table.phase == "discard":
        # nobody could claim: the next seat has drawn already; undo that draw to read the hands
        drawer, drawn = table.turn, table.drawn
        assert drawn is not None
        table.concealed[drawer].remove(drawn)
        table.wall.append(drawn)
        try:
            return expected_claimants(table, seat, discard)
        finally:
            table.wall.pop()
            table.concealed[drawer].append(drawn)
            table.concealed[drawer].sort()
    return expected_claimants(table, seat, discard)


def bot_deals(players: int, count: int, arrangement: Sequence[Sequence[Bot]]) -> Counter[str]:
    """Play ``count`` checked deals; count what happened."""
    seen = Counter[str]()
    rules = [Rules(players=players), Rules(players=players, pao=False, table="full-spicy")]
    bots = cycle(arrangement)
    for number in range(count):
        table = Table.deal(
            rules[number % 2], dealer=number % players, seed=f"hk:{players}:{number}"
        )
        play_checked(table, next(bots), model=number < 80)
        seen.update(type(a).__name__ for a in table.history)
        seen[table.ended_by or ""] += 1
        if table.wins:
            (win,) = table.wins
            seen["self-drawn" if win.discarder is None else "discard win"] += 1
            seen["limit"] += win.score.limit
            seen["pao paid"] += win.seat in table.liabilities and table.rules.pao
        seen["pao"] += bool(table.liabilities)
    return seen


@pytest.mark.soak
def test_invariants_over_thousands_of_four_player_bot_deals() -> None:
    count = 1000
    seen = bot_deals(
        4,
        count,
        [
            [flush_hunter, pung_hunter] * 2,
            [pung_hunter, flush_hunter] * 2,
            [flush_hunter] * 4,
            [pung_hunter] * 4,
        ],
    )
    assert seen["win"] >= count / 2  # the bots reach the 3-fan minimum
    for kind in (
        "Pung",
        "Kong",
        "Chow",
        "ConcealedKong",
        "AddedKong",
        "Hu",
        "Pass",
        "wall-empty",
        "self-drawn",
        "discard win",
        "pao",
        "pao paid",
        "limit",
    ):
        assert seen[kind] > 0, kind


@pytest.mark.soak
def test_invariants_over_thousands_of_two_player_bot_deals() -> None:
    count = 1000
    seen = bot_deals(
        2,
        count,
        [
            [flush_hunter, pung_hunter],
            [pung_hunter, flush_hunter],
            [flush_hunter] * 2,
            [pung_hunter] * 2,
        ],
    )
    assert seen["win"] >= count / 2
    for kind in ("Pung", "Chow", "Hu", "Pass", "self-drawn", "discard win", "pao"):
        assert seen[kind] > 0, kind


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from([2, 4]),
    kinds=st.lists(st.sampled_from(["flush", "pung", "random"]), min_size=4, max_size=4),
    pao=st.booleans(),
)
def test_invariants_with_random_players(
    seed: int, players: int, kinds: list[str], pao: bool
) -> None:
    makers = {
        "flush": lambda n: flush_hunter,
        "pung": lambda n: pung_hunter,
        "random": lambda n: random_bot(seed + n),
    }
    bots = [makers[kind](n) for n, kind in enumerate(kinds[:players])]
    table = Table.deal(Rules(players=players, pao=pao), dealer=seed % players, seed=seed)
    play_checked(table, bots, model=True)


def test_the_same_seed_gives_the_same_deal() -> None:
    def play(seed: int) -> Table:
        table = Table.deal(seed=seed, dealer=seed % 4)
        table.play([flush_hunter, random_bot(seed), pung_hunter, random_bot(seed + 1)])
        return table

    for seed in range(10):
        a, b = play(seed), play(seed)
        assert a.history == b.history and a.net == b.net
    assert len({tuple(play(seed).history) for seed in range(4)}) == 4


# --- bots ------------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", [flush_hunter, pung_hunter], ids=["flush", "pung"])
def test_bots_take_a_win(bot: Bot) -> None:
    table = build(WINS, drawn="7z")
    table.apply(Discard(0, tile("5p")))
    assert bot(table.view(2)) == Hu(2) and bot(table.view(3)) == Hu(3)
    table = build(["234s 456s 789s 77s 555z", *WINS[1:]], drawn="7s")
    assert bot(table.view(0)) == Hu(0)


def test_bots_play_only_legal_actions() -> None:
    for seed in range(40):
        table = Table.deal(seed=seed)
        bots = [flush_hunter, pung_hunter, random_bot(seed), flush_hunter]
        while table.phase != "over":
            seat = table.to_move()[0]
            action = bots[seat](table.view(seat))
            assert action in table.legal_actions(seat)
            table.apply(action)


# --- simulate --------------------------------------------------------------------------------


def test_simulate_one_row_per_deal_nets_sum_to_zero() -> None:
    frame = simulate(40, seed=3)
    assert len(frame) == 40 and list(frame["deal"]) == list(range(40))
    nets = frame[[f"net_{seat}" for seat in range(4)]]
    assert (nets.sum(axis=1) == 0).all()
    assert list(frame["dealer"]) == [deal % 4 for deal in range(40)]
    assert set(frame["ended_by"]) <= {"win", "wall-empty"}
    wins = frame[frame["ended_by"] == "win"]
    assert (wins["fan"] >= 3).all() and (wins["fan"] <= 10).all()
    draws = frame[frame["ended_by"] == "wall-empty"]
    assert (draws[nets.columns] == 0).all().all() and draws["winner"].isna().all()
    for _, row in wins.iterrows():
        discarder = None if pd.isna(row["discarder"]) else int(row["discarder"])
        liable = None if pd.isna(row["liable"]) else int(row["liable"])
        assert row["self_drawn"] == (discarder is None)
        expected = payout(
            int(row["fan"]), winner=int(row["winner"]), discarder=discarder, liable=liable
        )
        assert [row[c] for c in nets.columns] == expected


def test_simulate_two_players() -> None:
    frame = simulate(30, rules=TWO, seed=1)
    assert len(frame) == 30
    assert [c for c in frame.columns if c.startswith("net_")] == ["net_0", "net_1"]
    assert (frame["net_0"] + frame["net_1"] == 0).all()
    assert (frame["ended_by"] == "win").mean() >= 0.5


def test_simulate_same_seed_same_frame() -> None:
    a, b = simulate(25, seed="x"), simulate(25, seed="x")
    pd.testing.assert_frame_equal(a, b)
    assert not simulate(25, seed="y").equals(a)


def test_simulate_executors_give_the_same_frame() -> None:
    plain = simulate(24, seed=5, bots=["pung-hunter", "flush-hunter"])
    with ThreadPoolExecutor(max_workers=3) as threads:
        pd.testing.assert_frame_equal(
            simulate(24, seed=5, bots=["pung-hunter", "flush-hunter"], executor=threads), plain
        )
    with ProcessPoolExecutor(max_workers=2) as processes:
        pd.testing.assert_frame_equal(
            simulate(24, seed=5, bots=["pung-hunter", "flush-hunter"], executor=processes), plain
        )


def test_simulate_reports_progress() -> None:
    calls: list[tuple[int, int]] = []
    simulate(10, seed=1, progress=lambda done, total: calls.append((done, total)))
    assert calls and calls[-1] == (10, 10)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"deals": 0},
        {"deals": -5},
        {"deals": 2.5},
        {"deals": "10"},
        {"deals": True},
        {"deals": 3, "bots": ["nobody"]},
        {"deals": 3, "bots": [flush_hunter] * 5},
        {"deals": 3, "bots": [42]},
    ],
)
def test_simulate_bad_arguments_raise(kwargs: dict[str, object]) -> None:
    deals = kwargs.pop("deals")
    with pytest.raises(ValueError):
        simulate(deals, **kwargs)  # type: ignore[arg-type]


# --- one shape: the ledger, pao liability, play results and argument errors --------------------


def play_pao_scenario(rules: Rules, ending: str) -> Table:
    from kit.hongkong.scenarios import pao_steps, pao_table

    table = pao_table(rules)
    for step in pao_steps(ending):  # type: ignore[arg-type]
        for action in step.actions:
            table.apply(action)
    return table


@pytest.mark.parametrize(
    ("ending", "pao", "reason", "net"),
    [
        ("self-drawn", True, "pao", [-72, 0, 72, 0]),
        ("self-drawn", False, "self-drawn win", [-24, -24, 72, -24]),
        ("discard", True, "pao", [-32, 0, 32, 0]),
        ("discard", False, "win on discard", [0, 0, 32, -32]),
    ],
)
def test_the_ledger_says_why_each_payment_was_made(
    ending: str, pao: bool, reason: str, net: list[int]
) -> None:
    from kit.ledger import Reason

    table = play_pao_scenario(Rules(pao=pao), ending)
    assert table.net == table.ledger.net == net
    assert {t.reason for t in table.ledger.transfers} == {Reason(reason)}
    frame = table.ledger.to_frame()
    assert list(frame.columns) == ["payer", "payee", "amount", "reason", "event"]
    assert frame["amount"].sum() == net[2]
    assert table.liable_for(2) == (0 if pao else None)
    assert table.liabilities[2].liable == 0  # the claim is noted either way


def test_with_pao_off_no_view_shows_a_liability() -> None:
    from kit.render import table_html
    from kit.widgets.hongkong import PaoExplorer

    for ending in ("self-drawn", "discard"):
        table = play_pao_scenario(Rules(pao=False), ending)
        assert "pao: seat 0 pays" not in table_html(table)
        assert "liable for seat" not in table_html(table)
        assert "pao: seat 0 pays" not in table._repr_html_()
    explorer = PaoExplorer(Rules(pao=False))
    for ending in ("self-drawn", "discard"):
        explorer.ending.value = ending
        for step in range(len(explorer.steps)):
            explorer.go(step)
            shown = explorer.view.value + explorer.explanation.value + explorer.payments.value
            assert "pao: seat 0 pays" not in shown and "liable for seat" not in shown
            assert "seat None" not in shown
        assert "without pao" in explorer.explanation.value
    on = play_pao_scenario(Rules(), "discard")
    assert "pao: seat 0 pays" in table_html(on) and "liable for seat 2" in table_html(on)


def test_the_simulation_row_names_the_liable_seat_only_with_pao_on() -> None:
    from kit.hongkong.sim import deal_row

    assert deal_row(0, play_pao_scenario(Rules(), "discard"))["liable"] == 0
    assert deal_row(0, play_pao_scenario(Rules(pao=False), "discard"))["liable"] is None


def test_the_ledger_pays_one_win_and_checks_its_arguments() -> None:
    from kit.hongkong import Ledger

    ledger = Ledger()
    ledger.win(1, fan=3, discarder=0)
    assert ledger.net == [-16, 16, 0, 0] and ledger.won == [1]
    assert "wins a 3-fan hand on seat 0" in ledger._repr_html_()
    with pytest.raises(ValueError, match="the deal is over: seat 1 has already won"):
        ledger.win(2, fan=3)
    with pytest.raises(TypeError, match=r"rules must be a kit\.hongkong\.Rules value, not None"):
        Ledger(None)  # type: ignore[arg-type]
    assert Ledger(Rules(players=2)).net == [0, 0]


def test_play_returns_a_deal_result() -> None:
    from kit.mahjong.actions import DealResult

    table = Table.deal(seed=5)
    result = table.play([flush_hunter, pung_hunter, flush_hunter, pung_hunter])
    assert isinstance(result, DealResult)
    assert result.wins == tuple(table.wins) and result.ended_by == table.ended_by
    assert result.ledger is table.ledger and result.net == table.net and sum(result.net) == 0
    assert list(result.to_frame().columns) == ["payer", "payee", "amount", "reason", "event"]
    assert "ended by" in result._repr_html_()
    assert 'class="kit-seat"' in table._repr_html_()


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"rules": None}, TypeError, "rules must be a kit.hongkong.Rules value, not None"),
        ({"dealer": True}, TypeError, "dealer must be a seat number 0-3, not True"),
        ({"dealer": 4}, ValueError, "dealer must be a seat 0-3, not 4"),
        ({"rules": TWO, "dealer": 2}, ValueError, "dealer must be a seat 0-1, not 2"),
        ({"round_wind": "X"}, ValueError, "round_wind must be one of E, S, W, N, not 'X'"),
        ({"seed": [1]}, TypeError, "seed must be a whole number, a string or None"),
    ],
)
def test_bad_deal_arguments_raise_naming_the_argument(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Table.deal(**kwargs)  # type: ignore[arg-type]


def test_a_deal_keeps_its_seed_and_views_offer_a_decision_seed() -> None:
    table = Table.deal(seed=4, round_wind="S")
    assert table.seed == 4 and table.round_wind == "S"
    assert table.view(1).decision_seed == f"{chance_key(4)}:0:1"  # the seed itself stays hidden
    assert Table.deal(seed=table.seed).wall == table.wall


def test_the_walls_come_from_the_tile_sets() -> None:
    from kit.mahjong.tiles import ALL_TILES

    assert Table.tile_set(FOUR) is ALL_TILES and Table.tile_set(TWO) is TWO_PLAYER_TILES
    assert wall(TWO) == TWO_PLAYER_TILES.wall() and len(TWO_PLAYER_TILES.kinds) == 20


def test_simulate_random_bot_same_rows_twice_and_under_any_executor() -> None:
    bot = random_bot(1)
    first = simulate(20, bots=[bot], seed=1)
    pd.testing.assert_frame_equal(simulate(20, bots=[bot], seed=1), first)
    for pool in (ThreadPoolExecutor, ProcessPoolExecutor):
        with pool(max_workers=2) as executor:
            pd.testing.assert_frame_equal(
                simulate(20, bots=[bot], seed=1, executor=executor), first
            )


def test_simulate_random_is_a_registered_bot() -> None:
    frame = simulate(6, bots=["random", "flush-hunter"], seed=3)
    assert frame.attrs["bots"] == ["random", "flush_hunter"] * 2


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"bots": "greedy"}, ValueError, "not the string 'greedy'"),
        ({"deals": 10**12}, ValueError, "deals must be at most 1,000,000 in one run"),
        ({"rules": None}, TypeError, "rules must be a kit.hongkong.Rules value, not None"),
    ],
)
def test_simulate_refuses_strings_huge_counts_and_other_rules(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    deals = kwargs.pop("deals", 3)
    with pytest.raises(error, match=message):
        simulate(deals, **kwargs)  # type: ignore[arg-type]
