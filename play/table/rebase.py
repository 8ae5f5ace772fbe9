"""Playing together without false conflicts (API.md second wave).

An action sent against an older version than the table's is applied on top of the newer state
when no commit since touched what it refers to. What an action refers to comes from the game's
action registry (``Registry.footprint``); what a commit touched comes from its delta, kept on its
log entry (``Action.touched``) and indexed by key (``Touch``: the last version that changed each
stack, seat and table field), so the check is one query on what the action refers to, however
many versions behind it was sent: its work grows with the action's footprint, never with the
staleness. A real conflict (a double tap on the same stack) is a 409 whose
detail tells, in player words, what the other commit did: built from its log entry's data
(seat, events, the stack as it was), never from its sentences.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from django.db.models import QuerySet

import rules
from play.models import Action, Seat, Table, Touch
from play.table.names import player_names, shown_name
from play.table.selectors import AnyUser
from rules.registry.footprints import Footprint
from rules.systems import get_system
from tokensite.api import Conflict

JsonDict = dict[str, Any]

# An undo re-applies every later action's inverse: one under more later actions than this is
# refused (play/table/services.py), a rebase has no such bound.
UNDO_HORIZON = 64
# SQLite binds at most 32,766 values; a seat-wide action on a big board names every stack.
KEYS_PER_QUERY = 5_000
TURN_FIELDS = frozenset({"turn", "step", "active_seat"})
CHOICE_FIELD = "pending_choice"


def touched_from_delta(delta: JsonDict) -> JsonDict:
    """What a commit touched, from its delta (play/table/delta.py): the stacks whose view changed,
    appeared or went, the seats whose view changed, the top-level fields that changed."""
    return {
        "stacks": [obj["id"] for obj in delta["objects"]] + list(delta["removed"]),
        "seats": [seat["seat"] for seat in delta["seats"]],
        "table": sorted(delta["table"]),
    }


def overlaps(refers: Footprint, touched: JsonDict | None) -> bool:
    """Whether a commit that touched ``touched`` changed what an action refers to. An entry
    logged before entries kept it (None) is taken to have touched everything."""
    if touched is None:
        return True
    fields = set(touched["table"])
    return bool(
        refers.stacks & set(touched["stacks"])
        or refers.seats & set(touched["seats"])
        or (refers.turn and fields & TURN_FIELDS)
        or (refers.choice and CHOICE_FIELD in fields)
    )


def _since(table: Table, version: int) -> QuerySet[Action]:
    return Action.objects.filter(table=table, seq__gt=version).order_by("seq")


def touch_keys(touched: JsonDict | None) -> list[str]:
    """The index keys of what a commit touched ("all" for an entry that didn't say)."""
    if touched is None:
        return ["all"]
    return [
        *(f"stack:{stack}" for stack in touched["stacks"]),
        *(f"seat:{seat}" for seat in touched["seats"]),
        *(f"table:{field}" for field in touched["table"]),
    ]


def refers_keys(refers: Footprint) -> list[str]:
    """The index keys a commit must have touched to change what an action refers to."""
    keys = ["all"]
    keys += [f"stack:{stack}" for stack in refers.stacks]
    keys += [f"seat:{seat}" for seat in refers.seats]
    if refers.turn:
        keys += [f"table:{field}" for field in sorted(TURN_FIELDS)]
    if refers.choice:
        keys.append(f"table:{CHOICE_FIELD}")
    return keys


def record_touches(table: Table, version: int, touched: JsonDict) -> None:
    """Index a commit's touches: the last version per key, upserted with the entry."""
    rows = [Touch(table=table, key=key, seq=version) for key in touch_keys(touched)]
    if rows:
        Touch.objects.bulk_create(
            rows,
            update_conflicts=True,
            unique_fields=["table", "key"],
            update_fields=["seq"],
            batch_size=500,
        )


def check_rebase(
    *, table: Table, seats: list[Seat], state: Any, action: JsonDict, version: int, user: AnyUser
) -> None:
    """Let ``action``, sent against ``version``, run on the table's newer state, or raise the
    409 naming the last commit since that touched what it refers to."""
    refers = rules.registries()[table.game].footprint(action)
    if refers.everything_of:
        seats_ = refers.everything_of
        owned = {obj.id for obj in state.objects.peek_values() if obj.controller in seats_}
        refers = replace(refers, stacks=refers.stacks | owned)
    keys = refers_keys(refers)
    latest: int | None = None
    for start in range(0, len(keys), KEYS_PER_QUERY):
        found = (
            Touch.objects.filter(table=table, key__in=keys[start : start + KEYS_PER_QUERY])
            .filter(seq__gt=version)
            .order_by("-seq")
            .values_list("seq", flat=True)
            .first()
        )
        if found is not None and (latest is None or found > latest):
            latest = found
    if latest is not None:
        entry = Action.objects.select_related("actor__guest", "table__owner__guest").get(
            table=table, seq=latest
        )
        raise Conflict(conflict_detail(entry, seats, state, refers, user), code="conflict")


def stale_detail(*, table: Table, seats: list[Seat], state: Any, version: int, user: Any) -> str:
    """What happened first, for a write that can't be rebased (undo takes back the *last*
    action, which is no longer the one the player saw)."""
    entry = _since(table, version).select_related("actor__guest", "table__owner__guest").first()
    if entry is None:
        return "The table changed since you looked; here it is as it is now."
    return conflict_detail(entry, seats, state, Footprint(), user)


def conflict_detail(
    entry: Action, seats: list[Seat], state: Any, refers: Footprint, user: AnyUser
) -> str:
    """ "Ben tapped 2 Soldier Tokens first." from the entry's seat and first event on a stack."""
    who = _who(entry, seats, user)
    if entry.kind == Action.Kind.UNDO:
        return f"{who} took back an action first."
    for event in entry.events:
        if event.get("type") == "rules_warning" or not isinstance(event.get("object"), str):
            continue
        count = event.get("count") if isinstance(event.get("count"), int) else 1
        name = _stack_name(state, entry, event["object"], refers)
        verb = str(event["type"]).replace("_", " ")
        return f"{who} {verb} {count} {_plural(name, count)} first."
    spec = rules.registries()[state.game].get(entry.payload.get("type"))
    label = spec.label if spec is not None else "an action"
    return f"{who} acted first ({label})."


def _who(entry: Action, seats: list[Seat], user: AnyUser) -> str:
    if entry.actor_id is not None and entry.actor_id == user.pk:
        return "You"
    seat = next((s for s in seats if s.number == entry.seat), None)
    if seat is not None:
        return seat.name
    if entry.actor is None:
        return "Another player"
    return shown_name(entry.actor, player_names(seats, entry.table.owner)) or "Another player"


def _plural(name: str, count: int) -> str:
    return name if count == 1 or name.endswith("s") else f"{name}s"


def _stack_name(state: Any, entry: Action, object_id: str, refers: Footprint) -> str:
    """The stack's name as the table shows it now or, when it is gone, as the entry's inverse
    keeps it (the stacks the entry changed, as they were); else the stack the action names."""
    system = get_system(state.game)
    found = state.objects.peek(object_id)
    if found is not None:
        return str(system.view_object(state, found)["name"])
    if entry.inverse is not None:
        before = rules.codec.load({**entry.inverse["frame"], "objects": entry.inverse["objects"]})
        for candidate in (object_id, *sorted(refers.stacks)):
            obj = before.objects.peek(candidate)
            if obj is not None:
                return str(system.view_object(before, obj)["name"])
    return "objects"
