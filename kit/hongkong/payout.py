"""Hong Kong payments: the table, pao liability, and the two-player wall (RULES.md §3.3–3.4).

>>> payout(5, winner=0, discarder=2)
[48, 0, -48, 0]
>>> payout(5, winner=0)
[72, -24, -24, -24]
>>> payout(5, winner=0, liable=3)                 # pao: the liable player pays it all
[72, 0, 0, -72]
>>> payout(12, winner=1, discarder=0, rules=Rules(players=2))   # capped at 10; golden table
[-256, 256]
"""

from __future__ import annotations

from kit.hongkong.rules import TWO_PLAYER_TILES, Rules
from kit.tiles import TILES, Tile

__all__ = ["payout", "wall"]


def payout(
    fan: int,
    *,
    winner: int,
    discarder: int | None = None,
    liable: int | None = None,
    rules: Rules = Rules(),
) -> list[int]:
    """The net of each seat for one win of ``fan`` fan; ``discarder=None`` is a self-draw.

    On a discard the discarder alone pays the table's discard value; on a
    self-draw each other player pays the self-draw value. With pao on, a
    ``liable`` player pays the whole amount instead (three self-draw values,
    or the discard value) and nobody else pays. Fan above the cap count as the
    cap; fan below the minimum raise. Two players pay from the ``golden`` table.
    """
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
    others = [seat for seat in range(seats) if seat != winner]
    if discarder is not None:
        owed = {discarder: table.discard(fan)}
    else:
        owed = {seat: table.self_draw(fan) for seat in others}
    if rules.pao and liable is not None:
        owed = {liable: sum(owed.values())}
    net = [0] * seats
    for seat, amount in owed.items():
        net[seat] -= amount
        net[winner] += amount
    return net


def wall(rules: Rules = Rules()) -> list[Tile]:
    """The tiles of the game: 136 for four players, 80 for two (§3.1, §3.4).

    >>> len(wall()), len(wall(Rules(players=2)))
    (136, 80)
    """
    kinds = [t for t in TILES if rules.players == 4 or t in TWO_PLAYER_TILES]
    return [tile for tile in kinds for _ in range(4)]
