"""Where a seat's deal-ins come from (benchmarks/deal_ins.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The benchmarks are scripts of the repository, not part of the installed kit: their folder
# is found from here, after every installed package (so that nothing installed is shadowed).
sys.path.append(str(Path(__file__).resolve().parent.parent))

from benchmarks.coach_outcomes import default_table, play
from benchmarks.deal_ins import FARTHEST, DealIns, deal_ins, main

SEED = "deal-ins-test"
DEALS = 12


@pytest.fixture(scope="module")
def found() -> DealIns:
    return deal_ins("sichuan", "coach", deals=DEALS, seed=SEED)


def test_the_deal_ins_are_the_deals_own(found: DealIns) -> None:
    """The deals with a deal-in are those in which seat 0's discard was won on, as the
    targets count them on the same deals."""
    from kit.games import game

    rules = game("sichuan").rules()
    run = play(rules, lambda n: default_table("sichuan", rules, "coach"), DEALS, SEED)
    assert found.deals == DEALS
    assert found.deals_with_one == sum(0 in deal.dealt_in for deal in run.deals)
    assert found.deals_with_one > 0, "twelve deals hold some deal-in"
    assert sum(found.hits.values()) >= found.deals_with_one
    assert found.paid >= sum(found.hits.values()), "every deal-in costs at least a stake"


def test_discards_are_counted_by_their_distance(found: DealIns) -> None:
    assert set(found.discards) <= set(range(FARTHEST + 1))
    assert all(found.hits[d] <= found.discards[d] for d in found.hits)
    assert all(0 <= found.risk[d] <= found.discards[d] for d in found.discards)
    assert found.discards[0] > 0, "some discards keep a ready hand"


def test_the_report_reads_a_row_per_distance(found: DealIns) -> None:
    lines = found.rows()
    assert lines[0].startswith("| from ready | discards | deal-ins")
    assert lines[2].startswith(f"| ready | {found.discards[0]} | {found.hits[0]} |")
    assert f"a deal-in in {found.deals_with_one / DEALS:.1%} of {DEALS} deals" in lines[-1]


def test_the_command_prints_each_bot(capsys: pytest.CaptureFixture[str]) -> None:
    main(["sichuan", "coach", "classic-coach", "--deals", "2", "--seed", SEED])
    out = capsys.readouterr().out
    assert "\ncoach: " in out and "\nclassic-coach: " in out


def test_the_module_examples_hold() -> None:
    import doctest

    import benchmarks.deal_ins as module

    assert doctest.testmod(module).failed == 0
