"""Controls for two Sichuan rule sets side by side, as the payout explorer and the
simulation panel compare them
(see the Sichuan rules, House rules: reference/sichuan.md#house-rules)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import ipywidgets as w

from kit.sichuan.rules import Rules, SelfDrawBonus

__all__ = ["FAN_CAPS", "SELF_DRAW_BONUSES", "describe", "rule_controls", "rules_of"]

FAN_CAPS = (3, 4, 5, 6)
SELF_DRAW_BONUSES: tuple[SelfDrawBonus, ...] = ("base", "fan", "none")

_RULE_STYLE = {"description_width": "110px"}


def rule_controls(prefix: str, *, switches: bool) -> dict[str, w.Widget]:
    """Controls for the payment rules
    (reference/sichuan.md#house-rules), keyed by their ``Rules`` field.

    Fan cap and self-draw bonus always; with ``switches``, also the kong money transfer and
    whether a flower pig pays winners. Each control has the class ``<prefix>-<field>``.
    """
    defaults = Rules()
    controls: dict[str, w.Widget] = {
        "fan_cap": w.Dropdown(
            options=list(FAN_CAPS), value=defaults.fan_cap, description="Fan cap"
        ),
        "self_draw_bonus": w.Dropdown(
            options=list(SELF_DRAW_BONUSES),
            value=defaults.self_draw_bonus,
            description="Self-draw bonus",
        ),
    }
    if switches:
        controls["kong_transfer"] = w.Checkbox(
            value=defaults.kong_transfer, description="kong money transfer 呼叫转移"
        )
        controls["pig_pays_winners"] = w.Checkbox(
            value=defaults.pig_pays_winners, description="flower pig pays winners too"
        )
    for key, control in controls.items():
        control.style = _RULE_STYLE
        control.layout = w.Layout(
            width="260px" if key in ("fan_cap", "self_draw_bonus") else "auto"
        )
        control.add_class(f"{prefix}-{key.replace('_', '-')}")
    return controls


def rules_of(controls: Mapping[str, Any]) -> Rules:
    """The rule set the controls describe."""
    return Rules(**{key: control.value for key, control in controls.items()})


def describe(rules: Rules) -> str:
    """A rule set in a few words, for chart legends."""
    return f"cap {rules.fan_cap}, self-draw bonus {rules.self_draw_bonus}"
