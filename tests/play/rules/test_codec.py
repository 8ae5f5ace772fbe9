"""The codec: an exact round trip, and states stored by older schemas still load (tables in
databases hold them)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from play.rules import apply, codec, new_game
from play.rules.errors import InvalidAction, RulesError

HERE = Path(__file__).parent
# The final state of every golden scenario, dumped by schema 1 (before each game's fields moved
# into its own records).
SCHEMA_1 = json.loads((HERE / "data" / "states_schema1.json").read_text())
SCENARIO_DIRS = {"mtg": HERE / "scenarios", "riftbound": HERE / "riftbound" / "scenarios"}


def _replay(key: str) -> Any:
    game, name = key.split("/")
    scenario = json.loads((SCENARIO_DIRS[game] / f"{name}.json").read_text())
    state = new_game(scenario.get("game", game), scenario["setup"])
    for step in scenario["steps"]:
        try:
            state = apply(state, step["action"]).state
        except RulesError:
            pass
    return state


@pytest.mark.parametrize("key", sorted(SCHEMA_1))
def test_it_loads_a_schema_1_state_as_the_state_it_was(key: str) -> None:
    stored = SCHEMA_1[key]
    assert stored["schema"] == 1
    loaded = codec.load(stored)
    assert loaded == _replay(key)
    dumped = codec.dump(loaded)
    assert dumped["schema"] == codec.SCHEMA_VERSION == 2
    assert codec.dump(codec.load(json.loads(json.dumps(dumped)))) == dumped


def test_it_keeps_each_games_fields_in_its_own_records() -> None:
    mtg = codec.dump(new_game("mtg", {"players": ["A", "B"]}))
    rift = codec.dump(new_game("riftbound", {"players": ["A", "B"]}))
    assert "mana_pool" in mtg["seats"][0] and "rune_pool" not in mtg["seats"][0]
    assert "rune_pool" in rift["seats"][0] and "mana_pool" not in rift["seats"][0]
    assert "points" not in mtg["seats"][0] and "poison" not in rift["seats"][0]
    assert "battlefields" not in mtg and len(rift["system"]["battlefields"]) == 2


def test_it_refuses_an_unknown_schema() -> None:
    data = codec.dump(new_game("mtg", {"players": ["A"]}))
    with pytest.raises(InvalidAction):
        codec.load({**data, "schema": 3})
