"""The story of a mahjong deal for the learner's seat: the two or three moments that decided
its money, in money and tiles.

A play widget records every move applied (:class:`Move`: who, what, and which of the
learner's reviewed decisions it was) and the review of the learner's choices. From those
and the finished table, :func:`turning_points` picks, biggest money first:

- a discard of the learner's that an opponent won on (a robbed kong too), with what it
  paid;
- a choice that gave up more than ``threshold`` of expected money by the coach's
  forecasts, with the win chance it gave up;
- an opponent's flush that their discards showed: from which of their discards on
  they threw no tile of the suit they won in;
- after a loss, a win the learner could not have stopped (a self-draw, another
  seat's discard).

Lines are plain words; tiles are written as the kit writes them ("9m", "6z") so the page
can draw each as its picture and name. :class:`Move` and :class:`TurningPoint` are every
game's (:mod:`kit.story`), and can be imported from here too.

>>> point = TurningPoint("Your 9m gave Seat 2 its win: −2.", -2.0, 4)
>>> point.decision, point.money
(4, -2.0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kit.coach import Review
from kit.mahjong.actions import AddedKong, Discard, Hu, Win
from kit.story import MOST, Move, TurningPoint, seat_namer
from kit.words import a_or_an, amount, money, ordinal, percent, signed

__all__ = [
    "Move",
    "TurningPoint",
    "liable_for_wins",
    "paid_at_the_wall",
    "paid_for_wins",
    "turning_points",
]


def turning_points(
    moves: Sequence[Move],
    wins: Sequence[Win[Any]],
    review: Review,
    paid: Mapping[int, int],
    *,
    you: int = 0,
    threshold: float,
    names: Mapping[int, str] | None = None,
    received: int = 0,
    checks: Mapping[str, int] | None = None,
    liable: Mapping[int, int] | None = None,
) -> tuple[TurningPoint, ...]:
    """The deal's turning points for seat ``you`` (at most :data:`MOST`): the wins your
    discards fed first, then the rest, biggest money first.

    ``wins`` are the deal's wins in order, ``paid`` what ``you`` paid to each winning seat
    for its win (a seat to its amount), ``received`` what ``you`` were paid for your own
    wins, ``checks`` what ``you`` paid at the end of the wall by reason ("not ready",
    "flower pig"; :func:`paid_at_the_wall`), ``threshold`` the expected money below which
    a choice's cost is not worth a line, ``liable`` the seat that paid a win it was liable
    for (Hong Kong's pao; :func:`liable_for_wins`), by winner.
    """
    name = seat_namer(you, names)
    found: list[TurningPoint] = []
    fed = _fed_wins(moves, wins, paid, you, name, liable or {})
    found += _merged(fed, _costly_choices(review, threshold))
    found += _flush_signals(moves, wins, paid, you, name)
    found += _your_wins(moves, wins, received, you, name)
    found += [_wall_check(reason, owed) for reason, owed in (checks or {}).items() if owed]
    if not any(p.money is not None and p.money < 0 for p in found):
        found += _not_yours(moves, wins, paid, you, name)
    found.sort(key=lambda p: (p.kind != "fed", -abs(p.money) if p.money is not None else 0.0))
    return tuple(found[:MOST])


def paid_for_wins(payments: Any, you: int) -> dict[int, int]:
    """What seat ``you`` paid each other seat for its wins, from a ledger's frame of payments
    (``payer``, ``payee``, ``amount``, ``reason``): the rows whose reason names a win (or
    pao); what ``you`` received for your own wins is under ``you``."""
    paid: dict[int, int] = {}
    for payer, payee, sum_paid, reason in zip(
        payments["payer"], payments["payee"], payments["amount"], payments["reason"], strict=True
    ):
        if "win" not in str(reason) and str(reason) != "pao":
            continue
        if payer == you:
            paid[int(payee)] = paid.get(int(payee), 0) + int(sum_paid)
        elif payee == you:
            paid[you] = paid.get(you, 0) + int(sum_paid)
    return paid


def _win_moves(moves: Sequence[Move], wins: Sequence[Win[Any]]) -> list[tuple[Win[Any], int]]:
    """Each win with the index of the move that made it: its winner's ``Hu`` (a seat wins
    at most once; a ``Hu`` that lost to a nearer claimant is not a win)."""
    found = []
    for win in wins:
        at = [i for i, m in enumerate(moves) if isinstance(m.action, Hu) and m.seat == win.seat]
        if at:
            found.append((win, at[-1]))
    return found


def _feeding(moves: Sequence[Move], upto: int) -> Move | None:
    """The discard (or added kong, when robbed) a win at move ``upto`` was made on."""
    for move in reversed(moves[:upto]):
        if isinstance(move.action, (Discard, AddedKong)):
            return move
    return None


def _fed_wins(
    moves: Sequence[Move],
    wins: Sequence[Win[Any]],
    paid: Mapping[int, int],
    you: int,
    name: Any,
    liable: Mapping[int, int],
) -> list[TurningPoint]:
    points = []
    for win, at in _win_moves(moves, wins):
        if win.discarder != you:
            continue
        fed = _feeding(moves, at)
        tile = fed.action.tile if fed is not None else win.score.win
        owed = -paid.get(win.seat, 0)
        what = "added kong of" if isinstance(fed and fed.action, AddedKong) else ""
        your = f"Your {what} {tile}".replace("  ", " ")
        cost = f": {signed(owed)}."
        if win.seat in liable and liable[win.seat] != you:
            cost = (
                f"; {name(liable[win.seat])} was liable for it (pao) and paid it all, "
                "so it cost you nothing."
            )
        points.append(
            TurningPoint(
                f"{your} gave {name(win.seat)} {_their_win(win)}{cost}",
                float(owed),
                fed.decision if fed is not None else None,
                "fed",
            )
        )
    return points


def _their_win(win: Win[Any]) -> str:
    """ "a win", "a 3-fan win", "an 8-fan win"."""
    fan = getattr(win.score, "fan", 0)
    if not fan:
        return "a win"
    return a_or_an(f"{fan}-fan win")


def _costly_choices(review: Review, threshold: float) -> list[TurningPoint]:
    points = []
    for index, line in enumerate(review.lines):
        if line.good or line.cost is None or line.cost < threshold:
            continue
        chance = ""
        if line.win_gap is not None and line.win_gap >= 0.005:
            chance = f" and {percent(line.win_gap)} less win chance"
        why = "" if "money expected" in line.lost else f" ({line.lost})"
        points.append(
            TurningPoint(
                f"You chose {line.chosen} where the coach chose {line.best}: about "
                f"{amount(line.cost)} less expected money{chance}{why}.",
                -line.cost,
                index,
            )
        )
    return points


def _merged(fed: list[TurningPoint], costly: list[TurningPoint]) -> list[TurningPoint]:
    """The fed wins, each with the cost of its discard when that choice was also costly;
    then the other costly choices."""
    cost_of = {p.decision: p for p in costly}
    points = []
    for point in fed:
        choice = cost_of.pop(point.decision, None) if point.decision is not None else None
        if choice is not None and choice.money is not None:
            best = choice.text.split(" where the coach chose ", 1)[1].split(":", 1)[0]
            point = TurningPoint(
                f"{point.text} The coach chose {best}, worth about "
                f"{amount(-choice.money)} more in expected money.",
                point.money,
                point.decision,
                "fed",
            )
        points.append(point)
    return points + list(cost_of.values())


def _flush_signals(
    moves: Sequence[Move], wins: Sequence[Win[Any]], paid: Mapping[int, int], you: int, name: Any
) -> list[TurningPoint]:
    points = []
    for win in wins:
        if win.seat == you or not paid.get(win.seat):
            continue
        patterns = [key for key, _ in getattr(win.score, "patterns", ())]
        if not any("flush" in key for key in patterns):
            continue
        suits = {t.suit for t in win.score.hand.all_tiles if t.suit in "mps"}
        if len(suits) != 1:
            continue
        suit = suits.pop()
        thrown = [
            m.action.tile for m in moves if m.seat == win.seat and isinstance(m.action, Discard)
        ]
        clean = _clean_from(thrown, suit)
        if clean is None:
            continue
        points.append(
            TurningPoint(
                f"From {name(win.seat)}'s {ordinal(clean + 1)} discard on, none was "
                f"{SUIT_WORDS[suit]}: a flush in {SUIT_WORDS[suit]} was likely, and it came.",
                None,
                None,
                "signal",
            )
        )
    return points


SUIT_WORDS = {"m": "characters", "p": "dots", "s": "bamboo"}


WALL_CHECKS = {
    "not ready": "The wall ran out with your hand not ready: you paid the ready players",
    "flower pig": "The wall ran out with a tile of your void suit still in your hand "
    "(a flower pig): you paid every other player",
}
"""What each end-of-wall payment of yours means, in words."""


def liable_for_wins(payments: Any) -> dict[int, int]:
    """The seat that paid each winner for a win it was liable for (pao), by winner."""
    return {
        int(payee): int(payer)
        for payer, payee, reason in zip(
            payments["payer"], payments["payee"], payments["reason"], strict=True
        )
        if str(reason) == "pao"
    }


def paid_at_the_wall(payments: Any, you: int) -> dict[str, int]:
    """What seat ``you`` paid at the end-of-wall checks, by reason (:data:`WALL_CHECKS`),
    from a ledger's frame of payments."""
    paid: dict[str, int] = {}
    for payer, sum_paid, reason in zip(
        payments["payer"], payments["amount"], payments["reason"], strict=True
    ):
        if payer == you and str(reason) in WALL_CHECKS:
            paid[str(reason)] = paid.get(str(reason), 0) + int(sum_paid)
    return paid


def _wall_check(reason: str, owed: int) -> TurningPoint:
    return TurningPoint(f"{WALL_CHECKS[reason]}: {signed(-owed)}.", float(-owed), None, "wall")


def _your_wins(
    moves: Sequence[Move], wins: Sequence[Win[Any]], received: int, you: int, name: Any
) -> list[TurningPoint]:
    mine = [(win, at) for win, at in _win_moves(moves, wins) if win.seat == you]
    if not mine:
        return []
    win, _ = mine[0]
    how = (
        "on your own draw"
        if win.discarder is None
        else f"on {name(win.discarder)}'s {win.score.win}"
    )
    fan = getattr(win.score, "fan", 0)
    hand = a_or_an(f"{fan}-fan hand") if fan else "a hand"
    return [
        TurningPoint(
            f"You won {hand} {how}: {money(received)}." if received else f"You won {hand} {how}.",
            float(received),
            None,
            "yours",
        )
    ]


def _clean_from(thrown: Sequence[Any], suit: str, *, at_least: int = 3) -> int | None:
    """The first discard from which ``thrown`` holds no tile of ``suit`` (at least
    ``at_least`` discards from there on), or None."""
    last = max((i for i, tile in enumerate(thrown) if tile.suit == suit), default=-1)
    start = last + 1
    return start if len(thrown) - start >= at_least else None


def _not_yours(
    moves: Sequence[Move], wins: Sequence[Win[Any]], paid: Mapping[int, int], you: int, name: Any
) -> list[TurningPoint]:
    points = []
    for win, at in _win_moves(moves, wins):
        owed = paid.get(win.seat, 0)
        if win.seat == you or win.discarder == you or not owed:
            continue
        turn = 1 + sum(
            1 for m in moves[:at] if m.seat == win.seat and isinstance(m.action, Discard)
        )
        how = (
            f"{name(win.seat)} self-drew on their {ordinal(turn)} turn"
            if win.discarder is None
            else f"{name(win.seat)} won on {name(win.discarder)}'s discard"
        )
        points.append(
            TurningPoint(
                f"{how}: no discard of yours could have stopped it ({signed(-owed)}).",
                float(-owed),
                None,
                "not-yours",
            )
        )
    return points
