"""Objects as stacks: acting on k of n splits a stack; identical objects merge again.

Identical means every observable property is equal (DESIGN.md "Stacks"): characteristics, zone,
owner, controller, status, counters, damage, attachments, summoning sickness, "leaves at",
copy-of and pumps. A timestamp is part of identity only where a rule needs it: for Auras (Roles,
CR 704.5z) and for objects with a base-setting pump (613.4b, ordered by timestamp).
"""

from __future__ import annotations

import dataclasses
import operator
from collections.abc import Callable, Hashable
from typing import Any

from play.rules.errors import InvalidAction
from play.rules.state import MAX_COUNT, AnyState, GameObject, ObjectT

_NOT_IDENTITY = {"id", "count", "timestamp", "counters", "pumps"}


_IDENTITY_VALUES: dict[type[GameObject], Callable[[GameObject], tuple[Any, ...]]] = {}


def _identity_values(record: type[GameObject]) -> Callable[[GameObject], tuple[Any, ...]]:
    """The identity fields of a game's objects as one tuple (attrgetter builds it in C: this
    runs for every stack on every action)."""
    getter = _IDENTITY_VALUES.get(record)
    if getter is None:
        names = [f.name for f in dataclasses.fields(record) if f.name not in _NOT_IDENTITY]
        getter = _IDENTITY_VALUES[record] = operator.attrgetter(*names)
    return getter


def check_count(count: object, available: int | None = None) -> int:
    """Validate the ``count`` an action names (default 1, at most MAX_COUNT)."""
    if count is None:
        count = 1
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise InvalidAction(f"count must be a positive integer, not {count!r}")
    if count > MAX_COUNT:
        raise InvalidAction(f"count must be at most {MAX_COUNT}")
    if available is not None and count > available:
        raise InvalidAction(f"the stack holds only {available}, not {count}")
    return count


def split(state: AnyState, obj: ObjectT, count: int) -> ObjectT:
    """Return a stack of exactly ``count`` of ``obj``'s objects, splitting it if needed."""
    if count >= obj.count:
        return obj
    part = dataclasses.replace(obj, id=state.new_id(), count=count, counters=dict(obj.counters))
    obj.count -= count
    state.objects[part.id] = part
    return part


def identity(obj: GameObject, attached_ids: set[str]) -> Hashable:
    """What must be equal for two stacks to merge; objects with something attached never do."""
    if obj.id in attached_ids:
        return ("unique", obj.id)
    values = _identity_values(type(obj))(obj)
    stamp = obj.timestamp if obj.needs_timestamp() else None
    return (values, tuple(sorted(obj.counters.items())), obj.merge_extra(), stamp)


def merge_identical(state: AnyState) -> None:
    """Merge stacks that became identical; the earliest stack keeps its id (insertion order)."""
    attached_ids = {o.attached_to for o in state.objects.values() if o.attached_to is not None}
    keep: dict[Hashable, GameObject] = {}
    for obj in list(state.objects.values()):
        key = identity(obj, attached_ids)
        first = keep.get(key)
        if first is None:
            keep[key] = obj
            continue
        if not _merge_into(state, first, obj):
            keep[key] = obj  # the first is full: the rest fills this one


def _merge_into(state: AnyState, first: GameObject, other: GameObject) -> bool:
    """Move ``other``'s objects into ``first`` up to MAX_COUNT (a stack holds at most that
    many); True if ``other`` is gone, False if the rest stays in it as a further stack."""
    moved = min(other.count, MAX_COUNT - first.count)
    first.count += moved
    first.timestamp = min(first.timestamp, other.timestamp)
    other.count -= moved
    if other.count == 0:
        del state.objects[other.id]
        return True
    return False
