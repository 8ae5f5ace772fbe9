"""Actions on objects: exhaust, ready, move, damage, kill, recycle, buff, activate, points.

Each acts on ``count`` of a stack (splitting it) and names the rule it follows. ``by`` is the
seat whose spell or ability chooses the object: an opponent pays the Deflect tax (809).
"""

from __future__ import annotations

from typing import Any

from rules import grants, params, several
from rules.effects import DOMAINS, parse_mana_cost
from rules.errors import IllegalAction, InvalidAction
from rules.riftbound import board
from rules.riftbound.board import BOARD
from rules.riftbound.cards import recycle_card
from rules.riftbound.cleanup import leave_board, points
from rules.riftbound.records import RiftboundContext, RiftboundObject, battlefields
from rules.stacks import split
from rules.text import msg, plural, word

JsonDict = dict[str, Any]


def chosen(ctx: RiftboundContext, action: JsonDict, unit: bool = False) -> RiftboundObject:
    """The part of a stack on the board the action names, after the Deflect tax (809.1.c)."""
    obj, count = params.target(ctx, action)
    if obj.zone != BOARD:
        raise InvalidAction(
            msg("{obj} is not on the board (it is in {zone})", obj=obj.id, zone=obj.zone)
        )
    if unit and not board.is_unit(obj):
        raise InvalidAction(msg("{name} is not a unit", name=obj.face.name))
    deflect_tax(ctx, action, obj, count)
    return split(ctx.state, obj, count)


def deflect_tax(ctx: RiftboundContext, action: JsonDict, obj: RiftboundObject, count: int) -> None:
    """Spells and abilities an opponent controls that choose a Deflect permanent cost its
    Deflect Value more power, of any domain, for each time they choose it (809.1.c, 809.2)."""
    if action.get("by") is None:
        return
    by = params.seat(ctx, action, "by")
    value = board.deflect_value(ctx.state, obj)
    if by == obj.controller or value == 0:
        return
    amount = value * count
    rule = "809.2" if value > 1 else "809.1.c"
    domain = action.get("by_pays")
    pool = ctx.state.seats[by].rune_pool
    if domain is not None:
        if domain not in board.DOMAINS:
            raise InvalidAction(
                msg("by_pays must be one of {domains}", domains=", ".join(board.DOMAINS))
            )
        if pool.get(domain, 0) < amount:
            raise IllegalAction(
                msg(
                    "The rune pool holds {get} {domain}, not the {amount} the Deflect tax costs "
                    "(809.1.c, 357.1).",
                    get=pool.get(domain, 0),
                    domain=domain,
                    amount=amount,
                ),
                "357.1",
            )
        pool[domain] -= amount
    how = (
        msg("from the rune pool ({domain})", domain=word(domain))
        if domain is not None
        else msg("by hand")
    )
    ctx.event(
        "deflect_tax",
        msg(
            "{seat} pays {amount} more power of any domain {how} to choose {name} (Deflect, "
            "{rule}).",
            seat=ctx.state.seats[by].name,
            amount=amount,
            how=how,
            name=obj.face.name,
            rule=rule,
        ),
        rule,
        seat=by,
        amount=amount,
        domain=domain or "any",
        object=obj.id,
        manual=domain is None,
    )


def exhaust(ctx: RiftboundContext, action: JsonDict) -> None:
    set_exhausted(ctx, chosen(ctx, action), True)


def ready(ctx: RiftboundContext, action: JsonDict) -> None:
    set_exhausted(ctx, chosen(ctx, action), False)


def ready_all(ctx: RiftboundContext, action: JsonDict) -> None:
    """A manual "ready all" for one seat: every exhausted Game Object it controls on the board is
    readied (415; as the turn player does in the Awaken Phase, 315.1.b.1 and 415.3.a), in one
    action at any time. Nothing exhausted: nothing happens (415.1.c)."""
    seat = params.seat(ctx, action, "seat")
    readied = [
        o
        for o in ctx.state.objects.values()
        if o.zone == BOARD and o.controller == seat and o.exhausted
    ]
    for obj in readied:
        obj.exhausted = False
    count = sum(o.count for o in readied)
    name = ctx.state.seats[seat].name
    if not readied:
        text = msg("{seat} controls nothing exhausted; nothing happens (415.1.c).", seat=name)
        ctx.event("unchanged", text, "415.1.c", seat=seat)
        return
    text = plural(
        "{seat} readied {n} Game Object they control (415, as in 315.1.b.1).",
        "{seat} readied {n} Game Objects they control (415, as in 315.1.b.1).",
        n=count,
        seat=name,
    )
    ctx.event("readied_all", text, "415", seat=seat, count=count, objects=[o.id for o in readied])


def set_exhausted(
    ctx: RiftboundContext, obj: RiftboundObject, exhausted: bool, rule: str | None = None
) -> None:
    """Exhaust (414) or ready (415); doing it again changes nothing (414.1.c, 415.1.c)."""
    if obj.exhausted == exhausted:
        again = "414.1.c" if exhausted else "415.1.c"
        text = (
            plural(
                "{name} is already exhausted; nothing happens ({rule}).",
                "{n} {name} are already exhausted; nothing happens ({rule}).",
                n=obj.count,
                name=obj.face.name,
                rule=again,
            )
            if exhausted
            else plural(
                "{name} is already ready; nothing happens ({rule}).",
                "{n} {name} are already ready; nothing happens ({rule}).",
                n=obj.count,
                name=obj.face.name,
                rule=again,
            )
        )
        ctx.event("unchanged", text, again, object=obj.id)
        return
    obj.exhausted = exhausted
    rule = rule or ("414" if exhausted else "415")
    kind = "exhausted" if exhausted else "readied"
    text = (
        plural(
            "{name} was exhausted ({rule}).",
            "{n} {name} were exhausted ({rule}).",
            n=obj.count,
            name=obj.face.name,
            rule=rule,
        )
        if exhausted
        else plural(
            "{name} was readied ({rule}).",
            "{n} {name} were readied ({rule}).",
            n=obj.count,
            name=obj.face.name,
            rule=rule,
        )
    )
    ctx.event(kind, text, rule, object=obj.id, count=obj.count)


def _noun(obj: RiftboundObject) -> str:
    return plural("{name}", "{n} {name}", n=obj.count, name=obj.face.name)


def damage(ctx: RiftboundContext, action: JsonDict) -> None:
    """Deal damage to units (417); only 1 or more is valid damage (417.1.e)."""
    amount = params.integer(action, "amount", minimum=0)
    if amount < 1:
        raise IllegalAction(msg("Only 1 or more damage can be dealt (417.1.e)."), "417.1.e")
    obj = chosen(ctx, action, unit=True)
    obj.damage += amount
    ctx.event(
        "damaged",
        plural(
            "{name} was dealt {amount} damage (417).",
            "{n} {name} were each dealt {amount} damage (417).",
            n=obj.count,
            name=obj.face.name,
            amount=amount,
        ),
        "417",
        object=obj.id,
        count=obj.count,
        amount=amount,
    )


def kill(ctx: RiftboundContext, action: JsonDict) -> None:
    """A kill instruction puts permanents from the board into the trash (428.1); ``objects``
    kills several stacks at once, the Cleanup after them seeing them all gone (319)."""
    killed = [chosen(ctx, part) for part in several.each_part(action)]
    for obj in killed:
        leave_board(ctx, obj, "trash", "428.1", "killed")


def equip(ctx: RiftboundContext, action: JsonDict) -> None:
    """[Equip] (":: Attach this to a unit you control"): the gear attaches to one unit (434),
    its location becomes the unit's (434.4) and it follows the unit; its Might Bonus applies
    (137.3). The Equip cost is paid by hand. Attaching to another unit detaches it from the
    one before (434.1.f); to the same one does nothing (434.1.g)."""
    gear, count = params.target(ctx, action)
    if gear.zone != BOARD or not gear.face.has_type("Gear"):
        raise InvalidAction(msg("{name} is not gear on the board", name=gear.face.name))
    host = ctx.get(action.get("to"))
    if host.zone != BOARD or not board.is_unit(host):
        raise InvalidAction(msg("{name} is not a unit on the board", name=host.face.name))
    if host.controller != gear.controller:
        ctx.refuse(
            msg(
                "{unit} isn't a unit {seat} controls: Equip attaches to a unit you control.",
                unit=host.face.name,
                seat=ctx.state.seats[gear.controller].name,
            ),
            "434.3",
        )
    if gear.attached_to == host.id and count == gear.count:
        ctx.event(
            "not_attached",
            msg(
                "{gear} is already attached to {unit} (434.1.g).",
                gear=_noun(gear),
                unit=host.face.name,
            ),
            "434.1.g",
            object=gear.id,
        )
        return
    unit = split(ctx.state, host, 1)
    part = split(ctx.state, gear, count)
    part.attached_to = unit.id
    part.location = unit.location
    ctx.event(
        "attached",
        msg(
            "{gear} attached to {unit} at {where}; its Equip cost is paid by hand (434.1, 434.4).",
            gear=_noun(part),
            unit=unit.face.name,
            where=board.location_name(ctx.state, unit.location, unit.controller),
        ),
        "434.1",
        object=part.id,
        to=unit.id,
        location=unit.location,
    )


def grant(ctx: RiftboundContext, action: JsonDict) -> None:
    """Ability-altering effects (472.2): the permanents gain or lose keywords ([Tank] this
    turn), this turn (the default; ends at the end of turn, 317.2) or for as long as they stay
    on the board."""
    made = grants.changes(action)
    obj = chosen(ctx, action)
    grants.grant_to(ctx, obj, made, obj.face.name, "472.2", cite_cr=False)


def recycle(ctx: RiftboundContext, action: JsonDict) -> None:
    """Units and gear go to the bottom of the Main Deck; battlefields can't be recycled
    (182.1.e, 416.1), whether named as the ``object`` or the ``battlefield``."""
    target = action.get("object")
    if target is None:
        target = action.get("battlefield")
    if any(b["id"] == target for b in battlefields(ctx.state)):
        raise IllegalAction(msg("Battlefields can't be recycled (182.1.e)."), "182.1.e")
    card, count = params.target(ctx, action)
    if card.zone != BOARD:
        recycle_card(ctx, card, count)
        return
    leave_board(ctx, chosen(ctx, action), "main_deck", "182.1.e", "recycled")


def buff(ctx: RiftboundContext, action: JsonDict) -> None:
    """Place a buff counter unless the unit already has one (426.1.b, 702.3)."""
    obj = chosen(ctx, action, unit=True)
    if obj.counters.get("buff"):
        ctx.event(
            "not_buffed",
            msg("{name} already has a buff and gets no other (702.3.a).", name=obj.face.name),
            "702.3.a",
            object=obj.id,
        )
        return
    obj.counters["buff"] = 1
    ctx.event(
        "buffed",
        msg("{obj} got a +1 Might buff (426.1, 703).", obj=_noun(obj)),
        "426.1",
        object=obj.id,
    )


def spend_buff(ctx: RiftboundContext, action: JsonDict) -> None:
    """Spending a buff removes it (702.2.b); a unit without one has none to spend (702.2.b.1);
    ``by``, the seat spending it, must control the unit (702.2.b.2)."""
    if action.get("by") is not None:
        by = params.seat(ctx, action, "by")
        unit, _ = params.target(ctx, action)
        if unit.controller != by:
            raise IllegalAction(
                msg(
                    "{seat} doesn't control {name}; a player spends buffs only on units they "
                    "control (702.2.b.2).",
                    seat=ctx.state.seats[by].name,
                    name=unit.face.name,
                ),
                "702.2.b.2",
            )
    obj = chosen(ctx, action, unit=True)
    if not obj.counters.get("buff"):
        raise IllegalAction(
            msg("{name} has no buff to spend (702.2.b.1).", name=obj.face.name), "702.2.b.1"
        )
    del obj.counters["buff"]
    ctx.event(
        "buff_spent",
        msg("{obj}: a buff was spent (702.2.b).", obj=_noun(obj)),
        "702.2.b",
        object=obj.id,
    )


def adjust_points(ctx: RiftboundContext, action: JsonDict) -> None:
    seat = params.seat(ctx, action, "seat")
    amount = params.integer(action, "amount")
    player = ctx.state.seats[seat]
    if player.points + amount < 0:
        raise InvalidAction(
            msg("{seat} has only {points}", seat=player.name, points=points(player.points))
        )
    player.points += amount
    # Points gained other than by Conquer or Hold skip the Winning Point restrictions
    # (466.1.a.1); a loss is a correction by hand.
    rule = "466.1.a.1" if amount > 0 else None
    cite = f" ({rule})" if rule else ""
    ctx.event(
        "points_changed",
        msg(
            "{seat} now has {points}{cite}.",
            seat=player.name,
            points=points(player.points),
            cite=cite,
        ),
        rule,
        seat=seat,
        amount=amount,
        points=player.points,
    )


def activate(ctx: RiftboundContext, action: JsonDict) -> None:
    """Activate an ability (376): pay [E] (414.4) and "Kill this", then add power (429)."""
    obj, count = params.target(ctx, action)
    if obj.zone != BOARD:
        raise InvalidAction(msg("{obj} is not on the board", obj=obj.id))
    index = params.integer(action, "ability", 0, minimum=0)
    if index >= len(obj.face.abilities):
        raise InvalidAction(msg("{name} has no ability {index}", name=obj.face.name, index=index))
    ability = obj.face.abilities[index]
    if ability.effect.kind != "add_power":
        raise InvalidAction(
            msg("{kind} abilities are played by hand in Riftbound", kind=ability.effect.kind)
        )
    domain, domain_rule = _domain(action, ability.effect.domain, obj)
    if ability.cost.tap and obj.exhausted:
        raise IllegalAction(
            msg("{name} is exhausted, so its [E] cost can't be paid (414.4).", name=obj.face.name),
            "414.4",
        )
    costs = _power_cost(ability.cost.mana, obj, count)
    part = split(ctx.state, obj, count)
    seat, name = part.controller, part.face.name
    rule = domain_rule or _ability_rule(part)
    _pay(ctx, action, seat, name, costs)
    if ability.cost.tap:
        set_exhausted(ctx, part, True, "414.5")
    if ability.cost.sacrifice:
        leave_board(ctx, part, "trash", "428.1", "killed")
    amount = ability.effect.amount * count
    pool = ctx.state.seats[seat].rune_pool
    pool[domain] = pool.get(domain, 0) + amount
    ctx.event(
        "power_added",
        msg(
            "{name} added {amount} {domain} power to {seat}'s rune pool ({rule}).",
            name=name,
            amount=amount,
            domain=domain,
            seat=ctx.state.seats[seat].name,
            rule=rule,
        ),
        rule,
        seat=seat,
        domain=domain,
        amount=amount,
    )


def _own_domain(obj: RiftboundObject) -> tuple[str, str]:
    """What [C] means on this object: one Power of its domain (135.2.e.6.a), or [A] ("any") when
    it has no domain or several (135.2.e.6.b); a token has no domain (182.2.b), whatever its
    controller's Domain Identity."""
    domains = board.domains(obj)
    if len(domains) == 1:
        return domains[0], "135.2.e.6.a"
    return "any", "135.2.e.6.b"


def _domain(action: JsonDict, printed: str | None, obj: RiftboundObject) -> tuple[str, str | None]:
    """The domain of the power an ability adds, and the rule when [C] decided it."""
    rule = None
    if printed == "C":
        printed, rule = _own_domain(obj)
    if printed not in (None, "any"):
        return str(printed), rule
    choices = params.mapping(action, "choices")
    domain = choices.get("domain")
    if domain not in DOMAINS or domain == "any":
        raise InvalidAction(
            msg("choices.domain must be one of {domains}", domains=", ".join(DOMAINS[1:]))
        )
    return str(domain), rule


_COST_SYMBOLS = {"C": "C", "R": "Fury", "G": "Calm", "B": "Mind"}
"""Power symbols of a Riftbound ability cost (134.2 shorthands; [C] is the source's domain)."""


def _power_cost(mana: str, obj: RiftboundObject, count: int) -> list[tuple[str, int, str | None]]:
    """The Energy and Power an ability costs, as (pool key or "any", amount, rule): "{2}" is
    Energy, "{C}" one Power of the source's domain, processed as [A] for a token (135.2.e.6.b)."""
    if not mana:
        return []
    generic, symbols = parse_mana_cost(mana)
    costs: list[tuple[str, int, str | None]] = []
    if generic:
        costs.append(("energy", generic * count, None))
    for symbol, amount in symbols.items():
        if symbol not in _COST_SYMBOLS:
            raise InvalidAction(msg("{{{symbol}}} is not a Riftbound power cost", symbol=symbol))
        domain, rule = _COST_SYMBOLS[symbol], None
        if domain == "C":
            domain, rule = _own_domain(obj)
        costs.append((domain, amount * count, rule))
    return costs


def _pay(
    ctx: RiftboundContext,
    action: JsonDict,
    seat: int,
    name: str,
    costs: list[tuple[str, int, str | None]],
) -> None:
    """Pay Energy and Power from the rune pool; [A] is paid with Power of any one domain,
    ``choices.pay`` (135.2.e.5.a). ``choices.paid: "manual"`` means paid by hand."""
    if not costs:
        return
    choices = params.mapping(action, "choices")
    pool = ctx.state.seats[seat].rune_pool
    manual = choices.get("paid") == "manual"
    for key, amount, rule in costs:
        if key == "any":
            key = str(choices.get("pay", ""))
            if key not in DOMAINS[1:]:
                raise InvalidAction(
                    msg(
                        "choices.pay must name the domain that pays [A]: {domains}",
                        domains=", ".join(DOMAINS[1:]),
                    )
                )
            rule = rule or "135.2.e.5.a"
        if not manual:
            if pool.get(key, 0) < amount:
                raise IllegalAction(
                    msg(
                        "The rune pool holds {get} {key}, not {amount}; the cost can't be paid "
                        "(357.1).",
                        get=pool.get(key, 0),
                        key=key,
                        amount=amount,
                    ),
                    "357.1",
                )
            pool[key] -= amount
        how = msg("by hand") if manual else msg("from the rune pool")
        # Energy pays Energy costs and Power of a domain pays that domain's costs (162.1,
        # 162.2); an ability's costs are paid as a card's are (357.1).
        rule = rule or "357.1"
        cite = f" ({rule})"
        ctx.event(
            "cost_paid",
            msg(
                "{name}: {amount} {key} paid {how}{cite}.",
                name=name,
                amount=amount,
                key=word(key),
                how=how,
                cite=cite,
            ),
            rule,
            seat=seat,
            domain=key,
            amount=amount,
            manual=manual,
        )


def _ability_rule(obj: RiftboundObject) -> str:
    return "184.5" if obj.definition == "rb-gold" else "429"
