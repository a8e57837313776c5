"""The Hong Kong coach: which tile to throw, what to claim, and when to win, with the facts.

A Hong Kong win needs the minimum fan (3 by default), so being *ready* is not
enough: the hand must be ready on a wait that scores. The coach therefore
measures two distances for every discard:

- ``shanten``: tiles away from ready in any winning shape (0 ready, −1 complete);
- ``fan_shanten``: tiles away from ready on a wait worth at least the minimum
  fan on a discard, along the best *fan path* still open (a flush, honour
  pungs, all pungs, a dragon or wind hand, thirteen orphans). It is empty (no
  number) when no path is left.

Paths do not fill equally fast, so each counts extra steps for its drawbacks
(:func:`kit.hongkong.fan_distance.handicap`): the ``effort`` column.
Discards are ranked by ``effort`` first, so a discard that keeps a quick path
to the minimum beats one that only makes a worthless ready hand. Among equal
efforts the coach keeps the most unseen tiles that bring its path nearer
(``fan_acceptance``: the count that makes a hand fast), then the most fan it
can expect from the win (``expected_fan``: the path's fan, the scoring honour
pungs held beside it, half a fan per scoring honour pair), and only then the
plain shanten. A ``danger`` level counts when the other seats show what they
collect, but only against a very visible hand (see :mod:`kit.hongkong.danger`).

The ranking follows from the facts the coach shows. A strong player counts a
path of pungs as slower than a flush the same distance away (its pairs must
meet a third copy, two left each, and a concealed path cannot claim), so the
coach keeps ranking by that speed, and shows it: the effort is a fact of every
discard, quoted by the comparison hint, and defined in the nudge. A discard
ranked lower is never as good on every fact shown and better on one.

>>> table = rank_discards("5567899m123p5777z")
>>> columns = ["discard", "shanten", "fan_shanten", "effort", "fan_acceptance", "expected_fan"]
>>> print(table[columns].iloc[[0, 3, 7]].to_string(index=False))
discard  shanten  fan_shanten  effort  fan_acceptance  expected_fan
     1p        1            2       2               7           4.0
     5m        1            1       2               3           3.0
     5z        0            2       3              52           4.0
>>> print(table.loc[0, "reason"])
Throwing 1p leaves the hand 1 from ready; 2 from ready for 3 fan, by half flush in characters, worth about 4 fan (3 for the path, 1 more from the honour pungs held); 7 unseen tiles bring it nearer; 11 unseen tiles improve the hand.
>>> print(table.loc[3, "reason"])
Throwing 5m leaves the hand 1 from ready; 1 from ready for 3 fan, by white dragon pung + red dragon pung + concealed hand; 3 unseen tiles bring it nearer; 24 unseen tiles improve the hand.

Reading choices, so that the facts stay exact and plain:

- ``acceptance`` counts the unseen copies (4 minus those in the hand, its
  melds and ``visible``) of every tile of the table's set that lowers the
  shanten; ``fan_acceptance`` the same for ``fan_shanten``.
- ``fan_shanten`` and the open ``paths`` are read as :mod:`kit.hongkong.fan_distance`
  reads them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from kit.coach import Advice, CoachFunctions, Facts, Option, by_money, checked_observation
from kit.hongkong.danger import Opponent, checked_opponents
from kit.hongkong.discards import DiscardFacts, HandContext, context_of, rank_facts
from kit.hongkong.fan import parse_hand, waits_with_fan
from kit.hongkong.fan_distance import NO_PATH, nearest_plans
from kit.hongkong.forecast import outcomes, pao_chance, pao_claimers, threats
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
from kit.hongkong.payout import tile_set
from kit.hongkong.rules import Rules
from kit.mahjong.forecast import unseen_for
from kit.mahjong.reading import quoted, tiles_of
from kit.mahjong.tiles import MOST_TILES, WIND_NAMES, WINDS, Hand, Meld, MeldKind, Tile
from kit.words import a_or_an, counted, counted_doing, listed, sentence

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "COACH",
    "COLUMNS",
    "HongKongFacts",
    "advise",
    "classic_advise",
    "classic_coach",
    "coach",
    "discard_advice",
    "discard_facts",
    "facts_frame",
    "rank_discards",
]

HOLD_WALL = 30
"""The coach holds out for more fan only with at least this many tiles left in the wall."""
HOLD_COPIES = 4
"""... and at least this many unseen copies of the bigger hand's waits."""


def _checked(hand: Hand | str, rules: Rules, seat_wind: str, round_wind: str) -> Hand:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a kit.hongkong.Rules value, not {quoted(rules)}")
    parsed = parse_hand(hand, rules)
    for letter, which in ((seat_wind, "seat_wind"), (round_wind, "round_wind")):
        allowed = WINDS[:2] if rules.players == 2 else WINDS
        if not isinstance(letter, str) or letter not in allowed:
            raise ValueError(f"{which} must be one of {', '.join(allowed)}, not {quoted(letter)}")
    if parsed.size != MOST_TILES:
        raise ValueError(
            f"a discard needs a 14-tile hand (kongs as three), not {parsed.size} tiles"
        )
    return parsed


def _wall_size_of(wall_size: object) -> int | None:
    if wall_size is None:
        return None
    if not isinstance(wall_size, int) or isinstance(wall_size, bool):
        raise TypeError(f"wall_size must be a count of tiles or None, not {quoted(wall_size)}")
    if wall_size < 0:
        raise ValueError(f"wall_size must be 0 or more, not {wall_size}")
    return wall_size


def discard_facts(
    hand: Hand | str,
    *,
    visible: Iterable[Tile | str] = (),
    rules: Rules = Rules(),
    seat_wind: str = "E",
    round_wind: str = "E",
    opponents: Sequence[Opponent] = (),
    wall_size: int | None = None,
) -> list[DiscardFacts]:
    """The facts of every distinct concealed tile of a 14-tile hand, best first (see
    :func:`rank_discards`)."""
    parsed = _checked(hand, rules, seat_wind, round_wind)
    seen = tiles_of(visible)
    others, wall = checked_opponents(opponents), _wall_size_of(wall_size)
    ctx = HandContext(parsed, seen, rules, seat_wind, round_wind, others, wall)
    return rank_facts(ctx, parsed)


def _fan_words(f: DiscardFacts) -> str:
    if f.fan_shanten >= NO_PATH:
        return f"no path to {f.min_fan} fan is left"
    if f.fan_shanten <= 0 and f.path_distance <= 0:
        where = f" ({', '.join(name for name, d in f.paths if d <= 0)})" if f.paths else ""
        return f"ready on a wait worth {f.min_fan} fan or more{where}"
    words = f"{f.path_distance} from ready for {f.min_fan} fan, by {f.best_path}"
    if f.path_distance > f.fan_shanten and f.nearest_path:
        words += (
            f" ({f.nearest_path} is nearer, {f.fan_shanten} from ready, but it is made of "
            "pungs or must stay concealed, so it fills slowly)"
        )
    return words


def _risk_words(f: DiscardFacts) -> str:
    if not f.danger:
        return ""
    return f"; danger {f.danger}: {f.danger_reason}"


def _value_words(f: DiscardFacts) -> str:
    if f.fan_shanten >= NO_PATH:
        return ""
    if not (f.bonus_fan or f.honour_pairs):
        return f", worth {f.path_fan} fan" if f.path_fan > f.min_fan else ""
    parts = []
    if f.bonus_fan:
        parts.append(f"{f.bonus_fan} more from the honour pungs held")
    if f.honour_pairs:
        if f.honour_pairs == 1:
            parts.append("half a fan for the scoring honour pair, which may become a pung")
        else:
            pairs = counted(f.honour_pairs, "scoring honour pair")
            parts.append(f"half a fan for each of {pairs}, which may become pungs")
    return f", worth about {f.expected_fan:g} fan ({f.path_fan} for the path, {', '.join(parts)})"


def _path_tiles_words(f: DiscardFacts) -> str:
    if f.fan_shanten >= NO_PATH:
        return ""
    verb = "win along it" if f.path_distance <= 0 else "bring it nearer"
    return f"; {counted_doing(f.fan_acceptance, 'unseen tile', verb)}"


def _discard_reason(f: DiscardFacts) -> str:
    helps = counted_doing(f.acceptance, "unseen tile", "improve the hand")
    path = f"{_fan_words(f)}{_value_words(f)}{_path_tiles_words(f)}"
    if f.worthless_ready:
        return (
            f"Throwing {f.tile} makes the hand ready, but no wait reaches {f.min_fan} fan "
            f"on a discard; {path}{_risk_words(f)}."
        )
    if f.fan_shanten <= 0 and f.path_distance <= 0:
        return f"Throwing {f.tile} leaves the hand {path}; {helps}{_risk_words(f)}."
    return (
        f"Throwing {f.tile} leaves the hand {f.shanten} from ready; {path}; "
        f"{helps}{_risk_words(f)}."
    )


COLUMNS = (
    "discard",
    "shanten",
    "acceptance",
    "tiles",
    "fan_shanten",
    "fan_acceptance",
    "best_path",
    "path_fan",
    "bonus_fan",
    "honour_pairs",
    "expected_fan",
    "effort",
    "danger",
    "paths",
    "reason",
)
"""The columns of :func:`rank_discards`, in order."""


def facts_frame(facts: Sequence[DiscardFacts]) -> pd.DataFrame:
    """The facts as a table, one row per discard, columns :data:`COLUMNS` (built column by
    column, which is several times faster than row by row)."""
    import pandas as pd

    def known(value: int) -> int | None:
        return None if value >= NO_PATH else value

    columns: dict[str, object] = {
        "discard": [str(f.tile) for f in facts],
        "shanten": [f.shanten for f in facts],
        "acceptance": [f.acceptance for f in facts],
        "tiles": [" ".join(map(str, f.tiles)) for f in facts],
        "fan_shanten": pd.array([known(f.fan_shanten) for f in facts], dtype="Int64"),
        "fan_acceptance": [f.fan_acceptance for f in facts],
        "best_path": [f.best_path or "" for f in facts],
        "path_fan": [f.path_fan for f in facts],
        "bonus_fan": [f.bonus_fan for f in facts],
        "honour_pairs": [f.honour_pairs for f in facts],
        "expected_fan": [f.expected_fan for f in facts],
        "effort": pd.array([known(f.effort) for f in facts], dtype="Int64"),
        "danger": [f.danger for f in facts],
        "paths": [
            "; ".join(f"{name} ({d if d >= 0 else 'done'})" for name, d in f.paths) for f in facts
        ],
        "reason": [_discard_reason(f) for f in facts],
    }
    return pd.DataFrame(columns, columns=list(COLUMNS))


def rank_discards(
    hand: Hand | str,
    *,
    visible: Iterable[Tile | str] = (),
    rules: Rules = Rules(),
    seat_wind: str = "E",
    round_wind: str = "E",
    opponents: Sequence[Opponent] = (),
    wall_size: int | None = None,
) -> pd.DataFrame:
    """Every distinct concealed tile of a 14-tile hand as a discard, best first.

    Columns: ``discard``, ``shanten`` (after the discard), ``acceptance`` and
    ``tiles`` (the tiles that lower it, counted unseen), ``fan_shanten`` (tiles
    from a ready hand whose wait scores ``rules.min_fan`` on a discard, along
    the nearest path; empty when no path is left), ``fan_acceptance`` (unseen
    tiles that bring ``best_path`` nearer), ``best_path`` (the path the coach
    aims for) and ``path_fan`` (its fan), ``effort`` (the distance along
    ``best_path`` plus its :func:`handicap`), ``bonus_fan`` (scoring honour
    pungs held beside the path), ``honour_pairs`` (scoring honour pairs beside
    it), ``expected_fan`` (``path_fan`` + ``bonus_fan`` + half a fan per pair),
    ``danger`` (0 safe, up to 4, from ``opponents``: what the other seats show,
    and ``wall_size``), ``paths`` (open paths with their distance) and ``reason``.

    Ranked by ``effort`` plus :func:`risk_cost` of the danger, then the most
    ``fan_acceptance``, the most ``expected_fan``, ``shanten``, ``danger``, the
    most ``acceptance`` and ``fan_shanten``: each a column, so a row ranked lower
    is never as good on every column and better on one.
    """
    return facts_frame(
        discard_facts(
            hand,
            visible=visible,
            rules=rules,
            seat_wind=seat_wind,
            round_wind=round_wind,
            opponents=opponents,
            wall_size=wall_size,
        )
    )


# --- advice for every decision ----------------------------------------------------------------


@dataclass(frozen=True)
class HongKongFacts(Facts):
    """The facts the Hong Kong coach ranks an option by (None: not a fact of that option)."""

    fan_shanten: int | None = None
    """Tiles from a ready hand worth the minimum fan (None for a win, or with no path left)."""
    effort: int | None = None
    """Tiles from a ready hand worth the minimum fan along ``path``, one more for a path that
    fills slowly (pungs only, or one that must stay concealed): what discards rank by first."""
    fan_tiles: int | None = None
    """Unseen tiles that bring ``path`` nearer."""
    expected_fan: float | None = None
    shanten: int | None = None
    improving_tiles: int | None = None
    path: str | None = None
    danger: int | None = None
    fan: int | None = None
    """The fan of a win now."""
    wall_left: int | None = None
    expected_net: float | None = None
    """The forecast money from now to the end of the deal, in the payment table's units."""
    win_chance: float | None = None
    """The forecast chance of winning this deal."""
    deal_in_risk: float | None = None
    """For a discard: the forecast chance that this very tile is won on."""

    CHANCES: ClassVar[frozenset[str]] = frozenset({"win_chance", "deal_in_risk"})
    SIMPLE: ClassVar[tuple[str, ...]] = ("shanten", "improving_tiles")


def _distance(value: int) -> int | None:
    return None if value >= NO_PATH else value


def _from_ready(value: int, min_fan: int) -> str:
    """How far a hand is from a ready hand worth ``min_fan``, said after "the hand is"."""
    fan = a_or_an(f"{min_fan}-fan")
    far = f"out of reach of {min_fan} fan" if value >= NO_PATH else f"{value} from {fan} ready hand"
    return f"ready for {fan} win" if value <= 0 else far


def _discard_options(
    facts: Sequence[DiscardFacts], action: Callable[[Tile], object]
) -> list[Option]:
    """One option per discard, in the order of ``facts``, with the facts it is ranked by."""
    return [
        Option(
            action(f.tile),
            f"discard {f.tile}",
            HongKongFacts(
                fan_shanten=_distance(f.fan_shanten),
                effort=_distance(f.effort),
                fan_tiles=f.fan_acceptance,
                expected_fan=f.expected_fan,
                shanten=f.shanten,
                improving_tiles=f.acceptance,
                path=f.best_path or "none",
                danger=f.danger,
            ),
            _discard_reason(f),
        )
        for f in facts
    ]


def _discard_shown(options: Sequence[Option]) -> tuple[str, ...]:
    """What a comparison and the table quote: every fact a discard is ranked by, the danger
    only when a tile is dangerous."""
    shown = ("fan_shanten", "effort", "fan_tiles", "expected_fan", "shanten", "improving_tiles")
    dangerous = any(isinstance(o.facts, HongKongFacts) and o.facts.danger for o in options)
    return (*shown, "danger") if dangerous else shown


def _discard_concept(min_fan: int) -> str:
    return (
        f"Which tile keeps a path to {min_fan} fan open with the least effort, and how many "
        f"unseen tiles help it? Effort counts the tiles from a ready hand worth {min_fan} fan "
        "along the path, with steps added when the path fills slowly (pungs only, named "
        "honours, thirteen orphans, or a hand that must stay concealed)."
    )


def discard_advice(
    hand: Hand | str,
    *,
    visible: Iterable[Tile | str] = (),
    rules: Rules = Rules(),
    seat_wind: str = "E",
    round_wind: str = "E",
    opponents: Sequence[Opponent] = (),
    wall_size: int | None = None,
) -> Advice:
    """The coach's advice on which tile of a 14-tile hand to throw, as for a seat on its turn:
    one option per distinct concealed tile (its action is the tile), ranked as
    :func:`rank_discards` ranks them, so a hint and a review can be read off a bare hand.

    >>> advice = discard_advice("5567899m123p5777z")
    >>> advice.best.label, advice.shown[:3]
    ('discard 1p', ('fan_shanten', 'effort', 'fan_tiles'))
    """
    facts = discard_facts(
        hand,
        visible=visible,
        rules=rules,
        seat_wind=seat_wind,
        round_wind=round_wind,
        opponents=opponents,
        wall_size=wall_size,
    )
    options = _discard_options(facts, lambda tile: tile)
    return Advice(
        "discard",
        _discard_concept(rules.min_fan),
        tuple(options),
        shown=_discard_shown(options),
        loss=_discard_loss(rules.min_fan),
    )


def _discard_loss(min_fan: int) -> Callable[[Option, Option], str]:
    """What a choice gave up against the best at a table of this minimum fan."""

    def loss(best: Option, chosen: Option) -> str:
        mine, theirs = HongKongFacts.of(chosen), HongKongFacts.of(best)
        b, c = theirs.fan_shanten, mine.fan_shanten
        if b is not None and c is None:
            verb = chosen.label.replace("discard ", "threw ").replace("pung", "took the pung")
            return f"{verb}: the hand can no longer reach {min_fan} fan"
        if b is not None and c is not None and c > b:
            more = f"{c - b} more tile{'s' if c - b > 1 else ''}"
            return f"{chosen.label}: {more} from {a_or_an(f'{min_fan}-fan')} ready hand"
        e, f = theirs.effort, mine.effort
        if e is not None and f is not None and f > e:
            return (
                f"{chosen.label}: effort {f} against {e}, a slower path to "
                f"{a_or_an(f'{min_fan}-fan')} ready hand"
            )
        kept = (
            chosen.label.replace("discard ", "kept ")
            if chosen.label.startswith("discard")
            else chosen.label
        )
        for gap, words in (
            ((theirs.fan_tiles or 0) - (mine.fan_tiles or 0), "fewer tiles towards the fan"),
            (
                (theirs.expected_fan or 0) - (mine.expected_fan or 0),
                "fan less to expect from the win",
            ),
            (
                (theirs.improving_tiles or 0) - (mine.improving_tiles or 0),
                "fewer unseen improving tiles",
            ),
        ):
            if gap > 0:
                return f"{kept}: {gap:g} {words}"
        return f"{chosen.label}: the coach preferred {best.label}"

    return loss


def _turn_advice(view: SeatView, *, quick: bool = False) -> Advice:
    seat, rules = view.seat, view.rules
    facts = rank_facts(context_of(view), view.hand, quick=quick)
    discards = _discard_options(facts, lambda tile: Discard(seat, tile))
    options: list[Option] = []
    score_now = view.win_score()
    if score_now is not None:
        hold = _hold_out(view, discards, score_now.fan)
        win = Option(
            Hu(seat),
            "win",
            HongKongFacts(fan=score_now.fan, wall_left=view.wall_size),
            f"{a_or_an(str(score_now.fan))}-fan win now ({score_now.breakdown}); a win ends "
            "the deal and is paid at once, while waiting lets another player win first",
        )
        if hold is None:
            options.append(win)
        else:
            discards[0] = hold
            options += [discards[0], win]
            discards = discards[1:]
    kong_options = [_kong_option(view, action) for action in _kongs(view)]
    best_discard = discards[0] if discards else None
    for option in kong_options:
        if best_discard is not None and _kong_keeps(option, best_discard):
            options.append(option)
        else:
            discards.append(option)
    options += discards
    return Advice(
        "discard",
        _discard_concept(rules.min_fan),
        tuple(options),
        shown=_discard_shown(options),
        loss=_discard_loss(rules.min_fan),
    )


def _kongs(view: SeatView) -> list[ConcealedKong | AddedKong]:
    """The kongs this seat may declare on its turn now."""
    concealed = view.concealed
    pungs = {m.first for m in view.melds if m.kind is MeldKind.PUNG}
    found: list[ConcealedKong | AddedKong] = []
    for tile in sorted(set(concealed)):
        if concealed.count(tile) == 4 and view.can_concealed_kong(tile):
            found.append(ConcealedKong(view.seat, tile))
        elif tile in pungs and view.can_added_kong(tile):
            found.append(AddedKong(view.seat, tile))
    return found


def _claims(view: SeatView) -> list[Pung | Kong | Chow]:
    """The groups this seat may claim with the discard on offer."""
    seat = view.seat
    found: list[Pung | Kong | Chow] = []
    if view.can_kong():
        found.append(Kong(seat))
    if view.can_pung():
        found.append(Pung(seat))
    found += [Chow(seat, first) for first in view.chows()]
    return found


def _hold_out(view: SeatView, discards: list[Option], fan_now: int) -> Option | None:
    """A discard that keeps a ready hand worth clearly more, when the wall is long enough."""
    rules = view.rules
    if fan_now > rules.min_fan or view.wall_size < HOLD_WALL or not discards:
        return None
    ctx = context_of(view)
    for option in discards[:3]:
        assert isinstance(option.action, Discard)
        kept = view.hand.without(option.action.tile)
        found = waits_with_fan(kept, rules, seat_wind=view.seat_wind, round_wind=view.round_wind)
        big = [w for w in found if w.discard.wins and w.discard.fan >= rules.fan_cap]
        copies = sum(ctx.unseen[w.tile.index] for w in big)
        if big and copies >= HOLD_COPIES:
            return Option(
                option.action,
                option.label,
                option.facts,
                f"holds out: {copies} unseen tiles would win the limit ({rules.fan_cap} fan) "
                f"against {fan_now} fan now, with {view.wall_size} tiles left",
            )
    return None


def _kong_option(view: SeatView, action: ConcealedKong | AddedKong) -> Option:
    hand = view.hand
    tile = action.tile
    concealed = list(hand.concealed)
    if isinstance(action, ConcealedKong):
        for _ in range(4):
            concealed.remove(tile)
        melds = (*hand.melds, Meld(MeldKind.KONG, tile, concealed=True))
        label = f"concealed kong of {tile}"
    else:
        concealed.remove(tile)
        melds = tuple(
            Meld(MeldKind.KONG, tile) if m.kind is MeldKind.PUNG and m.first == tile else m
            for m in hand.melds
        )
        label = f"add {tile} to the pung"
    after = Hand(tuple(concealed), melds)
    ctx = context_of(view, after)
    counts = list(after.counts)
    fan_after, effort, _, _ = nearest_plans(counts, ctx.plans, ctx.two_player)
    sh_after = ctx.shanten(counts)
    return Option(
        action,
        label,
        HongKongFacts(
            fan_shanten=_distance(fan_after),
            effort=_distance(effort),
            shanten=sh_after,
            path="kong",
        ),
        "a kong draws a replacement tile at once; after it the hand is "
        + _from_ready(fan_after, view.rules.min_fan),
    )


def _kong_keeps(kong: Option, best: Option) -> bool:
    """Declare the kong when it keeps the effort of the best discard (a free draw)."""
    k, b = HongKongFacts.of(kong).effort, HongKongFacts.of(best).effort
    if k is None:
        return b is None
    return b is None or k <= b


def _after_claim(view: SeatView, action: Pung | Kong | Chow) -> tuple[int, int, int, str]:
    """(fan shanten, shanten, effort, path) after a claim and its best discard."""
    tile = view.claimed_tile
    assert tile is not None
    hand = view.hand
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
    after = Hand(tuple(concealed), (*hand.melds, meld))
    # the claimed tile is now in this seat's meld, no longer on the discard pile
    visible = _without(view.visible, tile)
    ctx = HandContext(after, visible, view.rules, view.seat_wind, view.round_wind)
    counts = list(after.counts)
    if isinstance(action, Kong):  # 13 tiles after the kong: a replacement draw comes next
        fan, effort, plans, _ = nearest_plans(counts, ctx.plans, ctx.two_player)
        path = plans[0].path.name if plans else "none"
        return fan, ctx.shanten(counts), effort, path
    best: tuple[int, int, int, str] | None = None
    ctx.narrow(counts)
    for t in sorted(set(after.concealed)):
        counts[t.index] -= 1
        fan, effort, plans, _ = nearest_plans(counts, ctx.plans, ctx.two_player)
        path = plans[0].path.name if plans else "none"
        key = (fan, ctx.shanten(counts), effort, path)
        counts[t.index] += 1
        if best is None or (key[2], key[1]) < (best[2], best[1]):
            best = key
    assert best is not None
    return best


def _without(tiles: list[Tile], tile: Tile) -> list[Tile]:
    out = list(tiles)
    if tile in out:
        out.remove(tile)
    return out


def _claim_advice(view: SeatView) -> Advice:
    seat, rules = view.seat, view.rules
    tile = view.claimed_tile
    assert tile is not None
    options: list[tuple[tuple[int, ...], Option]] = []
    score_now = view.win_score()
    if score_now is not None:
        options.append(
            (
                (-1,),
                Option(
                    Hu(seat),
                    "win",
                    HongKongFacts(fan_shanten=-1, shanten=-1, fan=score_now.fan),
                    f"{tile} completes {a_or_an(str(score_now.fan))}-fan hand "
                    f"({score_now.breakdown})",
                ),
            )
        )
    ctx = context_of(view)
    counts = list(view.hand.counts)
    fan_now, effort_now, _, _ = nearest_plans(counts, ctx.plans, ctx.two_player)
    sh_now = ctx.shanten(counts)
    concealed_now = not view.melds
    pass_facts = HongKongFacts(fan_shanten=_distance(fan_now), shanten=sh_now)
    options.append(
        (
            (effort_now, 1, sh_now),
            Option(
                Pass(seat),
                "pass",
                pass_facts,
                f"keeps the hand as it is: {_from_ready(fan_now, rules.min_fan)}"
                + (", still concealed" if concealed_now else ""),
            ),
        )
    )
    for action in _claims(view):
        fan, sh, effort, path = _after_claim(view, action)
        label = {Pung: "pung", Kong: "kong"}.get(type(action), "")
        if isinstance(action, Chow):
            label = (
                f"chow {''.join(str(action.first.number + k) for k in range(3))}{action.first.suit}"
            )
        facts = HongKongFacts(fan_shanten=_distance(fan), shanten=sh)
        reason = f"after it (and the best discard) the hand is {_from_ready(fan, rules.min_fan)}"
        reason += f", by {path}" if fan < NO_PATH else ""
        # A claim is worth it when it brings the fan path nearer than passing.
        kong_bonus = 0 if isinstance(action, Kong) else 1
        rank = (effort, 0 if effort < effort_now else 2, sh + kong_bonus - 1)
        options.append((rank, Option(action, label, facts, reason)))
    ordered = tuple(o for _, o in sorted(options, key=lambda pair: pair[0]))
    return Advice(
        "claim",
        f"Does taking {tile} bring {a_or_an(str(rules.min_fan))}-fan hand nearer, or does the "
        "claim close the path (and the concealed-hand fan)?",
        ordered,
        shown=("fan_shanten", "shanten"),
        loss=_claim_loss(rules.min_fan),
    )


def _claim_loss(min_fan: int) -> Callable[[Option, Option], str]:
    def loss(best: Option, chosen: Option) -> str:
        b, c = HongKongFacts.of(best).fan_shanten, HongKongFacts.of(chosen).fan_shanten
        name = chosen.label
        verb = "passed" if name == "pass" else f"took the {name}"
        if b is not None and c is None:
            return f"{verb}: the hand can no longer reach {min_fan} fan"
        if b is not None and c is not None and c > b:
            return f"{verb}: {c - b} more from {a_or_an(f'{min_fan}-fan')} ready hand"
        if name != "pass" and best.label == "pass":
            return f"{verb}: it does not bring {min_fan} fan nearer and gives up a concealed hand"
        return f"{verb}: the coach preferred {best.label}"

    return loss


def _rob_advice(view: SeatView) -> Advice:
    seat = view.seat
    score_now = view.win_score()
    options = []
    if score_now is not None:
        options.append(
            Option(
                Hu(seat),
                "rob the kong",
                HongKongFacts(fan=score_now.fan),
                f"robbing the kong wins {score_now.fan} fan ({score_now.breakdown})",
            )
        )
    options.append(Option(Pass(seat), "pass", HongKongFacts(fan=0), "let the kong be made"))
    return Advice(
        "rob",
        "A tile added to a pung can be robbed if it completes your hand.",
        tuple(options),
    )


def classic_advise(view: SeatView, *, quick: bool = False) -> Advice:
    """The shape coach's advice: the options ranked by the facts of the hand alone (the
    path to the minimum fan, its effort, the tiles that help), with no forecast. ``quick``
    (the ``"classic-coach"`` bot) counts improving tiles only for the discards that could
    be best."""
    checked_observation(view, SeatView, "Hong Kong")
    phase = view.phase
    if view.seat in view.to_move:
        if phase == "discard":
            return _turn_advice(view, quick=quick)
        if phase == "claim":
            return _claim_advice(view)
        if phase == "rob":
            return _rob_advice(view)
    raise ValueError(f"seat {view.seat} has no decision to make now ({phase})")


def advise(view: SeatView) -> Advice:
    """The coach's advice for this seat's decision now, with its reasons.

    Covers the turn (win or hold out, kongs, the discard), claims on a
    discard (win, kong, pung, chow or pass) and robbing a kong. Every option
    carries its forecast (:mod:`kit.hongkong.forecast`: win chance, deal-in risk,
    expected money), and the options are ranked by the expected money; the facts
    of the hand (the path to the minimum fan and the tiles that help) stay beside
    it and break its ties.
    """
    advice = with_pao_words(view, classic_advise(view))
    gone = out_of_play_words(view) if advice.decision == "discard" else ""
    if gone:
        advice = replace(advice, concept=f"{advice.concept} {gone}")
    found = outcomes(view, [o.action for o in advice.options])
    if not view.can_win():
        return by_money(advice, found, method=METHOD)
    # a win now, or holding out for the limit: the shape coach's rule decides (it compares
    # the waits of the bigger hand with the fan in hand); the forecast ranks the rest
    chosen = advice.best
    return by_money(advice, found, first=lambda option: 0 if option is chosen else 1, method=METHOD)


def out_of_play_words(view: SeatView) -> str:
    """Words for the other seats that can no longer win on a discard, or "": their exposed
    groups leave no path to the minimum fan (:func:`~kit.hongkong.fan_distance.closed_tiles`:
    chows of two suits, say, with the honour pungs they would need out of reach). Their
    danger is nil; they can still win self-drawn, or by robbing a kong, with the fan those
    add."""
    every = len(tile_set(view.rules).kinds)
    gone = [
        f"the {WIND_NAMES[view.seat_winds[seen.seat]]} seat "
        f"({' '.join(map(str, view.all_melds[seen.seat]))})"
        for seen in threats(view, unseen_for(view, tile_set(view.rules)))
        if len(seen.closed) == every
    ]
    if not gone:
        return ""
    one = len(gone) == 1
    return sentence(
        f"{listed(gone)} can no longer win on a discard: {'its' if one else 'their'} exposed "
        f"groups leave no way to {view.rules.min_fan} fan, so no tile you throw is a danger "
        f"to {'it' if one else 'them'}"
    )


def pao_words(view: SeatView, tile: Tile) -> str:
    """Words for a discard another seat could pung into pao, or "" (reference/hongkong.md#pao),
    with how often such a tile was punged by such a seat
    (:func:`~kit.hongkong.forecast.pao_chance`). A seat whose pung of it was never seen (a
    number tile of another suit than the one it collects) is not named: the money counts
    nothing for it, and a warning on half the hand would hide the tiles that matter."""
    unseen = unseen_for(view, tile_set(view.rules))
    pung = Meld(MeldKind.PUNG, tile)
    named = []
    for seat in pao_claimers(view, tile, unseen):
        melds = view.all_melds[seat]
        chance = pao_chance(tile, unseen, melds)
        if chance:
            named.append(
                f"the {WIND_NAMES[view.seat_winds[seat]]} seat could pung it for its "
                f"{pao_of((*melds, pung), pung)} (about 1 in {round(1 / chance)} such tiles is)"
            )
    if not named:
        return ""
    return f"; {' or '.join(named)}: you would then pay all of its win, should it come (pao)"


def with_pao_words(view: SeatView, advice: Advice) -> Advice:
    """``advice`` with :func:`pao_words` added to the reason of each discard they concern."""
    options = []
    for option in advice.options:
        action = option.action
        words = pao_words(view, action.tile) if isinstance(action, Discard) else ""
        if words:
            option = replace(option, reason=f"{option.reason.rstrip('.')}{words}.")
        options.append(option)
    return replace(advice, options=tuple(options))


METHOD = ("hongkong", "coach")
"""Where the reference explains the forecasts: reference/hongkong.md#coach."""


def coach(view: SeatView) -> Action:
    """A bot that plays the coach's recommendation: the most expected money."""
    checked_observation(view, SeatView, "Hong Kong")
    legal = view.legal_actions()
    if len(legal) == 1:
        only: Action = legal[0]
        return only
    if view.can_win():  # win now or hold out: the shape coach's rule decides
        action: Action = advise(view).action
        return action
    # the most expected money, as :func:`advise` ranks first; the discards come in the
    # shape facts' order, which breaks exact ties of money between them
    found = outcomes(view, legal)
    most = max(outcome.expected_net for outcome in found.values())
    tied = [a for a, outcome in found.items() if outcome.expected_net == most]
    if len(tied) > 1 and not all(isinstance(a, Discard) for a in tied):
        # a tie the advice's order breaks: a kong that keeps the hand's effort comes
        # before throwing its tile, two chows alike fall as the advice says
        tied = [advise(view).action]
    best: Action = tied[0]
    return best


def classic_coach(view: SeatView) -> Action:
    """A bot that plays the shape coach's recommendation (:func:`classic_advise`)."""
    action: Action = classic_advise(view, quick=True).action
    return action


COACH = CoachFunctions(advise, coach)
"""This game's coach as one object: ``COACH.advise(view)`` and ``COACH.act(view)``."""
