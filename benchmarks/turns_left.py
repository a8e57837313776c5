"""How many discards a Sichuan seat still makes once the wall runs low, beside its share of it.

A hand that still holds tiles of its void suit can throw one a turn, and it is a flower
pig if one is left when the wall runs out. Its turns left are about its share of the
wall (``draws_left``: the tiles left shared by the players still in play), but not
exactly: a claim of its own gives it a discard without a draw, another player's win
leaves the wall to fewer players, and a claim that skips its turn or a kong's
replacement tile takes one away. This measures the difference, the chances that the
forecast's :data:`kit.sichuan.forecast.EXTRA_DISCARDS` hold.

Seat 0 plays with the coach against the default bots on seeded deals (dealt as
``simulate`` deals them). At each of its discards with ``LOW`` tiles or fewer left in
the wall it notes its share of the wall; in the deals that reach the end of the wall
with the seat not yet won, it counts the discards the seat made after that one.

``python -m benchmarks.turns_left --deals 1200 --seed turns`` prints, for each share of
the wall, how often the seat made each number of discards more than it.

>>> found = turns_left(deals=30, seed="turns-doc")
>>> sum(sum(row.values()) for row in found.values()) > 0
True
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Sequence

from benchmarks.coach_outcomes import default_deals
from kit.mahjong.actions import Discard
from kit.mahjong.forecast import draws_left

LOW = 16
"""The wall's size at or under which a discard is counted (about the last 30 %)."""
SHARES = 3
"""Shares of the wall this large or larger are counted together, as are two extra discards
or more: the rows the forecast reads (:data:`kit.sichuan.forecast.EXTRA_DISCARDS`)."""


def turns_left(*, deals: int, seed: int | str, player: str = "coach") -> dict[int, Counter[int]]:
    """For each share of the wall at one of seat 0's discards: how often the seat then made
    each number of discards more than that share (negative: fewer), before the wall ran out."""
    from kit.games import game

    found: dict[int, Counter[int]] = defaultdict(Counter)
    for _, table, bots in default_deals("sichuan", game("sichuan").rules(), player, deals, seed):
        marks: list[tuple[int, int, int]] = []  # (share, discards before it, wins before it)
        discards = 0
        while table.phase != "over":
            seat = table.to_move()[0]
            view = table.view(seat)
            action = bots[seat](view)
            if seat == 0 and isinstance(action, Discard):
                if view.wall_size <= LOW:
                    marks.append((draws_left(view), discards, len(table.wins)))
                discards += 1
            table.apply(action)
        if table.ended_by != "wall-empty":
            continue
        for share, before, wins in marks:
            if any(win.seat == 0 for win in table.wins[wins:]):
                continue  # it won: no check for it at the end
            found[min(share, SHARES)][min(discards - before - 1 - share, 2)] += 1
    return dict(found)


def report(found: dict[int, Counter[int]]) -> list[str]:
    """One line per share of the wall (the last: :data:`SHARES` or more), and one for them
    all; "+2" counts two extra discards or more."""
    lines = []
    total: Counter[int] = Counter()
    for share in sorted(found):
        row = found[share]
        total.update(row)
        name = f"{share}+" if share == SHARES else f"{share} "
        lines.append(f"share {name}: " + _shares(row))
    if total:
        lines.append("all:      " + _shares(total))
    return lines


def _shares(row: Counter[int]) -> str:
    n = sum(row.values())
    chances = ", ".join(f"{extra:+d}: {row[extra] / n:.2f}" for extra in sorted(row))
    return f"{n:>5} discards; more discards than the share {chances}"


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.turns_left",
        description="Discards a Sichuan seat makes late in the wall, beside its share of it.",
    )
    parser.add_argument("--deals", type=int, default=600, help="deals (600)")
    parser.add_argument("--seed", default="turns", help="the deals' seed")
    args = parser.parse_args(argv)
    print("\n".join(report(turns_left(deals=args.deals, seed=args.seed))))


if __name__ == "__main__":
    main()
