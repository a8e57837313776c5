"""Where a seat's deal-ins come from: its discards grouped by how far the hand is from ready.

A coach can throw fewer winning tiles in two ways: by throwing safer tiles from the
same hands, or by spending fewer turns in hands that have to throw tiles into a
dangerous table. This tells the two apart. Seat 0 plays with a bot of the kit against
the game's default bots on seeded deals (dealt as ``simulate`` deals them); at each of
its discards the forecast gives the hand's distance from ready after the discard and
the tile's deal-in risk, and the deal shows whether another seat won on the tile.

``python -m benchmarks.deal_ins sichuan coach classic-coach --deals 600 --seed dl1``
prints, for each bot, one row per distance: discards, deal-ins, their rate and the
mean forecast risk; then the share of deals with a deal-in, the deal-ins thrown
after the seat had passed a win on offer in that deal, and what a deal-in cost on
average when it was won.

>>> found = deal_ins("sichuan", "coach", deals=2, seed="deal-ins-doc")
>>> sum(found.discards.values()) > 0 and found.deals == 2
True
"""

from __future__ import annotations

import argparse
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from benchmarks.coach_outcomes import default_deals
from kit.mahjong.actions import Discard, Hu, Pass

FARTHEST = 3
"""Hands this many steps from ready or more share one row."""


@dataclass
class DealIns:
    """One bot's discards and deal-ins in seat 0, by the distance from ready after the discard."""

    bot: str
    deals: int = 0
    discards: Counter[int] = field(default_factory=Counter)
    hits: Counter[int] = field(default_factory=Counter)
    risk: defaultdict[int, float] = field(default_factory=lambda: defaultdict(float))
    """The forecast risks added up, per distance."""
    deals_with_one: int = 0
    after_a_pass: int = 0
    """Deal-ins thrown after the seat had passed a win on offer in the same deal."""
    paid: int = 0
    """What the deal-ins cost the seat when they were won (kong money moved with them)."""

    def rows(self) -> list[str]:
        """A markdown table, one row per distance."""
        lines = [
            "| from ready | discards | deal-ins | rate | forecast risk |",
            "|---|---|---|---|---|",
        ]
        for distance in sorted(self.discards):
            n, hit = self.discards[distance], self.hits[distance]
            label = "ready" if distance == 0 else f"{distance}{'+' if distance == FARTHEST else ''}"
            lines.append(
                f"| {label} | {n} | {hit} | {hit / n:.2%} | {self.risk[distance] / n:.2%} |"
            )
        total = sum(self.hits.values())
        lines.append(
            f"\n{self.bot}: {total} deal-ins in {sum(self.discards.values())} discards; "
            f"a deal-in in {self.deals_with_one / self.deals:.1%} of {self.deals} deals; "
            f"{self.after_a_pass} deal-ins after the seat passed a win on offer; "
            f"a deal-in cost {self.paid / max(1, total):.2f} on average"
        )
        return lines


def deal_ins(key: str, bot: str, *, deals: int, seed: int | str) -> DealIns:
    """Play ``deals`` deals of ``seed`` with ``bot`` in seat 0 and count its deal-ins."""
    from kit.games import game
    from kit.mahjong.fitting import _forecaster

    forecaster, _, rules = _forecaster(key)
    rules = game(key).rules() if rules is None else rules
    win, _, money = forecaster.curves(rules)
    found = DealIns(bot)
    for _, table, bots in default_deals(key, rules, bot, deals, seed):
        passed, thrown, hit_here = False, None, False
        while table.phase != "over":
            seat = table.to_move()[0]
            view = table.view(seat)
            action = bots[seat](view)
            before, held = len(table.wins), int(table.ledger.net[0])
            if seat == 0 and isinstance(action, Discard):
                parts = forecaster.parts(view, [action])[action]
                distance = min(FARTHEST, int(parts.steps))
                found.discards[distance] += 1
                found.risk[distance] += parts.outcome(win, money).deal_in_risk or 0.0
                thrown = distance
            elif seat == 0 and isinstance(action, Pass) and Hu(0) in view.legal_actions():
                passed = True
            table.apply(action)
            if thrown is not None and any(w.discarder == 0 for w in table.wins[before:]):
                found.hits[thrown] += 1
                found.paid += held - int(table.ledger.net[0])
                found.after_a_pass += passed
                hit_here = True
            if seat == 0 and not isinstance(action, Discard):
                thrown = None
        found.deals += 1
        found.deals_with_one += hit_here
    return found


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.deal_ins", description=__doc__)
    parser.add_argument("game", choices=("sichuan", "hongkong"))
    parser.add_argument("bots", nargs="+", help="the bots to put in seat 0, one run each")
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", default="deal-ins")
    args = parser.parse_args(argv)
    for bot in args.bots:
        print("\n".join(deal_ins(args.game, bot, deals=args.deals, seed=args.seed).rows()))
        print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
