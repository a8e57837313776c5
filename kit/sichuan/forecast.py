"""What each Sichuan option leads to: the win chance, the deal-in risk and the expected money.

The coach reads the seat's view only. For an option it finds the hand the seat
would hold afterwards (a claim or a kong is followed by its best discard), and
from that hand:

- its distance from a win (the void-aware shanten) and the unseen tiles that bring
  it nearer, turned into a **win chance** (:mod:`kit.mahjong.forecast`);
- for a discard, the **deal-in risk**: no risk from a player whose void it is, else
  the measured curve over what that player has shown;
- the **value** of a win: ``base × 2^fan``, paid by the discarder alone, or by every
  player still in play on a self-draw (a share :data:`SELF_DRAWN` of wins), and kong
  money at once. A ready hand's waits are scored as they would be; a hand not yet
  ready counts the fan it has secured (a full flush while it is of one suit, each
  root it holds); a win on offer is scored as the table will score it;
- the **expected money**: value × win chance, minus what a deal-in costs, minus what
  a hand that does not win usually pays by the end, that and the offset counted seat
  by seat; the later in the wall, the more the end-of-wall check counts: a ready hand
  is paid its largest hand by the players who are not ready, and a hand that is not
  pays; a hand that may not have the turns left to throw its void tiles pays what a
  flower pig pays, times that chance (:func:`pig_chance`; reference/sichuan.md#coach).

How the weights were measured is written beside them; the opponents are taken to
play as the game's default bots do.

>>> from kit.sichuan.game import Table
>>> from kit.sichuan.bots import BOTS
>>> table = Table.deal(seed=3)
>>> while not (table.phase == "discard" and table.turn == 0):
...     table.apply(BOTS["efficient"](table.view(table.to_move()[0])))
>>> found = outcomes(table.view(0))
>>> all(0 <= o.win_chance <= 1 and 0 <= (o.deal_in_risk or 0) < 1 for o in found.values())
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from kit.coach import Outcome
from kit.mahjong import forecast as model
from kit.mahjong.forecast import Parts
from kit.mahjong.hands import improving_tiles, shanten
from kit.mahjong.tiles import (
    SUITS,
    TILES,
    Hand,
    KongKind,
    Meld,
    MeldKind,
    Tile,
    TileSet,
    counts_of,
)
from kit.sichuan.fan import PATTERNS, score, waits_with_fan
from kit.sichuan.game import (
    Action,
    AddedKong,
    ChooseVoid,
    ConcealedKong,
    Discard,
    Hu,
    Kong,
    Pass,
    Pung,
    SeatView,
    win_conditions,
)
from kit.sichuan.rules import FORMS, SICHUAN_TILES
from kit.sichuan.settle import KONG_PAYMENTS, largest_hand

__all__ = [
    "DANGER",
    "MONEY",
    "SELF_DRAWN",
    "WALL_START",
    "WIN",
    "Hold",
    "curves",
    "outcomes",
    "parts",
    "pig_chance",
    "roots_held",
    "threats",
    "tiles",
    "wall_start",
]

WALL_START = 55
"""Tiles in the wall once the 53 tiles of the deal are dealt (108 − 53)."""
SELF_DRAWN = 0.45
"""The share of wins that are self-drawn (measured with the weights below)."""
FLUSH_FAN = next(p.fan for p in PATTERNS if p.key == "full-flush")
"""A full flush's fan (reference/sichuan.md#fan): a hand of one suit aims for it."""

CURVES = model.load_curves("sichuan")
"""The measured curves (``kit/data/forecast-sichuan.json``; ``CURVES.measured`` names the
command that measured them; reference/sichuan.md#coach says how)."""
WIN, DANGER, MONEY = CURVES.win, CURVES.danger, CURVES.money


@dataclass(frozen=True)
class Hold:
    """A hand the seat would hold after an option, before its next draw (13 tiles, kongs as
    three), with what the option paid at once."""

    counts: list[int]
    concealed: bool
    """No claimed melds (seven pairs stays possible)."""
    paid_now: int = 0
    """Kong money received at once."""
    claimed: tuple[Meld, ...] = ()
    """Melds the option adds to those on the table."""


def _progress(
    hold: Hold, void: str, unseen: Sequence[int], melds: Sequence[Meld]
) -> tuple[int, int, int]:
    """(distance, unseen helpful tiles, tiles outside the main suit) of a held hand.

    A void tile can never be part of a win: it only waits to be thrown, one a turn,
    and can be no group and no pair. The distance is the void-aware shanten (the
    coach's own, :func:`kit.mahjong.hands.shanten` with the void as dead suit), and the
    helpful tiles are the live tiles that lower it. So a hand that still holds a void
    tile is never ready: four groups and a lone void tile are one step away, as the
    tile must go before a wait can be made."""
    per_suit = [sum(hold.counts[9 * i : 9 * i + 9]) for i in range(3)]
    for meld in (*melds, *hold.claimed):
        per_suit[SUITS.index(meld.first.suit)] += 3
    live = [per_suit[i] for i, s in enumerate(SUITS) if s != void]
    off_suit = sum(live) - max(live)
    held = bytes(hold.counts)
    if sum(held) % 3 != 1:
        return 8, 0, off_suit
    forms = FORMS if hold.concealed else ("standard",)
    tiles = improving_tiles(held, forms, dead_suit=void)
    return shanten(held, forms, dead_suit=void), sum(unseen[t.index] for t in tiles), off_suit


def roots_held(view: SeatView, hold: Hold) -> int:
    """The roots a held hand already has: each tile it holds all four of, kongs included
    (a root is a fan of its own, and stays to the win: reference/sichuan.md#fan).

    A void-suit tile never reaches a win, so four of them are no root.
    """
    counts = list(hold.counts)
    for meld in (*view.melds, *hold.claimed):
        counts[meld.first.index] += 4 if meld.kind is MeldKind.KONG else 3
    return sum(1 for i, n in enumerate(counts) if n == 4 and TILES[i].suit != view.void)


def _value(view: SeatView, hold: Hold, distance: int, off_suit: int, hand: Hand | None) -> float:
    """The money a win of this hand is likely worth to the seat.

    A ready hand's winning tiles are scored as they would be. A hand not yet ready is
    scored by the fan it has already secured: its roots, and a full flush while every
    tile it holds is of one suit. Leaving the roots out made hands with a kong worth
    about 0.8 stake more than forecast (docs/benchmarks.md, *A kong is a root*)."""
    rules = view.rules
    fan = (FLUSH_FAN if off_suit == 0 else 0) + roots_held(view, hold)
    if distance == 0 and hand is not None:
        unseen = model.unseen_for(view, SICHUAN_TILES)
        waits = [w for w in waits_with_fan(hand, void=view.void, rules=rules) if w.discard.wins]
        live = [(w, unseen[w.tile.index]) for w in waits if unseen[w.tile.index]]
        if live:  # the waits' mean, weighted by their unseen copies
            copies = sum(n for _, n in live)
            payers = max(1, len(view.in_play) - 1)
            return sum(
                n * ((1 - SELF_DRAWN) * w.discard.value
                     + SELF_DRAWN * rules.self_draw_payment(w.self_drawn.fan) * payers)
                for w, n in live
            ) / copies  # fmt: skip
    payers = max(1, len(view.in_play) - 1)
    on_discard = rules.hand_value(fan)
    self_drawn = rules.self_draw_payment(fan) * payers
    return (1 - SELF_DRAWN) * on_discard + SELF_DRAWN * self_drawn


def _hand_of(view: SeatView, hold: Hold) -> Hand:
    tiles = tuple(TILES[i] for i, c in enumerate(hold.counts) for _ in range(c))
    return Hand(tiles, (*view.melds, *hold.claimed))


def _parts(view: SeatView, hold: Hold, unseen: Sequence[int], risk: float | None) -> Parts:
    void = view.void or "m"
    distance, accept, off_suit = _progress(hold, void, unseen, view.melds)
    hand = _hand_of(view, hold) if distance == 0 else None
    features = model.win_features(
        view, distance=distance, accept=accept, unseen=sum(unseen), wall_start=WALL_START
    )
    value = _value(view, hold, distance, off_suit, hand)
    others = (len(view.in_play) - 1) / (len(view.all_melds) - 1)
    at_end = float(largest_hand(hand, void, view.rules)[0]) if hand is not None else 0.0
    pig = _pig_chance(view, hold, unseen)
    unready = (1.0 - pig) * _unready(view, distance, accept, sum(unseen))
    return Parts(
        features, value, risk, hold.paid_now, view.wall_size / WALL_START, others=others,
        end_value=at_end, end_penalty=pig * _pig_pays(view), unready=unready,
    )  # fmt: skip


EXTRA_DISCARDS = (
    ((0, 0.92), (1, 0.08)),
    ((-1, 0.03), (0, 0.82), (1, 0.14), (2, 0.01)),
    ((-1, 0.04), (0, 0.70), (1, 0.21), (2, 0.05)),
    ((-1, 0.08), (0, 0.59), (1, 0.22), (2, 0.11)),
)
"""How many discards a seat still in play makes before the wall runs out beyond its share
of the wall (:func:`kit.mahjong.forecast.draws_left`), with their chances, for a share of
0, 1, 2, and 3 or more: a claim of its own adds a discard, and so does another player's
win, which leaves the wall to fewer players; a claim that skips its turn, or a kong's
replacement tile, takes one away (two or more are counted as two). The fewer turns are
left, the less can happen in them. Measured on the coach's deals against the default
bots, at discards with 16 tiles or fewer left, in deals that reached the end of the wall
with the seat not yet won: ``python -m benchmarks.turns_left --deals 1200 --seed turns``
(docs/benchmarks.md, *A flower pig in the forecast*)."""


def pig_chance(void_tiles: int, draws: int, void_unseen: int = 0, unseen: int = 0) -> float:
    """The chance that a hand holding ``void_tiles`` tiles of its void suit, with ``draws``
    draws left, still holds one when the wall runs out. It can throw one a turn, and it
    cannot win before they are gone; its turns are read from :data:`EXTRA_DISCARDS`. A
    draw of another tile of the suit (``void_unseen`` of the ``unseen`` tiles) is thrown in
    its turn, and leaves as many as before. The deal is taken to reach the end of the wall
    (three wins end it sooner, and then nobody is a pig).

    >>> pig_chance(0, 0), pig_chance(1, 0), pig_chance(1, 1), pig_chance(2, 1), pig_chance(3, 1)
    (0.0, 0.92, 0.03, 0.85, 0.99)
    >>> round(pig_chance(1, 1, void_unseen=10, unseen=40), 3)  # the next draw: one in four
    0.244
    """
    if void_tiles <= 0:
        return 0.0
    row = EXTRA_DISCARDS[min(draws, len(EXTRA_DISCARDS) - 1)]
    chance = 0.0
    for extra, p in row:
        turns = draws + extra
        if turns < void_tiles:
            chance += p
        else:  # more void draws than the turns to spare
            spare = turns - void_tiles
            chance += p * model.draw_chance(
                distance=spare, accept=void_unseen, unseen=unseen, draws=turns
            )
    return round(chance, 6)


def _pig_chance(view: SeatView, hold: Hold, unseen: Sequence[int]) -> float:
    """:func:`pig_chance` of the hand the seat would hold (0 before its void is named)."""
    if view.void is None:
        return 0.0
    at = SUITS.index(view.void) * 9
    return pig_chance(
        sum(hold.counts[at : at + 9]), model.draws_left(view), sum(unseen[at : at + 9]), sum(unseen)
    )


def _pig_pays(view: SeatView) -> float:
    """What a flower pig pays when the wall runs out: the capped maximum to each other
    player still in play (taken not to be pigs), and to each player who has won when the
    rules say so (reference/sichuan.md#wall-empty)."""
    rules = view.rules
    receivers = len(view.in_play) - 1
    if rules.pig_pays_winners:
        receivers += len({win.seat for win in view.wins})
    return float(rules.max_value * receivers)


def _unready(view: SeatView, distance: int, accept: int, unseen: int) -> float:
    """The chance that a hand ``distance`` steps from ready is still not ready when the wall
    runs out, were each of its draws left helpful with the chance ``accept / unseen``: it
    needs ``distance`` helpful tiles (0 for a ready hand; :attr:`Parts.unready` says how
    it reads)."""
    if distance <= 0:
        return 0.0
    draws = model.draws_left(view)
    return 1.0 - model.draw_chance(distance=distance - 1, accept=accept, unseen=unseen, draws=draws)


def _kong_money(view: SeatView, kind: KongKind) -> int:
    payers = 1 if kind is KongKind.EXPOSED else max(1, len(view.in_play) - 1)
    return KONG_PAYMENTS[kind] * payers * view.rules.base


def _minus(counts: Sequence[int], tile: Tile, n: int = 1) -> list[int]:
    out = list(counts)
    out[tile.index] -= n
    return out


def _best_discard(
    view: SeatView, counts: list[int], concealed: bool, unseen: Sequence[int],
    risks: dict[Tile, float], claimed: tuple[Meld, ...] = (),
) -> Parts:  # fmt: skip
    """The best discard's parts from a 14-tile hand (after a claim, or a void not yet shed)."""
    held = sorted({t for t in view.concealed if counts[t.index]})
    void_held = [t for t in held if t.suit == view.void]
    found = [
        _parts(view, Hold(_minus(counts, tile), concealed, 0, claimed), unseen, risks.get(tile))
        for tile in void_held or held
    ]
    best = max(found, key=lambda p: p.outcome(WIN, MONEY).expected_net)
    return replace(best, follows=True)


def parts(view: SeatView, actions: Iterable[Action] | None = None) -> dict[Action, Parts]:
    """What the forecast of each legal action (or of ``actions``) is made of."""
    chosen = list(view.legal_actions() if actions is None else actions)
    unseen = model.unseen_for(view, SICHUAN_TILES)
    counts = counts_of(view.concealed)
    concealed = all(m.concealed for m in view.melds)
    opponents = threats(view, unseen)
    risks = {
        tile: model.deal_in_risk(
            view, tile, DANGER, wall_start=WALL_START, unseen=unseen, opponents=opponents
        )
        for tile in set(view.concealed)
    }
    return {a: _action_parts(view, a, counts, concealed, unseen, risks) for a in chosen}


def outcomes(view: SeatView, actions: Iterable[Action] | None = None) -> dict[Action, Outcome]:
    """The forecast :class:`~kit.coach.Outcome` of each legal action (or of ``actions``)."""
    return {a: p.outcome(WIN, MONEY) for a, p in parts(view, actions).items()}


def _action_parts(
    view: SeatView, action: Action, counts: list[int], concealed: bool,
    unseen: Sequence[int], risks: dict[Tile, float],
) -> Parts:  # fmt: skip
    if isinstance(action, Hu):
        return Parts(None, _win_value(view), None, 0.0, view.wall_size / WALL_START)
    if isinstance(action, Discard):
        hold = Hold(_minus(counts, action.tile), concealed)
        return _parts(view, hold, unseen, risks.get(action.tile, 0.0))
    if isinstance(action, Pass):
        return _parts(view, Hold(counts, concealed), unseen, None)
    tile = view.claimed_tile
    if isinstance(action, Pung) and tile is not None:
        pung = (Meld(MeldKind.PUNG, tile),)
        return _best_discard(view, _minus(counts, tile, 2), False, unseen, risks, pung)
    if isinstance(action, Kong) and tile is not None:
        kong = (Meld(MeldKind.KONG, tile),)
        hold = Hold(_minus(counts, tile, 3), False, _kong_money(view, KongKind.EXPOSED), kong)
        return _parts(view, hold, unseen, None)
    if isinstance(action, ConcealedKong):
        paid = _kong_money(view, KongKind.CONCEALED)
        kong = (Meld(MeldKind.KONG, action.tile, concealed=True),)
        hold = Hold(_minus(counts, action.tile, 4), concealed, paid, kong)
        return _parts(view, hold, unseen, None)
    if isinstance(action, AddedKong):
        paid = _kong_money(view, KongKind.ADDED)
        melds = tuple(
            Meld(MeldKind.KONG, m.first) if m.first == action.tile else m for m in view.melds
        )
        hold = Hold(_minus(counts, action.tile), False, paid)
        return _parts(replace(view, all_melds=_with_melds(view, melds)), hold, unseen, None)
    if isinstance(action, ChooseVoid):
        named = replace(
            view,
            voids=tuple(action.suit if s == view.seat else v for s, v in enumerate(view.voids)),
        )
        if sum(counts) % 3 == 2:
            return _best_discard(named, counts, True, unseen, {})
        return _parts(named, Hold(counts, True), unseen, None)
    raise ValueError(f"the Sichuan coach has no forecast for {action}")


def _with_melds(view: SeatView, melds: tuple[Meld, ...]) -> tuple[tuple[Meld, ...], ...]:
    """Every seat's melds, with this seat's replaced by ``melds``."""
    return tuple(melds if s == view.seat else m for s, m in enumerate(view.all_melds))


def _win_value(view: SeatView) -> float:
    """The money a win declared now brings, scored as the table will score it: with the fan
    of how it came (a kong's replacement tile, a discard right after a kong, a robbed kong,
    the last tile). A win on a discard (or a robbed kong) is paid by that player alone, and
    a shot after a kong also moves that kong's money to the winner (with the kong transfer
    on; counted as if no other player won on the same tile); a self-draw is paid by every
    player still in play."""
    rules = view.rules
    claimed = view.claimed_tile
    tile = claimed or view.drawn
    if tile is None:
        return 0.0
    robbing = view.phase == "rob"
    from_discard = claimed is not None and not robbing
    concealed = view.concealed if claimed is None else (*view.concealed, tile)
    won = score(
        Hand(tuple(concealed), view.melds),
        win=tile,
        void=view.void,
        conditions=win_conditions(view, view.seat, from_discard=from_discard, robbing=robbing),
        rules=rules,
    )
    if not won.wins:
        return 0.0
    if claimed is None:
        return float(rules.self_draw_payment(won.fan) * max(1, len(view.in_play) - 1))
    moved = 0
    if from_discard and view.discard_after_kong and rules.kong_transfer:
        moved = view.ledger.last_kong_money(view.turn)
    return float(rules.hand_value(won.fan) + moved)


def threats(view: SeatView, unseen: Sequence[int]) -> list[model.Seen]:
    """The other seats that could still win on this seat's discard (a seat's void suit,
    once named, is what it can never win on; ``unseen`` is not needed here)."""
    del unseen
    return model.threats(view)


def tiles(rules: object) -> TileSet:
    """The tiles Sichuan plays: the three number suits."""
    return SICHUAN_TILES


def curves(rules: object) -> tuple[model.Weights, model.Weights, model.Money]:
    """(win chance, deal-in, money): one table size in Sichuan."""
    return WIN, DANGER, MONEY


def wall_start(rules: object) -> int:
    """Tiles in the wall once the hands are dealt."""
    return WALL_START
