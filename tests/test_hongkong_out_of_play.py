"""A Hong Kong seat whose exposed groups leave no way to the minimum fan on a discard: no
tile thrown is a danger to it, and the coach says so."""

from __future__ import annotations

from dataclasses import replace

from kit.hongkong.coach import advise
from kit.hongkong.forecast import curves, outcomes, threats, wall_start
from kit.hongkong.game import Discard, SeatView, Table
from kit.hongkong.payout import tile_set
from kit.hongkong.scenarios import pao_table
from kit.mahjong.forecast import Seen, deal_in_risk, unseen_for
from kit.mahjong.tiles import TILES, Tile


def chowed_in_two_suits() -> SeatView:
    """East (seat 0) is to discard and holds two of each dragon; South (seat 1) chowed in
    characters and dots, so neither a flush nor all pungs is left to it, and with two of
    each dragon out of its reach no honour pungs can bring it 3 fan either."""
    table: Table = Table.arrange(
        [
            "55z 66z 77z 123s 456s 99m",
            "789s 11p 99s [123m] [456p]",
            "234m 567m 888p 22s 33s",
            "112234z 678m 789p 1m",
        ],
        turn=0,
        dealer=0,
        drawn="9m",
    )
    return table.view(0)


def test_a_seat_with_no_way_to_the_minimum_fan_is_no_danger() -> None:
    view = chowed_in_two_suits()
    unseen = unseen_for(view, tile_set(view.rules))
    seats = {seen.seat: seen for seen in threats(view, unseen)}
    assert len(seats[1].closed) == 34
    assert not seats[2].closed and not seats[3].closed  # nothing exposed: every path open
    # each discard's risk is the other two seats' alone; read without the closed kinds,
    # South would add to it
    danger = curves(view.rules)[1]
    start = wall_start(view.rules)

    def risk(tile: Tile, opponents: list[Seen]) -> float:
        return deal_in_risk(
            view, tile, danger, wall_start=start, unseen=unseen, opponents=opponents
        )

    found = outcomes(view)
    others = [seats[2], seats[3]]
    open_south = [replace(seats[1], closed=frozenset()), *others]
    lower = 0
    for action, outcome in found.items():
        if isinstance(action, Discard):
            assert outcome.deal_in_risk == risk(action.tile, others)
            assert outcome.deal_in_risk <= risk(action.tile, open_south)
            lower += outcome.deal_in_risk < risk(action.tile, open_south)
    assert lower > 0


def test_the_coach_says_which_seat_can_no_longer_win_on_a_discard() -> None:
    concept = advise(chowed_in_two_suits()).concept
    assert (
        "The South seat ([123m] [456p]) can no longer win on a discard: its exposed groups "
        "leave no way to 3 fan, so no tile you throw is a danger to it." in concept
    )
    assert "can no longer win" not in advise(pao_table().view(0)).concept


def test_with_the_dragons_within_reach_only_a_dragon_can_complete_its_hand() -> None:
    """Had East held one green (6z) and one red (7z), South could still make small three
    dragons (two dragon pungs and a dragon pair, with its two chows): only a dragon could
    then be its winning tile, and the other kinds stay closed."""
    view = chowed_in_two_suits()
    unseen = unseen_for(view, tile_set(view.rules))
    unseen[Tile.parse("6z").index] = 3
    unseen[Tile.parse("7z").index] = 3
    south = next(seen for seen in threats(view, unseen) if seen.seat == 1)
    assert [str(TILES[i]) for i in range(34) if i not in south.closed] == ["5z", "6z", "7z"]
