"""A Sichuan seat's discards late in the wall, beside its share of it (benchmarks/turns_left.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

# The benchmarks are scripts of the repository, not part of the installed kit: their folder
# is found from here, after every installed package (so that nothing installed is shadowed).
sys.path.append(str(Path(__file__).resolve().parent.parent))

from benchmarks.turns_left import main, report, turns_left
from kit.sichuan.forecast import EXTRA_DISCARDS


def test_a_seat_never_makes_fewer_discards_than_none() -> None:
    """Each count is of discards after one made with that share of the wall, so a share of
    s can fall short by at most s; the same seed gives the same counts."""
    found = turns_left(deals=20, seed="turns-test")
    assert found == turns_left(deals=20, seed="turns-test")
    assert found, "twenty deals reach the end of the wall with some late discard"
    for share, row in found.items():
        assert min(row) >= -share and max(row) <= 2, (share, row)
    lines = report(found)
    assert lines[-1].startswith("all:") and len(lines) == len(found) + 1


def test_the_command_prints_a_line_per_share(capsys: pytest.CaptureFixture[str]) -> None:
    main(["--deals", "6", "--seed", "turns-test"])
    assert "more discards than the share" in capsys.readouterr().out


def test_the_module_examples_hold() -> None:
    import doctest

    import benchmarks.turns_left as module

    assert doctest.testmod(module).failed == 0


@pytest.mark.soak
def test_the_forecasts_extra_discards_are_what_deals_show() -> None:
    """The chances the Sichuan forecast reads a flower pig's from (``EXTRA_DISCARDS``, a
    row for each share of the wall) hold on deals other than those they were measured on
    (600 deals, about half a minute), each within 0.1: about three standard errors of the
    widest, as a deal's late discards share its claims and wins."""
    found = turns_left(deals=600, seed="turns-check")
    for share, row in enumerate(EXTRA_DISCARDS):
        seen = found[share]
        total = sum(seen.values())
        assert total > 150, (share, total)
        for extra, chance in row:
            assert abs(seen[extra] / total - chance) <= 0.1, (share, extra, seen, total)
        assert set(seen) <= {extra for extra, _ in row}, (share, seen)
