"""How the kit says numbers in words: signs, counts and places, as a player says them.

Plain text only, so the rules, the exercises and the pictures all speak alike.

>>> signed(-9), money(4), money(0), counted(1, "card"), counted(3, "card"), ordinal(2)
('−9', '+4', '0', '1 card', '3 cards', '2nd')
>>> fact_words(3.0), fact_words(3.5), fact_words(0.5), fact_words(0.075, chance=True)
('3', '3.5', '0.5', '7.5%')
>>> fact_words(True), fact_words(None), fact_words(12)
('yes', '', '12')
"""

from __future__ import annotations

__all__ = ["counted", "fact_words", "money", "ordinal", "signed"]

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


def ordinal(number: int) -> str:
    """ "1st", "2nd", "3rd", "4th"."""
    suffix = {1: "st", 2: "nd", 3: "rd"}.get(number, "th")
    return f"{number}{suffix}"


def fact_words(value: Fact, *, chance: bool = False) -> str:
    """A coach's fact as a learner reads it: yes or no, a chance as a percentage, any
    other number without trailing zeros ("3", not "3.00"), nothing for a missing fact."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        if chance:
            return f"{value:.1%}"
        return f"{value:.1f}".rstrip("0").rstrip(".")
    return str(value)
