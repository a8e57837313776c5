"""Charts: a DataFrame (or a few numbers) in, a plotly Figure out.

Nothing here computes rules; it only draws what the simulations and the rules
modules return. Every chart checks its input first and says which columns it
needs. Tests read the figures' data, not pixels. A chart an app redraws on every
change also gives its traces as plain properties (``*_traces``), so that the app
can update the figure it shows instead of building a new one.

* :mod:`kit.plots.common`: colours per seat and per rule set, the layout, the input checks;
* :mod:`kit.plots.nylonppong`: endings, penalties, failed stops, combination odds;
* :mod:`kit.plots.sichuan`: nets per deal, pattern frequencies, payouts, hand values;
* :mod:`kit.plots.hongkong`: payment tables, the table size, fan of the wins;
* :mod:`kit.plots.money`: nets per seat and who pays whom, for both mahjong games;
* :mod:`kit.plots.progress`: a learner's own deals by date: matching the coach, dealing in, net;
* :mod:`kit.plots.display`: how a chart reaches a Voila page (inside an Output widget:
  importing this package switches plotly to it in a Voila kernel, nowhere else).
"""

import os

from kit.plots.common import LAYOUT as LAYOUT
from kit.plots.common import LEGEND_ON_TOP as LEGEND_ON_TOP
from kit.plots.common import RULE_SET_COLOURS as RULE_SET_COLOURS
from kit.plots.common import SEAT_COLOURS as SEAT_COLOURS
from kit.plots.common import rule_set_colour as rule_set_colour
from kit.plots.common import seat_columns as seat_columns
from kit.plots.common import seat_label as seat_label
from kit.plots.common import translucent as translucent
from kit.plots.hongkong import (
    ECONOMICS_MEASURES,
    PAYMENT_COLUMNS,
    economics,
    fan_distribution,
    payment_curve,
)
from kit.plots.hongkong import log_ticks as log_ticks
from kit.plots.hongkong import payment_curve_traces as payment_curve_traces
from kit.plots.money import REASON_COLOURS, ledger_flows, nets_bar
from kit.plots.money import ledger_flow_traces as ledger_flow_traces
from kit.plots.money import nets_bar_traces as nets_bar_traces
from kit.plots.nylonppong import ENDING_COLOURS as ENDING_COLOURS
from kit.plots.nylonppong import (
    compare_rule_sets,
    endings_chart,
    penalties_bar,
    penalty_distribution,
    probability_chart,
    stop_failure_chart,
)
from kit.plots.nylonppong import penalties_bar_traces as penalties_bar_traces
from kit.plots.nylonppong import penalty_columns as penalty_columns
from kit.plots.sichuan import (
    PAYOUT_MEASURES,
    compare_payouts,
    hand_value_curve,
    pattern_frequencies,
    sichuan_net_distribution,
)

if os.environ.get("VOILA_KERNEL_ID"):  # a Voila page: charts travel inside an Output widget
    from kit.plots.display import use_widget_renderer_in_voila

    use_widget_renderer_in_voila()

__all__ = [
    "ECONOMICS_MEASURES",
    "PAYMENT_COLUMNS",
    "PAYOUT_MEASURES",
    "REASON_COLOURS",
    "compare_payouts",
    "compare_rule_sets",
    "economics",
    "endings_chart",
    "fan_distribution",
    "hand_value_curve",
    "ledger_flows",
    "nets_bar",
    "pattern_frequencies",
    "payment_curve",
    "penalties_bar",
    "penalty_distribution",
    "probability_chart",
    "sichuan_net_distribution",
    "stop_failure_chart",
]
