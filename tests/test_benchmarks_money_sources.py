"""Where a Hong Kong seat's money comes from (benchmarks/money_sources.py)."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

# The benchmarks are scripts of the repository, not part of the installed kit: their folder
# is found from here, after every installed package (so that nothing installed is shadowed).
sys.path.append(str(Path(__file__).resolve().parent.parent))

from benchmarks.money_sources import ENDINGS, Sources, ending_of, main, money_sources
from kit.hongkong.scenarios import pao_steps, pao_table


def test_every_deal_lands_in_one_row_and_the_rows_add_up() -> None:
    found = money_sources("coach", deals=6, seed="sources-test")
    assert sum(found.deals.values()) == 6
    assert set(found.deals) <= set(ENDINGS)


@pytest.mark.parametrize(
    ("ending", "row"), [("self-drawn", "paid as liable (pao)"), ("discard", "paid as liable (pao)")]
)
def test_a_win_paid_under_pao_is_the_liable_players_row(ending: str, row: str) -> None:
    table = pao_table()
    for step in pao_steps(ending):  # type: ignore[arg-type]
        for action in step.actions:
            table.apply(action)
    assert ending_of(table) == row


def test_the_rows_show_shares_and_means() -> None:
    found = Sources(
        "coach",
        Counter({"won on a discard": 1, "nobody won": 3}),
        Counter({"won on a discard": 32}),
    )
    rows = found.rows()
    assert rows[0] == "coach: +8.00 a deal over 4 deals"
    assert "| won on a discard | 25.0% | +32.0 | +8.00 |" in rows
    assert "| nobody won | 75.0% | +0.0 | +0.00 |" in rows


def test_it_runs_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coach", "--deals", "1", "--seeds", "sources-cli"]) == 0
    assert "a deal over 1 deals" in capsys.readouterr().out
