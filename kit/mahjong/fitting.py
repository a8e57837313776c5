"""Measure the coach's forecast curves over played deals: ``python -m kit.mahjong.fitting GAME``.

It plays seeded deals (a coach, ``--player``, in one seat, the game's default
bots in the others, the dealer moving round the table), and at each of the seat's decisions
records what the forecast is made of (:class:`kit.mahjong.forecast.Parts`) for
the action played, then what happened: did the seat win, and what money it made
from then on. At each discard it also records, for every tile it could throw and
every opponent, whether that opponent could have won on it (read from the whole
table, which only this measurement sees). From these it fits:

- the deal-in curve, by logistic regression on the tile-and-opponent rows;
- the win-chance curve, by logistic regression on the decisions;
- the money terms, by least squares on the decisions.

It prints the curves as JSON, with the command that made them; ``--write`` keeps
them in the kit (``kit/data/forecast-<table>.json``, read by the game's forecast
module). ``--check`` instead plays deals and prints how the kit's forecasts of
the options taken compare with what happened (the tables in ``docs/benchmarks.md``).
Nothing here runs during play.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from itertools import pairwise
from typing import Any, Protocol

from kit.coach import Outcome
from kit.mahjong import forecast as model
from kit.mahjong.actions import Discard
from kit.mahjong.forecast import Curves, Money, Parts, Seen, Weights, curves_path
from kit.mahjong.tiles import MeldKind, TileSet

__all__ = [
    "Forecaster",
    "Records",
    "collect",
    "fit_logistic",
    "main",
    "money_apart",
    "position_kind",
]


class Forecaster(Protocol):
    """A game's forecast module, as the measurement uses it."""

    def curves(self, rules: Any) -> tuple[Weights, Weights, Money]: ...

    def wall_start(self, rules: Any) -> int: ...

    def tiles(self, rules: Any) -> TileSet: ...

    def threats(self, view: Any, unseen: Sequence[int]) -> list[Seen]: ...

    def parts(self, view: Any, actions: Any = None) -> dict[Any, Parts]: ...


@dataclass
class Records:
    """The rows one measurement collects."""

    danger_x: list[tuple[float, ...]] = field(default_factory=list)
    danger_y: list[int] = field(default_factory=list)
    tile_risk: list[float] = field(default_factory=list)
    """For every tile the seat could throw at a discard: the forecast deal-in risk ..."""
    tile_hit: list[int] = field(default_factory=list)
    """... and whether some opponent could have won on it (the bots always take a win)."""
    tile_deal: list[int] = field(default_factory=list)
    decisions: list[Parts] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    net: list[float] = field(default_factory=list)
    forecasts: list[Outcome] = field(default_factory=list)
    dealt_in: list[int] = field(default_factory=list)
    """For each decision that was a discard: was that tile won on (else −1)."""
    deal: list[int] = field(default_factory=list)
    """The number of the deal each decision was made in."""
    kong: list[bool] = field(default_factory=list)
    """Did the seat's hand hold a kong at each decision (a kong is worth money at once, and
    in Sichuan a fan to the win)."""
    in_play: list[int] = field(default_factory=list)
    """How many players were still in play at each decision (in Sichuan, winners leave)."""
    unready_end: list[int] = field(default_factory=list)
    """1 when the seat was still in play and not ready when the wall ran out, at the
    end-of-wall check of the deal of each decision (0 where the game has none)."""


def _wins_on(table: Any, action: Discard) -> int:
    """1 when some other seat could win on this discard (the bots always take a win)."""
    trial = table.clone()
    trial.apply(action)
    if trial.phase not in ("claim", "rob"):
        return 0
    return int(any(trial.view(s).can_win() for s in trial.to_move() if s != action.seat))


def _danger_rows(
    table: Any, view: Any, forecaster: Forecaster, records: Records, deal: int
) -> None:
    rules = view.rules
    unseen = model.unseen_for(view, forecaster.tiles(rules))
    start = forecaster.wall_start(rules)
    share = view.wall_size / start
    opponents = forecaster.threats(view, unseen)
    _, danger, _ = forecaster.curves(rules)
    for tile in sorted(set(view.concealed)):
        trial = table.clone()
        trial.apply(Discard(view.seat, tile))
        hit = 0
        for seen in opponents:
            if seen.cannot_win_on(tile):
                continue
            can = trial.phase in ("claim", "rob") and trial.view(seen.seat).can_win()
            hit |= int(can)
            records.danger_x.append(model.danger_features(tile, seen, unseen, share))
            records.danger_y.append(int(can))
        records.tile_risk.append(
            model.deal_in_risk(
                view, tile, danger, wall_start=start, unseen=unseen, opponents=opponents
            )
        )
        records.tile_hit.append(hit)
        records.tile_deal.append(deal)


def collect(
    game_key: str,
    forecaster: Forecaster,
    deals: int,
    *,
    seed: int | str = "forecast",
    player: Callable[[Any], Any] | None = None,
    seat: int = 0,
    rules: Any = None,
    danger: bool = True,
    detour: float = 0.0,
) -> Records:
    """Play ``deals`` seeded deals and record the forecast inputs at ``seat``'s decisions.

    With ``detour`` above 0 the seat instead leaves its player's choice once a deal: at
    each decision with more than one legal option it does so with the chance ``detour``
    (drawn from the deal's seed) until it has, and then takes another legal option at
    random. Only that decision is recorded: its forecast, against what happened when the
    seat went on playing as its player plays. So the forecasts a learner reads beside
    the options the coach does *not* recommend are checked too."""
    from kit.games import game
    from kit.sim import game_seed, resolve_bots

    chosen = game(game_key)
    rules = chosen.rules() if rules is None else rules
    engine: Any = chosen.engine
    seats = engine.seats(rules)
    names = [chosen.opponents[i % len(chosen.opponents)] for i in range(seats - 1)]
    others = resolve_bots(names, seats - 1, chosen.bots, chosen.opponents)
    bots: list[Callable[[Any], Any]] = [player or chosen.coach.act] * seats
    for step in range(1, seats):
        bots[(seat + step) % seats] = others[step - 1]
    records = Records()
    for number in range(deals):
        table = engine.deal(rules, dealer=number % seats, seed=game_seed(seed, number))
        pending: list[tuple[Parts, Outcome, int, int, bool, int]] = []
        chance = random.Random(f"{seed}:detour:{number}")
        detoured = detour <= 0.0
        while table.phase != "over":
            mover = table.to_move()[0]
            view = table.view(mover)
            action = bots[mover](view)
            decides = mover == seat and view.phase in ("discard", "claim", "rob")
            recorded = detour <= 0.0
            if decides and not detoured:
                others = [a for a in view.legal_actions() if a != action]
                if others and chance.random() < detour:
                    action, detoured, recorded = chance.choice(others), True, True
            if decides and recorded:
                found = forecaster.parts(view, [action])[action]
                win, _, money = forecaster.curves(rules)
                outcome = found.outcome(win, money)
                hit = _wins_on(table, action) if isinstance(action, Discard) else -1
                kong = any(m.kind is MeldKind.KONG for m in view.melds)
                before = int(table.ledger.net[seat])
                pending.append((found, outcome, before, hit, kong, len(view.in_play)))
                if danger and detour <= 0.0 and view.phase == "discard":
                    _danger_rows(table, view, forecaster, records, number)
            table.apply(action)
        won = int(any(w.seat == seat for w in table.wins))
        final = int(table.ledger.net[seat])
        checks = getattr(table.ledger, "checks", ())
        unready = int(any(c.seat == seat and not c.ready for c in checks))
        for found, outcome, then, hit, kong, in_play in pending:
            records.decisions.append(found)
            records.forecasts.append(outcome)
            records.won.append(won)
            records.net.append(final - then)
            records.dealt_in.append(hit)
            records.deal.append(number)
            records.kong.append(kong)
            records.in_play.append(in_play)
            records.unready_end.append(unready)
    return records


def fit_logistic(
    rows: Sequence[Sequence[float]], labels: Sequence[int], *, ridge: float = 1e-3
) -> tuple[float, ...]:
    """Logistic regression by Newton's method, with a small ridge for stability."""
    import numpy as np

    x = np.asarray(rows, dtype=float)
    y = np.asarray(labels, dtype=float)
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -30, 30)))
        gradient = x.T @ (p - y) + ridge * w
        hessian = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(x.shape[1])
        step = np.linalg.solve(hessian, gradient)
        w -= step
        if float(np.abs(step).max()) < 1e-8:
            break
    return tuple(round(float(v), 4) for v in w)


def fit_money(records: Records, win: Weights) -> Money:
    """The money's weights, by least squares (:class:`~kit.mahjong.forecast.Money`).

    The deal-in cost is read against the deal-ins that happened (not their forecast),
    so that a rare event still gets its true price. What the end of the wall pays a ready
    hand is measured only where the game has the check (some ready hand has a largest
    hand it would be paid); elsewhere it stays 0. What a hand still not ready then pays is
    measured in the last step, on the deals of the player that uses the curves
    (:func:`recalibrated`)."""
    import numpy as np

    end_of_wall = any(found.end_value > 0 for found in records.decisions)
    rows, target = [], []
    for found, net, hit in zip(records.decisions, records.net, records.dealt_in, strict=True):
        if found.features is None:
            continue
        chance = win.chance(found.features)
        missed = (1 - chance) * found.others
        row = [
            chance * found.value,
            -float(max(hit, 0)),  # what a deal-in cost, read from the deal-ins that happened
            -missed * found.wall_share,
            -missed,
            found.others,
            -missed * found.steps,
        ]
        if end_of_wall:
            late = (1 - found.wall_share) ** model.END_POWER
            row.append(missed * late * found.end_value if found.ready else 0.0)
        rows.append(row)
        target.append(net - found.paid_now + found.liability + found.end_penalty)
    solved, *_ = np.linalg.lstsq(np.asarray(rows), np.asarray(target), rcond=None)
    scale, cost, early, late, offset, per_step, *end = (round(float(v), 3) for v in solved)
    return Money(cost, early, late, scale, offset, per_step, end[0] if end else 0.0)


def recalibrated(curves: tuple[Weights, Weights, Money], records: Records, command: str) -> Curves:
    """The curves, corrected to what happened in ``records`` (deals of the player that uses
    them): the win chance and the deal-in risk each through a monotone correction of
    their log-odds (:func:`fit_knots`; the risk's on every tile the seat could have
    thrown), and the money's offset moved to the mean gap. The inputs' weights stay
    as measured."""
    win, danger, money = curves
    kept = [
        (found, outcome, won, net)
        for found, outcome, won, net in zip(
            records.decisions, records.forecasts, records.won, records.net, strict=True
        )
        if found.features is not None
    ]
    rows = [(1.0, model.log_odds(outcome.win_chance)) for _, outcome, _, _ in kept]
    measured = f"{win.measured}; then recalibrated by `{command} --recalibrate --write`"
    knots = fit_knots([r[1] for r in rows], [won for _, _, won, _ in kept], win.knots)
    new_win = replace(win, measured=measured, knots=knots)
    gaps = [net - found.outcome(new_win, money).expected_net for found, _, _, net in kept]
    new_money = replace(money, **_moved(money, [f for f, *_ in kept], gaps), measured=measured)
    new_danger = replace(danger, measured=measured)
    if records.tile_risk:  # the deal-in curve alike, on every tile the seat could have thrown
        risks = [model.log_odds(r) for r in records.tile_risk]
        knots = fit_knots(risks, records.tile_hit, danger.knots)
        new_danger = replace(danger, measured=measured, knots=knots)
    return Curves(new_win, new_danger, new_money, measured)


def _moved(money: Money, decisions: Sequence[Parts], gaps: Sequence[float]) -> dict[str, float]:
    """The money's offset moved to the mean gap (it counts seat by seat, ``others``, so the
    gap is spread over them); where the game has an end-of-wall check, what a hand still
    not ready then pays is moved with it, the two by least squares. That part is measured
    here, on the deals of the player that uses the curves, and not with the other weights:
    fitted with them on the shape-only coach's deals, it took 1.2 stakes, under half of
    what the coach's own deals give it, and moved the other parts (the share lost early
    changed sign), which would have changed when the coach holds a win."""
    import numpy as np

    if not any(found.unready > 0 for found in decisions):
        moved = sum(gaps) / max(1e-9, sum(found.others for found in decisions))
        return {"offset": round(money.offset + moved, 3)}
    rows = [
        [
            found.others,
            -found.others * found.unready * (1 - found.wall_share) ** model.UNREADY_POWER,
        ]
        for found in decisions
    ]
    (offset, unready), *_ = np.linalg.lstsq(np.asarray(rows), np.asarray(gaps), rcond=None)
    return {
        "offset": round(money.offset + float(offset), 3),
        "paid_unready": round(money.paid_unready + float(unready), 3),
    }


TAILS = (0.0, 0.01, 0.03, 0.06)
"""Where :func:`fit_knots` cuts the tails finer: shares of the forecasts from each end."""


def fit_knots(
    shown: Sequence[float],
    labels: Sequence[int],
    before: tuple[tuple[float, float], ...] = (),
    *,
    bins: int = 10,
) -> tuple[tuple[float, float], ...]:
    """A monotone correction of log-odds: the forecasts' log-odds ``shown`` (already through
    ``before``) cut into ``bins`` groups of equal size (the lowest and highest tenth cut
    finer, at :data:`TAILS`), each group's mean against the
    log-odds of what happened in it (pooled where they would fall, so the correction
    never reverses an order), composed with ``before``."""
    import math

    pairs = sorted(zip(shown, labels, strict=True))
    # groups of equal size, and finer ones in the two tails, where forecasts are rarest
    edges = sorted({*TAILS, *(k / bins for k in range(bins + 1)), *(1 - t for t in TAILS)})
    cuts = sorted({round(e * len(pairs)) for e in edges})
    groups = [pairs[a:b] for a, b in pairwise(cuts) if b > a]
    blocks = [
        [sum(z for z, _ in g) / len(g), (sum(y for _, y in g) + 0.5) / (len(g) + 1), len(g)]
        for g in groups
    ]
    pooled: list[list[float]] = []
    for block in blocks:  # pool adjacent groups whose rates would fall
        pooled.append(block)
        while len(pooled) > 1 and pooled[-2][1] >= pooled[-1][1]:
            (x1, r1, n1), (x2, r2, n2) = pooled[-2], pooled[-1]
            n = n1 + n2
            pooled[-2:] = [[(x1 * n1 + x2 * n2) / n, (r1 * n1 + r2 * n2) / n, n]]
    points = [(x, math.log(r / (1 - r))) for x, r, _ in pooled]
    if not before:
        return tuple((round(x, 4), round(y, 4)) for x, y in points)
    # the new points map corrected log-odds; express them against the uncorrected ones
    undo = Weights(("bias",), (0.0,), knots=tuple((y, x) for x, y in before))
    return tuple((round(undo.calibrated(x), 4), round(y, 4)) for x, y in points)


def _command(args: argparse.Namespace) -> str:
    return (
        f"python -m kit.mahjong.fitting {args.game} --deals {args.deals} --seed {args.seed} "
        f"--player {args.player}"
    )


WALL_THIRDS = ("wall over 60 %", "wall 30–60 %", "wall under 30 %")
POSITION_KINDS = (
    *(f"not ready, {left}" for left in WALL_THIRDS),
    *(f"ready, {left}" for left in WALL_THIRDS),
    "wins now",
)
"""The kinds of position :func:`check_report` checks the win chance of, in its order."""


def position_kind(parts: Parts) -> str:
    """The kind of position a forecast was made in: won at once, or ready or not, and how
    much of the wall was left (over 60 %, 30–60 %, under 30 %).

    >>> position_kind(Parts(None, 8.0, None, 0.0, 0.5))
    'wins now'
    """
    if parts.features is None:
        return "wins now"
    wall = parts.features[model.WIN_FEATURES.index("wall")]
    left = WALL_THIRDS[0 if wall > 0.6 else 1 if wall > 0.3 else 2]
    return f"{'ready' if parts.ready else 'not ready'}, {left}"


def check_report(records: Records) -> str:
    """How the forecasts of the options taken compare with what happened, as Markdown."""
    from kit.calibration import base_rate_brier, brier, mean_error, reliability, reliability_by

    chances = [o.win_chance for o in records.forecasts]
    table = reliability(chances, records.won, groups=records.deal)
    kinds = [position_kind(parts) for parts in records.decisions]
    by_kind = reliability_by(chances, records.won, kinds, groups=records.deal)
    by_kind = by_kind.sort_values("kind", key=lambda k: k.map(POSITION_KINDS.index))
    bias, error = mean_error(
        [o.expected_net for o in records.forecasts], records.net, groups=records.deal
    )
    lines = [
        f"{len(set(records.deal))} deals, {len(chances)} decisions of the measured seat",
        "",
        f"win chance: Brier {brier(chances, records.won)} against the base rate's "
        f"{base_rate_brier(records.won)}",
        "",
        *_markdown(table),
        "",
        "win chance by kind of position (ready: one tile from a hand that may win; the "
        "wall: the share of it left then):",
        "",
        *_markdown(by_kind),
        "",
        f"money: realised − forecast = {bias:+.2f} ± {error:.2f} (one standard error, "
        "decisions of a deal counted together)",
        *(
            f"- {hands}: realised − forecast = {gap:+.2f} ± {err:.2f} over {n} decisions"
            for hands, gap, err, n in money_apart(records)
        ),
    ]
    unready = [
        (found.unready, end, deal)
        for found, end, deal in zip(
            records.decisions, records.unready_end, records.deal, strict=True
        )
        if found.unready > 0
    ]
    if unready:
        shown = reliability(
            [u for u, _, _ in unready], [e for _, e, _ in unready], groups=[d for *_, d in unready]
        )[["bin", "predicted", "observed", "count"]]  # a reading, not a chance shown
        lines += [
            "",
            "the chance a hand not ready is still not ready when the wall runs out, as the "
            "money reads it (a binomial tail of its draws left; it runs high, and the "
            "money's measured amount carries the scale), against whether it was:",
            "",
            *_markdown(shown),
        ]
    if records.tile_risk:
        risks, hits = records.tile_risk, records.tile_hit
        risk_table = reliability(risks, hits, bins=20, groups=records.tile_deal)
        lines += [
            "",
            f"deal-in risk of every tile the seat could have thrown: {len(risks)} tiles, "
            f"{sum(hits)} that some opponent could have won on; Brier {brier(risks, hits)} "
            f"against the base rate's {base_rate_brier(hits)}",
            "",
            *_markdown(risk_table),
        ]
    return "\n".join(lines)


MIN_GROUP = 20
"""The fewest decisions :func:`money_apart` gives a group's money for: the standard error of
fewer is itself too unsure to hold a forecast to."""


def money_apart(records: Records) -> list[tuple[str, float, float, int]]:
    """(which hands, realised − forecast, its standard error, decisions) of the money, apart
    for hands that held a kong and for the others, by how many players were still in
    play (where that varies), and by the kind of position (:func:`position_kind`): a
    kong's worth, what the players who left no longer pay, or what the end of the wall
    pays a ready hand and costs one that is not, is easy to leave out of a forecast, and
    the mean over all hands hides it. A group of fewer than :data:`MIN_GROUP` decisions is
    left out."""
    from kit.calibration import mean_error

    groups: list[tuple[str, list[int]]] = [
        (label, [i for i, kong in enumerate(records.kong) if kong == wanted])
        for label, wanted in (("hands with a kong", True), ("hands without one", False))
    ]
    kinds = [position_kind(parts) for parts in records.decisions]
    groups += [
        (kind, [i for i, k in enumerate(kinds) if k == kind])
        for kind in POSITION_KINDS
        if kind != "wins now"
    ]
    counts = sorted(set(records.in_play), reverse=True)
    if len(counts) > 1:
        groups += [
            (f"{n} players in play", [i for i, m in enumerate(records.in_play) if m == n])
            for n in counts
        ]
    found = []
    for label, rows in groups:
        if len(rows) < MIN_GROUP:
            continue
        gap, error = mean_error(
            [records.forecasts[i].expected_net for i in rows],
            [records.net[i] for i in rows],
            groups=[records.deal[i] for i in rows],
        )
        found.append((label, gap, error, len(rows)))
    return found


def _markdown(frame: Any) -> list[str]:
    """A small DataFrame as the lines of a Markdown table."""
    columns = list(frame.columns)
    rows = [" | ".join(str(v) for v in row) for row in frame.itertuples(index=False)]
    return [
        "| " + " | ".join(columns) + " |",
        "|" + "---|" * len(columns),
        *(f"| {row} |" for row in rows),
    ]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m kit.mahjong.fitting", description=__doc__)
    parser.add_argument("game", choices=("sichuan", "hongkong", "golden"))
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", default="forecast")
    parser.add_argument("--player", default="coach", help="the bot in the measured seat")
    parser.add_argument("--write", action="store_true", help="keep the curves in the kit")
    parser.add_argument(
        "--check", action="store_true", help="compare the kit's forecasts with played deals"
    )
    parser.add_argument(
        "--detour",
        type=float,
        default=0.0,
        metavar="CHANCE",
        help="with --check: once a deal, take another option than the player's (at each "
        "decision with this chance until it has) and check the forecast of that option",
    )
    parser.add_argument(
        "--recalibrate",
        action="store_true",
        help="correct the kit's curves to the deals --player plays with them",
    )
    args = parser.parse_args(argv)
    forecaster, key, rules = _forecaster(args.game)
    from kit.games import game

    player = game(key).bots[args.player]
    rules = game(key).rules() if rules is None else rules
    if args.recalibrate:
        records = collect(key, forecaster, args.deals, seed=args.seed, rules=rules, player=player)
        found = recalibrated(forecaster.curves(rules), records, _command(args))
        text = json.dumps(found.to_json(), indent=2) + "\n"
        if args.write:
            curves_path(TABLES[args.game]).write_text(text, encoding="utf-8")
        print(text, end="")
        return 0
    if args.check:
        records = collect(
            key, forecaster, args.deals, seed=args.seed, rules=rules, player=player,
            detour=args.detour,
        )  # fmt: skip
        print(check_report(records))
        return 0
    records = collect(key, forecaster, args.deals, seed=args.seed, rules=rules, player=player)
    danger = fit_logistic(records.danger_x, records.danger_y, ridge=1.0)
    kept = [(p.features, w) for p, w in zip(records.decisions, records.won, strict=True)
            if p.features is not None]  # fmt: skip
    win = fit_logistic([f for f, _ in kept if f is not None], [w for _, w in kept])
    win_weights = Weights(model.WIN_FEATURES, win, "")
    command = _command(args)
    money = replace(fit_money(records, win_weights), measured=command)
    found = Curves(win_weights, Weights(model.DANGER_FEATURES, danger, command), money, command)
    print(f"# {len(records.danger_y)} tile rows ({sum(records.danger_y)} would win), "
          f"{len(kept)} decisions")  # fmt: skip
    text = json.dumps(found.to_json(), indent=2) + "\n"
    if args.write:
        path = curves_path(TABLES[args.game])
        path.write_text(text, encoding="utf-8")
        print(f"# written to {path.name}")
    print(text, end="")
    return 0


TABLES = {"sichuan": "sichuan", "hongkong": "hongkong-4", "golden": "hongkong-2"}
"""The file name of each measured table's curves."""


def _forecaster(name: str) -> tuple[Forecaster, str, Any]:
    if name == "sichuan":
        from kit.sichuan import forecast as sichuan

        return sichuan, "sichuan", None
    from kit.hongkong import forecast as hongkong
    from kit.hongkong.rules import Rules

    return hongkong, "hongkong", Rules(players=2) if name == "golden" else None


if __name__ == "__main__":
    sys.exit(main())
