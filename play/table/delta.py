"""What one commit changed: the delta listeners patch their view with, and the inverse undo uses.

Both come from one comparison of the stack records before and after the commit. The kernel's
`clone` shares every record it didn't hand out for a change (``ObjectTable``), so comparing is
mostly identity checks: a tap at 5,000 stacks compares one pair of records, then serializes only
the stacks it changed. Records are read through ``peek``: handing them out would copy them.

- The delta (API.md, `?view=delta`): the API view of the stacks added or changed, the ids
  removed, the seats whose view changed and the top-level fields that changed.
- Patches (stored on the log entry), in kernel records: the inverse holds the stacks the action
  changed or removed as they were, plus everything outside the stacks; undoing the last action
  that counts applies it to the current state, which is always the state right after that
  action. The forward patch holds them as they became: it brings a stored state up to date.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import rules
from rules.objects import ObjectTable
from rules.stacks import merge_identical
from rules.state import GameObject, GameState
from rules.systems import get_system

JsonDict = dict[str, Any]
State = GameState[Any, Any]

# Past this many changed stacks, one view of the whole table is cheaper than one per stack (a
# stack's view looks at every effect source on the battlefield).
VIEW_ONE_BY_ONE = 16


@dataclass(frozen=True)
class StateDiff:
    """Stack ids changed (in both states), added (only after) and removed (only before)."""

    changed: list[str]
    added: list[str]
    removed: list[str]


def diff_states(before: State, after: State) -> StateDiff:
    old, new = before.objects, after.objects
    candidates = _touched_since(before, after)
    if candidates is None:
        present: Iterable[str] = new
        gone: Iterable[str] = (object_id for object_id in old if object_id not in new)
    else:
        present = new.in_order([k for k in candidates if dict.__contains__(new, k)])
        gone = _in_table_order(old, [k for k in candidates if dict.__contains__(old, k)])
        gone = [object_id for object_id in gone if object_id not in new]
    changed: list[str] = []
    added: list[str] = []
    for object_id in present:
        obj = new.peek(object_id)
        previous = old.peek(object_id)
        if previous is None:
            added.append(object_id)
        elif previous is not obj and vars(previous) != vars(obj):
            changed.append(object_id)
    return StateDiff(changed, added, list(gone))


def _touched_since(before: State, after: State) -> frozenset[str] | None:
    """The ids the kernel touched to make `after` from `before` (a superset of what changed),
    when `after`'s table was made from `before`'s and both know their table order (caches);
    else None, and the diff compares every stack."""
    new = after.objects
    parent = new.parent() if new.parent is not None else None
    if parent is not before.objects or new.changes is None or new.caches is None:
        return None
    if before.objects.caches is None:
        return None
    return new.changes


def _in_table_order(table: ObjectTable[Any], ids: list[str]) -> list[str]:
    if not table.touched:
        return table.in_order(ids)
    # One set for the walk: building it per stack made this quadratic (1.7 s at 5,000 stacks
    # when a read had touched every record, so every id was a candidate).
    wanted = set(ids)
    return [k for k in table if k in wanted]


def _may_affect_others(obj: GameObject) -> bool:
    """A stack whose presence can change other stacks' view: an effect source (anthems, Auras)
    or an enchantment (some Auras count them). Either face counts, whichever is up."""
    faces = (obj.face, obj.back) if obj.back is not None else (obj.face,)
    return any(face.effects or "Enchantment" in face.types for face in faces)


def _frame(state: State) -> JsonDict:
    """The view of everything but the stacks (seats, turn, step, pending choice, ...)."""
    empty = copy.copy(state)
    empty.objects = ObjectTable()
    return rules.view(empty)


def _needs_full_view(before: State, after: State, diff: StateDiff) -> bool:
    if get_system(after.game).views_read_other_stacks:
        return True
    touched = _records(before, diff.changed + diff.removed)
    touched += _records(after, diff.changed + diff.added)
    return any(_may_affect_others(obj) for obj in touched)


def _records(state: State, ids: list[str]) -> list[GameObject]:
    """The stacks ``ids`` (all present), for reading only."""
    return [obj for i in ids if (obj := state.objects.peek(i)) is not None]


def table_delta(before: State, after: State, diff: StateDiff) -> JsonDict:
    """The API delta from `before` to `after`: see API.md, "?view=delta"."""
    if _needs_full_view(before, after, diff):
        old_view, new_view = rules.view(before), rules.view(after)
        old_objects = {o["id"]: o for o in old_view["objects"]}
        objects = [o for o in new_view["objects"] if old_objects.get(o["id"]) != o]
        old_frame, new_frame = old_view, new_view
    else:
        ids = diff.changed + diff.added
        if len(ids) <= VIEW_ONE_BY_ONE:
            system = get_system(after.game)
            objects = [system.view_object(after, obj) for obj in _records(after, ids)]
        else:
            wanted = set(ids)
            objects = [o for o in rules.view(after)["objects"] if o["id"] in wanted]
        old_frame, new_frame = _frame(before), _frame(after)
    old_seats = old_frame["seats"]
    seats = [
        seat
        for index, seat in enumerate(new_frame["seats"])
        if index >= len(old_seats) or old_seats[index] != seat
    ]
    table = {
        key: value
        for key, value in new_frame.items()
        if key not in ("objects", "seats") and old_frame.get(key) != value
    }
    return {"objects": objects, "removed": list(diff.removed), "seats": seats, "table": table}


def inverse(before: State, after: State, diff: StateDiff) -> JsonDict:
    """The patch that turns `after` back into `before` (undo), as JSON."""
    return _patch(after, before, diff.changed + diff.removed, diff.added)


def forward(before: State, after: State, diff: StateDiff) -> JsonDict:
    """The patch that turns `before` into `after` (a stored state brought up to date), as JSON."""
    return _patch(before, after, diff.changed + diff.added, diff.removed)


def _patch(base: State, target: State, put: list[str], drop: list[str]) -> JsonDict:
    """The stacks `put` as they are in `target`, the ids to `drop`, and everything outside the
    stacks as in `target`: `apply_patch(base, ...)` gives `target`."""
    records = rules.codec.dump(_with_objects(target, put))
    frame = {key: value for key, value in records.items() if key != "objects"}
    result: JsonDict = {"frame": frame, "objects": records["objects"], "drop": drop}
    # Dict order is part of the state (the log's replay must dump identically). Replacing stacks
    # in place, dropping some and appending the new ones gives `target`'s order unless stacks
    # moved: then the order is stored.
    natural = dict.fromkeys(base.objects)  # C-speed copies: this runs on every commit
    for object_id in drop:
        natural.pop(object_id, None)
    natural.update((i, None) for i in put if i not in natural)
    if list(natural) != list(target.objects):
        result["order"] = list(target.objects)
    return result


def _with_objects(state: State, ids: list[str]) -> State:
    partial = copy.copy(state)
    partial.objects = ObjectTable({obj.id: obj for obj in _records(state, ids)})
    return partial


def apply_patch(state: State, data: JsonDict) -> State:
    """The state a patch (`inverse`, `forward`) describes, from the state it was made against.

    Stacks the patch doesn't name are shared with `state`, as `State.clone` shares values:
    the kernel never changes a state it was given.
    """
    patched = rules.codec.load({**data["frame"], "objects": data["objects"]})
    put = patched.objects
    order = data.get("order")
    if order is None:
        dropped = set(data["drop"])
        objects = dict.copy(state.objects)  # shared records, in table order
        for object_id in dropped:
            objects.pop(object_id, None)
        objects.update(dict.items(put))  # in place where present, else at the end
        # The stacks the patch names are the only ones that differ from `state`: the kernel's
        # caches of `state` are brought up to date for them alone (a patched table at 5,000
        # stacks would otherwise rebuild them, and copy every record, on its next action).
        # The patched state is a state the kernel made, already merged: nothing merges here.
        patched.objects = state.objects.patched(objects, set(put) | dropped)
        merge_identical(patched)
    else:
        patched.objects = ObjectTable({i: put.peek(i) or state.objects.peek(i) for i in order})
    return patched
