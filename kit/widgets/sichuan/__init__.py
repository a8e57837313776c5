"""Sichuan blood-battle apps: hand builder, payout explorer, simulation panel, play, drill
(see the Sichuan rules: reference/sichuan.md).

Each app holds state and calls the rules in :mod:`kit.sichuan`; the pictures
come from :mod:`kit.render` and the charts from :mod:`kit.plots`. Every one
can be driven in plain Python by setting values and clicking, as the tests do.

- :mod:`~kit.widgets.sichuan.builder`: :class:`HandBuilder`, a hand's fan, waits and payment;
- :mod:`~kit.widgets.sichuan.payouts`: :class:`PayoutExplorer`, a deal's events and ledgers;
- :mod:`~kit.widgets.sichuan.simulation`: :class:`SimulationPanel`, bots under two rule sets;
- :mod:`~kit.widgets.sichuan.play`: :class:`PlayDeal`, one deal against bots with the coach;
- :mod:`~kit.widgets.sichuan.drill`: :class:`Drill`, "which discard?" positions and a score;
- :mod:`~kit.widgets.sichuan.rulesets`: the rule controls the payout and simulation apps share.

The event script the payout explorer reads is the game's own notation,
:mod:`kit.sichuan.events`; its names are re-exported here.
"""

from kit.sichuan.events import EVENT_KINDS as EVENT_KINDS
from kit.sichuan.events import Event as Event
from kit.sichuan.events import EventKind as EventKind
from kit.sichuan.events import ScriptError as ScriptError
from kit.sichuan.events import parse_script as parse_script
from kit.sichuan.events import replay as replay
from kit.widgets.sichuan.builder import HandBuilder
from kit.widgets.sichuan.drill import Drill
from kit.widgets.sichuan.payouts import PayoutExplorer
from kit.widgets.sichuan.play import PlayDeal
from kit.widgets.sichuan.simulation import SimulationPanel

__all__ = ["Drill", "HandBuilder", "PayoutExplorer", "PlayDeal", "SimulationPanel"]
