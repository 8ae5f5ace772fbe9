"""Golden scenarios: RULES.md C.10-C.12 as data, in the MTG scenario format (setup, then steps
of an action and what must hold afterwards, or the error), with Riftbound additions: ``objects``
is a map by id (only those listed), ``absent`` ids, ``battlefields`` by id, ``object_count``,
``battlefield_count``, ``events_absent`` (types) and ``state`` (top-level fields).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules import apply, codec, new_game, view
from rules.errors import ChoicePending, IllegalAction, InvalidAction

ERRORS = {
    "IllegalAction": IllegalAction,
    "InvalidAction": InvalidAction,
    "ChoicePending": ChoicePending,
}
SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.json"))


def _subset(expected: Any, actual: Any, where: str) -> None:
    if isinstance(expected, dict):
        assert isinstance(actual, dict), f"{where}: expected an object, got {actual!r}"
        for key, value in expected.items():
            assert key in actual, f"{where}: no {key!r} in {actual!r}"
            _subset(value, actual[key], f"{where}.{key}")
    elif isinstance(expected, list) and expected and isinstance(expected[0], dict):
        assert len(actual) >= len(expected), f"{where}: {actual!r}"
        for index, item in enumerate(expected):
            _subset(item, actual[index], f"{where}[{index}]")
    else:
        assert actual == expected, f"{where}: expected {expected!r}, got {actual!r}"


def _in_order(expected: list[dict[str, Any]], events: list[dict[str, Any]], where: str) -> None:
    """Every expected event appears, in this order, among the events (each a subset)."""
    rest = iter(events)
    for wanted in expected:
        for event in rest:
            if all(event.get(k) == v for k, v in wanted.items()):
                break
        else:
            pytest.fail(f"{where}: no event {wanted} in order among {events}")


def _check(step: dict[str, Any], table: dict[str, Any], events: list[Any], where: str) -> None:
    _in_order(step.get("events", []), events, where)
    for kind in step.get("events_absent", []):
        assert kind not in [e["type"] for e in events], where
    objects = {o["id"]: o for o in table["objects"]}
    for object_id, expected in step.get("objects", {}).items():
        assert object_id in objects, f"{where}: no object {object_id} in {sorted(objects)}"
        _subset(expected, objects[object_id], f"{where} {object_id}")
    for object_id in step.get("absent", []):
        assert object_id not in objects, f"{where}: {object_id} still exists"
    if "object_count" in step:
        assert len(objects) == step["object_count"], where
    if "battlefield_count" in step:
        assert len(table["battlefields"]) == step["battlefield_count"], where
    fields = {b["id"]: b for b in table["battlefields"]}
    for expected in step.get("battlefields", []):
        assert expected["id"] in fields, f"{where}: no battlefield {expected['id']}"
        _subset(expected, fields[expected["id"]], f"{where} {expected['id']}")
    if "seats" in step:
        _subset(step["seats"], table["seats"], f"{where} seats")
    if "pending_choice" in step:
        expected = step["pending_choice"]
        if expected is None:
            assert table["pending_choice"] is None, where
        else:
            _subset(expected, table["pending_choice"], f"{where} pending_choice")
    _subset(step.get("state", {}), table, f"{where} state")


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_it_plays_the_golden_scenario(path: Path) -> None:
    scenario = json.loads(path.read_text())
    assert scenario["rules"], "a scenario cites the rules it checks"
    state = new_game("riftbound", scenario["setup"])
    for number, step in enumerate(scenario["steps"], start=1):
        where = f"{path.stem} step {number}"
        if "error" in step:
            with pytest.raises(ERRORS[step["error"]["type"]]) as caught:
                apply(state, step["action"])
            if "rule" in step["error"]:
                assert getattr(caught.value, "rule", None) == step["error"]["rule"], where
            continue
        outcome = apply(state, step["action"])
        state = outcome.state
        assert codec.load(codec.dump(state)) == state, f"{where}: codec round trip"
        _check(step.get("expect", {}), view(state), outcome.events, where)
