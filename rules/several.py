"""One action on several stacks at once: ``"objects": [{"object": id, "count": n}, ...]`` in
place of ``object`` and ``count`` (a wrath destroys every creature in one event).

The stacks are handled one after the other inside one action; what follows an event (MTG
state-based actions and the triggers they resolve, Riftbound Cleanups) waits until all of them
are done, so simultaneous deaths see each other (MTG 603.10a). A refusal of any refuses the
whole action: nothing is written."""

from __future__ import annotations

from typing import Any

from rules import registry as r
from rules.errors import InvalidAction
from rules.registry import Handler, Param
from rules.text import msg

JsonDict = dict[str, Any]

MAX_PARTS = 256
"""The most stacks one action may name."""

OBJECTS_PARAM = Param(
    "objects",
    r.JSON,
    'Several stacks at once instead of `object`: [{"object": "o1", "count": 2}, {"object": '
    '"o4"}] (count defaults to 1); all are done in one event, their triggers seeing each other.',
    refers=r.STACK,
    form=False,
)
ON_OBJECTS = (r.OBJECT_PARAM.but(required=False), *r.ON_OBJECT[1:], OBJECTS_PARAM)
"""An object action's parameters with ``objects`` as the alternative to ``object``."""


def each_part(action: JsonDict) -> list[JsonDict]:
    """The single-stack actions ``action`` stands for, in the order it names them."""
    listed = action.get("objects")
    if listed is None:
        return [action]
    if action.get("object") is not None or action.get("count") is not None:
        raise InvalidAction(msg("name either object (and count) or objects, not both"))
    if not isinstance(listed, list) or not 1 <= len(listed) <= MAX_PARTS:
        raise InvalidAction(msg("objects must be a list of 1 to {most} entries", most=MAX_PARTS))
    rest = {k: v for k, v in action.items() if k != "objects"}
    parts = []
    for entry in listed:
        if not isinstance(entry, dict) or not set(entry) <= {"object", "count"}:
            raise InvalidAction(msg('each of objects is {{"object": id, "count": n}}'))
        parts.append({**rest, "object": entry.get("object"), "count": entry.get("count")})
    ids = [part["object"] for part in parts]
    if len(set(map(str, ids))) != len(ids):
        raise InvalidAction(msg("objects names a stack twice: give its count once"))
    return parts


def at_once(handler: Handler) -> Handler:
    """``handler`` for each stack the action names (``each_part``), in one action."""

    def several(ctx: Any, action: JsonDict) -> None:
        for part in each_part(action):
            handler(ctx, part)

    several.__doc__ = handler.__doc__
    several.__name__ = handler.__name__
    return several
