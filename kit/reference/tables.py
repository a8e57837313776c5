"""The generated blocks of the reference: tables written from the kit's own registries.

Each block is a function that returns Markdown. A page holds it between
``<!-- generated:NAME -->`` and ``<!-- end -->``; ``python -m kit.reference``
rewrites only what stands between those markers. Every game comes from the
registry (:mod:`kit.games`); the meaning of each pattern or combination is its
catalogue entry's own (``meaning``), and the note on each ``Rules`` field is
that field's metadata (:mod:`kit.rules_fields`), written by the kit's one
formatter of rules (:func:`kit.render.rules.settings`). So the pages cannot
drift from the code.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from kit.reference.glossary import TERMS
from kit.reference.sections import SECTIONS

__all__ = ["BLOCKS", "markdown_table"]


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


def _entries(key: str) -> dict[str, Any]:
    """The game's catalogue (patterns or combinations) by key; every entry has a meaning."""
    from kit.games import game

    entries = {entry.key: entry for entry in game(key).catalogue}
    empty = [name for name, entry in entries.items() if not entry.meaning.strip()]
    if empty:
        raise ValueError(f"kit.reference needs a meaning for {empty} of {key}")
    return entries


def _catalogue_rows(
    key: str,
    table: Any,
    cells: Callable[[Any], Sequence[object]],
    keep: Callable[[Any], bool] = lambda row: True,
) -> list[tuple[object, ...]]:
    """One row per kept row of a game's catalogue ``table``: the entry's key, ``cells(row)``,
    and the entry's meaning last: every pattern and combination table of the reference."""
    entries = _entries(key)
    return [
        (f"`{name}`", *cells(row), entries[str(name)].meaning)
        for name, row in table.iterrows()
        if keep(row)
    ]


def _rules_block(key: str) -> str:
    from kit.games import game
    from kit.render.rules import settings

    played = game(key)
    rows = []
    for setting in settings(played.default_rules()):
        if not setting.note:
            raise ValueError(f"kit.reference needs a note for the Rules field {setting.name}")
        rows.append((f"`{setting.name}`", setting.default, setting.note))
    example = rows[1][0].strip("`")
    return (
        markdown_table(("field", "default", "what it switches"), rows)
        + f"\n\nThe defaults: `kit.{played.key}.Rules()`. A house rule is one field changed, "
        f"e.g. `Rules({example}=…)`."
    )


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

    rows = _catalogue_rows(
        "nylonppong",
        combination_table(),
        lambda row: (row["name"], row["Korean"], row["value"], row["composition"]),
    )
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


def sichuan_fan() -> str:
    from kit.sichuan import pattern_table

    rows = _catalogue_rows(
        "sichuan",
        pattern_table(),
        lambda row: (
            row["name"],
            row["Chinese"],
            f"+{row['fan']} each" if row["each"] else f"+{row['fan']}",
        ),
        keep=lambda row: not row["option"],
    )
    return markdown_table(("key", "name", "Chinese", "fan", "the hand"), rows)


def sichuan_options() -> str:
    from kit.sichuan import pattern_table

    rows = _catalogue_rows(
        "sichuan",
        pattern_table(),
        lambda row: (
            row["name"],
            row["Chinese"],
            row["fan"] if row["fan"] == "cap" else f"+{row['fan']}",
            f"`{row['option']}`",
        ),
        keep=lambda row: bool(row["option"]),
    )
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
    from kit.mahjong.tiles import KongKind
    from kit.sichuan import Ledger

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


def hongkong_fan() -> str:
    from kit.hongkong import pattern_table

    rows = _catalogue_rows(
        "hongkong",
        pattern_table(),
        lambda row: (row["name"], row["Chinese"], row["Cantonese"], row["fan"]),
        keep=lambda row: not row["limit"],
    )
    return markdown_table(("key", "name", "Chinese", "Cantonese", "fan", "the hand"), rows)


def hongkong_limits() -> str:
    from kit.hongkong import pattern_table

    rows = _catalogue_rows(
        "hongkong",
        pattern_table(),
        lambda row: (row["name"], row["Chinese"], row["Cantonese"]),
        keep=lambda row: bool(row["limit"]),
    )
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
