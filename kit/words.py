"""How the kit says numbers in words: signs, counts and places, as a player says them.

Plain text only, so the rules, the exercises and the pictures all speak alike.

>>> signed(-9), money(4), money(0), counted(1, "card"), counted(3, "card"), ordinal(2)
('−9', '+4', '0', '1 card', '3 cards', '2nd')
>>> fact_words(3.0), fact_words(3.5), fact_words(0.5), fact_words(0.075, chance=True)
('3', '3.5', '0.5', '7.5%')
>>> fact_words(True), fact_words(None), fact_words(12)
('yes', '', '12')
>>> a_or_an("8-fan hand"), a_or_an("11-point"), a_or_an("1-fan hand"), a_or_an("honour")
('an 8-fan hand', 'an 11-point', 'a 1-fan hand', 'an honour')
>>> sentence("did its stop succeed?"), sentences("it is ready.", "draw", "why?")
('Did its stop succeed?', 'It is ready. Draw. Why?')
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

__all__ = [
    "a_or_an",
    "amount",
    "amount_under",
    "counted",
    "fact_words",
    "listed",
    "money",
    "ordinal",
    "percent",
    "sentence",
    "sentences",
    "signed",
]

Fact = int | float | str | bool | None


def signed(value: int) -> str:
    """A score with a real minus sign, as the rules reference writes it."""
    return f"−{-value}" if value < 0 else str(value)


def money(value: int) -> str:
    """A balance with its sign: "+4", "−9", "0"."""
    return f"+{value}" if value > 0 else signed(value)


def counted(number: int, noun: str) -> str:
    """ "1 card", "33 cards"."""
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def counted_doing(number: int, noun: str, verb: str) -> str:
    """The count and its noun, and a verb (plural, first word) that agrees with them.

    >>> counted_doing(1, "unseen tile", "bring it nearer"), counted_doing(3, "tile", "help")
    ('1 unseen tile brings it nearer', '3 tiles help')
    """
    if number == 1:
        head, _, rest = verb.partition(" ")
        verb = f"{head}s {rest}".rstrip()
    return f"{counted(number, noun)} {verb}"


def listed(items: Iterable[object], word: str = "and") -> str:
    """ "a", "a and b", "a, b and c" (or with ``word="or"``).

    >>> listed(["Seat 1's was 3"]), listed("abc"), listed("ab", "or")
    ("Seat 1's was 3", 'a, b and c', 'a or b')
    """
    shown = [str(item) for item in items]
    return shown[0] if len(shown) == 1 else ", ".join(shown[:-1]) + f" {word} " + shown[-1]


def ordinal(number: int) -> str:
    """ "1st", "2nd", "3rd", "4th"."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number, "th")
    return f"{number}{suffix}"


DISTANCES = frozenset({"shanten", "fan_shanten"})
"""Facts that count tiles still missing: 0 is ready, −1 complete."""
MONEY = frozenset({"expected_net"})
"""Facts in money, shown with their sign."""


def percent(value: float) -> str:
    """A chance as a learner says it: "31%", "7.5%", "1%", "0%"."""
    if value >= 0.1 or value == 0:
        return f"{round(100 * value)}%"
    return f"{100 * value:.1f}".removesuffix(".0") + "%"


def amount(value: float) -> str:
    """An amount of money or points as a player says it: one decimal below 10, whole
    above ("2.2", "19"), never "18.66".

    >>> amount(18.66), amount(2.24), amount(3.0), amount(0.04)
    ('19', '2.2', '3', '0')
    """
    if abs(value) >= 10:
        return _number(float(round(value)))
    return _number(round(value, 1))


def amount_under(value: float, limit: float) -> str:
    """:func:`amount` of a ``value`` below ``limit``, with a second decimal when one would
    round it up to the limit: "only 0.96 more, under the 1 stake", never "only 1 more".

    >>> amount_under(0.958, 1), amount_under(0.4, 1), amount_under(0.999, 1)
    ('0.96', '0.4', '0.99')
    """
    said = amount(value)
    if value < limit <= float(said.replace("−", "-")):
        two = round(value, 2)
        if two >= limit:
            two = math.floor(value * 100) / 100
        return f"{two:.2f}".rstrip("0").rstrip(".")
    return said


def _number(value: float) -> str:
    text = f"{value:.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text.replace("-", "−")


def fact_words(value: Fact, *, chance: bool = False, name: str = "") -> str:
    """A coach's fact as a learner reads it: yes or no, a chance as a percentage, any
    other number without trailing zeros ("3", not "3.00"), nothing for a missing fact.

    A fact's ``name`` says more: a distance reads "ready", "complete" or "2 from ready",
    money has its sign ("+1.5", "−0.4").

    >>> fact_words(0, name="shanten"), fact_words(2, name="fan_shanten"), fact_words(-1, name="shanten")
    ('ready', '2 from ready', 'complete')
    >>> fact_words(3.0, name="expected_fan"), fact_words(-0.44, name="expected_net")
    ('3', '−0.4')
    """
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (int, float)):
        if chance:
            return percent(float(value))
        if name in DISTANCES and isinstance(value, int):
            return "ready" if value == 0 else "complete" if value < 0 else f"{value} from ready"
        if name in MONEY:
            text = _number(float(value))
            return f"+{text}" if value > 0 and text != "0" else text
        return _number(float(value)) if isinstance(value, float) else signed(value)
    return str(value)


# --- articles and sentences ------------------------------------------------------------------

_LEADING_NUMBER = re.compile(r"\d[\d,]*")
_SILENT_H = ("hour", "honest", "honour", "honor", "heir")
"""Words that begin with a written h but a spoken vowel: "an hour", "an honour tile"."""
_SPOKEN_Y_OR_W = (
    "one",
    "once",
    "uni",
    "unani",
    "use",
    "usu",
    "uti",
    "ura",
    "ure",
    "euro",
    "eu",
    "ewe",
)
"""Words that begin with a written vowel but a spoken consonant: "a one-fan", "a unit"."""


def _number_takes_an(digits: str) -> bool:
    """Does the number, as said aloud, start with a vowel: eight…, eleven…, eighteen…?"""
    if digits.startswith("8"):
        return True  # eight, eighty, eight hundred, eight thousand
    # 11 and 18 (and 11,000, 18,000,000 …), said "eleven" and "eighteen" before their group.
    return len(digits) % 3 == 2 and digits[:2] in ("11", "18")


def a_or_an(phrase: str) -> str:
    """``phrase`` with the article its first word takes when said aloud: "an 8-fan hand",
    "a 1-fan hand", "an 18", "an honour tile", "a one-tile wait", "a pung"."""
    text = phrase.strip()
    if not text:
        raise ValueError("a_or_an needs a word, not an empty phrase")
    number = _LEADING_NUMBER.match(text)
    if number is not None:
        vowel = _number_takes_an(number[0].replace(",", ""))
    else:
        word = text.lower()
        if word.startswith(_SILENT_H):
            vowel = True
        elif word.startswith(_SPOKEN_Y_OR_W):
            vowel = False
        else:
            vowel = word[0] in "aeiou"
    return f"{'an' if vowel else 'a'} {text}"


def sentence(text: str) -> str:
    """``text`` as one sentence: a capital first letter and one closing mark, never two
    (no full stop after ?, ! or a full stop already there)."""
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


def sentences(*parts: str) -> str:
    """Several parts, each made a sentence (:func:`sentence`), joined by spaces; empty
    parts are left out."""
    return " ".join(sentence(part) for part in parts if part.strip())
