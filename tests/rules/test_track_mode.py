"""Track-only tables: the kernel still decides and warns; an action the rules
forbid is done as far as it can be, with a ``rules_warning`` event citing the rule."""

from __future__ import annotations

from typing import Any

import pytest

import rules

SOLDIER = {"name": "Soldier", "types": ["Creature"], "power": "1", "toughness": "1"}
TREASURE = {"name": "Treasure", "types": ["Artifact"], "subtypes": ["Treasure"]}
TRACK = {rules.MODE: rules.TRACK}


def _game() -> Any:
    return rules.new_game("mtg", {"players": ["Ann", "Ben"]})


def _run(state: Any, *actions: dict[str, Any]) -> rules.Outcome:
    outcome = rules.Outcome(state, [])
    for action in actions:
        outcome = rules.apply(outcome.state, action)
    return outcome


def _warnings(outcome: rules.Outcome) -> list[dict[str, Any]]:
    return [e for e in outcome.events if e["type"] == "rules_warning"]


def test_tapping_a_tapped_permanent_is_refused_when_enforced_cr_701_26a() -> None:
    state = _run(_game(), {"type": "create_token", "definition": SOLDIER, "tapped": True}).state
    with pytest.raises(rules.IllegalAction) as caught:
        rules.apply(state, {"type": "tap", "object": "o1"})
    assert caught.value.rule == "701.26a"


def test_tapping_a_tapped_permanent_is_recorded_with_a_warning_when_tracked_cr_701_26a() -> None:
    state = _run(_game(), {"type": "create_token", "definition": SOLDIER, "tapped": True}).state
    outcome = rules.apply(state, {"type": "tap", "object": "o1", **TRACK})
    [warning] = _warnings(outcome)
    assert warning["rule"] == "701.26a" and warning["applied"] is True
    assert "already tapped" in warning["detail"]
    assert rules.view(outcome.state)["objects"][0]["tapped"] is True


def test_a_summoning_sick_creature_attacks_anyway_with_a_warning_cr_302_6() -> None:
    state = _run(
        _game(),
        {"type": "create_token", "definition": SOLDIER, "count": 2},
        {"type": "next_step"},
        {"type": "next_step"},
    ).state
    assert state.step == "declare_attackers"
    with pytest.raises(rules.IllegalAction) as caught:
        rules.apply(state, {"type": "attack", "object": "o1", "defender": 1})
    assert caught.value.rule == "302.6"
    outcome = rules.apply(state, {"type": "attack", "object": "o1", "defender": 1, **TRACK})
    assert [w["rule"] for w in _warnings(outcome)] == ["302.6"]
    [attacker] = [o for o in rules.view(outcome.state)["objects"] if o["attacking"]]
    assert attacker["attacking"] == {"seat": 1} and attacker["tapped"]
    assert any(e["type"] == "attacked" for e in outcome.events)


def test_a_check_the_kernel_cannot_go_past_records_the_action_and_changes_nothing_cr_506_3() -> (
    None
):
    state = _run(
        _game(),
        {"type": "create_token", "definition": TREASURE},
        {"type": "next_step"},
        {"type": "next_step"},
    ).state
    outcome = rules.apply(state, {"type": "attack", "object": "o1", "defender": 1, **TRACK})
    assert outcome.state is state
    [warning] = outcome.events
    assert warning["type"] == "rules_warning" and warning["rule"] == "506.3"
    assert warning["applied"] is False


def test_track_mode_never_relaxes_a_malformed_action() -> None:
    with pytest.raises(rules.InvalidAction):
        rules.apply(_game(), {"type": "tap", "object": "o99", **TRACK})


def test_riftbound_an_exhausted_unit_makes_a_standard_move_anyway_with_a_warning_144_2() -> None:
    game = rules.new_game("riftbound", {"players": ["A", "B"]})
    state = rules.apply(
        game, {"type": "create_token", "token": "rb-recruit", "controller": 0}
    ).state
    move = {"type": "move", "object": "o1", "to": "bf1", "standard": True}
    with pytest.raises(rules.IllegalAction) as caught:
        rules.apply(state, move)
    assert caught.value.rule == "144.2"
    outcome = rules.apply(state, {**move, **TRACK})
    assert [w["rule"] for w in _warnings(outcome)] == ["144.2"]
    [unit] = rules.view(outcome.state)["objects"]
    assert unit["location"] == "bf1"


@pytest.mark.parametrize("game", ["mtg", "riftbound"])
def test_the_mode_is_state_set_by_an_action_and_kept_by_the_codec(game: str) -> None:
    state = rules.new_game(game, {"players": ["Ann", "Ben"], rules.MODE: rules.TRACK})
    assert state.mode == rules.TRACK and rules.view(state)["mode"] == rules.TRACK
    outcome = rules.apply(state, {"type": "set_mode", "mode": "enforce"})
    assert (state.mode, outcome.state.mode) == (rules.TRACK, "enforce")  # apply never mutates
    assert [(e["type"], e["mode"]) for e in outcome.events] == [("mode_changed", "enforce")]
    assert rules.codec.load(rules.codec.dump(outcome.state)).mode == "enforce"
    for bad in ({"type": "set_mode", "mode": "sideways"}, {"type": "set_mode"}):
        with pytest.raises(rules.InvalidAction):
            rules.apply(state, bad)
    with pytest.raises(rules.InvalidAction):
        rules.new_game(game, {"players": ["Ann"], rules.MODE: "sideways"})


def test_a_table_switched_to_track_records_what_it_refused_before_cr_701_26a() -> None:
    state = _run(_game(), {"type": "create_token", "definition": SOLDIER, "tapped": True}).state
    with pytest.raises(rules.IllegalAction):
        rules.apply(state, {"type": "tap", "object": "o1"})
    tracked = _run(state, {"type": "set_mode", "mode": "track"}, {"type": "tap", "object": "o1"})
    assert [w["rule"] for w in _warnings(tracked)] == ["701.26a"]
    enforced = _run(tracked.state, {"type": "set_mode", "mode": "enforce"}).state
    with pytest.raises(rules.IllegalAction):
        rules.apply(enforced, {"type": "tap", "object": "o1"})


def test_a_state_dumped_before_modes_loads_as_enforcing() -> None:
    dumped = rules.codec.dump(_game())
    del dumped["mode"]
    assert rules.codec.load(dumped).mode == "enforce"
