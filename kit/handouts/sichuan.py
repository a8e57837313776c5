"""The Sichuan cheat sheet: fan table, hand values, payments, wind and rain, and the wall's end.

The fan table is :func:`kit.sichuan.pattern_table` for the rules in force; the
hand values, payments and worked hands are computed by the kit
(:meth:`Rules.hand_value`, :meth:`Rules.self_draw_payment`,
:func:`kit.sichuan.score`).

>>> from kit.sichuan import Rules
>>> html = sheet(Rules(fan_cap=6, all_simples=True))
>>> "中张" in html, ">64<" in html, 'class="kit-tile"' in html
(True, True, True)
"""

from __future__ import annotations

from html import escape

from kit.games import game
from kit.handouts.page import document, items, note, section, steps, table, tiles_html, turn_box
from kit.mahjong.tiles import SUIT_NAMES, SUITS, Hand, Tile
from kit.render import tile_back_svg, tile_svg
from kit.render.rules import HOUSE_MARK
from kit.sichuan import Rules, pattern_table, score
from kit.sichuan.rules import PLAYERS, SICHUAN_TILES

__all__ = ["PICTURES", "WORKED", "sheet"]

PICTURES: dict[str, str] = {
    "root": "5555p",
    "all-pungs": "222m555m888s",
    "golden-wait": "7p+7p",
    "full-flush": "1234569s",
    "seven-pairs": "1133m4477s",
    "terminals-in-all": "123m999s11p",
    "258-pungs": "222m555s88p",
    "all-simples": "345m678p",
}
"""A few tiles that show a pattern at a glance ("+" puts the winning tile apart)."""

WORKED: tuple[tuple[str, str, str, bool], ...] = (
    ("123m456m789m234p55p", "5p", "s", False),
    ("111222m555p77799p", "9p", "s", True),
    ("11223344556677p", "7p", "m", False),
)
"""Worked hands: (hand, winning tile, void suit, self-drawn)."""

_SMALL = 21
_WORK = 24


def _tiles(text: str) -> str:
    return tiles_html(text, _SMALL)


def _fan_section(rules: Rules) -> str:
    frame = pattern_table(rules)
    entries = {pattern.key: pattern for pattern in game(rules).catalogue}
    rows, classes = [], []
    for key, row in frame.iterrows():
        if not row["on"]:
            continue
        key = str(key)
        house = bool(row["option"])
        name = f'<b>{escape(row["name"])}</b> <span class="kit-zh">{escape(row["Chinese"])}</span>'
        if house:
            name += f' <span class="kit-tag">{HOUSE_MARK} house rule</span>'
        fan = "the cap" if row["fan"] == "cap" else f"+{row['fan']}"
        if row["each"]:
            fan += " each"
        picture = _tiles(PICTURES[key]) if key in PICTURES else ""
        rows.append([name, escape(entries[key].description), picture, fan])
        classes.append("kit-changed" if house else "")
    head = [("pattern", ""), ("what it takes", ""), ("for example", ""), ("fan", "num big")]
    off = [
        f"{escape(row['Chinese'])} {escape(row['name'])} (+{row['fan']}, <code>{row['option']}</code>)"
        if row["fan"] != "cap"
        else f"{escape(row['Chinese'])} {escape(row['name'])} (the cap, <code>{row['option']}</code>)"
        for _, row in frame.iterrows()
        if not row["on"]
    ]
    after = (
        "A hand starts at 0 fan; every pattern that applies adds its fan (a plain win is 0 fan). "
        "Win with <b>four groups and a pair</b> (pungs, kongs, chows; chows only from your own "
        "tiles) or seven pairs, holding <b>no tile of your void suit</b>."
    )
    if off:
        after += "<br><b>Optional patterns not in use:</b> " + "; ".join(off) + "."
    return section(
        "fan",
        "Fan (番): the patterns add up",
        table(head, rows, css_class="kit-fan", row_classes=classes) + note(after),
        long=True,
    )


def _value_section(rules: Rules) -> str:
    fans = list(range(rules.fan_cap + 1))
    head = [("fan", "")] + [
        (f"{fan}{'<br>cap' if fan == rules.fan_cap else ''}", "num") for fan in fans
    ]
    values = [str(rules.hand_value(fan)) for fan in fans]
    body = table(head, [["hand value", *values]], css_class="kit-values kit-grid")
    return section(
        "hand-value",
        "Hand value",
        f"<p>A hand is worth <b>base × 2<sup>fan</sup></b> (base {rules.base}); fan above the cap "
        f"({rules.fan_cap}) count as {rules.fan_cap}, so the most a hand is worth is "
        f"<b>{rules.max_value}</b>.</p>{body}",
    )


def _payments_section(rules: Rules) -> str:
    bonus = {
        "base": f"each pays the hand value <b>+ {rules.base}</b> (one base, added after the cap)",
        "fan": "each pays the hand value at <b>one more fan</b> (before the cap)",
        "none": "each pays the hand value, with no bonus",
    }[rules.self_draw_bonus]
    each = rules.self_draw_payment(2)
    lines = [
        "<b>Win on a discard</b>: only the discarder, who dealt in (点炮), pays the hand value.",
        f"<b>Self-drawn win</b> (自摸): every player still in play pays: {bonus}.",
        f"Example: a self-drawn 2-fan hand with two others still in play: each pays "
        f"<b>{each}</b>, the winner receives <b>{2 * each}</b>.",
        "Players who have already won never pay.",
    ]
    return section("payments", "Win payments", items(*lines))


def _deal_section() -> str:
    lines = [
        "13 tiles each (the dealer 14). Each player then names a <b>void suit</b> (定缺) "
        "and discards its tiles first: you cannot win while you hold one.",
        "<b>Blood battle</b> (血战到底): a winner leaves play; the others play on until three "
        "players have won or the wall is empty.",
    ]
    return section("deal", "The deal", items(*lines))


def _turn_section() -> str:
    """A turn and its claims, in order, so that a first table can be run from the sheet."""
    turn = steps(
        "<b>Draw</b> a tile (after claiming a pung: discard at once).",
        "You may <b>declare a kong</b> and draw a replacement, or <b>win</b> on your own draw "
        "(self-drawn).",
        "<b>Discard</b> one tile face up.",
    )
    claims = steps(
        "<b>Win</b>: any player still in play. <b>Several may win</b> on one discard "
        "(一炮多响); the discarder pays each.",
        "<b>Pung</b> or <b>kong</b>: any player still in play, not of their void suit.",
        "<b>No chow</b>, ever.",
    )
    after = items(
        "<b>Pung</b>: the claimer discards; <b>kong</b>: a replacement first.",
        "<b>Win</b>: the winner leaves; the player after them draws (several: after the one "
        "furthest from the discarder). <b>No claim</b>: the next player draws.",
        "<b>Robbing the kong</b>: win on a tile added to a pung. Wall empty: only a win.",
    )
    return turn_box(turn, claims, after)


def _kongs_section(rules: Rules) -> str:
    face = tile_svg(Tile.parse("5p"), width=_SMALL)
    back = tile_back_svg(width=_SMALL)

    def pics(*groups: str) -> str:
        spans = "".join(f'<span class="kit-pics">{group}</span>' for group in groups)
        return f'<div class="kit-pics kit-gap">{spans}</div>'

    exposed = pics(face * 3, face + '<span class="kit-small">&nbsp;discard</span>')
    added = pics(face * 3, face + '<span class="kit-small">&nbsp;drawn</span>')
    concealed = pics(back + face * 2 + back)
    base = rules.base
    rows = [
        ["<b>exposed kong</b> 直杠 on a discard", exposed, f"<b>{2 * base}</b> from the discarder"],
        ["<b>added kong</b> 刮风 “wind”: a fourth tile on your exposed pung",
         added, f"<b>{base}</b> from each player still in play"],
        ["<b>concealed kong</b> 下雨 “rain”", concealed,
         f"<b>{2 * base}</b> from each player still in play"],
    ]  # fmt: skip
    if rules.kong_transfer:
        transfer = (
            "<b>Kong transfer</b> (呼叫转移, on): if your discard right after your kong lets "
            "someone win (a shot after a kong), that kong's money goes to the winner (with "
            "several winners, to the first after you in turn order)."
        )
    else:
        transfer = "<b>Kong transfer</b> (呼叫转移) is <b>off</b>: kong money stays put."
    return section(
        "kongs",
        "Kongs: wind and rain (刮风下雨), paid at once",
        table([("kong", ""), ("tiles", ""), ("who pays", "")], rows, css_class="kit-kongs")
        + note(transfer + " A robbed kong pays nothing."),
    )


def _wall_section(rules: Rules) -> str:
    top = rules.max_value
    pig_to = (
        "each player who is not a pig, winners included"
        if rules.pig_pays_winners
        else ("each non-pig player who has not won")
    )
    lines = [
        "When the wall runs out with two or more players still in play, those players are "
        "checked (winners never are):",
        f"<b>Flower pig</b> (查花猪): still holding a tile of your void suit, pay the maximum, "
        f"<b>{top}</b> (base × 2<sup>{rules.fan_cap}</sup>), to {pig_to}.",
        "<b>Not ready</b> (the check 查大叫): not one tile from a win, and not a pig: pay each ready "
        "player <b>that player's largest possible hand</b> (best capped value over their "
        "waits, as a win on a discard, no situational fan).",
        "<b>Refund</b> (退税): every player not ready, pigs included, gives back all kong money "
        "received this deal (money already transferred to a winner stays).",
    ]
    return section(
        "wall-empty",
        "The wall is empty",
        f"<p>{lines[0]}</p>" + items(*lines[1:]),
    )


def _worked_section(rules: Rules) -> str:
    rows = []
    for hand, win, void, drawn in WORKED:
        result = score(hand, win=win, void=void, rules=rules, self_drawn=drawn)
        tiles = _worked_tiles(hand, win)
        how = "self-drawn" if drawn else "on a discard"
        rows.append(
            [
                tiles,
                f"{escape(result.breakdown)}: worth <b>{result.value}</b><br>"
                f'<span class="kit-small">{how}; void suit {void}</span>',
            ]
        )
    return section(
        "worked",
        "Worked hands",
        table([("hand (winning tile set apart)", ""), ("fan and value", "")], rows),
    )


def _worked_tiles(hand: str, win: str) -> str:
    tiles = list(Hand.parse(hand).concealed)
    tiles.remove(Tile.parse(win))
    faces = "".join(tile_svg(tile, width=_WORK) for tile in tiles)
    return (
        f'<div class="kit-pics kit-gap"><span class="kit-pics">{faces}</span>'
        f'<span class="kit-pics">{tile_svg(Tile.parse(win), width=_WORK)}</span></div>'
    )


def sheet(rules: Rules) -> str:
    """The Sichuan handout for ``rules``, as one HTML document."""
    suits = ", ".join(SUIT_NAMES[suit] for suit in SUITS)
    subtitle = (
        f"{len(SICHUAN_TILES.wall())} tiles ({suits}; no honours), {PLAYERS} players, "
        "<b>base × 2<sup>fan</sup></b>, and play goes on until three players have won."
    )
    body = (
        _fan_section(rules)
        + _value_section(rules)
        + _worked_section(rules)
        + '<div class="kit-cols">'
        + _deal_section()
        + _payments_section(rules)
        + "</div>"
        + _turn_section()
        + _kongs_section(rules)
        + _wall_section(rules)
    )
    return document(rules, subtitle=subtitle, body=body)
