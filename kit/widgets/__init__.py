"""Interactive apps for the lessons, built on ipywidgets.

They hold state and call the rules; they never compute a rule themselves.
The Sichuan apps (HandBuilder, PayoutExplorer, SimulationPanel) are in :mod:`kit.widgets.sichuan`.
"""

from kit.widgets.nylonppong import HandBuilder, PlayRound, SettlementExplorer, SimulationPanel

__all__ = ["HandBuilder", "PlayRound", "SettlementExplorer", "SimulationPanel"]
