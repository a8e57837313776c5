"""The printable handouts: their HTML (tables, pictures, house rules), RULES parsing, and the PDFs.

The PDF tests (mark ``browser``) print with Debian's Chromium; without it they skip, or fail
under CI, as the other browser tests do. Each default sheet's first page is rendered to PNG in
``test-artifacts/`` beside the browser screenshots, for a person to look at.
"""

from __future__ import annotations

import os
import re
import shutil
import struct
import subprocess
import zlib
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

import kit.hongkong as hongkong
import kit.nylonppong as nylonppong
import kit.sichuan as sichuan
from kit.games import GAMES, game
from kit.handouts import (
    MAX_RULES_LENGTH,
    RulesExpressionError,
    file_stem,
    footer_text,
    handout,
    parse_rules,
    write,
    write_all,
)
from kit.handouts import hongkong as hongkong_sheet
from kit.handouts import sichuan as sichuan_sheet
from kit.handouts.__main__ import main
from kit.handouts.printing import DEFAULT_CHROMIUM, print_pdfs

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"
STEMS = {"nylonppong": "nylon-ppong", "sichuan": "sichuan", "hongkong": "hongkong"}


def default_rules(key: str) -> Any:
    return game(key).default_rules()


def rows_of(html: str, css_class: str) -> list[str]:
    """The body rows of the first table with ``css_class`` among its classes."""
    match = re.search(rf'<table class="[^"]*\b{css_class}\b[^"]*">(.*?)</table>', html, re.S)
    assert match, f"no table {css_class}"
    body = match.group(1).split("<tbody>", 1)[1]
    return re.findall(r"<tr[^>]*>.*?</tr>", body, re.S)


# --- The HTML of each game ---------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_is_self_contained_with_title_rules_and_footer(game: str) -> None:
    rules = default_rules(game)
    html = handout(rules)
    assert html.startswith("<!DOCTYPE html>") and "<h1>" in html
    assert "Rules in force" in html and "no house rule changed" in html
    assert f"reference/{STEMS[game]}.md" in html and "Hwatu &amp; Mahjong teaching kit" in html
    # Nothing is fetched: no script, no stylesheet link, no remote src/href/url().
    assert "<script" not in html and "<link" not in html
    assert not re.search(r"""(src|href)=["']?https?:|url\(["']?https?:""", html)
    assert not re.search(r"(RULES|STYLE|TESTING)\.md|\N{SECTION SIGN}", html)
    assert file_stem(rules) == STEMS[game]


def test_nylonppong_sheet_has_months_combinations_and_scoring() -> None:
    rules = nylonppong.Rules()
    html = handout(rules)
    assert html.count('class="kit-month"') == 12
    for name in ("January", "December", "paulownia", "willow"):
        assert name in html
    combos = rows_of(html, "kit-combinations")
    assert len(combos) == len(nylonppong.COMBINATIONS) == 6
    for row, kind in zip(combos, nylonppong.COMBINATIONS, strict=True):
        assert kind.english in row and row.count('class="kit-card-face"') == 6
        value = nylonppong.best_combination(
            [int(m) for m in re.search(r"([\d-]+) · sum", row).group(1).split("-")]  # type: ignore[union-attr]
        )
        assert value is not None and value.key == kind.key
    assert ">−33<" in html and ">−50<" in html and ">−100<" in html
    scoring = rows_of(html, "kit-scoring")
    assert len(scoring) == 5 and "+30" in html and "5 or less" in html


def test_sichuan_sheet_has_fan_table_payments_kongs_and_wall_checks() -> None:
    rules = sichuan.Rules()
    html = handout(rules)
    table = sichuan.pattern_table(rules)
    fan_rows = rows_of(html, "kit-fan")
    assert len(fan_rows) == int(table["on"].sum())
    for key, row in table[table["on"]].iterrows():
        assert any(row["Chinese"] in r and row["name"] in r for r in fan_rows), key
    assert "Optional patterns not in use" in html and "all_simples" in html
    values = rows_of(html, "kit-values")[0]
    assert [int(v) for v in re.findall(r">(\d+)</td>", values)] == [
        rules.hand_value(fan) for fan in range(rules.fan_cap + 1)
    ]
    assert "each pays <b>5</b>" in html  # the self-draw example, worked out by the rules
    assert len(rows_of(html, "kit-kongs")) == 3 and "刮风" in html and "下雨" in html
    for check in ("Flower pig", "Not ready", "Refund", "呼叫转移"):
        assert check in html
    assert html.count('class="kit-tile"') > 40 and 'class="kit-tile-back"' in html


def test_hongkong_sheet_has_fan_table_payment_table_pao_and_golden() -> None:
    rules = hongkong.Rules()
    html = handout(rules)
    table = hongkong.pattern_table()
    fan_rows = rows_of(html, "kit-fan") + rows_of(html, "kit-limits")
    assert len(fan_rows) == len(table)
    for key, row in table.iterrows():
        assert any(row["Chinese"] in r and row["Cantonese"] in r for r in fan_rows), key
    payments = rows_of(html, "kit-payments")
    fans = range(rules.min_fan, rules.fan_cap + 1)
    assert [int(v) for v in re.findall(r">(\d+)</td>", payments[0])] == [
        rules.table.discard(f) for f in fans
    ]
    golden = rows_of(html, "kit-golden")
    assert [int(v) for v in re.findall(r">(\d+)</td>", golden[1])] == [
        rules.golden.self_draw(f) for f in fans
    ]
    assert "Pao" in html and "pays all <b>72</b>" in html and "80 tiles" in html
    assert html.count('class="kit-tile"') > 30


def test_every_fan_pattern_has_a_description_in_its_entry() -> None:
    for patterns in (sichuan.PATTERNS, hongkong.PATTERNS):
        assert all(p.description.strip() for p in patterns)
    assert set(sichuan_sheet.PICTURES) <= {p.key for p in sichuan.PATTERNS}
    assert set(hongkong_sheet.PICTURES) <= {p.key for p in hongkong.PATTERNS}


def test_the_sheet_shows_each_entry_description() -> None:
    html = handout(hongkong.Rules())
    for pattern in hongkong.PATTERNS:
        assert pattern.description.replace("'", "&#x27;") in html, pattern.key


def test_the_house_rules_box_reads_the_field_labels() -> None:
    from dataclasses import fields

    html = handout(sichuan.Rules(all_simples=True))
    for item in fields(sichuan.Rules):
        assert f'data-field="{item.name}">' in html
    assert f"★ {fields(sichuan.Rules)[8].metadata['label']}: on" in html  # 中张


def test_tile_counts_come_from_the_tile_sets() -> None:
    assert "136 tiles" in handout(hongkong.Rules()).split("</header>")[0]
    assert "80 tiles" in handout(hongkong.Rules(players=2)).split("</header>")[0]
    assert "108 tiles" in handout(sichuan.Rules()).split("</header>")[0]


# --- House rules -------------------------------------------------------------------------------


def changed(html: str) -> list[str]:
    return re.findall(r'class="kit-setting kit-changed" data-field="(\w+)"', html)


def test_house_rules_show_and_only_the_changed_ones_are_highlighted() -> None:
    html = handout(sichuan.Rules(fan_cap=6, self_draw_bonus="fan", all_simples=True))
    assert changed(html) == ["fan_cap", "self_draw_bonus", "all_simples"]
    assert "★ fan cap: 6" in html and "(default 4)" in html and "3 settings changed" in html
    assert "4<br>cap" not in html and "6<br>cap" in html and ">64<" in html
    assert "one more fan" in html  # the self-draw bonus in force is the one explained
    simples = next(r for r in rows_of(html, "kit-fan") if "中张" in r)
    assert 'class="kit-changed"' in simples and "house rule" in simples
    assert "all_simples" not in html.split("Optional patterns not in use", 1)[1].split("</div>")[0]


def test_hongkong_house_rules_two_players_full_spicy_no_pao() -> None:
    rules = hongkong.Rules(players=2, table="full-spicy", pao=False)
    html = handout(rules)
    assert changed(html) == ["players", "table", "pao"]  # golden follows the table: unchanged
    assert "80 tiles" in html.split("</header>")[0]
    assert "in use at this table" in html and ">2048<" in html
    assert "liability is ignored" in html


def test_nylonppong_house_rules_change_the_numbers_shown() -> None:
    rules = nylonppong.Rules(stop_limit=10, failed_stop_penalty=50, out_of_turn_ppong=False)
    html = handout(rules)
    assert changed(html) == ["stop_limit", "failed_stop_penalty", "out_of_turn_ppong"]
    assert "10 or less" in html and "+50" in html and "only on your own turn" in html


def test_handout_refuses_what_is_not_a_rules_value() -> None:
    with pytest.raises(TypeError, match="needs a game's Rules value"):
        handout("kit.sichuan.Rules()")
    with pytest.raises(TypeError) as refused:
        handout("x" * 10_000)
    assert len(str(refused.value)) < 300


# --- RULES expressions -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "game", "field", "value"),
    [
        ("kit.sichuan.Rules(fan_cap=6)", "sichuan", "fan_cap", 6),
        ("kit.nylonppong.Rules(players=3, out_of_turn_ppong=False)", "nylonppong", "players", 3),
        ("  kit.hongkong.Rules(table='full-spicy') ", "hongkong", "pao", True),
        ("kit.sichuan.Rules()", "sichuan", "base", 1),
    ],
)
def test_rules_expressions_that_are_accepted(text: str, game: str, field: str, value: Any) -> None:
    rules = parse_rules(text)
    assert type(rules) is type(default_rules(game)) and getattr(rules, field) == value


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("__import__('os').system('true')", "__import__('os').system is not kit.<game>.Rules"),
        ("kit.sichuan.Rules(fan_cap=open('x'))", "fan_cap=open('x') is not a literal"),
        ("kit.sichuan.Rules(fan_cap=2 + 4)", "fan_cap=2 + 4 is not a literal"),
        ("kit.mahjong.Rules()", "kit.mahjong.Rules is not kit.<game>.Rules"),
        ("Rules(fan_cap=6)", "Rules is not kit.<game>.Rules"),
        ("kit.sichuan.Table()", "kit.sichuan.Table is not kit.<game>.Rules"),
        ("kit.sichuan.Rules", "kit.sichuan.Rules is not a call"),
        ("kit.sichuan.Rules(**{'fan_cap': 6})", "**{'fan_cap': 6} is not allowed"),
        ("kit.sichuan.Rules(*[6])", "*[6] is not allowed"),
        ("kit.sichuan.Rules(fan_cap=6", "is not a Python expression"),
        ("kit.sichuan.Rules(fan_cap=7)", "fan_cap must be one of 3, 4, 5, 6, not 7"),
        ("kit.sichuan.Rules(fan=6)", "unexpected keyword argument 'fan'"),
        ("kit.hongkong.Rules(table='spicy')", "table must be a DataFrame, a mapping"),
        ("kit.hongkong.Rules(min_fan=1, table={1: 4})", "row for fan 1 must be a pair"),
        (
            "kit.hongkong.Rules(min_fan=1, table={1: (4, 2), 2: (8, 4)})",
            "the payment table has no row for fan 3",
        ),
    ],
)
def test_bad_rules_expressions_are_refused_by_name(text: str, named: str) -> None:
    with pytest.raises(RulesExpressionError, match="RULES refused") as refused:
        parse_rules(text)
    assert named in str(refused.value)


@pytest.mark.parametrize(
    "text",
    [
        "(" * 100_000 + ")" * 100_000,
        "[" * 5000,
        "kit.sichuan.Rules(base=" + "[" * 400 + "]" * 400 + ")",
    ],
)
def test_deeply_nested_expressions_are_refused_by_name(text: str) -> None:
    with pytest.raises(RulesExpressionError, match="RULES refused") as refused:
        parse_rules(text)
    assert len(str(refused.value)) < 400  # a short prefix of the input at most


def test_the_command_line_refuses_a_deep_expression_with_its_own_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--rules", "[" * 5000, "--out", str(tmp_path), "--html-only"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("handouts: RULES refused") and "Traceback" not in err
    assert f"at most {MAX_RULES_LENGTH} characters" in err


def test_a_long_bad_value_is_quoted_short() -> None:
    with pytest.raises(RulesExpressionError) as refused:
        parse_rules("kit.sichuan.Rules(self_draw_bonus='" + "x" * 900 + "')")
    assert len(str(refused.value)) < 300


def test_a_refused_expression_runs_nothing(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    with pytest.raises(RulesExpressionError):
        parse_rules(f"kit.sichuan.Rules(base=open({str(marker)!r}, 'w').write('x'))")
    assert not marker.exists()


def test_command_line_refuses_bad_rules_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--rules", "os.system('true')", "--out", str(tmp_path)]) == 2
    assert "os.system is not kit.<game>.Rules" in capsys.readouterr().err
    assert not any(tmp_path.iterdir())


def test_command_line_writes_every_game_or_the_one_named(tmp_path: Path) -> None:
    assert main(["--html-only", "--out", str(tmp_path / "all")]) == 0
    assert sorted(p.name for p in (tmp_path / "all").iterdir()) == [
        "hongkong.html",
        "nylon-ppong.html",
        "sichuan.html",
    ]
    assert (
        main(
            ["--html-only", "--out", str(tmp_path / "one"), "--rules", "kit.sichuan.Rules(base=2)"]
        )
        == 0
    )
    one = tmp_path / "one" / "sichuan.html"
    assert [p.name for p in (tmp_path / "one").iterdir()] == ["sichuan.html"]
    assert "★ base: 2" in one.read_text(encoding="utf-8")


def test_write_without_pdf_returns_both_paths(tmp_path: Path) -> None:
    html_path, pdf_path = write(hongkong.Rules(), tmp_path, pdf=False)
    assert html_path == tmp_path / "hongkong.html" and html_path.is_file()
    assert pdf_path == tmp_path / "hongkong.pdf" and not pdf_path.exists()


def test_make_handouts_needs_the_test_install_and_passes_rules() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^handouts: \$\(VENV\)/\.test$", makefile, re.M)
    assert '-m kit.handouts --out handouts --rules "$$RULES"' in makefile


@pytest.mark.skipif(shutil.which("make") is None, reason="no make")
@pytest.mark.parametrize("form", ["$(shell touch {marker})", "${{shell touch {marker}}}"])
def test_make_never_runs_shell_code_in_rules(tmp_path: Path, form: str) -> None:
    """``make handouts RULES=…`` hands the text on as written: make expands none of it.

    A probe target beside the kit's Makefile prints RULES as the handouts recipe
    receives it, so the check runs a real recipe without installing or printing anything.
    """
    marker = tmp_path / "pwned"
    rules = form.format(marker=marker) + "kit.sichuan.Rules()"
    probe = tmp_path / "probe.mk"
    probe.write_text('probe:\n\t@printf "%s" "$$RULES"\n', encoding="utf-8")
    for command in (
        ["make", "-n", "handouts", f"RULES={rules}"],
        ["make", "-s", "-f", "Makefile", "-f", str(probe), "probe", f"RULES={rules}"],
    ):
        done = subprocess.run(
            command, cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
        )
        assert done.returncode == 0, done.stderr
        assert not marker.exists(), command
    assert done.stdout == rules


# --- The PDFs, printed by Chromium ---------------------------------------------------------------


def _chromium() -> str:
    """Debian's Chromium; without it skip, or fail under CI (as tests/browser/conftest.py does)."""
    path = os.environ.get("KIT_CHROMIUM", DEFAULT_CHROMIUM)
    if not (os.path.isfile(path) and os.access(path, os.X_OK)):
        message = f"Chromium not found at {path}"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{message}; CI must install Debian's chromium", pytrace=False)
        pytest.skip(f"{message}; install Debian's chromium to print the handouts")
    return path


HOUSE_VARIANTS = {
    "sichuan-every-option": sichuan.Rules(
        base=2,
        fan_cap=6,
        self_draw_bonus="none",
        kong_transfer=False,
        pig_pays_winners=True,
        terminals_in_all=True,
        pungs_258=True,
        concealed_hand=True,
        all_simples=True,
        heavenly_earthly=True,
        app_dragon_seven_pairs=True,
    ),
    "hongkong-two-players": hongkong.Rules(
        players=2,
        fan_cap=13,
        table=pd.DataFrame(
            {"discard": [16 * 2**i for i in range(11)], "self_draw": [8 * 2**i for i in range(11)]},
            index=range(3, 14),
        ),
        pao=False,
    ),
    "nylonppong-house": nylonppong.Rules(
        players=6,
        stop_limit=10,
        failed_stop_penalty=50,
        ppong_victim_penalty=50,
        out_of_turn_ppong=False,
        rounds=20,
    ),
}
"""The longest sheets a class could ask for: every setting changed, every option on."""


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Every default sheet and the house-rule variants, printed in one browser session each."""
    _chromium()
    out = tmp_path_factory.mktemp("handouts")
    written = write_all(None, out / "defaults")  # what `make handouts` does
    pdfs = {game: pdf for game, (_, pdf) in zip(GAMES, written, strict=True)}
    jobs = []
    for name, rules in HOUSE_VARIANTS.items():
        html_path, pdfs[name] = write(rules, out / name, pdf=False)
        jobs.append((html_path, pdfs[name], footer_text(rules)))
    print_pdfs(jobs)  # one browser for all the variants
    return pdfs


def save_png(path: Path, pixels: np.ndarray) -> None:
    """Write an RGB array as a PNG (no imaging library needed)."""
    height, width, _ = pixels.shape
    raw = b"".join(b"\x00" + pixels[y].tobytes() for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (
            struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
        )

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    path.write_bytes(
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(raw, 6))
        + chunk(b"IEND", b"")
    )


@pytest.mark.browser
@pytest.mark.parametrize("name", [*GAMES, *HOUSE_VARIANTS])
def test_the_pdf_is_built_on_one_or_two_a4_pages(printed: dict[str, Path], name: str) -> None:
    import pypdfium2 as pdfium

    path = printed[name]
    assert path.read_bytes().startswith(b"%PDF-")
    pdf = pdfium.PdfDocument(path)
    try:
        assert 1 <= len(pdf) <= 2, f"{path.name} has {len(pdf)} pages; a handout fits on two"
        for index in range(len(pdf)):
            width, height = pdf[index].get_size()  # points
            assert abs(width - 595.3) < 1.5 and abs(height - 841.9) < 1.5, "not A4"
            text = pdf[index].get_textpage().get_text_range()
            game = name.split("-")[0]
            assert f"reference/{STEMS[game]}.md" in text, "no footer on this page"
            assert f"page {index + 1} of {len(pdf)}" in text
        first = pdf[0].get_textpage().get_text_range()
        assert "cheat sheet" in first and "Rules in force" in first
    finally:
        pdf.close()


@pytest.mark.browser
@pytest.mark.parametrize("game", GAMES)
def test_the_first_page_is_kept_as_a_png(printed: dict[str, Path], game: str) -> None:
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(printed[game])
    try:
        bitmap = pdf[0].render(scale=150 / 72, rev_byteorder=True)
        pixels = bitmap.to_numpy()[..., :3].copy()
    finally:
        pdf.close()
    # The page is printed: dark ink on most of it, not a blank or a one-line error page.
    inked_rows = int(((pixels.min(axis=2) < 128).any(axis=1)).sum())
    assert inked_rows > pixels.shape[0] // 3
    ARTIFACTS.mkdir(exist_ok=True)
    target = ARTIFACTS / f"handout-{STEMS[game]}-page1.png"
    save_png(target, pixels)
    assert target.stat().st_size > 10_000


def test_a_house_rules_line_can_write_a_low_fan_payment_table() -> None:
    fans = range(1, 11)
    rows = ", ".join(f"{fan}: ({2 ** (fan + 1)}, {2**fan})" for fan in fans)
    rules = parse_rules(f"kit.hongkong.Rules(min_fan=1, table={{{rows}}})")
    assert rules.min_fan == 1
    assert (rules.table.discard(1), rules.table.self_draw(1)) == (4, 2)
    assert rules.table.fans() == list(fans)
    assert rules.golden.discard(1) == 4  # the default Golden table follows it
