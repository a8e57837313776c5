"""Play one Sichuan blood-battle deal as seat 0 against three bots, with the coach beside you.

>>> from kit.mahjong.actions import Discard
>>> from kit.mahjong.tiles import Tile
>>> game = PlayDeal(seed=7, pace=0)
>>> game.table.phase, sorted(c[1] for c in game._choices if c)
('void', ['Void: bamboo', 'Void: characters', 'Void: dots'])
>>> game.act(Discard(0, Tile.parse("1m"))) is None and "not allowed" in game.error.value
True
"""

from __future__ import annotations

from typing import Any

from kit.games import game
from kit.mahjong.tiles import SUITS
from kit.sichuan.game import ChooseVoid, Table
from kit.widgets.mahjong_parts import SUIT_NAMES, Choice
from kit.widgets.mahjong_play import MahjongPlay

__all__ = ["PlayDeal", "void_choices"]

_ORDINALS = ("1st", "2nd", "3rd")


class PlayDeal(MahjongPlay, game=game("sichuan"), short_name="Sichuan"):
    """One Sichuan deal: name your void, then play to the end against three bots.

    ``bots`` names the opponents from :data:`kit.sichuan.BOTS` (one name for all,
    or one per seat); ``seed`` makes the deal repeatable; ``pace`` is the pause
    in seconds between the bots' moves (0: at once).
    """

    def _title(self) -> str:
        return "Sichuan blood battle: you against three bots"

    def _story_threshold(self) -> float:
        """A quarter of the rules' base stake: a choice that gave up less than that in
        expected money is not a turning point."""
        base: int = self.rules.base
        return base / 4

    def _play_on_words(self) -> str:
        t = self.table
        assert isinstance(t, Table)
        left = len(t.in_play())
        return f"blood battle: {'the other ' if left < 4 else ''}{left} play on"

    def _seat_notes(self, seat: int) -> list[str]:
        t = self.table
        assert isinstance(t, Table)
        notes = []
        if t.phase != "void":
            void = t.voids[seat]
            if void is not None:
                notes.append(f"void: {SUIT_NAMES[void]}")
        for order, won in enumerate(t.ledger.won):
            if won == seat:
                fan = next(w.score.fan for w in t.wins if w.seat == seat)
                notes.append(f"won {_ORDINALS[order]}, {fan} fan")
        return notes

    def _extra_choices(self, legal: list[Any]) -> list[Choice]:
        return void_choices(legal)

    def _prompt_extra(self) -> str | None:
        t = self.table
        if t.phase == "void" and self.your_move:
            held = {suit: sum(1 for tile in t.concealed[0] if tile.suit == suit) for suit in SUITS}
            counts = ", ".join(f"{held[s]} {SUIT_NAMES[s]}" for s in SUITS)
            return (
                "<b>Name your void suit:</b> the suit you will throw away and never win with "
                f"(you hold {counts})."
            )
        return None


def void_choices(legal: list[Any]) -> list[Choice]:
    """A button for each void suit among ``legal`` (the void step at the deal's start)."""
    return [
        (
            action,
            f"Void: {SUIT_NAMES[action.suit]}",
            ("kit-play-void", f"kit-play-void-{action.suit}"),
        )
        for action in legal
        if isinstance(action, ChooseVoid)
    ]
