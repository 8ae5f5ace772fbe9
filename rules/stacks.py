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
from collections.abc import Set as AbstractSet
from typing import Any

from rules.errors import InvalidAction
from rules.objects import Caches
from rules.state import MAX_COUNT, AnyState, GameObject, ObjectT
from rules.text import msg

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
        raise InvalidAction(msg("count must be a positive integer, not {count}", count=repr(count)))
    if count > MAX_COUNT:
        raise InvalidAction(msg("count must be at most {max_count}", max_count=MAX_COUNT))
    if available is not None and count > available:
        raise InvalidAction(
            msg("the stack holds only {available}, not {count}", available=available, count=count)
        )
    return count


def split(state: AnyState, obj: ObjectT, count: int) -> ObjectT:
    """Return a stack of exactly ``count`` of ``obj``'s objects, splitting it if needed."""
    if count >= obj.count:
        return obj
    part = dataclasses.replace(obj, id=state.new_id(), count=count, counters=dict(obj.counters))
    obj.count -= count
    state.objects[part.id] = part
    return part


def identity(obj: GameObject, attached_ids: AbstractSet[str]) -> Hashable:
    """What must be equal for two stacks to merge; objects with something attached never do."""
    if obj.id in attached_ids:
        return ("unique", obj.id)
    values = _identity_values(type(obj))(obj)
    stamp = obj.timestamp if obj.needs_timestamp() else None
    return (values, tuple(sorted(obj.counters.items())), obj.merge_extra(), stamp)


def merge_identical(state: AnyState) -> None:
    """Merge stacks that became identical; the earliest stack keeps its id (table order).

    Only stacks the action touched can have become identical to another (and stacks that
    gained or lost an attachment): the identity index of the table's caches finds their twins,
    so merging costs what the action touched. A table without caches is merged in full and
    gets them."""
    table = state.objects
    if table.caches is None:
        _merge_all(state)
    else:
        _merge_touched(state, table.caches)
    table.settled()


def _merge_all(state: AnyState) -> None:
    table = state.objects
    hosts = frozenset(o.attached_to for o in table.peek_values() if o.attached_to is not None)
    groups: dict[Hashable, list[str]] = {}
    for obj in table.peek_values():
        groups.setdefault(identity(obj, hosts), []).append(obj.id)
    caches = Caches()
    for key, ids in groups.items():
        kept = _fill(state, ids) if len(ids) > 1 else ids
        caches.index[key] = tuple(kept)
        for object_id in kept:
            caches.keys[object_id] = key
    caches.hosts = hosts
    caches.attachers = {o.id for o in table.peek_values() if o.attached_to is not None}
    caches.pos = {object_id: place for place, object_id in enumerate(dict.keys(table))}
    caches.next_pos = len(caches.pos)
    caches.sources = [o.id for o in table.peek_values() if o.is_effect_source()]
    table.caches = caches


def _merge_touched(state: AnyState, caches: Caches) -> None:
    table = state.objects
    touched = set(table.touched)
    for object_id in touched:
        obj = table.peek(object_id)
        if obj is not None and obj.attached_to is not None:
            caches.attachers.add(object_id)
        else:
            caches.attachers.discard(object_id)
    hosts = frozenset(
        host for a in caches.attachers if (host := _attached_to(table.peek(a))) is not None
    )
    changed = touched | (hosts ^ caches.hosts)
    caches.hosts = hosts
    sources_changed = False
    for object_id in changed:
        old = caches.keys.pop(object_id, None)
        if old is not None:
            _unindex(caches, old, object_id)
        if object_id in caches.pos and not dict.__contains__(table, object_id):
            del caches.pos[object_id]
        sources_changed |= object_id in touched and _source_changed(state, caches, object_id)
    for object_id in table.moved:
        caches.pos.pop(object_id, None)  # it is at the end of the table now
    for object_id in table.in_order(changed):
        if object_id not in caches.pos:
            caches.pos[object_id] = caches.next_pos
            caches.next_pos += 1
    dirty: set[Hashable] = set()
    for object_id in changed:
        obj = table.peek(object_id)
        if obj is None:
            continue
        key = identity(obj, hosts)
        caches.keys[object_id] = key
        caches.index[key] = (*caches.index.get(key, ()), object_id)
        dirty.add(key)
    for key in dirty:
        group = caches.index[key]
        if len(group) > 1:
            kept = _fill(state, sorted(group, key=caches.pos.__getitem__))
            for gone in set(group) - set(kept):
                del caches.keys[gone]
                del caches.pos[gone]
            caches.index[key] = tuple(kept)
    if sources_changed:
        caches.sources = [o.id for o in table.peek_values() if o.is_effect_source()]


def _attached_to(obj: GameObject | None) -> str | None:
    return None if obj is None else obj.attached_to


def _source_changed(state: AnyState, caches: Caches, object_id: str) -> bool:
    obj = state.objects.peek(object_id)
    now = obj is not None and obj.is_effect_source()
    return now != (object_id in caches.sources)


def _unindex(caches: Caches, key: Hashable, object_id: str) -> None:
    ids = caches.index.get(key, ())
    if object_id in ids:
        rest = tuple(i for i in ids if i != object_id)
        if rest:
            caches.index[key] = rest
        else:
            del caches.index[key]


def _fill(state: AnyState, ids: list[str]) -> list[str]:
    """Merge the identical stacks ``ids`` (in table order) into the earliest, each up to
    MAX_COUNT; returns the ids still there."""
    kept = [ids[0]]
    for object_id in ids[1:]:
        first = state.objects[kept[-1]]
        if not _merge_into(state, first, state.objects[object_id]):
            kept.append(object_id)
    return kept


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
