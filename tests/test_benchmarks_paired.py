"""The paired comparison that tells a coach's change from luck (benchmarks/paired.py)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

# The benchmarks are scripts of the repository, not part of the installed kit: their folder
# is found from here, after every installed package (so that nothing installed is shadowed).
sys.path.append(str(Path(__file__).resolve().parent.parent))

from benchmarks.paired import Nets, compare, main, seat_zero


def test_a_player_against_itself_on_the_same_deals_differs_by_nothing() -> None:
    first = seat_zero("sichuan", "classic-coach", ("paired-test",), 3)
    again = seat_zero("sichuan", "classic-coach", ("paired-test",), 3)
    found = compare(first, again)
    assert (found.mean, found.error, found.deals) == (0.0, 0.0, 3)


def test_the_difference_is_taken_deal_by_deal() -> None:
    coach = seat_zero("sichuan", "coach", ("paired-test", "7"), 2)
    classic = seat_zero("sichuan", "classic-coach", ("paired-test", "7"), 2)
    gaps = [
        a - b
        for x, y in zip(coach.nets, classic.nets, strict=True)
        for a, b in zip(x, y, strict=True)
    ]
    found = compare(coach, classic)
    assert found.deals == 4
    assert found.mean == pytest.approx(sum(gaps) / 4)


def test_runs_of_different_deals_are_refused() -> None:
    one = Nets("sichuan", "coach", ((1, 2),), ((False, False),), ("a",))
    other = Nets("sichuan", "coach", ((1, 2),), ((False, False),), ("b",))
    with pytest.raises(ValueError, match="different deals"):
        compare(one, other)
    golden = Nets("golden", "coach", ((1, 2),), ((False, False),), ("a",))
    with pytest.raises(ValueError, match="different tables"):
        compare(one, golden)


def test_an_unknown_bot_or_table_is_named() -> None:
    with pytest.raises(ValueError, match="no bot named 'coahc'"):
        seat_zero("sichuan", "coahc", ("1",), 1)
    with pytest.raises(ValueError, match="'mahjong'"):
        seat_zero("mahjong", "coach", ("1",), 1)


def test_saved_nets_compare_with_a_later_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    saved = tmp_path / "before.json"
    run = ["golden", "classic-coach", "--deals", "2", "--seeds", "paired-test"]
    main([*run, "--save", str(saved)])
    assert Nets.from_json(json.loads(saved.read_text(encoding="utf-8"))).player == "classic-coach"
    main([*run, "--against", str(saved)])
    assert "now − saved: +0.000 ± 0.000 a deal over 2 shared deals" in capsys.readouterr().out


def test_house_rules_are_played_and_runs_of_other_rules_refused() -> None:
    rules = "kit.sichuan.Rules(self_draw_bonus='none')"
    house = seat_zero("sichuan", "classic-coach", ("paired-test",), 3, rules)
    default = seat_zero("sichuan", "classic-coach", ("paired-test",), 3)
    assert house.rules == rules and Nets.from_json(house.to_json()) == house
    with pytest.raises(ValueError, match="different rules"):
        compare(house, default)
    with pytest.raises(ValueError, match="not rules of the sichuan table"):
        seat_zero("sichuan", "coach", ("1",), 1, "kit.hongkong.Rules()")
    with pytest.raises(ValueError, match="the golden table seats 2"):
        seat_zero("golden", "coach", ("1",), 1, "kit.hongkong.Rules()")
    with pytest.raises(ValueError, match="fan_cap must be one of"):
        seat_zero("sichuan", "coach", ("1",), 1, "kit.sichuan.Rules(fan_cap=9)")
