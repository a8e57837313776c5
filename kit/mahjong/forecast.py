"""The coach's forecasts for a mahjong seat: will the hand win, will a tile deal in, what is a
choice worth.

Three small models, each read from what the seat sees and nothing else:

- **Win chance.** A hand ``distance`` steps from a winning hand needs
  ``distance + 1`` helpful tiles. If each of the seat's remaining draws brings one
  with the chance ``accept / unseen`` (the share of unseen tiles that help),
  the chance of enough of them in time is a binomial tail: :func:`draw_chance`.
  Claims, later changes of acceptance and the opponents winning first all
  move the true chance, so the tail is one input of a logistic curve
  (:class:`Weights`) measured over played deals; a ready hand has its own level
  and slope there (:func:`win_features`).
- **Deal-in risk.** For each opponent still in play, the chance that it can win on
  this very tile now: a logistic curve over what the table shows of it (how many
  tiles it threw, its exposed groups, whether it threw this tile, the suit it
  seems to collect, how many copies are still unseen …), :func:`danger_features`.
  A tile of an opponent's named void suit never wins for it. The chances of the
  opponents combine as independent events: :func:`deal_in_risk`.
- **Money.** What a choice is worth is ``win chance × the hand's value`` minus
  ``deal-in risk × what a deal-in costs``, minus the losses a hand that does not win
  usually pays (others' self-draws, later deal-ins): :class:`Money`.

The curves' weights are measured, not guessed: ``python -m kit.mahjong.fitting`` plays
seeded deals, records these features at every decision with what happened, and fits
them; then it corrects the curves' chances to the deals the coach itself plays (a
monotone correction of their log-odds, :attr:`Weights.knots`). The kit keeps the
curves in ``kit/data/forecast-<table>.json``, each with the commands that made it.

>>> round(draw_chance(distance=0, accept=8, unseen=80, draws=10), 3)   # ready on 8 tiles
0.651
>>> draw_chance(distance=2, accept=8, unseen=80, draws=2)             # three tiles in two draws
0.0
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

from kit.coach import Outcome
from kit.mahjong.observation import Observation
from kit.mahjong.tiles import COPIES, KINDS, TILES, Meld, Tile, TileSet

__all__ = [
    "DANGER_FEATURES",
    "UNREADY_POWER",
    "WIN_FEATURES",
    "Curves",
    "Money",
    "Parts",
    "Weights",
    "danger_features",
    "deal_in_risk",
    "draw_chance",
    "draws_left",
    "load_curves",
    "logistic",
    "suits_shown",
    "unseen_for",
    "win_features",
]

MOST_CHANCE = 0.999
"""Chances are kept inside (1 − this, this), so that their log-odds stay finite."""


def logistic(z: float) -> float:
    """The logistic curve 1 / (1 + e^−z), safe for any z."""
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def log_odds(p: float) -> float:
    """The log-odds of a chance, kept finite."""
    p = min(MOST_CHANCE, max(1.0 - MOST_CHANCE, p))
    return math.log(p / (1.0 - p))


@dataclass(frozen=True)
class Weights:
    """The weights of one logistic curve, one per feature name, and how they were measured."""

    names: tuple[str, ...]
    values: tuple[float, ...]
    measured: str = ""
    """The command and data that produced the weights."""
    knots: tuple[tuple[float, float], ...] = ()
    """A measured correction of the curve's log-odds: (log-odds in, log-odds out) points,
    joined by straight lines, and parallel to no correction beyond the ends (see
    :meth:`calibrated`). Empty: no correction."""

    def __post_init__(self) -> None:
        if len(self.names) != len(self.values):
            raise ValueError(f"{len(self.names)} feature names but {len(self.values)} weights")

    def chance(self, features: Sequence[float]) -> float:
        """The curve's chance for one row of features (in the order of :attr:`names`)."""
        z = sum(w * x for w, x in zip(self.values, features, strict=True))
        return logistic(self.calibrated(z))

    def calibrated(self, z: float) -> float:
        """The log-odds ``z`` through :attr:`knots`."""
        knots = self.knots
        if not knots:
            return z
        if z <= knots[0][0]:
            return z + knots[0][1] - knots[0][0]
        for (x0, y0), (x1, y1) in pairwise(knots):
            if z <= x1:
                return y0 + (y1 - y0) * (z - x0) / (x1 - x0) if x1 > x0 else y1
        return z + knots[-1][1] - knots[-1][0]


# --- the seat's own hand -------------------------------------------------------------------


def draw_chance(*, distance: int | None, accept: int, unseen: int, draws: int) -> float:
    """The chance of at least ``distance + 1`` helpful tiles in ``draws`` draws, each helpful
    with the chance ``accept / unseen`` (a binomial tail; 0 without a path)."""
    if distance is None or distance < -1:
        return 0.0
    need = distance + 1
    if need <= 0:
        return 1.0
    if draws < need or accept <= 0 or unseen <= 0:
        return 0.0
    p = min(1.0, accept / unseen)
    if p >= 1.0:
        return 1.0
    below = sum(math.comb(draws, k) * p**k * (1 - p) ** (draws - k) for k in range(need))
    return max(0.0, min(1.0, 1.0 - below))


def draws_left(view: Observation) -> int:
    """The draws this seat can still expect: the wall shared by the seats still in play."""
    playing = max(1, len(view.in_play))
    return view.wall_size // playing


WIN_FEATURES = (
    "bias",
    "draw_odds",
    "ready",
    "ready_odds",
    "distance",
    "no_path",
    "wall",
    "exposed_near",
    "winners",
)
"""The win-chance curve's inputs, in order (see :func:`win_features`)."""


def win_features(
    view: Observation, *, distance: int | None, accept: int, unseen: int, wall_start: int
) -> tuple[float, ...]:
    """The win-chance inputs of one option: the log-odds of :func:`draw_chance`; whether the
    hand is ready, and for a ready hand those log-odds again (a ready hand has a level and a
    slope of its own: read like the hands further away, it was forecast to win far less
    often than it did); the distance left, whether any path is open, the share of the wall
    left, the groups the other seats have exposed, and how many seats already won."""
    draws = draws_left(view)
    raw = draw_chance(distance=distance, accept=accept, unseen=unseen, draws=draws)
    others = [s for s in view.in_play if s != view.seat]
    exposed = sum(len(view.all_melds[s]) for s in others) / max(1, len(others))
    return (
        1.0,
        log_odds(raw),
        1.0 if distance == 0 else 0.0,
        log_odds(raw) if distance == 0 else 0.0,
        float(distance if distance is not None else 8),
        0.0 if distance is not None else 1.0,
        view.wall_size / wall_start,
        exposed,
        float(len(view.wins)),
    )


# --- what a tile may feed -------------------------------------------------------------------

DANGER_FEATURES = (
    "bias",
    "thrown",
    "exposed",
    "wall",
    "unseen_0",
    "unseen",
    "threw_it",
    "honour",
    "terminal",
    "edge",
    "on_collected",
    "off_collected",
    "honour_collected",
    "suit_share",
    "late_void",
)
"""The deal-in curve's inputs, in order (see :func:`danger_features`)."""


@dataclass(frozen=True)
class Seen:
    """What the table shows of one opponent: its discards in order and its exposed groups."""

    seat: int
    thrown: tuple[Tile, ...]
    groups: int
    collected: str | None
    """The number suit all its exposed groups are of (None: none exposed, or mixed)."""
    void: str | None
    """Its named void suit (Sichuan), if public."""
    closed: frozenset[int] = frozenset()
    """Tile kinds it can never win on from a discard, whatever it holds (Hong Kong: no path
    to the minimum fan still open to it uses them, or it cannot hold the copies a win on
    them needs)."""

    @property
    def suits_thrown(self) -> Counter[str]:
        return Counter(t.suit for t in self.thrown if not t.is_honour)

    def cannot_win_on(self, tile: Tile) -> bool:
        """Is ``tile`` one this seat can never win on (its void suit, or a closed kind)?"""
        return (self.void is not None and tile.suit == self.void) or tile.index in self.closed


def suits_shown(melds: Iterable[Meld]) -> set[str]:
    """The number suits of a seat's exposed ``melds`` (one: the suit it visibly collects)."""
    return {m.first.suit for m in melds if not m.first.is_honour}


def seen_of(view: Observation, seat: int) -> Seen:
    """What ``view`` shows of ``seat``."""
    melds = view.all_melds[seat]
    suits = suits_shown(melds)
    void = getattr(view, "voids", None)
    return Seen(
        seat=seat,
        thrown=tuple(t for t, s in view.discards if s == seat),
        groups=len(melds),
        collected=suits.pop() if len(suits) == 1 else None,
        void=void[seat] if void is not None else None,
    )


def unseen_for(view: Observation, tiles: TileSet) -> list[int]:
    """Copies of each tile kind of the game's set ``tiles`` the seat cannot see (in the wall
    or in other hands)."""
    counts = [COPIES if TILES[i] in tiles else 0 for i in range(KINDS)]
    for tile in view.concealed:
        counts[tile.index] -= 1
    for melds in view.all_melds:
        for meld in melds:
            for tile in meld.tiles:
                counts[tile.index] -= 1
    for tile, _ in view.discards:
        counts[tile.index] -= 1
    return [max(0, c) for c in counts]


def danger_features(
    tile: Tile, seen: Seen, unseen: Sequence[int], wall_share: float
) -> tuple[float, ...]:
    """The deal-in inputs of throwing ``tile`` towards one opponent (see :data:`DANGER_FEATURES`)."""
    thrown = seen.thrown
    honour = tile.is_honour
    number = 0 if honour else tile.number
    collected = seen.collected
    suits = seen.suits_thrown
    numbers = sum(suits.values())
    share = 0.0 if honour or not numbers else suits[tile.suit] / numbers
    late_void = float(seen.void is not None and any(t.suit == seen.void for t in thrown[-3:]))
    copies = unseen[tile.index]
    return (
        1.0,
        min(len(thrown), 20) / 10,
        float(seen.groups),
        wall_share,
        1.0 if copies == 0 else 0.0,
        float(copies),
        1.0 if tile in thrown else 0.0,
        1.0 if honour else 0.0,
        1.0 if number in (1, 9) else 0.0,
        1.0 if number in (2, 8) else 0.0,
        1.0 if collected is not None and not honour and tile.suit == collected else 0.0,
        1.0 if collected is not None and not honour and tile.suit != collected else 0.0,
        1.0 if collected is not None and honour else 0.0,
        share,
        late_void,
    )


def threats(view: Observation) -> list[Seen]:
    """The opponents who could still win on this seat's discard."""
    won = {w.seat for w in view.wins}
    return [seen_of(view, s) for s in view.in_play if s != view.seat and s not in won]


def deal_in_risk(
    view: Observation,
    tile: Tile,
    weights: Weights,
    *,
    wall_start: int,
    unseen: Sequence[int],
    opponents: Sequence[Seen],
) -> float:
    """The chance that one of ``opponents`` wins on ``tile`` if this seat throws it now."""
    share = view.wall_size / wall_start
    plain = replace(weights, knots=()) if weights.knots else weights
    safe = 1.0
    for seen in opponents:
        if seen.cannot_win_on(tile):
            continue  # e.g. a tile of its void suit can never complete its hand
        safe *= 1.0 - plain.chance(danger_features(tile, seen, unseen, share))
    if safe >= 1.0:
        return 0.0
    # the measured correction is of the combined risk, not of one opponent's
    return logistic(weights.calibrated(log_odds(1.0 - safe)))


# --- the measured curves ---------------------------------------------------------------------


@dataclass(frozen=True)
class Curves:
    """One table's measured curves: win chance, deal-in (towards one opponent) and money."""

    win: Weights
    danger: Weights
    money: Money
    measured: str
    """The command that measured them."""

    def to_json(self) -> dict[str, Any]:
        return {
            "measured": self.measured,
            "win": dict(zip(self.win.names, self.win.values, strict=True)),
            "win_knots": [list(k) for k in self.win.knots],
            "danger": dict(zip(self.danger.names, self.danger.values, strict=True)),
            "risk_knots": [list(k) for k in self.danger.knots],
            "money": {f.name: getattr(self.money, f.name) for f in fields(Money)
                      if f.name != "measured"},
        }  # fmt: skip

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Curves:
        measured = str(data["measured"])
        win = Weights(
            WIN_FEATURES,
            tuple(float(data["win"][n]) for n in WIN_FEATURES),
            measured,
            tuple((float(x), float(y)) for x, y in data.get("win_knots", ())),
        )
        danger = Weights(
            DANGER_FEATURES,
            tuple(float(data["danger"][n]) for n in DANGER_FEATURES),
            measured,
            tuple((float(x), float(y)) for x, y in data.get("risk_knots", ())),
        )
        money = Money(**{k: float(v) for k, v in data["money"].items()}, measured=measured)
        return cls(win, danger, money, measured)


def curves_path(table: str) -> Path:
    """Where the kit keeps one table's measured curves (``kit/data/forecast-<table>.json``)."""
    return Path(__file__).resolve().parent.parent / "data" / f"forecast-{table}.json"


@cache
def load_curves(table: str) -> Curves:
    """The measured curves of ``table`` ("sichuan", "hongkong-4", "hongkong-2")."""
    return Curves.from_json(json.loads(curves_path(table).read_text(encoding="utf-8")))


# --- money ------------------------------------------------------------------------------------

STEPS_COUNTED = 4.0
"""The money counts a hand's steps from ready up to this many (a hand with no way to the
minimum fan reads as 8 steps away, which would weigh too much)."""
_DISTANCE = WIN_FEATURES.index("distance")
_READY = WIN_FEATURES.index("ready")
END_POWER = 2
"""How the end of the wall weighs with the wall's share left: ``(1 − share)`` to this power.
Whether a hand is ready now says more about whether it will be ready at the wall's end the
less of the wall is left (chosen among 1, 2 and 4 on held-out Sichuan deals: the three fit
the money about as well overall, and 4 read the ready hands late in the wall furthest from
what they made)."""
UNREADY_POWER = 4
"""How what a hand that is not ready pays at the wall's end weighs with the wall's share
left: ``(1 − share)`` to this power. The chance of still not being ready then is read from
the draws left; the power says that the check bites near the end, when the other hands
are ready and large (chosen between 2 and 4 on held-out Sichuan deals and on the options
the coach does not recommend: 4 fit both better)."""


@dataclass(frozen=True)
class Money:
    """The expected money of an option: ``(offset − (1 − win) × (loss − end)) × others +
    win × value × value_scale − risk × deal_in_cost``,
    where ``loss = lost_early × wall share + lost_late + lost_per_step × steps`` is what a
    hand that does not win usually pays by the end (measured; a fuller wall leaves more
    time for others' wins, and a hand further from ready is less often ready when the
    wall runs out), and ``others`` the share of the other seats still in play: what a
    seat pays to the others and is paid by them, beyond its own win and deal-in, is paid
    seat by seat (a Sichuan table with one other player left pays a third of it).

    ``end`` is what the end-of-wall check brings a ready hand, where the game has one
    (Sichuan: a hand still ready when the wall runs out is paid its largest hand by each
    player who is not): ``paid_at_end × the largest hand × (1 − wall share)`` to the power
    :data:`END_POWER`. What a hand that is not ready pays then is apart: ``paid_unready ×
    the chance it is still not ready then × (1 − wall share)`` to the power
    :data:`UNREADY_POWER`, seat by seat too. Without it, an option that sets a hand back
    late in the wall was forecast 1.5 to 4.4 stakes above what it brought, on the options
    the coach does not recommend of two seeds (docs/benchmarks.md)."""

    deal_in_cost: float
    lost_early: float
    lost_late: float
    value_scale: float = 1.0
    """How much of the estimated value a win turns out to bring, on average."""
    offset: float = 0.0
    """Money every option of the seat gains or loses alike (what the terms above miss)."""
    lost_per_step: float = 0.0
    """What a hand that does not win pays more for each step it is from ready (up to
    :data:`STEPS_COUNTED`)."""
    paid_at_end: float = 0.0
    """How many times its largest hand a ready hand is paid at the wall's end, with all the
    other seats in play (0 where the game has no end-of-wall check)."""
    paid_unready: float = 0.0
    """What a hand still not ready when the wall runs out pays at the check, in stakes, with
    all the other seats in play, before the wall's weight (0 where the game has none)."""
    measured: str = ""

    def expected(
        self,
        *,
        win: float,
        value: float,
        risk: float,
        wall_share: float,
        others: float = 1.0,
        steps: float = 0.0,
        end_value: float | None = None,
        unready: float = 0.0,
    ) -> float:
        """The expected money; ``end_value`` is a ready hand's largest hand (None: the hand
        is not ready), ``unready`` the chance that a hand not ready is still not ready when
        the wall runs out."""
        loss = self.lost_early * wall_share + self.lost_late + self.lost_per_step * steps
        if end_value is not None:
            loss -= (1.0 - wall_share) ** END_POWER * self.paid_at_end * end_value
        won = win * value * self.value_scale
        unready_pays = self.paid_unready * unready * (1.0 - wall_share) ** UNREADY_POWER
        return (
            (self.offset - (1.0 - win) * loss - unready_pays) * others
            + won
            - risk * self.deal_in_cost
        )


@dataclass(frozen=True)
class Parts:
    """What a forecast of one option is made of: the win-chance inputs (None: the option wins
    now), the hand's value, the deal-in risk of its discard, and money received at once."""

    features: tuple[float, ...] | None
    value: float
    risk: float | None
    paid_now: float
    wall_share: float
    follows: bool = False
    """The risk is that of the discard that follows the option (a claim): it counts in the
    money, but the option itself throws no tile."""
    others: float = 1.0
    """The share of the table's other seats still in play (Sichuan: 1 with all four playing,
    a third with one other left; always 1 where a deal ends at its first win)."""
    end_value: float = 0.0
    """A ready hand's largest hand, what the end-of-wall check pays it (0 where the game has
    none)."""
    liability: float = 0.0
    """What the discard is forecast to cost by making this seat liable for another's win
    (Hong Kong's pao: a claim of it for a fourth exposed group); 0 where the game has none."""
    end_penalty: float = 0.0
    """What the end-of-wall check is forecast to charge the hand for what it still holds,
    counted as it is (like a liability, not weighed by a measured curve): in Sichuan the
    chance that it is a flower pig, still holding a tile of its void suit, times what a pig
    pays. 0 where the game has no such check."""
    unready: float = 0.0
    """For a hand not ready after the option, where the game has an end-of-wall check: the
    chance that it is still not ready when the wall runs out, read as a binomial tail of
    its draws left (:func:`draw_chance`). It reads high, as a hand also wins or leaves
    first and gains acceptance on the way (read 0.35, still not ready 8 % of the time:
    ``python -m kit.mahjong.fitting sichuan --check`` sets the two side by side); the
    money's measured weight carries the scale. 0 for a ready hand, and where the game has
    no check."""

    @property
    def ready(self) -> bool:
        """Is the hand ready (one tile from a win) after the option?"""
        return self.features is not None and self.features[_READY] == 1.0

    @property
    def steps(self) -> float:
        """How many steps from ready the hand is, up to :data:`STEPS_COUNTED` (0 when the
        option wins now)."""
        if self.features is None:
            return 0.0
        return min(self.features[_DISTANCE], STEPS_COUNTED)

    def outcome(self, win: Weights, money: Money) -> Outcome:
        """The option's :class:`~kit.coach.Outcome` under these curves."""
        if self.features is None:
            return Outcome(win_chance=1.0, expected_net=self.paid_now + self.value)
        chance = win.chance(self.features)
        net = (
            self.paid_now
            - self.liability
            - self.end_penalty
            + money.expected(
                win=chance,
                value=self.value,
                risk=self.risk or 0.0,
                wall_share=self.wall_share,
                others=self.others,
                steps=self.steps,
                end_value=self.end_value if self.ready else None,
                unready=self.unready,
            )
        )
        risk = None if self.follows else self.risk
        return Outcome(win_chance=chance, expected_net=net, deal_in_risk=risk)
