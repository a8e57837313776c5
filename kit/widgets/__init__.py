"""Interactive apps for the lessons, built on ipywidgets.

They hold state and call the rules; they never compute a rule themselves.
One package per game, one app per module:

- :mod:`kit.widgets.nylonppong`: HandBuilder, SettlementExplorer, PlayRound, SimulationPanel;
- :mod:`kit.widgets.sichuan`: HandBuilder, PayoutExplorer, SimulationPanel, PlayDeal, Drill;
- :mod:`kit.widgets.hongkong`: HandBuilder, WhatDoesThisHandNeed, TableEditor, PaoExplorer,
  PlayDeal, Drill.

An import names its game (``from kit.widgets.sichuan import HandBuilder``); this
package exports only what serves every game.

:class:`PageSize` (:mod:`kit.widgets.page_size`) sets the size of every tile and card on
the page; :class:`Progress` (:mod:`kit.widgets.progress`) shows a learner's progress, from
their store. What they share is in :mod:`kit.widgets.common` (all three games) and
:mod:`kit.widgets.mahjong` (the two mahjong hand builders).
"""

from kit.widgets.page_size import PageSize
from kit.widgets.progress import Progress

__all__ = ["PageSize", "Progress"]
