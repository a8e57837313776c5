"""What each option of a decision leads to, estimated by playing the deal out many times.

:func:`outcomes` takes what one seat sees, deals the hidden tiles at random
(:func:`kit.mahjong.world.sample_world`) into a number of worlds, and in each
world plays every option and then the rest of the deal: the seat with a player
(the game's coach unless told), the others with the game's opponents. The share
of worlds an option wins, its mean money and how often a discard is won on are
the option's :class:`Outcome`.

Every option is played on the same worlds (common random numbers), so the
difference between two options is not the luck of two different sets of deals.
The worlds are dealt evenly: nothing is read into what the other seats threw or
claimed, so the estimates are those of a seat that ignores its opponents' hints.

>>> from kit.sichuan import Table
>>> from kit.coach import Outcome
>>> from kit.mahjong.actions import Discard
>>> table = Table.deal(seed=7)
>>> from kit.sichuan.bots import BOTS
>>> while not (table.phase == "discard" and table.turn == 0):
...     seat = table.to_move()[0]
...     table.apply(BOTS["efficient"](table.view(seat)))
>>> view = table.view(0)
>>> found = outcomes(view, view.legal_actions()[:2], worlds=4, seed=1)
>>> [isinstance(a, Discard) for a in found]
[True, True]
>>> all(0.0 <= o.win_chance <= 1.0 and o.worlds == 4 for o in found.values())
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from kit.coach import Outcome
from kit.mahjong.actions import Discard
from kit.mahjong.observation import Observation
from kit.mahjong.table import MahjongTable
from kit.playouts import (
    chosen_actions,
    rng_argument,
    seat_bots,
    standard_error,
    worlds_argument,
)

__all__ = ["Outcome", "outcomes"]


def _play(table: MahjongTable[Any], bots: Sequence[Callable[[Any], Any]], *, claim: bool) -> None:
    """Play on from here: to the end of the deal, or only while the claim in progress lasts."""
    while table.phase != "over" and (not claim or table.phase == "claim"):
        seat = table.to_move()[0]
        table.apply(bots[seat](table.view(seat)))


def _net(table: Any, seat: int) -> int:
    """The seat's balance so far, from the game's ledger (each mahjong table keeps one)."""
    return int(table.ledger.net[seat])


def outcomes(
    observation: Observation,
    actions: Iterable[Any] | None = None,
    *,
    worlds: int = 32,
    rng: random.Random | None = None,
    seed: int | str | None = None,
    opponents: Sequence[Any] | None = None,
    player: Callable[[Any], Any] | None = None,
) -> dict[Any, Outcome]:
    """The :class:`Outcome` of each legal action of the observing seat (or of ``actions``).

    Each of ``worlds`` worlds is dealt once from ``rng`` (or a ``seed``: the same
    seed, the same outcomes) and shared by every action: a copy of it takes the
    action, then ``player`` (the game's coach unless given) plays the seat and
    ``opponents`` (bot names or functions, the game's defaults unless given,
    repeated round the table after the seat) play the others to the deal's end.
    """
    from kit.games import game as game_of

    if not isinstance(observation, Observation) or observation.ENGINE is None:
        try:
            family = game_of(getattr(observation, "rules", None)).family
        except TypeError:
            family = None
        if family == "cards":
            raise TypeError(
                "outcomes are for the mahjong games, not the card game; see kit.nylonppong.outcomes"
            )
        raise TypeError(f"observation must be a mahjong game's seat view, not {observation!r:.80}")
    count = worlds_argument(worlds)
    source = rng_argument(rng, seed)
    game = game_of(observation.rules)
    chosen = chosen_actions(observation, actions)
    seat = observation.seat
    player = game.coach.act if player is None else player
    bots = seat_bots(game, len(observation.hand_sizes), seat, player, opponents)
    wins_before = len(observation.wins)
    net_before = int(observation.ledger.net[seat])
    won = {a: 0 for a in chosen}
    dealt_in = {a: 0 for a in chosen}
    nets: dict[Any, list[int]] = {a: [] for a in chosen}
    for _ in range(count):
        world = game.sample_world(observation, source)
        for action in chosen:
            table = world.clone()
            table.apply(action)
            if isinstance(action, Discard):
                before = len(table.wins)
                _play(table, bots, claim=True)
                dealt_in[action] += any(w.discarder == seat for w in table.wins[before:])
            _play(table, bots, claim=False)
            won[action] += any(w.seat == seat for w in table.wins[wins_before:])
            nets[action].append(_net(table, seat) - net_before)
    return {
        a: Outcome(
            win_chance=won[a] / count,
            expected_net=sum(nets[a]) / count,
            net_error=standard_error(nets[a]),
            deal_in_risk=dealt_in[a] / count if isinstance(a, Discard) else None,
            worlds=count,
        )
        for a in chosen
    }
