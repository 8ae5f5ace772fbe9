"""The action registries (rules/registry/): every entry is complete, both games agree on
what they share, and who acts comes from the entries."""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.registry import shared
from rules.registry import vocabulary as v

SOLDIER = {
    "name": "Soldier",
    "types": ["Creature"],
    "subtypes": ["Soldier"],
    "power": "1",
    "toughness": "1",
}
TREASURE = {"name": "Treasure", "types": ["Artifact"], "subtypes": ["Treasure"]}


def _entries() -> list[tuple[str, v.ActionSpec]]:
    return [(game, spec) for game, registry in rules.registries().items() for spec in registry]


@pytest.mark.parametrize(("game", "spec"), _entries(), ids=lambda v: getattr(v, "type", v))
def test_every_entry_has_a_handler_a_label_a_help_line_and_an_example(
    game: str, spec: v.ActionSpec
) -> None:
    registry = rules.registries()[game]
    assert spec.handler is not None or spec is shared.CHOOSE
    if spec.handler is not None:
        assert registry.handlers()[spec.type] is spec.handler
    assert spec.label and spec.help
    assert set(spec.example) <= {p.name for p in spec.params}
    assert all(p.help for p in spec.params)
    if spec.applies is not None:
        assert spec.group is not None, "an action offered on objects sits in a group of controls"


def test_the_games_agree_on_each_parameter_they_share() -> None:
    """One schema documents both games: a shared parameter has one kind and one range (only
    whether it may be left out can differ: an MTG damage names an object or a seat)."""
    mtg, riftbound = rules.registries()["mtg"], rules.registries()["riftbound"]
    for spec in mtg:
        other = riftbound.get(spec.type)
        for p in spec.params:
            q = other.param(p.name) if other is not None else None
            if q is not None:
                assert (p.kind, p.bounds(), p.choices, p.max_length) == (
                    q.kind,
                    q.bounds(),
                    q.choices,
                    q.max_length,
                ), (spec.type, p.name)


def _mtg_table() -> Any:
    state = rules.new_game("mtg", {"players": ["Ann", "Ben"]})
    state = rules.apply(
        state, {"type": _role("mtg", "create"), "definition": SOLDIER, "controller": 1}
    ).state
    return state


def _role(game: str, role: str) -> str:
    spec = rules.registries()[game].by_role(role)
    assert spec is not None
    return spec.type


def test_the_acting_seat_comes_from_the_entry() -> None:
    """The controller alone sacrifices (701.21a); an effect (tap, damage, ...) may come from any
    seated player's spell; creating names a seat (default: the active player); turns are the
    active player's."""
    state = _mtg_table()
    [soldier] = state.objects
    registry = rules.registries()["mtg"]
    sacrifice, tap = registry.get("sacrifice"), registry.by_role("tap_one")
    assert sacrifice is not None and tap is not None
    assert rules.acting_seats(state, {"type": sacrifice.type, "object": soldier}) == (1, {1})
    assert rules.acting_seats(state, {"type": tap.type, "object": soldier}) == (None, set())
    assert rules.acting_seats(state, {"type": _role("mtg", "create")}) == (0, {0})
    assert rules.acting_seats(state, {"type": _role("mtg", "life"), "seat": 1}) == (1, {1})
    assert rules.acting_seats(state, {"type": _role("mtg", "pass")}) == (0, {0})


def test_riftbound_by_acts_and_so_does_the_controller_where_only_they_may() -> None:
    """809: the seat whose spell chooses the object acts; moving a unit is its controller's, so
    naming yourself as ``by`` doesn't move an opponent's unit; killing it is any spell's."""
    state = rules.new_game("riftbound", {"players": ["Ann", "Ben"]})
    unit = {"name": "Recruit", "types": ["Unit"], "might": 1}
    state = rules.apply(
        state,
        {
            "type": _role("riftbound", "create"),
            "definition": unit,
            "controller": 1,
            "location": "base",
        },
    ).state
    [recruit] = state.objects
    registry = rules.registries()["riftbound"]
    kill, move = registry.get("kill"), registry.get("move")
    assert kill is not None and move is not None
    assert rules.acting_seats(state, {"type": kill.type, "object": recruit, "by": 0}) == (0, {0})
    action = {"type": move.type, "object": recruit, "to": "base", "by": 0}
    assert rules.acting_seats(state, action) == (0, {0, 1})


def test_a_treasure_is_offered_no_attack_and_no_pump_and_a_creature_is() -> None:
    registry = rules.registries()["mtg"]
    treasure = {"zone": "battlefield", "types": ["Artifact"], "abilities": [{"index": 0}]}
    creature = {"zone": "battlefield", "types": ["Creature"], "abilities": []}
    offered = {s.label for s in registry.for_object(treasure)}
    assert not {"Attack", "Pump"} & offered
    assert {"Sacrifice", "Activate"} <= offered
    assert {"Attack", "Pump"} <= {s.label for s in registry.for_object(creature)}
    assert "Attack" not in {s.label for s in registry.for_object({**creature, "tapped": True})}
