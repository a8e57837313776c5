"""The generated blocks of the reference: tables written from the kit's own registries.

Each block is a function that returns Markdown. A page holds it between
``<!-- generated:NAME -->`` and ``<!-- end -->``; ``python -m kit.reference``
rewrites only what stands between those markers. The English meaning of each
pattern and the note on each ``Rules`` field are kept here, and a block refuses
to be written while a pattern or a field has no entry (or an entry names a
pattern or field the code no longer has), so the pages cannot drift from the
code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import MISSING, fields
from typing import Any

from kit.reference.glossary import TERMS
from kit.reference.sections import SECTIONS

__all__ = ["BLOCKS", "FIELD_NOTES", "MEANINGS", "markdown_table"]

MEANINGS: dict[str, dict[str, str]] = {
    "nylonppong": {
        "three-pairs": "e.g. 2-2-7-7-11-11",
        "two-triples": "e.g. 4-4-4-9-9-9",
        "four-and-pair": "e.g. 8-8-8-8-3-3",
        "straight": "e.g. 3-4-5-6-7-8 scores −33; 1–6 is the lowest (−21), 7–12 the highest (−57)",
        "sib-bujok": "e.g. 1-1-1-2-2-3 (sum 10)",
        "daeppang": "e.g. 9-10-11-11-12-12 (sum 65) is not one; 10-10-11-11-12-12 (sum 66) is",
    },
    "sichuan": {
        "root": "each set of four identical tiles in the winning hand, kongs included; four tiles "
        "spread over a pung and a chow, or two pairs of seven pairs, count too",
        "all-pungs": "four pungs or kongs and a pair",
        "golden-wait": "all four groups are melds (claimed pungs or kongs, concealed kongs too) and "
        "the winning tile completes the lone pair; adds to all pungs (2 together)",
        "full-flush": "every tile from one suit",
        "seven-pairs": "seven pairs, fully concealed; four identical tiles count as two pairs",
        "win-after-kong": "a win on a kong's replacement tile",
        "shot-after-kong": "a win on the tile a player discards right after their kong",
        "robbing-kong": "a win on the tile another player adds to an exposed pung",
        "under-the-sea": "a win on the last wall tile, or on the discard right after it",
        "terminals-in-all": "every group and the pair holds a 1 or a 9 (standard form only)",
        "258-pungs": "all pungs in which every pung and the pair are 2s, 5s or 8s; on top of all pungs",
        "concealed": "no claimed pung or kong",
        "all-simples": "no 1s or 9s at all",
        "heavenly-earthly": "the dealer wins on its dealt tiles, or a player wins on the dealer's "
        "first discard",
        "app-dragon-seven-pairs": "seven pairs with a root scores one more fan, as popular apps do",
    },
    "hongkong": {
        "all-chows": "four chows and a pair, no pung or kong (any pair)",
        "concealed": "no claimed group before the win; winning on a discard does not spoil it, "
        "but here a concealed kong counts as exposed",
        "self-drawn": "the winning tile was drawn, not taken from a discard",
        "dragon-pung": "a pung or kong of a dragon, 1 fan each",
        "seat-wind": "a pung or kong of your seat wind",
        "round-wind": "a pung or kong of the round wind (2 together with the seat wind when "
        "they are the same wind)",
        "terminals-honours-pungs": "all pungs, every tile (the pair too) a 1, a 9 or an honour, "
        "with both terminals and honours; all pungs adds on top",
        "robbing-kong": "a win on the tile another player adds to an exposed pung",
        "kong-replacement": "a win on a kong's replacement tile (self-drawn)",
        "last-tile": "a win on the last wall tile (self-drawn)",
        "half-flush": "one suit plus at least one honour",
        "all-pungs": "four pungs or kongs and a pair",
        "small-three-dragons": "two dragon pungs and a dragon pair; 5 with its two dragon pungs",
        "big-three-dragons": "three dragon pungs; 8 with the three dragon pungs",
        "full-flush": "every tile from one suit, no honours",
        "all-honours": "winds and dragons only",
        "small-four-winds": "three wind pungs and a wind pair",
        "big-four-winds": "four wind pungs",
        "four-concealed-pungs": "four pungs all concealed, no kong; a pung completed by the "
        "winning discard is exposed, winning on the pair by discard keeps all four concealed",
        "four-kongs": "four kongs",
        "all-terminals": "1s and 9s only",
        "heavenly-hand": "the dealer (East) wins on its 14 dealt tiles",
        "earthly-hand": "another player wins on the dealer's first discard, before any claim",
        "thirteen-orphans": "one of each 1, 9 and honour, and a pair of one of them",
        "consecutive-kongs": "a win on the replacement tile after two kongs declared one right "
        "after the other",
        "nine-gates": "fully concealed; the 13 tiles before the win are 1112345678999 of one "
        "suit, and the winning tile is any tile of that suit",
    },
}
"""Per game, pattern key → what the pattern asks of a hand, in a learner's words."""

FIELD_NOTES: dict[str, dict[str, str]] = {
    "nylonppong": {
        "players": "seats at the table, 2–6",
        "stop_limit": "a stop needs the two cards' months to sum to at most this (commonly 5 or 10)",
        "failed_stop_penalty": "added to a caller whose stop fails (commonly 30 or 50)",
        "ppong_victim_penalty": "added to the player whose discard let another go out by ppong "
        "(commonly 30 or 50)",
        "out_of_turn_ppong": "ppong may be called on a discard out of turn, in the claim window",
        "rounds": "rounds in a game",
    },
    "sichuan": {
        "base": "the stake: a hand is worth base × 2^fan",
        "fan_cap": "fan above this count as this; one of 3, 4, 5, 6",
        "self_draw_bonus": '"base": each payer adds one base after the cap; "fan": the hand is '
        'paid at one more fan, before the cap; "none": no bonus',
        "kong_transfer": "呼叫转移: a shot after a kong hands that kong's money to the winner",
        "pig_pays_winners": "flower pigs also pay players who have already won",
        "terminals_in_all": "optional pattern 带幺九, +2",
        "pungs_258": "optional pattern 将对, +2 on top of all pungs",
        "concealed_hand": "optional pattern 门清, +1",
        "all_simples": "optional pattern 中张, +1",
        "heavenly_earthly": "optional pattern 天胡/地胡: the cap",
        "app_dragon_seven_pairs": "dragon seven pairs scores one more fan, as popular apps do",
    },
    "hongkong": {
        "players": "4, or 2 for the two-player 80-tile table",
        "min_fan": "the fewest fan a win needs",
        "fan_cap": "fan count up to this; limit hands score it",
        "table": 'the payment table: a preset name ("half-spicy", "full-spicy") or a DataFrame '
        "indexed by fan with the columns discard and self_draw",
        "golden": "the two-player table (a DataFrame like table); by default the payment "
        "table's discard value for any win",
        "pao": "pao (包) liability: the player who fed the fourth exposed group or the third "
        "dragon group pays the whole win",
    },
}
"""Per game, ``Rules`` field → what it switches, in a learner's words."""


def markdown_table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table; ``|`` in a cell is escaped."""

    def cell(value: object) -> str:
        return str(value).replace("|", "\\|").replace("\n", " ")

    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell(value) for value in row) + " |" for row in rows]
    return "\n".join(lines)


def _checked(game: str, notes: Mapping[str, object], keys: Sequence[str], what: str) -> None:
    missing = [key for key in keys if key not in notes]
    extra = [key for key in notes if key not in keys]
    if missing or extra:
        raise ValueError(
            f"kit.reference has no {what} for {missing} of {game}"
            if missing
            else f"kit.reference describes {what} {extra} that {game} no longer has"
        )


def _meanings(game: str, keys: Sequence[str]) -> dict[str, str]:
    _checked(game, MEANINGS[game], keys, "pattern")
    return MEANINGS[game]


def _shown(value: Any) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if hasattr(value, "rows") and hasattr(value, "name"):
        if getattr(value, "derived", False):
            return "the payment table's discard column"
        return f'"{value.name}"'
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def _rules_block(game: str) -> str:
    rules_type: Any = _rules_type(game)
    names = [f.name for f in fields(rules_type)]
    _checked(game, FIELD_NOTES[game], names, "Rules field")
    default = rules_type()
    rows = []
    for f in fields(rules_type):
        assert f.default is not MISSING or f.default_factory is not MISSING
        rows.append((f"`{f.name}`", _shown(getattr(default, f.name)), FIELD_NOTES[game][f.name]))
    module = {"nylonppong": "kit.nylonppong", "sichuan": "kit.sichuan", "hongkong": "kit.hongkong"}
    return (
        markdown_table(("field", "default", "what it switches"), rows)
        + f"\n\nThe defaults: `{module[game]}.Rules()`. A house rule is one field changed, "
        f"e.g. `Rules({names[1]}=…)`."
    )


def _rules_type(game: str) -> type:
    if game == "nylonppong":
        from kit.nylonppong import Rules as NylonRules

        return NylonRules
    if game == "sichuan":
        from kit.sichuan import Rules as SichuanRules

        return SichuanRules
    from kit.hongkong import Rules as HongKongRules

    return HongKongRules


# --- Nylon-ppong ---------------------------------------------------------------------------


def nylonppong_months() -> str:
    from kit.hwatu import DECK, MONTHS

    rows = []
    for month in MONTHS:
        cards = [card for card in DECK if card.month == month.number]
        kinds = ", ".join(card.kind.english for card in cards)
        rows.append((month.number, month.name, month.plant, month.korean, kinds))
    return markdown_table(("value", "month", "plant", "Korean", "the four cards"), rows)


def nylonppong_combinations() -> str:
    from kit.nylonppong import combination_table

    table = combination_table()
    meanings = _meanings("nylonppong", list(table.index))
    rows = [
        (
            f"`{key}`",
            row["name"],
            row["Korean"],
            row["value"],
            row["composition"],
            meanings[str(key)],
        )
        for key, row in table.iterrows()
    ]
    return markdown_table(("key", "name", "Korean", "value", "six cards", "example"), rows)


def nylonppong_odds() -> str:
    from kit.nylonppong import combination_odds
    from kit.nylonppong.rules import SIX_CARD_HANDS

    table = combination_odds()
    rows = [
        (
            f"`{key}`" if key != "any" else "at least one",
            f"{int(row['qualifies']):,}",
            f"{int(row['scores_as']):,}",
            f"{100 * float(row['probability']):.4f} %",
        )
        for key, row in table.iterrows()
    ]
    return (
        markdown_table(("combination", "six-card hands", "of which it is the best", "chance"), rows)
        + f"\n\nOut of C(48, 6) = {SIX_CARD_HANDS:,} six-card hands, counted exactly by "
        "`kit.nylonppong.combination_odds()`."
    )


# --- Sichuan -------------------------------------------------------------------------------


def _sichuan_table() -> Any:
    from kit.sichuan import pattern_table

    table = pattern_table()
    _meanings("sichuan", list(table.index))
    return table


def sichuan_fan() -> str:
    table = _sichuan_table()
    rows = [
        (
            f"`{key}`",
            row["name"],
            row["Chinese"],
            f"+{row['fan']} each" if row["each"] else f"+{row['fan']}",
            MEANINGS["sichuan"][str(key)],
        )
        for key, row in table.iterrows()
        if not row["option"]
    ]
    return markdown_table(("key", "name", "Chinese", "fan", "the hand"), rows)


def sichuan_options() -> str:
    table = _sichuan_table()
    rows = [
        (
            f"`{key}`",
            row["name"],
            row["Chinese"],
            row["fan"] if row["fan"] == "cap" else f"+{row['fan']}",
            f"`{row['option']}`",
            MEANINGS["sichuan"][str(key)],
        )
        for key, row in table.iterrows()
        if row["option"]
    ]
    return markdown_table(("key", "name", "Chinese", "fan", "switched on by", "the hand"), rows)


FAMILIAR_EXAMPLES: dict[str, tuple[str, str, str]] = {
    "十八罗汉": ("[1111m][2222m][3333p][4444p]55p", "5p", "s"),
    "清龙七对": ("11112233445566p", "6p", "m"),
    "清七对": ("11223344556677p", "7p", "m"),
    "龙七对": ("11112233m445566p", "6p", "s"),
    "七对": ("1122m3344p556677p", "7p", "s"),
    "清金钩钓": ("[111m][222m][333m][444m]55m", "5m", "p"),
    "清对": ("111m333m555m777m99m", "9m", "p"),
    "金钩钓": ("[111m][222m][333p][444p]55p", "5p", "s"),
    "对对胡": ("111m222m333p444p55p", "5p", "s"),
    "清一色": ("123m456m789m234m55m", "5m", "p"),
    "平胡": ("123m456m789p234p55p", "5p", "s"),
}
"""An example hand (hand, winning tile, void suit) for each familiar name, won on a discard."""


def sichuan_names() -> str:
    from kit.sichuan import score
    from kit.sichuan.fan import FAMILIAR_NAMES

    _checked("sichuan", FAMILIAR_EXAMPLES, [name for name, _, _ in FAMILIAR_NAMES], "familiar name")
    rows = []
    for chinese, english, _ in FAMILIAR_NAMES:
        hand, win, void = FAMILIAR_EXAMPLES[chinese]
        result = score(hand, win=win, void=void)
        if result.name != chinese:
            raise ValueError(f"the example {hand} of {chinese} scores as {result.name}")
        parts = " + ".join(f"{key} {fan}" for key, fan in result.patterns) or "no pattern"
        rows.append((chinese, english, f"`{hand}`", parts, result.raw_fan))
    return markdown_table(
        ("name", "English", "example (void: the missing suit)", "parts", "fan"), rows
    )


def sichuan_hand_value() -> str:
    from kit.sichuan import Rules

    rows = []
    for cap in (3, 4, 5, 6):
        rules = Rules(fan_cap=cap)
        label = f"`fan_cap={cap}`" + (" (default)" if cap == Rules().fan_cap else "")
        rows.append((label, *(f"×{rules.hand_value(fan)}" for fan in range(7))))
    return markdown_table(("cap", *(f"{fan} fan" for fan in range(7))), rows)


def sichuan_self_draw() -> str:
    from kit.sichuan import Rules
    from kit.sichuan.rules import SelfDrawBonus

    settings: tuple[SelfDrawBonus, ...] = ("base", "fan", "none")
    rows = []
    for fan in range(Rules().fan_cap + 2):
        rules = Rules()
        rows.append(
            (
                fan,
                rules.hand_value(fan),
                *(Rules(self_draw_bonus=s).self_draw_payment(fan) for s in settings),
            )
        )
    header = ["fan", "on a discard: the discarder pays"]
    header += [
        f'self-drawn, each pays: `"{s}"`' + (" (default)" if s == Rules().self_draw_bonus else "")
        for s in settings
    ]
    default = Rules()
    return (
        markdown_table(header, rows)
        + f"\n\nAt base {default.base} and the default cap of {default.fan_cap}."
    )


def sichuan_kongs() -> str:
    from kit.sichuan import Ledger
    from kit.tiles import KongKind

    names = {
        KongKind.EXPOSED: "exposed kong on a discard (直杠)",
        KongKind.ADDED: "added kong (刮风, “wind”): a fourth tile added to an exposed pung",
        KongKind.CONCEALED: "concealed kong (下雨, “rain”)",
    }
    rows = []
    for kind, name in names.items():
        ledger = Ledger()
        exposed = kind is KongKind.EXPOSED
        ledger.kong(0, kind, discarder=1 if exposed else None)
        (amount,) = {t.amount for t in ledger.transfers}  # every payer pays the same
        who = "the discarder" if exposed else "each player still in play"
        rows.append((name, f"{amount} from {who}", sum(t.amount for t in ledger.transfers)))
    return markdown_table(
        ("kong", "who pays (in base units)", "the kong player receives, 4 in play"), rows
    )


# --- Hong Kong -----------------------------------------------------------------------------


def _hongkong_table() -> Any:
    from kit.hongkong import pattern_table

    table = pattern_table()
    _meanings("hongkong", list(table.index))
    return table


def hongkong_fan() -> str:
    table = _hongkong_table()
    rows = [
        (f"`{key}`", row["name"], row["Chinese"], row["Cantonese"], row["fan"],
         MEANINGS["hongkong"][str(key)])
        for key, row in table.iterrows()
        if not row["limit"]
    ]  # fmt: skip
    return markdown_table(("key", "name", "Chinese", "Cantonese", "fan", "the hand"), rows)


def hongkong_limits() -> str:
    table = _hongkong_table()
    rows = [
        (f"`{key}`", row["name"], row["Chinese"], row["Cantonese"], MEANINGS["hongkong"][str(key)])
        for key, row in table.iterrows()
        if row["limit"]
    ]
    return markdown_table(("key", "name", "Chinese", "Cantonese", "the hand"), rows)


def hongkong_payments() -> str:
    from kit.hongkong import PRESETS, Rules

    default = Rules().table.name
    fans = PRESETS[default].fans()
    rows = []
    for name, table in PRESETS.items():
        label = f'"{name}"' + (" (default)" if name == default else "")
        rows.append((f"{label}: the discarder pays", *(table.discard(f) for f in fans)))
        rows.append((f"{label}: each pays on a self-draw", *(table.self_draw(f) for f in fans)))
    return markdown_table(("table", *(f"{fan} fan" for fan in fans)), rows)


def hongkong_golden() -> str:
    from kit.hongkong import Rules

    golden = Rules(players=2).golden
    fans = golden.fans()
    rows = [
        ("win on a discard: the opponent pays", *(golden.discard(f) for f in fans)),
        ("self-drawn win: the opponent pays", *(golden.self_draw(f) for f in fans)),
    ]
    return markdown_table(("Golden table (default)", *(f"{fan} fan" for fan in fans)), rows)


# --- Glossary ------------------------------------------------------------------------------


def glossary_block(group: str) -> Callable[[], str]:
    def block() -> str:
        rows = []
        for term in TERMS:
            if term.group != group:
                continue
            german = f"*{term.german}*" if term.plain else term.german
            rows.append(
                (
                    f'<a id="{term.anchor}"></a>**{term.english}**',
                    term.original,
                    german,
                    term.meaning,
                )
            )
        return markdown_table(("English", "original", "German", "meaning"), rows)

    return block


def index() -> str:
    from kit.reference.sections import GAMES, PAGES

    lines = []
    for game in GAMES:
        page = PAGES[game]
        lines.append(f"**[{page.title}]({page.file})**\n")
        for anchor, title, summary in SECTIONS[game]:
            lines.append(f"- [{title}]({page.file}#{anchor}): {summary}")
        lines.append("")
    count = len(TERMS)
    lines.append(f"The glossary also has one anchor per term ({count} terms).")
    return "\n".join(lines)


BLOCKS: dict[str, Callable[[], str]] = {
    "index": index,
    "nylonppong-months": nylonppong_months,
    "nylonppong-combinations": nylonppong_combinations,
    "nylonppong-odds": nylonppong_odds,
    "nylonppong-rules": lambda: _rules_block("nylonppong"),
    "sichuan-fan": sichuan_fan,
    "sichuan-options": sichuan_options,
    "sichuan-names": sichuan_names,
    "sichuan-hand-value": sichuan_hand_value,
    "sichuan-self-draw": sichuan_self_draw,
    "sichuan-kongs": sichuan_kongs,
    "sichuan-rules": lambda: _rules_block("sichuan"),
    "hongkong-fan": hongkong_fan,
    "hongkong-limits": hongkong_limits,
    "hongkong-payments": hongkong_payments,
    "hongkong-golden": hongkong_golden,
    "hongkong-rules": lambda: _rules_block("hongkong"),
    **{
        f"glossary-{anchor}": glossary_block(anchor)
        for anchor, _, _ in SECTIONS["glossary"]
        if anchor.endswith("-terms")
    },
}
"""Every generated block, by the name its markers carry."""
