"""Charts: a DataFrame (or a few numbers) in, a plotly Figure out.

Nothing here computes rules; it only draws what the simulations
(:mod:`kit.nylonppong.sim`, :mod:`kit.sichuan.sim`) and the rules modules
return. Tests read the figures' data, not pixels.
"""

from kit.plots.hongkong import ECONOMICS_MEASURES, PAYMENT_COLUMNS, economics, payment_curve
from kit.plots.nylonppong import (
    compare_rule_sets,
    endings_chart,
    penalties_bar,
    penalty_distribution,
    probability_chart,
    stop_failure_chart,
)
from kit.plots.sichuan import (
    PAYOUT_MEASURES,
    REASON_COLOURS,
    compare_payouts,
    ledger_flows,
    nets_bar,
    pattern_frequencies,
    sichuan_net_distribution,
)

__all__ = [
    "ECONOMICS_MEASURES",
    "PAYMENT_COLUMNS",
    "PAYOUT_MEASURES",
    "REASON_COLOURS",
    "compare_payouts",
    "compare_rule_sets",
    "economics",
    "endings_chart",
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
