"""The Hong Kong coach: hand-worked positions, legal advice, and no peeking at hidden tiles."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kit.coach import Advice, Option
from kit.hongkong.bots import BOTS
from kit.hongkong.coach import (
    HongKongFacts,
    advise,
    classic_advise,
    coach,
    discard_advice,
    discard_facts,
    rank_discards,
)
from kit.hongkong.danger import Opponent, risk_cost
from kit.hongkong.fan_distance import all_distances, fan_paths, fan_shanten, handicap, plans_for
from kit.hongkong.game import Discard, Hu, Pass, Pung, Table
from kit.hongkong.payout import tile_set
from kit.hongkong.rules import Rules
from kit.hongkong.sim import simulate
from kit.mahjong.hands import combine_classes, suit_class, tiles_missing
from kit.mahjong.reading import unseen_counts
from kit.mahjong.tiles import ALL_TILES, Hand, Meld, MeldKind, Tile
from kit.mahjong.world import sample_world


def test_acceptance_is_counted_by_hand_with_visible_copies() -> None:
    # Throwing 9p leaves 123m 456p 789s 11z 45m: ready on 3m or 6m. One 3m is in the
    # hand, so 3 + 4 = 7 copies are unseen; with 3m, 6m, 6m in view, 2 + 2 = 4.
    table = rank_discards("123m456p789s11z45m9p")
    best = table.iloc[0]
    assert (best["discard"], best["shanten"], best["acceptance"]) == ("9p", 0, 7)
    assert best["tiles"] == "3m 6m"
    seen = rank_discards("123m456p789s11z45m9p", visible=["3m", "6m", "6m"])
    assert seen.iloc[0]["acceptance"] == 4


def test_a_ready_hand_that_cannot_score_is_not_ready() -> None:
    # Throwing 5z makes the hand ready (shanten 0), but no wait reaches 3 fan on a
    # discard. Throwing 1p keeps the half flush in characters (with the red pung) two
    # tiles away and no slow path is needed, so it ranks first and 5z below it.
    facts = {str(f.tile): f for f in discard_facts("5567899m123p5777z")}
    assert facts["5z"].shanten == 0 and facts["5z"].worthless_ready
    assert facts["5z"].fan_shanten == 2
    table = rank_discards("5567899m123p5777z")
    assert table.iloc[0]["discard"] == "1p"
    assert (table.iloc[0]["fan_shanten"], table.iloc[0]["effort"]) == (2, 2)
    order = list(table["discard"])
    assert order.index("1p") < order.index("5z")
    assert "no wait reaches 3 fan" in str(table.set_index("discard").loc["5z", "reason"])


def test_a_tile_that_breaks_the_only_path_to_three_fan_goes_last() -> None:
    # White and green pungs with the concealed hand make 3 fan; throwing either breaks it.
    table = rank_discards("123m456p78s555z666z").set_index("discard")
    fan = {tile: int(value) for tile, value in table["fan_shanten"].items()}
    assert fan["7s"] == 0
    assert fan["5z"] > fan["7s"] and fan["6z"] > fan["7s"]
    assert "concealed hand" in str(table.loc["7s", "best_path"])


def test_an_isolated_tile_off_the_flush_goes_first() -> None:
    table = rank_discards("1112345678p55z3s9m")
    assert table.iloc[0]["discard"] in ("9m", "3s")
    assert table.iloc[0]["best_path"] == "half flush in dots"
    assert "half flush in dots" in table.iloc[0]["reason"]


def test_fan_shanten_sees_worthless_waits() -> None:
    # Ready on 1z or 2z. East's pung is worth 2 (seat and round wind) + concealed = 3.
    assert fan_shanten("123m456p789s11z22z") == 0
    # In the West round at the West seat neither pung scores: ready, but worthless.
    assert fan_shanten("123m456p789s11z22z", seat_wind="W", round_wind="W") == 2
    # Ready on 5z or 6z, but one dragon pung + concealed is 2 fan. Both pungs need a 5z and
    # a 6z and a chow broken into a pair: 3 tiles missing, 2 from ready.
    assert fan_shanten("123m456p789s55z66z") == 2


def test_the_two_player_table_has_only_its_tiles() -> None:
    rules = Rules(players=2)
    table = rank_discards("19m19s123456p1z2z55z", rules=rules, seat_wind="S")
    for tiles in table["tiles"]:
        for text in tiles.split():
            tile = Tile.parse(text)
            assert not (tile.suit in "ms" and 2 <= tile.number <= 8), text
    with pytest.raises(ValueError, match="seat_wind"):
        rank_discards("19m19s123456p1z2z55z", rules=rules, seat_wind="W")
    with pytest.raises(ValueError, match="two-player table has no 5m"):
        rank_discards("5m9m19s1234567p1z2z55z", rules=rules)


def test_bad_input_is_named() -> None:
    with pytest.raises(ValueError, match="14-tile hand"):
        rank_discards("123m456p789s11z4m")
    with pytest.raises(TypeError, match="rules"):
        rank_discards("123m456p789s11z45m9p", rules=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="more than four 3m"):
        rank_discards("123m456p789s11z45m9p", visible=["3m"] * 4)
    with pytest.raises(TypeError, match="seat view"):
        advise("not a view")  # type: ignore[arg-type]


def _deal_in_play(seed: int, steps: int, players: int = 4) -> Table:
    rng = random.Random(seed)
    table = Table.deal(Rules(players=players), seed=seed)
    for _ in range(steps):
        if table.phase == "over":
            break
        seat = table.to_move()[0]
        table.apply(rng.choice(table.legal_actions(seat)))
    return table


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 80), players=st.sampled_from([4, 2]))
def test_advice_is_legal_and_blind_to_hidden_tiles(seed: int, steps: int, players: int) -> None:
    table = _deal_in_play(seed, steps, players)
    if table.phase == "over":
        return
    seat = table.to_move()[0]
    advice = advise(table.view(seat))
    legal = table.legal_actions(seat)
    assert advice.action in legal
    assert all(option.action in legal for option in advice.options)
    again = advise(sample_world(table.view(seat), random.Random(seed + 1)).view(seat))
    assert again.action == advice.action
    assert again.to_frame().equals(advice.to_frame())


def test_hints_step_from_nudge_to_reveal() -> None:
    table = Table.deal(seed=3)
    advice = advise(table.view(table.turn))
    assert "fan" in advice.hint(1)
    worst = advice.options[-1]
    assert worst.label in advice.hint(2, chosen=worst.action)
    assert advice.best.label in advice.hint(3)
    assert isinstance(advice.action, (Discard, Hu))
    line = advice.review_line(worst.action)
    assert not line.good or advice.is_best(worst.action)


def test_a_pung_that_closes_the_path_is_passed() -> None:
    # Seat 1 holds a half flush in dots with a red pair; 9m is thrown. Punging the 9m
    # pair puts characters in the hand and closes the flush; passing keeps it.
    table = Table.arrange(
        [
            "11122233344499m",
            "1234567p99m77z55z",
            "1s2s3s4s5s6s7s8s9s1s2s3s4s",
            "5s6s7s8s9s1z1z1z2z2z2z3z3z",
        ],
        draws="",
        turn=0,
    )
    table.apply(Discard(0, Tile.parse("9m")))
    assert table.phase == "claim" and 1 in table.to_move()
    advice = classic_advise(table.view(1))
    assert advice.action == Pass(1)
    assert advice.option_for(Pung(1)) is not None
    assert "took the pung" in advice.review_line(Pung(1)).lost


@pytest.mark.parametrize("players", [4, 2])
def test_coach_plays_whole_deals_in_simulate(players: int) -> None:
    names = ["coach", "pung-hunter", "flush-hunter", "pung-hunter"][:players]
    frame = simulate(12, rules=Rules(players=players), bots=names, seed=7, progress=False)
    assert len(frame) == 12
    assert (frame[[f"net_{s}" for s in range(players)]].sum(axis=1) == 0).all()
    again = simulate(12, rules=Rules(players=players), bots=names, seed=7, progress=False)
    assert frame.equals(again)
    assert BOTS["coach"] is coach
    table = Table.deal(seed=1)
    result = table.play([coach] * 4)
    assert result.ended_by in ("win", "wall-empty")


@pytest.mark.parametrize("players", [4, 2])
def test_the_coach_bot_plays_what_the_advice_ranks_first(players: int) -> None:
    """The bot is the coach a learner reads: at every decision of seat 0 with a choice,
    it takes the advice's first option, ties of money included (discards alike in money
    fall in the shape facts' order, two chows alike in the claim advice's)."""
    decisions = 0
    for seed in range(6):
        table = Table.deal(Rules(players=players), seed=seed)
        while table.phase != "over":
            seat = table.to_move()[0]
            view = table.view(seat)
            if seat == 0 and len(view.legal_actions()) > 1:
                assert coach(view) == advise(view).action, (seed, view.phase)
                decisions += 1
            table.apply(BOTS["coach" if seat == 0 else "flush-hunter"](view))
    assert decisions > 40


def test_a_tile_of_a_suit_another_seat_shows_is_avoided_with_its_reason() -> None:
    # Throwing 1p or 1s leaves the same half flush in characters, one tile from ready.
    # The South seat shows a pung and a chow of dots, so 1p could feed its hand: danger 2,
    # and the coach throws 1s instead.
    melds = (Meld(MeldKind.PUNG, Tile.parse("5p")), Meld(MeldKind.CHOW, Tile.parse("2p")))
    south = Opponent("the South seat", melds, tuple(Tile.parse(t) for t in ("9m", "1s")))
    assert south.collecting() == "p"
    table = rank_discards("123456789m1p1s11z2z", opponents=[south]).set_index("discard")
    assert list(table.index[:2]) == ["1s", "1p"]
    assert (table.loc["1s", "danger"], table.loc["1p", "danger"]) == (0, 2)
    assert [table.loc[tile, "effort"] for tile in ("1s", "1p")] == [1, 1]
    assert "the South seat shows 2 exposed groups in dots, and this is dots" in str(
        table.loc["1p", "reason"]
    )
    # Late in the wall the same seat is one level more dangerous.
    late = rank_discards("123456789m1p1s11z2z", opponents=[south], wall_size=10)
    assert late.set_index("discard").loc["1p", "danger"] == 3
    # Without melds, a seat that has thrown six number tiles and no dots collects dots.
    quiet = Opponent(
        "the West seat", discards=tuple(Tile.parse(t) for t in ["1m", "2s", "3m", "4s", "5m", "6s"])
    )
    assert quiet.collecting() == "p" and quiet.groups == 0


def test_a_higher_paying_path_is_preferred() -> None:
    # Throwing 1z or 1p both leave a ready hand. Throwing 1z keeps the full flush in dots
    # (7 fan, waits on 5p and 6p: 11 unseen tiles, ...); throwing 1p leaves a half flush
    # (3 fan). The coach keeps the full flush.
    table = rank_discards("123456789p5566p1z")
    best = table.iloc[0]
    assert (best["discard"], best["best_path"], best["path_fan"]) == ("1z", "full flush in dots", 7)
    other = table.set_index("discard").loc["1p"]
    assert other["path_fan"] == 3 and other["effort"] == best["effort"] == 0


def test_a_slow_path_costs_effort_but_a_ready_hand_stays_ready() -> None:
    # Two dragon pungs and the concealed hand are 3 fan and ready after 7s: a pungs-only
    # path fills slowly, but the handicap never makes a ready hand look unready.
    table = rank_discards("123m456p78s555z666z").set_index("discard")
    assert table.loc["7s", "fan_shanten"] == 0 and table.loc["7s", "effort"] == 0
    assert table.index[0] in ("7s", "8s")
    white = next(
        p for p in fan_paths() if p.name == "white dragon pung + green dragon pung + concealed hand"
    )
    assert handicap(white) == 3  # named honour pungs, and concealed
    paths = {p.name: p for p in fan_paths()}
    assert handicap(paths["half flush in dots"]) == 0
    assert handicap(paths["all pungs"]) == 1
    assert handicap(paths["small three dragons (Red dragon pair)"]) == 2
    assert handicap(paths["all honours"]) == 2
    assert handicap(paths["thirteen orphans"]) == 3
    # at the two-player table 52 of the 80 tiles are terminals or honours: not few
    two = tile_set(Rules(players=2))
    assert sum(4 for t in two.kinds if t.is_honour or t.number in (1, 9)) == 52
    assert 4 * len(two.kinds) == 80
    assert handicap(paths["thirteen orphans"], two_player=True) == 1
    assert handicap(paths["small three dragons (Red dragon pair)"], two_player=True) == 1
    assert handicap(white, two_player=True) == 2


def test_thirteen_orphans_counts_as_much_slower_than_a_half_flush() -> None:
    # Seven honours, three orphans and a pung of 3s: throwing a 3s leaves thirteen orphans
    # four tiles away, nearer than any other path, but thirteen named tiles, none of them
    # claimed but the last, fill far more slowly than a half flush. Counted only one step
    # slower, it made the coach break its pung for the limit hand.
    table = rank_discards("1m9p333479s123567z").set_index("discard")
    assert table.loc["3s", "fan_shanten"] == 4 and table.loc["3s", "effort"] == 6
    assert table.index[0] != "3s" and table.iloc[0]["best_path"] == "half flush in bamboo"


def test_the_suit_tables_give_the_tiles_missing() -> None:
    # 123m 456m 78m: three groups need one tile (6m or 9m); with a pair, two more... counted
    # by hand: 8 tiles towards 3 groups and a pair (11 tiles) miss 3.
    holding = suit_class(bytes([1, 1, 1, 1, 1, 1, 1, 1, 0]))
    assert tiles_missing(holding, 3, pair=False) == 1
    assert tiles_missing(holding, 3) == 3
    honours = suit_class(bytes([2, 0, 0, 0, 0, 0, 0]))
    assert tiles_missing(combine_classes(holding, honours), 3) == 1
    with pytest.raises(ValueError, match="9 \\(numbers\\) or 7"):
        suit_class(bytes([1, 2, 3]))


def test_tiles_towards_the_path_come_before_plain_shanten() -> None:
    # 334568889m 46p 124z: throwing 4p, 6p, 1z, 2z or 4z leaves the half flush in characters
    # 3 steps of effort away. Throwing 1z keeps 46p, a plain shanten of 2 (5p completes a
    # shape), but dots are no use to the flush. Throwing 4p keeps the three lone honours, each
    # of which pairs with one of its 3 unseen copies. Tiles that bring the flush nearer,
    # counted by hand: 3m (2 unseen), 7m (4), 8m (1), 9m (3), 1z, 2z, 4z (3 each) = 19 after
    # 4p; without 1z, 16 after 1z. The coach counts the tiles towards its path first.
    table = rank_discards("334568889m46p124z").set_index("discard")
    assert table.index[0] in ("4p", "6p")
    assert (table.loc["4p", "shanten"], table.loc["1z", "shanten"]) == (3, 2)
    assert [table.loc[tile, "effort"] for tile in ("4p", "1z")] == [3, 3]
    assert (table.loc["4p", "fan_acceptance"], table.loc["1z", "fan_acceptance"]) == (19, 16)
    order = list(table.index)
    assert order.index("4p") < order.index("1z")
    assert "19 unseen tiles bring it nearer" in str(table.loc["4p", "reason"])


def test_expected_fan_counts_honour_pungs_and_pairs_held() -> None:
    # 111m 234m 56m 777z 55z 9p: throwing 9p leaves a ready half flush in characters (3 fan)
    # with the red pung held (+1) and a white pair that may become a pung (+1/2): 4.5 fan.
    table = rank_discards("111m234m56m777z55z9p").set_index("discard")
    best = table.iloc[0]
    assert (table.index[0], best["path_fan"], best["bonus_fan"], best["honour_pairs"]) == (
        "9p",
        3,
        1,
        1,
    )
    assert best["expected_fan"] == 4.5
    assert "worth about 4.5 fan (3 for the path, 1 more from the honour pungs held" in str(
        best["reason"]
    )
    # Breaking the red pung leaves two pairs (red, white) and no pung: 3 + 2/2 = 4.
    assert (table.loc["7z", "bonus_fan"], table.loc["7z", "honour_pairs"]) == (0, 2)
    assert table.loc["7z", "expected_fan"] == 4.0
    # 4m and 5z leave the same effort and as many tiles towards the flush; 4m keeps the
    # white pair (4.5 against 4.0 fan to expect), so it ranks above 5z.
    for column in ("effort", "fan_acceptance", "shanten"):
        assert len({table.loc[tile, column] for tile in ("4m", "5z")}) == 1, column
    assert (table.loc["4m", "expected_fan"], table.loc["5z", "expected_fan"]) == (4.5, 4.0)
    order = list(table.index)
    assert order.index("4m") < order.index("5z")
    # A full flush has no room for honours: nothing is added to it.
    full = rank_discards("123456789p5566p1z").iloc[0]
    assert (full["best_path"], full["bonus_fan"], full["honour_pairs"]) == (
        "full flush in dots",
        0,
        0,
    )
    assert full["expected_fan"] == 7 and "worth 7 fan" in str(full["reason"])


def test_only_a_very_visible_hand_costs_distance() -> None:
    # Danger up to 3 (three exposed groups in a suit) is a tie-break only; four exposed groups
    # (or three late in the wall) cost one step, unless the hand is within a step of ready.
    assert risk_cost(3, effort=4) == 0
    assert risk_cost(4, effort=4) == 1
    assert risk_cost(4, effort=1) == 0
    melds = tuple(Meld(MeldKind.PUNG, Tile.parse(t)) for t in ("1p", "3p", "5p"))
    west = Opponent("the West seat", melds)
    early = rank_discards("123456789m1p1s11z2z", opponents=[west], wall_size=60)
    late = rank_discards("123456789m1p1s11z2z", opponents=[west], wall_size=10)
    assert early.set_index("discard").loc["1p", "danger"] == 3
    assert late.set_index("discard").loc["1p", "danger"] == 4


def test_fan_paths_take_their_fan_from_the_pattern_catalogue() -> None:
    from kit.hongkong.fan import PATTERNS

    fan = {pattern.key: pattern.fan for pattern in PATTERNS}
    paths = {p.name: p.fan for p in fan_paths()}
    assert paths["half flush in dots"] == fan["half-flush"]
    assert paths["full flush in bamboo"] == fan["full-flush"]
    assert paths["all pungs"] == fan["all-pungs"]
    assert paths["white dragon pung + green dragon pung + concealed hand"] == (
        2 * fan["dragon-pung"] + fan["concealed"]
    )
    assert paths["big three dragons"] == fan["big-three-dragons"] + 3 * fan["dragon-pung"]
    assert paths["small three dragons (White dragon pair)"] == (
        fan["small-three-dragons"] + 2 * fan["dragon-pung"]
    )
    east = {p.name: p.fan for p in fan_paths(Rules(), "E", "E")}
    wind = fan["seat-wind"] + fan["round-wind"]
    assert east["seat and round wind pung + white dragon pung"] == wind + fan["dragon-pung"]
    assert all(p.fan == Rules().fan_cap for p in fan_paths() if p.limit)


def test_review_lines_name_the_rules_minimum_fan() -> None:
    rules = Rules(min_fan=5)
    lines = []
    for seed in range(6):
        table = Table.deal(rules, seed=seed)
        advice = classic_advise(table.view(table.turn))
        lines += [advice.review_line(option.action).lost for option in advice.options[1:]]
    about_fan = [line for line in lines if "reach" in line or "-fan ready hand" in line]
    assert about_fan
    assert all("5 fan" in line or "5-fan" in line for line in about_fan)


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: rank_discards("123m456p789s1122z3z", visible=[None]), TypeError, "visible"),
        (lambda: rank_discards("123m456p789s1122z3z", opponents="abc"), TypeError, "opponents"),
        (lambda: rank_discards("123m456p789s1122z3z", wall_size=-5), ValueError, "wall_size"),
        (lambda: fan_shanten(""), ValueError, "hand '' holds 0 tiles"),
        (lambda: fan_shanten("123m"), ValueError, "holds 3 tiles"),
        (lambda: fan_shanten("123m456p789s112233z"), ValueError, "holds 15 tiles"),
        (lambda: fan_shanten("123456789m123456789p123456789s1234567z"), ValueError, "holds 34"),
        (lambda: classic_advise(None), TypeError, "Hong Kong seat view"),  # type: ignore[arg-type]
    ],
)
def test_bad_input_gets_a_clear_error(call: object, error: type, words: str) -> None:
    with pytest.raises(error, match=words) as caught:
        call()  # type: ignore[operator]
    assert len(str(caught.value)) < 200


def test_fan_shanten_counts_melds_in_the_size() -> None:
    assert fan_shanten("456p789s11z22z[123m]") == fan_shanten("456p789s11z22z[123m]", visible=[])
    with pytest.raises(ValueError, match="holds 11 tiles"):
        fan_shanten("456p789s11z[123m]")


# --- the ranking follows from the facts it shows ----------------------------------------------

SMALLER_IS_BETTER = ("fan_shanten", "effort", "shanten", "danger")
LARGER_IS_BETTER = ("fan_tiles", "expected_fan", "improving_tiles")


def _worse_is_larger(option: Option, name: str) -> float | None:
    """A discard's fact as a number where larger is worse (None: the option lacks it); no
    fan path left is the farthest distance."""
    if name not in option.facts.names():
        return None
    value = option.facts.fact(name)
    if value is None:
        return math.inf if name in ("fan_shanten", "effort") else None
    assert isinstance(value, int | float) and not isinstance(value, bool)
    return float(value) if name in SMALLER_IS_BETTER else -float(value)


def _dominates(better: Option, worse: Option, names: Sequence[str]) -> bool:
    """Is ``better`` at least as good as ``worse`` on every fact of ``names`` both have, and
    better on one?"""
    pairs = [(_worse_is_larger(better, n), _worse_is_larger(worse, n)) for n in names]
    both = [(b, w) for b, w in pairs if b is not None and w is not None]
    return bool(both) and all(b <= w for b, w in both) and any(b < w for b, w in both)


def _check_follows_its_facts(advice: Advice) -> None:
    """No discard is beaten on every fact by a discard ranked below it, and the comparison
    hint never shows the best as beaten on every number it shows."""
    discards = [o for o in advice.options if isinstance(o.action, Discard | Tile)]
    every = (*SMALLER_IS_BETTER, *LARGER_IS_BETTER)
    for i, higher in enumerate(discards):
        for lower in discards[i + 1 :]:
            assert not _dominates(lower, higher, every), (higher, lower)
    best = advice.best
    if not isinstance(best.action, Discard | Tile) or len(advice.options) < 2:
        return
    for other in advice.options[1:]:
        shown = advice.hint(2, chosen=other.action)
        said = [n for n in advice.shown if advice.words(other, n) and advice.words(best, n)]
        assert all(f"{name.replace('_', ' ')} " in shown for name in said), shown
        assert not _dominates(other, best, advice.shown), shown
    assert not _dominates(advice.options[1], best, advice.shown), advice.hint(2)


def test_the_ranking_shows_the_effort_it_ranks_by() -> None:
    # Throwing 4z keeps as many improving tiles as 1p and more fan to expect, and its nearest
    # path (a wind and a dragon pung with the concealed hand) is as near, 6. But 4z aims for
    # small three dragons, 7 away and made of pungs, which fill slowly: effort 8. Throwing 1p
    # keeps a half flush in characters 7 away, at the normal speed: effort 7. The coach shows
    # the effort it ranks by, so no discard ranked lower is as good on every fact shown.
    advice = discard_advice("2344m1689p1379s45z", visible=["9m", "9s"], seat_wind="W")
    _check_follows_its_facts(advice)
    assert "effort" in advice.shown
    best, north = advice.best, advice.option_for(Tile.parse("4z"))
    assert best.label == "discard 1p" and north is not None
    assert HongKongFacts.of(best).effort < HongKongFacts.of(north).effort  # type: ignore[operator]
    assert f"effort {HongKongFacts.of(north).effort}" in advice.hint(2, chosen=north.action)
    assert "effort" in advice.review_line(north.action).lost


def _check_follows_its_money(advice: Advice, can_win: bool) -> None:
    """The coach's options come in order of expected money (when the seat can win, the
    shape rule's win-or-hold-out choice comes first), and the comparison quotes the money
    first."""
    assert advice.shown[0] == "expected_net"
    money = [o.facts.fact("expected_net") for o in advice.options]
    ranked = money[1:] if can_win else money
    assert all(m is not None for m in ranked)
    assert ranked == sorted(ranked, reverse=True)


def test_the_ranking_follows_its_facts_over_random_positions() -> None:
    rng = random.Random(14)
    rules = (Rules(), Rules(players=2))
    checked = 0
    for seed in range(120):
        players = rules[seed % 5 == 4]
        table = _deal_in_play(seed, rng.randrange(0, 60), players.players)
        while table.phase not in ("discard", "over"):
            seat = table.to_move()[0]
            table.apply(rng.choice(table.legal_actions(seat)))
        if table.phase == "over":
            continue
        view = table.view(table.turn)
        _check_follows_its_facts(classic_advise(view))
        _check_follows_its_money(advise(view), view.can_win())
        checked += 1
    for _ in range(200):
        wall = ALL_TILES.wall()
        rng.shuffle(wall)
        visible = wall[14 : 14 + rng.randrange(0, 60)]
        winds = rng.choice("ESWN"), rng.choice("ESWN")
        advice = discard_advice(
            Hand(tuple(wall[:14])), visible=visible, seat_wind=winds[0], round_wind=winds[1]
        )
        _check_follows_its_facts(advice)
        checked += 1
    assert checked > 250


# --- the tiles towards the named path, against a brute force ----------------------------------


def _brute_fan_tiles(
    hand: Hand, visible: Sequence[Tile], rules: Rules, seat_wind: str, round_wind: str
) -> dict[Tile, tuple[int, int]]:
    """Per discard with a path: (its path's distance, the unseen copies of every tile kind
    that lowers that distance), by trying each tile kind in turn."""
    unseen = unseen_counts(hand, visible, tile_set(rules))
    plans = {p.path.name: p for p in plans_for(hand, unseen, rules, seat_wind, round_wind)}
    two = rules.players == 2
    found = {}
    for f in discard_facts(
        hand, visible=visible, rules=rules, seat_wind=seat_wind, round_wind=round_wind
    ):
        if f.best_path is None:
            continue
        plan = [plans[f.best_path]]
        counts = list(hand.counts)
        counts[f.tile.index] -= 1
        before = all_distances(counts, plan, two)[0]
        copies = 0
        for index, left in enumerate(unseen):
            if left:
                counts[index] += 1
                copies += left if all_distances(counts, plan, two)[0] < before else 0
                counts[index] -= 1
        found[f.tile] = (before, copies)
    return found


def test_tiles_towards_the_path_count_only_the_named_path() -> None:
    # Throwing 8s aims for the half flush in characters; the tiles that bring that path
    # nearer are 31 unseen copies, not the 85 that bring some path of the same effort nearer.
    table = rank_discards("1589m2678p118s344z").set_index("discard")
    assert table.loc["8s", "best_path"] == "half flush in characters"
    assert table.loc["8s", "fan_acceptance"] == 31
    assert "31 unseen tiles bring it nearer" in str(table.loc["8s", "reason"])


def test_a_tile_far_from_every_held_tile_can_help_a_flush() -> None:
    # Throwing 2p leaves 77899s 3355z towards a half flush in bamboo, 4 from ready. Any
    # bamboo tile brings it nearer, so the 2s, 3s and 4s (12 unseen), more than two ranks
    # from every bamboo tile held, count too: 53, not 41.
    table = rank_discards("123m23p77899s3355z", visible=["6s", "9p", "1s"], seat_wind="N")
    row = table.set_index("discard").loc["2p"]
    assert row["best_path"] == "half flush in bamboo"
    assert row["fan_acceptance"] == 53


def test_tiles_towards_the_path_match_a_brute_force() -> None:
    rng = random.Random(23)
    rows = 0
    for case in range(300):
        rules = Rules(players=2) if case % 6 == 5 else Rules()
        wall = tile_set(rules).wall()
        rng.shuffle(wall)
        hand = Hand(tuple(wall[:14]))
        visible = wall[14 : 14 + rng.randrange(0, 50)]
        winds = "ES" if rules.players == 2 else "ESWN"
        seat_wind, round_wind = rng.choice(winds), rng.choice(winds)
        brute = _brute_fan_tiles(hand, visible, rules, seat_wind, round_wind)
        for f in discard_facts(
            hand, visible=visible, rules=rules, seat_wind=seat_wind, round_wind=round_wind
        ):
            if f.best_path is None:
                continue
            assert (f.path_distance, f.fan_acceptance) == brute[f.tile], (hand, f.tile)
            rows += 1
    assert rows > 2_000


def test_a_lone_tile_that_brings_the_path_nearer_is_counted_in_the_singular() -> None:
    # With 55 tiles in view, one unseen tile brings the half flush in characters nearer.
    visible = (
        "1z 2m 4p 4s 5m 4s 4z 4m 8m 3z 4s 1p 2p 3s 2z 4p 1s 3p 6p 5z 6m 1p 4z 9s 1m 7z 9m 3m "
        "5s 6m 3z 4z 2p 6z 5p 2z 5s 3z 5z 2z 3p 6m 6p 7p 5z 6z 1m 9m 6p 3p 4m 2m 6s 2s"
    )
    advice = discard_advice("567m79p1267s11245z", visible=visible)
    nine = advice.option_for(Tile.parse("9p"))
    assert nine is not None
    assert "; 1 unseen tile brings it nearer; 23 unseen tiles improve the hand" in nine.reason


def test_the_danger_reason_says_when_the_seat_threw_the_tile_itself() -> None:
    # The South seat shows two groups of dots and has itself thrown 1p: the level is kept
    # (a rough warning), and the reason says what the deal-in risk also reads.
    melds = (Meld(MeldKind.PUNG, Tile.parse("5p")), Meld(MeldKind.CHOW, Tile.parse("2p")))
    south = Opponent("the South seat", melds, tuple(Tile.parse(t) for t in ("9m", "1p")))
    table = rank_discards("123456789m1p1s11z2z", opponents=[south]).set_index("discard")
    assert table.loc["1p", "danger"] == 2
    assert str(table.loc["1p", "reason"]).endswith(
        "the South seat shows 2 exposed groups in dots, and this is dots, "
        "though that seat threw this tile itself."
    )
    assert "threw this tile itself" not in str(table.loc["2z", "reason"])


def test_one_scoring_honour_pair_is_named_as_one() -> None:
    """The value words count one honour pair as one ("the scoring honour pair, which may
    become a pung"), and several as several."""
    one = rank_discards("1123456789m556z7z")
    assert "half a fan for the scoring honour pair, which may become a pung" in one.loc[0, "reason"]
    reasons = " ".join(one["reason"])
    assert "each of 1 " not in reasons
    two = " ".join(rank_discards("12345678m55z77z9p1s")["reason"])
    assert "half a fan for each of 2 scoring honour pairs, which may become pungs" in two
