"""The effect data of a compiled ``makes`` entry, checked before anything runs it: the steps
``make`` performs (create, copy, amass, populate, fabricate, and the life changes beside them)
and how X is counted."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules.errors import InvalidAction
from rules.mtg.create import LEAVES_AT
from rules.state import Face
from rules.text import msg

JsonDict = dict[str, Any]

STEPS = ("create", "copy", "amass", "populate", "fabricate", "life")
LIFE_WHO = ("you", "each_opponent", "each_player", "target_opponent", "target_player")
COPY_OF = ("self", "target", "other")
CREATORS = ("you", "each_opponent", "each_player", "chosen")
X_COUNTS = ("permanents", "hand", "opponents", "given")
WHOSE = ("you", "opponents", "any")


@dataclass(frozen=True)
class MakeTrigger:
    """A card that entered the battlefield: its own "when this enters" abilities and others'
    "whenever a [land] you control enters" fire once the state-based actions are done (603.3,
    603.6a)."""

    object: str
    count: int


def entries(face: Face) -> list[JsonDict]:
    return [json.loads(m) for m in face.makes]


def _fail(what: str) -> InvalidAction:
    return InvalidAction(msg("makes effect: {what}", what=what))


def check_entry(entry: JsonDict) -> None:
    """An automated entry's effect fits the vocabulary (InvalidAction naming what doesn't)."""
    effect = entry.get("effect")
    if not entry.get("automated"):
        return
    if not isinstance(effect, Mapping):
        raise _fail("an automated entry needs an effect object")
    if entry.get("when") == "replacement":
        if not isinstance(effect.get("static"), list):
            raise _fail("a replacement entry needs its static effects")
        return
    if effect.get("creator", "you") not in CREATORS:
        raise _fail(f"creator must be one of {', '.join(CREATORS)}")
    steps = effect.get("steps")
    if not isinstance(steps, list) or not steps:
        raise _fail("steps must be a non-empty list")
    for step in steps:
        _check_step(step)
        for name in ("unless", "only_if"):
            condition = step.get(name)
            if condition is not None:
                if not isinstance(condition, Mapping) or not isinstance(
                    condition.get("at_least"), int
                ):
                    raise _fail(f"{name} needs x and at_least")
                check_x(condition.get("x"))
    event = effect.get("event")
    if event is not None and (
        not isinstance(event, Mapping) or event.get("kind") not in ("enters", "step")
    ):
        raise _fail("event must be an enters or step event")


def _check_step(step: object) -> None:
    if not isinstance(step, Mapping) or step.get("do") not in STEPS:
        raise _fail(f"each step's do must be one of {', '.join(STEPS)}")
    kind = step["do"]
    if kind in ("create", "copy", "populate"):
        check_amount(step.get("count", 1), "count")
    if kind in ("amass", "fabricate"):
        check_amount(step.get("amount"), "amount")
    for name in ("tapped", "attacking", "haste", "equip_self", "per_opponent", "must_attack"):
        if not isinstance(step.get(name, False), bool):
            raise _fail(f"{name} must be true or false")
    if step.get("leaves_at") not in (None, *LEAVES_AT):
        raise _fail(f"leaves_at must be one of {', '.join(LEAVES_AT)}")
    if kind == "create":
        slug, definition = step.get("token"), step.get("definition")
        if (slug is None) == (definition is None):
            raise _fail("a create step names a predefined token or embeds a definition")
        if slug is not None and not isinstance(slug, str):
            raise _fail("token must be a predefined token id")
        if definition is not None and not isinstance(definition, Mapping):
            raise _fail("definition must be a token definition object")
        counters = step.get("counters") or {}
        if not isinstance(counters, Mapping) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counters.values()
        ):
            raise _fail("counters must map counter kinds to counts")
        if step.get("pt_x") is not None:
            check_x(step["pt_x"])
    if kind == "copy":
        if step.get("of") not in COPY_OF:
            raise _fail(f"of must be one of {', '.join(COPY_OF)}")
        if not isinstance(step.get("except") or {}, Mapping):
            raise _fail("except must be an object")
    if kind == "life" and (
        step.get("who") not in LIFE_WHO
        or not isinstance(step.get("amount"), int)
        or isinstance(step.get("amount"), bool)
    ):
        raise _fail(f"a life step names who (one of {', '.join(LIFE_WHO)}) and an amount")
    if kind == "amass" and not isinstance(step.get("subtype"), str):
        raise _fail("amass needs a subtype")
    if kind == "fabricate" and not isinstance(step.get("definition"), Mapping):
        raise _fail("fabricate embeds its Servo definition")


def check_amount(value: object, name: str) -> None:
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return
    if isinstance(value, Mapping) and isinstance(value.get("times", 1), int):
        check_x(value.get("x"))
        return
    raise _fail(f"{name} must be a count or {{'x': ..., 'times': n}}")


def check_x(spec: object) -> None:
    if not isinstance(spec, Mapping) or spec.get("count") not in X_COUNTS:
        raise _fail(f"an X is counted as one of {', '.join(X_COUNTS)}")
    if spec["count"] == "permanents":
        if spec.get("whose", "you") not in WHOSE:
            raise _fail(f"whose must be one of {', '.join(WHOSE)}")
        for name in ("types", "subtypes"):
            value = spec.get(name) or []
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise _fail(f"{name} must be a list of names")
