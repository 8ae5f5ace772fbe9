"""Action payloads from outside: bounded before the kernel sees them, catalogue values embedded.

The kernel validates the meaning of an action; this module only makes sure a hostile payload
(a count of 10^12, JSON nested a thousand deep, megabytes of strings, floats) is refused with a
clear 400 before any work is done, and resolves catalogue ids into the definitions the action log
keeps, so replay never reads the catalogue and editing the catalogue never changes a played game.
"""

from __future__ import annotations

from typing import Any

import rules
from catalog.selectors import card_name_choice, card_payload, token_payload
from rules.registry.vocabulary import CARD as REFERS_CARD
from rules.registry.vocabulary import CARD_NAME as REFERS_CARD_NAME
from rules.registry.vocabulary import TOKEN as REFERS_TOKEN
from tokensite.api import DomainError

MAX_DEPTH = 10
MAX_NODES = 2_000
MAX_STRING = 2_000


class InvalidPayload(DomainError):
    status = 400
    code = "invalid_action"


def _check_node(value: Any, path: str, depth: int, budget: list[int]) -> None:
    budget[0] -= 1
    if budget[0] < 0:
        raise InvalidPayload(f"The action has more than {MAX_NODES} values.")
    if depth > MAX_DEPTH:
        raise InvalidPayload(f"The action is nested deeper than {MAX_DEPTH} levels at {path}.")
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, int):
        if abs(value) > rules.MAX_COUNT:
            raise InvalidPayload(
                f"{path} is {value}; counts and amounts are limited to {rules.MAX_COUNT}."
            )
        return
    if isinstance(value, float):
        raise InvalidPayload(f"{path} must be a whole number.")
    if isinstance(value, str):
        if len(value) > MAX_STRING:
            raise InvalidPayload(f"{path} is longer than {MAX_STRING} characters.")
        if "\x00" in value:  # PostgreSQL can't store it in JSON; no action needs it
            raise InvalidPayload(f"{path} contains a NUL character.")
        return
    if isinstance(value, list):
        for index, item in enumerate(value):
            _check_node(item, f"{path}[{index}]", depth + 1, budget)
        return
    if isinstance(value, dict):
        for key, item in value.items():
            if not isinstance(key, str) or len(key) > 100 or "\x00" in key:
                raise InvalidPayload(f"{path} has an invalid key.")
            _check_node(item, f"{path}.{key}", depth + 1, budget)
        return
    raise InvalidPayload(f"{path} is not a JSON value.")


def action_check_shape(action: Any) -> None:
    """Refuse what no action can be: not an object, no type, too big, too deep, huge numbers."""
    if not isinstance(action, dict):
        raise InvalidPayload("The action must be a JSON object.")
    kind = action.get("type")
    if not isinstance(kind, str) or not kind:
        raise InvalidPayload('The action needs a "type".')
    _check_node(action, "action", 0, [MAX_NODES])


def action_embed_definitions(game: str, action: dict[str, Any]) -> dict[str, Any]:
    """The action as it is run and logged: catalogue ids resolved into definitions of this game.

    A parameter the game's action registry marks as naming a token definition or a card (e.g.
    `token`, `card`) gets `definition` (the token or card payload, docs/internals.md section 1).
    A chosen card name (`choices.name` where `choices` refers to a card name, Pithing Needle)
    must be a card's name in the catalogue and is logged as the catalogue spells it.
    """
    payload = dict(action)
    registry = rules.registries().get(game)
    spec = registry.get(payload["type"]) if registry is not None else None
    for param in spec.params if spec is not None else ():
        if param.name not in payload:
            continue
        if param.refers == REFERS_TOKEN:
            payload["definition"] = _definition(game, "token", payload[param.name], token_payload)
        elif param.refers == REFERS_CARD:
            payload["definition"] = _definition(game, "card", payload[param.name], card_payload)
        elif param.refers == REFERS_CARD_NAME and isinstance(payload[param.name], dict):
            choices = payload[param.name]
            if "name" in choices:
                payload[param.name] = {**choices, "name": _card_name(game, choices["name"])}
    return payload


def _card_name(game: str, name: Any) -> str:
    """201.4: only the name of a card may be chosen; a token's name ("Treasure Token", "Blood
    Token") is not a card name, and neither is anything the catalogue doesn't know."""
    if not isinstance(name, str) or not name.strip():
        raise InvalidPayload('"choices.name" must be a card name.', code="unknown_card_name")
    found = card_name_choice(game, name)
    if found is None:
        raise InvalidPayload(
            f"{name!r} is not the name of a card in the {game} catalogue. Only card names can "
            "be chosen; tokens are not cards, so a token's name can't be chosen unless it is "
            "also a card's name (CR 201.4).",
            rule="201.4",
            code="unknown_card_name",
        )
    return found


def _definition(game: str, what: str, slug: Any, lookup: Any) -> dict[str, Any]:
    if not isinstance(slug, str) or not slug:
        raise InvalidPayload(f'"{what}" must be a {what} id.')
    definition: dict[str, Any] | None = lookup(slug)
    if definition is None or definition.get("game") != game:
        raise InvalidPayload(f"There is no {game} {what} {slug!r}.", code=f"unknown_{what}")
    # Which cards create a token is catalogue navigation, not a characteristic: not logged.
    definition.pop("created_by", None)
    return definition
