"""The two-player lesson's simulations, played once and shipped: 400 deals per table, seed 1.

Hong Kong lesson 7 compares the four-player table, the two-player table and a
typed-in Golden table over 400 bot-played deals each. Played live, that is
about half a minute of work before a classroom page can show anything; with a
fixed seed a fresh run gives exactly the same rows, so the kit ships them in
``kit/data/golden.npz`` and :func:`results` loads them in a moment.

``python -m kit.data.golden`` plays the runs again and rewrites the file (run it
after a change to the bots, the engine or the scoring); the tests re-play a few
deals of each run and fail when the shipped rows have drifted from what the kit
plays now.

>>> frames = results({"2 players, 80 tiles": RUNS["2 players, 80 tiles"]}, deals=5)
>>> len(frames["2 players, 80 tiles"]), shipped_for(RUNS["2 players, 80 tiles"], 5, SEED)
(5, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kit.hongkong.payout import payout
from kit.hongkong.rules import Rules

if TYPE_CHECKING:
    import pandas as pd

__all__ = [
    "DEALS",
    "FILE",
    "RUNS",
    "SEED",
    "generate",
    "reprice",
    "results",
    "shipped_for",
    "typed_golden",
]

FILE = Path(__file__).with_name("golden.npz")
DEALS = 400
"""Deals per table in the lesson."""
SEED = 1
"""The lesson's seed: the same seed plays the same deals."""


def typed_golden() -> Rules:
    """The lesson's "typed-in" Golden table: a self-draw pays 1.5 times the discard value.

    >>> typed_golden().golden.self_draw(3), typed_golden().golden.discard(3)
    (24, 16)
    """
    golden = Rules().table.to_frame()
    golden["self_draw"] = golden["discard"] * 3 // 2
    return Rules(players=2, golden=golden)  # type: ignore[arg-type]  # a DataFrame is read


RUNS: dict[str, Rules] = {
    "4 players, 136 tiles": Rules(),
    "2 players, 80 tiles": Rules(players=2),
    "2 players, typed-in Golden": typed_golden(),
}
"""The lesson's three runs, by the label its tables and charts show."""

Progress = Callable[[str, int, int], None] | None
"""Told (label, deals done, deals in the run) while a run is played."""

_INT_COLUMNS = ("winner", "discarder", "fan", "liable")
_MISSING = -1  # stands for an empty Int64 cell in the file


def _key(rules: Rules, seed: int | str) -> str:
    """What makes two runs the same: the rules, the bots and the seed."""
    from kit.hongkong.sim import resolve_bots
    from kit.sim import bot_names

    bots = bot_names(resolve_bots(None, rules.players))
    return json.dumps({"rules": repr(rules), "bots": bots, "seed": str(seed)})


def _load() -> dict[str, Any]:
    """The shipped runs: {key: {"deals": n, "columns": {...}}}; empty when there is no file."""
    import numpy as np

    if not FILE.exists():
        return {}
    with np.load(FILE, allow_pickle=False) as data:
        meta = json.loads(str(data["meta"]))
        return {
            run["key"]: {
                "deals": run["deals"],
                "columns": {name: data[f"{index}/{name}"] for name in run["columns"]},
            }
            for index, run in enumerate(meta)
        }


_SHIPPED: dict[str, Any] | None = None


def _shipped() -> dict[str, Any]:
    global _SHIPPED
    if _SHIPPED is None:
        _SHIPPED = _load()
    return _SHIPPED


def shipped_for(rules: Rules, deals: int, seed: int | str) -> bool:
    """Are the first ``deals`` deals of this run shipped (no need to play them)?"""
    run = _shipped().get(_key(rules, seed))
    return run is not None and deals <= run["deals"]


def _frame(columns: Mapping[str, Any], deals: int, rules: Rules, seed: int | str) -> pd.DataFrame:
    """The shipped columns as :func:`~kit.hongkong.sim.simulate` returns them."""
    import pandas as pd

    from kit.hongkong.sim import resolve_bots
    from kit.sim import bot_names

    data: dict[str, Any] = {}
    for name, values in columns.items():
        values = values[:deals]
        if name in _INT_COLUMNS:
            data[name] = pd.array(
                [None if value == _MISSING else int(value) for value in values], dtype="Int64"
            )
        elif name in ("ended_by", "patterns"):
            data[name] = pd.array([str(value) for value in values], dtype="str")
        else:
            data[name] = values
    frame = pd.DataFrame(data)
    frame.attrs.update(rules=rules, bots=bot_names(resolve_bots(None, rules.players)), seed=seed)
    return frame


def results(
    runs: Mapping[str, Rules] | None = None,
    *,
    deals: int = DEALS,
    seed: int | str = SEED,
    progress: Progress = None,
) -> dict[str, pd.DataFrame]:
    """Each run's deals, one row per deal, exactly as ``simulate(deals, rules=…, seed=seed)``.

    A run the kit ships (same rules, bots and seed, no more deals) is loaded; any
    other run is played now, and ``progress`` hears how far it has got.
    """
    from kit.hongkong.sim import simulate

    frames: dict[str, pd.DataFrame] = {}
    for label, rules in (RUNS if runs is None else runs).items():
        if not isinstance(rules, Rules):
            raise TypeError(f"{label}: rules must be a kit.hongkong.Rules value, not {rules!r}")
        if shipped_for(rules, deals, seed):
            frames[label] = _frame(_shipped()[_key(rules, seed)]["columns"], deals, rules, seed)
            continue

        def told(done: int, total: int, label: str = label) -> None:
            if progress is not None:
                progress(label, done, total)

        frames[label] = simulate(deals, rules=rules, seed=seed, progress=told)
    return frames


def reprice(frame: pd.DataFrame, rules: Rules) -> pd.DataFrame:
    """The same deals paid under other ``rules``: the bots never look at the money, so a
    new payment table changes only the ``net_`` columns.

    >>> frame = results({"two": RUNS["2 players, 80 tiles"]}, deals=20)["two"]
    >>> reprice(frame, typed_golden()).equals(
    ...     results({"typed": typed_golden()}, deals=20)["typed"].set_axis(frame.columns, axis=1)
    ... )
    True
    """
    import pandas as pd

    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a kit.hongkong.Rules value, not {rules!r}")
    seats = [column for column in frame.columns if column.startswith("net_")]
    if len(seats) != rules.players:
        raise ValueError(f"these deals have {len(seats)} seats; the rules seat {rules.players}")
    priced = frame.copy()
    priced[seats] = 0
    for index, row in frame[frame["ended_by"] == "win"].iterrows():
        nets = payout(
            int(row["fan"]),
            winner=int(row["winner"]),
            discarder=None if row["self_drawn"] else int(row["discarder"]),
            liable=None if pd.isna(row["liable"]) else int(row["liable"]),
            rules=rules,
        )
        priced.loc[index, seats] = nets
    priced.attrs = {**frame.attrs, "rules": rules}
    return priced


def generate(path: Path = FILE, *, deals: int = DEALS, seed: int | str = SEED) -> Path:
    """Play every run of :data:`RUNS` and write them to ``path`` (``kit/data/golden.npz``)."""
    import numpy as np

    from kit.hongkong.sim import simulate

    arrays: dict[str, Any] = {}
    meta = []
    for index, (label, rules) in enumerate(RUNS.items()):
        frame = simulate(deals, rules=rules, seed=seed, progress=True)
        for name in frame.columns:
            column = frame[name]
            if name in _INT_COLUMNS:
                values = np.array(column.fillna(_MISSING).astype(int).to_numpy(), dtype=np.int64)
            elif name in ("ended_by", "patterns"):
                values = np.array([str(value) for value in column], dtype=str)
            else:
                values = column.to_numpy()
            arrays[f"{index}/{name}"] = values
        meta.append(
            {
                "label": label,
                "key": _key(rules, seed),
                "deals": deals,
                "columns": list(frame.columns),
            }
        )
    arrays["meta"] = np.array(json.dumps(meta))
    np.savez_compressed(path, **arrays)
    global _SHIPPED
    _SHIPPED = None
    return path


if __name__ == "__main__":  # python -m kit.data.golden
    print("wrote", generate())
