"""The Sichuan coach: each discard ranked by facts, and advice for every decision of a deal.

The coach sees what a seat sees: its own hand and void, every discard and
exposed meld, the voids the others named, the rules and the wall size. From
that it counts the *unseen* copies of each tile (4 minus those in the hand and
those in view) and ranks each discard by plain facts:

- a tile of the void suit goes first: it can be in no group, and a hand still
  holding one can never win;
- then the *shanten* after the discard: how many tiles away from ready;
- then the *acceptance*: the unseen copies of every tile that would bring the
  hand one step closer.

>>> table = rank_discards("123456789p1257s9m", void="m", visible=["3s", "3s"])
>>> print(table[["discard", "shanten", "acceptance", "tiles"]].head(3).to_string(index=False))
discard  shanten  acceptance             tiles
     9m        1          18 1s 2s 3s 5s 6s 7s
     1s        1           7             2s 6s
     2s        1           7             1s 6s
>>> print(table.loc[0, "reason"])
9m is of your void suit (m): it can be in no group, so it goes first; after it the hand is 1 step from ready, and 18 unseen tiles (1s 2s 3s 5s 6s 7s) would bring it closer.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from kit.coach import (
    Advice,
    CoachFunctions,
    Facts,
    Option,
    Outcome,
    by_money,
    checked_observation,
    with_outcomes,
)
from kit.mahjong.forecast import draws_left
from kit.mahjong.hands import improving_tiles, shanten
from kit.mahjong.names import suit_name
from kit.mahjong.reading import quoted, tiles_of
from kit.mahjong.reading import unseen_counts as unseen_of
from kit.mahjong.tiles import MOST_TILES, SUITS, Hand, KongKind, Tile, counts_of
from kit.sichuan.fan import PATTERNS, parse_hand, waits_with_fan
from kit.sichuan.forecast import FLUSH_FAN, WALL_START, outcomes, pig_chance
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
)
from kit.sichuan.rules import FORMS, PLAYERS, SICHUAN_TILES, Rules
from kit.sichuan.settle import KONG_PAYMENTS
from kit.words import a_or_an, amount, amount_under, counted

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "COACH",
    "DiscardFacts",
    "SichuanFacts",
    "advise",
    "classic_advise",
    "classic_coach",
    "coach",
    "discard_facts",
    "hold_margin",
    "quiet",
    "rank_discards",
    "unseen_counts",
]

# --- reading the input -----------------------------------------------------------------------


def _hand_of(hand: Hand | str) -> Hand:
    if not isinstance(hand, Hand | str):
        raise TypeError(f"hand must be a Hand or tile notation, not {quoted(hand)}")
    return parse_hand(hand)


def _tiles_of(visible: Iterable[Tile | str] | str) -> list[Tile]:
    tiles = tiles_of(visible)
    for tile in tiles:
        if tile.is_honour:
            raise ValueError(f"{tile} is an honour tile; Sichuan mahjong has none")
    return tiles


def _void_of(void: object) -> str:
    if void not in SUITS:
        raise ValueError(f"void must be one of m, p, s, not {quoted(void)}")
    assert isinstance(void, str)
    return void


def unseen_counts(hand: Hand | str, visible: Iterable[Tile | str] | str = ()) -> list[int]:
    """Unseen copies of each of the 34 tile kinds: 4 minus those in the hand (melds too)
    and those in ``visible``.

    >>> unseen_counts("123456789p1257s9m", visible=["3s"])[Tile.parse("3s").index]
    3
    """
    return unseen_of(_hand_of(hand), _tiles_of(visible), SICHUAN_TILES)


# --- the facts of each discard ---------------------------------------------------------------


@dataclass(frozen=True)
class DiscardFacts:
    """What throwing one tile leaves: its shanten, the tiles that improve it, and more."""

    tile: Tile
    void_tile: bool
    """The tile is of the void suit."""
    void_left: int
    """Void-suit tiles still held after the discard."""
    shanten: int
    """Steps from ready after the discard, void tiles counted as dead (0 is ready)."""
    acceptance: int
    """Unseen copies of every tile that would lower the shanten."""
    tiles: tuple[Tile, ...]
    """The tiles that would lower the shanten, in tile order."""
    off_suit: int
    """Tiles outside the hand's main suit after the discard (0 is a full-flush path)."""
    seen: int
    """Copies of the discarded tile already in view (more is safer to throw)."""
    danger: int = 0
    """Other players still in play who could win on this tile (its suit is not their void)."""
    value: int | None = None
    """For a ready hand: the best value among its winning tiles, as a win on a discard."""

    @property
    def label(self) -> str:
        return self.tile.notation()

    def key(self) -> tuple[int, ...]:
        """Smaller is better: void tiles first, then shanten, acceptance and the ties."""
        return (
            self.void_left,
            self.shanten,
            -self.acceptance,
            -(self.value or 0),
            self.off_suit,
            self.danger,
            -self.seen,
            -abs(self.tile.number - 5),
        )


def _improving(counts: list[int], void: str, unseen: Sequence[int]) -> tuple[int, tuple[Tile, ...]]:
    """(unseen copies, tiles) of every live tile that lowers the shanten of 13 tiles."""
    tiles = tuple(
        t for t in improving_tiles(bytes(counts), FORMS, dead_suit=void) if unseen[t.index]
    )
    return sum(unseen[t.index] for t in tiles), tiles


def _off_suit(suits: Sequence[int]) -> int:
    """Tiles outside the main live suit, from the tiles held in each live suit."""
    return sum(suits) - max(suits)


def _facts(
    hand: Hand, void: str, unseen: Sequence[int], visible: Sequence[int], rules: Rules, *,
    all_rows: bool = True, threats: Sequence[str | None] = (),
) -> list[DiscardFacts]:  # fmt: skip
    counts = counts_of(hand.concealed)
    void_held = sum(1 for t in hand.concealed if t.suit == void)
    live = [suit for suit in SUITS if suit != void]
    per_suit = Counter(t.suit for t in hand.all_tiles)
    rows: list[tuple[Tile, int]] = []
    for tile in sorted(set(hand.concealed)):
        counts[tile.index] -= 1
        rows.append((tile, shanten(bytes(counts), FORMS, dead_suit=void)))
        counts[tile.index] += 1
    best_void = min((1 if tile.suit == void else 0) for tile, _ in rows) if void_held else 0
    best = min(s for tile, s in rows if (tile.suit == void) >= bool(best_void))
    out = []
    for tile, after in rows:
        is_void = tile.suit == void
        detailed = all_rows or (is_void >= bool(best_void) and after <= best)
        accept = 0
        tiles: tuple[Tile, ...] = ()
        if detailed:
            counts[tile.index] -= 1
            accept, tiles = _improving(counts, void, unseen)
            counts[tile.index] += 1
        suits = [per_suit[suit] - (tile.suit == suit) for suit in live]
        out.append(
            DiscardFacts(
                tile=tile,
                void_tile=is_void,
                void_left=void_held - is_void,
                shanten=after,
                acceptance=accept,
                tiles=tiles,
                off_suit=_off_suit(suits),
                seen=visible[tile.index],
                danger=sum(1 for other in threats if other != tile.suit),
            )
        )
    out = _with_values(hand, out, void, rules, unseen)
    return sorted(out, key=DiscardFacts.key)


def _with_values(
    hand: Hand, rows: list[DiscardFacts], void: str, rules: Rules, unseen: Sequence[int]
) -> list[DiscardFacts]:
    """Add the hand value to every ready row with a live wait, when there is a choice of
    waits: it breaks the ties of acceptance, and it is what the forecast coach weighs
    among the ready discards."""
    ready = [r for r in rows if r.shanten == 0 and r.void_left == 0 and r.acceptance]
    if len(ready) < 2:
        return rows
    out = []
    for row in rows:
        if row in ready:
            waits = waits_with_fan(hand.without(row.tile), void=void, rules=rules)
            values = [w.discard.value for w in waits if w.discard.wins and unseen[w.tile.index]]
            row = DiscardFacts(**{**vars(row), "value": max(values, default=None)})
        out.append(row)
    return out


def _checked(
    hand: Hand | str,
    void: object,
    visible: Iterable[Tile | str] | str,
    rules: Rules,
    others: Iterable[str | None] = (),
) -> tuple[Hand, str, list[int], list[int], list[str | None]]:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a kit.sichuan.Rules value, not {quoted(rules)}")
    parsed = _hand_of(hand)
    if parsed.size != MOST_TILES:
        raise ValueError(
            f"a discard is chosen from a 14-tile hand (kongs as three), not {parsed.size} tiles"
        )
    suit = _void_of(void)
    if any(meld.first.suit == suit for meld in parsed.melds):
        raise ValueError(f"a meld of the void suit ({suit}) can never be part of a win")
    seen = _tiles_of(visible)
    unseen = unseen_counts(parsed, seen)
    threats = _others_of(others)
    return parsed, suit, unseen, counts_of(seen), threats


def _others_of(others: object) -> list[str | None]:
    """The other players' voids, one per other player still in play (at most three)."""
    if isinstance(others, str | bytes) or not isinstance(others, Iterable):
        raise TypeError(f"others must be a list of the other players' voids, not {quoted(others)}")
    threats = list(others)
    if len(threats) > PLAYERS - 1:
        raise ValueError(
            f"others names the voids of at most {PLAYERS - 1} other players, not {len(threats)}"
        )
    for other in threats:
        if other is not None and other not in SUITS:
            raise ValueError(f"others must hold voids m, p, s or None, not {quoted(other)}")
    return threats


def discard_facts(
    hand: Hand | str,
    *,
    void: str,
    visible: Iterable[Tile | str] | str = (),
    rules: Rules = Rules(),
    others: Iterable[str | None] = (),
) -> list[DiscardFacts]:
    """The facts of every distinct discard of a 14-tile hand, best first (see :func:`rank_discards`)."""
    parsed, suit, unseen, seen, threats = _checked(hand, void, visible, rules, others)
    return _facts(parsed, suit, unseen, seen, rules, threats=threats)


def _steps(n: int) -> str:
    return "ready" if n == 0 else f"{n} step{'s' if n > 1 else ''} from ready"


def _discard_reason(f: DiscardFacts, void: str) -> str:
    names = " ".join(t.notation() for t in f.tiles)
    if f.shanten == 0:
        after = "the hand is ready" + (
            f", and {counted(f.acceptance, 'unseen tile')} ({names}) would win"
            if f.acceptance
            else ", but no unseen tile would win"
        )
        if f.value:
            after += f", worth up to {f.value} each on a discard"
    else:
        after = f"the hand is {_steps(f.shanten)}" + (
            f", and {counted(f.acceptance, 'unseen tile')} ({names}) would bring it closer"
            if f.acceptance
            else ""
        )
    if f.void_tile:
        return (
            f"{f.label} is of your void suit ({void}): it can be in no group, so it goes first; "
            f"after it {after}."
        )
    if f.void_left:
        return (
            f"Throwing {f.label} keeps {f.void_left} void-suit tile"
            f"{'s' if f.void_left > 1 else ''}, which must go first; {after}."
        )
    flush = " It keeps a full-flush path." if f.off_suit == 0 else ""
    return f"Throwing {f.label}: {after}.{flush}"


def rank_discards(
    hand: Hand | str,
    *,
    void: str,
    visible: Iterable[Tile | str] | str = (),
    rules: Rules = Rules(),
    others: Iterable[str | None] = (),
) -> pd.DataFrame:
    """Every distinct discard of a 14-tile hand (kongs as three), best first.

    ``void`` is the suit named void; ``visible`` the tiles in view on the
    table (every discard and the others' melds); ``others`` the voids of the
    other players still in play, if known. Columns: ``discard``,
    ``void_tile``, ``shanten`` (after the discard, void tiles dead),
    ``acceptance`` (unseen copies of the tiles that lower it), ``tiles``
    (those tiles), ``off_suit`` (tiles outside the main suit: 0 keeps a full
    flush open), ``danger`` (players in ``others`` who could win on the
    tile), ``seen`` (copies of the discard in view), ``value`` (a ready
    hand's best win on a discard, where it breaks a tie) and ``reason``.

    While a void-suit tile remains, a void-suit tile comes first; then the
    lower shanten, the more acceptance, the higher value, the fewer tiles off
    the main suit, the fewer players it could feed, and the tile most seen.
    """
    import pandas as pd

    parsed, suit, unseen, seen, threats = _checked(hand, void, visible, rules, others)
    rows = [
        {
            "discard": f.label,
            "void_tile": f.void_tile,
            "shanten": f.shanten,
            "acceptance": f.acceptance,
            "tiles": " ".join(t.notation() for t in f.tiles),
            "off_suit": f.off_suit,
            "danger": f.danger,
            "seen": f.seen,
            "value": f.value,
            "reason": _discard_reason(f, suit),
        }
        for f in _facts(parsed, suit, unseen, seen, rules, threats=threats)
    ]
    return pd.DataFrame(rows).astype({"value": "Int64"})


# --- advice for every decision ---------------------------------------------------------------


def visible_tiles(view: SeatView) -> list[Tile]:
    """Every tile this seat can see outside its own hand: discards and the others' melds."""
    shown = [tile for tile, _ in view.discards]
    for seat, melds in enumerate(view.all_melds):
        if seat != view.seat:
            shown += [tile for meld in melds for tile in meld.tiles]
    return shown


@dataclass(frozen=True)
class SichuanFacts(Facts):
    """The facts the Sichuan coach ranks an option by (None: not a fact of that option)."""

    void_tiles_left: int | None = None
    tiles_to_throw: int | None = None
    """Tiles of the suit to name void, all to be thrown."""
    shanten: int | None = None
    acceptance: int | None = None
    kong_money: int | None = None
    """Money a kong claim is paid at once."""
    off_suit_tiles: int | None = None
    """Concealed tiles outside the suit a full flush would be made of, after the discard
    (shown while a full flush is in reach: :func:`flush_suit`)."""
    keeps_seven_pairs: bool | None = None
    """Passing keeps seven pairs, fully concealed and worth more fan, as near as any other
    way to ready; a claim shows a group and gives it up."""
    wins: bool | None = None
    expected_net: float | None = None
    """The forecast money from now to the end of the deal, in stakes."""
    win_chance: float | None = None
    """The forecast chance of winning this deal at least once."""
    deal_in_risk: float | None = None
    """For a discard: the forecast chance that this very tile is won on."""

    CHANCES: ClassVar[frozenset[str]] = frozenset({"win_chance", "deal_in_risk"})
    SIMPLE: ClassVar[tuple[str, ...]] = ("void_tiles_left", "shanten", "acceptance")


def _void_advice(view: SeatView) -> Advice:
    hand = view.hand
    held = Counter(tile.suit for tile in hand.concealed)
    options = []
    for suit in SUITS:
        after = shanten(bytes(hand.counts), FORMS, dead_suit=suit)
        options.append(
            (
                (after, held[suit], suit),
                Option(
                    ChooseVoid(view.seat, suit),
                    f"name {suit} void",
                    SichuanFacts(tiles_to_throw=held[suit], shanten=after),
                    f"you hold {counted(held[suit], 'tile')} of {suit_name(suit)} to throw; "
                    f"the rest of the hand is {_steps(after)}",
                ),
            )
        )
    ordered = tuple(option for _, option in sorted(options, key=lambda pair: pair[0]))
    return Advice(
        "void",
        "Each tile of the suit you name must be thrown before you can win: "
        "count the tiles of each suit, and how close the rest would be.",
        ordered,
        shown=("shanten", "tiles_to_throw"),
        loss=_void_loss,
    )


def _more_steps(who: str, mine: SichuanFacts, theirs: SichuanFacts) -> str | None:
    """How many more steps from ready ``who`` leaves than the best, in words (None: none)."""
    steps = (mine.shanten or 0) - (theirs.shanten or 0)
    return f"{who}: {steps} more step{'s' if steps > 1 else ''} from ready" if steps > 0 else None


def _fewer_tiles(who: str, mine: SichuanFacts, theirs: SichuanFacts) -> str | None:
    """How much lower an acceptance ``who`` keeps than the best, in words (None: none)."""
    fewer = (theirs.acceptance or 0) - (mine.acceptance or 0)
    return f"{who}: {fewer} fewer unseen improving tiles" if fewer > 0 else None


def _void_loss(best: Option, chosen: Option) -> str:
    mine, theirs = SichuanFacts.of(chosen), SichuanFacts.of(best)
    more = (mine.tiles_to_throw or 0) - (theirs.tiles_to_throw or 0)
    steps = _more_steps(chosen.label, mine, theirs)
    if steps:
        return steps
    if more > 0:
        return f"{chosen.label}: {more} more tile{'s' if more > 1 else ''} to throw"
    return f"the coach preferred {best.label}"


def _discard_option(view: SeatView, f: DiscardFacts, void: str) -> Option:
    return Option(
        Discard(view.seat, f.tile),
        f"discard {f.label}",
        SichuanFacts(void_tiles_left=f.void_left, shanten=f.shanten, acceptance=f.acceptance),
        _discard_reason(f, void)[:-1],
    )


def _discard_loss(best: Option, chosen: Option) -> str:
    if not isinstance(best.action, Discard):  # a win or a kong was best
        return f"the coach preferred {best.label}"
    kept = best.label.removeprefix("discard ")
    mine, theirs = SichuanFacts.of(chosen), SichuanFacts.of(best)
    if (mine.void_tiles_left or 0) > (theirs.void_tiles_left or 0):
        return f"kept {kept}, a void tile: it still has to be thrown"
    who = f"kept {kept}"
    lost = _more_steps(who, mine, theirs) or _fewer_tiles(who, mine, theirs)
    return lost or f"{who}: the coach preferred to keep it"


def _turn_advice(view: SeatView, *, all_rows: bool = True) -> Advice:
    """Win, kong or discard. Without ``all_rows`` only the discards that could be best get
    their acceptance counted (the coach bot's fast path: the same best option)."""
    void = view.void
    assert void is not None
    hand = view.hand
    shown = visible_tiles(view)
    unseen = unseen_counts(hand, shown)
    seen = counts_of(shown)
    voids = view.voids
    threats = [voids[s] for s in view.in_play if s != view.seat]
    facts = _facts(hand, void, unseen, seen, view.rules, all_rows=all_rows, threats=threats)
    discards = [_discard_option(view, f, void) for f in (facts if all_rows else facts[:1])]
    first: list[Option] = []
    if view.can_win():
        first.append(
            Option(
                Hu(view.seat),
                "win",
                SichuanFacts(void_tiles_left=0, shanten=-1),
                "your hand is complete: a self-drawn win is paid by every player still in play",
            )
        )
    kong = view.kong_to_declare()
    if kong is not None and not first:
        option, good = _own_kong_option(view, kong, facts[0], unseen)
        if good:
            first.append(option)
        else:
            discards.append(option)
    return Advice(
        "discard" if not first else "turn",
        "Throw the void suit first; then keep the tiles that bring the hand closer "
        "to ready, and count the unseen copies of the tiles that would help.",
        (*first, *discards),
        shown=("void_tiles_left", "shanten", "acceptance"),
        loss=_discard_loss,
    )


def _own_kong_option(
    view: SeatView, kong: ConcealedKong | AddedKong, best: DiscardFacts, unseen: Sequence[int]
) -> tuple[Option, bool]:
    void = view.void
    assert void is not None
    counts = counts_of(view.concealed)
    counts[kong.tile.index] -= 4 if isinstance(kong, ConcealedKong) else 1
    after = shanten(bytes(counts), FORMS, dead_suit=void)
    accept, _ = _improving(counts, void, unseen)
    others = len(view.in_play) - 1
    kind = KongKind.CONCEALED if isinstance(kong, ConcealedKong) else KongKind.ADDED
    money = KONG_PAYMENTS[kind] * others * view.rules.base
    good = best.void_left == 0 and after <= best.shanten
    return (
        Option(
            kong,
            f"{kind} kong of {kong.tile}",
            SichuanFacts(void_tiles_left=best.void_left, shanten=after, acceptance=accept),
            f"{a_or_an(kind)} kong is paid at once ({money} from the others) and you draw a "
            f"replacement; the hand stays {_steps(after)}",
        ),
        good,
    )


SEVEN_PAIRS_FAN = next(p.fan for p in PATTERNS if p.key == "seven-pairs")
"""Seven pairs' fan (reference/sichuan.md#fan): what passing keeps on a seven-pairs hand."""


def _claim_advice(view: SeatView) -> Advice:
    """Win, kong, pung or pass on a discard, ranked by the facts shown: a win first; a kong
    that leaves the hand as close (it is paid at once); a pung that brings the hand closer,
    or as close with more improving tiles (it takes a tile out of turn at no cost) unless
    passing keeps seven pairs; then passing; then the claims that set the hand back."""
    seat, tile = view.seat, view.claimed_tile
    assert tile is not None
    void = view.void
    assert void is not None
    legal = view.legal_actions()
    hand = view.hand
    shown = visible_tiles(view)
    unseen = unseen_counts(hand, [*shown])
    counts = counts_of(view.concealed)
    before = shanten(bytes(counts), FORMS, dead_suit=void)
    accept_before, _ = _improving(counts, void, unseen)
    pairs = not hand.melds and shanten(bytes(counts), ("seven-pairs",), dead_suit=void) == before
    keep = Option(
        Pass(seat),
        "pass",
        SichuanFacts(
            shanten=before, acceptance=accept_before, kong_money=0, keeps_seven_pairs=pairs
        ),
        f"your hand stays {_steps(before)} with {accept_before} "
        f"{'winning' if before == 0 else 'improving'} tiles unseen"
        + (f", and keeps seven pairs ({SEVEN_PAIRS_FAN} fan, fully concealed)" if pairs else ""),
    )
    options: list[Option] = []
    if Hu(seat) in legal:
        options.append(
            Option(
                Hu(seat),
                "win",
                SichuanFacts(shanten=-1, kong_money=0),
                f"{tile} completes your hand: a win now is paid by the discarder, and "
                "you leave play with nothing more to lose",
            )
        )
        return Advice(
            "claim",
            "A complete hand: winning leaves play safely.",
            (*options, keep),
            shown=("shanten",),
        )
    good: list[Option] = []
    bad: list[Option] = []
    if Kong(seat) in legal:
        counts[tile.index] -= 3
        after = shanten(bytes(counts), FORMS, dead_suit=void)
        accept, _ = _improving(counts, void, unseen)
        counts[tile.index] += 3
        money = KONG_PAYMENTS[KongKind.EXPOSED] * view.rules.base
        option = Option(
            Kong(seat),
            f"kong {tile}",
            SichuanFacts(
                shanten=after, acceptance=accept, kong_money=money, keeps_seven_pairs=False
            ),
            f"the discarder pays {money} at once, you draw a replacement, and the kong is a "
            f"root (four of a tile: one more fan when you win); the hand is then "
            f"{_steps(after)}",
        )
        (good if after <= before else bad).append(option)
    if Pung(seat) in legal:
        counts[tile.index] -= 2
        after, accept = _best_after_pung(counts, void, unseen)
        counts[tile.index] += 2
        option = Option(
            Pung(seat),
            f"pung {tile}",
            SichuanFacts(shanten=after, acceptance=accept, kong_money=0, keeps_seven_pairs=False),
            f"after the pung and your best discard the hand is {_steps(after)}, "
            f"with {accept} improving tiles unseen",
        )
        # as near with more tiles to draw is better, unless passing keeps seven pairs
        better = (after, True, -accept) < (before, not pairs, -accept_before)
        (good if better else bad).append(option)
    ordered = (*good, keep, *bad)
    return Advice(
        "claim",
        "A claim shows a group and skips ahead; take it when it brings the hand closer "
        "to ready, or as close with more improving tiles, unless passing keeps seven pairs "
        "(a kong is also paid at once).",
        ordered,
        shown=("shanten", "acceptance", "kong_money", *(("keeps_seven_pairs",) if pairs else ())),
        loss=_claim_loss,
    )


def _best_after_pung(counts: list[int], void: str, unseen: Sequence[int]) -> tuple[int, int]:
    """(shanten, acceptance) after the best discard that follows a pung."""
    best: tuple[int, int] = (99, 0)
    for index in range(27):
        if not counts[index]:
            continue
        counts[index] -= 1
        after = shanten(bytes(counts), FORMS, dead_suit=void)
        if after <= best[0]:
            accept, _ = _improving(counts, void, unseen)
            if (after, -accept) < (best[0], -best[1]):
                best = (after, accept)
        counts[index] += 1
    return best


def _claim_loss(best: Option, chosen: Option) -> str:
    mine, theirs = SichuanFacts.of(chosen), SichuanFacts.of(best)
    if best.label == "win":
        return f"{chosen.label}: passed up a win"
    lost = _more_steps(chosen.label, mine, theirs)
    if lost:
        return lost
    if theirs.keeps_seven_pairs and not mine.keeps_seven_pairs:
        return f"{chosen.label}: gives up seven pairs ({SEVEN_PAIRS_FAN} fan, fully concealed)"
    lost = _fewer_tiles(chosen.label, mine, theirs)
    if lost:
        return lost
    money = (theirs.kong_money or 0) - (mine.kong_money or 0)
    if money > 0:
        return f"{chosen.label}: {money} of kong money not taken"
    return f"the coach preferred {best.label}"


def _rob_advice(view: SeatView) -> Advice:
    seat = view.seat
    win = Hu(seat) in view.legal_actions()
    rob = Option(
        Hu(seat),
        "rob the kong",
        SichuanFacts(wins=True),
        f"{view.claimed_tile} completes your hand: robbing the kong wins, with one more fan",
    )
    keep = Option(Pass(seat), "pass", SichuanFacts(wins=False), "let the kong be made")
    return Advice(
        "rob",
        "A player is adding a tile to a pung: if that tile completes your hand, you may win on it.",
        (rob, keep) if win else (keep,),
    )


def classic_advise(view: SeatView) -> Advice:
    """The shape coach's advice: the options ranked by the facts of the hand alone (void
    tiles, shanten, acceptance), with no forecast. The ``"classic-coach"`` bot plays it."""
    checked_observation(view, SeatView, "Sichuan")
    phase = view.phase
    if phase == "void":
        if view.void is not None:
            raise ValueError(f"seat {view.seat} has already named {view.void} void")
        return _void_advice(view)
    if phase == "discard" and view.is_turn:
        return _turn_advice(view)
    if phase in ("claim", "rob") and view.has_decision:
        return _claim_advice(view) if phase == "claim" else _rob_advice(view)
    raise ValueError(f"seat {view.seat} has no decision to make now ({phase})")


def _win_first(option: Option) -> int:
    """Robbing a kong is always taken: the tile is the last of its kind, so a hand that
    passes it has one fewer way to win."""
    return 0 if option.label == "win" or SichuanFacts.of(option).wins else 1


def advise(view: SeatView) -> Advice:
    """The coach's advice for this seat's decision now, with its reasons.

    Covers the void choice at the deal, the turn (win, kong or discard), a
    claim on a discard (win, kong, pung or pass) and a kong being added (rob
    or pass). Every option carries its forecast (:mod:`kit.sichuan.forecast`:
    win chance, deal-in risk, expected money).

    - A claim on a discard (kong, pung or pass) is ranked by the expected money. A win on
      a discard is paid by the discarder alone; a self-drawn win by every player still in
      play, with the bonus, and a hand still ready when the wall runs out is paid its
      largest hand by every player who is not. So a ready hand early in the deal, with
      winning tiles still unseen, or a big one near the wall's end, may be worth more held
      than banked: the coach passes such a win when passing
      is forecast to bring more, by at least :func:`hold_margin` base stakes (none on a
      quiet table, :data:`HOLD_MARGIN` once another player shows two groups), and else
      banks it (:func:`_hold_or_bank`), saying so with its numbers.
    - Robbing a kong being added is taken whenever it is legal (:func:`_win_first`).
    - A discard is ranked by the facts of the hand: void tiles first, then the
      shanten and the improving tiles, which measure how soon a hand gets ready
      more surely than the forecast does; the expected money orders the discards
      those facts leave equal (the safer tile first, when both keep the same shape).
      While a full flush is in reach (:func:`flush_suit`), the tiles outside its suit
      go first, as long as one costs at most :data:`FLUSH_STEPS` step from ready.
    - Once the first discard keeps the hand ready, the choice is of a wait: what its
      winning tiles pay, how many are unseen, how safe the tile thrown is. When another
      ready discard is forecast to bring at least :data:`READY_MARGIN` base stake more,
      the discards that keep the hand ready are ranked by the money
      (:func:`_ready_by_money`).
    - The void choice is ranked by the tiles it leaves to throw, and carries no forecast:
      the forecasts are checked against played deals from the first discard on.

    The recommended action is always legal.
    """
    advice = classic_advise(view)
    if view.phase == "void":
        return advice  # no forecast: the calibration plays it only from the first discard on
    found = outcomes(view, [o.action for o in advice.options])
    if view.phase == "claim":
        if Hu(view.seat) in found:
            return _hold_or_bank(advice, found, view)
        return by_money(advice, found, method=METHOD)
    if view.phase == "rob":
        return by_money(advice, found, first=_win_first, method=METHOD)
    shaped = _flush_first(view, advice)
    ranked = _pig_at_the_end(view, with_outcomes(shaped, found, METHOD))
    if _keeps_ready(ranked.best):
        ranked = _ready_by_money(view, shaped, ranked, found)
        ranked = _unready_at_the_end(view, ranked)
    return _kong_first(ranked) if view.phase == "discard" else ranked


LATE_WALL = 0.3
"""The share of the wall left under which the coach names the end-of-wall check when a
choice gives up a ready hand: there the money counts most of what a hand not ready then
pays (reference/sichuan.md#coach)."""


def _at_the_end(wall_size: int, hand: str, then: str) -> str:
    """What the check when the wall runs out does to ``hand`` (a hand in some state), with
    ``wall_size`` tiles left: "with N tiles left in the wall, <hand> when it runs out
    <then>", or with the wall empty "<hand> after this discard"."""
    if wall_size <= 0:
        return f"with the wall empty, {hand} after this discard {then}"
    return f"with {counted(wall_size, 'tile')} left in the wall, {hand} when it runs out {then}"


def late_wall_words(wall_size: int) -> str:
    """Why giving up a ready hand is dear with ``wall_size`` tiles left, in words.

    >>> late_wall_words(15)
    "with 15 tiles left in the wall, a hand not ready when it runs out pays each ready player that player's largest hand"
    >>> late_wall_words(0)
    "with the wall empty, a hand not ready after this discard pays each ready player that player's largest hand"
    """
    return _at_the_end(
        wall_size, "a hand not ready", "pays each ready player that player's largest hand"
    )


def pig_words(wall_size: int, rules: Rules) -> str:
    """Why keeping a tile of the void suit is dear with ``wall_size`` tiles left, in words:
    what a flower pig pays, and whom, under ``rules``.

    >>> pig_words(6, Rules())
    'with 6 tiles left in the wall, a hand still holding a tile of its void suit when it runs out is a flower pig, and pays each other player still in play 16 stakes'
    >>> pig_words(0, Rules(base=2, pig_pays_winners=True))
    'with the wall empty, a hand still holding a tile of its void suit after this discard is a flower pig, and pays each other player still in play, and each who has won, 32 stakes'
    """
    whom = "each other player still in play"
    if rules.pig_pays_winners:
        whom += ", and each who has won,"
    pays = f"is a flower pig, and pays {whom} {counted(rules.max_value, 'stake')}"
    return _at_the_end(wall_size, "a hand still holding a tile of its void suit", pays)


def _pig_at_the_end(view: SeatView, advice: Advice) -> Advice:
    """A discard that keeps more tiles of the void suit than the best is said with the check
    that makes it dear, once the seat may run out of turns to throw them: a flower pig pays
    the most a hand can win to each other player (reference/sichuan.md#wall-empty)."""
    inner = advice.loss
    if inner is None or view.void is None:
        return advice
    draws = draws_left(view)
    words = pig_words(view.wall_size, view.rules)

    def loss(best: Option, chosen: Option) -> str:
        said = inner(best, chosen)
        if _pig_risked(best, chosen, draws):
            said += f"; {words}"
        return said

    return replace(advice, loss=loss)


def _pig_risked(best: Option, chosen: Option, draws: int) -> bool:
    """Does ``chosen`` keep more void tiles than ``best``, more than ``draws`` draws may
    leave the turns to throw?"""
    kept = SichuanFacts.of(chosen).void_tiles_left or 0
    return kept > (SichuanFacts.of(best).void_tiles_left or 0) and pig_chance(kept, draws) > 0


def _unready_at_the_end(view: SeatView, advice: Advice) -> Advice:
    """Late in the wall, what a discard that gives up a ready hand cost is said with the
    check that makes it dear: a hand not ready when the wall runs out pays each ready one
    (reference/sichuan.md#wall-empty). A discard that risks a flower pig says that instead
    (:func:`_pig_at_the_end`): a pig pays more, and not this as well."""
    inner = advice.loss
    if inner is None or view.wall_size >= LATE_WALL * WALL_START:
        return advice
    late = late_wall_words(view.wall_size)
    draws = draws_left(view)

    def loss(best: Option, chosen: Option) -> str:
        words = inner(best, chosen)
        gives_up = isinstance(chosen.action, Discard) and not _keeps_ready(chosen)
        if gives_up and not _pig_risked(best, chosen, draws):
            words += f"; {late}"
        return words

    return replace(advice, loss=loss)


READY_MARGIN = 1
"""How many base stakes more than the shape's choice a ready discard must be forecast to
bring before the money picks the wait. A forecast is an average over many deals, and
between two ready discards of one hand it is least sure of the gap: played out on the
deals themselves, discards it preferred by less than this made less than the shape's
choice, and those it preferred by more made more (docs/benchmarks.md, *Which wait to
keep*). The same margin guards a hold on a busy table (:data:`HOLD_MARGIN`)."""


READY_IDEA = (
    "Your hand can be ready after this discard, and the wait with the most winning tiles "
    "is not the one worth the most: a wait is worth what its winning tiles pay (a "
    "self-draw is paid by every player still in play), how many of them are unseen, and "
    "how safe the tile you throw is. When another ready discard is forecast to bring at "
    "least {margin} more, choose by the money."
)
"""The idea of a discard that keeps the hand ready (the forecast coach)."""


def _keeps_ready(option: Option) -> bool:
    """Is ``option`` a discard that leaves the hand ready, with no void tile left?"""
    facts = SichuanFacts.of(option)
    return isinstance(option.action, Discard) and facts.shanten == 0 and not facts.void_tiles_left


def _ready_by_money(
    view: SeatView, advice: Advice, ranked: Advice, found: dict[Action, Outcome]
) -> Advice:
    """``ranked`` (``advice`` with its forecasts, the shape first: the most winning tiles),
    unless a ready discard is forecast to bring :data:`READY_MARGIN` base stakes more than
    its first; then the discards that keep the hand ready first, by their expected money,
    and the others after them, nearest first.

    Before the hand is ready, the shape facts rank the discards: the forecast of a hand
    one step or more from ready is an average over the many ways it may fill, and
    ranking those by money made less (docs/benchmarks.md). A ready hand has named waits
    whose worth and copies the forecast counts, and a wait worth twice as much can be
    worth keeping on fewer tiles."""

    def lead(option: Option) -> tuple[int, int, int]:
        if not isinstance(option.action, Discard):
            return (1, 0, 0)
        facts = SichuanFacts.of(option)
        return (0, facts.void_tiles_left or 0, facts.shanten or 0)

    money = by_money(
        advice, found, first=lead, measure=("void_tiles_left", "shanten"), method=METHOD
    )
    gain = found[money.action].expected_net - found[ranked.action].expected_net
    if gain < READY_MARGIN * view.rules.base:
        return ranked
    why = "of the discards that keep the hand ready, the most money expected"
    best = replace(money.best, reason=f"{money.best.reason}; {why}")
    money_loss, shape_loss = money.loss, ranked.loss
    assert money_loss is not None and shape_loss is not None  # both rankings give their words

    def loss(best: Option, chosen: Option) -> str:
        """Between two ready discards, the money; a discard farther from ready, its steps."""
        both = _keeps_ready(best) and _keeps_ready(chosen)
        return (money_loss if both else shape_loss)(best, chosen)

    concept = READY_IDEA.format(margin=counted(READY_MARGIN * view.rules.base, "stake"))
    return replace(money, concept=concept, options=(best, *money.options[1:]), loss=loss)


HOLD_MARGIN = 1
"""How many base stakes more than the win a hold must be forecast to bring once the table
is busy (another player in play shows :data:`QUIET_GROUPS` exposed groups or more). Such
a hand may be near ready, and the forecasts are averages over deals against the kit's
bots: against quicker players a held hand is paid by fewer players and feeds more wins.
A sure win is then banked unless the hold is clearly worth more than that error."""
QUIET_GROUPS = 2
"""The table is *quiet* while every other player still in play shows fewer exposed groups
than this: no hand on it shows that it is near ready, and a hold need only be forecast to
bring more than the win. (Measured on the same deals as the rule before it, a margin of
one stake everywhere: more money against the kit's default bots, and no less against
three shape-only coaches; docs/benchmarks.md.)"""

HOLD_OR_BANK = (
    "A complete hand: a win on a discard is paid by the discarder alone, a self-drawn win "
    "by every player still in play, and if the wall runs out, each player who is not ready "
    "pays a ready hand the most it can win. Bank it now, unless staying ready for a "
    "self-draw or the end of the wall is forecast to bring more. While no other player "
    "shows {groups} exposed groups, more "
    "is enough; once one does, that hand may be near ready, and a hold must bring at least "
    "{margin} more."
)
"""The idea of a claim decision that could win now (the forecast coach)."""


def quiet(view: SeatView) -> bool:
    """No other player still in play shows :data:`QUIET_GROUPS` exposed groups or more."""
    return all(
        len(view.all_melds[seat]) < QUIET_GROUPS for seat in view.in_play if seat != view.seat
    )


def hold_margin(view: SeatView) -> int:
    """How many base stakes more than a win on offer a hold must be forecast to bring:
    none on a :func:`quiet` table, :data:`HOLD_MARGIN` on a busy one."""
    return 0 if quiet(view) else HOLD_MARGIN * view.rules.base


def _hold_or_bank(advice: Advice, found: dict[Action, Outcome], view: SeatView) -> Advice:
    """A win on offer: banked (:func:`_win_first`) unless another option's forecast money
    beats the win's by at least :func:`hold_margin`; then by the money, and passing reads
    as a hold for more."""
    margin = hold_margin(view)
    win = next(o for a, o in found.items() if isinstance(a, Hu))
    best = max(o.expected_net for a, o in found.items() if not isinstance(a, Hu))
    hold = best >= win.expected_net + margin
    ranked = by_money(advice, found, first=None if hold else _win_first, method=METHOD)
    gap = best - win.expected_net
    held = (
        "a self-drawn win is paid by every player still in play, and if the wall runs out, "
        "each player who is not ready pays you the most your hand can win"
    )
    busy = f"{counted(margin, 'stake')} a hold must clear while another player shows " + (
        f"{counted(QUIET_GROUPS, 'exposed group')} or more"
    )
    options = []
    for option in ranked.options:
        if isinstance(option.action, Pass) and hold:
            option = replace(option, reason=f"you hold out: {option.reason}; {held}")
        elif (
            isinstance(option.action, Hu) and not hold and gap > 0 and amount(gap) != "0"
        ):  # a shortfall worth saying
            option = replace(
                option,
                reason=f"{option.reason}; holding out is forecast to bring only "
                f"{amount_under(gap, margin)} more, under the {busy}",
            )
        options.append(option)
    concept = HOLD_OR_BANK.format(
        groups=QUIET_GROUPS, margin=counted(HOLD_MARGIN * view.rules.base, "stake")
    )
    return replace(ranked, concept=concept, options=tuple(options))


def _kong_first(advice: Advice) -> Advice:
    """A kong of your own ranks first when its forecast money, its payment counted, beats
    the best discard's: a kong is paid at once, and its replacement tile is a free draw."""
    best = advice.best
    if best.label == "win" or best.outcome is None:
        return advice
    kongs = [
        o for o in advice.options
        if isinstance(o.action, ConcealedKong | AddedKong) and o.outcome is not None
    ]  # fmt: skip
    if not kongs:
        return advice
    top = max(kongs, key=lambda o: o.outcome.expected_net if o.outcome else 0.0)
    assert top.outcome is not None
    if top is best or top.outcome.expected_net <= best.outcome.expected_net:
        return advice
    return replace(advice, options=(top, *(o for o in advice.options if o is not top)))


FLUSH_REACH = 3
"""A hand aims for a full flush while all its exposed groups are of one suit and at most
this many of its concealed tiles are not. A full flush adds
:data:`~kit.sichuan.forecast.FLUSH_FAN` fan, four times the money of a plain win at the
default rules, and a hand this near one gets there often enough to pay for the slower
way, against slow players and quick ones alike (docs/benchmarks.md, *Aiming for a full
flush*). With four tiles out it gained more against the kit's default bots but lost
against three shape-only coaches, whose quicker hands end the deal before the flush."""
FLUSH_STEPS = 1
"""A tile outside the flush suit goes first only while throwing it leaves the hand at most
this many steps farther from ready than the quickest discard."""

FLUSH_IDEA = (
    "Throw the void suit first; then keep the tiles that bring the hand closer to ready. "
    "With every exposed group of one suit and at most {reach} other tiles, aim for a full "
    "flush of {suit}: {fan} fan, {times} times a plain win. Throw the other tiles first "
    "while that costs at most {steps} from ready."
)
"""The idea of a discard while a full flush is in reach."""


def flush_suit(view: SeatView) -> str | None:
    """The suit this seat's hand can aim to fill for a full flush, or None.

    Once the void tiles are gone: the live suit holding the most of the hand's tiles,
    when every exposed group is of that suit and between 1 and :data:`FLUSH_REACH`
    concealed tiles are not (none left: the hand already is one suit).
    """
    hand, void = view.hand, view.void
    if void is None or any(t.suit == void for t in hand.concealed):
        return None
    held = Counter(t.suit for t in hand.all_tiles)
    suit = max((s for s in SUITS if s != void), key=lambda s: (held[s], s))
    if any(meld.first.suit != suit for meld in hand.melds):
        return None
    outside = sum(1 for t in hand.concealed if t.suit != suit)
    return suit if 0 < outside <= FLUSH_REACH else None


def _flush_first(view: SeatView, advice: Advice) -> Advice:
    """The discards with the tiles outside the flush suit first (:func:`flush_suit`), each
    within :data:`FLUSH_STEPS` of the quickest discard, and every discard showing the tiles
    it leaves outside that suit; unchanged when no flush is in reach or a win or a kong
    comes first."""
    suit = flush_suit(view) if view.phase == "discard" else None
    options = advice.options
    if suit is None or not options or not isinstance(options[0].action, Discard):
        return advice
    outside = sum(1 for t in view.hand.concealed if t.suit != suit)
    quickest = min(
        SichuanFacts.of(o).shanten or 0 for o in options if isinstance(o.action, Discard)
    )
    name = suit_name(suit)
    ahead: list[Option] = []
    behind: list[Option] = []
    for option in options:
        if not isinstance(option.action, Discard):
            behind.append(option)
            continue
        off = option.action.tile.suit != suit
        facts = replace(SichuanFacts.of(option), off_suit_tiles=outside - off)
        option = replace(option, facts=facts)
        if off and (facts.shanten or 0) <= quickest + FLUSH_STEPS:
            left = outside - 1
            reach = (
                f"it leaves the hand all {name}: a full flush"
                if not left
                else f"it leaves {counted(left, 'tile')} outside {name}, so a full flush"
            )
            reason = f"{option.reason}; {reach} ({FLUSH_FAN} fan) stays in reach"
            ahead.append(replace(option, reason=reason))
        else:
            behind.append(option)
    if not ahead:
        return advice
    rules = view.rules
    idea = FLUSH_IDEA.format(
        reach=FLUSH_REACH,
        suit=name,
        fan=FLUSH_FAN,
        times=rules.hand_value(FLUSH_FAN) // rules.hand_value(0),
        steps=counted(FLUSH_STEPS, "step"),
    )
    shown = (advice.shown[0], "off_suit_tiles", *advice.shown[1:])
    return replace(
        advice,
        concept=idea,
        options=(*ahead, *behind),
        shown=shown,
        loss=_flush_loss(advice.loss, name),
    )


def _flush_loss(
    loss: Callable[[Option, Option], str] | None, name: str
) -> Callable[[Option, Option], str]:
    """A choice that keeps more tiles outside the flush suit says so first."""

    def flush_loss(best: Option, chosen: Option) -> str:
        mine, theirs = SichuanFacts.of(chosen).off_suit_tiles, SichuanFacts.of(best).off_suit_tiles
        if mine is not None and theirs is not None and mine > theirs:
            kept = best.label.removeprefix("discard ")
            return f"kept {kept}: a tile outside {name}, one more between the hand and a full flush"
        return loss(best, chosen) if loss is not None else f"the coach preferred {best.label}"

    return flush_loss


METHOD = ("sichuan", "coach")
"""Where the reference explains the forecasts: reference/sichuan.md#coach."""


def coach(view: SeatView) -> Action:
    """A bot that plays the coach's recommendation at every decision."""
    checked_observation(view, SeatView, "Sichuan")
    legal = view.legal_actions()
    if len(legal) == 1:
        only: Action = legal[0]
        return only
    action: Action = advise(view).action
    return action


def classic_coach(view: SeatView) -> Action:
    """A bot that plays the shape coach's recommendation (:func:`classic_advise`)."""
    checked_observation(view, SeatView, "Sichuan")
    if view.phase == "discard" and view.is_turn:
        advice = _turn_advice(view, all_rows=False)
    else:
        advice = classic_advise(view)
    action: Action = advice.action
    return action


COACH = CoachFunctions(advise, coach)
"""This game's coach as one object: ``COACH.advise(view)`` and ``COACH.act(view)``."""
