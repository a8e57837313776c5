"""Hong Kong apps: hand builder, what a hand needs, payment tables, pao, play and drill
(see the Hong Kong rules: reference/hongkong.md).

Each app holds state and calls the rules in :mod:`kit.hongkong`; the pictures
come from :mod:`kit.render` and the charts from :mod:`kit.plots`. Every one
can be driven in plain Python by setting values and clicking, as the tests do.

- :mod:`~kit.widgets.hongkong.builder`: :class:`HandBuilder`, a hand's fan and payments;
- :mod:`~kit.widgets.hongkong.needs`: :class:`WhatDoesThisHandNeed`, waits by the minimum;
- :mod:`~kit.widgets.hongkong.tables`: :class:`TableEditor`, a payment table to edit;
- :mod:`~kit.widgets.hongkong.pao`: :class:`PaoExplorer`, the scripted pao deal step by step;
- :mod:`~kit.widgets.hongkong.play`: :class:`PlayDeal`, one deal against bots with the coach
  (``Rules(players=2)``: the two-player Golden table);
- :mod:`~kit.widgets.hongkong.drill`: :class:`Drill`, "which discard?" positions and a score;
- :mod:`~kit.widgets.hongkong.display`: the wind menus and seat labels they share (their
  tables of nets are :func:`kit.render.readouts.nets_table`).

The waits and the pao scenario are rules: :func:`kit.hongkong.fan.waits_with_fan`
and :mod:`kit.hongkong.scenarios` (its table, :func:`pao_table`, is re-exported here).
"""

from kit.hongkong.fan import Wait as Wait
from kit.hongkong.scenarios import pao_table as pao_table
from kit.widgets.hongkong.builder import HandBuilder
from kit.widgets.hongkong.drill import Drill
from kit.widgets.hongkong.needs import WhatDoesThisHandNeed
from kit.widgets.hongkong.pao import PaoExplorer
from kit.widgets.hongkong.play import PlayDeal
from kit.widgets.hongkong.tables import TableEditor

__all__ = ["Drill", "HandBuilder", "PaoExplorer", "PlayDeal", "TableEditor", "WhatDoesThisHandNeed"]
