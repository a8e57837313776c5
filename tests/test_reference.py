"""The kit's rules reference: pages in step with the code, every anchor there, every link good.

The pages in ``reference/`` hold generated tables (fan, combinations, payments,
house rules) and headings; they must be exactly what ``python -m kit.reference``
writes now. The anchors below are the contract other work links to, so none may
disappear. Links into the reference, from its own pages, the lessons, the
kit's docstrings and the tests, must name a page and an anchor that exist, and
nothing cites a document the kit does not ship.
"""

from __future__ import annotations

import json
import re
from dataclasses import FrozenInstanceError, fields
from pathlib import Path

import pytest

from kit import hongkong, nylonppong, sichuan
from kit.reference import GAMES, PAGES, TERMS, Section, cite, sections
from kit.reference.__main__ import main
from kit.reference.generate import check, pages, reference_dir, render
from kit.reference.tables import BLOCKS

ROOT = Path(__file__).resolve().parents[1]
REFERENCE = ROOT / "reference"

CONTRACT = {
    "nylon-ppong.md": [
        "cards", "deal-and-turn", "ppong", "stop", "combinations", "round-scoring", "game",
        "house-rules", "readings",
    ],
    "sichuan.md": [
        "tiles", "void", "turn", "winning-hands", "fan", "hand-value", "win-payments", "kongs",
        "kong-transfer", "wall-empty", "house-rules", "readings", "coach",
    ],
    "hongkong.md": [
        "tiles", "turn", "claims", "winning-hands", "fan", "limit-hands", "minimum-and-cap",
        "payments", "pao", "two-player", "house-rules", "readings", "coach",
    ],
    "glossary.md": [
        "pung", "kong", "chow", "pair", "meld", "exposed", "concealed", "discard", "self-drawn",
        "void-suit", "fan", "limit-hand", "cap", "shanten", "ready", "wait", "improving-tiles",
        "acceptance", "half-flush", "full-flush", "all-pungs", "all-chows", "seven-pairs", "root",
        "kong-transfer", "flower-pig", "pao", "golden-table", "payment-table", "base", "head-bump",
        "ppong", "stop", "month", "hwatu", "combination", "penalty", "ddoi-ddoi", "daeppang",
        "sib-bujok",
    ],
}  # fmt: skip
"""The anchors the reference promises: the lessons, widgets and docs link to them."""

ANCHOR = re.compile(r'<a id="([^"]+)"></a>')
LINK = re.compile(r"\]\(([^)\s]+)\)|href=\"([^\"]+)\"")
CODE_SPAN = re.compile(r"`[^`\n]*`")
REFERENCE_PATH = re.compile(r"reference/([\w-]+\.md)(?:#([\w-]+))?")


def link_targets(markdown: str) -> list[str]:
    """The targets of the Markdown and HTML links in ``markdown``, code spans left out."""
    return [a or b for a, b in LINK.findall(CODE_SPAN.sub("", markdown))]


def anchors(page: str) -> list[str]:
    return ANCHOR.findall((REFERENCE / page).read_text(encoding="utf-8"))


def lesson_files() -> list[Path]:
    return sorted(
        path
        for path in (ROOT / "lessons").rglob("*.ipynb")
        if ".ipynb_checkpoints" not in path.parts
    )


def lesson_links(path: Path) -> list[str]:
    """Every link target in a notebook's markdown cells and in its code cells' strings."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    found = []
    for cell in notebook["cells"]:
        found += link_targets("".join(cell["source"]))
    return found


def resolve(source: Path, target: str) -> tuple[Path, str | None]:
    """A relative link from ``source``: the file it names and its anchor."""
    file, _, anchor = target.partition("#")
    return (source.parent / file).resolve(), anchor or None


# --- the pages match the code --------------------------------------------------------------------


def test_pages_are_what_the_generator_writes_now() -> None:
    stale = check(REFERENCE)
    assert not stale, (
        f"run `python -m kit.reference`: {[p.name for p in stale]} differ from the code"
    )


def test_every_generated_block_is_used_once() -> None:
    text = "".join(path.read_text(encoding="utf-8") for path in pages(REFERENCE))
    used = re.findall(r"<!-- generated:([a-z0-9-]+) -->", text)
    assert sorted(used) == sorted(BLOCKS)


def test_reference_dir_is_the_folder_beside_the_package() -> None:
    assert reference_dir() == REFERENCE


def test_render_rewrites_only_headings_and_blocks() -> None:
    page = (REFERENCE / "sichuan.md").read_text(encoding="utf-8")
    drifted = page.replace("## Fan\n", "## Fan patterns\n").replace("| +2 |", "| +3 |")
    assert render("sichuan", drifted) == page
    prose = page.replace("starts at **0 fan**", "starts at **nothing**")
    assert render("sichuan", prose) == prose


def test_render_refuses_unknown_or_missing_sections() -> None:
    page = (REFERENCE / "hongkong.md").read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="'dead-wall' is not a section"):
        render("hongkong", page + '\n<a id="dead-wall"></a>\n## Dead wall\n')
    with pytest.raises(ValueError, match="the registry lists"):
        render("hongkong", page.replace('<a id="pao"></a>\n', ""))
    with pytest.raises(ValueError, match="no generated block 'fan-table'"):
        render("hongkong", page + "\n<!-- generated:fan-table -->\n<!-- end -->\n")


def test_generated_tables_hold_the_registries() -> None:
    fan = (REFERENCE / "sichuan.md").read_text(encoding="utf-8")
    for pattern in sichuan.PATTERNS:
        assert f"`{pattern.key}`" in fan
    for field in fields(sichuan.Rules):
        assert f"`{field.name}`" in fan
    hk = (REFERENCE / "hongkong.md").read_text(encoding="utf-8")
    for pattern in hongkong.PATTERNS:
        assert f"`{pattern.key}`" in hk
    for name, table in hongkong.PRESETS.items():
        assert f'"{name}"' in hk
        assert " | ".join(str(v) for v in table.to_frame()["discard"]) in hk
    np_page = (REFERENCE / "nylon-ppong.md").read_text(encoding="utf-8")
    for kind in nylonppong.COMBINATIONS:
        assert f"`{kind.key}`" in np_page
    assert "| `daeppang` | Daeppang (66 or more) | 대빵 | −100 |" in np_page


# --- anchors -----------------------------------------------------------------------------------


@pytest.mark.parametrize("page", sorted(CONTRACT))
def test_contract_anchors_exist(page: str) -> None:
    present = anchors(page)
    missing = [anchor for anchor in CONTRACT[page] if anchor not in present]
    assert not missing, f"reference/{page} lacks the anchors {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_registered_section_is_on_its_page_once(game: str) -> None:
    present = anchors(PAGES[game].file)  # type: ignore[index]
    assert sorted(present) == sorted(s.anchor for s in sections(game))  # type: ignore[arg-type]
    assert len(present) == len(set(present))


def test_each_section_heading_follows_its_anchor() -> None:
    for section in sections():
        if section.game == "glossary" and section.anchor in {t.anchor for t in TERMS}:
            continue
        text = (REFERENCE / section.page.file).read_text(encoding="utf-8")
        assert f'<a id="{section.anchor}"></a>\n## {section.title}\n' in text


# --- links -------------------------------------------------------------------------------------


def check_link(source: Path, target: str) -> str | None:
    """What is wrong with a link into the reference, or None."""
    file, anchor = resolve(source, target)
    if not file.exists():
        return f"{source.relative_to(ROOT)}: {target} names no file"
    if anchor and file.suffix == ".md" and anchor not in ANCHOR.findall(file.read_text("utf-8")):
        return f"{source.relative_to(ROOT)}: {target} names no anchor of {file.name}"
    return None


def test_links_inside_the_reference() -> None:
    problems = []
    for page in sorted(REFERENCE.glob("*.md")):
        for target in link_targets(page.read_text(encoding="utf-8")):
            if target.startswith(("http", "mailto:")):
                continue
            if target.startswith("#"):
                target = page.name + target
            problems.append(check_link(page, target))
    assert [p for p in problems if p] == []


def test_lesson_links_into_the_reference() -> None:
    problems = []
    for lesson in lesson_files():
        for target in lesson_links(lesson):
            if "reference/" not in target or target.startswith("http"):
                continue
            problems.append(check_link(lesson, target))
            file, _ = resolve(lesson, target)
            if file.parent != REFERENCE:
                problems.append(f"{lesson.relative_to(ROOT)}: {target} is not a page of reference/")
    assert [p for p in problems if p] == []


def test_readme_links_into_the_reference() -> None:
    readme = ROOT / "README.md"
    targets = link_targets(readme.read_text(encoding="utf-8"))
    problems = [check_link(readme, t) for t in targets if t.startswith("reference/")]
    assert [p for p in problems if p] == []


def test_citations_in_the_code_and_the_tests_name_real_sections() -> None:
    problems = []
    folders = ("kit", "benchmarks", "tests")
    for path in sorted(path for folder in folders for path in (ROOT / folder).rglob("*.py")):
        for page, anchor in REFERENCE_PATH.findall(path.read_text(encoding="utf-8")):
            if not (REFERENCE / page).exists():
                problems.append(f"{path.relative_to(ROOT)}: no page reference/{page}")
            elif anchor and anchor not in anchors(page):
                problems.append(f"{path.relative_to(ROOT)}: no anchor {page}#{anchor}")
    assert problems == []


# --- cite --------------------------------------------------------------------------------------


def test_cite_gives_title_summary_path_text_and_html() -> None:
    fan = cite("sichuan", "fan")
    assert (fan.title, fan.path, fan.text) == (
        "Fan",
        "reference/sichuan.md#fan",
        "Sichuan rules › Fan",
    )
    assert fan.summary and "\n" not in fan.summary
    html = cite("hongkong", "pao").html()
    assert 'href="../../reference/hongkong.md#pao"' in html
    assert f'title="{cite("hongkong", "pao").summary}"' in html
    assert ">Hong Kong rules › Pao (liability)</a>" in html
    assert 'href="reference/' in cite("hongkong", "pao").html(label="pao", base="")
    assert cite("glossary", "void-suit").text == "Glossary › void suit"
    assert (
        str(cite("nylonppong", "stop")) == "Nylon-ppong rules › Stop: reference/nylon-ppong.md#stop"
    )


def test_cite_is_a_frozen_value() -> None:
    section = cite("nylonppong", "ppong")
    assert isinstance(section, Section) and section == cite("nylonppong", "ppong")
    with pytest.raises(FrozenInstanceError):
        section.title = "other"  # type: ignore[misc]


def test_cite_escapes_the_tooltip() -> None:
    section = Section("sichuan", "fan", "Fan", 'a "quoted" <summary>')
    assert 'title="a &quot;quoted&quot; &lt;summary&gt;"' in section.html()


def test_cite_refuses_unknown_games_and_anchors() -> None:
    with pytest.raises(ValueError, match="game must be one of nylonppong, sichuan"):
        cite("riichi", "fan")  # type: ignore[arg-type]
    with pytest.raises(
        ValueError, match="the Sichuan rules have no section 'pao'; they have tiles"
    ):
        cite("sichuan", "pao")
    with pytest.raises(ValueError, match="the glossary has no term 'yaku'"):
        cite("glossary", "yaku")


def test_every_section_summary_is_one_short_line() -> None:
    for section in sections():
        assert section.summary and "\n" not in section.summary
        assert len(section.summary) <= 130, section.anchor


def test_list_prints_every_anchor(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--list"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == len(sections())
    for page, names in CONTRACT.items():
        for anchor in names:
            assert any(line.startswith(f"reference/{page}#{anchor} ") for line in printed)


def test_check_passes_and_write_changes_nothing(tmp_path: Path) -> None:
    assert main(["--check"]) == 0
    for path in REFERENCE.glob("*.md"):
        (tmp_path / path.name).write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    stale = tmp_path / "hongkong.md"
    stale.write_text(stale.read_text(encoding="utf-8").replace("| 256 |", "| 255 |"), "utf-8")
    assert main(["--check", "--root", str(tmp_path)]) == 1
    assert main(["--root", str(tmp_path)]) == 0
    assert main(["--check", "--root", str(tmp_path)]) == 0


# --- glossary ----------------------------------------------------------------------------------


def test_glossary_terms_are_complete_and_unique() -> None:
    names = [term.anchor for term in TERMS]
    assert len(names) == len(set(names))
    for term in TERMS:
        assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", term.anchor), term.anchor
        assert term.english and term.original and term.german and term.meaning
    assert {t.group for t in TERMS} == {
        s.anchor for s in sections("glossary") if s.anchor.endswith("-terms")
    }


def test_glossary_examples_of_the_issue() -> None:
    by_anchor = {term.anchor: term for term in TERMS}
    assert "碰" in by_anchor["pung"].original and by_anchor["pung"].german == "Drilling"
    assert "杠" in by_anchor["kong"].original and by_anchor["kong"].german == "Vierling"
    assert "自摸" in by_anchor["self-drawn"].original
    assert by_anchor["self-drawn"].german == "selbst gezogen"
    assert (
        "定缺" in by_anchor["void-suit"].original and by_anchor["void-suit"].german == "Fehlfarbe"
    )
    assert "뽕" in by_anchor["ppong"].original


def test_plain_german_descriptions_are_marked() -> None:
    text = (REFERENCE / "glossary.md").read_text(encoding="utf-8")
    for term in TERMS:
        shown = f"*{term.german}*" if term.plain else term.german
        assert f"| {shown} |" in text, term.anchor


# --- no outside documents ----------------------------------------------------------------------

OUTSIDE = re.compile(r"(?:RULES|STYLE|TESTING)\.md|\N{SECTION SIGN}")
"""A document the kit does not ship, or a section sign: the kit cites only its own reference."""


def text_lines(path: Path) -> list[str] | None:
    """The lines of a text file (of a notebook: its cells' sources), None for binary data."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return None
    if path.suffix == ".ipynb":
        cells = json.loads(text)["cells"]
        return [line for cell in cells for line in "".join(cell["source"]).splitlines()]
    return text.splitlines()


def test_nothing_cites_a_document_the_kit_does_not_ship() -> None:
    files = [ROOT / "README.md"]
    for folder in ("tests", "kit", "lessons", "docs", "benchmarks"):
        files += [path for path in (ROOT / folder).rglob("*") if path.is_file()]
    offenders = []
    for path in sorted(files):
        if {"__pycache__", ".ipynb_checkpoints"} & set(path.parts):
            continue
        for number, line in enumerate(text_lines(path) or [], 1):
            if OUTSIDE.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert offenders == []


def test_the_pages_follow_the_registry() -> None:
    from kit.games import GAMES as REGISTRY

    assert [g for g in GAMES if g != "glossary"] == list(REGISTRY)
    for key, played in REGISTRY.items():
        assert f"reference/{PAGES[key].file}" == played.reference
        assert (ROOT / played.reference).is_file()


def test_meanings_and_notes_live_in_the_entries_and_fields() -> None:
    from kit.games import GAMES as REGISTRY

    for played in REGISTRY.values():
        page = (ROOT / played.reference).read_text(encoding="utf-8")
        for entry in played.catalogue:
            assert entry.meaning.strip() and entry.meaning in page, entry.key
        for item in fields(played.rules):
            note = item.metadata["note"]
            assert note and note.replace("|", "\\|") in page, item.name
            assert item.metadata["label"]
