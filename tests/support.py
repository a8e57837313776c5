"""Helpers several test modules share."""

from __future__ import annotations

from kit.nylonppong.game import Round


def snapshot(round_: Round) -> tuple[object, ...]:
    """Everything a Nylon-ppong round holds, to compare before and after an action."""
    return (
        [list(h) for h in round_.hands],
        list(round_.pile),
        [list(group) for group in round_.laid],
        list(round_.discards),
        round_.phase,
        round_.turn,
        round_.drew,
        round_.claim,
        round_.turns,
        round_.result,
        list(round_.history),
        round_.seed,
        round_.dealer,
        round_.moves,
    )
