"""Play a lesson's simulations again, in the background, with a progress bar.

Hong Kong lesson 7 shows shipped results at once (:mod:`kit.data.golden`); this
button plays the same deals again after the page is up, so a class can see that
the same seed gives the same rows, or try another seed. The page stays usable
while the deals are played: they run in a thread, and the bar moves as they end.

>>> from kit.data.golden import RUNS, results
>>> runs = {"2 players, 80 tiles": RUNS["2 players, 80 tiles"]}
>>> frames = results(runs, deals=6)
>>> again = Rerun(frames, runs, deals=6)
>>> print(again.play())
Played 6 deals again with seed 1: the same rows as the results above.
>>> again.seed.value = 2
>>> print(again.play())
Played 6 deals with seed 2: other deals, so other numbers (the summary below).
"""

from __future__ import annotations

import html
import threading
import time
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import ipywidgets as w

from kit.data.golden import DEALS, SEED
from kit.hongkong.rules import Rules
from kit.widgets.common import BAD, GOOD, MUTED, classed

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Rerun"]

Summary = Callable[[dict[str, "pd.DataFrame"]], "pd.DataFrame"]


class Rerun(w.VBox):  # type: ignore[misc]
    """A *Play the deals again* button, a seed, a progress bar and what the new run found.

    ``frames`` are the results on the page, one per label of ``runs``; after a run
    they hold the new rows (the same dict, changed in place). ``summary`` turns the
    frames into the small table shown under the button.
    """

    def __init__(
        self,
        frames: dict[str, pd.DataFrame],
        runs: Mapping[str, Rules],
        *,
        deals: int = DEALS,
        seed: int = SEED,
        summary: Summary | None = None,
    ) -> None:
        missing = [label for label in runs if label not in frames]
        if missing:
            raise ValueError(f"no results on the page for {', '.join(missing)}")
        self.frames, self.runs, self.deals, self.summary = frames, dict(runs), deals, summary
        self.shown_seed = seed
        self.button = classed(
            w.Button(
                description="Play the deals again", icon="refresh", layout=w.Layout(width="200px")
            ),
            "kit-rerun-button",
        )
        self.seed = classed(
            w.BoundedIntText(
                value=seed,
                min=0,
                max=10**9,
                description="Seed",
                layout=w.Layout(width="150px"),
                tooltip="The same seed plays the same deals; another seed plays other ones.",
            ),
            "kit-rerun-seed",
        )
        total = deals * len(self.runs)
        self.bar = classed(
            w.IntProgress(value=0, min=0, max=total, layout=w.Layout(width="260px")),
            "kit-rerun-progress",
        )
        self.status = classed(
            w.HTML(
                f"<span style='{MUTED}'>The results above were played once with seed "
                f"{seed} and shipped with the kit: a fresh run with the same seed gives the "
                f"same rows. Press the button to play {total} deals again (about half a "
                "minute); the page stays usable meanwhile.</span>"
            ),
            "kit-rerun-status",
        )
        self.table = classed(w.HTML(), "kit-rerun-summary")
        self.thread: threading.Thread | None = None
        self.button.on_click(lambda _: self.start())
        super().__init__(
            [w.HBox([self.button, self.seed, self.bar]), self.status, self.table],
        )
        self.add_class("kit-rerun")

    def start(self) -> None:
        """Play in a thread, so that the page answers while the deals are played."""
        if self.thread is not None and self.thread.is_alive():
            return
        self.thread = threading.Thread(target=self.play, daemon=True)
        self.thread.start()

    def play(self) -> str:
        """Play every run again now (the button does this in a thread); returns what it says."""
        from kit.hongkong.sim import simulate

        seed = int(self.seed.value)
        self.button.disabled = self.seed.disabled = True
        self.bar.value = 0
        started = time.monotonic()
        try:
            fresh: dict[str, pd.DataFrame] = {}
            for number, (label, rules) in enumerate(self.runs.items()):
                self.status.value = f"Playing {label} …"

                def told(done: int, total: int, before: int = number * self.deals) -> None:
                    self.bar.value = before + done

                fresh[label] = simulate(self.deals, rules=rules, seed=seed, progress=told)
        except Exception as error:  # a crash in a thread would vanish: say it on the page
            self.status.value = f"<span style='color:{BAD}'>{html.escape(str(error))}</span>"
            raise
        finally:
            self.button.disabled = self.seed.disabled = False
        seconds = time.monotonic() - started
        same = seed == self.shown_seed and all(
            fresh[label].equals(self.frames[label]) for label in fresh
        )
        count = self.deals * len(fresh)
        if same:
            text = (
                f"Played {count} deals again with seed {seed}: the same rows as the results above."
            )
        elif seed == self.shown_seed:
            text = f"Played {count} deals with seed {seed}: the rows differ from the shipped ones."
        else:
            text = f"Played {count} deals with seed {seed}: other deals, so other numbers (the summary below)."
        self.frames.update(fresh)
        self.shown_seed = seed
        colour = GOOD if same else "#555"
        self.status.value = (
            f"<span style='color:{colour}'>{html.escape(text)}</span> "
            f"<span style='{MUTED}'>({seconds:.0f} s)</span>"
        )
        if self.summary is not None:
            self.table.value = self.summary(self.frames).to_html(
                border=0, float_format="{:.3f}".format
            )
        return text
