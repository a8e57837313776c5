"""The coach on a position set up by hand, as another program (another engine, a puzzle)
would ask it: it reads only what the seat sees, so the other seats' hidden tiles may be
any that fit, and every option gets its outcome (README: *The coach on a position of
your own*)."""

from __future__ import annotations

import pytest

from kit.hongkong import coach as hongkong_coach
from kit.hongkong.game import Table as HongKongTable
from kit.sichuan import coach as sichuan_coach
from kit.sichuan.game import Table as SichuanTable

CASES = [
    pytest.param(
        HongKongTable,
        hongkong_coach,
        "123m 456p 789s 11z 23m 5z",
        (["2468m 13579p 2468s", "1357m 2468p 13578s", "99m 99p 99s 2233z 44z 6z"],
         ["99m 99p 99s 2233z 44z 6z", "2468m 13579p 2468s", "1357m 2468p 13578s"]),
        {"discards": [("9s", 1), ("1z", 2)]},
        id="hongkong",
    ),
    pytest.param(
        SichuanTable,
        sichuan_coach,
        "123m 456m 789m 11p 23p 9s",
        (["2468m 13579p 2468s", "1357m 2468p 13578s", "99m 99p 99s 1234s 56s 7p"],
         ["99m 99p 99s 1234s 56s 7p", "2468m 13579p 2468s", "1357m 2468p 13578s"]),
        {"discards": [("9s", 1), ("1m", 2)], "voids": list("smpp"), "phase": "discard"},
        id="sichuan",
    ),
]  # fmt: skip


@pytest.mark.parametrize(("table_class", "coach", "mine", "others", "extra"), CASES)
def test_the_coach_reads_only_what_the_seat_sees(table_class, coach, mine, others, extra):
    """The same seat, table and discards with the other hands dealt two ways: the same
    advice, option by option, outcome by outcome."""
    answers = []
    for hands in others:
        table = table_class.arrange([mine, *hands], wall_size=50, **extra)
        assert [len(c) for c in table.concealed] == [14, 13, 13, 13]
        advice = coach.advise(table.view(0))
        answers.append([(o.label, o.outcome) for o in advice.options])
    assert answers[0] == answers[1]
    labels = [label for label, _ in answers[0]]
    assert len(labels) == len(set(labels)) > 1
    for _, outcome in answers[0]:
        assert outcome is not None
        assert 0.0 <= outcome.win_chance <= 1.0
        assert outcome.deal_in_risk is not None and 0.0 <= outcome.deal_in_risk < 1.0
