"""The Nylon-ppong cheat sheet: month values, the six combinations, the turn and the round's scoring.

Every number on it comes from the kit: the combinations' values are worked out
by :func:`kit.nylonppong.best_combination` on the example hands, the worked
round by :func:`kit.nylonppong.rules.round_ledger`, the limits and penalties
from the ``Rules`` in force.

>>> from kit.nylonppong import Rules
>>> html = sheet(Rules(stop_limit=10))
>>> html.count('class="kit-card-face"') >= 12 + 6 * 6, "stop limit: 10" in html
(True, True)
"""

from __future__ import annotations

from html import escape

from kit.handouts.page import document, items, note, section, table
from kit.hwatu import DECK, MONTHS, Card, CardKind
from kit.nylonppong.rules import (
    COMBINATION_SIZE,
    COMBINATIONS,
    DAEPPANG_MIN,
    HAND_SIZE,
    SIB_BUJOK_MAX,
    Rules,
    best_combination,
    combination_odds,
    round_ledger,
)
from kit.render import card_svg
from kit.words import signed

__all__ = ["EXAMPLES", "sheet"]

EXAMPLES: dict[str, tuple[int, ...]] = {
    "three-pairs": (2, 2, 5, 5, 9, 9),
    "two-triples": (3, 3, 3, 7, 7, 7),
    "four-and-pair": (4, 4, 4, 4, 8, 8),
    "straight": (3, 4, 5, 6, 7, 8),
    "sib-bujok": (1, 1, 1, 2, 2, 3),
    "daeppang": (9, 11, 11, 11, 12, 12),
}
"""One example hand (months) per combination; each scores as its own combination."""

_CARD = 30
"""Card width in pixels in the combination examples."""


def _cards_of(months: tuple[int, ...], taken: dict[int, int] | None = None) -> list[Card]:
    """Distinct cards for these months: each month's cards in deck order, after those ``taken``."""
    taken = {} if taken is None else taken
    cards = []
    for month in months:
        of_month = [card for card in DECK if card.month == month]
        cards.append(of_month[taken.get(month, 0)])
        taken[month] = taken.get(month, 0) + 1
    return cards


def _pictures(cards: list[Card], width: int) -> str:
    return f'<div class="kit-pics">{"".join(card_svg(c, width=width) for c in cards)}</div>'


def _months_section() -> str:
    cells = []
    for month in MONTHS:
        of_month = [card for card in DECK if card.month == month.number]
        junk = next(c for c in of_month if c.kind in (CardKind.JUNK, CardKind.DOUBLE_JUNK))
        pictures = _pictures([of_month[0], junk], 34)
        korean = month.korean.split(" (")[0]
        plant = month.plant.split(" (")[0]
        cells.append(
            '<div class="kit-month" style="display:flex;gap:1.5mm;align-items:center;'
            'border:0.6pt solid #999;padding:0.8mm 1.2mm">'
            f"{pictures}<div>"
            f'<div style="white-space:nowrap"><b style="font-size:13pt">{month.number}</b> '
            f'<span class="kit-small">point{"s" if month.number > 1 else ""}</span></div>'
            f'<div class="kit-small"><b>{escape(month.name)}</b></div>'
            f'<div class="kit-small">{escape(plant)} '
            f'<span style="white-space:nowrap">{escape(korean)}</span></div></div></div>'
        )
    grid = (
        '<div style="display:grid;grid-template-columns:repeat(4,1fr);gap:1mm">'
        f"{''.join(cells)}</div>"
    )
    intro = (
        "<p>48 Hwatu cards: 12 months of 4 cards. A card is worth its <b>month number</b>, "
        "January 1 to December 12; its type (bright, animal, ribbon, junk) never counts. "
        "Korean order: paulownia is 11 and willow (rain) 12.</p>"
    )
    return section("months", "Month values", intro + grid)


def _one_in(probability: float) -> str:
    """ "1 in 258": how often, for people who do not read decimals.

    >>> _one_in(0.003872), _one_in(162 / 12_271_512)
    ('1 in 258', '1 in 75,750')
    """
    return f"1 in {round(1 / probability):,}"


def _combinations_section(rules: Rules) -> str:
    odds = {str(key): float(value) for key, value in combination_odds(rules)["probability"].items()}
    rows = []
    for kind in COMBINATIONS:
        months = EXAMPLES[kind.key]
        found = best_combination(months)
        assert found is not None and found.key == kind.key, kind.key
        example = _pictures(_cards_of(months), _CARD)
        sum_note = f"sum {sum(months)}"
        rows.append(
            [
                f"<b>{escape(kind.english)}</b><br>{escape(kind.korean)}",
                escape(kind.composition),
                f'{example}<div class="kit-small">{"-".join(map(str, months))} · {sum_note}</div>',
                escape(kind.value_text),
                signed(found.value),
                _one_in(odds[kind.key]),
            ]
        )
    head = [
        ("combination", ""),
        ("what the six cards are", ""),
        ("example hand", ""),
        ("value", "num"),
        ("the example scores", "num big"),
        ("how often", "num"),
    ]
    after = (
        f"Declare only with exactly {COMBINATION_SIZE} cards, right after drawing; declaring "
        "ends the round. When several apply, <b>only the best (most negative) value counts</b>: "
        "values never add (1-1-1-2-2-2 is two triples and sib-bujok: −100). Straights do not wrap "
        f"from 12 to 1 (1–6 = −21 … 7–12 = −57). Sib-bujok: sum ≤ {SIB_BUJOK_MAX}; daeppang: "
        f"sum ≥ {DAEPPANG_MIN}. How often: the chance that six cards make it, exactly "
        f"(any of them: {_one_in(odds['any'])})."
    )
    return section(
        "combinations",
        "The six combinations (lower is better)",
        table(head, rows, css_class="kit-combinations") + note(after),
    )


def _turn_section(rules: Rules) -> str:
    out_of_turn = (
        "at any time, also out of turn (after a discard, before the next player draws; "
        "players in between lose their turn)"
        if rules.out_of_turn_ppong
        else "only on your own turn, instead of drawing"
    )
    lines = [
        f"{rules.players} players, {HAND_SIZE} cards each; the rest is the face-down pile.",
        "Play goes <b>counter-clockwise</b>: the next turn is the player on your right.",
        "<b>Your turn:</b> draw one card; declare a combination if the 6 cards make one, "
        "otherwise discard one card face up.",
        "<b>Ppong</b> (뽕): holding two cards of the month of the top discard, call ppong "
        f"{out_of_turn}. Lay the pair face up (it never scores; the discard stays), then discard "
        "one card. Holding exactly that pair, you <b>go out</b> at once.",
        "<b>Stop</b> (스톱): with exactly 2 cards in hand, at the start of your turn, if their "
        f"months sum to <b>{rules.stop_limit} or less</b>, call stop: the round ends.",
        "The pile runs out when someone must draw: the round ends.",
    ]
    return section("turn", "The turn", items(*lines))


def _scoring_section(rules: Rules) -> str:
    rows = [
        ["every ending", "Each player scores the <b>sum of the months in hand</b>. "
         "Pairs laid out by ppong do not count."],
        ["a combination", "The declarer scores the combination's value (0 or less) instead."],
        ["stop", "The stop succeeds only if the caller's sum is <b>strictly the lowest</b> "
         f"(a tie fails). A failed stop adds <b>+{rules.failed_stop_penalty}</b> to the caller."],
        ["going out by ppong", "The player who went out scores 0; the <b>ppong victim</b> "
         f"(whose discard it was) adds <b>+{rules.ppong_victim_penalty}</b>."],
        ["the pile runs out", "Everyone scores the hand sum."],
    ]  # fmt: skip
    game = (
        f"<b>The game:</b> {rules.rounds} rounds; penalties add up and the <b>fewest points "
        "win</b>. The player with the most points in a round starts the next one."
    )
    example = _worked_stop(rules)
    body = (
        table([("the round ends by", ""), ("penalty points", "")], rows, css_class="kit-scoring")
        + f"<p>{game}</p>"
        + example
    )
    return section("scoring", "The round's scoring (penalty points, lower is better)", body)


def _worked_stop(rules: Rules) -> str:
    """A failed stop worked out by the kit, with the cards."""
    limit = rules.stop_limit
    caller = (1, 2) if limit >= 3 else (1, 1)
    hands = [caller, (5, 5, 6, 7, 9), (1, 1) if caller != (1, 1) else (2, 3)]
    if sum(hands[2]) >= sum(caller):  # a lower hand than the caller's, so the stop fails
        hands[2] = (1,)
    ledger = round_ledger([list(h) for h in hands], ended_by="stop", player=0, rules=rules)
    parts = []
    taken: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        who = "player 1 (stop)" if seat == 0 else f"player {seat + 1}"
        total = ledger.penalties[seat]
        parts.append(
            '<div style="display:flex;align-items:center;gap:1.5mm">'
            f'<span class="kit-small" style="width:17mm">{escape(who)}</span>'
            f"{_pictures(_cards_of(hand, taken), 22)}"
            f'<span class="kit-small">= {sum(hand)}'
            f"{f' + {rules.failed_stop_penalty} failed stop' if seat == 0 else ''}"
            f" → <b>{total}</b></span></div>"
        )
    return note(
        "<b>Worked example.</b> Player 1 stops with "
        f"{'+'.join(map(str, caller))} = {sum(caller)}, but player 3 holds less: the stop "
        f'fails.<div style="display:flex;gap:4mm;flex-wrap:wrap;margin-top:1mm">'
        f"{''.join(parts)}</div>"
    )


def sheet(rules: Rules) -> str:
    """The Nylon-ppong handout for ``rules``, as one HTML document."""
    subtitle = (
        "Korean rummy with the 48-card Hwatu deck. Get rid of points: <b>the lowest total wins</b>."
    )
    body = (
        _months_section()
        + _combinations_section(rules)
        + '<div class="kit-cols">'
        + _turn_section(rules)
        + _scoring_section(rules)
        + "</div>"
    )
    return document(rules, subtitle=subtitle, body=body)
