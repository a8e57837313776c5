"""The Sichuan event script: parse, write back, parse again; bad lines name the line and word."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit.sichuan.events import Event, ScriptError, parse_script, replay
from kit.sichuan.rules import Rules
from kit.sichuan.settle import Ledger

SEATS = st.integers(0, 3)
FANS = st.integers(0, 12)
HANDS = ("123m456m789m1122p", "111m222m333m444p5p", "1199m2288m3377p4p")


@st.composite
def events(draw: st.DrawFn) -> Event:
    kind = draw(
        st.sampled_from(
            [
                "exposed kong",
                "added kong",
                "concealed kong",
                "win on discard",
                "self-drawn win",
                "wall empty",
            ]
        )
    )
    player = draw(SEATS)
    other = draw(SEATS.filter(lambda seat: seat != player))
    if kind == "exposed kong":
        return Event(kind, player, other)
    if kind in ("added kong", "concealed kong"):
        return Event(kind, player)
    if kind == "self-drawn win":
        return Event(kind, player, None, draw(FANS))
    if kind == "win on discard":
        return Event(kind, player, other, draw(FANS), draw(st.booleans()))
    seats = draw(st.lists(SEATS, min_size=1, max_size=4, unique=True))
    hands = [(seat, draw(st.sampled_from(HANDS)), draw(st.sampled_from("ps"))) for seat in seats]
    written = parse_script("wall " + " ".join(f"{s}={h}/{v}" for s, h, v in hands))
    return written[0][1]


@given(st.lists(events(), max_size=8))
def test_parse_format_parse_gives_the_same_events(script: list[Event]) -> None:
    text = "\n".join(event.line() for event in script)
    parsed = [event for _, event in parse_script(text)]
    assert parsed == script
    again = "\n".join(event.line() for event in parsed)
    assert again == text
    assert [event for _, event in parse_script(again)] == parsed


@pytest.mark.parametrize(
    "line",
    [
        "kong 0 concealed",
        "kong 1 added",
        "kong 2 exposed from 3",
        "win 1 fan 2 self",
        "win 3 fan 0 from 2",
        "win 0 fan 4 from 1 after-kong",
        "wall 0=123456789m1122p/s 2=111222333m4445p/p",
    ],
)
def test_each_line_form_writes_back_as_itself(line: str) -> None:
    [(number, event)] = parse_script(line)
    assert number == 1
    assert event.line() == line


def test_blank_lines_and_comments_keep_the_line_numbers() -> None:
    script = "# a deal\n\nkong 0 concealed\n   \nwin 3 fan 1 self\n"
    assert [(n, e.line()) for n, e in parse_script(script)] == [
        (3, "kong 0 concealed"),
        (5, "win 3 fan 1 self"),
    ]


def test_extra_spaces_and_loose_hands_are_written_back_tidily() -> None:
    [(_, event)] = parse_script("  win   1  fan 2   from 0  ")
    assert event.line() == "win 1 fan 2 from 0"
    [(_, wall)] = parse_script("wall 0=123m456m789m1122p/s")
    assert wall.line() == "wall 0=123456789m1122p/s"
    assert parse_script(wall.line())[0][1] == wall


@pytest.mark.parametrize(
    ("script", "message"),
    [
        ("lose 1", r"line 1 \('lose 1'\), word 1 'lose': expected 'kong' or 'win' or 'wall'"),
        ("kong 4 concealed", r"word 2 '4': a seat is a number 0-3"),
        ("kong 0 exposed", r"line 1 \('kong 0 exposed'\), at its end: the line stops here"),
        ("kong 0 hidden", r"word 3 'hidden': expected 'concealed' or 'added' or 'exposed'"),
        ("win 1 fan two from 0", r"word 4 'two': the fan is a whole number"),
        ("win 1 fan -1 self", r"word 4 '-1': the fan is a whole number"),
        ("win 1 fan 2 self now", r"word 6 'now': unexpected word"),
        ("win 1 fan 2 from 0 later", r"word 7 'later': expected 'after-kong'"),
        ("wall", r"at its end: name each player still in play"),
        ("wall 0=123m/x", r"word 2 '0=123m/x': the void after / is m, p or s"),
        ("wall 5=123m456m789m1122p/s", r"word 2 '5=123m456m789m1122p/s': a seat is a number 0-3"),
        ("wall 0123m", r"word 2 '0123m': expected seat=hand/void"),
        (
            "wall 1=123m456m789m1122p/s 1=123m456m789m1122p/s",
            r"word 3 '1=123m456m789m1122p/s': seat 1 is named twice",
        ),
        ("kong 0 concealed\n\nwin 1 fan x self", r"^line 3 \('win 1 fan x self'\), word 4 'x'"),
    ],
)
def test_bad_lines_name_the_line_and_the_word(script: str, message: str) -> None:
    with pytest.raises(ScriptError, match=message):
        parse_script(script)


@pytest.mark.parametrize(
    ("script", "word"),
    [
        ("win 1 fan ٣ from 0", "word 4 '٣'"),
        ("win 1 fan ² self", "word 4 '²'"),
        ("win 1 fan 1² self", "word 4 '1²'"),
        ("kong ٣ concealed", "word 2 '٣'"),
        ("kong 0 exposed from １", "word 5 '１'"),
        ("win 0 fan 1 from ٢", "word 6 '٢'"),
        ("wall ٣=123m456m789m1122p/s", "word 2 '٣=123m456m789m1122p/s'"),
    ],
)
def test_only_ascii_digits_are_numbers(script: str, word: str) -> None:
    with pytest.raises(
        ScriptError, match=f"line 1 .*, {word}: write numbers with the ASCII digits 0-9"
    ):
        parse_script(script)


def test_a_script_error_is_a_value_error() -> None:
    assert issubclass(ScriptError, ValueError)


def test_replay_names_the_line_of_an_illegal_event() -> None:
    with pytest.raises(ValueError, match=r"^line 3 \(win 1 fan 1 self\): seat 1 has already won"):
        replay(parse_script("win 1 fan 1 from 0\n# again\nwin 1 fan 1 self"), Rules())


def test_replay_pays_as_it_goes_and_sums_to_zero() -> None:
    ledger = replay(parse_script("kong 0 concealed\nwin 1 fan 1 from 0\nwin 3 fan 2 self"), Rules())
    assert sum(ledger.net) == 0
    # seat 0's concealed kong: 2 from each; seat 1 wins 2 on seat 0's discard; seat 3
    # self-draws 2 fan: 4 + 1 from each player still in play
    assert ledger.net == [6 - 2 - 5, -2 + 2, -2 - 5, -2 + 10]


def test_events_refuse_flags_that_are_not_booleans() -> None:
    with pytest.raises(TypeError, match="after_kong must be True or False"):
        Event("win on discard", 1, 0, 2, "yes")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="fan must be a whole number"):
        Event("self-drawn win", 1, None, True)
    with pytest.raises(ValueError, match="kind must be one of"):
        Event("robbed kong", 1)  # type: ignore[arg-type]


def test_a_concealed_kong_is_worded_with_a() -> None:
    ledger = Ledger(Rules())
    with pytest.raises(ValueError, match=r"^a concealed kong has no discarder"):
        ledger.kong(0, "concealed", discarder=1)
    ledger.kong(0, "concealed")
    ledger.kong(1, "added")
    text = " ".join(ledger.events)
    assert "a concealed kong" in text and "an added kong" in text
    assert "an concealed" not in text
