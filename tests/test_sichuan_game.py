"""The Sichuan blood-battle deal engine and its bots, checked against reference/sichuan.md.

Situations are built by placing all 108 tiles on a :class:`Table` directly: the
hands, the next tiles of the wall, and whatever is left over on the discard pile.
The invariants at the end are checked after every action of thousands of bot deals.
"""

from __future__ import annotations

import copy
import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.mahjong.actions import Chow
from kit.mahjong.tiles import Hand, Meld, MeldKind, Tile
from kit.sichuan.bots import efficient, flush_hunter, random_bot
from kit.sichuan.fan import score
from kit.sichuan.game import (
    WALL,
    Action,
    AddedKong,
    ChooseVoid,
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
from kit.sichuan.rules import Rules
from kit.sim import chance_key

Bot = Callable[[SeatView], Action]

# --- Building situations ---------------------------------------------------------------------


def tile(token: str) -> Tile:
    return Tile.parse(token)


def build(
    hands: Sequence[str],
    *,
    voids: str = "mmmm",
    turn: int = 0,
    drawn: str | None = None,
    draws: str = "",
    front: str = "",
    wall_size: int | None = None,
    rules: Rules = Rules(),
) -> Table:
    """A deal in the discard phase with every tile placed, by the engine's own ``arrange``.

    ``draws`` are the next normal draws, in order; ``front`` the next kong replacement
    tiles. With ``wall_size`` the wall is cut to that many tiles and the rest lie on the
    discard pile.
    """
    table = Table.arrange(
        hands,
        draws=draws,
        replacements=front,
        turn=turn,
        drawn=drawn,
        wall_size=wall_size,
        rules=rules,
        voids=list(voids),
        phase="discard",
    )
    assert table.tiles_in_play() == 108
    assert [table.hand(s).size for s in range(4)] == [14 if s == turn else 13 for s in range(4)]
    return table


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


def assert_illegal(table: Table, action: object, why: str) -> IllegalAction:
    """``action`` raises IllegalAction naming it, ``why`` and the state, and changes nothing."""
    before = snapshot(table)
    state = table.describe()
    with pytest.raises(IllegalAction) as info:
        table.apply(action)  # type: ignore[arg-type]
    error = info.value
    assert isinstance(error, ValueError)
    assert error.action == action
    assert str(error).startswith(f"{action} is illegal: ")
    assert why in str(error)
    assert f"({state})" in str(error)
    assert snapshot(table) == before
    assert action not in table.legal_actions()
    return error


def reasons(table: Table) -> list[tuple[int, int, int, str]]:
    return [(t.payer, t.payee, t.amount, t.reason) for t in table.ledger.transfers]


def patterns(table: Table, seat: int) -> dict[str, int]:
    (win,) = [w for w in table.wins if w.seat == seat]
    return dict(win.score.patterns)


# Seat 0 is to discard 5p. Seat 1 can pung it, seat 2 wins on it (kanchan 4-6p), seat 3
# (void dots) can do nothing with it.
DISCARDER = "5p 111p 234p 678p 22s 3s 9s"
PUNGER = "55p 777s 888s 999p 4s 6s"
KONGER = "555p 777s 888s 999p 4s"
WAITER = "46p 123s 456s 789s 99s"
NOBODY = "123m 456m 789m 11m 23s"


def claim_on_5p(second: str = PUNGER, **kwargs: object) -> Table:
    table = build([DISCARDER, second, WAITER, NOBODY], voids="mmmp", drawn="9s", **kwargs)  # type: ignore[arg-type]
    table.apply(Discard(0, tile("5p")))
    return table


# --- deal and void choice: reference/sichuan.md#tiles and reference/sichuan.md#void ----------


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_108_tiles_13_each_14_to_the_dealer(dealer: int) -> None:
    table = Table.deal(dealer=dealer, seed=dealer)
    assert [len(table.concealed[s]) for s in range(4)] == [
        14 if s == dealer else 13 for s in range(4)
    ]
    assert len(table.wall) == 108 - 53
    assert sorted([*table.wall, *(t for hand in table.concealed for t in hand)]) == sorted(WALL)
    assert not any(t.is_honour for t in WALL)
    assert table.tiles_in_play() == 108
    assert table.phase == "void" and table.to_move() == [0, 1, 2, 3]
    assert table.drawn in table.concealed[dealer]


def test_deal_is_determined_by_the_seed() -> None:
    a, b = Table.deal(seed=17), Table.deal(seed=17)
    assert (a.wall, a.concealed) == (b.wall, b.concealed)
    assert any(Table.deal(seed=s).concealed != a.concealed for s in range(18, 22))
    with pytest.raises(ValueError, match="dealer must be a seat 0-3"):
        Table.deal(dealer=4, seed=0)


def test_every_player_names_a_void_then_the_dealer_discards() -> None:
    table = Table.deal(dealer=2, seed=3)
    assert set(table.legal_actions(1)) == {ChooseVoid(1, suit) for suit in "mps"}
    for seat, suit in ((3, "s"), (0, "m"), (1, "p")):  # in any order
        table.apply(ChooseVoid(seat, suit))
        assert table.phase == "void"
    assert table.to_move() == [2]
    assert_illegal(table, ChooseVoid(0, "p"), "seat 0 has already named m void")
    assert_illegal(table, Discard(2, table.concealed[2][0]), "every player names a void suit first")
    assert_illegal(table, ChooseVoid(2, "z"), "the void is a suit m, p or s")
    table.apply(ChooseVoid(2, "m"))
    assert table.voids == ["m", "p", "m", "s"]
    assert table.phase == "discard" and table.turn == 2 and table.to_move() == [2]
    assert len(table.wall) == 55  # the dealer discards first, without drawing
    assert {Discard(2, t) for t in table.concealed[2]} <= set(table.legal_actions())
    assert {a.seat for a in table.legal_actions()} == {2}
    assert_illegal(table, ChooseVoid(3, "m"), "voids are named at the start of the deal")


# --- claims: reference/sichuan.md#turn -------------------------------------------------------


def test_a_discard_opens_claims_only_for_players_who_can_use_it() -> None:
    table = claim_on_5p()
    assert table.phase == "claim"
    assert table.claimants == [1, 2] and table.to_move() == [1, 2]
    assert set(table.legal_actions()) == {Pung(1), Pass(1), Hu(2), Pass(2)}
    assert table.discards[-1] == (tile("5p"), 0)
    assert table.tiles_in_play() == 108


def test_when_all_pass_or_nobody_can_claim_the_next_player_draws() -> None:
    table = build([DISCARDER, NOBODY, WAITER, PUNGER], voids="mpmm", drawn="9s", draws="1p")
    table.apply(Discard(0, tile("5p")))  # seat 1 is void in dots; seat 2 waits on 5p
    assert table.phase == "claim" and table.claimants == [2, 3]
    table.apply(Pass(2))
    table.apply(Pass(3))
    assert (table.phase, table.turn, table.drawn) == ("discard", 1, tile("1p"))
    assert tile("1p") in table.concealed[1]
    assert table.discards[-1] == (tile("5p"), 0)
    # A discard nobody can use opens no window at all.
    table = build([DISCARDER, PUNGER, WAITER, NOBODY], voids="mmmp", drawn="9s", draws="1p")
    table.apply(Discard(0, tile("3s")))
    assert (table.phase, table.turn, table.drawn, table.claimants) == ("discard", 1, tile("1p"), [])


def test_no_chow() -> None:
    # Seat 1 holds 4s and 6s: the 5s from its left would make a chow elsewhere, not here.
    table = build([DISCARDER.replace("3s", "5s"), "55p 777s 888s 99p 1p 4s 6s", WAITER, NOBODY],
                  voids="mmmp", drawn="9s", draws="2p")  # fmt: skip
    table.apply(Discard(0, tile("5s")))
    assert (table.phase, table.turn, table.drawn) == ("discard", 1, tile("2p"))
    table = claim_on_5p()  # seat 2 holds 4p and 6p
    assert_illegal(table, Chow(2, tile("4p")), "seat 2 cannot chow 5p that way")
    assert not any(isinstance(a, Chow) for a in table.legal_actions())


@pytest.mark.parametrize("order", ["pung first", "hu first"])
def test_a_win_beats_a_pung(order: str) -> None:
    table = claim_on_5p()
    answers = [Pung(1), Hu(2)] if order == "pung first" else [Hu(2), Pung(1)]
    table.apply(answers[0])
    assert table.phase == "claim" and table.melds[1] == []  # nothing happens before all answer
    table.apply(answers[1])
    assert [(w.seat, w.discarder) for w in table.wins] == [(2, 0)]
    assert table.melds[1] == [] and table.concealed[1].count(tile("5p")) == 2
    assert reasons(table) == [(0, 2, 1, "win on discard")]
    assert table.discards[-1] == (tile("5p"), 0)
    assert (table.phase, table.turn) == ("discard", 3)


def test_a_win_beats_a_kong() -> None:
    table = claim_on_5p(KONGER)
    assert set(table.legal_actions(1)) == {Pung(1), Kong(1), Pass(1)}
    table.apply(Kong(1))
    table.apply(Hu(2))
    assert table.melds[1] == [] and table.ledger.won == [2]
    assert reasons(table) == [(0, 2, 1, "win on discard")]


def test_pung_then_discard_without_drawing() -> None:
    table = claim_on_5p()
    wall = list(table.wall)
    table.apply(Pung(1))
    table.apply(Pass(2))
    assert table.melds[1] == [Meld(MeldKind.PUNG, tile("5p"))]
    assert tile("5p") not in table.concealed[1]
    assert table.hand(1).size == 14
    assert (table.phase, table.turn, table.drawn) == ("discard", 1, None)
    assert table.wall == wall  # nothing drawn
    assert (tile("5p"), 0) not in table.discards
    assert table.tiles_in_play() == 108
    assert table.ledger.transfers == []
    assert_illegal(table, Hu(1), "a self-drawn win needs a drawn tile")
    table.apply(Discard(1, tile("4s")))
    assert table.discards[-1] == (tile("4s"), 1)


def test_no_kong_of_your_own_straight_after_a_claimed_pung() -> None:
    """A claimed pung is followed by a discard: the fourth 5p held, or four 7s, wait for a
    turn with a drawn tile (a pung and its fourth tile added at once would be a kong on the
    discard paid by every player)."""
    table = build(
        ["123m456m789m5p11m99m", "555p7777s123s468s", "2222p3333p4444p6p", "999p888p777p66p1p9s"],
        voids="pmsm",
        drawn="5p",
    )
    table.apply(Discard(0, tile("5p")))
    table.apply(Pung(1))
    table.apply(Pass(2))
    assert (table.phase, table.turn, table.drawn) == ("discard", 1, None)
    assert not any(isinstance(a, AddedKong | ConcealedKong) for a in table.legal_actions())
    assert_illegal(table, AddedKong(1, tile("5p")), "after a claimed group the claimer discards")
    assert_illegal(table, ConcealedKong(1, tile("7s")), "waits for a turn with a drawn tile")
    assert table.view(1).kong_to_declare() is None
    table.apply(Discard(1, tile("4s")))


def test_several_players_win_on_one_discard() -> None:
    """一炮多响: seat 2's 5p completes seats 3 and 1; each is paid; the tile counts once."""
    table = build(
        ["123m 456m 789m 11m 99m", "46p 666s 888s 999s 11p", "7777s 5p 111s 222s 88p 9p",
         "46p 333s 444s 555s 66p"],
        voids="pmmm", turn=2, drawn="9p", draws="1s",
    )  # fmt: skip
    table.apply(Discard(2, tile("5p")))
    assert table.claimants == [3, 1]  # turn order after the discarder
    table.apply(Hu(1))
    table.apply(Hu(3))
    assert [(w.seat, w.discarder) for w in table.wins] == [(3, 2), (1, 2)]
    assert sorted(reasons(table)) == [(2, 1, 1, "win on discard"), (2, 3, 1, "win on discard")]
    assert table.ledger.net == [0, 1, -2, 1]
    assert table.discards[-1] == (tile("5p"), 2)
    assert [t for t, _ in table.discards].count(tile("5p")) == 1
    for win in table.wins:
        assert win.score.wins and tile("5p") in win.score.hand.concealed
        assert win.score.hand == table.hand(win.seat).with_tile(tile("5p"))
    assert table.tiles_in_play() == 108
    # Play goes on after the winner furthest from the discarder (seat 1): seat 2 draws.
    assert (table.phase, table.turn, table.drawn) == ("discard", 2, tile("1s"))


def test_winners_leave_play_never_act_and_never_pay() -> None:
    table = build(
        ["5p 111s 222s 333s 44p 67p", "46p 777s 888s 999s 11p", "555s 1p 234p 99p 66s 8s 7s",
         "123m 456m 789m 99m 55m"],
        voids="mmmp", drawn="4p", draws="5s 2m 8p 3p", front="9s",
    )  # fmt: skip
    table.apply(Discard(0, tile("5p")))
    table.apply(Hu(1))
    assert table.ledger.won == [1] and table.in_play() == [0, 2, 3]
    assert table.ledger.net == [-1, 1, 0, 0]
    winner_hand = table.hand(1)
    assert (table.turn, table.drawn) == (2, tile("5s"))
    assert_illegal(table, Discard(1, tile("4p")), "seat 1 has already won and left play")
    assert table.legal_actions(1) == []
    # A concealed kong is paid by the players still in play only.
    table.apply(ConcealedKong(2, tile("5s")))
    assert reasons(table)[1:] == [(0, 2, 2, "concealed kong"), (3, 2, 2, "concealed kong")]
    # Seat 1 holds 11p but is out: no claim window, seat 3 draws.
    table.apply(Discard(2, tile("1p")))
    assert (table.phase, table.turn, table.drawn) == ("discard", 3, tile("2m"))
    table.apply(Discard(3, tile("2m")))
    assert (table.turn, table.drawn) == (0, tile("8p"))
    # A self-drawn win is paid by the players still in play only.
    table.apply(Hu(0))
    assert reasons(table)[3:] == [(2, 0, 2, "self-drawn win"), (3, 0, 2, "self-drawn win")]
    # The next player still in the game after seat 0 is seat 2, not seat 1.
    assert (table.phase, table.turn, table.drawn) == ("discard", 2, tile("3p"))
    assert table.ledger.net[1] == 1
    assert table.hand(1) == winner_hand
    after_win = table.history[table.history.index(Hu(1)) + 1 :]
    assert all(action.seat != 1 for action in after_win)


def test_the_deal_ends_at_three_wins() -> None:
    table = build(
        ["5p 111s 222s 333s 44p 67p", "46p 777s 888s 999s 11p", "123p 456s 789p 99p 55s",
         "123m 456m 789m 99m 79p"],
        voids="mmms", drawn="4p", draws="8p",
    )  # fmt: skip
    table.apply(Discard(0, tile("5p")))
    table.apply(Hu(1))
    assert (table.turn, table.drawn) == (2, tile("8p"))
    wall = list(table.wall)
    table.apply(Discard(2, tile("8p")))
    assert table.claimants == [3, 0]
    table.apply(Hu(3))
    assert table.phase == "claim"
    table.apply(Hu(0))
    assert table.ledger.won == [1, 3, 0]
    assert (table.phase, table.ended_by) == ("over", "three-wins")
    assert table.wall == wall  # nobody draws again
    assert table.to_move() == [] and table.legal_actions() == []
    assert sum(table.ledger.net) == 0 and table.ledger.checks == []
    assert_illegal(table, Discard(2, tile("1p")), "the deal is over")
    assert table.tiles_in_play() == 108


# --- void suit: reference/sichuan.md#void ----------------------------------------------------


def test_no_pung_or_kong_of_the_void_suit() -> None:
    hands = [DISCARDER, KONGER, NOBODY, "2345m 6789m 56789s"]
    table = build(hands, voids="mppp", drawn="9s", draws="1s")
    table.apply(Discard(0, tile("5p")))  # seat 1 holds three 5p but is void in dots
    assert (table.phase, table.turn, table.drawn) == ("discard", 1, tile("1s"))
    table = build(hands, voids="msps", drawn="9s")
    table.apply(Discard(0, tile("5p")))  # the same hands, seat 1 void in bamboo
    assert table.claimants == [1]
    assert set(table.legal_actions()) == {Pung(1), Kong(1), Pass(1)}
    table = build(
        ["5555p 111s 234s 678s 9s", "12m 777s 888s 999p 4s 6s", NOBODY, "3456m 789m 123p 4p 6p 8p"],
        voids="pmps", drawn="9s",
    )  # fmt: skip
    assert_illegal(table, ConcealedKong(0, tile("5p")), "5p is of seat 0's void suit")
    assert table.legal_actions() == [Discard(0, t) for t in sorted(set(table.concealed[0]))]


def test_no_win_while_holding_a_void_tile() -> None:
    table = build([DISCARDER, PUNGER, WAITER.replace("99s", "9s 1m"), NOBODY], voids="mmmp",
                  drawn="9s")  # fmt: skip
    table.apply(Discard(0, tile("5p")))
    assert table.claimants == [1]  # seat 2 waits on 5p but holds 1m, its void suit
    table = build(["999m 123p 456p 789p 11s", PUNGER, WAITER, NOBODY], voids="mmmp", drawn="1s")
    assert_illegal(table, Hu(0), "holds a tile of the void suit (m)")


# --- kongs: reference/sichuan.md#kongs and reference/sichuan.md#kong-transfer ----------------


def test_exposed_kong_on_a_discard_pays_2_and_draws_a_replacement() -> None:
    table = claim_on_5p(KONGER, front="4s")
    assert table.claimants == [1, 2]
    table.apply(Kong(1))
    table.apply(Pass(2))
    assert table.melds[1] == [Meld(MeldKind.KONG, tile("5p"))]
    assert not table.melds[1][0].concealed
    assert reasons(table) == [(0, 1, 2, "exposed kong")]
    assert (table.phase, table.turn, table.drawn) == ("discard", 1, tile("4s"))
    assert table.hand(1).size == 14 and table.tiles_in_play() == 108
    assert tile("5p") not in [t for t, _ in table.discards]


def test_win_on_a_kong_replacement_is_win_after_kong() -> None:
    table = claim_on_5p(KONGER, front="4s")
    table.apply(Kong(1))
    table.apply(Pass(2))
    table.apply(Hu(1))  # 777s 888s 999p 44s + 5555p, self-drawn on the replacement
    assert patterns(table, 1) == {"root": 1, "all-pungs": 1, "win-after-kong": 1}
    assert reasons(table)[1:] == [(s, 1, 8 + 1, "self-drawn win") for s in (0, 2, 3)]


def test_a_normal_draw_is_not_win_after_kong() -> None:
    table = build(["777s 888s 999p 44s [5555p]", "123m 456m 789m 11m 23p",
                   "11p 22p 33p 44p 66p 789p", "2345m 6789m 12356s"],
                  voids="msmp", drawn="4s")  # fmt: skip
    table.apply(Hu(0))
    assert patterns(table, 0) == {"root": 1, "all-pungs": 1}


def test_concealed_kong_pays_2_from_each_player_still_in_play() -> None:
    table = build(["7777s 123p 456p 99s 1s 5s", "46s 222p 333p 888p 99p",
                   "123m 456m 789m 11m 19p", "666m 777m 888m 99m 45m"],
                  voids="mmsp", drawn="5s", front="3s")  # fmt: skip
    assert ConcealedKong(0, tile("7s")) in table.legal_actions()
    table.apply(ConcealedKong(0, tile("7s")))
    assert table.melds[0] == [Meld(MeldKind.KONG, tile("7s"), concealed=True)]
    assert reasons(table) == [(s, 0, 2, "concealed kong") for s in (1, 2, 3)]
    assert (table.phase, table.turn, table.drawn) == ("discard", 0, tile("3s"))
    assert table.hand(0).size == 14 and table.tiles_in_play() == 108


# Seat 0 holds an exposed pung of 5p and the fourth 5p; seat 2 waits on 5p.
ADDER = "5p 111p 234p 22s 3s 9s [555p]"


@pytest.mark.parametrize("waiter", [WAITER, WAITER.replace("46p", "47p")])
def test_added_kong_pays_1_from_each_player(waiter: str) -> None:
    table = build([ADDER, PUNGER.replace("55p", "12p"), waiter, NOBODY], voids="mmmp",
                  drawn="9s", front="1s")  # fmt: skip
    table.apply(AddedKong(0, tile("5p")))
    if waiter == WAITER:  # someone could rob it: they pass
        assert (table.phase, table.claimants) == ("rob", [2])
        assert set(table.legal_actions()) == {Hu(2), Pass(2)}
        assert_illegal(table, Pung(2), "a kong being added can only be robbed (a win) or let pass")
        assert table.concealed[0].count(tile("5p")) == 1 and table.ledger.transfers == []
        table.apply(Pass(2))
    assert table.melds[0] == [Meld(MeldKind.KONG, tile("5p"))]
    assert reasons(table) == [(s, 0, 1, "added kong") for s in (1, 2, 3)]
    assert (table.phase, table.turn, table.drawn) == ("discard", 0, tile("1s"))
    assert table.tiles_in_play() == 108


def test_an_added_kong_can_be_robbed() -> None:
    table = build([ADDER, PUNGER.replace("55p", "12p"), WAITER, NOBODY], voids="mmmp",
                  drawn="9s", draws="1s", front="2p")  # fmt: skip
    table.apply(AddedKong(0, tile("5p")))
    table.apply(Hu(2))
    assert [(w.seat, w.discarder) for w in table.wins] == [(2, 0)]
    assert patterns(table, 2) == {"robbing-kong": 1}
    win = table.wins[0]
    assert win.score.hand == table.hand(2).with_tile(tile("5p"))
    # The robbed player pays as the discarder; the kong is not completed and pays nothing.
    assert reasons(table) == [(0, 2, 2, "win on discard")]
    assert table.melds[0] == [Meld(MeldKind.PUNG, tile("5p"))]
    assert tile("5p") not in table.concealed[0] and table.hand(0).size == 13
    assert table.discards[-1] == (tile("5p"), 0)
    assert table.tiles_in_play() == 108
    assert tile("2p") in table.wall  # no replacement was drawn
    assert (table.phase, table.turn, table.drawn) == ("discard", 3, tile("1s"))


def test_several_robbers_play_continues_after_the_furthest() -> None:
    """Seat 2 adds 5p; seats 3 and 1 both rob it. In turn order after seat 2 the winners are
    3 then 1, so play continues with seat 2, as after a discard won by seats 3 and 1."""
    table = build(
        ["123m 456m 789m 11m 99m", "46p 666s 888s 999s 11p", "5p 7s 111s 222s 88p 9p [555p]",
         "46p 333s 444s 555s 66p"],
        voids="pmmm", turn=2, drawn="9p", draws="1s 2s",
    )  # fmt: skip
    table.apply(AddedKong(2, tile("5p")))
    assert table.phase == "rob"
    table.apply(Hu(1))
    table.apply(Hu(3))
    assert {w.seat for w in table.wins} == {1, 3}
    assert (table.phase, table.turn) == ("discard", 2)


def kong_then_shot(rules: Rules) -> Table:
    """Seat 2 makes a concealed kong, draws 9p and discards 5p: seats 3 and 1 win on it."""
    table = build(
        ["123m 456m 789m 11m 99m", "46p 666s 888s 999s 11p", "7777s 5p 111s 222s 88p 9p",
         "46p 333s 444s 555s 66p"],
        voids="pmmm", turn=2, drawn="9p", draws="1s", front="9p", rules=rules,
    )  # fmt: skip
    table.apply(ConcealedKong(2, tile("7s")))
    table.apply(Discard(2, tile("5p")))
    table.apply(Hu(1))
    table.apply(Hu(3))
    return table


def test_shot_after_kong_moves_that_kongs_money_to_the_first_winner() -> None:
    table = kong_then_shot(Rules())
    for seat in (3, 1):
        assert patterns(table, seat) == {"shot-after-kong": 1}
    assert (2, 3, 6, "kong transfer") in reasons(table)
    assert [r for r in reasons(table) if r[3] == "kong transfer"] == [(2, 3, 6, "kong transfer")]
    assert table.ledger.net == [-2, 0, -4, 6]


def test_no_kong_money_moves_with_kong_transfer_off() -> None:
    table = kong_then_shot(Rules(kong_transfer=False))
    for seat in (3, 1):
        assert patterns(table, seat) == {"shot-after-kong": 1}
    assert all(r[3] != "kong transfer" for r in reasons(table))
    assert table.ledger.net == [-2, 0, 2, 0]


def test_shot_after_kong_needs_the_discard_right_after_the_kong() -> None:
    table = build(
        ["7777s 123p 456p 99s 1s 5s", "46s 222p 333p 888p 99p", "123m 456m 789m 11m 19p",
         "666m 777m 888m 99m 45m"],
        voids="mmsp", drawn="5s", front="3s", draws="4m 2s 3m 9s",
    )  # fmt: skip
    table.apply(ConcealedKong(0, tile("7s")))
    table.apply(Discard(0, tile("3s")))  # right after the kong: nobody wins on it
    table.apply(Discard(1, tile("4m")))
    table.apply(Discard(2, tile("2s")))
    table.apply(Discard(3, tile("3m")))
    assert (table.turn, table.drawn) == (0, tile("9s"))
    table.apply(Discard(0, tile("5s")))
    table.apply(Hu(1))
    assert patterns(table, 1) == {}
    assert all(r[3] != "kong transfer" for r in reasons(table))


# --- under the sea: reference/sichuan.md#fan -------------------------------------------------

LAST = ["123p 456p 789p 11s 23s", "46s 222p 333p 888s 99s", "55s 123s 777s 666p 89p",
        "123m 456m 789m 11m 23s 9m"]  # fmt: skip


@pytest.mark.parametrize("wall_size", [1, 2])
def test_under_the_sea_on_the_last_wall_tile(wall_size: int) -> None:
    table = build(LAST, voids="mmmp", turn=3, drawn="9m", draws="4s", wall_size=wall_size)
    table.apply(Discard(3, tile("9m")))
    assert (table.turn, table.drawn, len(table.wall)) == (0, tile("4s"), wall_size - 1)
    table.apply(Hu(0))
    found = patterns(table, 0)
    assert ("under-the-sea" in found) == (wall_size == 1)
    if wall_size == 1:  # the next player must draw from the empty wall
        assert (table.phase, table.ended_by) == ("over", "wall-empty")
        assert [c.seat for c in table.ledger.checks] == [1, 2, 3]


@pytest.mark.parametrize("wall_size", [1, 2])
def test_under_the_sea_on_the_discard_after_the_last_tile(wall_size: int) -> None:
    hands = [LAST[0].replace("11s 23s", "11s 58s"), *LAST[1:]]
    table = build(hands, voids="mmmp", turn=3, drawn="9m", draws="7s", wall_size=wall_size)
    table.apply(Discard(3, tile("9m")))
    table.apply(Discard(0, tile("5s")))
    if wall_size == 1:  # no pung on an empty wall: seat 2's 55s gives no claim
        assert table.claimants == [1]
    else:
        assert table.claimants == [1, 2]
        table.apply(Pass(2))
    table.apply(Hu(1))
    assert ("under-the-sea" in patterns(table, 1)) == (wall_size == 1)
    if wall_size == 1:
        assert (table.phase, table.ended_by) == ("over", "wall-empty")


# --- the wall runs out: reference/sichuan.md#wall-empty --------------------------------------


def test_the_deal_ends_when_a_player_must_draw_from_an_empty_wall() -> None:
    """Seat 1 is a flower pig, seats 0 and 2 are ready, seat 3 is not and made a kong."""
    table = build(
        ["123p 456p 789p 11s 23s", "1m 5p 123s 456s 789s 99s", "11p 22p 33p 44p 55p 66p 7p",
         "5555m 137m 28m 2468s 9m"],
        voids="mmmp", turn=3, drawn="9m", front="9p", draws="9s", wall_size=2,
    )  # fmt: skip
    table.apply(ConcealedKong(3, tile("5m")))
    table.apply(Discard(3, tile("9p")))
    assert (table.phase, table.turn, table.drawn, table.wall) == ("discard", 0, tile("9s"), [])
    assert_illegal(table, ConcealedKong(0, tile("9s")), "the wall is empty")
    table.apply(Discard(0, tile("9s")))  # seat 1 (a flower pig) cannot use it
    assert (table.phase, table.ended_by) == ("over", "wall-empty")
    assert table.wins == []
    checks = {c.seat: (c.pig, c.ready, c.largest) for c in table.ledger.checks}
    assert checks == {0: (False, True, 1), 1: (True, False, 0), 2: (False, True, 16),
                      3: (False, False, 0)}  # fmt: skip
    assert reasons(table)[:3] == [(s, 3, 2, "concealed kong") for s in (0, 1, 2)]
    assert sorted(reasons(table)[3:]) == sorted(
        [(1, s, 16, "flower pig") for s in (0, 2, 3)]
        + [(3, 0, 1, "not ready"), (3, 2, 16, "not ready")]
        + [(3, s, 2, "refund") for s in (0, 1, 2)]
    )
    assert table.ledger.net == [17, -48, 32, -1]
    assert table.tiles_in_play() == 108


# --- illegal actions raise IllegalAction, naming the action ----------------------------------


def test_illegal_actions_on_a_turn() -> None:
    table = build([DISCARDER, PUNGER, WAITER, NOBODY], voids="mmmp", drawn="9s")
    assert_illegal(table, Discard(1, tile("5p")), "it is seat 0's turn, not seat 1's")
    assert_illegal(table, Discard(0, tile("1m")), "seat 0 holds no 1m")
    assert_illegal(table, Hu(0), "seat 0's hand does not win")
    assert_illegal(table, Pung(0), "on its turn a player discards, declares a kong, or wins")
    assert_illegal(table, Pass(0), "on its turn a player discards")
    assert_illegal(table, ConcealedKong(0, tile("1p")), "seat 0 does not hold four 1p")
    assert_illegal(table, AddedKong(0, tile("1p")), "seat 0 has no exposed pung of 1p")
    assert_illegal(table, ChooseVoid(0, "s"), "voids are named at the start of the deal")
    assert_illegal(table, Discard(4, tile("5p")), "there is no seat 4")
    assert_illegal(table, "discard 5p", "is not an action")
    assert set(table.legal_actions()) == {Discard(0, t) for t in set(table.concealed[0])}
    before = snapshot(table)  # the snapshot sees a legal action's change
    table.apply(Discard(0, tile("5p")))
    assert snapshot(table) != before


@pytest.mark.parametrize("kind", [ConcealedKong, AddedKong])
def test_a_kong_of_something_that_is_no_tile_is_illegal(kind: type) -> None:
    table = build([DISCARDER, PUNGER, WAITER, NOBODY], voids="mmmp", drawn="9s")
    assert_illegal(table, kind(0, "1p"), "'1p' is not a tile")


def test_illegal_actions_in_a_claim() -> None:
    table = claim_on_5p()
    assert_illegal(table, Pung(3), "seat 3 has no claim on this tile")
    assert_illegal(table, Hu(1), "5p does not give seat 1 a winning hand")
    assert_illegal(table, Kong(1), "seat 1 cannot kong 5p")
    assert_illegal(table, Pung(2), "seat 2 cannot pung 5p")
    assert_illegal(table, Discard(1, tile("4s")), "it is not a time for discard")
    assert_illegal(table, Pass(0), "seat 0 has no claim on this tile")
    table.apply(Pass(1))
    assert_illegal(table, Pung(1), "seat 1 has already answered")
    assert table.to_move() == [2]


# --- options in the Rules value: reference/sichuan.md#house-rules ----------------------------


@pytest.mark.parametrize("rules", [Rules(), Rules(heavenly_earthly=True)], ids=["off", "on"])
def test_option_heavenly_hand_scores_the_cap(rules: Rules) -> None:
    """The optional heavenly or earthly hand scores the cap (reference/sichuan.md#fan).

    The option is off by default (reference/sichuan.md#house-rules).
    """
    hand = Hand.parse("123p 456p 789p 11s 234s")
    others = sorted((Counter(WALL) - Counter(hand.concealed)).elements())
    dealt = [Hand(tuple(others[start : start + 13])) for start in (0, 13, 26)]
    table = Table.arrange([hand, *dealt], drawn="4s", rules=rules)
    for seat, suit in enumerate("mmpp"):
        table.apply(ChooseVoid(seat, suit))
    table.apply(Hu(0))  # the dealer wins on its dealt tiles
    cap = rules.fan_cap if rules.heavenly_earthly else None
    assert patterns(table, 0).get("heavenly-earthly") == cap
    each = (16 if rules.heavenly_earthly else 1) + 1
    assert reasons(table) == [(s, 0, each, "self-drawn win") for s in (1, 2, 3)]


@pytest.mark.parametrize("rules", [Rules(), Rules(heavenly_earthly=True)], ids=["off", "on"])
def test_option_earthly_hand_is_a_win_on_the_dealers_first_discard(rules: Rules) -> None:
    table = claim_on_5p(rules=rules)
    table.apply(Pass(1))
    table.apply(Hu(2))
    cap = rules.fan_cap if rules.heavenly_earthly else None
    assert patterns(table, 2).get("heavenly-earthly") == cap
    # A win on a later discard is no earthly hand.
    table = build([DISCARDER, PUNGER, WAITER, NOBODY], voids="mmmp", drawn="9s", draws="2p",
                  rules=rules)  # fmt: skip
    table.apply(Discard(0, tile("3s")))
    table.apply(Discard(1, tile("5p")))
    table.apply(Hu(2))
    assert patterns(table, 2) == {}


def test_a_table_built_directly_pays_by_its_own_rules() -> None:
    """One Rules value per table: the ledger may not use other rules."""
    rules = Rules(base=2)
    hands = [Hand.parse(h) for h in ["7777s 123p 456p 99s 1s 5s", "46s 222p 333p 888p 99p",
                                     "123m 456m 789m 11m 19p", "666m 777m 888m 99m 45m"]]  # fmt: skip
    rest = sorted((Counter(WALL) - Counter(t for h in hands for t in h.all_tiles)).elements())
    try:
        table = Table(
            rules=rules,
            wall=rest,
            concealed=[list(h.concealed) for h in hands],
            melds=[[], [], [], []],
            voids=["m", "m", "s", "p"],
            phase="discard",
            drawn=tile("5s"),
        )
    except ValueError:
        return  # refusing a table whose ledger has other rules is fine too
    assert table.ledger.rules == rules
    table.apply(ConcealedKong(0, tile("7s")))
    assert reasons(table) == [(s, 0, 4, "concealed kong") for s in (1, 2, 3)]


# --- invariants over many deals --------------------------------------------------------------

RULE_SETS = (
    Rules(),
    Rules(kong_transfer=False, self_draw_bonus="fan"),
    Rules(base=2, fan_cap=6, self_draw_bonus="none", pig_pays_winners=True),
    Rules(fan_cap=3, terminals_in_all=True, pungs_258=True, concealed_hand=True),
)


def expected_claimants(table: Table, seat: int, discard: Tile) -> list[int]:
    """Who may win on, pung or kong ``discard``, read directly from the rules.

    The claims of reference/sichuan.md#turn; wins are judged by fan.score.
    """
    out = []
    for step in (1, 2, 3):
        other = (seat + step) % 4
        if other in table.ledger.won:
            continue
        void = table.voids[other]
        hand = table.hand(other).with_tile(discard)
        wins = score(hand, win=discard, void=void, rules=table.rules).wins
        meld = bool(table.wall) and discard.suit != void
        if wins or (meld and table.concealed[other].count(discard) >= 2):
            out.append(other)
    return out


def self_draw_wins(table: Table) -> bool:
    seat, drawn = table.turn, table.drawn
    assert drawn is not None
    hand = table.hand(seat)
    return score(hand, win=drawn, void=table.voids[seat], self_drawn=True, rules=table.rules).wins


def play_checked(
    table: Table, bots: Sequence[Bot], *, model: bool = False, seen: Counter[str] | None = None
) -> Table:
    """Play a deal out, checking the invariants after every action."""
    rules = table.rules
    seen = seen if seen is not None else Counter()
    won_at: dict[int, int] = {}
    while table.phase != "over":
        movers = table.to_move()
        assert movers and not set(movers) & set(table.ledger.won)
        seat = movers[0]
        action = bots[seat](table.view(seat))
        assert action.seat == seat
        won_before, in_play_before = list(table.ledger.won), table.in_play()
        frozen = {s: table.hand(s) for s in won_before}
        paid_before, wins_before, phase_before = (
            len(table.ledger.transfers), len(table.wins), table.phase,
        )  # fmt: skip
        expected = None
        if model and isinstance(action, Discard):
            table.concealed[seat].remove(action.tile)
            expected = expected_claimants(table, seat, action.tile)
            table.concealed[seat].append(action.tile)
            table.concealed[seat].sort()
        if model and table.phase == "discard" and table.drawn is not None:
            assert (Hu(seat) in table.legal_actions(seat)) == self_draw_wins(table)

        table.apply(action)

        seen[type(action).__name__] += 1
        assert table.tiles_in_play() == 108
        assert all(table.hand(s) == frozen[s] for s in won_before)
        for t in table.ledger.transfers[paid_before:]:
            seen[t.reason] += 1
            assert t.payer not in won_before and t.payer != t.payee and t.amount > 0
            assert t.payee not in won_before or t.reason == "refund" or rules.pig_pays_winners
        if expected is not None:
            assert table.claimants == expected if table.phase == "claim" else expected == []
        busy = {table.turn} if table.phase in ("void", "discard") else set()
        if table.phase == "rob":
            assert table.robbed is not None
            busy = {table.robbed[0]}
        for s in table.in_play():
            assert table.hand(s).size == (14 if s in busy else 13)
        new_wins = table.wins[wins_before:]
        seen["multi-win"] += len(new_wins) > 1
        for win in new_wins:
            won_at[win.seat] = len(table.history) - 1
            result = win.score
            assert result.wins and result.hand.size == 14
            assert result.win in result.hand.concealed
            assert table.voids[win.seat] not in result.hand.suits
            assert result.value == rules.hand_value(result.fan)
            for key, _ in result.patterns:
                seen[key] += 1
            new = [
                (t.payer, t.payee, t.amount, t.reason) for t in table.ledger.transfers[paid_before:]
            ]
            if win.discarder is None:
                assert result.hand == table.hand(win.seat)
                each = {
                    "base": rules.hand_value(result.fan) + rules.base,
                    "fan": rules.hand_value(result.fan + 1),
                    "none": rules.hand_value(result.fan),
                }[rules.self_draw_bonus]
                paid = [(p, amount) for p, payee, amount, why in new
                        if payee == win.seat and why == "self-drawn win"]  # fmt: skip
                assert sorted(paid) == [(s, each) for s in in_play_before if s != seat]
            else:
                assert result.hand == table.hand(win.seat).with_tile(result.win)
                assert table.discards[-1] == (result.win, win.discarder)
                value = (win.discarder, win.seat, result.value, "win on discard")
                assert value in new
                assert ("robbing-kong" in dict(result.patterns)) == (phase_before == "rob")
    # the end of the deal
    seen[table.ended_by or ""] += 1
    assert table.to_move() == [] and table.legal_actions() == []
    assert sum(table.ledger.net) == 0
    assert len(table.wins) <= 3
    assert len({w.seat for w in table.wins}) == len(table.wins) == len(table.ledger.won)
    assert (table.ended_by == "three-wins") == (len(table.wins) == 3)
    if table.ended_by == "wall-empty":
        assert table.wall == []
        playing = table.in_play()
        assert [c.seat for c in table.ledger.checks] == (playing if len(playing) >= 2 else [])
    for seat, index in won_at.items():
        assert all(action.seat != seat for action in table.history[index + 1 :])
    return table


ARRANGEMENTS = (
    [efficient, flush_hunter] * 2,
    [flush_hunter, efficient] * 2,
    [efficient] * 4,
    [flush_hunter] * 4,
)


@pytest.mark.soak
def test_invariants_over_thousands_of_bot_deals() -> None:
    seen: Counter[str] = Counter()
    for number in range(2000):
        rules = RULE_SETS[number % len(RULE_SETS)]
        table = Table.deal(rules, dealer=number % 4, seed=f"inv:{number}")
        bots = ARRANGEMENTS[number // len(RULE_SETS) % len(ARRANGEMENTS)]
        play_checked(table, bots, model=number < 80, seen=seen)
    # The deals went through every kind of event the engine knows.
    for kind in (
        "Pung", "Kong", "ConcealedKong", "AddedKong", "Pass", "three-wins", "wall-empty",
        "multi-win", "self-drawn win", "kong transfer", "refund", "not ready", "robbing-kong",
        "win-after-kong", "shot-after-kong", "under-the-sea", "seven-pairs", "full-flush",
    ):  # fmt: skip
        assert seen[kind] > 0, kind


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32),
    kinds=st.lists(st.sampled_from(["efficient", "flush", "random"]), min_size=4, max_size=4),
    rules=st.sampled_from(RULE_SETS),
    dealer=st.integers(0, 3),
)
def test_invariants_with_random_players(
    seed: int, kinds: list[str], rules: Rules, dealer: int
) -> None:
    bots = [
        {"efficient": efficient, "flush": flush_hunter}.get(kind) or random_bot(seed + n)
        for n, kind in enumerate(kinds)
    ]
    play_checked(Table.deal(rules, dealer=dealer, seed=seed), bots, model=True)


def test_the_same_seed_gives_the_same_deal() -> None:
    def play(seed: int) -> Table:
        bots = [efficient, random_bot(seed), flush_hunter, random_bot(seed + 1)]
        table = Table.deal(seed=seed, dealer=seed % 4)
        table.play(bots)
        return table

    for seed in range(20):
        a, b = play(seed), play(seed)
        assert a.history == b.history
        assert a.ledger.transfers == b.ledger.transfers
        assert [w.score for w in a.wins] == [w.score for w in b.wins]
    assert len({tuple(play(seed).history) for seed in range(5)}) == 5


# --- bots ------------------------------------------------------------------------------------


@pytest.mark.parametrize("bot", [efficient, flush_hunter], ids=["efficient", "flush_hunter"])
def test_bots_name_the_suit_they_hold_least_as_void(bot: Bot) -> None:
    for seed in range(200):
        table = Table.deal(seed=seed)
        for seat in range(4):
            action = bot(table.view(seat))
            held = Counter(t.suit for t in table.concealed[seat])
            assert action == ChooseVoid(seat, action.suit)  # type: ignore[union-attr]
            assert held[action.suit] == min(held[s] for s in "mps")  # type: ignore[union-attr]


@pytest.mark.parametrize("bot", [efficient, flush_hunter], ids=["efficient", "flush_hunter"])
def test_bots_take_a_win_and_throw_void_tiles_first(bot: Bot) -> None:
    table = build(["123p 456p 789p 11s 23s 4s", PUNGER, WAITER, NOBODY], voids="mmmp", drawn="4s")
    assert bot(table.view(0)) == Hu(0)
    table = claim_on_5p()
    assert bot(table.view(2)) == Hu(2)
    table = build([ADDER, PUNGER.replace("55p", "12p"), WAITER, NOBODY], voids="mmmp", drawn="9s")
    table.apply(AddedKong(0, tile("5p")))
    assert bot(table.view(2)) == Hu(2)
    table = build(["1m 123p 456p 789p 11s 23s", PUNGER, WAITER, NOBODY], voids="mmmp", drawn="1m")
    assert bot(table.view(0)) == Discard(0, tile("1m"))


def test_bots_win_deals_and_find_patterns() -> None:
    deals = 300
    with_a_win = 0
    names: Counter[str] = Counter()
    flushes: Counter[str] = Counter()
    bots = [efficient, flush_hunter, efficient, flush_hunter]
    for number in range(deals):
        table = Table.deal(dealer=number % 4, seed=f"bots:{number}")
        table.play(bots)
        with_a_win += bool(table.wins)
        for win in table.wins:
            names[win.score.name or ""] += 1
            if "full-flush" in dict(win.score.patterns):
                flushes[bots[win.seat].__name__] += 1
    assert with_a_win > deals * 3 // 4
    non_plain = {name for name in names if name != "平胡"}
    assert len(non_plain) >= 3, names
    assert flushes["flush_hunter"] > flushes["efficient"]


# --- one shape: dealing, seeds, play results and argument errors --------------------------------


def test_play_returns_a_deal_result_with_the_wins_end_and_ledger() -> None:
    from kit.ledger import Reason
    from kit.mahjong.actions import DealResult

    table = Table.deal(seed=2)
    result = table.play([efficient, flush_hunter, efficient, flush_hunter])
    assert isinstance(result, DealResult)
    assert result.wins == tuple(table.wins) and result.ended_by == table.ended_by
    assert result.ledger is table.ledger and result.net == table.ledger.net
    assert sum(result.net) == 0
    frame = result.to_frame()
    assert list(frame.columns) == ["payer", "payee", "amount", "reason", "event"]
    assert all(isinstance(reason, Reason) for reason in frame["reason"])
    html = result._repr_html_()
    assert "ended by" in html and "kit-ledger" in html
    assert 'class="kit-ledger"' in table.ledger._repr_html_()
    assert "seat 0" in table._repr_html_()


def test_a_deal_keeps_its_seed_and_the_seed_gives_the_deal_again() -> None:
    import random

    assert Table.deal(seed=5).seed == 5
    fresh = Table.deal()
    assert isinstance(fresh.seed, str)
    again = Table.deal(seed=fresh.seed)
    assert again.concealed == fresh.concealed and again.wall == fresh.wall
    from_rng = Table.deal(rng=random.Random(3))
    assert isinstance(from_rng.seed, str)
    assert from_rng.seed == Table.deal(rng=random.Random(3)).seed


def test_a_view_offers_a_decision_seed_from_the_deal_seed_actions_and_seat() -> None:
    table = Table.deal(seed="s")
    key = chance_key("s")  # the seed as a seat may see it: it cannot re-deal the wall
    assert key != "s" and table.view(2).decision_seed == f"{key}:0:2"
    table.apply(ChooseVoid(0, "m"))
    assert table.view(1).decision_seed == f"{key}:1:1"


def test_a_random_bot_plays_the_same_deal_the_same_way() -> None:
    bots = [random_bot(1)] * 4
    first, second = Table.deal(seed=9), Table.deal(seed=9)
    first.play(bots)
    second.play(bots)
    assert first.history == second.history


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"rules": None}, TypeError, "rules must be a kit.sichuan.Rules value, not None"),
        ({"rules": "house"}, TypeError, "rules must be a kit.sichuan.Rules value"),
        ({"dealer": True}, TypeError, "dealer must be a seat number 0-3, not True"),
        ({"dealer": 1.0}, TypeError, "dealer must be a seat number 0-3"),
        ({"dealer": 4}, ValueError, "dealer must be a seat 0-3, not 4"),
        ({"seed": 1.5}, TypeError, "seed must be a whole number, a string or None"),
        ({"rng": 3}, TypeError, "rng must be a random.Random or None"),
        ({"seed": 1, "rng": __import__("random").Random(1)}, TypeError, "a seed or an rng"),
    ],
)
def test_bad_deal_arguments_raise_naming_the_argument(
    kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        Table.deal(**kwargs)  # type: ignore[arg-type]


def test_a_table_needs_sichuan_rules_and_bots_as_a_list() -> None:
    with pytest.raises(TypeError, match=r"rules must be a kit\.sichuan\.Rules value, not None"):
        Table.arrange(["1m"], rules=None)
    with pytest.raises(TypeError, match="bots must be a list of bot functions"):
        Table.deal(seed=1).play("efficient")  # type: ignore[arg-type]


def test_the_wall_comes_from_the_tile_set() -> None:
    from kit.sichuan.rules import SICHUAN_TILES

    assert list(WALL) == SICHUAN_TILES.wall() and len(SICHUAN_TILES.kinds) == 27
    assert Table.tile_set(Rules()) is SICHUAN_TILES


def test_a_deal_result_checks_what_it_is_given() -> None:
    from kit.mahjong.actions import DealResult

    table = Table.deal(seed=2)
    with pytest.raises(TypeError, match="wins must be a tuple of Win values"):
        DealResult([], None, table.ledger)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ended_by must be a string or None"):
        DealResult((), 3, table.ledger)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="ledger must be a game's Ledger"):
        DealResult((), None, None)  # type: ignore[arg-type]
    assert DealResult((), None, table.ledger).describe() == "not over"
