"""Zone changes (CR 400) and tokens ceasing to exist (111.7, 111.8, 704.5d).

A token that leaves the battlefield really is in its new zone until the next state-based action
check; it goes to its OWNER's zone (400.3) and cannot move again (111.8). A card that goes to a
hand or library becomes hidden: it is only counted on the seat.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules.context import times
from rules.errors import IllegalAction, InvalidAction
from rules.mtg.create import entering_counters, enters_tapped
from rules.mtg.enters import choose_as_enters
from rules.mtg.layers import Computed, compute_one, visible_face
from rules.mtg.records import MtgContext, MtgObject
from rules.mtg.replacement import put_counters
from rules.stacks import split
from rules.text import msg, plural, word

ZONES = ("battlefield", "graveyard", "exile", "hand", "library", "stack", "command")
_HIDDEN = ("hand", "library")
_RULE_FOR = {
    "graveyard": "400.3",
    "hand": "400.3",
    "library": "400.3",
    "exile": "400.7",
    "battlefield": "403.4",
    "stack": "400.7",
    "command": "400.7",
}


RETURNS = (("Undying", "+1/+1", "702.93a"), ("Persist", "-1/-1", "702.79a"))
"""Keywords meaning "When this permanent is put into a graveyard from the battlefield, if it had
no [counter] counters on it, return it to the battlefield under its owner's control with a
[counter] counter on it."""


@dataclass(frozen=True)
class ReturnTrigger:
    """A triggered undying/persist ability waiting to resolve (603.3): what died, as it was."""

    keyword: str
    counter: str
    rule: str
    object: str
    """The id the object got in the graveyard (400.7)."""
    count: int
    name: str
    token: bool


_SHARED_ZONES = {
    "battlefield": msg("the battlefield"),
    "exile": msg("exile"),
    "stack": msg("the stack"),
    "command": msg("the command zone"),
}


def zone_label(ctx: MtgContext, obj: MtgObject, zone: str) -> str:
    if zone in _SHARED_ZONES:
        return _SHARED_ZONES[zone]
    owner = ctx.state.seat(obj.owner).name
    if zone == "hand":
        return msg("{seat}'s hand", seat=owner)
    if zone == "library":
        return msg("{seat}'s library", seat=owner)
    if zone == "graveyard":
        return msg("{seat}'s graveyard", seat=owner)
    return msg("{seat}'s {zone}", seat=owner, zone=word(zone))


def move(
    ctx: MtgContext,
    obj: MtgObject,
    count: int,
    to: str,
    how: str = "",
    last_known: Computed | None = None,
) -> str | None:
    """Move ``count`` of a stack to zone ``to``; returns the id it has there (None if hidden or
    if nothing moved). The object becomes a new object (400.7). ``last_known`` is how it looked
    on the battlefield if the caller computed that before other simultaneous changes (603.10a)."""
    if to not in ZONES:
        raise InvalidAction(
            msg("unknown zone {to}; zones: {zones}", to=repr(to), zones=", ".join(ZONES))
        )
    if obj.phased_out:
        raise IllegalAction(
            msg(
                "{current} is phased out and treated as though it doesn't exist",
                current=obj.current.name,
            ),
            "702.26b",
        )
    name = visible_face(obj).name or "A face-down permanent"
    if obj.token and obj.zone != "battlefield":
        ctx.event(
            "stayed",
            msg(
                "{name} has left the battlefield and can't move again; it stays in {ctx} (CR "
                "111.8)",
                name=name,
                ctx=zone_label(ctx, obj, obj.zone),
            ),
            "111.8",
            object=obj.id,
        )
        return None
    if obj.zone == to:
        return obj.id
    part = split(ctx.state, obj, count)
    origin = part.zone
    if part.face_down and origin == "battlefield":
        ctx.event(
            "revealed",
            msg(
                "The face-down permanent is revealed: {current} (CR 708.9)",
                current=part.current.name,
            ),
            "708.9",
            object=part.id,
        )
    shown, was_creature = part.current.name, "Creature" in visible_face(part).types
    dying = origin == "battlefield" and to == "graveyard"
    known = (last_known or compute_one(ctx.state, part)) if dying else None
    counters = dict(part.counters)
    controller = part.controller
    _become_new_object(ctx, part, to)
    label = zone_label(ctx, part, to)
    ctx.event(
        "moved",
        msg(
            "{stack} {how}: moved to {zone} (CR {rule})",
            stack=times(part.count, shown),
            how=how,
            zone=label,
            rule=_RULE_FOR[to],
        )
        if how
        else msg(
            "{stack} moved to {zone} (CR {rule})",
            stack=times(part.count, shown),
            zone=label,
            rule=_RULE_FOR[to],
        ),
        _RULE_FOR[to],
        object=part.id,
        count=part.count,
        to=to,
        origin=origin,
    )
    if known is not None:
        _died(ctx, part, shown, was_creature, controller)
        _return_triggers(ctx, part, shown, known, counters)
    if to == "battlefield":
        _entered(ctx, part)
        choose_as_enters(ctx, part)
    if not part.token and to in _HIDDEN:
        _hide(ctx, part, to)
        return None
    return part.id


def _entered(ctx: MtgContext, obj: MtgObject) -> None:
    """A card put onto the battlefield from another zone enters as a permanent would (403.4):
    "enters tapped" effects (614.1d) apply and a planeswalker enters with its loyalty counters
    (306.5b), through the counter replacement effects (122.6, 614.1c)."""
    face = obj.current
    if enters_tapped(ctx, obj.controller, face, obj.token):
        obj.tapped = True
        ctx.event(
            "entered_tapped",
            msg(
                "{stack} entered the battlefield tapped (CR 614.1d)",
                stack=times(obj.count, face.name),
            ),
            "614.1d",
            object=obj.id,
        )
    for kind, amount in entering_counters(face):
        put = put_counters(ctx, obj, kind, amount, as_token=obj.token)
        ctx.event(
            "counters_added",
            plural(
                "{stack} entered with {n} {kind} counter (CR 306.5b, 122.6)",
                "{stack} entered with {n} {kind} counters (CR 306.5b, 122.6)",
                n=put,
                stack=times(obj.count, face.name),
                kind=word(kind),
            ),
            "306.5b",
            object=obj.id,
            count=obj.count,
            kind=kind,
            amount=put,
        )


def _become_new_object(ctx: MtgContext, obj: MtgObject, to: str) -> None:
    """A new object with no memory of its previous existence (400.7): status, counters,
    damage, attachments and effects that applied to it are gone; its owner controls it."""
    state = ctx.state
    del state.objects[obj.id]
    old_id = obj.id
    obj.id = state.new_id()
    _remember(state.system, "moved", old_id, obj.id)
    follow_commander(state.system, old_id, obj.id)
    obj.zone = to
    obj.controller = obj.owner
    obj.tapped = obj.flipped = obj.face_down = obj.phased_out = False
    # A double-faced card is front face up in other zones (712.8a); a token keeps the face it
    # had, so the log names it as it was until it ceases to exist.
    obj.transformed = obj.transformed and obj.token
    obj.phased_out_with = obj.attached_to = obj.leaves_at = obj.leaves_by = None
    obj.leave_combat()
    obj.control_reverts_to = obj.must_attack = obj.chosen_name = None
    obj.granted = obj.added_subtypes = ()
    obj.keyword_changes = ()
    obj.chosen_color = obj.protector = None
    obj.counters = {}
    obj.damage = 0
    obj.pumps = ()
    obj.summoning_sick = True
    obj.timestamp = state.new_timestamp()
    state.objects[obj.id] = obj


def _died(ctx: MtgContext, obj: MtgObject, name: str, was_creature: bool, controller: int) -> None:
    """Dying is being put into a graveyard from the battlefield (700.4), for any permanent
    (a sacrificed Treasure dies too; "whenever a creature dies" reads ``creature``); tokens die
    too. What it was is looked up as it last existed on the battlefield (603.10a): its
    controller then is the "you" of its leaves-the-battlefield ability, not its owner."""
    ctx.event(
        "died",
        msg("{what} died (CR 700.4)", what=times(obj.count, name)),
        "700.4",
        object=obj.id,
        count=obj.count,
        creature=was_creature,
        name=name,  # as it last existed (603.10a): the object is gone from the battlefield
        controller=controller,
    )
    ctx.dies.append((replace(obj, controller=controller), obj.count))


def _return_triggers(
    ctx: MtgContext, obj: MtgObject, name: str, known: Computed, counters: dict[str, int]
) -> None:
    """Undying (702.93a) and persist (702.79a) trigger on the keyword the permanent had as it
    last existed on the battlefield (603.10a), if it had no counters of their kind then (the
    intervening "if" of 603.4). Tokens trigger too; they just can't come back (111.8)."""
    for keyword, counter, rule in RETURNS:
        if counters.get(counter, 0) > 0:
            continue
        # Each instance triggers (no redundancy rule); the later ones find a new object.
        for _instance in [k for k in known.keywords if k.lower() == keyword.lower()]:
            ctx.event(
                "triggered",
                msg(
                    "{stack}: {keyword} triggers (CR {rule})",
                    stack=times(obj.count, name),
                    keyword=word(keyword.lower()),
                    rule=rule,
                ),
                rule,
                object=obj.id,
                count=obj.count,
                keyword=keyword,
            )
            ctx.triggers.append(
                ReturnTrigger(keyword, counter, rule, obj.id, obj.count, name, obj.token)
            )


def _hide(ctx: MtgContext, obj: MtgObject, to: str) -> None:
    seat = ctx.state.seat(obj.owner)
    if to == "hand":
        seat.hand += obj.count
    else:
        seat.library += obj.count
    del ctx.state.objects[obj.id]


def cease(ctx: MtgContext, obj: MtgObject) -> None:
    """A token in a zone other than the battlefield ceases to exist (704.5d); not a zone change."""
    del ctx.state.objects[obj.id]
    _remember(ctx.state.system, "ceased", obj.id, obj.current.name)
    ctx.event(
        "ceased_to_exist",
        msg("{what} ceased to exist (CR 704.5d)", what=times(obj.count, obj.current.name)),
        "704.5d",
        object=obj.id,
        count=obj.count,
    )


# The state is copied on every action, so it remembers only the most recent departures: enough
# for a client acting on what it just saw, without growing with the length of the game.
REMEMBERED_DEPARTURES = 256


def _id_number(object_id: str) -> int:
    return int(object_id[1:]) if object_id[1:].isdigit() else 0


COMMANDERS = "commanders"
"""``state.system`` key: {current object id: the id its commander damage is kept under}."""


def follow_commander(system: dict[str, Any], old_id: str, new_id: str) -> None:
    """A commander that changes zones is a new object (400.7) but still that commander (903.3)."""
    table = system.get(COMMANDERS)
    if table and old_id in table:
        table[new_id] = table.pop(old_id)


def _remember(system: dict[str, Any], kind: str, object_id: str, value: str) -> None:
    """Forget the oldest ids first: ids grow with time. Chosen by id, not by dict order, which
    a stored state doesn't keep (PostgreSQL's jsonb), so replay forgets exactly the same ones."""
    entries: dict[str, str] = system.setdefault(kind, {})
    entries[object_id] = value
    while len(entries) > REMEMBERED_DEPARTURES:
        del entries[min(entries, key=_id_number)]


def check_not_gone(ctx: MtgContext, object_id: object) -> None:
    """An action naming an object that has left its zone names something no longer there: a
    token that left the battlefield can't move again and has ceased to exist (111.8, 704.5d);
    a card that changed zones is a new object with another id (400.7). Both are refused as
    illegal rather than unknown, with the rule, so a "return it" after an exile says why."""
    if not isinstance(object_id, str) or object_id in ctx.state.objects:
        return
    moved: dict[str, str] = ctx.state.system.get("moved", {})
    ceased: dict[str, str] = ctx.state.system.get("ceased", {})
    current, seen = object_id, {object_id}
    while current in moved and moved[current] not in seen:
        current = moved[current]
        seen.add(current)
    if current in ceased:
        raise IllegalAction(
            msg(
                "{ceased} ({object_id}) left the battlefield and ceased to exist; a token that "
                "has left the battlefield can't move to another zone or come back (CR 111.8, "
                "704.5d)",
                ceased=ceased[current],
                object_id=object_id,
            ),
            "111.8",
        )
    if current != object_id:
        obj = ctx.state.objects.get(current)
        where = (
            msg(
                "it is now {current} in {zone}",
                current=current,
                zone=zone_label(ctx, obj, obj.zone),
            )
            if obj is not None
            else msg("it is now a card in a hidden zone")
        )
        raise IllegalAction(
            msg(
                "{object_id} changed zones and became a new object with no memory of its previous "
                "existence; {where} (CR 400.7)",
                object_id=object_id,
                where=where,
            ),
            "400.7",
        )
