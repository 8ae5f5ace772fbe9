"""One serializer per action type, generated from the games' action registries
(rules/registry/): the OpenAPI reference of every action and a first shape check.

The kernel remains the judge of what an action means; these serializers document the parameters
(one schema component per type, discriminated by `type`, with an example and its 4xx answers)
and turn wrongly typed or out-of-range parameters into a 400 that names the field, with the
registry's limits. The view passes the client's own dict on, so nothing is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema_field
from rest_framework import serializers

import rules
from rules.registry import vocabulary as v
from tokensite.api import StrictBooleanField, StrictCharField, StrictIntegerField

MAX_COUNT: int = rules.MAX_COUNT
MAX_STRING = 2_000  # play/table/payloads.py refuses longer strings anyway

# A definition's colors: MTG colors or Riftbound domains, as the catalogue stores them, so a
# logged action with its embedded catalogue definition can be posted again as it is.
COLORS_AND_DOMAINS = ["W", "U", "B", "R", "G", "Fury", "Calm", "Mind", "Body", "Chaos", "Order"]


_DEFENDER_SCHEMA: list[dict[str, Any]] = [
    {"type": "integer", "minimum": 0, "maximum": v.MAX_SEAT},
    {
        "type": "object",
        "properties": {"seat": {"type": "integer", "minimum": 0, "maximum": v.MAX_SEAT}},
        "required": ["seat"],
        "additionalProperties": False,
    },
    {
        "type": "object",
        "properties": {"object": {"type": "string", "maxLength": 32}},
        "required": ["object"],
        "additionalProperties": False,
    },
]


def _seat_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= v.MAX_SEAT


def _defender_value(data: Any) -> Any:
    """A seat number, {"seat": n} or {"object": "<planeswalker or battle id>"} (508.1b)."""
    if _seat_number(data):
        return data
    if isinstance(data, dict) and len(data) == 1:
        ((key, value),) = data.items()
        if key == "seat" and _seat_number(value):
            return data
        if key == "object" and isinstance(value, str) and 0 < len(value) <= 32:
            return data
    raise serializers.ValidationError(
        'Must be a seat number, {"seat": n} or {"object": "<planeswalker or battle id>"}.'
    )


@extend_schema_field(
    {
        "oneOf": [{"type": "boolean"}, *_DEFENDER_SCHEMA],
        "description": "true: attacking the only opponent; or what it attacks (508.4).",
    }
)
class AttackingField(serializers.Field):  # type: ignore[type-arg]
    """true / false, or what the tokens attack (MTG 508.4): 0 is a seat, not false."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, bool):
            return data
        return _defender_value(data)

    def to_representation(self, value: Any) -> Any:
        return value


@extend_schema_field(
    {"oneOf": _DEFENDER_SCHEMA, "description": "What the creatures attack (508.1b)."}
)
class DefenderField(serializers.Field):  # type: ignore[type-arg]
    def to_internal_value(self, data: Any) -> Any:
        return _defender_value(data)

    def to_representation(self, value: Any) -> Any:
        return value


class ActionBase(serializers.Serializer[Any]):
    type = StrictCharField(help_text="The action type (discriminator).")


class DefinitionSerializer(serializers.Serializer[Any]):
    """Custom characteristics, the same fields as a catalogue token definition."""

    name = StrictCharField(
        max_length=200,
        required=False,
        allow_blank=True,
        help_text='Optional: without a name a token is named its subtypes + " Token" (CR 111.4).',
    )
    supertypes = serializers.ListField(child=StrictCharField(max_length=50), required=False)
    types = serializers.ListField(child=StrictCharField(max_length=50), required=False)
    subtypes = serializers.ListField(child=StrictCharField(max_length=50), required=False)
    colors = serializers.ListField(
        child=serializers.ChoiceField(choices=COLORS_AND_DOMAINS),
        required=False,
        help_text="MTG colors (W, U, B, R, G) or Riftbound domains (Fury, Calm, Mind, ...).",
    )
    power = StrictCharField(max_length=8, required=False, allow_null=True)
    toughness = StrictCharField(max_length=8, required=False, allow_null=True)
    might = StrictIntegerField(required=False, allow_null=True, min_value=0, max_value=MAX_COUNT)
    tags = serializers.ListField(child=StrictCharField(max_length=50), required=False)
    keywords = serializers.ListField(child=StrictCharField(max_length=50), required=False)
    text = StrictCharField(max_length=2000, required=False, allow_blank=True)


class CopyExceptSerializer(serializers.Serializer[Any]):
    haste = StrictBooleanField(required=False)
    legendary = StrictBooleanField(required=False)
    power = StrictIntegerField(required=False, min_value=-MAX_COUNT, max_value=MAX_COUNT)
    toughness = StrictIntegerField(required=False, min_value=-MAX_COUNT, max_value=MAX_COUNT)
    add_types = serializers.ListField(child=StrictCharField(max_length=50), required=False)
    colors = serializers.ListField(
        child=serializers.ChoiceField(choices=["W", "U", "B", "R", "G"]), required=False
    )
    keywords = serializers.ListField(
        child=StrictCharField(max_length=50),
        required=False,
        help_text='Riftbound: keywords given to the copy (181.3), e.g. ["Temporary"].',
    )


def _integer(p: v.Param, common: dict[str, Any]) -> serializers.Field:  # type: ignore[type-arg]
    bounds = p.bounds()
    assert bounds is not None
    return StrictIntegerField(min_value=bounds[0], max_value=bounds[1], **common)


def _text(p: v.Param, common: dict[str, Any]) -> serializers.Field:  # type: ignore[type-arg]
    return StrictCharField(max_length=p.max_length or MAX_STRING, **common)


def _objects(p: v.Param, common: dict[str, Any]) -> serializers.Field:  # type: ignore[type-arg]
    child = StrictCharField(max_length=32)
    return serializers.ListField(child=child, min_length=p.minimum, max_length=p.maximum, **common)


FIELDS: dict[str, Callable[[v.Param, dict[str, Any]], serializers.Field]] = {  # type: ignore[type-arg]
    v.INTEGER: _integer,
    v.SEAT: _integer,
    v.TEXT: _text,
    v.OBJECT: _text,
    v.OBJECTS: _objects,
    v.BOOLEAN: lambda p, common: StrictBooleanField(**common),
    v.CHOICE: lambda p, common: serializers.ChoiceField(choices=list(p.choices), **common),
    v.SEAT_OR_TRUE: lambda p, common: AttackingField(**common),
    v.DEFENDER: lambda p, common: DefenderField(**common),
    v.DEFINITION: lambda p, common: DefinitionSerializer(**common),
    v.COPY_EXCEPT: lambda p, common: CopyExceptSerializer(**common),
    v.COUNTERS: lambda p, common: serializers.DictField(
        child=StrictIntegerField(min_value=0, max_value=MAX_COUNT), **common
    ),
    v.MAPPING: lambda p, common: serializers.DictField(**common),
    v.JSON: lambda p, common: serializers.JSONField(**common),
}


def field_for(p: v.Param) -> serializers.Field:  # type: ignore[type-arg]
    return FIELDS[p.kind](p, {"required": p.required, "help_text": p.help})


ACTORS = {
    v.CONTROLLER: "the controller of `{param}`",
    v.NAMED: "the seat named by `{param}`",
    v.ACTIVE: "the active player",
    v.ANYONE: "any seated player",
    v.FIELD_CONTROLLER: "the controller of the battlefield `{param}`",
    v.OWNER: "the table's owner",
}


def _describe(specs: list[v.ActionSpec]) -> str:
    """The help line, who acts, the rule and the 4xx answers of one action type."""
    spec = specs[0]
    actor = ACTORS[spec.actor.kind].format(param=spec.actor.param)
    if spec.actor.active_by_default:
        actor += " (default: the active player)"
    games = " and ".join(_games(spec.type))
    rule = f" Rule: {spec.rule}." if spec.rule else ""
    return (
        f"{spec.help}\n\nLabel: {spec.label}. Games: {games}. Acts: {actor}.{rule}\n\n"
        "Answers: 400 a parameter is missing, of the wrong type or out of range (`detail` "
        f"names it); 403 the sender doesn't act for {actor}; 404 no such table; 409 a stale "
        "`expected_version` or another seat's pending choice; 422 the rules forbid it "
        "(`rule` says which)."
    )


def _games(kind: str) -> dict[str, v.ActionSpec]:
    return {
        game: spec
        for game, registry in rules.registries().items()
        if (spec := registry.get(kind)) is not None
    }


def merged_params(kind: str) -> dict[str, v.Param]:
    """The parameters of an action type in any game (the first game's where both have one)."""
    params: dict[str, v.Param] = {}
    for spec in _games(kind).values():
        for p in spec.params:
            params.setdefault(p.name, p)
    return params


def _serializer(kind: str) -> type[ActionBase]:
    specs = list(_games(kind).values())
    attrs: dict[str, Any] = {
        "__doc__": _describe(specs),
        "__module__": __name__,
    }
    name = "".join(part.title() for part in kind.split("_")) + "Action"
    # The fields go in under their JSON names: the serializer metaclass takes them out of the
    # class namespace, so "except" (a Python keyword) and "source" (a DRF Field attribute) work.
    attrs.update({p.name: field_for(p) for p in merged_params(kind).values()})
    return type(name, (ActionBase,), attrs)


def _all_types() -> list[str]:
    seen: dict[str, None] = {}
    for registry in rules.registries().values():
        seen.update(dict.fromkeys(spec.type for spec in registry))
    return list(seen)


ACTION_SERIALIZERS: dict[str, type[ActionBase]] = {kind: _serializer(kind) for kind in _all_types()}

# One request example per action type and game, shown on the actions endpoint.
ACTION_EXAMPLES = [
    OpenApiExample(
        f"{game}: {spec.label} ({kind})",
        value={"expected_version": 3, "action": spec.example_action()},
        request_only=True,
    )
    for kind in ACTION_SERIALIZERS
    for game, spec in _games(kind).items()
]
