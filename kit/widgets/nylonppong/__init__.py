"""Nylon-ppong apps: hand builder, settlement explorer, play against bots, simulation.

Each app holds state and calls the rules in :mod:`kit.nylonppong`; the
pictures come from :mod:`kit.render` and the charts from :mod:`kit.plots`.
Every one can be driven in plain Python by setting values, as the tests do.

- :mod:`~kit.widgets.nylonppong.builder`: :class:`HandBuilder`, a hand's combination or stop;
- :mod:`~kit.widgets.nylonppong.settlement`: :class:`SettlementExplorer`, a round's penalties;
- :mod:`~kit.widgets.nylonppong.play`: :class:`PlayRound`, one round against bots;
- :mod:`~kit.widgets.nylonppong.drill`: :class:`Drill`, "what would you do?" positions and a score;
- :mod:`~kit.widgets.nylonppong.simulation`: :class:`SimulationPanel`, bots under two rule sets;
- :mod:`~kit.widgets.nylonppong.display`: how they write a score, and the penalty sliders.
"""

from kit.widgets.nylonppong.builder import HandBuilder
from kit.widgets.nylonppong.drill import Drill
from kit.widgets.nylonppong.play import PlayRound
from kit.widgets.nylonppong.settlement import SettlementExplorer
from kit.widgets.nylonppong.simulation import SimulationPanel

__all__ = ["Drill", "HandBuilder", "PlayRound", "SettlementExplorer", "SimulationPanel"]
