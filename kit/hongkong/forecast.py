"""What each Hong Kong option leads to: the win chance, the deal-in risk and the expected money.

The coach reads the seat's view only. For an option it finds the hand the seat
would hold afterwards (a claim or a kong is followed by its best discard), and
from the coach's own facts of that hand:

- the effort still needed along its path to the minimum fan (its distance, with
  steps added for a path that fills slowly: pungs only, named honours, thirteen
  orphans, or a hand that must stay concealed) and the unseen tiles that bring
  that path nearer, turned into a
  **win chance** (:mod:`kit.mahjong.forecast`); a hand with no path left to the
  minimum fan cannot win;
- for a discard, the **deal-in risk**: the measured curve over what each other
  seat has shown (its exposed groups, the suit it collects, what it threw);
- the **value** of a win: the payment table's amount for the path's fan (for a ready
  hand, each wait's fan as it would win, weighted by its unseen copies), paid by the
  discarder, or by every other player on a self-draw (a share :data:`SELF_DRAWN` of
  wins, one fan more);
- for a discard another seat could pung into **pao** (its fourth exposed group, or
  its third dragon group), what that may cost: the measured chance of the pung times
  what a liability costs (:func:`pao_cost`);
- the **expected money**: value × win chance, minus what a deal-in costs, minus
  what a hand that does not win usually pays by the end, minus the pao
  (reference/hongkong.md#coach).

The curves are measured separately for the four-player and the two-player
(Golden) table; the opponents are taken to play as the game's default bots do.

>>> from kit.hongkong.game import Table
>>> from kit.hongkong.bots import BOTS
>>> table = Table.deal(seed=3)
>>> while not (table.phase == "discard" and table.turn == 0):
...     table.apply(BOTS["flush-hunter"](table.view(table.to_move()[0])))
>>> found = outcomes(table.view(0))
>>> all(0 <= o.win_chance <= 1 and 0 <= (o.deal_in_risk or 0) < 1 for o in found.values())
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace

from kit.coach import Outcome
from kit.hongkong.discards import DiscardFacts, HandContext, context_of, rank_facts
from kit.hongkong.fan_distance import NO_PATH, closed_tiles
from kit.hongkong.game import (
    Action,
    AddedKong,
    Chow,
    ConcealedKong,
    Discard,
    Hu,
    Kong,
    Pass,
    Pung,
    SeatView,
    pao_of,
)
from kit.hongkong.payout import payout, tile_set
from kit.hongkong.rules import Rules
from kit.mahjong import forecast as model
from kit.mahjong.forecast import Money, Parts, Seen, Weights
from kit.mahjong.tiles import COPIES, Hand, Meld, MeldKind, Tile, TileSet

__all__ = [
    "CURVES",
    "PAO_CLAIMED",
    "PAO_COST",
    "SELF_DRAWN",
    "curves",
    "outcomes",
    "pao_chance",
    "pao_claimers",
    "pao_cost",
    "pao_fit",
    "parts",
    "threats",
    "tiles",
    "wall_start",
]

PAO_CLAIMED = {
    (2, "honour"): 5 / 1013,
    (2, "its suit"): 17 / 706,
    (2, "another suit"): 0 / 2067,
    (3, "honour"): 44 / 1004,
    (3, "its suit"): 20 / 112,
    (3, "another suit"): 0 / 757,
}
"""The chance that a seat one claim from pao pungs a tile thrown to it, by (unseen copies of
the tile, how it fits that seat's hand: :func:`pao_fit`), as claims / such discards.
Measured over 6,000 deals, the coach in one seat against the default bots: ``python -m
benchmarks.pao coach --deals 1500 --seeds pao-a,pao-b,pao-c,pao-d`` (86 claims into pao in
5,659 such discards). A seat that shows three groups of one suit keeps its pairs in that
suit and in the honours: it punged about 1 in 6 of the tiles of its suit thrown with three
copies unseen, and none of the 2,824 number tiles of another suit."""
PAO_COST = 11.3
"""What a claim into pao cost the liable seat on average, in the payment table's units: what
it paid for that player's win beyond what it would have paid without pao, over the claims
above (nothing when that player did not win, or won on the liable seat's own discard)."""
SELF_DRAWN = 0.35
"""The share of wins that are self-drawn, as the value of a future win assumes. The coach
self-draws fewer, about a quarter of its wins against the default bots; the measured
``value_scale`` of the money curves corrects the value as a whole, and 0.25 here made no
difference to the money (−0.04 ± 0.12 a deal over 4,800 paired deals; docs/benchmarks.md)."""

CURVES = {4: model.load_curves("hongkong-4"), 2: model.load_curves("hongkong-2")}
"""The measured curves per table size (``kit/data/forecast-hongkong-4.json`` and ``-2``;
each names the commands that measured it; reference/hongkong.md#coach says how)."""


def curves(rules: Rules) -> tuple[Weights, Weights, Money]:
    """(win chance, deal-in, money) for the table ``rules`` seat."""
    found = CURVES[rules.players]
    return found.win, found.danger, found.money


def tiles(rules: Rules) -> TileSet:
    """The tiles this table plays."""
    return tile_set(rules)


def wall_start(rules: Rules) -> int:
    """Tiles in the wall once the hands are dealt."""
    return COPIES * len(tile_set(rules).kinds) - 13 * rules.players - 1


def threats(view: SeatView, unseen: Sequence[int]) -> list[Seen]:
    """The other seats that could still win on this seat's discard, each with the tile kinds
    it can never win on (:func:`~kit.hongkong.fan_distance.closed_tiles`): those no path to
    the minimum fan left open by its exposed groups could use, or whose copies it cannot
    hold (``unseen``: those this seat does not see). A seat that chowed in two suits, say,
    can win on little but the honours it could still pung."""
    found = []
    for seen in model.threats(view):
        melds = tuple(view.all_melds[seen.seat])
        wind = view.seat_winds[seen.seat]
        closed = closed_tiles(view.rules, wind, view.round_wind, melds, unseen)
        found.append(replace(seen, closed=closed))
    return found


def pao_claimers(view: SeatView, tile: Tile, unseen: Sequence[int] | None = None) -> list[int]:
    """The other seats that could pung ``tile`` into pao (reference/hongkong.md#pao): for their
    fourth exposed group or their third dragon group, with two copies of it unseen (as the
    seat counts them; ``unseen``, when already counted). With pao switched off, none.

    A chow can make a fourth exposed group too, but it is not counted: over the 6,000
    deals that measured :data:`PAO_CLAIMED`, no chow into pao was seen."""
    if not view.rules.pao:
        return []
    if unseen is None:
        unseen = model.unseen_for(view, tile_set(view.rules))
    if unseen[tile.index] < 2:
        return []
    pung = Meld(MeldKind.PUNG, tile)
    return [
        seat
        for seat, melds in enumerate(view.all_melds)
        if seat != view.seat and pao_of((*melds, pung), pung) is not None
    ]


def pao_cost(view: SeatView, tile: Tile, unseen: Sequence[int]) -> float:
    """The money throwing ``tile`` is forecast to cost by pao: for each seat that could pung
    it into pao, the measured chance that it does (:func:`pao_chance`) times what a
    liability costs (:data:`PAO_COST`)."""
    return sum(
        pao_chance(tile, unseen, view.all_melds[seat]) * PAO_COST
        for seat in pao_claimers(view, tile, unseen)
    )


def pao_fit(tile: Tile, melds: Sequence[Meld]) -> str:
    """How ``tile`` fits the hand of a seat that shows ``melds``: "honour"; "another suit"
    for a number tile when every exposed group of numbers is of one other suit (a seat
    playing a flush keeps no pairs outside it); else "its suit". A seat that shows no
    single number suit is taken as able to keep a pair of any."""
    if tile.is_honour:
        return "honour"
    suits = model.suits_shown(melds)
    return "another suit" if len(suits) == 1 and tile.suit not in suits else "its suit"


def pao_chance(tile: Tile, unseen: Sequence[int], melds: Sequence[Meld]) -> float:
    """The measured chance that a seat one claim from pao, showing ``melds``, pungs ``tile``
    (:data:`PAO_CLAIMED`; 0 with fewer than two copies unseen, as a pung needs two)."""
    return PAO_CLAIMED.get((min(unseen[tile.index], COPIES - 1), pao_fit(tile, melds)), 0.0)


def _value(view: SeatView, fan: float) -> float:
    """The money a win of about ``fan`` fan is worth to the seat (discard or self-drawn)."""
    rules = view.rules
    fan = max(rules.min_fan, round(fan))
    seat = view.seat
    other = (seat + 1) % rules.players
    on_discard = payout(fan, winner=seat, discarder=other, rules=rules)[seat]
    self_drawn = payout(min(fan + 1, rules.fan_cap), winner=seat, rules=rules)[seat]
    return (1 - SELF_DRAWN) * on_discard + SELF_DRAWN * self_drawn


class _Reader:
    """What one view's options share: its unseen tiles, the opponents, each tile's risk."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        rules = view.rules
        self.win, self.danger, self.money = curves(rules)
        self.start = wall_start(rules)
        self.unseen = model.unseen_for(view, tile_set(rules))
        opponents = threats(view, self.unseen)
        self.risks = {
            tile: model.deal_in_risk(
                view, tile, self.danger, wall_start=self.start, unseen=self.unseen,
                opponents=opponents,
            )
            for tile in set(view.concealed)
        }  # fmt: skip
        self.liabilities = {tile: pao_cost(view, tile, self.unseen) for tile in set(view.concealed)}

    def discard_parts(self, f: DiscardFacts) -> Parts:
        """The parts of throwing ``f.tile``: its deal-in risk and its pao."""
        return replace(
            self.parts_of(f, self.risks.get(f.tile, 0.0)),
            liability=self.liabilities.get(f.tile, 0.0),
        )

    def parts_of(self, f: DiscardFacts, risk: float | None) -> Parts:
        view = self.view
        # the effort, not the bare distance: a path of pungs, or one that must stay
        # concealed, fills more slowly than a flush the same distance away
        distance = f.effort if f.best_path is not None and f.effort < NO_PATH else None
        features = model.win_features(
            view,
            distance=distance,
            accept=f.fan_acceptance,
            unseen=sum(self.unseen),
            wall_start=self.start,
        )
        value = self.ready_value(f)
        if value is None:
            value = _value(view, max(f.expected_fan, view.rules.min_fan))
        return Parts(features, value, risk, 0.0, view.wall_size / self.start)

    def ready_value(self, f: DiscardFacts) -> float | None:
        """A ready hand's value from its waits as they would score, weighted by their unseen
        copies (None: not ready, or no live wait reaches the minimum fan on a discard)."""
        least = self.view.rules.min_fan
        live = [
            (fan, self.unseen[tile.index])
            for tile, fan in f.waits_fan
            if fan >= least and self.unseen[tile.index]
        ]
        copies = sum(n for _, n in live)
        if not copies:
            return None
        return sum(n * _value(self.view, fan) for fan, n in live) / copies

    def best(self, ctx: HandContext, hand: Hand, risky: bool = True) -> Parts:
        """The best discard's parts from a 14-tile hand (kongs as three)."""
        found = [
            self.discard_parts(f) if risky else self.parts_of(f, None)
            for f in rank_facts(ctx, hand)
        ]
        best = max(found, key=lambda p: p.outcome(self.win, self.money).expected_net)
        return replace(best, follows=True)

    def held(self, hand: Hand, visible: list[Tile]) -> Parts:
        """The parts of a 13-tile hand as it stands (before its next draw): read as the hand
        with one more tile of the table that is then thrown again."""
        view = self.view
        spare = next((t for t in visible if t in tile_set(view.rules)), None)
        if spare is None:
            spare = hand.concealed[0]
            visible = list(visible)
        else:
            visible = list(visible)
            visible.remove(spare)
        grown = Hand(tuple(sorted((*hand.concealed, spare))), hand.melds)
        ctx = HandContext(
            grown, visible, view.rules, view.seat_wind, view.round_wind, (), view.wall_size
        )
        rows = [f for f in rank_facts(ctx, grown) if f.tile == spare]
        return self.parts_of(rows[0], None)


def parts(view: SeatView, actions: Iterable[Action] | None = None) -> dict[Action, Parts]:
    """What the forecast of each legal action (or of ``actions``) is made of: the discards
    first, in the order the hand's shape facts rank them (:func:`rank_facts`), then the
    other actions."""
    chosen = list(view.legal_actions() if actions is None else actions)
    reader = _Reader(view)
    found: dict[Action, Parts] = {}
    discards = {a.tile: a for a in chosen if isinstance(a, Discard)}
    if discards:
        # in the shape facts' order, best first, so that a tie of money falls as the
        # advice ranks it
        for f in rank_facts(context_of(view), view.hand):
            if f.tile in discards:
                found[discards[f.tile]] = reader.discard_parts(f)
    for action in chosen:
        if action not in found:
            found[action] = _action_parts(view, reader, action)
    return found


def outcomes(view: SeatView, actions: Iterable[Action] | None = None) -> dict[Action, Outcome]:
    """The forecast :class:`~kit.coach.Outcome` of each legal action (or of ``actions``)."""
    win, _, money = curves(view.rules)
    return {a: p.outcome(win, money) for a, p in parts(view, actions).items()}


def _action_parts(view: SeatView, reader: _Reader, action: Action) -> Parts:
    share = view.wall_size / reader.start
    if isinstance(action, Hu):
        return Parts(None, _win_value(view), None, 0.0, share)
    visible = list(view.visible)
    tile = view.claimed_tile
    if isinstance(action, Pass):
        return reader.held(view.hand, visible)
    if isinstance(action, (Pung, Chow, Kong)) and tile is not None:
        after = _after_claim(view.hand, action, tile)
        if tile in visible:
            visible.remove(tile)
        if isinstance(action, Kong):
            return reader.held(after, visible)
        ctx = HandContext(
            after, visible, view.rules, view.seat_wind, view.round_wind, (), view.wall_size
        )
        return reader.best(ctx, after)
    if isinstance(action, (ConcealedKong, AddedKong)):
        return reader.held(_after_own_kong(view.hand, action), visible)
    raise ValueError(f"the Hong Kong coach has no forecast for {action}")


def _after_claim(hand: Hand, action: Pung | Chow | Kong, tile: Tile) -> Hand:
    concealed = list(hand.concealed)
    if isinstance(action, Chow):
        meld = Meld(MeldKind.CHOW, action.first)
        used = list(meld.tiles)
        used.remove(tile)
    else:
        meld = Meld(MeldKind.KONG if isinstance(action, Kong) else MeldKind.PUNG, tile)
        used = [tile] * (3 if isinstance(action, Kong) else 2)
    for t in used:
        concealed.remove(t)
    return Hand(tuple(concealed), (*hand.melds, meld))


def _after_own_kong(hand: Hand, action: ConcealedKong | AddedKong) -> Hand:
    concealed = [t for t in hand.concealed if t != action.tile]
    if isinstance(action, ConcealedKong):
        melds = (*hand.melds, Meld(MeldKind.KONG, action.tile, concealed=True))
    else:
        concealed += [action.tile] * (hand.concealed.count(action.tile) - 1)
        melds = tuple(
            Meld(MeldKind.KONG, m.first) if m.first == action.tile else m for m in hand.melds
        )
    return Hand(tuple(concealed), melds)


def _win_value(view: SeatView) -> float:
    """The money a win declared now brings, from the payment table."""
    score = view.win_score()
    if score is None:
        return 0.0
    claimed = view.claimed_tile
    discarder = view.turn if claimed is not None else None
    if discarder == view.seat:
        discarder = None
    return float(
        payout(score.fan, winner=view.seat, discarder=discarder, rules=view.rules)[view.seat]
    )
