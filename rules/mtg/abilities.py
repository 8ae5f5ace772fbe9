"""Activated abilities of objects (CR 602), the predefined token abilities of 111.10 above all.

Costs are checked and paid first (602.2b): {T} (302.6 for creatures), mana from the pool
(or reported as paid by hand), discarding, sacrificing the source. Mana abilities resolve at
once (605.3b); the others would use the stack, which the kernel resolves immediately.
"""

from __future__ import annotations

import re
from typing import Any

from rules.context import times
from rules.effects import Ability, parse_mana_cost
from rules.errors import IllegalAction, InvalidAction
from rules.mtg import params
from rules.mtg.create import Batch, create_tokens
from rules.mtg.keyword_actions import empower_jace
from rules.mtg.layers import compute_one, visible_face
from rules.mtg.mana import pay_mana
from rules.mtg.records import MtgContext, MtgObject, MtgSeat
from rules.mtg.replacement import replace_counters, saturate_counters
from rules.mtg.status import name_of, present, transform_object
from rules.mtg.targeting import countered_by_ward, ward_costs
from rules.mtg.turn import draw
from rules.mtg.zones import move
from rules.stacks import split
from rules.state import Face
from rules.text import msg, plural, word

JsonDict = params.JsonDict
_MAIN = ("main1", "main2")


def activate(ctx: MtgContext, action: JsonDict) -> None:
    obj, count = params.target(ctx, action)
    present(obj)
    abilities = visible_face(obj).abilities
    index = params.integer(action, "ability", 0, minimum=0)
    if index >= len(abilities):
        if obj.face_down and index < len(obj.current.abilities):
            raise IllegalAction(
                msg("a face-down permanent has no abilities; turn it face up first (CR 708.2a)"),
                "708.2a",
            )
        raise InvalidAction(msg("{obj} has no ability {index}", obj=name_of(obj), index=index))
    ability = abilities[index]
    choices = params.mapping(action, "choices")
    if not ability.mana:
        check_not_named(ctx, obj)
    _check_timing(ctx, obj, ability)
    part = split(ctx.state, obj, count)
    seat = part.controller
    player = ctx.state.seat(seat)
    source_name = name_of(part)
    rule = "605.3b" if ability.mana else "602.2"
    ctx.event(
        "activated",
        msg(
            "{seat} activated {what}: {ability} (CR {rule})",
            seat=player.name,
            what=times(count, source_name),
            ability=ability.text,
            rule=rule,
        ),
        rule,
        object=part.id,
        count=count,
    )
    _pay(ctx, part, ability, choices, player)
    _resolve(ctx, part, seat, ability, choices, count)


def names(name: str) -> tuple[str, ...]:
    """An object's names: a split card has two (709.4a), compared case-insensitively."""
    return tuple(part.strip().casefold() for part in name.split("//"))


def check_not_named(ctx: MtgContext, obj: MtgObject) -> None:
    """Pithing Needle: "Activated abilities of sources with the chosen name can't be activated
    unless they're mana abilities" (602.5); an object has the chosen name if one of its names
    is the chosen name (709.4a). A token named "Blood Token" hasn't the name "Blood" (111.4)."""
    own = names(visible_face(obj).name) if visible_face(obj).name else ()
    for source in ctx.state.effect_sources():
        chosen = source.chosen_name
        if chosen is None or chosen.casefold() not in own:
            continue
        if any(e.kind == "named_cant_activate" for e in visible_face(source).effects):
            raise IllegalAction(
                msg(
                    "{current} named {chosen}: activated abilities of sources with that name "
                    "can't be activated unless they're mana abilities (CR 602.5)",
                    current=source.current.name,
                    chosen=chosen,
                ),
                "602.5",
            )


def _sorcery_timing(ctx: MtgContext, seat: int) -> None:
    state = ctx.state
    if state.step not in _MAIN or seat != state.active_seat:
        raise IllegalAction(
            msg(
                "activate only as a sorcery: in your main phase with an empty stack (CR 602.5d, "
                "307.1)"
            ),
            "602.5d",
        )


def _check_timing(ctx: MtgContext, obj: MtgObject, ability: Ability) -> None:
    state = ctx.state
    if ability.sorcery_speed:
        _sorcery_timing(ctx, obj.controller)
    if ability.cost.tap:
        if obj.tapped:
            raise IllegalAction(
                msg("{obj} is tapped, so {{T}} can't be paid", obj=name_of(obj)), "602.2b"
            )
        computed = compute_one(state, obj)
        if computed.is_creature and obj.summoning_sick and not computed.has("Haste"):
            raise IllegalAction(
                msg(
                    "{obj} is a creature that came under its controller's control this turn; "
                    "{{T}} abilities need haste (CR 302.6)",
                    obj=name_of(obj),
                ),
                "302.6",
            )


def _pay(
    ctx: MtgContext, obj: MtgObject, ability: Ability, choices: JsonDict, player: MtgSeat
) -> None:
    """Pay the total cost in any order (601.2h); each object in the stack pays its own."""
    cost, count = ability.cost, obj.count
    if cost.discard:
        if player.hand < cost.discard * count:
            raise IllegalAction(
                plural(
                    "{seat} has only {n} card to discard",
                    "{seat} has only {n} cards to discard",
                    n=player.hand,
                    seat=player.name,
                ),
                "602.2b",
            )
        player.hand -= cost.discard * count
        ctx.event(
            "discarded",
            plural(
                "{seat} discarded {n} card (CR 701.9)",
                "{seat} discarded {n} cards (CR 701.9)",
                n=cost.discard * count,
                seat=player.name,
            ),
            "701.9",
            seat=obj.controller,
        )
    if cost.mana:
        pay_mana(ctx, player, cost.mana_parts(), count, choices.get("paid") == "manual")
    if cost.tap:
        obj.tapped = True
    if cost.sacrifice:
        move(ctx, obj, count, "graveyard", how=msg("was sacrificed to pay a cost (CR 602.2b)"))


def _resolve(
    ctx: MtgContext, source: MtgObject, seat: int, ability: Ability, choices: JsonDict, count: int
) -> None:
    """``seat`` activated the ability: its controller (602.2, 113.8), the "you" of its effect,
    even once a sacrificed source is in its owner's graveyard (400.3, 603.10a)."""
    effect = ability.effect
    player = ctx.state.seat(seat)
    amount = effect.amount * count
    if effect.kind == "add_mana":
        _add_mana(ctx, player, effect.color, effect.restriction, amount, choices)
    elif effect.kind == "gain_life":
        player.life += amount
        ctx.event(
            "life_changed",
            plural(
                "{seat} gained {n} life (CR 119.3)",
                "{seat} gained {n} life (CR 119.3)",
                n=amount,
                seat=player.name,
            ),
            "119.3",
            seat=seat,
            amount=amount,
        )
    elif effect.kind == "draw":
        draw(ctx, seat, amount, "121.1")
    elif effect.kind == "scry_draw":
        ctx.event(
            "scried",
            msg("{seat} scried {value} (CR 701.22)", seat=player.name, value=effect.scry * count),
            "701.22",
        )
        draw(ctx, seat, amount, "121.1")
    elif effect.kind == "transform":
        transform_object(ctx, source)
    elif effect.kind == "empower_jace":
        for _ in range(count):  # each activation is its own keyword action (701.71a)
            empower_jace(ctx, {"seat": seat, "amount": effect.amount})
    elif effect.kind in ("put_counter", "explore"):
        counter = effect.counter or "+1/+1"
        _targeted(ctx, seat, effect.kind, counter, effect.amount, count, choices)
    else:
        _library_effect(ctx, player, seat, effect.kind, count, choices)


def _add_mana(
    ctx: MtgContext,
    player: MtgSeat,
    color: str | None,
    restriction: str | None,
    amount: int,
    choices: JsonDict,
) -> None:
    """106.4: mana goes to the pool; "any color" needs the chosen color (106.1b)."""
    if color == "any" or (color is not None and len(color) > 1):
        allowed = ("W", "U", "B", "R", "G") if color == "any" else tuple(color)
        color = choices.get("color")
        if color not in allowed:
            shown = "|".join(f'"{c}"' for c in allowed)
            raise InvalidAction(msg('choose a color: choices {{"color": {shown}}}', shown=shown))
    assert color is not None
    if restriction:
        player.restricted_mana["C"] = player.restricted_mana.get("C", 0) + amount
    else:
        player.mana_pool[color] = player.mana_pool.get(color, 0) + amount
    note = f" ({restriction})" if restriction else ""
    ctx.event(
        "mana_added",
        msg(
            "{seat} added {amount} {mana}{note} (CR 106.4)",
            seat=player.name,
            amount=amount,
            mana=f"{{{color}}}",
            note=note,
        ),
        "106.4",
        color=color,
        amount=amount,
    )


def _targeted(
    ctx: MtgContext,
    seat: int,
    kind: str,
    counter: str,
    amount: int,
    count: int,
    choices: JsonDict,
) -> None:
    """Mutagen puts a counter on target creature; Map makes a creature you control explore: the
    player reports a land (to hand) or not (a +1/+1 counter) (701.44). Each of the ``count``
    activations resolves on its own, so counter replacements apply to each (614.16: Hardened
    Scales adds one per activation)."""
    target = ctx.get(choices.get("target"))
    computed = compute_one(ctx.state, target) if target.zone == "battlefield" else None
    if computed is None or not computed.is_creature or target.phased_out:
        raise IllegalAction(msg("the target must be a creature on the battlefield"), "115.1")
    if kind == "explore" and target.controller != seat:
        raise IllegalAction(msg("Map's target must be a creature you control"), "111.10s")
    if target.controller != seat:
        # Ward triggers on becoming the target (702.21a): its cost is added to what the player
        # pays, from the pool or by hand like the ability's own cost, or the ability is countered.
        manual = choices.get("paid") == "manual"
        for cost in ward_costs(computed.keywords):
            if countered_by_ward(ctx, seat, "The ability", target, cost, manual):
                return
    one = split(ctx.state, target, 1)
    if kind == "explore" and choices.get("revealed") == "land":
        player = ctx.state.seat(seat)
        for _ in range(count):
            if player.library:
                player.library -= 1
                player.hand += 1
        ctx.event(
            "explored",
            msg("{one} explored: a land went to the hand (CR 701.44a)", one=name_of(one)),
            "701.44a",
            object=one.id,
        )
        return
    each = 1 if kind == "explore" else amount
    # Every activation meets the same replacement effects, so one answer serves them all.
    put = replace_counters(ctx, ctx.state, one, counter, each, as_token=one.token) * count
    put = saturate_counters(ctx, one, counter, put)
    if put > 0:
        one.counters[counter] = one.counters.get(counter, 0) + put
    rule = "701.44a" if kind == "explore" else "122.1"
    ctx.event(
        "counters_added",
        plural(
            "Put {n} {counter} counter on {one} (CR {rule})",
            "Put {n} {counter} counters on {one} (CR {rule})",
            n=put,
            counter=word(counter),
            one=name_of(one),
            rule=rule,
        ),
        rule,
        object=one.id,
        kind=counter,
        amount=put,
    )


def _library_effect(
    ctx: MtgContext, player: MtgSeat, seat: int, kind: str, count: int, choices: dict[str, Any]
) -> None:
    """Junk exiles the top card (the player may play it this turn); Lander searches for a basic
    land and puts it onto the battlefield tapped (the player names it, default "Basic Land")."""
    moved = min(count, player.library)
    player.library -= moved
    if kind == "exile_top":
        ctx.event(
            "exiled_top",
            plural(
                "{seat} exiled the top {n} card of their library; they may play it this "
                "turn (CR 111.10t)",
                "{seat} exiled the top {n} cards of their library; they may play them this "
                "turn (CR 111.10t)",
                n=moved,
                seat=player.name,
            ),
            "111.10t",
            seat=seat,
        )
        return
    land = choices.get("land") or "Basic Land"
    if not isinstance(land, str):
        raise InvalidAction(msg("choices.land must be a land name"))
    from rules.mtg.cards import put_land

    put_land(ctx, seat, land, moved)


_ENCORE = re.compile(r"^encore\s*(\{.*\})$", re.IGNORECASE)


def encore_cost(face: Face) -> str | None:
    """The mana cost of a face's "Encore [cost]" keyword, or None without encore."""
    for keyword in face.keywords:
        match = _ENCORE.match(keyword.strip())
        if match:
            return match.group(1)
    return None


def encore(ctx: MtgContext, action: JsonDict) -> None:
    """702.141a: "[Cost], Exile this card from your graveyard: For each opponent, create a token
    that's a copy of this card that attacks that opponent this turn if able. The tokens gain
    haste. Sacrifice them at the beginning of the next end step. Activate only as a sorcery."

    The card is exiled as a cost (602.2b); the copies go through the replacement pipeline like
    any created token (614.16), each remembering the opponent it must attack (508.1d)."""
    state = ctx.state
    card = ctx.get(action.get("object"))
    if card.zone != "graveyard" or card.token:
        raise IllegalAction(
            msg(
                "{card} isn't a card in a graveyard; encore works only from there",
                card=name_of(card),
            ),
            "702.141a",
        )
    face = card.current
    cost = encore_cost(face)
    if cost is None:
        raise IllegalAction(msg("{name} has no encore ability", name=face.name), "702.141a")
    try:
        parts = parse_mana_cost(cost)
    except ValueError:
        raise InvalidAction(
            msg("{name}'s encore cost {cost} is not a mana cost", name=face.name, cost=repr(cost))
        ) from None
    seat = card.owner
    check_not_named(ctx, card)
    _sorcery_timing(ctx, seat)
    choices = params.mapping(action, "choices")
    player = state.seat(seat)
    ctx.event(
        "activated",
        msg(
            "{seat} activated encore {cost} of {name} (CR 702.141a)",
            seat=player.name,
            cost=cost,
            name=face.name,
        ),
        "702.141a",
        object=card.id,
    )
    pay_mana(ctx, player, parts, 1, choices.get("paid") == "manual")
    definition, name = card.definition, face.name
    move(ctx, card, 1, "exile", how=msg("was exiled from the graveyard to pay the encore cost"))
    opponents = [i for i, s in enumerate(state.seats) if i != seat and not s.lost]
    batches = [
        Batch(
            face,
            card.back,
            definition,
            1,
            leaves_at="end_step:sacrifice",
            copy_of=definition or name,
            must_attack=opponent,
            granted=("Haste",),
        )
        for opponent in opponents
    ]
    if not batches:
        ctx.event("not_created", msg("There is no opponent, so no token is created"), "702.141a")
        return
    for obj in create_tokens(ctx, seat, batches):
        ctx.event(
            "must_attack",
            msg(
                "{stack} gained haste and attack {seat} this turn if able; sacrificed at the "
                "beginning of the next end step (CR 702.141a)",
                stack=times(obj.count, obj.current.name),
                seat=state.seat(obj.must_attack or 0).name,
            ),
            "702.141a",
            object=obj.id,
            count=obj.count,
            defender=obj.must_attack,
        )


_RECONFIGURE = re.compile(r"^reconfigure\s+(\{.*\})$", re.IGNORECASE)


def reconfigure_cost(keywords: tuple[str, ...] | list[str]) -> str | None:
    """The mana cost of a "Reconfigure [cost]" keyword, or None without reconfigure."""
    for keyword in keywords:
        match = _RECONFIGURE.match(keyword.strip())
        if match:
            return match.group(1)
    return None


def unattach(ctx: MtgContext, action: JsonDict) -> None:
    """702.151a, reconfigure's second ability: "[Cost]: Unattach this permanent. Activate only
    if this permanent is attached to a creature and only as a sorcery." Unattached (701.3d), it
    is a creature again (702.151b) and, back as a creature, it isn't in combat (506.4)."""
    state = ctx.state
    obj, count = params.target(ctx, action)
    present(obj)
    cost = reconfigure_cost(obj.current.keywords)
    if cost is None:
        raise IllegalAction(
            msg(
                "{obj} has no reconfigure ability; only reconfigure unattaches it (CR 702.151a)",
                obj=name_of(obj),
            ),
            "702.151a",
        )
    host = state.objects.get(obj.attached_to) if obj.attached_to is not None else None
    if host is None or not compute_one(state, host).is_creature:
        raise IllegalAction(
            msg(
                "{obj} isn't attached to a creature; reconfigure unattaches it only then (CR "
                "702.151a)",
                obj=name_of(obj),
            ),
            "702.151a",
        )
    try:
        parts = parse_mana_cost(cost)
    except ValueError:
        raise InvalidAction(
            msg(
                "{obj}'s reconfigure cost {cost} is not a mana cost",
                obj=name_of(obj),
                cost=repr(cost),
            )
        ) from None
    _sorcery_timing(ctx, obj.controller)
    player = state.seat(obj.controller)
    ctx.event(
        "activated",
        msg(
            "{seat} activated reconfigure {cost} of {obj} (CR 702.151a)",
            seat=player.name,
            cost=cost,
            obj=name_of(obj),
        ),
        "702.151a",
        object=obj.id,
    )
    paid = params.text(action, "paid", ("manual",))
    pay_mana(ctx, player, parts, count, paid == "manual")
    part = split(state, obj, count)
    part.attached_to = None
    part.timestamp = state.new_timestamp()
    ctx.event(
        "unattached",
        msg(
            "{stack} became unattached from {host} and is a creature again (CR 701.3d, 702.151b)",
            stack=times(part.count, name_of(part)),
            host=name_of(host),
        ),
        "701.3d",
        object=part.id,
        count=part.count,
    )
