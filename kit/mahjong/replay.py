"""A learner's decision in a mahjong deal, rebuilt from the few facts that fix it, and the
idea a costly choice there got wrong.

A deal in a play widget is fixed by its rules and seed, the bots round the table and
the learner's choices: the engine's legal actions come in a fixed order and the bots
are deterministic given the table, so each choice is kept as its index in
``table.legal_actions(seat)``. :class:`Path` holds them, as JSON-able data for the
learner's store; :func:`rebuild` plays the deal again up to the next decision.
:func:`concept` names what a choice got wrong, for the drill card it becomes.

>>> from kit.sichuan import Rules
>>> table = rebuild(Rules(), Path(seed=7, bots=("coach", "coach", "coach"), choices=()))
>>> table.phase, table.to_move()
('void', [0])
>>> path = Path(7, ("coach",) * 3, (0,))
>>> Path.from_data(path.to_data()) == path, rebuild(Rules(), path).voids[0]
(True, 'm')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kit.coach import Advice, Option
from kit.games import game
from kit.mahjong.table import MahjongTable
from kit.sim import check_way, choice_index

__all__ = ["CONCEPTS", "DANGER_GAP", "LEARNER", "Path", "choice_index", "concept", "rebuild"]

LEARNER = 0
"""The learner's seat in a play widget."""

CONCEPTS = ("void-first", "danger", "minimum-fan", "claim", "shape")
"""The ideas a drill card tests, as :func:`concept` names them."""

DANGER_GAP = 0.05
"""How much more deal-in risk than the best's (a chance, 0 to 1) counts as "well above"."""

_CLAIMS = ("claim", "pass", "rob")
"""The coach's decisions that answer a discard (or an added kong): claim it or pass."""


@dataclass(frozen=True)
class Path:
    """The way to one of the learner's decisions: the deal's seed, the bot of each other
    seat (seat 1 on), and the learner's choices before it, each an index into
    ``legal_actions(0)`` at that moment."""

    seed: int
    bots: tuple[str, ...]
    choices: tuple[int, ...]

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int):
            raise TypeError(f"seed must be a whole number, not {self.seed!r:.40}")
        check_way(self.bots, self.choices)

    def then(self, choice: int) -> Path:
        """This path with one more choice."""
        return Path(self.seed, self.bots, (*self.choices, choice))

    def to_data(self) -> dict[str, Any]:
        """JSON-able data that :meth:`from_data` reads back."""
        return {"seed": self.seed, "bots": list(self.bots), "choices": list(self.choices)}

    @classmethod
    def from_data(cls, data: object) -> Path:
        """The path :meth:`to_data` wrote (other keys, such as a decision number, are ignored);
        ``ValueError`` naming ``data`` when it is not one."""
        if not isinstance(data, dict) or not {"seed", "bots", "choices"} <= set(data):
            raise ValueError(f"data must hold a path's seed, bots and choices, not {data!r:.80}")
        bots, choices = data["bots"], data["choices"]
        if not isinstance(bots, list) or not isinstance(choices, list):
            raise ValueError(f"data: bots and choices must be lists, not {data!r:.80}")
        try:
            return cls(data["seed"], tuple(bots), tuple(choices))
        except TypeError as error:
            raise ValueError(f"data: {error}") from None


def rebuild(rules: Any, path: Path) -> MahjongTable[Any]:
    """The table of ``rules`` dealt from ``path.seed`` and played on as the play widget
    plays it (the bots answer first, then the learner's choice), up to the learner's next
    decision after the last choice. ``ValueError`` naming ``path`` if it does not fit the
    deal: a wrong number of bots, a choice out of range, or a deal over before the end."""
    played = game(rules)
    engine: type[MahjongTable[Any]] = played.engine
    table = engine.deal(rules, seed=path.seed)
    if len(path.bots) != table.players - 1:
        raise ValueError(f"path: {table.players - 1} bots for this table, not {len(path.bots)}")
    unknown = [name for name in path.bots if name not in played.bots]
    if unknown:
        raise ValueError(f"path: no {played.title} bot called {unknown[0]!r}")
    made = 0
    while table.phase != "over":
        movers = table.to_move()
        bot = next((seat for seat in movers if seat != LEARNER), None)
        if bot is not None:
            table.apply(played.bots[path.bots[bot - 1]](table.view(bot)))
            continue
        if LEARNER not in movers:
            raise ValueError(f"path: nobody is to move after {made} of its choices")
        if made == len(path.choices):
            return table
        legal = table.legal_actions(LEARNER)
        choice = path.choices[made]
        if choice >= len(legal):
            raise ValueError(f"path: choice {made} is {choice}, but only {len(legal)} are legal")
        table.apply(legal[choice])
        made += 1
    raise ValueError(f"path: the deal ends after {made} of its {len(path.choices)} choices")


def _fact(option: Option, name: str) -> Any:
    return option.facts.fact(name) if name in option.facts.names() else None


def concept(advice: Advice, chosen: Any) -> str:
    """The idea a choice got wrong against the coach's best, from the coach's facts:

    - ``"void-first"``: it left more tiles of the void suit than the best (Sichuan);
    - ``"danger"``: its deal-in risk is well above the best's (:data:`DANGER_GAP`);
    - ``"minimum-fan"``: it left the hand farther from the minimum fan (Hong Kong);
    - ``"claim"``: a claim or a pass on someone's tile;
    - else ``"shape"``: the hand's own shape, steps from ready and tiles that help.
    """
    best = advice.best
    option = advice.option_for(chosen)
    if option is None:
        return "claim" if advice.decision in _CLAIMS else "shape"
    void, void_best = _fact(option, "void_tiles_left"), _fact(best, "void_tiles_left")
    if void is not None and void_best is not None and void > void_best:
        return "void-first"
    risk, risk_best = _fact(option, "deal_in_risk"), _fact(best, "deal_in_risk")
    if risk is not None and risk_best is not None and risk > risk_best + DANGER_GAP:
        return "danger"
    fan, fan_best = _fact(option, "fan_shanten"), _fact(best, "fan_shanten")
    if fan_best is not None and (fan is None or fan > fan_best):
        return "minimum-fan"
    if advice.decision in _CLAIMS:
        return "claim"
    return "shape"
