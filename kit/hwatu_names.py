"""Hwatu cards by name, as a learner says them: "Pine bright", "Willow double junk".

The kit writes cards in notation (``1B``, ``8J2``) for code; the learner's apps show a
card's picture and this name instead, the notation kept for a tooltip
(reference/nylon-ppong.md#cards). The longer sentence is :meth:`kit.hwatu.Card.describe`.
A month's two junk cards are told apart as its first and second. Plain text: no HTML.

>>> from kit.hwatu import Card
>>> [card_name(Card.parse(code)) for code in ("1B", "8J2", "12R", "11D")]
['Pine bright', 'Pampas junk (second)', 'Willow ribbon', 'Paulownia double junk']
"""

from __future__ import annotations

from kit.hwatu import Card, CardKind

__all__ = ["PLANT_NAMES", "card_name"]

PLANT_NAMES = (
    "Pine", "Plum", "Cherry", "Wisteria", "Iris", "Peony",
    "Bush clover", "Pampas", "Chrysanthemum", "Maple", "Paulownia", "Willow",
)  # fmt: skip
"""Each month's plant in one or two words, January first (the month's full plant is
:attr:`kit.hwatu.Month.plant`)."""


def card_name(card: Card) -> str:
    """A card's short name: its plant and its type, "Cherry ribbon"."""
    if not isinstance(card, Card):
        raise TypeError(f"card: expected a Card, not {card!r}")
    name = f"{PLANT_NAMES[card.month - 1]} {card.kind.english}"
    code = card.notation()
    if card.kind is CardKind.JUNK and code[-1] in "12":
        name += " (first)" if code.endswith("1") else " (second)"
    return name
