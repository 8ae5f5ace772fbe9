"""Golden scenarios: RULES.md part C as data. Each file: setup, then steps of an action and what
must hold afterwards (objects, seats, events in order, the pending choice, or the error).

Actions may name a card or token of ``library.json`` instead of embedding its definition, as the
tables service does with the catalogue.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from rules import IllegalAction, InvalidAction, apply, codec, new_game, view

HERE = Path(__file__).parent / "scenarios"
LIBRARY = json.loads((HERE / "library.json").read_text())
FILES = sorted(p for p in HERE.glob("*.json") if p.name != "library.json")
ERRORS = {"IllegalAction": IllegalAction, "InvalidAction": InvalidAction}


def _resolve(value: Any, shown: dict[str, Any]) -> Any:
    """ "@Name" (or "@Name#2") names the first (second) stack of that name, battlefield first."""
    if isinstance(value, dict):
        return {k: _resolve(v, shown) for k, v in value.items()}
    if isinstance(value, list):
        return [_resolve(v, shown) for v in value]
    if not isinstance(value, str) or not value.startswith("@"):
        return value
    name, _, nth = value[1:].partition("#")
    objects = sorted(shown["objects"], key=lambda o: o["zone"] != "battlefield")
    found = [o["id"] for o in objects if o["name"] == name]
    assert len(found) >= int(nth or 1), f"no object {value}"
    return found[int(nth or 1) - 1]


def _embed(action: dict[str, Any]) -> dict[str, Any]:
    action = dict(action)
    for key, shelf in (("card", "cards"), ("token", "tokens")):
        name = action.get(key)
        if "definition" not in action and name in LIBRARY[shelf]:
            action["definition"] = LIBRARY[shelf][name]
    return action


def _matches(actual: Any, expected: Any) -> bool:
    if isinstance(expected, dict) and isinstance(actual, dict):
        return all(k in actual and _matches(actual[k], v) for k, v in expected.items())
    return bool(actual == expected)


def _check(shown: dict[str, Any], events: list[dict[str, Any]], expect: dict[str, Any]) -> None:
    if "objects" in expect:
        objects = shown["objects"]
        assert len(objects) == len(expect["objects"]), [
            (o["id"], o["name"], o["count"], o["zone"]) for o in objects
        ]
        for actual, wanted in zip(objects, expect["objects"], strict=True):
            assert _matches(actual, wanted), (actual, wanted)
    for index, wanted in enumerate(expect.get("seats", [])):
        assert _matches(shown["seats"][index], wanted), (shown["seats"][index], wanted)
    position = 0
    for wanted in expect.get("events", []):
        while position < len(events) and not _matches(events[position], wanted):
            position += 1
        assert position < len(events), (wanted, [(e["type"], e["text"]) for e in events])
        position += 1
    if "pending_choice" in expect:
        assert _matches(shown["pending_choice"], expect["pending_choice"])
    for key in ("turn", "step", "active_seat"):
        if key in expect:
            assert shown[key] == expect[key]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_it_plays_the_golden_scenario(path: Path) -> None:
    scenario = json.loads(path.read_text())
    assert scenario["rules"], "every scenario cites the rules it checks"
    state = new_game("mtg", scenario["setup"])
    for step in scenario["steps"]:
        action = _embed(_resolve(step["action"], view(state)))
        if "error" in step:
            with pytest.raises(ERRORS[step["error"]["type"]]) as caught:
                apply(state, action)
            assert getattr(caught.value, "rule", None) == step["error"].get("rule")
            continue
        outcome = apply(state, action)
        state = outcome.state
        _check(view(state), outcome.events, step.get("expect", {}))
        assert codec.load(json.loads(json.dumps(codec.dump(state)))) == state
