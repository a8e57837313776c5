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
  it risks, the flower pig. The win chance stands beside the money, forecast and won;
  with ``--by-path`` the coach's next two are also split by the change of path between
  the two discards (Hong Kong names each discard's path), where a forecast true on
  average may be wrong.

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
from dataclasses import dataclass, replace
from typing import Any

from benchmarks.coach_outcomes import default_deals, mean_and_error
from benchmarks.turns_left import LOW
from kit.mahjong.actions import AddedKong, ConcealedKong, Hu

KINDS = ("claim", "turn", "discard")
TURN_OPTIONS = (ConcealedKong, AddedKong, Hu)
"""The own-turn options played out beside the choice (discards are too many to try all)."""


@dataclass(frozen=True)
class PlayedOut:
    """Seat 0's money to the end of a deal played out, and whether it won."""

    net: int
    won: bool


def _finish(table: Any, bots: Sequence[Any], start: int = 0) -> PlayedOut:
    """Play ``table`` to its end with ``bots``; seat 0's net then, less ``start``."""
    while table.phase != "over":
        seat = table.to_move()[0]
        table.apply(bots[seat](table.view(seat)))
    return PlayedOut(int(table.ledger.net[0]) - start, any(w.seat == 0 for w in table.wins))


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

    for n, table, bots in default_deals(key, game(key).rules(), player, deals, seed):
        while table.phase != "over":
            seat = table.to_move()[0]
            view = table.view(seat)
            action = bots[seat](view)
            if seat == 0:
                yield n, table, view, action, bots
            table.apply(action)


def _played_out(
    table: Any, bots: Sequence[Any], action: Any, others: Sequence[Any]
) -> list[tuple[PlayedOut, PlayedOut]]:
    """(after ``action``, after the other) for each of ``others``, each played out to the end
    of the deal on a copy of ``table``: seat 0's money from now, and whether it won."""
    if not others:
        return []
    start = int(table.ledger.net[0])
    chosen = table.clone()
    chosen.apply(action)
    mine = _finish(chosen, bots, start)
    found = []
    for other in others:
        trial = table.clone()
        trial.apply(other)
        found.append((mine, _finish(trial, bots, start)))
    return found


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
        for other, (mine, theirs) in zip(
            others, _played_out(table, bots, action, others), strict=True
        ):
            gaps[(type(action).__name__, type(other).__name__)].append(theirs.net - mine.net)
    return dict(gaps)


NEXT, SAFEST, VOID = "next", "safest", "void kept"
"""The discards played out beside the one played: the coach's next two, its safest, and (in
Sichuan, with :data:`~benchmarks.turns_left.LOW` tiles or fewer left in the wall) the
first it ranks that keeps a tile of the void suit the played one throws."""


@dataclass(frozen=True)
class Tried:
    """A discard played out beside the one played: each figure the other's minus the played
    one's, forecast and made."""

    forecast: float
    """Expected money."""
    made: int
    deal: int
    chance: float = 0.0
    """Win chance, forecast."""
    won: int = 0
    """Whether the other won minus whether the played one did, as played out: −1, 0 or 1."""
    paths: str = ""
    """The two discards' paths, where the coach names one (Hong Kong): "played → other"."""


def _path(option: Any) -> str:
    """The kind of path an option's facts name, its suit left out ("" where there is none)."""
    path = getattr(option.facts, "path", None) or ""
    return str(path).split(" in ")[0]


def _discard_options(view: Any, advise: Any, action: Any) -> list[tuple[str, Any, Tried]]:
    """(which, discard, its forecasts against the played one's) for the discards to try."""
    options = [o for o in advise(view).options if type(o.action) is type(action)]
    by_action = {o.action: o for o in options if o.outcome is not None}
    if action not in by_action or len(options) < 2:
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
    played = by_action[action]

    def against(other: Any) -> Tried:
        mine, theirs = played.outcome, by_action[other].outcome
        paths = f"{_path(played)} → {_path(by_action[other])}" if _path(played) else ""
        return Tried(
            theirs.expected_net - mine.expected_net, 0, 0,
            theirs.win_chance - mine.win_chance, 0, paths,
        )  # fmt: skip

    return [(which, a, against(a)) for which, a in found]


def discard_gaps(
    key: str, *, deals: int, seed: int | str, player: str = "coach"
) -> dict[str, list[Tried]]:
    """For the ``discard`` kind: at each of seat 0's own-turn discards over ``deals`` seeded
    deals (``player`` in seat 0, the default bots around it, the game's coach read for
    the forecasts), the coach's next two discards, its safest and one that keeps a void
    tile late (:data:`VOID`), each :class:`Tried` against the discard played: the other's
    money and win minus the played one's, forecast and made to the end of the deal."""
    from kit.games import game
    from kit.mahjong.actions import Discard

    advise = game(key).coach.advise
    gaps: dict[str, list[Tried]] = defaultdict(list)
    for n, table, view, action, bots in _seat_zero_turns(key, deals, seed, player):
        if isinstance(action, Discard) and not view.can_win():
            tried = _discard_options(view, advise, action)
            others = [other for _, other, _ in tried]
            for (which, _, row), (mine, theirs) in zip(
                tried, _played_out(table, bots, action, others), strict=True
            ):
                made, won = theirs.net - mine.net, int(theirs.won) - int(mine.won)
                gaps[which].append(replace(row, made=made, deal=n, won=won))
    return dict(gaps)


def discard_report(gaps: dict[str, list[Tried]]) -> list[str]:
    """One line per kind of discard tried: how often, its forecast gap and its money gap,
    then the win chance's (the errors count a deal's discards together: they share its
    future)."""
    lines = []
    for which in (NEXT, SAFEST, VOID):
        found = gaps.get(which, [])
        if len(found) > 1:
            lines.append(f"the coach's {which:<9} {len(found):>6} discards: {_gaps(found)}")
    return lines


def path_report(gaps: dict[str, list[Tried]], least: int = 30) -> list[str]:
    """The coach's next two discards, one line per change of path between the played one
    and the other (Hong Kong names each discard's path), where at least ``least`` were
    played out: a forecast may be true on average and wrong where a hand changes course."""
    by: dict[str, list[Tried]] = defaultdict(list)
    for row in gaps.get(NEXT, []):
        if row.paths:
            by[row.paths].append(row)
    return [
        f"{paths:<32} {len(found):>6} discards: {_gaps(found)}"
        for paths, found in sorted(by.items(), key=lambda item: -len(item[1]))
        if len(found) >= least
    ]


def _gaps(found: Sequence[Tried]) -> str:
    forecast = sum(row.forecast for row in found) / len(found)
    mean, error = clustered_mean([(row.made, row.deal) for row in found])
    chance = sum(row.chance for row in found) / len(found)
    won, won_error = clustered_mean([(row.won, row.deal) for row in found])
    return (
        f"forecast other − played {forecast:+.2f}, made {mean:+.2f} ± {error:.2f}; "
        f"win chance {chance:+.3f}, won {won:+.3f} ± {won_error:.3f}"
    )


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
    parser.add_argument(
        "--by-path",
        action="store_true",
        help="discard: also split the coach's next two by the change of path (Hong Kong)",
    )
    args = parser.parse_args(argv)
    if args.kind == "discard":
        found = discard_gaps(args.table, deals=args.deals, seed=args.seed, player=args.player)
        lines = discard_report(found) + (path_report(found) if args.by_path else [])
        print("\n".join(lines) or "no such decisions")
        return
    gaps = counterfactual(
        args.table, args.kind, deals=args.deals, seed=args.seed, player=args.player
    )
    print("\n".join(report(gaps)) or "no such decisions")


if __name__ == "__main__":
    main()
