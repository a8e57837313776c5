"""What a learner can see of their own progress: the :class:`Progress` panel, where to go on,
and the ✓ of the lessons done on the landing page.

Everything is read from a progress store (:class:`kit.progress.Store`); the numbers come
from :func:`kit.progress.summary.summary`, the charts from :mod:`kit.plots.progress`, the
HTML from :mod:`kit.render.progress`. The store never raises for its file, and neither
does anything here: a store that cannot be used is a message on the page.
"""

from __future__ import annotations

import base64
import tempfile
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import ipywidgets as w

from kit.games import GAMES
from kit.plots import progress as charts
from kit.progress import Store
from kit.progress.course import LESSONS, lesson_paths, lesson_title, next_up
from kit.progress.summary import Summary, summary
from kit.render import progress as html
from kit.widgets.common import ErrorLine, chart, guarded, redraw

__all__ = ["Progress", "continue_where_you_left_off", "done_marks", "export_link"]

MAX_IMPORT_BYTES = 20_000_000
"""The largest file the import box takes (an exported store is far smaller)."""


def export_link(store: Store) -> str:
    """An HTML link that downloads ``store``'s records as ``progress.json`` (a ``data:`` URL:
    no server, nothing leaves the machine)."""
    with tempfile.TemporaryDirectory(prefix="kit-export-") as folder:
        path = store.export_json(Path(folder) / "progress.json")
        data = base64.b64encode(path.read_bytes()).decode("ascii")
    return (
        f'<a class="kit-progress-download" download="progress.json" '
        f'href="data:application/json;base64,{data}">Download progress.json</a>'
        " (keep it, then import it into another session's store)"
    )


class Progress(w.VBox):  # type: ignore[misc]
    """A learner's progress in one game (``game``, a registry key) or in the whole kit.

    The numbers (lessons done, exercises right at the first try, drills due), then charts of
    the deals played: how often the learner matched the coach, dealt in, and their net.
    *Forget everything* asks first; *Export* offers the records as a file to download, and
    the import box adds the records of such a file.
    """

    def __init__(self, store: Store, game: str | None = None) -> None:
        if not isinstance(store, Store):
            raise TypeError(f"store must be a kit.progress.Store, not {store!r:.60}")
        if game is not None and (not isinstance(game, str) or game not in GAMES):
            raise ValueError(f"game must be one of {', '.join(GAMES)} or None, not {game!r:.40}")
        super().__init__()
        self.store = store
        self.game = game
        self.error = ErrorLine()
        self.header = w.HTML()
        self.numbers = w.HTML()
        self.charts = {
            "coach": chart("kit-progress-coach"),
            "deal-ins": chart("kit-progress-deal-ins"),
            "net": chart("kit-progress-net"),
        }
        self.forget_button = w.Button(description="Forget everything", icon="trash")
        self.confirm_button = w.Button(description="Yes, forget", button_style="danger")
        self.keep_button = w.Button(description="Keep my progress")
        self.confirm = w.HBox(
            [
                w.HTML("Delete every record of this store, for good?"),
                self.confirm_button,
                self.keep_button,
            ]
        )
        self.confirm.layout.display = "none"
        for button in (self.forget_button, self.confirm_button, self.keep_button):
            button.layout.width = "auto"  # the default width cuts "Forget everything" short
        self.export_button = w.Button(description="Export", icon="download")
        self.download = w.HTML()
        self.upload = w.FileUpload(accept=".json", multiple=False, description="Import")
        self.said = w.HTML()
        self.forget_button.on_click(lambda _: self.ask_forget())
        self.confirm_button.on_click(lambda _: self.forget())
        self.keep_button.on_click(lambda _: self.keep())
        self.export_button.on_click(lambda _: self.export())
        self.upload.observe(self._on_upload, names="value")
        for button, name in (
            (self.forget_button, "kit-progress-forget"),
            (self.confirm_button, "kit-progress-confirm"),
            (self.export_button, "kit-progress-export"),
        ):
            button.add_class(name)
        self.chart_box = w.VBox(list(self.charts.values()))
        self.children = [
            self.header,
            self.error,
            self.numbers,
            self.chart_box,
            w.HBox([self.forget_button, self.export_button, self.upload]),
            self.confirm,
            self.download,
            self.said,
        ]
        self.add_class("kit-progress")
        self.show()

    @property
    def summary(self) -> Summary:
        """The numbers shown."""
        return summary(self.store, self.game)

    def show(self) -> None:
        """Redraw everything from the store."""
        numbers = self.summary
        where = "the whole kit" if self.game is None else GAMES[self.game].title
        message = html.message_html(self.store.message) if self.store.message else ""
        self.header.value = f"<h3>Your progress: {where}</h3>{message}"
        if numbers.empty:
            self.numbers.value = (
                '<div class="kit-progress-empty">Nothing here yet: work through a lesson, '
                "try its exercises, or play a deal with the coach, and it shows up here.</div>"
            )
            self.chart_box.children = []
            return
        self.numbers.value = html.summary_html(numbers)
        shown = []
        deals = list(numbers.deals)
        if any(deal.decisions for deal in deals):
            redraw(self.charts["coach"], charts.coach_match_chart(deals))
            shown.append(self.charts["coach"])
        if deals:
            redraw(self.charts["deal-ins"], charts.deal_in_chart(deals))
            redraw(self.charts["net"], charts.net_chart(deals))
            shown += [self.charts["deal-ins"], self.charts["net"]]
        self.chart_box.children = shown

    def ask_forget(self) -> None:
        """Ask before deleting anything: show *Yes, forget* and *Keep my progress*."""
        self.confirm.layout.display = "flex"
        self.said.value = ""

    def keep(self) -> None:
        """The learner changed their mind: nothing is deleted."""
        self.confirm.layout.display = "none"

    @guarded
    def forget(self) -> None:
        """Delete every record (after :meth:`ask_forget`), and redraw."""
        if self.confirm.layout.display == "none":
            raise ValueError("press Forget everything first: the kit asks before it deletes")
        self.confirm.layout.display = "none"
        self.store.forget()
        self.download.value = ""
        self.said.value = "Everything is forgotten: this store is empty."
        self.show()

    @guarded
    def export(self) -> None:
        """Offer the records as ``progress.json`` to download."""
        self.download.value = export_link(self.store)

    def import_bytes(self, content: bytes) -> str:
        """Add the records of an exported file's ``content``; what the page says (an error
        is said, never raised)."""
        self.error.clear()
        if len(content) > MAX_IMPORT_BYTES:
            return self._say_error("that file is too large to be an exported progress store")
        with tempfile.TemporaryDirectory(prefix="kit-import-") as folder:
            path = Path(folder) / "progress.json"
            path.write_bytes(content)
            try:
                added = self.store.import_json(path)
            except ValueError as error:
                return self._say_error(f"Nothing was imported: {error}")
        self.said.value = (
            f"Imported {len(added.deals)} deals, {len(added.attempts)} exercise tries, "
            f"{len(added.cards)} drill cards, {len(added.drills)} drill answers and "
            f"{len(added.lessons)} lessons done."
        )
        self.show()
        return str(self.said.value)

    def _say_error(self, text: str) -> str:
        self.said.value = ""
        self.error.show(text)
        return text

    def _on_upload(self, change: Mapping[str, Any]) -> None:
        files = list(change["new"] or ())
        if not files:
            return
        content = files[0]["content"]
        self.import_bytes(bytes(content))
        self.upload.value = ()


def _default_store() -> Store:
    """The learner's store, its warnings kept off the page (its message says the same)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return Store()


def continue_where_you_left_off(store: Store | None = None, root: Path = LESSONS) -> html.Shown:
    """The start page's "Continue where you left off": the last lesson done, the next one
    (with its link) and the drills due per game; one friendly line when nothing is stored
    yet. A store that cannot be used shows only its message."""
    if store is None:
        with _default_store() as opened:
            return continue_where_you_left_off(opened, root)
    if not store.saving and store.message:
        return html.Shown(html.message_html(store.message))
    where = next_up(store.lessons(), root)
    last = (
        None
        if where.last is None
        else (where.last.lesson, lesson_title(where.last.lesson, root), where.last.last)
    )
    following = None if where.next is None else (where.next, lesson_title(where.next, root))
    due = {key: len(store.due(key)) for key in GAMES}
    return html.Shown(html.continue_html(last=last, next_lesson=following, due=due))


def done_marks(store: Store | None = None, root: Path = LESSONS) -> html.Shown:
    """The landing page's ✓ after each lesson done (from the learner's store)."""
    if store is None:
        with _default_store() as opened:
            return done_marks(opened, root)
    numbered = lesson_paths(root=root)
    done = [d.lesson for d in store.lessons() if d.lesson in numbered]
    return html.Shown(html.done_marks_html(done, len(numbered)))
