"""The learner's memory in a real page: a costly mistake comes back first after a restart.

In JupyterLab a learner plays a Sichuan deal (or a Nylon-ppong round) that keeps its
record in a store file, choosing at every decision the option the coach's forecasts rate
worst (the lowest expected net, or the highest expected penalty, in the table behind
*Show all*). The deal ends; the learner restarts the kernel from the Kernel menu, so
nothing of the deal is left in memory but the file, and opens the drill on the same
file. Its first position is the first costly decision of the deal: the drill says it was
missed, and shows the hand held at that decision.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import nbformat
import pytest
from playwright.sync_api import Locator, Page, expect

from kit.hwatu import Card
from kit.nylonppong.rules import Rules as NylonPpongRules
from kit.progress import CARD_THRESHOLD
from kit.widgets.nylonppong.play import card_threshold

from .harness import (
    JupyterLab,
    PageRecord,
    assert_learner_words,
    assert_no_traceback,
    assert_stays_local,
    coach_options,
    hand_tiles,
    money,
    open_notebook,
    play_deal_choosing,
    restart_kernel,
    run_cell,
    screenshot_of,
    show_widget,
)

pytestmark = pytest.mark.browser

SEED = 8
"""A deal whose first discard, chosen worst, gives up well over a stake by the forecasts."""
ROUNDING = 0.05
"""The coach's table writes expected money to one decimal."""


@dataclass(frozen=True)
class Choice:
    """One decision as the learner met it: the hand, the option clicked, what it gave up."""

    option: str
    hand: tuple[str, ...]
    gap: float | None
    """Expected net of the coach's best minus that of the choice, as the table writes
    them (None: the options carry no forecast)."""


NYLON_SEED = 2
"""A Nylon-ppong round whose first decision, chosen worst, adds well over a card's
threshold of expected penalty."""


def notebook_json(store: Path, package: str = "sichuan", play: str = "PlayDeal") -> str:
    """The test's notebook: a deal (or round) of ``package``'s ``play`` widget kept in
    ``store``, then the drill on the same file."""
    seed = SEED if package == "sichuan" else NYLON_SEED
    play = (
        "from kit.progress import Store\n"
        f"from kit.widgets.{package} import {play}\n\n"
        f"{play}(seed={seed}, store=Store({str(store)!r}), pace=0)"
    )
    drill = (
        "from kit.progress import Store\n"
        f"from kit.widgets.{package} import Drill\n\n"
        f"Drill(store=Store({str(store)!r}), seed=1)"
    )
    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(play), nbformat.v4.new_code_cell(drill)],
        metadata={
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
    )
    return str(nbformat.writes(notebook))


def linked_notebook(tmp_path: Path, root: Path, text: str) -> Iterator[tuple[str, Path]]:
    """A notebook of ``text`` in a temporary folder, linked into the server's ``root`` for
    the test only; its path as JupyterLab names it, and the store file it uses."""
    folder = tmp_path / "notebook"
    folder.mkdir()
    store = tmp_path / "progress.sqlite"
    (folder / "memory.ipynb").write_text(text, encoding="utf-8")
    link = root / f"browser-test-{tmp_path.name}"
    link.symlink_to(folder, target_is_directory=True)
    try:
        yield f"{link.name}/memory.ipynb", store
    finally:
        link.unlink()


@pytest.fixture
def memory_notebook(tmp_path: Path, jupyterlab_server: JupyterLab) -> Iterator[tuple[str, Path]]:
    """The Sichuan notebook (:func:`notebook_json`), linked into the server's root."""
    text = notebook_json(tmp_path / "progress.sqlite")
    yield from linked_notebook(tmp_path, jupyterlab_server.root, text)


@pytest.fixture
def nylonppong_notebook(
    tmp_path: Path, jupyterlab_server: JupyterLab
) -> Iterator[tuple[str, Path]]:
    """The Nylon-ppong notebook, linked into the server's root."""
    text = notebook_json(tmp_path / "progress.sqlite", "nylonppong", "PlayRound")
    yield from linked_notebook(tmp_path, jupyterlab_server.root, text)


def choose_worst(choices: list[Choice]) -> Callable[[Locator], str]:
    """A chooser that clicks the option with the lowest expected net (the coach's best
    where there is no forecast), noting the hand and what the choice gave up."""

    def choose(game: Locator) -> str:
        options = coach_options(game)
        nets = [money(row.get("expected net", "")) for row in options]
        forecast = [(net, i) for i, net in enumerate(nets) if net is not None]
        worst = min(forecast)[1] if forecast else 0
        best = nets[0]
        gap = best - nets[worst] if best is not None and nets[worst] is not None else None
        option = options[worst]["option"]
        choices.append(Choice(option, tuple(hand_tiles(game, "kit-play-tile")), gap))
        return option

    return choose


def first_card(choices: list[Choice]) -> int:
    """The decision the drill must show first: the first discard that gave up clearly more
    than a card's threshold; no earlier choice may sit near that threshold."""
    for number, choice in enumerate(choices):
        if choice.gap is None or choice.gap < CARD_THRESHOLD - 2 * ROUNDING:
            continue
        assert choice.gap > CARD_THRESHOLD + 2 * ROUNDING, (
            f"decision {number} ({choice.option}) gave up {choice.gap}: too near the threshold"
        )
        assert choice.option.startswith("discard "), f"the first costly choice is {choice}"
        return number
    raise AssertionError(f"no choice was costly: {choices}")


def test_a_costly_mistake_is_drilled_first_after_a_kernel_restart(
    page: Page,
    jupyterlab: JupyterLab,
    page_record: PageRecord,
    memory_notebook: tuple[str, Path],
) -> None:
    notebook, store = memory_notebook
    open_notebook(page, jupyterlab, notebook)
    run_cell(page, 0)
    game = show_widget(page, ".kit-play-sichuan")

    choices: list[Choice] = []
    played = play_deal_choosing(page, game, choose_worst(choices))
    assert [c.option for c in choices] == played
    summary = game.locator(".kit-deal-summary")
    expect(summary.locator(".kit-review")).to_contain_text("Your decisions against the coach's")
    costly = first_card(choices)
    assert store.is_file(), "the deal is kept in the store file"
    screenshot_of(game, "jupyterlab-memory-deal")

    restart_kernel(page)
    cell = run_cell(page, 1)
    expect(cell.locator(".jp-InputArea-prompt")).to_have_text("[1]:")  # a fresh kernel
    drill = show_widget(page, ".kit-drill-sichuan")
    why = drill.locator(".kit-drill-why")
    expect(why).to_contain_text("You missed this on")
    expect(why).to_contain_text("due today")
    expect(drill.locator(".kit-drill-hand .kit-drill-tile").first).to_be_visible()
    assert tuple(hand_tiles(drill, "kit-drill-tile")) == choices[costly].hand, (
        f"the drill shows another hand than decision {costly} ({choices[costly].option})"
    )
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot_of(drill, "jupyterlab-memory-drill-after-restart")


def hand_cards(widget: Locator, hand: str, prefix: str) -> tuple[str, ...]:
    """The cards of the visible buttons in a widget's ``hand`` (a selector), sorted, read
    from their ``<prefix><card>`` classes (``kit-play-card-8J2``)."""
    found = widget.locator(f"{hand} button:visible").evaluate_all(
        "buttons => buttons.map(b => [...b.classList])"
    )
    cards = []
    for classes in found:
        for name in classes:
            if name.startswith(prefix):
                cards.append(Card.parse(name.removeprefix(prefix)))
    return tuple(card.notation() for card in sorted(cards))


def choose_most_penalty(choices: list[Choice]) -> Callable[[Locator], str]:
    """A chooser that clicks the option with the highest expected penalty, noting the hand
    and the penalty it adds over the coach's best."""

    def choose(game: Locator) -> str:
        options = coach_options(game)
        paid = [money(row.get("expected penalty", "")) for row in options]
        forecast = [(penalty, i) for i, penalty in enumerate(paid) if penalty is not None]
        worst = max(forecast)[1] if forecast else 0
        best = paid[0]
        gap = paid[worst] - best if best is not None and paid[worst] is not None else None
        option = options[worst]["option"]
        choices.append(Choice(option, hand_cards(game, ".kit-your-hand", "kit-play-card-"), gap))
        return option

    return choose


def test_a_costly_nylonppong_decision_is_drilled_first_after_a_kernel_restart(
    page: Page,
    jupyterlab: JupyterLab,
    page_record: PageRecord,
    nylonppong_notebook: tuple[str, Path],
) -> None:
    notebook, store = nylonppong_notebook
    open_notebook(page, jupyterlab, notebook)
    run_cell(page, 0)
    game = show_widget(page, ".kit-play")
    choices: list[Choice] = []
    played = play_deal_choosing(
        page, game, choose_most_penalty(choices), summary_css=".kit-round-summary"
    )
    assert [c.option for c in choices] == played
    threshold = card_threshold(NylonPpongRules(players=3))
    costly = next(
        (i for i, c in enumerate(choices) if c.gap is not None and c.gap > threshold + 0.1),
        None,
    )
    assert costly is not None, f"no choice was costly: {choices}"
    assert all(c.gap is None or c.gap < threshold - 0.1 for c in choices[:costly]), (
        f"a choice before decision {costly} sits near the threshold: {choices[:costly]}"
    )
    assert store.is_file(), "the round is kept in the store file"

    # the story of the round: Replay puts the round back at that decision, the same hand
    story = game.locator(".kit-story")
    expect(story).to_contain_text("What decided your round")
    assert_learner_words(story, "the story of the round")
    screenshot_of(story, "jupyterlab-nylonppong-story")
    story.locator(".kit-story-replay").first.click()
    log = game.locator(".kit-play-log")
    expect(log).to_contain_text("Replaying your decision")
    replayed = int(log.inner_text().split("Replaying your decision ")[1].split(":")[0]) - 1
    expect(story).to_be_empty()
    assert hand_cards(game, ".kit-your-hand", "kit-play-card-") == choices[replayed].hand, (
        f"Replay shows another hand than decision {replayed} ({choices[replayed].option})"
    )
    screenshot_of(game, "jupyterlab-nylonppong-replay-this-decision")

    restart_kernel(page)
    cell = run_cell(page, 1)
    expect(cell.locator(".jp-InputArea-prompt")).to_have_text("[1]:")  # a fresh kernel
    drill = show_widget(page, ".kit-drill-nylonppong")
    why = drill.locator(".kit-drill-why")
    expect(why).to_contain_text("You missed this on")
    expect(why).to_contain_text("due today")
    expect(drill.locator(".kit-drill-hand .kit-drill-card").first).to_be_visible()
    assert hand_cards(drill, ".kit-drill-hand", "kit-drill-card-") == choices[costly].hand, (
        f"the drill shows another hand than decision {costly} ({choices[costly].option})"
    )
    assert_learner_words(drill.locator(".kit-drill-question"), "the drill's question")
    assert_no_traceback(page)
    assert_stays_local(page_record)
    screenshot_of(drill, "jupyterlab-memory-nylonppong-drill-after-restart")
