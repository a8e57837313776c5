"""The Hong Kong cheat sheet: the fan table, the payment table in use, pao, and the Golden table.

The fan table is :func:`kit.hongkong.pattern_table`; the payment tables are the
``table`` and ``golden`` of the ``Rules`` in force; the pao example is
:func:`kit.hongkong.payout`.

>>> from kit.hongkong import Rules
>>> html = sheet(Rules(table="full-spicy"))
>>> "full-spicy table" in html, ">2048<" in html, "大三元" in html
(True, True, True)
"""

from __future__ import annotations

from html import escape

from kit.games import game
from kit.handouts.page import document, items, note, section, steps, table, tiles_html, turn_box
from kit.hongkong import Rules, pattern_table, payout
from kit.hongkong.payout import tile_set
from kit.hongkong.rules import TWO_PLAYER_TILES, PaymentTable
from kit.mahjong.tiles import HONOUR_NAMES, SUIT_NAMES, WINDS, wind_tile
from kit.render.rules import HOUSE_MARK

__all__ = ["PICTURES", "sheet"]

PICTURES: dict[str, str] = {
    "all-chows": "123m456p789s",
    "dragon-pung": "777z",
    "seat-wind": "111z",
    "half-flush": "123s789s111z",
    "small-three-dragons": "555z666z77z",
    "big-three-dragons": "555z666z777z",
    "small-four-winds": "111z222z333z44z",
    "thirteen-orphans": "19m19p19s1234567z",
    "nine-gates": "1112345678999m",
}
"""A few tiles that show a pattern at a glance."""

DRAGON_PUNGS: dict[str, tuple[int, str]] = {
    "small-three-dragons": (2, "two"),
    "big-three-dragons": (3, "three"),
}
"""The dragon pungs each three-dragons pattern holds: each adds its dragon-pung fan too."""

_SMALL = 15
_TWO_PLAYER_TILES = len(TWO_PLAYER_TILES.wall())


def _tiles(text: str, width: int = _SMALL) -> str:
    return tiles_html(text, width)


def _fan_rows(rules: Rules, *, limit: bool) -> str:
    frame = pattern_table()
    entries = {pattern.key: pattern for pattern in game(rules).catalogue}
    rows = []
    for key, row in frame.iterrows():
        if bool(row["limit"]) is not limit:
            continue
        key = str(key)
        name = (
            f"<b>{escape(row['name'])}</b> "
            f'<span class="kit-small kit-zh">{escape(row["Chinese"])} '
            f"<i>{escape(row['Cantonese'])}</i></span>"
        )
        fan = str(row["fan"])
        if key == "dragon-pung":
            fan += " each"
        takes = escape(entries[key].description)
        if key in DRAGON_PUNGS:
            pungs, words = DRAGON_PUNGS[key]
            total = entries[key].fan + pungs * entries["dragon-pung"].fan
            takes += f": <b>{total} fan in all</b> with its {words} dragon pungs"
        picture = _tiles(PICTURES[key]) if key in PICTURES else ""
        rows.append([name, takes, picture] + ([] if limit else [fan]))
    head = [("pattern", "kit-name"), ("what it takes", ""), ("for example", "")]
    if limit:  # every limit hand scores the cap, as the section's title says
        return table(head, rows, css_class="kit-fan kit-limits")
    return table([*head, ("fan", "num big")], rows, css_class="kit-fan")


def _honours() -> str:
    """ "Winds E S W N are 1z–4z; the dragons White, Green, Red 5z–7z", from the tiles."""
    first, last = wind_tile(WINDS[0]), wind_tile(WINDS[-1])
    dragons = HONOUR_NAMES[len(WINDS) :]
    return (
        f"Winds {' '.join(WINDS)} are {first}–{last}; the dragons {', '.join(dragons)} "
        f"{last.number + 1}z–{len(HONOUR_NAMES)}z."
    )


def _fan_section(rules: Rules) -> str:
    after = (
        f"Fan add up. A hand needs <b>at least {rules.min_fan} fan</b> to win; fan above "
        f"{rules.fan_cap} count as {rules.fan_cap}. Winning forms: four groups and a pair, or "
        f"thirteen orphans (seven pairs does not win here). {_honours()}"
    )
    return section("fan", "Fan (番)", _fan_rows(rules, limit=False) + note(after), long=True)


def _limit_section(rules: Rules) -> str:
    return section(
        "limit-hands",
        f"Limit hands: each scores the cap, {rules.fan_cap} fan, whatever else the hand holds",
        _fan_rows(rules, limit=True),
        long=True,
    )


def _turn_section(rules: Rules) -> str:
    """A turn and its claims, in priority order, so that a first table can be run from the sheet."""
    turn = steps(
        "<b>Draw</b> a tile (after claiming a pung or chow: discard at once).",
        "You may <b>declare a kong</b> and draw a replacement, or <b>win</b> on your own draw "
        f"(at least {rules.min_fan} fan).",
        "<b>Discard</b> one tile face up.",
    )
    claims = steps(
        f"<b>Win</b> ({rules.min_fan} fan or more): any player; if several, only the first "
        "after the discarder (head bump, 截糊).",
        "<b>Pung</b> or <b>kong</b>: any player.",
        "<b>Chow</b>: only the next player.",
    )
    two = " At two players the opponent is next, and may chow." if rules.players == 2 else ""
    after = items(
        "<b>Pung, chow</b>: the claimer discards; <b>kong</b>: a replacement first.",
        "<b>Win</b> ends the deal. <b>No claim</b>: the next player draws." + two,
        "<b>Robbing the kong</b>: win on a tile added to a pung.",
    )
    claims += "<p>Wall empty: only a win; else a draw.</p>"
    return turn_box(turn, claims, after)


def _payment_rows(paying: PaymentTable, rules: Rules, *, golden: bool) -> str:
    fans = [fan for fan in paying.fans() if rules.min_fan <= fan <= rules.fan_cap]
    head = [("fan", "")] + [
        (f"{fan}{'<br>cap' if fan == rules.fan_cap else ''}", "num") for fan in fans
    ]
    if golden:
        rows = [
            ["opponent pays, on a discard", *(str(paying.discard(f)) for f in fans)],
            ["opponent pays, self-drawn", *(str(paying.self_draw(f)) for f in fans)],
        ]
    else:
        rows = [
            ["discarder pays", *(str(paying.discard(f)) for f in fans)],
            ["each of 3 pays, self-drawn", *(str(paying.self_draw(f)) for f in fans)],
            ["winner gets, self-drawn", *(str(3 * paying.self_draw(f)) for f in fans)],
        ]
    return table(head, rows, css_class="kit-golden kit-grid" if golden else "kit-payments kit-grid")


def _payments_section(rules: Rules) -> str:
    if rules.players == 2:
        body = (
            f"<p>Two play at this table, so the <b>Golden table</b> below pays, not the "
            f"four-player <b>{escape(rules.table.name)}</b> table. On a discard the discarder "
            "pays; on a self-draw the one opponent pays.</p>"
        )
        return section("payments", "Payments", body)
    body = (
        f"<p>The <b>{escape(rules.table.name)}</b> table, in use. On a discard the discarder "
        "alone pays; on a self-draw each of the other three pays.</p>"
        + _payment_rows(rules.table, rules, golden=False)
    )
    if rules.table.name in ("half-spicy", "full-spicy"):
        body += (
            '<p class="kit-small">A common Hong Kong table in 5/1 stakes; a class can type its '
            "own table in with <code>Rules(table=frame)</code>.</p>"
        )
    return section("payments", "Payments", body)


def _pao_section(rules: Rules) -> str:
    fan = min(max(rules.min_fan, 5), rules.fan_cap)
    usual = payout(fan, winner=0, rules=rules)
    liable = payout(fan, winner=0, liable=rules.players - 1, rules=rules)
    exposed = "".join(
        f'<span class="kit-pics">{_tiles(group, 17)}</span>' for group in ("555z", "666z")
    )
    claimed = _tiles("777z", 17)
    picture = (
        f'<div class="kit-pics kit-gap">{exposed}<span class="kit-pics" '
        f'style="border:1pt dashed #000;padding:0.5mm">{claimed}</span>'
        '<span class="kit-small">← the third dragon group, claimed on <b>your</b> discard: '
        "you are liable</span></div>"
    )
    payer = rules.players - 1
    if rules.pao:
        state = "on"
        pays = (
            f"Example, a self-drawn {fan}-fan win: without pao each other player pays "
            f"{-usual[1]}; with pao the liable player pays all <b>{-liable[payer]}</b>, alone."
        )
    else:
        state = f"<b>{HOUSE_MARK} off</b>: liability is ignored and the usual payers pay"
        pays = ""
    text = (
        f"<p><b>Pao</b> (包, liability; {state}). Whoever discards the tile another player "
        "claims for their <b>fourth exposed group</b> or <b>third dragon group</b> is liable: "
        "if that player then wins, the liable player pays the whole win (three self-draw "
        "values, or the discard value). A later pao replaces an earlier one; a concealed kong "
        "makes nobody liable.</p>"
    )
    return section("pao", "Pao (包)", text + picture + (f"<p>{pays}</p>" if pays else ""))


def _two_player_section(rules: Rules) -> str:
    kept = _tiles("19m19s", 15) + _tiles("123456789p", 15) + _tiles("1234567z", 15)
    golden = rules.golden
    origin = (
        f"the four-player {escape(rules.table.name)} table's discard values, for any win "
        "(self-drawn or not)"
        if golden.derived
        else f"the <b>{escape(golden.name)}</b> table set in the house rules"
    )
    in_use = "in use at this table" if rules.players == 2 else "when two play"
    body = (
        f'<div class="kit-pics kit-gap"><p><b>{_TWO_PLAYER_TILES} tiles</b>: '
        f"{SUIT_NAMES['s']} and {SUIT_NAMES['m']} 2–8 are removed; their 1s and 9s, all "
        f"{SUIT_NAMES['p']} and all honours stay:</p>{kept}</div>"
        f"<p>The <b>Golden table</b> ({in_use}), {origin}:</p>"
        + _payment_rows(golden, rules, golden=True)
    )
    if golden.derived:
        body += (
            '<p class="kit-small">A class can type its own Golden values in with '
            "<code>Rules(golden=frame)</code>.</p>"
        )
    title = f"Two players: the {_TWO_PLAYER_TILES}-tile table and the Golden table"
    return section("two-player", title, body)


def sheet(rules: Rules) -> str:
    """The Hong Kong handout for ``rules``, as one HTML document."""
    players = (
        "four players"
        if rules.players == 4
        else f"<b>two players</b> (the {_TWO_PLAYER_TILES}-tile Golden table)"
    )
    tiles = len(tile_set(rules).wall())
    subtitle = (
        f"{tiles} tiles, {players}, claims of pung, kong and chow; a win needs "
        f"<b>{rules.min_fan} fan</b>, payments come from a table."
    )
    body = (
        _turn_section(rules)
        + _fan_section(rules)
        + _limit_section(rules)
        + _payments_section(rules)
        + _pao_section(rules)
        + _two_player_section(rules)
    )
    return document(rules, subtitle=subtitle, body=body)
