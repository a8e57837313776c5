"""Interactive apps for the lessons, built on ipywidgets.

They hold state and call the rules; they never compute a rule themselves.
One package per game, one app per module:

- :mod:`kit.widgets.nylonppong`: HandBuilder, SettlementExplorer, PlayRound,
  SimulationPanel (re-exported here);
- :mod:`kit.widgets.sichuan`: HandBuilder, PayoutExplorer, SimulationPanel;
- :mod:`kit.widgets.hongkong`: HandBuilder, WhatDoesThisHandNeed, TableEditor, PaoExplorer.

:class:`PageSize` (:mod:`kit.widgets.page_size`) sets the size of every tile and card on
the page. What they share is in :mod:`kit.widgets.common` (all three games) and
:mod:`kit.widgets.mahjong` (the two mahjong hand builders).
"""

from kit.widgets.nylonppong import HandBuilder, PlayRound, SettlementExplorer, SimulationPanel
from kit.widgets.page_size import PageSize

__all__ = ["HandBuilder", "PageSize", "PlayRound", "SettlementExplorer", "SimulationPanel"]
