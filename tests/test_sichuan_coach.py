"""The Sichuan coach: void-aware shanten, hand-counted discards, legal advice, no peeking."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.coach import Advice, Review
from kit.mahjong.hands import improving_tiles, shanten
from kit.mahjong.tiles import SUITS, Hand, Tile, counts_of
from kit.mahjong.world import sample_world
from kit.recommendation import recommendation
from kit.sichuan import coach as coach_module
from kit.sichuan.bots import BOTS
from kit.sichuan.coach import (
    FLUSH_REACH,
    HOLD_MARGIN,
    SichuanFacts,
    advise,
    classic_advise,
    coach,
    discard_facts,
    flush_suit,
    hold_margin,
    quiet,
    rank_discards,
    unseen_counts,
)
from kit.sichuan.game import Action, ChooseVoid, Discard, Hu, Pass, Pung, SeatView, Table
from kit.sichuan.rules import FORMS
from kit.sichuan.scenarios import win_offered
from kit.sichuan.sim import simulate
from kit.words import amount_under

# --- void-aware shanten against a brute force ---------------------------------------------


@cache
def _targets(void: str) -> np.ndarray:
    """Every complete hand of four groups and a pair made of the two live suits (≤ 4 each)."""
    live = [s for s in SUITS if s != void]
    starts = [SUITS.index(s) * 9 for s in live]
    melds = []
    for start in starts:
        for rank in range(9):
            pung = np.zeros(27, np.int8)
            pung[start + rank] = 3
            melds.append(pung)
        for rank in range(7):
            chow = np.zeros(27, np.int8)
            chow[start + rank : start + rank + 3] = 1
            melds.append(chow)
    meld_matrix = np.array(melds)
    combos = np.array(list(itertools.combinations_with_replacement(range(len(melds)), 4)))
    groups = meld_matrix[combos].sum(axis=1)  # (n, 27)
    pairs = np.zeros((18, 27), np.int8)
    for i, index in enumerate(start + rank for start in starts for rank in range(9)):
        pairs[i, index] = 2
    full: np.ndarray = (groups[:, None, :] + pairs[None, :, :]).reshape(-1, 27)
    kept: np.ndarray = full[(full <= 4).all(axis=1)]
    return kept


def _brute_shanten(counts: list[int], void: str) -> int:
    """Tiles to replace to reach a complete hand, minus one; void tiles are never kept."""
    start = SUITS.index(void) * 9
    held = np.array(counts[:27], np.int8)
    held[start : start + 9] = 0
    standard = int(np.minimum(_targets(void), held).sum(axis=1).max())
    gains: list[int] = sorted(
        (gain for c in held.tolist() for gain in (min(c, 2), min(max(c - 2, 0), 2))),
        reverse=True,
    )
    pairs = sum(gains[:7])
    return 14 - max(standard, pairs) - 1


def _random_hand(rng: random.Random, size: int) -> tuple[list[int], str]:
    void = rng.choice(SUITS)
    wall = [Tile(i) for i in range(27) for _ in range(4)]
    dead = [t for t in wall if t.suit == void]
    live = [t for t in wall if t.suit != void]
    k = rng.randint(0, 7)
    tiles = rng.sample(dead, k) + rng.sample(live, size - k)
    return counts_of(tiles), void


@pytest.mark.parametrize("size", [14, 13])
def test_dead_suit_shanten_matches_a_brute_force(size: int) -> None:
    rng = random.Random(size)
    for _ in range(25):
        counts, void = _random_hand(rng, size)
        assert shanten(counts, FORMS, dead_suit=void) == _brute_shanten(counts, void), counts


def test_dead_suit_shanten_without_dead_tiles_is_the_plain_shanten() -> None:
    rng = random.Random(3)
    for _ in range(200):
        void = rng.choice(SUITS)
        live = [Tile(i) for i in range(27) if Tile(i).suit != void for _ in range(4)]
        counts = counts_of(rng.sample(live, 14))
        assert shanten(counts, FORMS, dead_suit=void) == shanten(counts, FORMS)


def test_dead_tiles_only_wait_to_be_thrown() -> None:
    # Four groups and two dead tiles: throw one, draw a live tile, throw the other.
    assert shanten(Hand.parse("123456789p123s9m9m"), FORMS, dead_suit="m") == 1
    # Six pairs and two dead tiles: no live single is left to pair, so a pair costs two.
    assert shanten(Hand.parse("112233p445566s19m"), FORMS, dead_suit="m") == 1
    assert shanten(Hand.parse("11223p44556s1199m"), FORMS, dead_suit="m") == 3
    with pytest.raises(ValueError, match="dead_suit must be m, p or s"):
        shanten(Hand.parse("123456789p123s99m"), FORMS, dead_suit="z")


def test_improving_tiles_are_the_tiles_that_lower_the_shanten() -> None:
    rng = random.Random(9)
    for _ in range(40):
        counts, void = _random_hand(rng, 13)
        before = shanten(counts, FORMS, dead_suit=void)
        expected = []
        for index in range(34):  # honours too: outside Sichuan they can pair
            if counts[index] < 4:
                counts[index] += 1
                if shanten(counts, FORMS, dead_suit=void) < before:
                    expected.append(Tile(index))
                counts[index] -= 1
        assert improving_tiles(counts, FORMS, dead_suit=void) == expected


# --- hand-worked discards ----------------------------------------------------------------


def test_a_void_tile_goes_first_and_acceptance_subtracts_visible_copies() -> None:
    # After 9m: 123 456 789p and 1257s, one step from ready. Improving: 1s 2s 5s 7s
    # (3 unseen each: one held), 6s (4 unseen) and 3s (4 - 2 in view = 2): 18.
    table = rank_discards("123456789p1257s9m", void="m", visible=["3s", "3s"])
    best = table.iloc[0]
    assert (best["discard"], best["shanten"], best["acceptance"]) == ("9m", 1, 18)
    assert best["tiles"] == "1s 2s 3s 5s 6s 7s"
    assert "void suit" in best["reason"]
    assert table.iloc[1]["shanten"] == 1  # as close, but the void tile must still go
    without = rank_discards("123456789p1257s9m", void="m")
    assert without.iloc[0]["acceptance"] == 20


def test_an_isolated_tile_off_a_flush_goes() -> None:
    # Nine gates in dots and a lone 5s: throwing 5s waits on every dot. Unseen: 1p 1,
    # 2p-8p 3 each except 5p (3 - 2 in view = 1), 9p 1: 1 + 18 + 1 + 1 = 21.
    table = rank_discards("1112345678999p5s", void="m", visible="55p")
    best = table.iloc[0]
    assert (best["discard"], best["shanten"], best["acceptance"]) == ("5s", 0, 21)
    assert best["off_suit"] == 0
    assert "full-flush" in best["reason"]
    assert "ready" in best["reason"]


def test_the_void_first_rule_holds_for_every_hand() -> None:
    rng = random.Random(4)
    for _ in range(30):
        counts, void = _random_hand(rng, 14)
        tiles = [Tile(i) for i, c in enumerate(counts) for _ in range(c)]
        table = rank_discards(Hand(tuple(tiles)), void=void)
        assert len(table) == len(set(tiles))
        if any(t.suit == void for t in tiles):
            assert bool(table.iloc[0]["void_tile"])
        else:
            assert list(table["shanten"]) == sorted(table["shanten"])


def test_melds_count_as_held_and_kongs_as_three() -> None:
    # Throwing 2p leaves 345p 67s 99s, ready on 5s and 8s; the kong holds every 8s.
    facts = discard_facts("2345p6799s[111p](8888s)", void="m")
    best = facts[0]
    assert (best.tile, best.shanten, best.tiles, best.acceptance) == (
        Tile.parse("2p"),
        0,
        (Tile.parse("5s"),),
        4,
    )
    assert unseen_counts("2345p6799s[111p](8888s)")[Tile.parse("1p").index] == 1


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="14-tile hand"):
        rank_discards("123456789p1257s", void="m")
    with pytest.raises(ValueError, match="honour"):
        rank_discards("123456789p125s1z", void="m")
    with pytest.raises(ValueError, match="void must be one of m, p, s"):
        rank_discards("123456789p1257s9m", void="z")
    with pytest.raises(ValueError, match="only four"):
        rank_discards("123456789p1257s9m", void="m", visible=["9m", "9m", "9m", "9m"])
    with pytest.raises(ValueError, match="void suit"):
        rank_discards("123456789p12s[999m]", void="m")
    with pytest.raises(TypeError, match="rules"):
        rank_discards("123456789p1257s9m", void="m", rules=None)  # type: ignore[arg-type]


# --- advice in play ----------------------------------------------------------------------


def _in_play(seed: int, steps: int) -> Table:
    rng = random.Random(seed)
    table = Table.deal(seed=seed)
    for _ in range(steps):
        if table.phase == "over":
            break
        seat = table.to_move()[0]
        table.apply(rng.choice(table.legal_actions(seat)))
    return table


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80))
def test_advice_is_legal_and_blind_to_hidden_tiles(seed: int, steps: int) -> None:
    table = _in_play(seed, steps)
    if table.phase == "over":
        return
    for seat in table.to_move():
        advice = advise(table.view(seat))
        legal = table.legal_actions(seat)
        assert advice.action in legal
        assert all(option.action in legal for option in advice.options)
        assert coach(table.view(seat)) == advice.action
        other = sample_world(table.view(seat), random.Random(seed + 1))
        again = advise(other.view(seat))
        assert again.action == advice.action
        assert again.to_frame().equals(advice.to_frame())


OTHERS = ["1112223334445m", "6667778883456m", "2233445566778p"]


def test_void_advice_names_the_thinnest_suit_with_facts() -> None:
    table = Table.arrange(["123456789p1257s9m", *OTHERS], voids=[None] * 4, phase="void")
    advice = advise(table.view(0))
    assert advice.action == ChooseVoid(0, "m")
    best = advice.best.facts
    assert isinstance(best, SichuanFacts)
    assert (best.tiles_to_throw, best.shanten) == (1, 1)
    line = advice.review_line(ChooseVoid(0, "s"))
    assert not line.good
    assert line.lost == "name s void: 2 more steps from ready"


def _claim_table() -> Table:
    hands = ["1112345678999p5s", "55s123m456m789m19p", "1112223334445s", "667788s999s2345p"]
    table = Table.arrange(hands, voids=list("mpmm"), phase="discard")
    table.apply(Discard(0, Tile.parse("5s")))
    return table


def test_claim_advice_pungs_when_it_brings_the_hand_closer() -> None:
    table = _claim_table()
    advice = classic_advise(table.view(1))
    assert advice.action == Pung(1)
    passing = advice.option_for(Pass(1))
    assert passing is not None
    assert (advice.best.facts.fact("shanten"), passing.facts.fact("shanten")) == (1, 2)
    assert advice.review_line(Pass(1)).lost == "pass: 1 more step from ready"


def _gap(advice: Advice) -> float:
    passing, banked = advice.option_for(Pass(2)), advice.option_for(Hu(2))
    assert passing is not None and passing.outcome is not None
    assert banked is not None and banked.outcome is not None
    return passing.outcome.expected_net - banked.outcome.expected_net


def test_a_win_on_a_discard_is_ranked_by_its_money() -> None:
    """A full-flush hand with four waits, offered a win at the first discard, is worth more
    held for a self-draw that every player pays: the coach passes. With four tiles left in
    the wall it passes too: if the wall runs out, each player who is not ready pays its
    largest hand. With 30 left, on a quiet table, neither comes soon enough, and the win is
    banked. In between, on a quiet table, a hold forecast to bring any more is taken; once
    another player shows two groups, a hold forecast to bring less than the margin more is
    not worth the risk: the win is banked, and its reason says by how little
    (reference/sichuan.md#coach)."""
    early = advise(_claim_table().view(2))
    late_table = win_offered(wall_size=4)
    late = advise(late_table.view(2))
    assert early.action == Pass(2) and "you hold out" in early.best.reason
    assert late.action == Pass(2) and coach(late_table.view(2)) == Pass(2)
    assert "each player who is not ready pays you the most your hand can win" in late.best.reason
    middle_table = win_offered(wall_size=30)
    middle = advise(middle_table.view(2))
    assert quiet(middle_table.view(2)) and _gap(middle) < 0
    assert middle.action == Hu(2) and coach(middle_table.view(2)) == Hu(2)
    for advice in (early, late, middle):
        nets = [o.outcome.expected_net for o in advice.options if o.outcome is not None]
        assert advice.best.outcome is not None
        assert advice.best.outcome.expected_net == max(nets)
    win = early.option_for(Hu(2))
    assert win is not None and win.outcome is not None
    assert win.outcome.win_chance == 1.0
    assert "expected" in early.review_line(Hu(2)).lost
    quiet_table = win_offered(wall_size=22)
    assert quiet(quiet_table.view(2)) and hold_margin(quiet_table.view(2)) == 0
    calm = advise(quiet_table.view(2))
    assert 0 < _gap(calm) < HOLD_MARGIN, _gap(calm)
    assert calm.action == Pass(2) and "you hold out" in calm.best.reason
    busy_table = win_offered(wall_size=22, busy=True)
    assert not quiet(busy_table.view(2)) and hold_margin(busy_table.view(2)) == HOLD_MARGIN
    close = advise(busy_table.view(2))
    gap = _gap(close)
    assert 0 < gap < HOLD_MARGIN, gap
    assert close.action == Hu(2) and coach(busy_table.view(2)) == Hu(2)
    said = amount_under(gap, HOLD_MARGIN)
    assert float(said) < HOLD_MARGIN, said  # never "only 1 more, under the 1 stake"
    assert (
        f"only {said} more, under the 1 stake a hold must clear while another player "
        "shows 2 exposed groups or more"
    ) in close.best.reason
    assert "While no other player shows 2 exposed groups, more is enough" in close.concept


def test_a_table_is_quiet_while_no_other_player_in_play_shows_two_groups() -> None:
    """Groups shown by the seat itself, or by a player who has already won, do not count."""
    view = win_offered(wall_size=22, busy=True).view(2)
    assert not quiet(view)
    assert quiet(replace(view, in_play=tuple(s for s in view.in_play if s != 1)))
    assert quiet(win_offered(wall_size=22, busy=True).view(1))


def test_hints_step_from_nudge_to_reveal_and_the_review_names_the_loss() -> None:
    table = Table.arrange(["123456789p1257s9m", *OTHERS], voids=list("mppp"), phase="discard")
    advice = advise(table.view(0))
    assert "void" in advice.hint(1)
    worst = advice.options[-1]
    assert worst.label in advice.hint(2, chosen=worst.action)
    assert "discard 9m" in advice.hint(3)
    review = Review()
    line = review.record(advice, Discard(0, Tile.parse("1s")))
    assert line.lost == "kept 9m, a void tile: it still has to be thrown"
    assert review.record(advice, Discard(0, Tile.parse("9m"))).good
    assert review.agreed == 1


def test_kept_tile_loss_words_count_improving_tiles() -> None:
    hands = ["1112345678999p5s", "1112223334445m", "6667778883456m", "2233445566778s"]
    table = Table.arrange(hands, voids=list("mpsp"), phase="discard")
    advice = advise(table.view(0))
    assert advice.action == Discard(0, Tile.parse("5s"))
    line = advice.review_line(Discard(0, Tile.parse("9p")))
    assert line.lost.startswith("kept 5s: ")


def test_the_coach_plays_whole_deals_in_simulate() -> None:
    names = ["coach", "flush-hunter", "efficient", "flush-hunter"]
    frame = simulate(6, bots=names, seed=8, progress=False)
    again = simulate(6, bots=names, seed=8, progress=False)
    assert frame.equals(again)
    assert (frame[[f"net_{s}" for s in range(4)]].sum(axis=1) == 0).all()
    assert BOTS["coach"] is coach
    result = Table.deal(seed=5).play([coach] * 4)
    assert sum(result.net) == 0


def test_bad_input_gets_a_clear_error() -> None:
    from kit.hongkong.game import Table as HongKongTable

    with pytest.raises(TypeError, match="Sichuan seat view"):
        advise(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Sichuan seat view"):
        coach(HongKongTable.deal(seed=1).view(0))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="others"):
        rank_discards("123456789p1257s9m", void="m", others=["s"] * 5)
    with pytest.raises(ValueError, match="others"):
        rank_discards("123456789p1257s9m", void="m", others=["x"])
    with pytest.raises(TypeError, match="others"):
        rank_discards("123456789p1257s9m", void="m", others="ms")
    with pytest.raises(TypeError, match="visible"):
        rank_discards("123456789p1257s9m", void="m", visible=[None])  # type: ignore[list-item]


# --- a claim ranks by the facts it shows --------------------------------------------------

CLAIM_FACTS = {"shanten": 1, "acceptance": -1, "kong_money": -1, "keeps_seven_pairs": -1}
"""The claim facts, and which way is better: 1 when smaller is better, -1 when larger is."""


def _beats(better: SichuanFacts, worse: SichuanFacts, names: tuple[str, ...]) -> bool:
    """At least as good on every fact of ``names`` that both set, and better on one."""
    pairs = [
        (CLAIM_FACTS[n] * float(b), CLAIM_FACTS[n] * float(w))
        for n in names
        if n in CLAIM_FACTS
        and n in better.names()
        and (b := better.fact(n)) is not None
        and (w := worse.fact(n)) is not None
    ]
    return bool(pairs) and all(b <= w for b, w in pairs) and any(b < w for b, w in pairs)


def test_a_pung_that_widens_a_ready_hand_is_taken() -> None:
    # Seat 1 is ready on 3566677s with two melds, waiting on 4s (4 unseen). Punging the 7s
    # thrown and throwing 3s leaves 566s + 7s... still ready, on 8 unseen tiles: as near,
    # with twice the tiles, so the pung ranks above passing.
    hands = ["1112345678999m7s", "3566677s[444p][2222p]", "1112223338889s", "1133557788999p"]
    table = Table.arrange(hands, voids=list("pmmm"), phase="discard")
    table.apply(Discard(0, Tile.parse("7s")))
    advice = classic_advise(table.view(1))
    pung, passing = advice.option_for(Pung(1)), advice.option_for(Pass(1))
    assert pung is not None and passing is not None
    assert (pung.facts.fact("shanten"), pung.facts.fact("acceptance")) == (0, 8)
    assert (passing.facts.fact("shanten"), passing.facts.fact("acceptance")) == (0, 4)
    assert advice.action == Pung(1)
    assert advice.review_line(Pass(1)).lost == "pass: 4 fewer unseen improving tiles"


def test_claims_follow_their_facts_over_random_deals() -> None:
    checked = 0
    for seed in range(60):
        table = Table.deal(seed=seed)
        bots = [coach] * 4
        while table.phase != "over":
            if table.phase == "claim":
                for seat in table.to_move():
                    advice = classic_advise(table.view(seat))
                    facts = [SichuanFacts.of(o) for o in advice.options]
                    for i, higher in enumerate(facts):
                        for lower in facts[i + 1 :]:
                            assert not _beats(lower, higher, tuple(CLAIM_FACTS)), advice.options
                    for other in advice.options[1:]:
                        shown = advice.hint(2, chosen=other.action)
                        assert not _beats(SichuanFacts.of(other), facts[0], advice.shown), shown
                    checked += 1
            seat = table.to_move()[0]
            table.apply(bots[seat](table.view(seat)))
    assert checked > 300


def test_a_ready_hand_keeps_the_wait_worth_more_money() -> None:
    # Seat 0 can be ready two ways. Throwing 4p waits on 3p or 6p: 8 unseen tiles for a
    # plain win, 1 stake on a discard. Throwing 5p waits on 4p or 1s to make a pung: only 4
    # tiles, but then every group is a pung, a fan more: 2 stakes on a discard. The shape
    # coach keeps the most winning tiles; the forecast coach the wait worth more money.
    hands = ["445p11s[999p][888p][999s]", *OTHERS[:2], "2233445566778s"]
    view = Table.arrange(hands, voids=list("mppp"), phase="discard").view(0)
    advice, shape = advise(view), classic_advise(view)
    fours, fives = Discard(0, Tile.parse("4p")), Discard(0, Tile.parse("5p"))
    assert shape.action == fours and advice.action == fives
    kept = advice.option_for(fours)
    assert kept is not None and kept.outcome is not None and advice.best.outcome is not None
    best_facts, kept_facts = SichuanFacts.of(advice.best), SichuanFacts.of(kept)
    assert (best_facts.shanten, best_facts.acceptance) == (0, 4)
    assert (kept_facts.shanten, kept_facts.acceptance) == (0, 8)
    gap = advice.best.outcome.expected_net - kept.outcome.expected_net
    assert coach_module.READY_MARGIN <= gap < 2  # lesson Sichuan 06: "almost two stakes more"
    assert advice.shown[:3] == ("void_tiles_left", "shanten", "expected_net")
    assert "worth up to 2 each on a discard" in advice.best.reason
    assert "the most money expected" in advice.best.reason
    assert "worth up to 1 each on a discard" in kept.reason
    assert "forecast to bring at least 1 stake more, choose by the money" in advice.hint(1)
    assert advice.review_line(fours).lost.startswith("discard 4p: ")
    assert "less money expected" in advice.review_line(fours).lost
    assert (
        advice.review_line(Discard(0, Tile.parse("1s"))).lost == "kept 5p: 1 more step from ready"
    )


def test_ready_discards_follow_their_money_over_random_deals() -> None:
    """Where no full flush is in reach and the best discard keeps the hand ready, the coach
    keeps the shape's choice (the most winning tiles) unless another ready discard is
    forecast to bring at least the margin more; then the discards that keep the hand ready
    come first, in order of money, and the comparison quotes the money."""
    margin = coach_module.READY_MARGIN
    kept = moved = 0
    for seed in range(60):
        table = Table.deal(seed=seed)
        while table.phase != "over":
            seat = table.to_move()[0]
            view = table.view(seat)
            if table.phase == "discard" and len(view.legal_actions()) > 1 and not flush_suit(view):
                advice = advise(view)
                if coach_module._keeps_ready(advice.best):
                    ready = [o for o in advice.options if coach_module._keeps_ready(o)]
                    money = [o.outcome.expected_net for o in ready if o.outcome]
                    accept = [SichuanFacts.of(o).acceptance or 0 for o in ready]
                    # the shape's choice: the most winning tiles, then the most money
                    shaped = max(m for m, a in zip(money, accept, strict=True) if a == max(accept))
                    if accept[0] == max(accept):
                        assert max(money) < shaped + margin, money
                        kept += 1
                    else:
                        assert money[0] >= shaped + margin, money
                        assert list(advice.options[: len(ready)]) == ready
                        assert money == sorted(money, reverse=True)
                        worse = ready[accept.index(max(accept))]
                        assert "expected net" in advice.hint(2, chosen=worse.action)
                        moved += 1
            table.apply(coach(view))
    assert kept > 100 and moved > 3, (kept, moved)


def test_passing_keeps_seven_pairs_and_says_so() -> None:
    # Seat 0 holds four pairs (2p 7p 3s 6s): 2 steps from seven pairs, as from four groups
    # and a pair. Punging the 2p leaves more improving tiles (26 against 15) but shows a group,
    # and seven pairs (2 fan) must be fully concealed: the coach passes, and shows why.
    hands = ["224677p1334668s", "2369m3p22368s555m", "6m13556899p3467s", "447m1378p124459s2p"]
    table = Table.arrange(hands, voids=list("mpmp"), phase="discard", turn=3)
    table.apply(Discard(3, Tile.parse("2p")))
    advice = classic_advise(table.view(0))
    assert advice.action == Pass(0)
    assert "keeps_seven_pairs" in advice.shown
    assert "keeps seven pairs yes" in advice.hint(2, chosen=Pung(0))
    assert (
        advice.review_line(Pung(0)).lost == "pung 2p: gives up seven pairs (2 fan, fully concealed)"
    )


# --- a full flush in reach ------------------------------------------------------------------

FLUSH_OTHERS = ["1112223334445p", "5556667778889p", "1112223334445s"]


def _flush_view(hand: str, voids: str = "pmms") -> SeatView:
    return Table.arrange([hand, *FLUSH_OTHERS], voids=list(voids), phase="discard").view(0)


def test_a_hand_near_a_full_flush_throws_the_other_suit_first() -> None:
    # Eleven characters and three bamboo: throwing 8m keeps the most improving tiles (15)
    # of the discards that leave the hand 1 step from ready, but 8s is as near (14 tiles)
    # and leaves two tiles outside characters.
    view = _flush_view("12344567889m138s")
    assert flush_suit(view) == "m"
    advice, shape = advise(view), classic_advise(view)
    assert shape.action == Discard(0, Tile.parse("8m"))
    assert advice.action == Discard(0, Tile.parse("8s"))
    best, kept = advice.best, advice.option_for(Discard(0, Tile.parse("8m")))
    assert kept is not None
    assert SichuanFacts.of(best).off_suit_tiles == 2 and SichuanFacts.of(kept).off_suit_tiles == 3
    # lesson Sichuan 06 quotes these: as near ready, one improving tile fewer
    assert (SichuanFacts.of(best).shanten, SichuanFacts.of(best).acceptance) == (1, 14)
    assert (SichuanFacts.of(kept).shanten, SichuanFacts.of(kept).acceptance) == (1, 15)
    assert advice.shown[:2] == ("void_tiles_left", "off_suit_tiles")
    assert "full flush of characters: 2 fan, 4 times a plain win" in advice.hint(1)
    assert "2 tiles outside characters, so a full flush (2 fan) stays in reach" in best.reason
    line = advice.review_line(Discard(0, Tile.parse("8m")))
    assert (
        line.lost
        == "kept 8s: a tile outside characters, one more between the hand and a full flush"
    )
    assert "off suit tiles (2 against 3)" in recommendation(advice)


def test_a_tile_outside_the_flush_suit_goes_first_only_within_a_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A ready hand of plain value: every bamboo tile costs a step, and goes first; the
    # characters that keep the hand ready come after them.
    advice = advise(_flush_view("12344566789m567s"))
    discards = [o for o in advice.options if isinstance(o.action, Discard)]
    quickest = min(SichuanFacts.of(o).shanten or 0 for o in discards)
    assert quickest == 0
    outside = [o.action.tile.suit != "m" for o in discards]
    ahead = outside.index(False)
    assert all(outside[:ahead]) and ahead == 3
    assert all(SichuanFacts.of(o).shanten == quickest + 1 for o in discards[:ahead])
    # allowed no step at all, the rule leaves this hand to the shape ranking
    monkeypatch.setattr(coach_module, "FLUSH_STEPS", 0)
    strict = advise(_flush_view("12344566789m567s"))
    assert strict.action == classic_advise(_flush_view("12344566789m567s")).action
    assert isinstance(strict.action, Discard) and strict.action.tile.suit == "m"


def test_no_flush_is_aimed_at_with_a_group_of_another_suit_or_too_many_other_tiles() -> None:
    shown_pung = Table.arrange(
        ["1234567889m8s[555s]", *FLUSH_OTHERS], voids=list("pmms"), phase="discard"
    ).view(0)
    assert flush_suit(shown_pung) is None
    assert advise(shown_pung).action == classic_advise(shown_pung).action
    four_off = _flush_view("1345567788m3457s")
    assert sum(t.suit != "m" for t in four_off.concealed) == FLUSH_REACH + 1
    assert flush_suit(four_off) is None
    assert advise(four_off).action == Discard(0, Tile.parse("1m"))
    assert flush_suit(_flush_view("1134556778m3457s", voids="mmms")) is None  # void tiles held
    assert flush_suit(_flush_view("11123455667788m")) is None  # already one suit


def test_a_single_winning_tile_is_counted_in_the_singular() -> None:
    # Two 1p are in view: throwing 2p leaves a wait on the last 1p alone.
    reasons = rank_discards("123456789m1234p5p", void="s", visible=["1p", "1p"])
    by_tile = dict(zip(reasons["discard"], reasons["reason"], strict=True))
    assert "and 1 unseen tile (1p) would win" in by_tile["2p"]
    assert "and 3 unseen tiles (5p) would win" in by_tile["4p"]


def test_giving_up_a_ready_hand_late_in_the_wall_names_the_check() -> None:
    """Once under :data:`LATE_WALL` of the wall is left, what a discard that gives up a ready
    hand cost says why it is dear: the check when the wall runs out. Earlier it does not,
    and a discard that keeps the hand ready never does."""
    from kit.sichuan.coach import LATE_WALL, _keeps_ready
    from kit.sichuan.forecast import WALL_START

    words = "pays each ready player that player's largest hand"
    seen = {True: 0, False: 0}
    for view in _decisions(range(8)):
        if view.seat == 0 and view.phase == "discard" and view.is_turn:
            advice = advise(view)
            if _keeps_ready(advice.best):
                late = view.wall_size < LATE_WALL * WALL_START
                for option in advice.options[1:]:
                    if not isinstance(option.action, Discard):
                        continue
                    lost = advice.review_line(option.action).lost
                    gives_up = not _keeps_ready(option) and "flower pig" not in lost
                    assert (words in lost) == (late and gives_up), (view.wall_size, lost)
                    seen[late] += gives_up
                    if late and gives_up and view.wall_size:
                        assert f"with {view.wall_size} tile" in lost
                    elif late and gives_up:  # no "0 tiles": the wall is empty
                        assert "with the wall empty" in lost
    assert seen[True] and seen[False]


def _decisions(
    seeds: range, seat_zero: Callable[[SeatView], Action] = BOTS["coach"]
) -> Iterator[SeatView]:
    """Every decision of the seeded deals, as the deciding seat's view, before it is played:
    seat 0 by ``seat_zero``, the others by the coach."""
    for seed in seeds:
        table = Table.deal(seed=seed)
        while table.phase != "over":
            seat = table.to_move()[0]
            view = table.view(seat)
            yield view
            table.apply((seat_zero if seat == 0 else BOTS["coach"])(view))


def _void_kept(view: SeatView) -> Discard | None:
    """The discard of a learner who keeps the void suit: any other tile goes first (None: no
    such choice)."""
    if view.phase != "discard" or not view.is_turn or view.void is None:
        return None
    others = [
        a for a in view.legal_actions() if isinstance(a, Discard) and a.tile.suit != view.void
    ]
    return others[0] if others else None


def _void_keeper(view: SeatView) -> Action:
    """A learner who keeps the void suit, and otherwise plays as the coach."""
    return _void_kept(view) or BOTS["coach"](view)


def test_keeping_a_void_tile_late_counts_the_flower_pig_and_says_so() -> None:
    """A hand still holding a tile of its void suit when the wall runs out is a flower pig,
    and pays the most a hand can win to each other player in play. A discard that keeps
    more of them than the seat may have turns left to throw them carries that payment in
    its forecast, times the chance (:func:`pig_chance`, which also counts the tiles of the
    suit it may draw), and what it cost names the check in place of a hand not ready's;
    one with turns enough to spare is not said to risk it. Seat 0 keeps its void tiles here, so late
    positions that hold them come up."""
    from kit.mahjong.forecast import draws_left, unseen_for
    from kit.sichuan.coach import LATE_WALL
    from kit.sichuan.forecast import WALL_START, parts, pig_chance
    from kit.sichuan.rules import SICHUAN_TILES

    late = LATE_WALL * WALL_START
    seen = {True: 0, False: 0}
    for view in _decisions(range(6), _void_keeper):
        if view.seat == 0 and _void_kept(view) is not None and view.wall_size < late:
            draws, pays = draws_left(view), view.rules.max_value * (len(view.in_play) - 1)
            unseen, at = unseen_for(view, SICHUAN_TILES), SUITS.index(view.void or "m") * 9
            found = parts(view)
            advice = advise(view)
            best_left = SichuanFacts.of(advice.best).void_tiles_left or 0
            for option in advice.options:
                if not isinstance(option.action, Discard):
                    continue
                left = SichuanFacts.of(option).void_tiles_left or 0
                chance = pig_chance(left, draws)  # the turns alone, as the words read it
                drawn = pig_chance(left, draws, sum(unseen[at : at + 9]), sum(unseen))
                assert found[option.action].end_penalty == pytest.approx(drawn * pays)
                assert drawn >= chance
                if left > best_left:
                    lost = advice.review_line(option.action).lost
                    assert ("flower pig" in lost) == (chance > 0), (view.wall_size, lost)
                    if chance > 0:  # a pig pays more, and not the not-ready part as well
                        assert "a hand not ready" not in lost, lost
                    seen[chance > 0] += 1
    assert seen[True] and seen[False]
