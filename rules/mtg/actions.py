"""Actions on objects and players: moving, sacrificing, destroying, counters, damage, pumps,
attaching, control, life, and the manual overrides a paper player needs (logged as manual)."""

from __future__ import annotations

from rules.context import times
from rules.errors import IllegalAction, InvalidAction
from rules.mtg import params
from rules.mtg.combat import stop_being_attacked
from rules.mtg.create import can_enchant, can_equip
from rules.mtg.layers import compute_one, visible_face
from rules.mtg.players import change_player_counters, player_counters
from rules.mtg.protection import protection_from
from rules.mtg.records import MtgContext, MtgObject
from rules.mtg.replacement import put_counters
from rules.mtg.status import name_of, present
from rules.mtg.zones import ZONES, check_not_gone, move
from rules.stacks import split
from rules.state import Pump
from rules.text import msg, plural, word

JsonDict = params.JsonDict
UNTIL = ("end_of_turn",)


def move_action(ctx: MtgContext, action: JsonDict) -> None:
    obj, count = params.target(ctx, action, on_battlefield=False)
    to = params.text(action, "to", ZONES)
    if to is None:
        raise InvalidAction(msg("to must be one of {zones}", zones=", ".join(ZONES)))
    move(ctx, obj, count, to)


def sacrifice(ctx: MtgContext, action: JsonDict) -> None:
    """701.21a: its controller moves it from the battlefield to its owner's graveyard."""
    obj, count = params.target(ctx, action)
    move(ctx, present(obj), count, "graveyard", how=msg("was sacrificed (CR 701.21a)"))


def _player_target(ctx: MtgContext, action: JsonDict) -> int | None:
    """The seat an action names instead of an object (122.1 counters on a player, 120.1 damage
    to a player); None when it names an object."""
    if action.get("seat") is None:
        return None
    if action.get("object") is not None:
        raise InvalidAction(msg("name either an object or a seat, not both"))
    return params.seat(ctx, action, "seat")


def _player_counters_action(ctx: MtgContext, action: JsonDict, seat: int, adding: bool) -> None:
    kind = params.text(action, "kind") or "poison"
    amount = params.integer(action, "amount", 1, minimum=1)
    name = ctx.state.seat(seat).name
    if adding:
        changed = change_player_counters(ctx, seat, kind, amount)
        text = plural(
            "{name} got {n} {kind} counter (CR 122.1)",
            "{name} got {n} {kind} counters (CR 122.1)",
            n=changed,
            name=name,
            kind=word(kind),
        )
    else:
        if player_counters(ctx, seat, kind) == 0:
            raise IllegalAction(msg("{name} has no {kind} counters", name=name, kind=kind), "122.1")
        changed = change_player_counters(ctx, seat, kind, -amount)
        text = plural(
            "Removed {n} {kind} counter from {name} (CR 122.1)",
            "Removed {n} {kind} counters from {name} (CR 122.1)",
            n=changed,
            name=name,
            kind=word(kind),
        )
    ctx.event(
        "player_counters_added" if adding else "player_counters_removed",
        text,
        "122.1",
        seat=seat,
        kind=kind,
        amount=changed,
        total=player_counters(ctx, seat, kind),
    )


def add_counters(ctx: MtgContext, action: JsonDict) -> None:
    """Put counters on permanents, through counter replacement effects (614.16, 616.1); with
    ``seat`` instead of ``object``, on a player (122.1; ten poison counters lose, 704.5c)."""
    seat = _player_target(ctx, action)
    if seat is not None:
        _player_counters_action(ctx, action, seat, adding=True)
        return
    obj, count = params.target(ctx, action)
    kind = params.text(action, "kind") or "+1/+1"
    amount = params.integer(action, "amount", 1, minimum=1)
    part = split(ctx.state, present(obj), count)
    amount = put_counters(ctx, part, kind, amount, as_token=part.token)
    ctx.event(
        "counters_added",
        plural(
            "Put {n} {kind} counter on each of {what} (CR 122.1)",
            "Put {n} {kind} counters on each of {what} (CR 122.1)",
            n=amount,
            kind=kind,
            what=times(count, name_of(part)),
        ),
        "122.1",
        object=part.id,
        count=count,
        kind=kind,
        amount=amount,
    )


def remove_counters(ctx: MtgContext, action: JsonDict) -> None:
    seat = _player_target(ctx, action)
    if seat is not None:
        _player_counters_action(ctx, action, seat, adding=False)
        return
    obj, count = params.target(ctx, action)
    kind = params.text(action, "kind") or "+1/+1"
    amount = params.integer(action, "amount", 1, minimum=1)
    part = split(ctx.state, present(obj), count)
    removed = min(amount, part.counters.get(kind, 0))
    if removed == 0:
        raise IllegalAction(
            msg("{name} has no {kind} counters", name=name_of(part), kind=kind), "122.1"
        )
    part.counters[kind] -= removed
    if part.counters[kind] == 0 and not _keeps_zero(ctx, part, kind):
        del part.counters[kind]
    ctx.event(
        "counters_removed",
        plural(
            "Removed {n} {kind} counter from {what} (CR 122.1)",
            "Removed {n} {kind} counters from {what} (CR 122.1)",
            n=removed,
            kind=kind,
            what=times(count, name_of(part)),
        ),
        "122.1",
        object=part.id,
        count=count,
        kind=kind,
        amount=removed,
    )


def _keeps_zero(ctx: MtgContext, obj: MtgObject, kind: str) -> bool:
    """A planeswalker whose loyalty counters all went away has loyalty 0 (306.5b, 704.5i)."""
    return kind == "loyalty" and "Planeswalker" in compute_one(ctx.state, obj).face.types


def damage(ctx: MtgContext, action: JsonDict) -> None:
    """120.3e: damage to a creature is marked on it until the cleanup step (514.2). With a
    ``source`` (an object id) its abilities count: deathtouch (702.2b, 704.5h), wither and infect
    (-1/-1 counters instead, 120.3d, 702.80a, 702.90b) and lifelink (702.15b); ``deathtouch:
    true`` says the source (a spell, a card in hand) has deathtouch. Damage from a source the
    creature has protection from is prevented (702.16e). With ``seat`` instead of ``object`` the
    damage is dealt to a player (120.3a/b). A source dealing 0 damage deals none (120.8): refused,
    as the API schema documents."""
    amount = params.integer(action, "amount", minimum=0)
    if amount == 0:
        raise IllegalAction(msg("0 damage isn't dealt at all (CR 120.8)"), "120.8")
    deathtouch = params.flag(action, "deathtouch")
    source_id = action.get("source")
    keywords: tuple[str, ...] = ()
    source = None
    if source_id is not None:
        source = ctx.get(source_id)
        keywords = tuple(k.lower() for k in compute_one(ctx.state, source).keywords)
    seat = _player_target(ctx, action)
    if seat is not None:
        _damage_player(ctx, seat, amount, source, keywords)
        return
    obj, count = params.target(ctx, action)
    deathtouch = deathtouch or "deathtouch" in keywords
    part = split(ctx.state, present(obj), count)
    target = compute_one(ctx.state, part)
    walker = "Planeswalker" in target.face.types
    if not target.is_creature and not walker:
        raise IllegalAction(
            msg(
                "{part} is neither a creature nor a planeswalker: objects can deal damage only to "
                "battles, creatures, planeswalkers and players (CR 120.1)",
                part=name_of(part),
            ),
            "120.1",
        )
    by = msg(" by {source}", source=name_of(source)) if source is not None else ""
    told: JsonDict = {"amount": amount, "by": by, "stack": times(count, name_of(part))}
    if source is not None:
        shield = protection_from(
            compute_one(ctx.state, part).keywords, visible_face(source), part.chosen_color
        )
        if shield is not None:
            ctx.event(
                "damage_prevented",
                msg(
                    "{amount} damage{by} to each of {stack} is prevented: {shield} (CR 702.16e)",
                    **told,
                    shield=word(shield.lower()),
                ),
                "702.16e",
                object=part.id,
                count=count,
            )
            return
    if walker:
        # Without loyalty counters on it (a card put with none), its loyalty isn't tracked.
        loyalty = part.counters.get("loyalty", 0)
        lost = min(amount, loyalty)
        if "loyalty" in part.counters:
            part.counters["loyalty"] = loyalty - lost
        ctx.event(
            "damaged",
            plural(
                "{amount} damage dealt{by} to each of {stack}: {n} loyalty counter removed "
                "(CR 120.3c)",
                "{amount} damage dealt{by} to each of {stack}: {n} loyalty counters removed "
                "(CR 120.3c)",
                n=lost,
                **told,
            ),
            "120.3c",
            object=part.id,
            count=count,
            amount=amount,
        )
        if not target.is_creature:
            _lifelink(ctx, source, keywords, amount * count)
            return
    if "wither" in keywords or "infect" in keywords:
        n = put_counters(ctx, part, "-1/-1", amount, as_token=part.token)
        ctx.event(
            "damaged",
            plural(
                "{amount} damage dealt{by} to each of {stack} as {n} -1/-1 counter (CR 120.3d)",
                "{amount} damage dealt{by} to each of {stack} as {n} -1/-1 counters (CR 120.3d)",
                n=n,
                **told,
            ),
            "120.3d",
            object=part.id,
            count=count,
            amount=amount,
        )
    else:
        part.damage += amount
        ctx.event(
            "damaged",
            msg(
                "{amount} damage dealt{by} to each of {stack} (CR 120.3e)",
                **told,
            ),
            "120.3e",
            object=part.id,
            count=count,
            amount=amount,
        )
    if deathtouch:
        ctx.deathtouched.add(part.id)
    _lifelink(ctx, source, keywords, amount * count)


def _damage_player(
    ctx: MtgContext,
    seat: int,
    amount: int,
    source: MtgObject | None,
    keywords: tuple[str, ...],
) -> None:
    """120.3a: damage to a player from a source without infect makes them lose that much life;
    120.3b: from a source with infect, that many poison counters instead; lifelink (120.3f)."""
    player = ctx.state.seat(seat)
    by = msg(" by {source}", source=name_of(source)) if source is not None else ""
    if "infect" in keywords:
        change_player_counters(ctx, seat, "poison", amount)
        ctx.event(
            "damaged",
            plural(
                "{n} damage dealt{by} to {seat} as {n} poison counter (CR 120.3b); "
                "{seat} has {poison}",
                "{n} damage dealt{by} to {seat} as {n} poison counters (CR 120.3b); "
                "{seat} has {poison}",
                n=amount,
                by=by,
                seat=player.name,
                poison=player.poison,
            ),
            "120.3b",
            seat=seat,
            amount=amount,
        )
    else:
        player.life -= amount
        ctx.event(
            "damaged",
            msg(
                "{amount} damage dealt{by} to {seat}, who loses that much life (CR 120.3a); life "
                "{life}",
                amount=amount,
                by=by,
                seat=player.name,
                life=player.life,
            ),
            "120.3a",
            seat=seat,
            amount=amount,
        )
    _lifelink(ctx, source, keywords, amount)


def _lifelink(
    ctx: MtgContext, source: MtgObject | None, keywords: tuple[str, ...], total: int
) -> None:
    """702.15b: damage dealt by a source with lifelink makes its controller gain that much."""
    if source is None or "lifelink" not in keywords:
        return
    seat = ctx.state.seat(source.controller)
    seat.life += total
    ctx.event(
        "life_changed",
        msg(
            "{seat} gained {total} life: damage from a source with lifelink (CR 702.15b)",
            seat=seat.name,
            total=total,
        ),
        "702.15b",
        seat=source.controller,
        amount=total,
    )


def pump(ctx: MtgContext, action: JsonDict) -> None:
    """+N/+N applies in layer 7c; "becomes N/N" (set_base) in 7b (613.4b/c); only a creature
    has power and toughness to change (208.3)."""
    obj, count = params.target(ctx, action)
    power = params.integer(action, "power", 0)
    toughness = params.integer(action, "toughness", 0)
    set_base = params.flag(action, "set_base")
    until = params.text(action, "until", UNTIL)
    if not compute_one(ctx.state, present(obj)).is_creature:
        raise IllegalAction(
            msg(
                "{obj} isn't a creature: a noncreature permanent has no power or toughness to "
                "change (CR 208.3)",
                obj=name_of(obj),
            ),
            "208.3",
        )
    part = split(ctx.state, present(obj), count)
    stamp = ctx.state.new_timestamp()
    part.pumps = (*part.pumps, Pump(power, toughness, set_base, until, stamp))
    change = (
        msg("has base power and toughness {power}/{toughness}", power=power, toughness=toughness)
        if set_base
        else msg("gets {power:+d}/{toughness:+d}", power=power, toughness=toughness)
    )
    rule = "613.4b" if set_base else "613.4c"
    lasting = msg(" until end of turn") if until else ""
    ctx.event(
        "pumped",
        msg(
            "{stack} {change}{lasting} (CR {rule})",
            stack=times(count, name_of(part)),
            change=change,
            lasting=lasting,
            rule=rule,
        ),
        rule,
        object=part.id,
        count=count,
    )


def attach(ctx: MtgContext, action: JsonDict) -> None:
    """701.3a-c: attach an Aura or Equipment; an illegal attachment doesn't move it (303.4j,
    701.3b): enchant creature onto a noncreature, or onto protection from it (702.16c/d/j)."""
    obj, count = params.target(ctx, action)
    check_not_gone(ctx, action.get("to"))
    host = ctx.get(action.get("to"))
    face = obj.current
    if "Aura" not in face.subtypes and "Equipment" not in face.subtypes:
        raise IllegalAction(
            msg("{name} is neither an Aura nor an Equipment", name=face.name), "701.3a"
        )
    present(obj)
    if host.zone != "battlefield" or host.phased_out or host.id == obj.id:
        raise IllegalAction(msg("{host} can't be attached to", host=host.id), "701.3b")
    legal = can_enchant(ctx, face, host) if "Aura" in face.subtypes else can_equip(ctx, face, host)
    if not legal:
        raise IllegalAction(
            msg("{name} can't legally be attached to {host}", name=face.name, host=name_of(host)),
            "303.4j" if "Aura" in face.subtypes else "701.3b",
        )
    if "Aura" not in face.subtypes:
        computed = compute_one(ctx.state, obj)
        reconfigure = any(k.lower().startswith("reconfigure") for k in computed.keywords)
        if computed.is_creature and not reconfigure:
            raise IllegalAction(
                msg(
                    "{name} is an Equipment that's also a creature without reconfigure, so it "
                    "can't equip a creature (CR 301.5c)",
                    name=face.name,
                ),
                "301.5c",
            )
        if host.controller != obj.controller:
            owner = ctx.state.seat(obj.controller).name
            raise IllegalAction(
                msg(
                    "Equip attaches {name} only to a creature {owner} controls; {host} is "
                    "controlled by {seat} (CR 702.6a, 301.5)",
                    name=face.name,
                    owner=owner,
                    host=name_of(host),
                    seat=ctx.state.seat(host.controller).name,
                ),
                "702.6a",
            )
    part = split(ctx.state, obj, count)
    target = split(ctx.state, host, 1)
    part.attached_to = target.id
    part.timestamp = ctx.state.new_timestamp()
    ctx.event(
        "attached",
        msg(
            "{stack} became attached to {target} (CR 701.3c, 613.7e)",
            stack=times(part.count, face.name),
            target=name_of(target),
        ),
        "701.3c",
        object=part.id,
        to=target.id,
    )


def gain_control(ctx: MtgContext, action: JsonDict) -> None:
    """A new controller: summoning sick again (302.6) and removed from combat (506.4). Control
    effects apply in timestamp order (613.2, 613.7): an "until end of turn" one remembers whom
    control goes back to at cleanup (514.2); a later lasting one makes that ending moot. Gaining
    control of what you already control changes neither its control history nor combat."""
    obj, count = params.target(ctx, action)
    seat = params.seat(ctx, action, "seat")
    until = params.text(action, "until", UNTIL)
    part = split(ctx.state, present(obj), count)
    if not until:
        part.control_reverts_to = None
    elif part.control_reverts_to is None:
        part.control_reverts_to = part.controller
    if part.controller != seat:
        part.controller = seat
        part.summoning_sick = True
        part.leave_combat()
        stop_being_attacked(ctx, part)
    lasting = msg(" until end of turn") if until else ""
    ctx.event(
        "control_changed",
        msg(
            "{seat} gained control of {stack}{lasting} (CR 302.6)",
            seat=ctx.state.seat(seat).name,
            stack=times(count, name_of(part)),
            lasting=lasting,
        ),
        "302.6",
        object=part.id,
        count=count,
    )


def adjust_life(ctx: MtgContext, action: JsonDict) -> None:
    seat = params.seat(ctx, action, "seat")
    amount = params.integer(action, "amount")
    player = ctx.state.seat(seat)
    player.life += amount
    said = (
        plural(
            "{seat} gained {n} life (CR 119.3)",
            "{seat} gained {n} life (CR 119.3)",
            n=amount,
            seat=player.name,
        )
        if amount >= 0
        else plural(
            "{seat} lost {n} life (CR 119.3)",
            "{seat} lost {n} life (CR 119.3)",
            n=-amount,
            seat=player.name,
        )
    )
    ctx.event(
        "life_changed",
        said,
        "119.3",
        seat=seat,
        amount=amount,
    )


def set_pt(ctx: MtgContext, action: JsonDict) -> None:
    """Manual override: the object has this base P/T from now on (applied in layer 7b)."""
    obj, count = params.target(ctx, action)
    power = params.integer(action, "power")
    toughness = params.integer(action, "toughness")
    part = split(ctx.state, obj, count)
    part.pumps = (*part.pumps, Pump(power, toughness, True, None, ctx.state.new_timestamp()))
    ctx.event(
        "manual_pt",
        msg(
            "Manual: {stack} set to {power}/{toughness}",
            stack=times(count, name_of(part)),
            power=power,
            toughness=toughness,
        ),
        None,
        object=part.id,
        count=count,
    )


def remove(ctx: MtgContext, action: JsonDict) -> None:
    """Manual override: take objects out of the game without a zone change."""
    obj, count = params.target(ctx, action, on_battlefield=False)
    part = split(ctx.state, obj, count)
    del ctx.state.objects[part.id]
    for other in list(ctx.state.objects.values()):
        if other.phased_out_with == part.id:
            other.phased_out, other.phased_out_with = False, None
    ctx.event(
        "removed",
        msg("Manual: removed {stack} from the game", stack=times(count, name_of(part))),
        None,
        object=part.id,
        count=count,
    )
