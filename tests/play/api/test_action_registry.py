"""Everything generated from the action registries: each entry has a serializer, a schema
component, an example and a form, and the schema's limits are what the server accepts."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

import rules
from play.api.actions import ACTION_SERIALIZERS
from play.web.forms import ActionForm, fields_for
from rules.registry import vocabulary as v
from tests.play.conftest import Cast, client_for, create_soldiers

SOLDIER = {"name": "Soldier", "types": ["Creature"], "subtypes": ["Soldier"]}
UNIT = {"name": "Recruit", "types": ["Unit"], "might": 1}


def _entries() -> list[tuple[str, v.ActionSpec]]:
    return [(game, spec) for game, registry in rules.registries().items() for spec in registry]


@pytest.fixture(scope="module")
def schema(django_db_setup: Any, django_db_blocker: Any) -> dict[str, Any]:
    with django_db_blocker.unblock():
        body: dict[str, Any] = Client().get("/api/schema/", {"format": "json"}).json()
    return body


@pytest.mark.parametrize(("game", "spec"), _entries(), ids=lambda v: getattr(v, "type", v))
def test_every_entry_has_a_serializer_a_schema_an_example_and_a_form(
    game: str, spec: v.ActionSpec, schema: dict[str, Any]
) -> None:
    serializer = ACTION_SERIALIZERS[spec.type]
    names = {p.name for p in spec.params}
    assert names <= set(serializer().fields)
    components = schema["components"]["schemas"]
    mapping = components["ActionRequest"]["discriminator"]["mapping"]
    component = components[mapping[spec.type].rsplit("/", 1)[-1]]
    assert names <= set(component["properties"])
    assert spec.label in component["description"] and "403" in component["description"]
    operation = schema["paths"]["/api/v1/tables/{table_id}/actions/"]["post"]
    examples = operation["requestBody"]["content"]["application/json"]["examples"].values()
    assert spec.example_action() in [e["value"]["action"] for e in examples]
    assert serializer(data=spec.example_action()).is_valid()
    form = ActionForm({"type": spec.type, "expected_version": 0})
    for p in spec.form_params():
        assert set(fields_for(p)) <= set(form.fields), p.name


def _state(game: str) -> Any:
    """A table where the examples name real stacks: o1 (and o2) of seat 0."""
    state = rules.new_game(game, {"players": ["Ann", "Ben"]})
    create = rules.registries()[game].by_role("create")
    assert create is not None
    definition = SOLDIER if game == "mtg" else UNIT
    extra = {} if game == "mtg" else {"location": "base"}
    for _ in range(2):
        action = {"type": create.type, "definition": definition, "count": 3, "controller": 0}
        action |= extra
        state = rules.apply(state, action).state
        definition = {**definition, "name": "Other"}
    return state


def _kernel_refuses(state: Any, action: dict[str, Any], name: str) -> bool:
    """The kernel refuses this parameter's value as malformed or out of range ("amount must be
    between 1 and ..."); "no ability 3" on this object, a 422 or a 409 answer the game, not the
    value's range."""
    try:
        rules.apply(state, action)
    except rules.InvalidAction as exc:
        return f"{name} must be" in str(exc)
    except (rules.IllegalAction, rules.ChoicePending):
        return False
    return False


def _bounded() -> list[tuple[str, v.ActionSpec, v.Param]]:
    return [
        (game, spec, p) for game, spec in _entries() for p in spec.params if p.kind == v.INTEGER
    ]


@pytest.mark.parametrize(
    ("game", "spec", "param"),
    _bounded(),
    ids=lambda v: getattr(v, "type", None) or getattr(v, "name", v),
)
def test_the_schema_limits_are_what_the_server_accepts(
    game: str, spec: v.ActionSpec, param: v.Param
) -> None:
    """At each limit the server takes the value; one past it, it answers 400 naming the field."""
    state = _state(game)
    serializer = ACTION_SERIALIZERS[spec.type]
    low, high = param.bounds() or (0, 0)
    for value in (low, high):
        action = {**spec.example_action(), param.name: value}
        checked = serializer(data=action)
        assert checked.is_valid() or param.name not in checked.errors, (value, checked.errors)
        assert not _kernel_refuses(state, action, param.name), value
    for value in (low - 1, high + 1):
        checked = serializer(data={**spec.example_action(), param.name: value})
        assert not checked.is_valid() and param.name in checked.errors, value


def test_zero_damage_is_refused_by_the_rules_and_zero_counters_as_out_of_range(
    cast: Cast,
) -> None:
    """The schema allows 0 damage (120.8: it isn't dealt, 422) but not 0 counters (400)."""
    url = f"/api/v1/tables/{cast.table.id}/actions/"
    client = client_for(cast.owner)
    created = client.post(
        url, {"expected_version": 0, "action": create_soldiers(count=2)}, format="json"
    ).json()
    [soldier] = created["state"]["objects"]
    registry = rules.registries()["mtg"]
    damage, counters = registry.get("damage"), registry.get("add_counters")
    assert damage is not None and counters is not None
    answer = client.post(
        url,
        {
            "expected_version": 1,
            "action": {"type": damage.type, "object": soldier["id"], "amount": 0},
        },
        format="json",
    )
    assert answer.status_code == 422 and answer.json()["rule"] == "120.8"
    answer = client.post(
        url,
        {
            "expected_version": 1,
            "action": {"type": counters.type, "object": soldier["id"], "amount": 0},
        },
        format="json",
    )
    assert answer.status_code == 400 and "amount" in str(answer.json())
