"""State-based actions (CR 704), performed simultaneously and repeated until none apply (704.3).

Triggered abilities the kernel owns (a Wicked Role put into a graveyard, 111.10q; undying
702.93a and persist 702.79a returning what died) resolve after the checks are stable, then the
checks run again. A token has ceased to exist by then (704.5d), so it never comes back (111.8).
"""

from __future__ import annotations

from collections import defaultdict

from rules.context import times
from rules.errors import IllegalAction
from rules.mtg import make_triggers
from rules.mtg.create import EnterTrigger, can_enchant, can_equip
from rules.mtg.layers import Computed, compute, static_sources, visible_face
from rules.mtg.make_data import MakeTrigger
from rules.mtg.players import COMMANDER_LOSS, pass_designations
from rules.mtg.records import MtgContext, MtgObject, MtgState, on_battlefield
from rules.mtg.replacement import put_counters
from rules.mtg.triggers import resolve_dies, resolve_enters
from rules.mtg.zones import ReturnTrigger, cease, move
from rules.stacks import split
from rules.state import Face
from rules.text import msg, plural, word

Removal = tuple[MtgObject, int, str]  # (stack, how many, rule) put into the graveyard


LOOP_LIMIT = 200
"""Rounds of triggers resolving within one action before it counts as a mandatory loop."""


def check_state_based_actions(ctx: MtgContext) -> None:
    """Perform state-based actions until none apply (CR 704.3), then resolve kernel triggers."""
    for _round in range(LOOP_LIMIT):
        while _one_pass(ctx):
            pass
        if not _resolve_dies_triggers(ctx):
            return
    raise IllegalAction(
        msg(
            "This would repeat mandatory actions forever (for example undying and persist "
            "returning a creature that dies again); such a game is a draw (CR 104.4b)"
        ),
        "104.4b",
    )


def _one_pass(ctx: MtgContext) -> bool:
    state = ctx.state
    performed = _players(ctx)
    local = _touched_only(state)
    objects = state.objects.values() if local is None else local
    for obj in [o for o in objects if o.token and o.zone != "battlefield"]:
        cease(ctx, obj)
        performed = True
    sources = static_sources(state)
    battlefield = (
        on_battlefield(state)
        if local is None
        else [o for o in local if o.id in state.objects and o.zone == "battlefield"]
    )
    battlefield = [o for o in battlefield if not o.phased_out]
    computed = {o.id: compute(state, o, sources) for o in battlefield}
    removals: list[Removal] = []
    for obj in battlefield:
        removals.extend(_creature_checks(obj, computed[obj.id], obj.id in ctx.deathtouched))
        if "Planeswalker" in computed[obj.id].face.types and obj.counters.get("loyalty", 1) <= 0:
            removals.append((obj, obj.count, "704.5i"))  # loyalty it had went down to 0
        face = computed[obj.id].face
        if "Battle" in face.types and obj.counters.get("defense", 1) <= 0:
            # Its defense went down to 0 (310.7-8); the kernel has no stack, so no Siege is the
            # source of a waiting trigger (704.5v).
            removals.append((obj, obj.count, "704.5v" if "Siege" in face.subtypes else "704.5w"))
        elif "Battle" in face.types:
            protector = _protector_check(ctx, obj, face)
            if isinstance(protector, str):
                removals.append((obj, obj.count, protector))
            performed |= protector is True
        performed |= _annihilate_counters(ctx, obj)
        performed |= _unattach_equipment(ctx, obj, computed)
    ctx.deathtouched.clear()
    if local is None:
        removals.extend(_illegal_auras(ctx, computed))
        removals.extend(_legend_rule(ctx))
        removals.extend(_role_rule(ctx))
    done: set[str] = set()
    for obj, count, rule in removals:
        if obj.id in done or obj.id not in state.objects:
            continue
        done.add(obj.id)
        move(
            ctx,
            obj,
            count,
            "graveyard",
            how=msg("was put into the graveyard by a state-based action (CR {rule})", rule=rule),
            last_known=computed.get(obj.id),
        )
        performed = True
    return performed


def _touched_only(state: MtgState) -> list[MtgObject] | None:
    """The stacks to check when only those this action touched can have changed (the table's
    copy-on-write records tell which), in table order; None when a change reaches further and
    every permanent is checked: a static effect source, an attachment or what it is attached
    to, a legendary permanent or an enchantment (Virtuous Role counts them) touched, before or
    after."""
    table = state.objects
    caches = table.caches
    if caches is None:
        return None
    for object_id in table.touched:
        if object_id in caches.hosts:
            return None
        for obj in (table.before.get(object_id), table.peek(object_id)):
            if obj is not None and _reaches_others(obj):
                return None
    return [table[object_id] for object_id in table.in_order(table.touched)]


def _reaches_others(obj: MtgObject) -> bool:
    if obj.attached_to is not None or obj.is_effect_source():
        return True
    face = obj.current
    return "Legendary" in face.supertypes or "Enchantment" in face.types


def _players(ctx: MtgContext) -> bool:
    """704.5a life 0 or less, 704.5b drew from an empty library, 704.5c ten poison counters,
    903.10a 21 combat damage from one commander."""
    performed = False
    for index, seat in enumerate(ctx.state.seats):
        reason = None
        if seat.life <= 0:
            reason = ("704.5a", msg("has {life} life", life=seat.life))
        elif seat.drew_from_empty:
            reason = ("704.5b", msg("drew from an empty library"))
        elif seat.poison >= 10:
            reason = ("704.5c", msg("has {poison} poison counters", poison=seat.poison))
        elif any(n >= COMMANDER_LOSS for n in seat.commander_damage.values()):
            reason = (
                "903.10a",
                msg("has been dealt 21 or more combat damage by one commander"),
            )
        if reason and not seat.lost:
            seat.lost = True
            performed = True
            ctx.event(
                "lost",
                msg(
                    "{seat} {reason} and loses the game (CR {rule})",
                    seat=seat.name,
                    reason=reason[1],
                    rule=reason[0],
                ),
                reason[0],
                seat=index,
            )
            if sum(not s.lost for s in ctx.state.seats) >= 2:
                _leave_the_game(ctx, index)
                pass_designations(ctx, index)
    return performed


def _leave_the_game(ctx: MtgContext, seat: int) -> None:
    """800.4a, in a multiplayer game that goes on: everything the player owns leaves the game,
    effects giving them control of objects end (the objects go back), then what they still
    control is exiled. Not a state-based action: it happens as the player leaves."""
    state = ctx.state
    name = state.seat(seat).name
    owned = [o for o in state.objects.values() if o.owner == seat]
    for obj in owned:
        del state.objects[obj.id]
    if owned:
        ctx.event(
            "left_the_game",
            plural(
                "{n} object {name} owned left the game with them (CR 800.4a)",
                "{n} objects {name} owned left the game with them (CR 800.4a)",
                n=sum(o.count for o in owned),
                name=name,
            ),
            "800.4a",
            seat=seat,
            objects=[o.id for o in owned],
        )
    for obj in list(state.objects.values()):
        if obj.control_reverts_to == seat:
            obj.control_reverts_to = obj.owner
        if obj.controller != seat:
            continue
        back = obj.control_reverts_to if obj.control_reverts_to is not None else obj.owner
        obj.controller, obj.control_reverts_to = back, None
        obj.summoning_sick = True
        obj.leave_combat()
        ctx.event(
            "control_changed",
            msg(
                "{name} left the game, so the effect giving them control of {stack} ended: {seat} "
                "controls it (CR 800.4a)",
                name=name,
                stack=times(obj.count, obj.current.name),
                seat=state.seat(back).name,
            ),
            "800.4a",
            object=obj.id,
            count=obj.count,
        )


def _protector_check(ctx: MtgContext, obj: MtgObject, face: Face) -> bool | str:
    """704.5x-y (310.11): a battle with no protector (and not attacked) or one who can't be its
    protector (left the game; a Siege's own controller) gets one its controller chooses: an
    opponent for a Siege (310.12a), else the controller (310.9a). True when one was chosen, the
    rule when nobody can be (the battle goes to the graveyard), False when all is well."""
    state = ctx.state
    siege = "Siege" in face.subtypes
    legal = (
        [i for i, seat in enumerate(state.seats) if i != obj.controller and not seat.lost]
        if siege
        else [obj.controller]
    )
    current = obj.protector if obj.protector is not None or siege else obj.controller
    if current in legal:
        return False
    rule = "704.5y" if current is not None else "704.5x"
    if current is None and any(o.attacking == obj.id for o in on_battlefield(state)):
        return False  # 704.5x: only while no creature attacks it
    if not legal:
        return rule
    seat = legal[0]
    if len(legal) > 1:
        seat = ctx.decide(
            "battle_protector",
            obj.controller,
            msg("Choose a new protector for {name} (CR {rule}, 310.11)", name=face.name, rule=rule),
            legal,
            rule,
        )
    state.objects[obj.id].protector = seat
    ctx.event(
        "protector_chosen",
        msg(
            "{seat} now protects {name} (CR {rule}, 310.11)",
            seat=state.seat(seat).name,
            name=face.name,
            rule=rule,
        ),
        rule,
        object=obj.id,
        seat=seat,
    )
    return True


def _creature_checks(obj: MtgObject, c: Computed, deathtouched: bool) -> list[Removal]:
    """704.5f toughness 0 or less; 704.5g lethal damage and 704.5h damage from a source with
    deathtouch destroy it unless it is indestructible (702.12b)."""
    if not c.is_creature or c.toughness is None or c.pt_unknown:
        return []  # a "*" toughness the kernel doesn't evaluate (604.3): the players judge it
    if c.toughness <= 0:
        return [(obj, obj.count, "704.5f")]
    if c.has("Indestructible"):
        return []
    if obj.damage >= c.toughness:
        return [(obj, obj.count, "704.5g")]
    if deathtouched and obj.damage > 0:
        return [(obj, obj.count, "704.5h")]
    return []


def _annihilate_counters(ctx: MtgContext, obj: MtgObject) -> bool:
    """704.5q: N +1/+1 and N -1/-1 counters are removed, N the smaller number."""
    n = min(obj.counters.get("+1/+1", 0), obj.counters.get("-1/-1", 0))
    if n == 0:
        return False
    for kind in ("+1/+1", "-1/-1"):
        obj.counters[kind] -= n
        if obj.counters[kind] == 0:
            del obj.counters[kind]
    ctx.event(
        "counters_annihilated",
        msg(
            "{n_} +1/+1 and {n_} -1/-1 counters were removed from {current} (CR 704.5q)",
            n_=n,
            current=obj.current.name,
        ),
        "704.5q",
        object=obj.id,
    )
    return True


def _unattach_equipment(ctx: MtgContext, obj: MtgObject, computed: dict[str, Computed]) -> bool:
    """704.5n: Equipment attached to an illegal permanent (not a creature, or with protection
    from it, 702.16d) becomes unattached and stays."""
    if obj.attached_to is None or "Equipment" not in visible_face(obj).subtypes:
        return False
    host = ctx.state.objects.get(obj.attached_to)
    if host is not None and host.id in computed and can_equip(ctx, obj.current, host):
        return False
    obj.attached_to = None
    ctx.event(
        "unattached",
        msg("{current} became unattached (CR 704.5n)", current=obj.current.name),
        "704.5n",
        object=obj.id,
    )
    return True


def _illegal_auras(ctx: MtgContext, computed: dict[str, Computed]) -> list[Removal]:
    """704.5m: an Aura attached to an illegal object or to nothing goes to the graveyard."""
    removals = []
    for obj in on_battlefield(ctx.state):
        if "Aura" not in visible_face(obj).subtypes:
            continue
        host = ctx.state.objects.get(obj.attached_to or "")
        if host is None or host.id not in computed or not can_enchant(ctx, obj.current, host):
            removals.append((obj, obj.count, "704.5m"))
    return removals


def _legend_rule(ctx: MtgContext) -> list[Removal]:
    """704.5j: a player with two or more legendary permanents of one name chooses one to keep."""
    groups: dict[tuple[int, str], list[MtgObject]] = defaultdict(list)
    for obj in on_battlefield(ctx.state):
        face = visible_face(obj)
        if "Legendary" in face.supertypes and face.name:
            groups[(obj.controller, face.name)].append(obj)
    removals: list[Removal] = []
    for (seat, name), objs in groups.items():
        if sum(o.count for o in objs) < 2:
            continue
        keep = ctx.decide(
            "legend_rule",
            seat,
            msg("Choose the {name} to keep; the rest go to the graveyard (CR 704.5j)", name=name),
            [o.id for o in objs],
            "704.5j",
        )
        removals.extend(_all_but_one(ctx, objs, keep, "704.5j"))
    return removals


def _role_rule(ctx: MtgContext) -> list[Removal]:
    """704.5z: of the Roles one player controls on one permanent, only the most recent stays;
    Roles attached at the same time: that player chooses (613.7m)."""
    groups: dict[tuple[str, int], list[MtgObject]] = defaultdict(list)
    for obj in on_battlefield(ctx.state):
        if "Role" in visible_face(obj).subtypes and obj.attached_to is not None:
            groups[(obj.attached_to, obj.controller)].append(obj)
    removals: list[Removal] = []
    for (_host, seat), roles in groups.items():
        if sum(r.count for r in roles) < 2:
            continue
        latest = max(r.timestamp for r in roles)
        newest = [r for r in roles if r.timestamp == latest]
        keep = ctx.decide(
            "role",
            seat,
            msg("Choose the Role to keep; the others go to the graveyard (CR 704.5z)"),
            [r.id for r in newest],
            "704.5z",
        )
        removals.extend(_all_but_one(ctx, roles, keep, "704.5z"))
    return removals


def _all_but_one(ctx: MtgContext, objs: list[MtgObject], keep: str, rule: str) -> list[Removal]:
    removals: list[Removal] = []
    for obj in objs:
        if obj.id == keep:
            if obj.count > 1:
                rest = split(ctx.state, obj, obj.count - 1)
                removals.append((rest, rest.count, rule))
        else:
            removals.append((obj, obj.count, rule))
    return removals


def _resolve_dies_triggers(ctx: MtgContext) -> bool:
    """ "When this is put into a graveyard from the battlefield, each opponent loses N life"
    (Wicked Role, 111.10q); it looks back in time (603.10a)."""
    pending, ctx.dies = ctx.dies, []
    resolved = False
    for obj, count in pending:
        for effect in obj.face.effects:
            if effect.kind != "dies_drain":
                continue
            for index, seat in enumerate(ctx.state.seats):
                if index != obj.controller and not seat.lost:
                    seat.life -= effect.amount * count
                    ctx.event(
                        "life_lost",
                        msg(
                            "{seat} lost {value} life from {current} (CR 111.10q, 603.10a)",
                            seat=seat.name,
                            value=effect.amount * count,
                            current=obj.current.name,
                        ),
                        "603.10a",
                        seat=index,
                    )
                    resolved = True
    resolved |= resolve_dies(ctx, pending)
    resolved |= make_triggers.dies(ctx, pending)
    triggers, ctx.triggers = ctx.triggers, []
    for trigger in triggers:
        if isinstance(trigger, ReturnTrigger):
            _resolve_return(ctx, trigger)
            resolved = True
    entered = [t for t in triggers if isinstance(t, EnterTrigger)] + [
        EnterTrigger(ctx.state.objects[t.object], t.count)
        for t in triggers
        if isinstance(t, MakeTrigger) and t.object in ctx.state.objects
    ]
    resolved |= resolve_enters(ctx, entered)
    resolved |= make_triggers.enters(ctx, triggers)
    return resolved


def _resolve_return(ctx: MtgContext, trigger: ReturnTrigger) -> None:
    """Undying/persist resolves: "return it to the battlefield under its owner's control with a
    [counter] counter on it" (702.93a, 702.79a). A token stays where it went (111.8) and has
    ceased to exist by now (704.5d, checked before the trigger is put on the stack, 704.3); a card
    that left the graveyard is a new object the ability can't find (400.7)."""
    keyword = trigger.keyword.lower()
    obj = ctx.state.objects.get(trigger.object)
    if trigger.token:
        if obj is not None:
            move(ctx, obj, obj.count, "battlefield")  # it stays where it is, and says so (111.8)
            return
        ctx.event(
            "not_returned",
            msg(
                "{trigger}'s {keyword} resolves, but a token that has left the battlefield can't "
                "come back (CR 111.8); it stayed in the graveyard and ceased to exist (CR 704.5d)",
                trigger=trigger.name,
                keyword=word(keyword),
            ),
            "111.8",
            object=trigger.object,
        )
        return
    if obj is None or obj.zone != "graveyard":
        ctx.event(
            "not_returned",
            msg(
                "{trigger}'s {keyword} does nothing: it is no longer in the graveyard (CR 400.7)",
                trigger=trigger.name,
                keyword=word(keyword),
            ),
            "400.7",
            object=trigger.object,
        )
        return
    new_id = move(
        ctx,
        obj,
        min(trigger.count, obj.count),
        "battlefield",
        how=msg("returned by {keyword} (CR {rule})", keyword=word(keyword), rule=trigger.rule),
    )
    if new_id is None:
        return
    back = ctx.state.objects[new_id]
    amount = put_counters(ctx, back, trigger.counter, 1, as_token=False)
    ctx.event(
        "counters_added",
        plural(
            "{stack} returned with {n} {counter} counter (CR {rule}, 122.6)",
            "{stack} returned with {n} {counter} counters (CR {rule}, 122.6)",
            n=amount,
            stack=times(back.count, trigger.name),
            counter=word(trigger.counter),
            rule=trigger.rule,
        ),
        trigger.rule,
        object=back.id,
        count=back.count,
        kind=trigger.counter,
        amount=amount,
    )
