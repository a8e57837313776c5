"""Hong Kong payments: the table, pao liability, and the two-player wall (see the Hong Kong rules:
reference/hongkong.md#payments, #pao, #two-player).

A deal's money is a :class:`Ledger` of transfers with their reasons: a win on a
discard, a self-drawn win, or pao (the liable player pays it all).
:func:`payout` gives the same payments as plain nets per seat.

>>> payout(5, winner=0, discarder=2)
[48, 0, -48, 0]
>>> payout(5, winner=0)
[72, -24, -24, -24]
>>> payout(5, winner=0, liable=3)                 # pao: the liable player pays it all
[72, 0, 0, -72]
>>> payout(12, winner=1, discarder=0, rules=Rules(players=2))   # capped at 10; golden table
[-256, 256]
>>> ledger = Ledger()
>>> ledger.win(0, fan=5, liable=3)
>>> ledger.net, [str(t.reason) for t in ledger.transfers]
([72, 0, 0, -72], ['pao'])
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kit.hongkong.rules import TWO_PLAYER_TILES, Rules
from kit.ledger import Reason, Transfer, TransferLedger, net_of
from kit.mahjong.tiles import ALL_TILES, Tile, TileSet
from kit.words import a_or_an

__all__ = [
    "Ledger",
    "Reason",
    "Transfer",
    "payments",
    "payout",
    "table_row_words",
    "tile_set",
    "wall",
]


def _check_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a kit.hongkong.Rules value, not {rules!r}")
    return rules


def payments(
    fan: int,
    *,
    winner: int,
    discarder: int | None = None,
    liable: int | None = None,
    rules: Rules = Rules(),
    event: int = 0,
) -> list[Transfer]:
    """The transfers that pay one win of ``fan`` fan; ``discarder=None`` is a self-draw.

    On a discard the discarder alone pays the table's discard value; on a
    self-draw each other player pays the self-draw value. With pao on, a
    ``liable`` player pays the whole amount instead (three self-draw values,
    or the discard value) and nobody else pays. Fan above the cap count as the
    cap; fan below the minimum raise. Two players pay from the ``golden`` table.
    """
    rules = _check_rules(rules)
    seats = rules.players
    for name, seat in (("winner", winner), ("discarder", discarder), ("liable", liable)):
        if seat is not None and (
            not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < seats
        ):
            raise ValueError(f"{name} must be a seat 0-{seats - 1}, not {seat!r}")
    if not isinstance(fan, int) or isinstance(fan, bool):
        raise ValueError(f"fan must be a whole number, not {fan!r}")
    if fan < rules.min_fan:
        raise ValueError(f"{fan} fan is below the {rules.min_fan}-fan minimum: not a win")
    if discarder == winner:
        raise ValueError("the winner cannot be the discarder")
    if liable == winner:
        raise ValueError("the winner cannot be liable for its own win")
    fan = min(fan, rules.fan_cap)
    table = rules.payments
    if discarder is not None:
        owed = {discarder: table.discard(fan)}
        reason = Reason.WIN_ON_DISCARD
    else:
        owed = {seat: table.self_draw(fan) for seat in range(seats) if seat != winner}
        reason = Reason.SELF_DRAWN_WIN
    if rules.pao and liable is not None:
        owed, reason = {liable: sum(owed.values())}, Reason.PAO
    return [Transfer(seat, winner, amount, reason, event) for seat, amount in owed.items()]


def payout(
    fan: int,
    *,
    winner: int,
    discarder: int | None = None,
    liable: int | None = None,
    rules: Rules = Rules(),
) -> list[int]:
    """The net of each seat for one win of ``fan`` fan: :func:`payments` summed per seat."""
    paid = payments(fan, winner=winner, discarder=discarder, liable=liable, rules=rules)
    return net_of(paid, rules.players)


@dataclass(eq=False)
class Ledger(TransferLedger):
    """One Hong Kong deal's money: the transfers of its win (none for a draw), with reasons."""

    rules: Rules = Rules()
    transfers: list[Transfer] = field(default_factory=list)
    won: list[int] = field(default_factory=list)
    """The seat that won, once it has (one win ends a Hong Kong deal)."""
    events: list[str] = field(default_factory=list)
    """One line per recorded event, for learners."""
    checks: tuple[()] = ()
    """No end-of-wall checks in Hong Kong: a deal that runs out is a draw."""
    rows: dict[int, str] = field(default_factory=dict)
    """Each win's row of the payment table, in words, by event number: what every payment
    line of that event shows beside its reason."""

    def __post_init__(self) -> None:
        _check_rules(self.rules)

    @property
    def players(self) -> int:
        return self.rules.players

    def win(
        self, player: int, *, fan: int, discarder: int | None = None, liable: int | None = None
    ) -> None:
        """A win of ``fan`` fan by ``player``; ``discarder=None`` is self-drawn, ``liable`` pao."""
        if self.won:
            raise ValueError(f"the deal is over: seat {self.won[0]} has already won")
        paid = payments(
            fan,
            winner=player,
            discarder=discarder,
            liable=liable,
            rules=self.rules,
            event=len(self.events),
        )
        if discarder is None:
            event = f"seat {player} self-draws {a_or_an(f'{fan}-fan')} hand"
        else:
            event = f"seat {player} wins {a_or_an(f'{fan}-fan')} hand on seat {discarder}'s discard"
        row = table_row_words(fan, self_drawn=discarder is None, rules=self.rules)
        self.rows[len(self.events)] = row
        event += f": {row.split(' → ', 1)[1]}"
        if paid[0].reason is Reason.PAO:
            event += f"; seat {liable} is liable and pays it all (pao)"
        self.events.append(event)
        self.transfers += paid
        self.won.append(player)


def table_row_words(fan: int, *, self_drawn: bool, rules: Rules = Rules()) -> str:
    """The row of the payment table a win is paid from, in words.

    >>> table_row_words(8, self_drawn=False, rules=Rules(players=2))
    '8 fan → 128 from the discarder, on the Golden table'
    >>> table_row_words(12, self_drawn=True)
    '12 fan, counted as 10 (the cap) → 128 from each other player, on the half-spicy table'
    """
    rules = _check_rules(rules)
    paid = min(fan, rules.fan_cap)
    table = rules.payments
    counted = f"{fan} fan" if paid == fan else f"{fan} fan, counted as {paid} (the cap)"
    if self_drawn:
        amount, who = table.self_draw(paid), "each other player"
    else:
        amount, who = table.discard(paid), "the discarder"
    name = "Golden" if table.name == "golden" else table.name
    return f"{counted} → {amount} from {who}, on the {name} table"


def tile_set(rules: Rules = Rules()) -> TileSet:
    """The tiles of the game: all 136, or the two-player table's 80
    (reference/hongkong.md#two-player)."""
    return TWO_PLAYER_TILES if _check_rules(rules).players == 2 else ALL_TILES


def wall(rules: Rules = Rules()) -> list[Tile]:
    """The tiles of the game, four of each kind: 136 for four players, 80 for two.

    >>> len(wall()), len(wall(Rules(players=2)))
    (136, 80)
    """
    return tile_set(rules).wall()
