"""The Hong Kong money: a ready hand valued by its waits, and pao counted for a discard."""

from __future__ import annotations

import math
import sys
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

# The benchmarks are scripts of the repository, not part of the installed kit: their folder
# is found from here, after every installed package (so that nothing installed is shadowed).
sys.path.append(str(Path(__file__).resolve().parent.parent))

from benchmarks.pao import PaoClaims, main, pao_claims, pao_claims_over
from kit.hongkong.coach import advise
from kit.hongkong.discards import context_of, rank_facts
from kit.hongkong.forecast import (
    PAO_CLAIMED,
    PAO_COST,
    _Reader,
    _value,
    outcomes,
    pao_chance,
    pao_claimers,
    pao_fit,
    parts,
)
from kit.hongkong.game import Discard, SeatView, pao_of
from kit.hongkong.payout import tile_set
from kit.hongkong.rules import Rules
from kit.hongkong.scenarios import LIABLE, WINNER, pao_table
from kit.mahjong.forecast import unseen_for
from kit.mahjong.tiles import Hand, Meld, MeldKind, Tile

PUNG_3P = Meld(MeldKind.PUNG, Tile.parse("3p"))


def view(rules: Rules = Rules()) -> SeatView:
    """Seat 0 of the pao scenario: West (seat 2) shows three exposed groups."""
    return pao_table(rules).view(LIABLE)


def test_a_pung_for_a_fourth_exposed_group_makes_pao() -> None:
    melds = (*Hand.parse("[555z][111p][789p]").melds, PUNG_3P)
    assert pao_of(melds, PUNG_3P) == "fourth exposed group"


def test_a_concealed_kong_is_no_exposed_group() -> None:
    kong = Meld(MeldKind.KONG, Tile.parse("9s"), concealed=True)
    melds = (*Hand.parse("[555z][111p]").melds, kong, PUNG_3P)
    assert pao_of(melds, PUNG_3P) is None


def test_a_third_dragon_pung_makes_pao() -> None:
    red = Meld(MeldKind.PUNG, Tile.parse("7z"))
    assert pao_of((*Hand.parse("[555z][666z]").melds, red), red) == "third dragon group"
    assert pao_of((*Hand.parse("[555z][111p]").melds, red), red) is None


def test_the_seat_one_claim_from_pao_is_named_for_tiles_it_could_pung() -> None:
    seen = view()
    unseen = unseen_for(seen, tile_set(seen.rules))
    for tile in sorted(set(seen.concealed)):
        expected = [WINNER] if unseen[tile.index] >= 2 else []
        assert pao_claimers(seen, tile) == expected, tile


def test_no_pao_without_the_rule() -> None:
    seen = view(Rules(pao=False))
    assert all(not pao_claimers(seen, tile) for tile in seen.concealed)


def test_a_discard_into_pao_costs_its_measured_chance_times_its_cost() -> None:
    seen = view()
    unseen = unseen_for(seen, tile_set(seen.rules))
    found = parts(seen)
    for action, part in found.items():
        assert isinstance(action, Discard)
        copies = unseen[action.tile.index]
        fit = pao_fit(action.tile, seen.all_melds[WINNER])
        chance = PAO_CLAIMED.get((min(copies, 3), fit), 0.0)
        assert part.liability == pytest.approx(chance * PAO_COST if copies >= 2 else 0.0)
    assert any(part.liability > 0 for part in found.values())


def test_a_flush_collector_is_feared_for_its_suit_and_the_honours_only() -> None:
    """West shows [555z] [111p] [789p]: its pairs are dots or honours, and with three copies
    unseen a dot is punged far more often than an honour, a bamboo never."""
    west = view().all_melds[WINNER]
    three = [3] * 34
    dot, honour, bamboo = (Tile.parse(t) for t in ("3p", "1z", "2s"))
    assert [pao_fit(t, west) for t in (dot, honour, bamboo)] == [
        "its suit",
        "honour",
        "another suit",
    ]
    assert pao_chance(dot, three, west) > pao_chance(honour, three, west) > 0
    assert pao_chance(bamboo, three, west) == 0.0
    # a seat that shows groups of two suits, or none, could keep a pair of any suit
    for shown in ("[111p][456s][555z]", "[555z][666z][111z]"):
        assert pao_fit(bamboo, Hand.parse(shown).melds) == "its suit"


def test_the_money_of_a_discard_drops_by_its_pao_cost() -> None:
    with_pao, without = outcomes(view()), outcomes(view(Rules(pao=False)))
    costs = {action: p.liability for action, p in parts(view()).items()}
    for action, outcome in with_pao.items():
        assert outcome.expected_net == pytest.approx(without[action].expected_net - costs[action])


def test_the_coach_says_which_discards_could_make_pao() -> None:
    options = {str(o.action.tile): o.reason for o in advise(view()).options}
    assert (
        "the West seat could pung it for its fourth exposed group (about 1 in 6 " in options["3p"]
    )
    assert options["3p"].endswith("you would then pay all of its win, should it come (pao).")
    assert "(about 1 in 23 such tiles is)" in options["1z"]
    # a bamboo, which a seat collecting dots has not been seen to pung, gets no warning
    assert "pao" not in options["2s"] and "pao" not in options["9s"]
    quiet = {str(o.action.tile): o.reason for o in advise(view(Rules(pao=False))).options}
    assert "pao" not in quiet["3p"]


def test_the_measurement_counts_claims_within_discards() -> None:
    found = pao_claims("coach", deals=3, seed="pao-test")
    assert found.deals == 3
    assert all(found.claimed[key] <= n for key, n in found.thrown.items())


def test_the_measurement_table_shows_the_shares() -> None:
    found = PaoClaims(3, Counter({(3, "honour"): 20}), Counter({(3, "honour"): 1}), 12.0)
    rows = found.rows()
    assert "| 3 | honour | 20 | 1 | 5.00% |" in rows
    assert rows[-1] == "1 claims into pao in 3 deals; a claim cost 12.0 on average"


def test_the_measurement_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coach", "--deals", "1", "--seeds", "pao-cli"]) == 0
    assert "claims into pao in 1 deals" in capsys.readouterr().out


def test_a_ready_hand_is_valued_by_its_waits_weighted_by_their_unseen_copies() -> None:
    seen = view()
    reader = _Reader(seen)
    first = rank_facts(context_of(seen), seen.hand)[0]
    low, high, cheap = Tile.parse("9m"), Tile.parse("6s"), Tile.parse("1s")
    ready = replace(first, shanten=0, waits_fan=((low, 3), (high, 7), (cheap, 1)))
    n_low, n_high = reader.unseen[low.index], reader.unseen[high.index]
    assert n_low and n_high and reader.unseen[cheap.index]
    # the 1-fan wait cannot win on a discard at a 3-fan table: it adds nothing
    expected = (n_low * _value(seen, 3) + n_high * _value(seen, 7)) / (n_low + n_high)
    assert reader.ready_value(ready) == pytest.approx(expected)
    assert reader.parts_of(ready, None).value == pytest.approx(expected)
    assert _value(seen, 3) < expected < _value(seen, 7)


def test_a_hand_not_ready_is_valued_by_its_path() -> None:
    seen = view()
    reader = _Reader(seen)
    first = rank_facts(context_of(seen), seen.hand)[0]
    assert first.shanten > 0 and reader.ready_value(first) is None
    fan = max(first.expected_fan, seen.rules.min_fan)
    assert reader.parts_of(first, None).value == pytest.approx(_value(seen, fan))


PAO_HELD_OUT = ("pao-held-out-a", "pao-held-out-b")
"""Seeds the pao check plays, 2,000 deals each, that the chances were not measured on."""
PAO_SEEN = 50
"""Discards each measured share is checked over, at least (a tile of the suit a seat one
claim from pao collects, with three copies unseen, is the rarest: about 1 in 50 deals)."""


@pytest.mark.soak
def test_the_pao_chances_the_coach_shows_come_true_on_other_deals() -> None:
    """The chance in the coach's words ("about 1 in 6 such tiles is") against played deals:
    each measured share within three standard errors (and one claim) of what happens, a
    share measured as none included; and no claim into pao of a tile with fewer than two
    copies unseen, which the coach never counts (no pung is possible, and a chow into pao
    was not seen when it was measured)."""
    found = pao_claims_over("coach", deals=2_000, seeds=PAO_HELD_OUT)
    for key, chance in PAO_CLAIMED.items():
        thrown, claimed = found.thrown[key], found.claimed[key]
        assert thrown >= PAO_SEEN, (key, thrown)
        error = math.sqrt(chance * (1 - chance) / thrown)
        assert abs(claimed / thrown - chance) <= 3 * error + 1 / thrown, (key, claimed, thrown)
    assert sum(n for key, n in found.claimed.items() if key[0] < 2) == 0


def test_what_lesson_6_says_of_the_pao_table_holds() -> None:
    """Hong Kong lesson 6 reads lesson 5's table in words: the 3p's pao costs about two
    points, enough to make it the last of East's fourteen discards; an honour's, half a
    point; a bamboo or a character, nothing."""
    seen = view()
    found = parts(seen)
    cost = {str(action.tile): part.liability for action, part in found.items()}
    assert len(cost) == 14
    assert round(cost["3p"]) == 2
    assert all(round(cost[t], 1) == 0.5 for t in ("1z", "3z", "4z", "6z", "7z"))
    assert all(cost[t] == 0 for t in ("1m", "4m", "7m", "2s", "5s", "8s", "9s"))
    assert str(advise(seen).options[-1].action.tile) == "3p"
