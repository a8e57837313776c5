"""Nylon-ppong rules: combinations, exact odds, `Rules`, stop and round scoring.

Read from the rules alone: reference/nylon-ppong.md.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from collections.abc import Iterator
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.hwatu import DECK, Card, Hand
from kit.nylonppong.rules import (
    COMBINATIONS,
    ENDINGS,
    Combination,
    Rules,
    best_combination,
    combination_odds,
    combination_table,
    combinations,
    settle_round,
    stop_allowed,
)

# --- An independent reading of the combinations table (reference/nylon-ppong.md#combinations) ---


def _keys_by_table(months: tuple[int, ...]) -> dict[str, int]:
    """Every combination six months make, with its value, written from the table alone."""
    counts = sorted(Counter(months).values())
    total = sum(months)
    found: dict[str, int] = {}
    if counts == [2, 2, 2]:
        found["three-pairs"] = 0
    if counts == [3, 3]:
        found["two-triples"] = 0
    if counts == [2, 4]:
        found["four-and-pair"] = -50
    if sorted(months) in [list(range(low, low + 6)) for low in range(1, 8)]:
        found["straight"] = -total
    if total <= 10:
        found["sib-bujok"] = -100
    if total >= 66:
        found["daeppang"] = -100
    return found


def _count_vectors(months: int = 12, cards: int = 6) -> Iterator[tuple[int, ...]]:
    """How many cards of each month a six-card hand holds (0-4 each): every possibility."""
    if months == 0:
        if cards == 0:
            yield ()
        return
    for count in range(min(4, cards) + 1):
        for rest in _count_vectors(months - 1, cards - count):
            yield (count, *rest)


@cache
def _table_counts() -> tuple[dict[str, int], int, int, dict[int, int]]:
    """Hands (out of C(48,6)) per key, the union, the total, and hands by number of keys."""
    per_key: Counter[str] = Counter()
    by_number: Counter[int] = Counter()
    union = total = 0
    for vector in _count_vectors():
        weight = math.prod(math.comb(4, c) for c in vector)
        months = tuple(m for m, c in enumerate(vector, start=1) for _ in range(c))
        found = _keys_by_table(months)
        total += weight
        by_number[len(found)] += weight
        if found:
            union += weight
        for key in found:
            per_key[key] += weight
    return dict(per_key), union, total, dict(by_number)


def _all_multisets() -> Iterator[tuple[int, ...]]:
    for vector in _count_vectors():
        yield tuple(m for m, c in enumerate(vector, start=1) for _ in range(c))


# --- combinations: reference/nylon-ppong.md#combinations -------------------------------


def test_table_keys_and_values() -> None:
    assert [kind.key for kind in COMBINATIONS] == [
        "three-pairs",
        "two-triples",
        "four-and-pair",
        "straight",
        "sib-bujok",
        "daeppang",
    ]
    assert all(kind.meaning and kind.composition for kind in COMBINATIONS)
    table = combination_table()
    assert list(table.index) == [kind.key for kind in COMBINATIONS]
    assert list(table["value"]) == ["0", "0", "−50", "−(sum)", "−100", "−100"]
    assert table.loc["three-pairs", "Korean"] == "또이또이"
    assert table.loc["four-and-pair", "Korean"] == "4장 또이"
    assert table.loc["sib-bujok", "Korean"] == "십부족"
    assert table.loc["daeppang", "Korean"] == "대빵"


def test_straight_value_is_minus_sum() -> None:
    best = best_combination([3, 4, 5, 6, 7, 8])
    assert best == Combination("straight", -33, (3, 4, 5, 6, 7, 8))
    # Order of the cards does not matter.
    assert best_combination([8, 3, 6, 4, 7, 5]) == best


def test_lowest_and_highest_straight() -> None:
    low = best_combination([1, 2, 3, 4, 5, 6])
    assert low is not None and (low.key, low.value) == ("straight", -21)
    high = best_combination([7, 8, 9, 10, 11, 12])
    assert high is not None and (high.key, high.value) == ("straight", -57)
    for start in range(1, 8):
        months = list(range(start, start + 6))
        found = best_combination(months)
        assert found is not None and found.value == -sum(months)


def test_straights_do_not_wrap() -> None:
    assert best_combination([10, 11, 12, 1, 2, 3]) is None
    assert best_combination([11, 12, 1, 2, 3, 4]) is None
    assert best_combination([12, 1, 2, 3, 4, 5]) is None
    assert combinations([9, 10, 11, 12, 1, 2]) == []


def test_straight_needs_six_different_months() -> None:
    assert best_combination([3, 4, 5, 6, 7, 7]) is None
    assert best_combination([3, 4, 5, 6, 7, 9]) is None


def test_sib_bujok_over_two_triples() -> None:
    assert [c.key for c in combinations([1, 1, 1, 2, 2, 2])] == ["sib-bujok", "two-triples"]
    best = best_combination([1, 1, 1, 2, 2, 2])
    assert best is not None and (best.key, best.value) == ("sib-bujok", -100)


def test_daeppang_over_three_pairs() -> None:
    assert [c.key for c in combinations([10, 10, 11, 11, 12, 12])] == [
        "daeppang",
        "three-pairs",
    ]
    best = best_combination([12, 11, 10, 12, 11, 10])
    assert best is not None and (best.key, best.value) == ("daeppang", -100)
    assert best.months == (10, 10, 11, 11, 12, 12)


@pytest.mark.parametrize(
    ("months", "key", "value"),
    [
        ([2, 2, 5, 5, 9, 9], "three-pairs", 0),
        ([3, 3, 3, 8, 8, 8], "two-triples", 0),
        ([7, 7, 7, 7, 4, 4], "four-and-pair", -50),
        ([1, 1, 1, 1, 2, 2], "sib-bujok", -100),  # four and pair too, sum 8
        ([1, 1, 1, 1, 3, 3], "sib-bujok", -100),  # sum 10: "10 or less"
        ([1, 1, 2, 2, 3, 3], "three-pairs", 0),  # sum 12: not sib-bujok
        ([1, 1, 1, 2, 2, 3], "sib-bujok", -100),  # sum 10, no group at all
        ([12, 12, 12, 12, 9, 9], "daeppang", -100),  # sum 66 exactly
        ([12, 12, 12, 12, 8, 8], "four-and-pair", -50),  # sum 64
        ([12, 12, 12, 11, 11, 10], "daeppang", -100),  # sum 68, no group
        ([12, 12, 12, 10, 10, 10], "daeppang", -100),  # 66 and two triples
        ([11, 11, 11, 10, 10, 10], "two-triples", 0),  # 63
    ],
)
def test_combination_examples(months: list[int], key: str, value: int) -> None:
    best = best_combination(months)
    assert best is not None
    assert (best.key, best.value) == (key, value)
    assert best.months == tuple(sorted(months))


def test_no_combination() -> None:
    for months in (
        [1, 2, 3, 4, 5, 7],
        [1, 1, 2, 2, 3, 4],
        [6, 6, 6, 6, 1, 9],
        [2, 2, 2, 3, 3, 4],
        [1, 1, 1, 2, 2, 4],
    ):
        assert best_combination(months) is None, months
        assert combinations(months) == []


def test_values_never_add() -> None:
    for months in _all_multisets():
        found = combinations(months)
        best = best_combination(months)
        if not found:
            assert best is None
            continue
        assert best == found[0]
        assert best.value == min(c.value for c in found)
        assert best.value >= -100


def test_registry_agrees_with_the_table_on_every_multiset() -> None:
    seen = 0
    for months in _all_multisets():
        expected = _keys_by_table(months)
        found = combinations(months)
        assert {c.key: c.value for c in found} == expected, months
        values = [c.value for c in found]
        assert values == sorted(values), months
        best = best_combination(months)
        assert (best.value if best else None) == (min(expected.values()) if expected else None)
        seen += 1
    # Sorted six-month multisets with at most four of a month.
    assert seen == math.comb(17, 6) - 12 * 11 - 12


def test_combinations_best_first_then_table_order() -> None:
    found = combinations([1, 1, 1, 1, 2, 2])
    assert [(c.key, c.value) for c in found] == [("sib-bujok", -100), ("four-and-pair", -50)]
    found = combinations([12, 12, 12, 12, 11, 11])
    assert [(c.key, c.value) for c in found] == [("daeppang", -100), ("four-and-pair", -50)]


def test_accepts_cards_as_well_as_months() -> None:
    cards = Hand.parse("3B 4A 5R 6J1 7J2 8B").cards
    assert best_combination(cards) == best_combination([3, 4, 5, 6, 7, 8])
    mixed: list[Card | int] = [Card.parse("1B"), 1, Card.parse("1J1"), 2, 2, Card.parse("2A")]
    best = best_combination(mixed)
    assert best is not None and best.key == "sib-bujok"
    assert [c.key for c in combinations(Hand.parse("10A 10R 11B 11D 12B 12R"))] == [
        "daeppang",
        "three-pairs",
    ]


@pytest.mark.parametrize(
    ("cards", "message"),
    [
        ([1, 2, 3], "exactly 6 cards, not 3"),
        ([1, 2, 3, 4, 5, 6, 7], "exactly 6 cards, not 7"),
        ([], "exactly 6 cards, not 0"),
        ([1, 2, 3, 4, 5, 13], "item 13 at position 5"),
        ([0, 2, 3, 4, 5, 6], "item 0 at position 0"),
        ([5, 5, 5, 5, 5, 6], "five cards of month 5"),
        ([9, 9, 9, 9, 9, 9], "six cards of month 9"),
    ],
)
def test_bad_input_raises(cards: list[int], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        best_combination(cards)
    with pytest.raises(ValueError, match=message):
        combinations(cards)


def test_combination_explains_itself() -> None:
    best = best_combination([3, 4, 5, 6, 7, 8])
    assert best is not None
    assert str(best) == "Straight 스트레이트 (−33)"
    assert "3-4-5-6-7-8" in best.explanation and "−33" in best.explanation
    assert best.kind.key == "straight"


@given(st.lists(st.sampled_from(DECK), min_size=6, max_size=6, unique=True))
def test_six_random_cards(cards: list[Card]) -> None:
    months = tuple(card.month for card in cards)
    expected = _keys_by_table(months)
    best = best_combination(cards)
    if expected:
        assert best is not None and best.value == min(expected.values())
        assert best.key in expected
    else:
        assert best is None


# --- exact frequencies: reference/nylon-ppong.md#combinations ------------------------


FREQUENCIES = {
    "three-pairs": 47_520,
    "two-triples": 1_056,
    "four-and-pair": 792,
    "straight": 28_672,
    "sib-bujok": 162,
    "daeppang": 1_216,
}


def test_exact_frequencies() -> None:
    odds = combination_odds()
    assert list(odds.index) == [*FREQUENCIES, "any"]
    for key, count in FREQUENCIES.items():
        assert int(odds.loc[key, "qualifies"]) == count, key
        assert odds.loc[key, "probability"] == pytest.approx(count / 12_271_512, abs=1e-15)
    assert int(odds.loc["any", "qualifies"]) == 79_112
    assert int(odds.loc["any", "scores_as"]) == 79_112
    assert round(100 * float(odds.loc["any", "probability"]), 4) == 0.6447


def test_two_combinations_on_306_hands() -> None:
    odds = combination_odds()
    rows = odds.drop(index="any")
    assert int(rows["qualifies"].sum()) - int(odds.loc["any", "qualifies"]) == 306
    # Every hand scores as exactly one combination.
    assert int(rows["scores_as"].sum()) == 79_112
    # The 306 are groups that are also sib-bujok or daeppang: they score -100.
    lost = rows["qualifies"] - rows["scores_as"]
    assert dict(lost[lost > 0]) == {"three-pairs": 216, "two-triples": 48, "four-and-pair": 42}
    assert int(rows.loc["straight", "scores_as"]) == 28_672


def test_exact_frequencies_independent_count() -> None:
    per_key, union, total, by_number = _table_counts()
    assert total == math.comb(48, 6) == 12_271_512
    assert per_key == FREQUENCIES
    assert union == 79_112
    assert by_number.get(2) == 306
    assert set(by_number) == {0, 1, 2}  # no hand carries three combinations
    assert round(100 * union / total, 4) == 0.6447


def test_odds_agree_with_independent_count() -> None:
    per_key, union, _, _ = _table_counts()
    odds = combination_odds()
    assert {key: int(odds.loc[key, "qualifies"]) for key in per_key} == per_key
    assert int(odds.loc["any", "qualifies"]) == union


def test_odds_do_not_depend_on_scoring_options() -> None:
    default = combination_odds()
    other = combination_odds(Rules(players=2, stop_limit=10, failed_stop_penalty=50))
    assert other.equals(default)


# --- Rules: reference/nylon-ppong.md#house-rules ------------------------------------


def test_rules_defaults() -> None:
    rules = Rules()
    assert [f.name for f in dataclasses.fields(Rules)] == [
        "players",
        "stop_limit",
        "failed_stop_penalty",
        "ppong_victim_penalty",
        "out_of_turn_ppong",
        "rounds",
    ]
    assert dataclasses.asdict(rules) == {
        "players": 4,
        "stop_limit": 5,
        "failed_stop_penalty": 30,
        "ppong_victim_penalty": 30,
        "out_of_turn_ppong": True,
        "rounds": 10,
    }
    assert rules.out_of_turn_ppong is True


def test_rules_frozen_comparable_and_reprs_back() -> None:
    rules = Rules()
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.stop_limit = 10  # type: ignore[misc]
    assert Rules() == rules and hash(Rules()) == hash(rules)
    assert Rules(stop_limit=10) != rules
    assert eval(repr(rules), {"Rules": Rules}) == rules
    other = Rules(players=6, stop_limit=10, failed_stop_penalty=50, ppong_victim_penalty=50)
    assert eval(repr(other), {"Rules": Rules}) == other


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_two_to_six_players(players: int) -> None:
    assert Rules(players=players).players == players


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("players", 1),
        ("players", 7),
        ("players", 0),
        ("players", True),
        ("players", "4"),
        ("players", 4.0),
        ("stop_limit", -1),
        ("stop_limit", "5"),
        ("failed_stop_penalty", -30),
        ("ppong_victim_penalty", -1),
        ("ppong_victim_penalty", 30.5),
        ("rounds", 0),
        ("rounds", None),
        ("out_of_turn_ppong", 1),
        ("out_of_turn_ppong", "yes"),
    ],
)
def test_rules_validation(field: str, value: object) -> None:
    with pytest.raises(ValueError, match=field):
        Rules(**{field: value})  # type: ignore[arg-type]


# --- stop: reference/nylon-ppong.md#stop ---------------------------------------------


def test_stop_allowed() -> None:
    assert stop_allowed([2, 3])
    assert stop_allowed([1, 1])
    assert stop_allowed([1, 4])
    assert not stop_allowed([2, 4])
    assert not stop_allowed([1, 1, 1])  # three cards
    assert not stop_allowed([1])
    assert not stop_allowed([])
    assert not stop_allowed([1, 1, 1, 1, 1])
    assert stop_allowed(Hand.parse("2A 3B").cards)
    assert not stop_allowed(Hand.parse("2A 4A").cards)


def test_stop_limit_option() -> None:
    ten = Rules(stop_limit=10)
    assert stop_allowed([4, 6], ten)
    assert stop_allowed([5, 5], ten)
    assert not stop_allowed([5, 6], ten)
    assert not stop_allowed([4, 6])


def test_stop_allowed_rejects_non_months() -> None:
    with pytest.raises(ValueError, match="item 13"):
        stop_allowed([13, 1])


# --- settling a round: reference/nylon-ppong.md#round-scoring --------------------------


def test_deck_empty_everyone_scores_hand_sum() -> None:
    hands = [[1, 2, 3, 4, 5], [12, 12], [6, 7, 8, 9, 10]]
    assert settle_round(hands, ended_by="deck-empty") == [15, 24, 40]
    assert settle_round(hands, ended_by="deck-empty", player=1) == [15, 24, 40]


def test_combination_declarer_scores_its_value() -> None:
    hands = [[3, 4, 5, 6, 7, 8], [1, 2, 9, 10, 11], [12, 12]]
    assert settle_round(hands, ended_by="combination", player=0) == [-33, 33, 24]
    hands = [[1, 2, 9, 10, 11], [1, 1, 1, 2, 2, 2]]
    assert settle_round(hands, ended_by="combination", player=1) == [33, -100]
    hands = [[5, 5, 6, 6, 9, 9], [1, 2, 3, 4, 7]]
    assert settle_round(hands, ended_by="combination", player=0) == [0, 17]


def test_stop_succeeds_with_strictly_lowest_sum() -> None:
    hands = [[7, 8, 9, 10, 11], [1, 3], [2, 2, 3, 4, 5], [6, 6]]
    assert settle_round(hands, ended_by="stop", player=1) == [45, 4, 16, 12]


def test_stop_fails_when_another_sum_is_lower() -> None:
    hands = [[1, 1], [2, 3], [9, 9, 9, 10, 11]]
    assert settle_round(hands, ended_by="stop", player=1) == [2, 5 + 30, 48]


def test_stop_tie_is_a_failure() -> None:
    hands = [[1, 3], [2, 2], [9, 10, 11, 12, 12]]
    assert settle_round(hands, ended_by="stop", player=0) == [4 + 30, 4, 54]
    assert settle_round(hands, ended_by="stop", player=1) == [4, 4 + 30, 54]


def test_failed_stop_penalty_option() -> None:
    hands = [[2, 3], [1, 1]]
    assert settle_round(hands, ended_by="stop", player=0, rules=Rules(failed_stop_penalty=50)) == [
        55,
        2,
    ]
    assert settle_round(hands, ended_by="stop", player=0, rules=Rules(failed_stop_penalty=0)) == [
        5,
        2,
    ]


def test_stop_above_the_limit_needs_the_option() -> None:
    hands = [[4, 6], [9, 9, 9, 10, 11]]
    with pytest.raises(ValueError, match=r"4\+6 = 10, above the stop limit 5"):
        settle_round(hands, ended_by="stop", player=0)
    assert settle_round(hands, ended_by="stop", player=0, rules=Rules(stop_limit=10)) == [10, 48]


def test_ppong_out_scores_zero_and_victim_pays() -> None:
    hands: list[list[int]] = [[], [9, 9, 1, 2, 3], [4, 4], [5, 6, 7, 8, 10]]
    assert settle_round(hands, ended_by="ppong-out", player=0, victim=2) == [0, 24, 38, 36]
    assert settle_round(hands, ended_by="ppong-out", player=0, victim=1) == [0, 54, 8, 36]


def test_ppong_victim_penalty_option() -> None:
    hands: list[list[int]] = [[1, 1], []]
    rules = Rules(ppong_victim_penalty=50)
    assert settle_round(hands, ended_by="ppong-out", player=1, victim=0, rules=rules) == [52, 0]


def test_accepts_cards() -> None:
    hands = [Hand.parse("1B 2A").cards, Hand.parse("12B 12A 3B 4A 5A").cards]
    assert settle_round(hands, ended_by="stop", player=0) == [3, 36]
    assert settle_round(
        [Hand.parse("3B 4A 5R 6J1 7J2 8B").cards, [1, 2]], ended_by="combination", player=0
    ) == [-33, 3]


@pytest.mark.parametrize(
    ("hands", "kwargs", "message"),
    [
        # stop above the limit, or not with two cards
        ([[3, 3], [9, 9]], {"ended_by": "stop", "player": 0}, "above the stop limit 5"),
        (
            [[1, 1, 1], [9, 9]],
            {"ended_by": "stop", "player": 0},
            "holds 3 cards; stop needs exactly 2",
        ),
        ([[1, 1, 1, 1, 1 + 1], [9, 9]], {"ended_by": "stop", "player": 0}, "holds 5 cards"),
        # the declared hand is no combination
        (
            [[1, 2, 3, 4, 5, 7], [9, 9]],
            {"ended_by": "combination", "player": 0},
            "seat 0 declared a combination, but no combination",
        ),
        (
            [[1, 2, 3, 4, 5], [9, 9]],
            {"ended_by": "combination", "player": 0},
            "5 cards; it takes exactly 6",
        ),
        # victim equal to the winner
        (
            [[], [9, 9]],
            {"ended_by": "ppong-out", "player": 0, "victim": 0},
            "victim \\(seat 0\\) cannot be the winner",
        ),
        # the player who went out still holds cards
        (
            [[3, 4], [9, 9]],
            {"ended_by": "ppong-out", "player": 0, "victim": 1},
            "seat 0 went out by ppong but still holds 2 cards",
        ),
        ([[], [9, 9]], {"ended_by": "ppong-out", "player": 0}, "needs the victim's seat"),
        (
            [[], [9, 9]],
            {"ended_by": "ppong-out", "player": 0, "victim": 2},
            "victim must be a seat 0-1",
        ),
        # more than four copies of a month across hands
        (
            [[9, 9, 9], [9, 9]],
            {"ended_by": "deck-empty"},
            "cannot come from one deck: five cards of month 9",
        ),
        (
            [[1, 2], [12, 12, 12], [12, 12, 12]],
            {"ended_by": "stop", "player": 0},
            "six cards of month 12",
        ),
        # bad ended_by
        ([[1, 2], [3, 4]], {"ended_by": "draw"}, "ended_by must be one of"),
        ([[1, 2], [3, 4]], {"ended_by": None}, "not None"),
        # seats
        ([[1, 2], [3, 4]], {"ended_by": "stop"}, "needs the player's seat"),
        ([[1, 2], [3, 4]], {"ended_by": "stop", "player": 2}, "player must be a seat 0-1, not 2"),
        ([[1, 2], [3, 4]], {"ended_by": "stop", "player": -1}, "player must be a seat"),
        ([[1, 2], [3, 4]], {"ended_by": "stop", "player": True}, "player must be a seat"),
        ([[1, 2]], {"ended_by": "deck-empty"}, "2-6 seats, not 1"),
        ([[1]] * 7, {"ended_by": "deck-empty"}, "2-6 seats, not 7"),
        (
            [[1, 2], [3, 4]],
            {"ended_by": "stop", "player": 0, "victim": 1},
            "victim is only named when a round ends by ppong-out",
        ),
        ([[1, 13], [3, 4]], {"ended_by": "deck-empty"}, "item 13 at position 1"),
    ],
)
def test_impossible_endings_raise(hands: list[list[int]], kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        settle_round(hands, **kwargs)


def test_the_four_round_endings() -> None:
    assert ENDINGS == ("combination", "stop", "ppong-out", "deck-empty")


@given(
    st.lists(st.integers(1, 12), min_size=2, max_size=2),
    st.lists(st.lists(st.integers(1, 12), min_size=2, max_size=5), min_size=1, max_size=5),
    st.integers(2, 24),
)
def test_stop_property(caller: list[int], others: list[list[int]], limit: int) -> None:
    hands = [caller, *others]
    rules = Rules(stop_limit=limit)
    counts = Counter(m for hand in hands for m in hand)
    if max(counts.values()) > 4:
        with pytest.raises(ValueError, match="cannot come from one deck"):
            settle_round(hands, ended_by="stop", player=0, rules=rules)
        return
    if sum(caller) > limit:
        assert not stop_allowed(caller, rules)
        with pytest.raises(ValueError, match="above the stop limit"):
            settle_round(hands, ended_by="stop", player=0, rules=rules)
        return
    assert stop_allowed(caller, rules)
    penalties = settle_round(hands, ended_by="stop", player=0, rules=rules)
    sums = [sum(hand) for hand in hands]
    assert penalties[1:] == sums[1:]
    lowest = all(sums[0] < s for s in sums[1:])
    assert penalties[0] == sums[0] + (0 if lowest else 30)
