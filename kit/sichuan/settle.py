"""The money of one Sichuan deal: kongs, wins and the end-of-wall checks
(see the Sichuan rules: reference/sichuan.md#win-payments,
#kongs, #kong-transfer, #wall-empty).

A :class:`Ledger` records payments as they happen, as transfers (payer, payee,
amount, reason) that always sum to zero:

>>> ledger = Ledger()
>>> ledger.win(0, fan=2, discarder=1)          # seat 1 discards into a 2-fan hand
>>> ledger.win(2, fan=2)                       # seat 2 self-draws 2 fan: 3 and 1 pay 4 + 1 each
>>> ledger.net
[4, -9, 10, -5]
>>> ledger.transfers[0].reason
<Reason.WIN_ON_DISCARD: 'win on discard'>
>>> ledger.kong(0, KongKind.CONCEALED)
Traceback (most recent call last):
...
ValueError: seat 0 has already won and leaves play: it can make no kong

Reading choices (the rules leave them open; a careful player would expect these; see
reference/sichuan.md#readings):

- Several wins on one discard are recorded as consecutive :meth:`Ledger.win`
  calls with the same discarder. The kong money transfer goes to the first
  of those winners in turn order after the discarder, whatever the order of
  the calls.
- Once three players have won the deal is over
(reference/sichuan.md#winning-hands): no further kong,
  win or end-of-wall check is accepted.
- At the end of the wall a flower pig pays the other pigs nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from kit.ledger import Reason, Transfer, TransferLedger
from kit.mahjong.hands import waits
from kit.mahjong.tiles import SUITS, TILES, Hand, KongKind, counts_of
from kit.sichuan.fan import parse_hand, score
from kit.sichuan.rules import FORMS, PLAYERS, Rules
from kit.words import a_or_an

__all__ = [
    "KONG_PAYMENTS",
    "KongKind",
    "Ledger",
    "Reason",
    "Transfer",
    "WallCheck",
    "largest_hand",
]

KONG_REASONS = {
    KongKind.EXPOSED: Reason.EXPOSED_KONG,
    KongKind.ADDED: Reason.ADDED_KONG,
    KongKind.CONCEALED: Reason.CONCEALED_KONG,
}
"""The payment reason of each kind of kong."""
KONG_PAYMENTS = {KongKind.EXPOSED: 2, KongKind.ADDED: 1, KongKind.CONCEALED: 2}
"""Bases each payer pays for a kong (reference/sichuan.md#kongs): the discarder alone for an
exposed kong, every other player still in play for an added or concealed one."""


@dataclass
class _Kong:
    player: int
    kind: KongKind
    received: list[Transfer]
    transferred: bool = False


@dataclass(frozen=True)
class WallCheck:
    """What the end-of-wall checks found for one player still in play
    (reference/sichuan.md#wall-empty)."""

    seat: int
    pig: bool
    ready: bool
    largest: int
    """The best capped value over the tiles the player waits on (0 when not ready)."""
    waits: tuple[str, ...]


@dataclass(eq=False)
class Ledger(TransferLedger):
    """One deal's payments, event by event, for ``players`` seats in turn order."""

    rules: Rules = Rules()
    players: int = PLAYERS
    transfers: list[Transfer] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    """Seats that have won, in the order they won."""
    checks: list[WallCheck] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    """One line per recorded event, for learners."""
    _kongs: list[_Kong] = field(default_factory=list)
    _shot: tuple[int, Transfer | None] | None = None
    """The last event, if it was a win on a discard: (discarder, its kong transfer).

    A further win on the same discarder's tile with nothing in between is the
    same discard won by several players (一炮多响)."""
    _wall_done: bool = False
    _kong_just_made: int | None = None
    """The seat whose kong was the last event: its next discard is a shot after a kong."""

    def __post_init__(self) -> None:
        if not isinstance(self.rules, Rules):
            raise TypeError(f"rules must be a kit.sichuan.Rules value, not {self.rules!r}")
        if not isinstance(self.players, int) or isinstance(self.players, bool):
            raise TypeError(f"players must be a whole number 2-{PLAYERS}, not {self.players!r}")
        if not 2 <= self.players <= PLAYERS:
            raise ValueError(f"players must be 2-{PLAYERS}, not {self.players}")

    # -- who is where --

    def in_play(self) -> list[int]:
        return [seat for seat in range(self.players) if seat not in self.won]

    def _seat(self, name: str, seat: object) -> int:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise ValueError(f"{name} must be a seat 0-{self.players - 1}, not {seat!r}")
        return seat

    def _playing(self, name: str, seat: object, doing: str) -> int:
        seat = self._seat(name, seat)
        if len(self.won) >= self.players - 1:
            raise ValueError(f"the deal is over: {len(self.won)} players have won")
        if seat in self.won:
            raise ValueError(f"seat {seat} has already won and leaves play: it can {doing}")
        if self._wall_done:
            raise ValueError("the wall is empty and the deal is settled")
        return seat

    def _pay(self, payer: int, payee: int, amount: int, reason: Reason) -> Transfer:
        transfer = Transfer(payer, payee, amount, reason, len(self.events) - 1)
        self.transfers.append(transfer)
        return transfer

    # -- events --

    def kong(self, player: int, kind: KongKind | str, discarder: int | None = None) -> None:
        """A kong, paid at once by players still in play
        (reference/sichuan.md#kongs): 2 from the discarder
        for an exposed kong, 1 from each for an added kong, 2 from each for a concealed one."""
        player = self._playing("player", player, "make no kong")
        if kind not in tuple(KongKind):
            raise ValueError(f"kind must be one of {', '.join(KongKind)}, not {kind!r}")
        kind = KongKind(kind)
        if kind is KongKind.EXPOSED:
            if discarder is None:
                raise ValueError("an exposed kong is made on a discard: name the discarder")
            discarder = self._playing("discarder", discarder, "discard no more")
            if discarder == player:
                raise ValueError("a player cannot make an exposed kong on its own discard")
            payers = [discarder]
        else:
            if discarder is not None:
                raise ValueError(
                    f"{'a' if kind is KongKind.CONCEALED else 'an'} {kind} kong has no discarder"
                )
            payers = [seat for seat in self.in_play() if seat != player]
        amount = KONG_PAYMENTS[kind]
        self._shot, self._kong_just_made = None, player
        article = "a" if kind is KongKind.CONCEALED else "an"
        self.events.append(f"seat {player} makes {article} {kind} kong")
        received = [
            self._pay(payer, player, amount * self.rules.base, KONG_REASONS[kind])
            for payer in payers
        ]
        self._kongs.append(_Kong(player, kind, received))

    def win(
        self,
        player: int,
        *,
        fan: int,
        discarder: int | None = None,
        shot_after_kong: bool = False,
    ) -> None:
        """A win of ``fan`` fan (as :func:`score` reports it); ``discarder=None`` is self-drawn
        (reference/sichuan.md#win-payments).

        On a discard only the discarder pays the hand value. On a self-draw every
        player still in play pays, with the self-draw bonus of the rules. The
        winner then leaves play. With ``shot_after_kong`` and the kong transfer
        on, the money the discarder's last kong earned moves to the winner
        (reference/sichuan.md#kong-transfer).
        """
        player = self._playing("player", player, "not win again")
        if not isinstance(fan, int) or isinstance(fan, bool) or fan < 0:
            raise ValueError(f"fan must be a whole number 0 or more, not {fan!r}")
        rules = self.rules
        if discarder is None:
            if shot_after_kong:
                raise ValueError("a shot after a kong is a win on a discard: name the discarder")
            payers = [seat for seat in self.in_play() if seat != player]
            each = rules.self_draw_payment(fan)
            self.events.append(f"seat {player} self-draws {a_or_an(f'{fan}-fan')} hand")
            for payer in payers:
                self._pay(payer, player, each, Reason.SELF_DRAWN_WIN)
            self._shot, self._kong_just_made = None, None
        else:
            discarder = self._playing("discarder", discarder, "discard no more")
            if discarder == player:
                raise ValueError(f"seat {player} cannot win on its own discard")
            if shot_after_kong and self._kong_just_made != discarder:
                raise ValueError(
                    f"a shot after a kong needs seat {discarder}'s kong just before this discard"
                )
            earlier = self._shot[1] if self._shot and self._shot[0] == discarder else None
            self.events.append(
                f"seat {player} wins {a_or_an(f'{fan}-fan')} hand on seat {discarder}'s discard"
            )
            self._pay(discarder, player, rules.hand_value(fan), Reason.WIN_ON_DISCARD)
            moved = earlier
            if shot_after_kong and rules.kong_transfer:
                moved = self._transfer_kong(player, discarder, earlier)
            self._shot = (discarder, moved)
            if not shot_after_kong:
                self._kong_just_made = None
        self.won.append(player)

    def last_kong_money(self, seat: int) -> int:
        """What ``seat``'s last kong was paid: the money a shot after that kong moves to the
        winner when the kong transfer is on (0 without a kong)."""
        kong = next((kong for kong in reversed(self._kongs) if kong.player == seat), None)
        return 0 if kong is None else sum(t.amount for t in kong.received)

    def _transfer_kong(
        self, winner: int, discarder: int, earlier: Transfer | None
    ) -> Transfer | None:
        """呼叫转移: the discarder's last kong's money goes to the first winner in turn order."""
        kong = next(kong for kong in reversed(self._kongs) if kong.player == discarder)
        amount = self.last_kong_money(discarder)
        if amount == 0:
            return earlier
        if earlier is not None:
            first = min((earlier.payee, winner), key=lambda s: (s - discarder) % self.players)
            if first == earlier.payee:
                return earlier
            self.transfers.remove(earlier)
        kong.transferred = True
        return self._pay(discarder, winner, amount, Reason.KONG_TRANSFER)

    def wall_empty(self, hands: Mapping[int, Hand | str], voids: Mapping[int, str]) -> None:
        """The wall ran out: flower pigs, not-ready players, and refunds
        (reference/sichuan.md#wall-empty).

        ``hands`` and ``voids`` name, for every player still in play, the hand
        as it stands (13 tiles, kongs as three) and its void suit letter.
        """
        if self._wall_done:
            raise ValueError("the wall is already settled")
        if len(self.won) >= self.players - 1:
            raise ValueError(f"the deal is over: {len(self.won)} players have won")
        playing = self.in_play()
        for name, mapping in (("hands", hands), ("voids", voids)):
            if sorted(mapping) != playing:
                raise ValueError(
                    f"{name} must name exactly the seats still in play {playing}, not {sorted(mapping)}"
                )
        parsed = {seat: parse_hand(hands[seat]) for seat in playing}
        for seat, hand in parsed.items():
            if hand.size != 13:
                raise ValueError(
                    f"seat {seat}'s hand has {hand.size} tiles (kongs as three), not 13"
                )
            if voids[seat] not in SUITS:
                raise ValueError(f"seat {seat}'s void must be m, p or s, not {voids[seat]!r}")
        total = [
            sum(column)
            for column in zip(*(counts_of(h.all_tiles) for h in parsed.values()), strict=True)
        ]
        for index, count in enumerate(total):
            if count > 4:
                raise ValueError(
                    f"these hands hold {count} copies of {TILES[index]}; there are four"
                )
        self._wall_done = True
        self._shot = None
        self.events.append("the wall is empty")
        if len(playing) < 2:
            return
        self.checks = [check_hand(seat, parsed[seat], voids[seat], self.rules) for seat in playing]
        pigs = [c.seat for c in self.checks if c.pig]
        clean = [c for c in self.checks if not c.pig]
        for pig in pigs:
            receivers = [c.seat for c in clean] + (self.won if self.rules.pig_pays_winners else [])
            for seat in receivers:
                self._pay(pig, seat, self.rules.max_value, Reason.FLOWER_PIG)
        for loser in (c for c in clean if not c.ready):
            for winner in (c for c in clean if c.ready):
                self._pay(loser.seat, winner.seat, winner.largest, Reason.NOT_READY)
        for seat in (c.seat for c in self.checks if not c.ready):
            for kong in self._kongs:
                if kong.player == seat and not kong.transferred:
                    for paid in kong.received:
                        self._pay(seat, paid.payer, paid.amount, Reason.REFUND)

    # -- results --


def check_hand(seat: int, hand: Hand, void: str, rules: Rules) -> WallCheck:
    """Flower pig, ready, and the largest possible hand of one player at the wall's end."""
    if void in hand.suits:
        return WallCheck(seat, True, False, 0, ())
    best, tiles = largest_hand(hand, void, rules)
    return WallCheck(seat, False, bool(tiles), best, tiles)


def largest_hand(hand: Hand, void: str, rules: Rules) -> tuple[int, tuple[str, ...]]:
    """The best capped value over every winning wait, scored as a win on a discard
    (reference/sichuan.md#wall-empty).

    Waits on a tile whose four copies are all in the player's own hand do not count.
    """
    best = 0
    winning = []
    for tile in waits(hand, forms=FORMS):
        result = score(hand.with_tile(tile), win=tile, void=void, rules=rules)
        if result.wins:
            winning.append(str(tile))
            best = max(best, result.value)
    return best, tuple(winning)
