"""The 48-card Hwatu deck and its strict notation (reference/nylon-ppong.md#cards)."""

from __future__ import annotations

import dataclasses
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kit.hwatu import (
    DECK,
    MONTHS,
    Card,
    CardKind,
    CardNotationError,
    Hand,
    month_copies_error,
    months_of,
    parse_months,
)

# --- the deck: reference/nylon-ppong.md#cards -----------------------------------------


def test_deck_is_48_cards_twelve_months_of_four() -> None:
    assert len(DECK) == 48
    assert len(set(DECK)) == 48
    assert Counter(card.month for card in DECK) == {month: 4 for month in range(1, 13)}
    assert list(DECK) == sorted(DECK)
    assert {card.index for card in DECK} == {0, 1, 2, 3}


def test_card_value_is_its_month() -> None:
    for card in DECK:
        assert card.value == card.month
        assert card.month_info.number == card.month


def test_type_counts() -> None:
    kinds = Counter(card.kind for card in DECK)
    assert kinds[CardKind.BRIGHT] == 5
    assert kinds[CardKind.ANIMAL] == 9
    assert kinds[CardKind.RIBBON] == 10
    assert kinds[CardKind.JUNK] + kinds[CardKind.DOUBLE_JUNK] == 24
    assert kinds[CardKind.DOUBLE_JUNK] == 2
    assert sum(kinds.values()) == 48


def test_which_months_hold_the_special_cards() -> None:
    def months(kind: CardKind) -> set[int]:
        return {card.month for card in DECK if card.kind is kind}

    assert months(CardKind.BRIGHT) == {1, 3, 8, 11, 12}
    assert months(CardKind.DOUBLE_JUNK) == {11, 12}
    assert months(CardKind.ANIMAL) == {2, 4, 5, 6, 7, 8, 9, 10, 12}
    assert months(CardKind.RIBBON) == {1, 2, 3, 4, 5, 6, 7, 9, 10, 12}
    # Only one card of each special type per month.
    for kind in (CardKind.BRIGHT, CardKind.ANIMAL, CardKind.RIBBON, CardKind.DOUBLE_JUNK):
        per_month = Counter(card.month for card in DECK if card.kind is kind)
        assert set(per_month.values()) == {1}, kind


def test_ribbon_colours() -> None:
    colours = {card.month: card.ribbon for card in DECK if card.kind is CardKind.RIBBON}
    assert colours == {
        1: "red poem",
        2: "red poem",
        3: "red poem",
        4: "grass",
        5: "grass",
        7: "grass",
        6: "blue",
        9: "blue",
        10: "blue",
        12: "plain",
    }
    assert all(card.ribbon is None for card in DECK if card.kind is not CardKind.RIBBON)


def test_korean_month_order_paulownia_11_willow_12() -> None:
    assert [month.number for month in MONTHS] == list(range(1, 13))
    assert "paulownia" in MONTHS[10].plant
    assert "오동" in MONTHS[10].korean
    assert "willow" in MONTHS[11].plant and "rain" in MONTHS[11].plant
    assert "비" in MONTHS[11].korean
    assert Card.parse("11B").month_info.plant == MONTHS[10].plant
    assert Card.parse("12B").month_info.plant == MONTHS[11].plant


@pytest.mark.parametrize(
    ("month", "words"),
    [
        (1, ["pine"]),
        (2, ["plum"]),
        (3, ["cherry"]),
        (4, ["wisteria", "black bush clover"]),
        (5, ["iris", "orchid"]),
        (6, ["peony"]),
        (7, ["red bush clover"]),
        (8, ["pampas", "moon"]),
        (9, ["chrysanthemum"]),
        (10, ["maple"]),
        (11, ["paulownia"]),
        (12, ["willow", "rain"]),
    ],
)
def test_monthly_plants(month: int, words: list[str]) -> None:
    plant = MONTHS[month - 1].plant
    for word in words:
        assert word in plant


def test_month_names_are_the_calendar() -> None:
    names = [m.name for m in MONTHS]
    assert names[0] == "January" and names[10] == "November" and names[11] == "December"


def test_card_kind_codes_are_the_notation_letters() -> None:
    assert [kind.code for kind in CardKind] == ["B", "A", "R", "J", "D"]
    assert CardKind.DOUBLE_JUNK.korean == "쌍피"
    assert CardKind.BRIGHT.korean == "광"


def test_card_rejects_impossible_fields() -> None:
    for month, index in [(0, 0), (13, 0), (1, 4), (1, -1)]:
        with pytest.raises(ValueError, match=f"month {month} and index {index}"):
            Card(month, index)


def test_cards_and_hands_are_frozen() -> None:
    card = DECK[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.month = 2  # type: ignore[misc]
    hand = Hand.parse("1B 2A")
    with pytest.raises(dataclasses.FrozenInstanceError):
        hand.cards = ()  # type: ignore[misc]


def test_describe_names_month_type_and_value() -> None:
    text = Card.parse("3B").describe()
    assert "March" in text and "bright" in text and "cherry" in text and "value 3" in text
    assert "value 12" in Card.parse("12D").describe()


# --- notation --------------------------------------------------------------------------


def test_every_card_has_its_own_token_and_round_trips() -> None:
    tokens = [card.notation() for card in DECK]
    assert len(set(tokens)) == 48
    for card, token in zip(DECK, tokens, strict=True):
        assert Card.parse(token) == card
        assert str(card) == token
        assert repr(card) == f"Card.parse({token!r})"
        assert eval(repr(card), {"Card": Card}) == card
        assert token.startswith(str(card.month))
        assert token[len(str(card.month))] == card.kind.code


def test_junk_copy_numbers() -> None:
    tokens = {card.notation() for card in DECK}
    # Months 1-11 hold two plain junk cards each; those carry a copy number.
    two_junk = [m for m in range(1, 13) if f"{m}J1" in tokens]
    assert two_junk == list(range(1, 12))
    for month in two_junk:
        assert f"{month}J2" in tokens and f"{month}J" not in tokens
    assert {"12B", "12A", "12R", "12D", "11B", "11J1", "11J2", "11D"} <= tokens


def test_whole_deck_parses_in_one_string() -> None:
    text = " ".join(card.notation() for card in DECK)
    assert Hand.parse(text) == Hand(DECK)
    assert Hand.parse(text).notation() == text


def test_hand_basics() -> None:
    hand = Hand.parse("  3B\t4A\n5R  ")
    assert hand.months == (3, 4, 5)
    assert hand.total == 12
    assert len(hand) == 3
    assert list(hand) == [Card.parse("3B"), Card.parse("4A"), Card.parse("5R")]
    assert repr(hand) == "Hand.parse('3B 4A 5R')"
    assert eval(repr(hand), {"Hand": Hand}) == hand
    assert Hand.parse("") == Hand() and Hand.parse("   ").cards == ()


hands = st.lists(st.sampled_from(DECK), unique=True, max_size=48).map(
    lambda cards: Hand(tuple(cards))
)


@given(hands)
def test_random_hands_round_trip(hand: Hand) -> None:
    assert Hand.parse(hand.notation()) == hand
    assert hand.months == tuple(card.month for card in hand.cards)
    assert hand.total == sum(hand.months)


@given(hands, st.data())
def test_any_whitespace_between_tokens(hand: Hand, data: st.DataObject) -> None:
    gaps = data.draw(
        st.lists(
            st.text(" \t\n\r\u3000", min_size=1, max_size=3),
            min_size=len(hand) + 1,
            max_size=len(hand) + 1,
        )
    )
    lead = data.draw(st.sampled_from(["", gaps[0]]))
    text = lead + "".join(c.notation() + gap for c, gap in zip(hand.cards, gaps[1:], strict=True))
    assert Hand.parse(text) == hand


# --- strict errors: the token and where it stands --------------------------------------


@pytest.mark.parametrize(
    ("text", "token", "position", "why"),
    [
        ("3B 4X", "4X", 3, "April has no such card"),
        ("1Z", "1Z", 0, "January has no such card"),
        ("1B  0J1", "0J1", 4, "no month 0"),
        ("13B", "13B", 0, "no month 13"),
        ("12B 13A", "13A", 4, "no month 13"),
        ("5A 1J", "1J", 3, "write 1J1 or 1J2"),
        ("8J", "8J", 0, "write 8J1 or 8J2"),
        ("12J", "12J", 0, "December has no such card"),
        ("1D", "1D", 0, "January has no such card"),
        ("1J3", "1J3", 0, "January has no such card"),
        ("2R 3B 2R", "2R", 6, "already in the list"),
        ("hello", "hello", 0, "type letter"),
        ("3b", "3b", 0, "type letter"),
        ("1B2B", "1B2B", 0, "type letter"),
        ("B3", "B3", 0, "type letter"),
        ("1B, 2B", "1B,", 0, "type letter"),
    ],
)
def test_strict_parser_errors(text: str, token: str, position: int, why: str) -> None:
    with pytest.raises(CardNotationError) as info:
        Hand.parse(text)
    error = info.value
    assert isinstance(error, ValueError)
    assert error.token == token
    assert error.position == position
    assert text[position : position + len(token)] == token
    message = str(error)
    assert repr(token) in message
    assert f"position {position}" in message
    assert why in message


def test_card_parse_wants_exactly_one_card() -> None:
    for text in ["", "1B 2A"]:
        with pytest.raises(CardNotationError, match="exactly one card"):
            Card.parse(text)


def test_wrong_months_list_the_real_cards() -> None:
    with pytest.raises(CardNotationError) as info:
        Hand.parse("11A")
    assert "11B, 11J1, 11J2, 11D" in str(info.value)


def test_overlong_month_number_names_the_token() -> None:
    text = "2A " + "1" * 5000 + "B"
    with pytest.raises(CardNotationError) as info:
        Hand.parse(text)
    assert info.value.position == 3
    assert info.value.token == text[3:]


def _check_parse(text: str) -> None:
    try:
        hand = Hand.parse(text)
    except CardNotationError as error:
        assert error.token in text
        assert text[error.position : error.position + len(error.token)] == error.token
        assert repr(error.token) in str(error)
        assert f"position {error.position}" in str(error)
    else:
        assert Hand.parse(hand.notation()) == hand
        assert len(hand.cards) == len(text.split())


@settings(max_examples=400)
@given(st.text())
def test_any_text_parses_or_raises_value_error(text: str) -> None:
    try:
        hand = Hand.parse(text)
    except ValueError:
        return
    assert isinstance(hand, Hand)


card_like = st.text(alphabet="0123456789BARJDXbj \t", max_size=30)


@settings(max_examples=400)
@given(
    st.one_of(
        st.text(), card_like, st.lists(st.sampled_from([c.notation() for c in DECK])).map(" ".join)
    )
)
def test_card_like_text_parses_or_names_the_bad_token(text: str) -> None:
    _check_parse(text)


# --- months_of and month_copies_error --------------------------------------------------


def test_months_of_mixes_cards_and_ints() -> None:
    assert months_of([Card.parse("11B"), 3, Card.parse("12D")]) == (11, 3, 12)
    assert months_of([]) == ()
    assert months_of(range(1, 13)) == tuple(range(1, 13))
    assert months_of(card for card in DECK[:4]) == (1, 1, 1, 1)


@pytest.mark.parametrize(
    ("items", "bad", "position"),
    [
        ([1, 0], 0, 1),
        ([13], 13, 0),
        ([2, 3, True], True, 2),
        (["3"], "'3'", 0),
        ([3.0], 3.0, 0),
        ([None], None, 0),
    ],
)
def test_months_of_rejects_non_months(items: list[object], bad: object, position: int) -> None:
    with pytest.raises(ValueError, match=rf"item {re.escape(str(bad))} at position {position}"):
        months_of(items)  # type: ignore[arg-type]


def test_month_copies_error() -> None:
    assert month_copies_error([]) is None
    assert month_copies_error([[1, 1, 1, 1], [2, 2, 2, 2]]) is None
    assert (
        month_copies_error([[1, 1, 1], [1, 1]])
        == "five cards of month 1 (January); the deck has four"
    )
    six = month_copies_error([[12, 12], [12, 12], [12, 12], [3]])
    assert six is not None and "six cards of month 12 (December)" in six
    ten = month_copies_error([[7] * 10])
    assert ten is not None and "10 cards of month 7 (July)" in ten
    # Several months over: the lowest is named.
    both = month_copies_error([[9] * 5, [4] * 5])
    assert both is not None and "month 4 (April)" in both


@given(st.lists(st.lists(st.integers(1, 12), max_size=8), max_size=6))
def test_month_copies_error_matches_a_count(hands_: list[list[int]]) -> None:
    counts = Counter(month for hand in hands_ for month in hand)
    problem = month_copies_error(hands_)
    assert (problem is None) == all(count <= 4 for count in counts.values())
    if problem is not None:
        worst = min(month for month, count in counts.items() if count > 4)
        assert f"month {worst} ({MONTHS[worst - 1].name})" in problem


@pytest.mark.parametrize(
    ("text", "token", "position"),
    [
        ("٣", "٣", 0),
        ("²", "²", 0),
        ("1 ²", "²", 2),
        ("3, 4 1٢", "1٢", 5),
        ("１２", "１２", 0),
        ("5A ٣B", "٣B", 3),
    ],
)
def test_parse_months_reads_ascii_digits_only(text: str, token: str, position: int) -> None:
    with pytest.raises(CardNotationError) as info:
        parse_months(text)
    message = str(info.value)
    assert message == (
        f"token {token!r} at position {position}: write months with the ASCII digits 0-9"
    )


def test_card_notation_reads_ascii_digits_only() -> None:
    with pytest.raises(
        CardNotationError, match="token '٣B' at position 3: write months with the ASCII"
    ):
        Hand.parse("1B ٣B")


@pytest.mark.parametrize("value", [None, 3, b"3B"])
def test_parsing_needs_a_string(value: object) -> None:
    with pytest.raises(TypeError, match="reads a string"):
        Hand.parse(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="reads a string"):
        Card.parse(value)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="reads a string"):
        parse_months(value)  # type: ignore[arg-type]
