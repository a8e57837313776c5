"""Every game's Rules reads back from the store equal to what went in."""

from __future__ import annotations

import json

import pandas as pd
import pytest

from kit import hongkong, nylonppong, sichuan
from kit.progress import Store, rules_from_data, rules_to_data

CUSTOM_TABLE = pd.DataFrame(
    {"discard": [10 * fan for fan in range(11)], "self_draw": [5 * fan for fan in range(11)]},
    index=range(11),
)

RULES = [
    nylonppong.Rules(),
    nylonppong.Rules(players=6, stop_limit=10, failed_stop_penalty=50, out_of_turn_ppong=False),
    sichuan.Rules(),
    sichuan.Rules(base=2, fan_cap=6, self_draw_bonus="fan", kong_transfer=False, pungs_258=True),
    hongkong.Rules(),
    hongkong.Rules(players=2, table="full-spicy", min_fan=4, fan_cap=8, pao=False),
    hongkong.Rules(min_fan=0, table=CUSTOM_TABLE, golden=CUSTOM_TABLE * 2),
]


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_rules_round_trip_through_json(rules: object) -> None:
    back = rules_from_data(json.loads(json.dumps(rules_to_data(rules))))
    assert back == rules
    assert type(back) is type(rules)


@pytest.mark.parametrize("rules", RULES, ids=repr)
def test_rules_read_back_equal_from_the_store(rules: object) -> None:
    store = Store(":memory:")
    store.record_deal(rules, seed=3, lines=[], net=0, dealt_in=False)
    (deal,) = store.deals()
    assert deal.rules == rules


def test_a_derived_golden_table_still_follows_its_table() -> None:
    rules = hongkong.Rules(players=2, table="full-spicy")
    back = rules_from_data(rules_to_data(rules))
    assert back.golden.derived and back.golden.discard(10) == 2048


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"game": "chess", "fields": {}}, "no game"),
        ({"game": "sichuan"}, "rules must be"),
        ({"game": "sichuan", "fields": {"fan_cap": "4"}}, "rules.fan_cap must be int"),
        ({"game": "sichuan", "fields": {"fan_cap": 9}}, "fan_cap must be one of"),
        ({"game": "sichuan", "fields": {"colour": 1}}, "colour"),
        ({"game": "hongkong", "fields": {"table": {"name": "x", "rows": [[3, 1]]}}}, "rows[0]"),
    ],
)
def test_malformed_rules_data_is_refused_by_name(data: object, words: str) -> None:
    with pytest.raises(ValueError, match=None) as caught:
        rules_from_data(data)
    assert words in str(caught.value)


def test_only_rules_values_are_stored() -> None:
    with pytest.raises(TypeError, match="Rules value"):
        Store(":memory:").record_deal({"fan_cap": 4}, seed=1, lines=[], net=0, dealt_in=False)
