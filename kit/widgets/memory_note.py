"""The line a play app or drill shows about the learner's memory when it is not saving.

A store that cannot write its file (a read-only place, a damaged file moved aside) goes on
in memory and says why (:attr:`kit.progress.Store.message`); the apps show that sentence,
so a learner knows that this session will be forgotten.
"""

from __future__ import annotations

import ipywidgets as w

from kit.progress import Store
from kit.render.progress import message_html
from kit.widgets.common import classed

__all__ = ["memory_note"]


def memory_note(store: Store | None) -> w.HTML:
    """The store's message as a line of the page (class ``kit-memory-note``); empty when
    there is no store or nothing to say."""
    text = store.message if store is not None else None
    return classed(w.HTML(message_html(text) if text else ""), "kit-memory-note")
