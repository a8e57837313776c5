"""Every game's ``Rules`` fields carry their label and note, and are checked one way."""

from __future__ import annotations

from dataclasses import fields
from typing import Any

import pytest

from kit.games import GAMES
from kit.render.rules import house_rules_html, rules_html, settings
from kit.rules_fields import choices_of


@pytest.mark.parametrize("key", list(GAMES))
def test_every_rules_field_has_a_label_and_a_note(key: str) -> None:
    rules_type = GAMES[key].rules
    for item in fields(rules_type):
        assert item.metadata["label"].strip(), item.name
        assert item.metadata["note"].strip(), item.name
        choices = choices_of(item)
        if choices is not None:
            assert item.default in choices, item.name


@pytest.mark.parametrize(
    ("key", "changes", "message"),
    [
        ("sichuan", {"fan_cap": 7}, "fan_cap must be one of 3, 4, 5, 6, not 7"),
        ("sichuan", {"self_draw_bonus": "x"}, "self_draw_bonus must be one of 'base', 'fan', "),
        ("sichuan", {"base": 0}, "base must be 1 or more, not 0"),
        ("sichuan", {"kong_transfer": 1}, "kong_transfer must be True or False, not 1"),
        ("hongkong", {"players": 3}, "players must be one of 4, 2, not 3"),
        ("hongkong", {"players": 4.0}, "players must be a whole number (an int), not 4.0"),
        ("hongkong", {"min_fan": 11}, "min_fan must be at most fan_cap (10), not 11"),
        ("hongkong", {"pao": "no"}, "pao must be True or False, not 'no'"),
        ("nylonppong", {"players": 7}, "players must be 2-6, not 7"),
        ("nylonppong", {"rounds": None}, "rounds must be a whole number (an int), not None"),
        ("nylonppong", {"out_of_turn_ppong": 1}, "out_of_turn_ppong must be True or False, not 1"),
    ],
)
def test_bad_settings_read_the_same_in_every_game(
    key: str, changes: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        GAMES[key].rules(**changes)


def test_a_huge_bad_value_is_quoted_short() -> None:
    with pytest.raises(ValueError) as refused:
        GAMES["sichuan"].rules(self_draw_bonus="x" * 100_000)
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("key", list(GAMES))
def test_one_formatter_feeds_every_view(key: str) -> None:
    rules = GAMES[key].default_rules()
    shown = settings(rules)
    assert [s.name for s in shown] == [item.name for item in fields(rules)]
    assert not any(s.changed for s in shown)
    notebook, box = rules_html(rules), house_rules_html(rules)
    assert f"{GAMES[key].title} rules" in notebook
    for s in shown:
        assert s.label in notebook  # in words, with the name in code beside it if it differs
        assert s.label == s.name or f"{s.label} <span" in notebook
        assert s.label == s.name or f"<code>{s.name}</code>" in notebook
        assert f'data-field="{s.name}"' in box
