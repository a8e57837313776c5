"""What another choice would have made: each option of seat 0's decisions played out on
the deal itself.

A paired comparison (``benchmarks/paired.py``) tells whether a change to a coach pays
over whole deals. This tells *where* to look. At each of seat 0's decisions of one
kind, every option considered is played out on a copy of the deal as it stands (the
same wall, the same hidden hands, every seat then played by its bot as before), and
the seat's money from there to the end is set against the money of the option its
player chose. The wall is the real one, so each playout is one possible future, not a
forecast; over many decisions the mean gap, with its standard error, says which
choices a player makes too often or too rarely. It reads hidden tiles, so it is a
measurement for the next engineer, never something the coach may do.

Three kinds of decision:

- ``claim``: every legal answer to a discard (win, kong, pung, chow, pass);
- ``turn``: on the seat's own turn, each kong and a win on offer, against the choice;
- ``discard``: on the seat's own turn, the two discards the coach ranks next after the
  one played, and the discard it reads as the safest (the least deal-in risk),
  each with the money the coach forecast for it beside the money it made. A player
  who folds more, or who trusts the forecasts' small differences less, reads here what
  that would have made. In Sichuan, late in the wall, a tile of the void suit thrown
  is also set against the first discard that keeps it: what a learner who holds on to
  it risks, the flower pig.

``python -m benchmarks.counterfactual sichuan claim --deals 600 --seed scf1`` prints one
line per (chosen, other) pair of action kinds. Found this way: a pung and its fourth
tile added at once paid more than the kong the coach claimed, which the engine should
never have allowed (docs/benchmarks.md).

>>> gaps = counterfactual("sichuan", "claim", deals=2, seed="counterfactual-doc")
>>> sorted(gaps)
[('Pass', 'Hu'), ('Pass', 'Pung'), ('Pung', 'Pass')]
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import Any

from benchmarks.coach_outcomes import default_table, mean_and_error
from benchmarks.turns_left import LOW
from kit.mahjong.actions import AddedKong, ConcealedKong, Hu

KINDS = ("claim", "turn", "discard")
TURN_OPTIONS = (ConcealedKong, AddedKong, Hu)
"""The own-turn options played out beside the choice (discards are too many to try all)."""


def _finish(table: Any, bots: Sequence[Any]) -> int:
    """Play ``table`` to its end with ``bots``; seat 0's net then."""
    while table.phase != "over":
        seat = table.to_move()[0]
        table.apply(bots[seat](table.view(seat)))
    return int(table.ledger.net[0])


def _options(view: Any, kind: str) -> list[Any]:
    legal = view.legal_actions()
    if kind == "claim":
        return legal if view.phase == "claim" else []
    if view.phase != "discard":
        return []
    return [a for a in legal if isinstance(a, TURN_OPTIONS)]


def _seat_zero_turns(
    key: str, deals: int, seed: int | str, player: str
) -> Iterator[tuple[int, Any, Any, Any, list[Any]]]:
    """Play ``deals`` seeded deals (``player`` in seat 0, the default bots around it), and
    yield (deal, table, view, the action chosen, the bots) at each of seat 0's decisions,
    before the action is applied."""
    from kit.games import game
    from kit.sim import game_seed

    g = game(key)
    rules = g.rules()
    engine: Any = g.engine
    seats = engine.seats(rules)
    bots = default_table(key, rules, player)
    for n in range(deals):
        table = engine.deal(rules, dealer=n % seats, seed=game_seed(seed, n))
        while table.phase != "over":
            seat = table.to_move()[0]
            view = table.view(seat)
            action = bots[seat](view)
            if seat == 0:
                yield n, table, view, action, bots
            table.apply(action)


def _played_out(table: Any, bots: Sequence[Any], action: Any, others: Sequence[Any]) -> list[int]:
    """Seat 0's money, to the end of the deal, after each of ``others`` minus after
    ``action``, each played out on a copy of ``table``."""
    if not others:
        return []
    start = int(table.ledger.net[0])
    chosen = table.clone()
    chosen.apply(action)
    mine = _finish(chosen, bots) - start
    gaps = []
    for other in others:
        trial = table.clone()
        trial.apply(other)
        gaps.append(_finish(trial, bots) - start - mine)
    return gaps


def counterfactual(
    key: str, kind: str, *, deals: int, seed: int | str, player: str = "coach"
) -> dict[tuple[str, str], list[int]]:
    """For each (chosen, other) pair of action kinds at seat 0's ``kind`` decisions over
    ``deals`` seeded deals (``player`` in seat 0, the default bots around it): the money
    the other option made to the end of the deal minus the chosen one's, decision by
    decision."""
    if kind not in KINDS[:2]:
        raise ValueError(f"kind must be claim or turn, not {kind!r} (discards: discard_gaps)")
    gaps: dict[tuple[str, str], list[int]] = defaultdict(list)
    for _, table, view, action, bots in _seat_zero_turns(key, deals, seed, player):
        others = [a for a in _options(view, kind) if a != action]
        for other, gap in zip(others, _played_out(table, bots, action, others), strict=True):
            gaps[(type(action).__name__, type(other).__name__)].append(gap)
    return dict(gaps)


NEXT, SAFEST, VOID = "next", "safest", "void kept"
"""The discards played out beside the one played: the coach's next two, its safest, and (in
Sichuan, with :data:`~benchmarks.turns_left.LOW` tiles or fewer left in the wall) the
first it ranks that keeps a tile of the void suit the played one throws."""


def _discard_options(view: Any, advise: Any, action: Any) -> list[tuple[str, Any, float]]:
    """(which, discard, its forecast money − the played one's) for the discards to try."""
    options = [o for o in advise(view).options if type(o.action) is type(action)]
    money = {o.action: o.outcome.expected_net for o in options if o.outcome is not None}
    if action not in money or len(options) < 2:
        return []
    others = [o for o in options if o.action != action]
    found = [(NEXT, o.action) for o in others[:2]]
    safest = min(options, key=lambda o: o.outcome.deal_in_risk or 0.0).action
    if safest != action and all(safest != a for _, a in found):
        found.append((SAFEST, safest))
    void = getattr(view, "void", None)
    if void is not None and action.tile.suit == void and view.wall_size <= LOW:
        kept = next((o.action for o in others if o.action.tile.suit != void), None)
        if kept is not None:
            found.append((VOID, kept))
    return [(which, a, money[a] - money[action]) for which, a in found]


def discard_gaps(
    key: str, *, deals: int, seed: int | str, player: str = "coach"
) -> dict[str, list[tuple[float, int, int]]]:
    """For the ``discard`` kind: at each of seat 0's own-turn discards over ``deals`` seeded
    deals (``player`` in seat 0, the default bots around it, the game's coach read for
    the forecasts), (forecast gap, money gap, deal) of the coach's next two discards, of
    its safest and of one that keeps a void tile late (:data:`VOID`), against the discard
    played: each the other's money minus the played one's, to the end of the deal."""
    from kit.games import game
    from kit.mahjong.actions import Discard

    advise = game(key).coach.advise
    gaps: dict[str, list[tuple[float, int, int]]] = defaultdict(list)
    for n, table, view, action, bots in _seat_zero_turns(key, deals, seed, player):
        if isinstance(action, Discard) and not view.can_win():
            tried = _discard_options(view, advise, action)
            others = [other for _, other, _ in tried]
            for (which, _, forecast), gap in zip(
                tried, _played_out(table, bots, action, others), strict=True
            ):
                gaps[which].append((forecast, gap, n))
    return dict(gaps)


def discard_report(gaps: dict[str, list[tuple[float, int, int]]]) -> list[str]:
    """One line per kind of discard tried: how often, its forecast gap and its money gap
    (the error counts a deal's discards together: they share its future)."""
    lines = []
    for which in (NEXT, SAFEST, VOID):
        found = gaps.get(which, [])
        if len(found) < 2:
            continue
        forecast = sum(f for f, _, _ in found) / len(found)
        mean, error = clustered_mean([(g, deal) for _, g, deal in found])
        lines.append(
            f"the coach's {which:<9} {len(found):>6} discards: forecast other − played "
            f"{forecast:+.2f}, made {mean:+.2f} ± {error:.2f}"
        )
    return lines


def clustered_mean(values: Sequence[tuple[float, int]]) -> tuple[float, float]:
    """The mean of (value, group) pairs and its standard error with each group's values
    counted together (values of one deal are not independent).

    >>> clustered_mean([(1.0, 0), (3.0, 0), (2.0, 1), (6.0, 1)])
    (3.0, 1.0)
    """
    total = len(values)
    mean = sum(v for v, _ in values) / total
    spread: dict[int, float] = defaultdict(float)
    for value, group in values:
        spread[group] += value - mean
    groups = len(spread)
    if groups < 2:
        return mean, 0.0
    variance = sum(d * d for d in spread.values()) * groups / (groups - 1)
    return mean, variance**0.5 / total


def report(gaps: dict[tuple[str, str], list[int]]) -> list[str]:
    """One line per pair: how often, and the other option's money minus the chosen one's."""
    lines = []
    for (chosen, other), found in sorted(gaps.items()):
        if len(found) > 1:
            mean, error = mean_and_error(found)
            gap = f"{mean:+.2f} ± {error:.2f}"
        else:
            gap = f"{found[0]:+.2f} (one decision: no error)"
        lines.append(
            f"chose {chosen:<13} other {other:<13} {len(found):>5} decisions: other − chosen {gap}"
        )
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.counterfactual",
        description="Play out the other options of seat 0's decisions on the deal itself.",
    )
    parser.add_argument("table", choices=("sichuan", "hongkong"))
    parser.add_argument("kind", choices=KINDS)
    parser.add_argument("--deals", type=int, default=600, help="deals (600)")
    parser.add_argument("--seed", default="counterfactual", help="the deals' seed")
    parser.add_argument("--player", default="coach", help="the bot in seat 0 (coach)")
    args = parser.parse_args(argv)
    if args.kind == "discard":
        found = discard_gaps(args.table, deals=args.deals, seed=args.seed, player=args.player)
        print("\n".join(discard_report(found)) or "no such decisions")
        return
    gaps = counterfactual(
        args.table, args.kind, deals=args.deals, seed=args.seed, player=args.player
    )
    print("\n".join(report(gaps)) or "no such decisions")


if __name__ == "__main__":
    main()
