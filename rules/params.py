"""Reading action parameters, shared by the game systems: every malformed value is an
InvalidAction naming the parameter."""

from __future__ import annotations

from typing import Any

from rules.context import Context
from rules.errors import InvalidAction
from rules.stacks import check_count
from rules.state import MAX_COUNT, ObjectT
from rules.text import msg

JsonDict = dict[str, Any]


def target(
    ctx: Context[ObjectT, Any], action: JsonDict, zone: str | None = None
) -> tuple[ObjectT, int]:
    """The stack an action names and how many of it (default 1); in ``zone`` if one is named."""
    obj = ctx.get(action.get("object"))
    if zone is not None and obj.zone != zone:
        raise InvalidAction(
            msg(
                "{obj} is not on the {zone} (it is in {zone2})",
                obj=obj.id,
                zone=zone,
                zone2=obj.zone,
            )
        )
    return obj, check_count(action.get("count"), obj.count)


def seat(ctx: Context[Any, Any], action: JsonDict, name: str, default: int | None = None) -> int:
    value = action.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidAction(msg("{name} must be a seat number", name=name))
    if not 0 <= value < len(ctx.state.seats):
        raise InvalidAction(msg("there is no seat {value}", value=value))
    return value


def integer(
    action: JsonDict, name: str, default: int | None = None, minimum: int = -MAX_COUNT
) -> int:
    value = action.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidAction(msg("{name} must be an integer", name=name))
    if not minimum <= value <= MAX_COUNT:
        raise InvalidAction(
            msg(
                "{name} must be between {minimum} and {max_count}",
                name=name,
                minimum=minimum,
                max_count=MAX_COUNT,
            )
        )
    return value


def flag(action: JsonDict, name: str) -> bool:
    value = action.get(name, False)
    if not isinstance(value, bool):
        raise InvalidAction(msg("{name} must be true or false", name=name))
    return value


def text(action: JsonDict, name: str, choices: tuple[str, ...] | None = None) -> str | None:
    value = action.get(name)
    if value is None:
        return None
    if not isinstance(value, str) or (choices is not None and value not in choices):
        if choices:
            raise InvalidAction(
                msg("{name} must be one of {choices}", name=name, choices=", ".join(choices))
            )
        raise InvalidAction(msg("{name} must be a string", name=name))
    return value


def mapping(action: JsonDict, name: str) -> JsonDict:
    value = action.get(name) or {}
    if not isinstance(value, dict):
        raise InvalidAction(msg("{name} must be an object", name=name))
    return value


def setup_int(setup: JsonDict, name: str, default: int) -> int:
    """A count of a new game's setup (life, hand, library): a non-negative integer."""
    value: object = setup.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise InvalidAction(msg("{name} must be a non-negative integer", name=name))
    return value
