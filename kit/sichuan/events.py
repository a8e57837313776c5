"""The strict notation of a Sichuan deal's events: kongs, wins and the wall's end
(see the Sichuan rules: reference/sichuan.md#win-payments).

One event a line; :func:`parse_script` reads a script and :meth:`Event.line` writes
one line back, so the two come in pairs. :func:`replay` records the events in a
fresh :class:`~kit.sichuan.settle.Ledger`, which pays them as they happen.

>>> deal = replay(parse_script("win 1 fan 1 from 0\\nwin 3 fan 2 self"), Rules())
>>> deal.net
[-7, 2, -5, 10]
>>> parse_script("kong 0 exposed")
Traceback (most recent call last):
...
kit.sichuan.events.ScriptError: line 1 ('kong 0 exposed'), at its end: the line stops here; expected 'from'

Lines are read strictly: a bad word raises :class:`ScriptError` quoting the line and
the word; nothing is repaired. Blank lines and lines starting with ``#`` are skipped.

- ``kong <seat> concealed``, ``kong <seat> added``, ``kong <seat> exposed from <seat>``
- ``win <seat> fan <fan> self``, ``win <seat> fan <fan> from <seat>`` (``after-kong``
  at the end for a shot right after the discarder's kong)
- ``wall <seat>=<hand>/<void> …``: the wall is empty; each player still in play with
  its 13-tile hand and its void suit.

Numbers (seats and fan) are written with the ASCII digits 0-9 only.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from kit.mahjong.tiles import SUITS
from kit.sichuan.fan import parse_hand
from kit.sichuan.rules import PLAYERS, Rules
from kit.sichuan.settle import Ledger

__all__ = ["EVENT_KINDS", "Event", "EventKind", "ScriptError", "parse_script", "replay"]

EventKind = Literal[
    "exposed kong", "added kong", "concealed kong", "win on discard", "self-drawn win", "wall empty"
]
EVENT_KINDS: tuple[EventKind, ...] = (
    "exposed kong", "added kong", "concealed kong", "win on discard", "self-drawn win", "wall empty",
)  # fmt: skip


class ScriptError(ValueError):
    """A bad line of an event script; the message names the line and the word."""


@dataclass(frozen=True)
class Event:
    """One event of a deal; :meth:`line` is its script line."""

    kind: EventKind
    player: int = 0
    discarder: int | None = None
    fan: int = 0
    after_kong: bool = False
    hands: tuple[tuple[int, str, str], ...] = ()
    """For the wall's end: (seat, hand, void) of each player still in play."""

    def __post_init__(self) -> None:
        if self.kind not in EVENT_KINDS:
            raise ValueError(f"kind must be one of {', '.join(EVENT_KINDS)}, not {self.kind!r}")
        for name in ("player", "fan"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise ValueError(f"{name} must be a whole number 0 or more, not {value!r}")
        if self.discarder is not None and (
            not isinstance(self.discarder, int) or isinstance(self.discarder, bool)
        ):
            raise ValueError(f"discarder must be a seat number or None, not {self.discarder!r}")
        if not isinstance(self.after_kong, bool):
            raise TypeError(f"after_kong must be True or False, not {self.after_kong!r}")

    def line(self) -> str:
        """The event in script notation, e.g. ``win 1 fan 2 from 0 after-kong``.

        >>> Event("exposed kong", 2, 1).line()
        'kong 2 exposed from 1'
        """
        if self.kind == "wall empty":
            return "wall " + " ".join(f"{seat}={hand}/{void}" for seat, hand, void in self.hands)
        if self.kind.endswith("kong"):
            kind = self.kind.split()[0]
            source = f" from {self.discarder}" if self.kind == "exposed kong" else ""
            return f"kong {self.player} {kind}{source}"
        if self.kind == "self-drawn win":
            return f"win {self.player} fan {self.fan} self"
        return f"win {self.player} fan {self.fan} from {self.discarder}" + (
            " after-kong" if self.after_kong else ""
        )

    def apply(self, deal: Ledger) -> None:
        """Record this event in ``deal``; the deal raises ``ValueError`` if it is illegal."""
        if self.kind == "wall empty":
            deal.wall_empty(
                {seat: hand for seat, hand, _ in self.hands},
                {seat: void for seat, _, void in self.hands},
            )
        elif self.kind == "exposed kong":
            deal.kong(self.player, "exposed", discarder=self.discarder)
        elif self.kind == "added kong":
            deal.kong(self.player, "added")
        elif self.kind == "concealed kong":
            deal.kong(self.player, "concealed")
        elif self.kind == "self-drawn win":
            deal.win(self.player, fan=self.fan)
        else:
            deal.win(
                self.player, fan=self.fan, discarder=self.discarder, shot_after_kong=self.after_kong
            )


_NUMBER_WORD = re.compile(r"[0-9]+")
_WALL_WORD = re.compile(r"([^=/]+)=([^/=]+)/([^/=]*)")
_KONG_KINDS: dict[str, EventKind] = {
    "concealed": "concealed kong",
    "added": "added kong",
    "exposed": "exposed kong",
}


def parse_script(text: str) -> list[tuple[int, Event]]:
    """Read an event script strictly: (line number, event) for each event line.

    >>> [(n, e.line()) for n, e in parse_script("kong 0 concealed\\n\\nwin 3 fan 1 self")]
    [(1, 'kong 0 concealed'), (3, 'win 3 fan 1 self')]
    >>> parse_script("win 1 fan two from 0")
    Traceback (most recent call last):
    ...
    kit.sichuan.events.ScriptError: line 1 ('win 1 fan two from 0'), word 4 'two': the fan is a whole number, such as 2
    """
    events = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line and not line.startswith("#"):
            events.append((number, _LineParser(number, line).event()))
    return events


def replay(events: Sequence[tuple[int, Event]], rules: Rules) -> Ledger:
    """A fresh :class:`Ledger` with every event recorded; an illegal one raises, naming its line.

    >>> replay(parse_script("win 1 fan 1 from 0\\nwin 1 fan 2 self"), Rules())
    Traceback (most recent call last):
    ...
    ValueError: line 2 (win 1 fan 2 self): seat 1 has already won and leaves play: it can not win again
    """
    deal = Ledger(rules)
    for number, event in events:
        try:
            event.apply(deal)
        except ValueError as error:
            raise ValueError(f"line {number} ({event.line()}): {error}") from None
    return deal


class _LineParser:
    """One script line, word by word; every complaint names the line and the word."""

    def __init__(self, number: int, line: str) -> None:
        self.number, self.line = number, line
        self.words = line.split()
        self.at = 0

    def fail(self, why: str, at: int | None = None) -> ScriptError:
        at = self.at if at is None else at
        if at >= len(self.words):
            return ScriptError(f"line {self.number} ({self.line!r}), at its end: {why}")
        word = self.words[at]
        return ScriptError(f"line {self.number} ({self.line!r}), word {at + 1} {word!r}: {why}")

    def next(self, expected: str) -> str:
        if self.at >= len(self.words):
            raise self.fail(f"the line stops here; expected {expected}")
        word = self.words[self.at]
        self.at += 1
        return word

    def keyword(self, *choices: str) -> str:
        word = self.next(" or ".join(repr(c) for c in choices))
        if word not in choices:
            raise self.fail(f"expected {' or '.join(repr(c) for c in choices)}", self.at - 1)
        return word

    def whole(self, word: str, why: str, at: int | None = None) -> int:
        """``word`` as a number of ASCII digits 0-9, else a complaint naming it."""
        if _NUMBER_WORD.fullmatch(word):
            return int(word)
        if any(char.isdigit() and not char.isascii() for char in word):
            why = "write numbers with the ASCII digits 0-9"
        raise self.fail(why, self.at - 1 if at is None else at)

    def seat(self) -> int:
        word = self.next(f"a seat 0-{PLAYERS - 1}")
        seat = self.whole(word, f"a seat is a number 0-{PLAYERS - 1}")
        if seat >= PLAYERS:
            raise self.fail(f"a seat is a number 0-{PLAYERS - 1}", self.at - 1)
        return seat

    def end(self) -> None:
        if self.at < len(self.words):
            raise self.fail("unexpected word; the event is complete before it")

    def event(self) -> Event:
        verb = self.keyword("kong", "win", "wall")
        if verb == "kong":
            return self.kong()
        if verb == "win":
            return self.win()
        return self.wall()

    def kong(self) -> Event:
        player = self.seat()
        kind = self.keyword("concealed", "added", "exposed")
        discarder = None
        if kind == "exposed":
            self.keyword("from")
            discarder = self.seat()
        self.end()
        return Event(_KONG_KINDS[kind], player, discarder)

    def win(self) -> Event:
        player = self.seat()
        self.keyword("fan")
        word = self.next("the fan, such as 2")
        fan = self.whole(word, "the fan is a whole number, such as 2")
        if self.keyword("self", "from") == "self":
            self.end()
            return Event("self-drawn win", player, None, fan)
        discarder = self.seat()
        after = self.at < len(self.words) and self.keyword("after-kong") == "after-kong"
        self.end()
        return Event("win on discard", player, discarder, fan, after)

    def wall(self) -> Event:
        hands: list[tuple[int, str, str]] = []
        if self.at >= len(self.words):
            raise self.fail("name each player still in play as seat=hand/void")
        while self.at < len(self.words):
            word = self.next("seat=hand/void")
            match = _WALL_WORD.fullmatch(word)
            if match is None:
                raise self.fail("expected seat=hand/void, e.g. 0=123m456m789m1122p/s", self.at - 1)
            seat_text, hand_text, void = match.groups()
            seat = self.whole(seat_text, f"a seat is a number 0-{PLAYERS - 1}")
            if seat >= PLAYERS:
                raise self.fail(f"a seat is a number 0-{PLAYERS - 1}", self.at - 1)
            if void not in SUITS:
                raise self.fail(f"the void after / is m, p or s, not {void!r}", self.at - 1)
            if any(named == seat for named, _, _ in hands):
                raise self.fail(f"seat {seat} is named twice", self.at - 1)
            try:
                notation = parse_hand(hand_text).notation()
            except ValueError as error:
                raise self.fail(str(error), self.at - 1) from None
            hands.append((seat, notation, void))
        return Event("wall empty", hands=tuple(sorted(hands)))
