"""Is a change to a coach worth keeping? Two players compared on the same seeded deals.

Money a deal is noisy: at the four-player Hong Kong table one seat's net varies
by about 44 points from deal to deal, so two runs of 600 different deals each
cannot tell a gain of +2 a deal from luck. Played on the *same* deals, the luck
the two players share cancels in the difference of their nets, deal by deal, and
the mean of that difference comes with a standard error that says whether the
change is real. How much cancels depends on how alike the two players are: a
change that alters a few decisions leaves most deals as they were, and the
error of the difference is a fraction of either run's own; two different coaches
soon play different deals, and pairing gains them little (docs/benchmarks.md).

Two uses:

- two bots of the kit on the same deals, seat 0 against the default bots:
  ``python -m benchmarks.paired sichuan coach classic-coach --deals 600``;
- a change to the code, measured against the commit before it: run the same
  command with ``--save before.json`` on the commit before (in a worktree), then
  with ``--against before.json`` on the change. The deals are dealt by seed, so
  the saved deals are the same deals.

Each seed in ``--seeds`` deals its own ``--deals`` deals, as ``simulate`` deals
them (dealer ``n % seats``); the seat-0 player faces the game's default bots
(the Golden table: the flush hunter). ``--rules`` plays house rules instead of
the table's defaults, to see whether a coach measured on the defaults stays
ahead when the rules change: ``python -m benchmarks.paired sichuan coach
classic-coach --rules "kit.sichuan.Rules(self_draw_bonus='none')"``.

>>> first = Nets("sichuan", "a", ((1, 2), (3, -1)), ((False, True), (False, False)))
>>> second = Nets("sichuan", "b", ((0, 2), (1, 1)), ((False, False), (True, False)))
>>> print(compare(first, second))
+0.250 ± 0.854 a deal over 4 shared deals; threw a winning tile in 25.0% of deals against 25.0%
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.coach_outcomes import default_table, mean_and_error, play

TABLES = ("sichuan", "hongkong", "golden")
"""The tables a comparison can be played at (the Golden table: Hong Kong, two players)."""


@dataclass(frozen=True)
class Nets:
    """Seat 0's net in each deal of each seed, and whether it threw a winning tile."""

    table: str
    player: str
    nets: tuple[tuple[int, ...], ...]
    """One tuple per seed, one net per deal."""
    dealt_in: tuple[tuple[bool, ...], ...]
    seeds: tuple[str, ...] = ()
    rules: str = ""
    """The house rules played, as ``--rules`` wrote them (empty: the table's defaults)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "table": self.table,
            "player": self.player,
            "rules": self.rules,
            "seeds": list(self.seeds),
            "nets": [list(n) for n in self.nets],
            "dealt_in": [list(d) for d in self.dealt_in],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Nets:
        return cls(
            str(data["table"]),
            str(data["player"]),
            tuple(tuple(int(x) for x in n) for n in data["nets"]),
            tuple(tuple(bool(x) for x in d) for d in data["dealt_in"]),
            tuple(str(s) for s in data.get("seeds", ())),
            str(data.get("rules", "")),
        )


@dataclass(frozen=True)
class Comparison:
    """The mean of (first − second) over the shared deals, its standard error, how many
    deals, and each player's share of deals in which it threw a winning tile."""

    mean: float
    error: float
    deals: int
    dealt_in: tuple[float, float]

    def __str__(self) -> str:
        first, second = self.dealt_in
        return (
            f"{self.mean:+.3f} ± {self.error:.3f} a deal over {self.deals:,} shared deals; "
            f"threw a winning tile in {first:.1%} of deals against {second:.1%}"
        )


def _rules(table: str, text: str = "") -> Any:
    """The rules of ``table``: its defaults, or the house rules ``text`` names
    (``kit.sichuan.Rules(self_draw_bonus='none')``, read by :func:`kit.handouts.parse_rules`,
    which runs nothing)."""
    from kit.games import game
    from kit.handouts import parse_rules
    from kit.hongkong.rules import Rules

    key = "hongkong" if table == "golden" else table
    if not text:
        return Rules(players=2) if table == "golden" else game(key).rules()
    rules = parse_rules(text)
    if game(rules).key != key:
        raise ValueError(f"the rules {text!r} are not rules of the {table} table")
    players = getattr(rules, "players", None)
    if key == "hongkong" and (players == 2) != (table == "golden"):
        raise ValueError(
            f"the rules {text!r} are for {players} players; the {table} table seats "
            f"{2 if table == 'golden' else 4}"
        )
    return rules


def _seed(text: str) -> int | str:
    return int(text) if text.lstrip("-").isdigit() else text


def seat_zero(table: str, player: str, seeds: Sequence[str], deals: int, rules: str = "") -> Nets:
    """``player`` (a bot name of the game) in seat 0 against the default bots, ``deals``
    deals of each seed, under the table's default rules or the house rules ``rules``
    names (see :func:`_rules`)."""
    from kit.games import game

    if table not in TABLES:
        raise ValueError(f"the table must be one of {', '.join(TABLES)}, not {table!r}")
    key = "hongkong" if table == "golden" else table
    bots = game(key).bots
    if player not in bots:
        raise ValueError(f"{key} has no bot named {player!r}; it has {', '.join(bots)}")
    played = _rules(table, rules)
    lineup = (
        [bots[player], bots["flush-hunter"]]
        if table == "golden"
        else default_table(key, played, player)
    )
    nets, dealt_in = [], []
    for seed in seeds:
        run = play(played, lambda n: lineup, deals, _seed(seed))
        nets.append(tuple(d.net[0] for d in run.deals))
        dealt_in.append(tuple(0 in d.dealt_in for d in run.deals))
    return Nets(table, player, tuple(nets), tuple(dealt_in), tuple(seeds), rules)


def compare(first: Nets, second: Nets) -> Comparison:
    """First minus second, deal by deal, over the deals both played."""
    if first.table != second.table:
        raise ValueError(f"the runs are of different tables: {first.table} and {second.table}")
    if first.rules != second.rules:
        raise ValueError(
            f"the runs played different rules: {first.rules or 'the defaults'} and "
            f"{second.rules or 'the defaults'}"
        )
    if first.seeds != second.seeds or [len(n) for n in first.nets] != [len(n) for n in second.nets]:
        raise ValueError(
            "the runs played different deals (seeds or deal counts differ): "
            f"{first.seeds} × {[len(n) for n in first.nets]} against "
            f"{second.seeds} × {[len(n) for n in second.nets]}"
        )
    gaps = [
        a - b
        for x, y in zip(first.nets, second.nets, strict=True)
        for a, b in zip(x, y, strict=True)
    ]
    if len(gaps) < 2:
        raise ValueError("a comparison needs at least two deals")
    mean, error = mean_and_error(gaps)
    share = [sum(sum(d) for d in run.dealt_in) / len(gaps) for run in (first, second)]
    return Comparison(mean, error, len(gaps), (share[0], share[1]))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.paired",
        description="Compare two players, or a change, on the same seeded deals.",
    )
    parser.add_argument("table", choices=TABLES)
    parser.add_argument("player", help="the bot in seat 0, e.g. coach")
    parser.add_argument("other", nargs="?", help="a second bot, played on the same deals")
    parser.add_argument("--deals", type=int, default=600, help="deals of each seed (600)")
    parser.add_argument("--seeds", default="20261202", help="comma-separated seeds (20261202)")
    parser.add_argument("--save", type=Path, help="keep the first player's nets in this file")
    parser.add_argument("--against", type=Path, help="compare with nets saved by --save")
    parser.add_argument(
        "--rules",
        default="",
        help="house rules instead of the table's defaults, e.g. "
        "\"kit.sichuan.Rules(self_draw_bonus='none')\"",
    )
    args = parser.parse_args(argv)
    seeds = tuple(s.strip() for s in args.seeds.split(",") if s.strip())
    first = seat_zero(args.table, args.player, seeds, args.deals, args.rules)
    played = f", {args.rules}" if args.rules else ""
    print(f"{args.player}: {_mean(first)} a deal ({args.table}{played}, seeds {', '.join(seeds)})")
    if args.save is not None:
        args.save.write_text(json.dumps(first.to_json()), encoding="utf-8")
    if args.other is not None:
        second = seat_zero(args.table, args.other, seeds, args.deals, args.rules)
        print(f"{args.other}: {_mean(second)} a deal")
        print(f"{args.player} − {args.other}: {compare(first, second)}")
    if args.against is not None:
        saved = Nets.from_json(json.loads(args.against.read_text(encoding="utf-8")))
        print(f"saved {saved.player}: {_mean(saved)} a deal")
        print(f"now − saved: {compare(first, saved)}")


def _mean(run: Nets) -> str:
    values = [x for n in run.nets for x in n]
    mean, error = mean_and_error(values) if len(values) > 1 else (float(values[0]), 0.0)
    return f"{mean:+.3f} ± {error:.3f}"


if __name__ == "__main__":
    main()
