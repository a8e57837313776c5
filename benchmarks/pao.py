"""How often a Hong Kong discard is claimed into pao, and what the liability then costs.

A player who discards the tile another player claims for a fourth exposed group (or a
third dragon group) pays all of that player's win, if it comes (reference/hongkong.md#pao).
The coach counts this in the money of a discard (:data:`kit.hongkong.forecast.PAO_CLAIMED`
and :data:`~kit.hongkong.forecast.PAO_COST`); this measures both.

Seat 0 plays with a bot of the kit against the default bots on seeded deals (dealt as
``simulate`` deals them). At each of its discards, towards each other seat for which a
pung of the tile would make pao (:func:`kit.hongkong.game.pao_of`), it records the unseen
copies of the tile (as seat 0 counts them) and how it fits that seat's hand (an honour, a
tile of the suit it collects, or of another: :func:`kit.hongkong.forecast.pao_fit`); after the claims,
whether that seat claimed it into pao; and at the deal's end what the liability moved:
what seat 0 paid as the liable player, less what it would have paid without pao.

``python -m benchmarks.pao coach --deals 1200 --seeds pao-a,pao-b`` prints one row per
(unseen copies, fit): discards, claims into pao and their share, then what a claim
cost on average.

>>> found = pao_claims("coach", deals=2, seed="pao-doc")
>>> found.deals == 2 and all(n >= c for n, c in zip(found.thrown.values(), found.claimed.values()))
True
"""

from __future__ import annotations

import argparse
from collections import Counter
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from benchmarks.coach_outcomes import default_deals
from kit.hongkong.forecast import pao_claimers, pao_fit
from kit.hongkong.game import Discard
from kit.hongkong.payout import payout, tile_set
from kit.hongkong.rules import Rules
from kit.mahjong.forecast import unseen_for

Key = tuple[int, str]
"""(unseen copies of the tile, how it fits the claimer's hand: :func:`pao_fit`)."""


@dataclass
class PaoClaims:
    """Seat 0's discards towards a seat one claim from pao, and what came of them."""

    deals: int = 0
    thrown: Counter[Key] = field(default_factory=Counter)
    claimed: Counter[Key] = field(default_factory=Counter)
    cost: float = 0.0
    """What the liabilities moved to seat 0, summed (a positive number is money lost)."""

    def add(self, other: PaoClaims) -> None:
        self.deals += other.deals
        self.thrown.update(other.thrown)
        self.claimed.update(other.claimed)
        self.cost += other.cost

    def rows(self) -> list[str]:
        lines = [
            "| unseen copies | the tile | discards | claimed into pao | share |",
            "|---|---|---|---|---|",
        ]
        for key in sorted(self.thrown):
            n, c = self.thrown[key], self.claimed[key]
            lines.append(f"| {key[0]} | {key[1]} | {n} | {c} | {c / n:.2%} |")
        claims = sum(self.claimed.values())
        each = self.cost / claims if claims else 0.0
        lines += [
            "",
            f"{claims} claims into pao in {self.deals} deals; a claim cost {each:.1f} on average",
        ]
        return lines


def pao_claims(bot: str, *, deals: int, seed: str) -> PaoClaims:
    """Play ``deals`` deals of ``seed`` with ``bot`` in seat 0 and count its discards into pao."""
    rules = Rules()
    found = PaoClaims(deals=deals)
    for _, table, bots in default_deals("hongkong", rules, bot, deals, seed):
        exposed: list[int] = []  # seats seat 0 fed a claim into pao, this deal
        while table.phase != "over":
            seat = table.to_move()[0]
            view = table.view(seat)
            action = bots[seat](view)
            if seat != 0 or not isinstance(action, Discard):
                table.apply(action)
                continue
            unseen = unseen_for(view, tile_set(rules))
            copies = unseen[action.tile.index]
            towards = {
                other: (copies, pao_fit(action.tile, view.all_melds[other]))
                for other in pao_claimers(view, action.tile)
            }
            before = dict(table.liabilities)
            table.apply(action)
            while table.phase in ("claim", "rob"):
                other = table.to_move()[0]
                table.apply(bots[other](table.view(other)))
            for other, key in towards.items():
                found.thrown[key] += 1
                made = table.liabilities.get(other)
                if made is not None and made is not before.get(other) and made.liable == 0:
                    found.claimed[key] += 1
                    exposed.append(other)
        for win in table.wins:
            if win.seat in exposed and table.liable_for(win.seat) == 0:
                fan = win.score.fan
                paid = payout(fan, winner=win.seat, discarder=win.discarder, liable=0, rules=rules)
                usual = payout(fan, winner=win.seat, discarder=win.discarder, rules=rules)
                found.cost += usual[0] - paid[0]
    return found


def _job(args: tuple[str, int, str]) -> PaoClaims:
    bot, deals, seed = args
    return pao_claims(bot, deals=deals, seed=seed)


def pao_claims_over(bot: str, *, deals: int, seeds: Sequence[str]) -> PaoClaims:
    """:func:`pao_claims` over ``deals`` deals of each of ``seeds``, two seeds at a time."""
    total = PaoClaims()
    with ProcessPoolExecutor(max_workers=min(len(seeds), 2)) as pool:
        for part in pool.map(_job, [(bot, deals, s) for s in seeds]):
            total.add(part)
    return total


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.pao", description=__doc__)
    parser.add_argument("bot", help="the bot in seat 0, e.g. coach")
    parser.add_argument("--deals", type=int, default=600, help="deals of each seed (600)")
    parser.add_argument("--seeds", default="pao-a,pao-b", help="comma-separated seeds")
    args = parser.parse_args(argv)
    total = pao_claims_over(args.bot, deals=args.deals, seeds=args.seeds.split(","))
    print("\n".join(total.rows()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
