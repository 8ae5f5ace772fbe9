"""Keyword actions that create tokens and then act on what exists: amass (701.47), populate
(701.36) and empower Jace (701.71, CR 2026-09-25). Each chooses among permanents after the
creation replacements have happened."""

from __future__ import annotations

from rules.context import times
from rules.effects import is_kind
from rules.errors import IllegalAction
from rules.mtg import params
from rules.mtg.cards import create_copy
from rules.mtg.create import Batch, create_tokens, token_name
from rules.mtg.layers import compute_one, visible_face
from rules.mtg.records import MtgContext, MtgObject, on_battlefield
from rules.mtg.replacement import put_counters
from rules.mtg.status import name_of
from rules.stacks import split
from rules.state import Face
from rules.text import msg, plural

JsonDict = params.JsonDict


def _armies(ctx: MtgContext, seat: int) -> list[MtgObject]:
    return [
        o
        for o in on_battlefield(ctx.state)
        if o.controller == seat
        and is_kind(visible_face(o).subtypes, "Army")
        and compute_one(ctx.state, o).is_creature
    ]


def amass(ctx: MtgContext, action: JsonDict) -> None:
    """701.47a: "If you don't control an Army creature, create a 0/0 black [subtype] Army creature
    token. Choose an Army creature you control. Put N +1/+1 counters on that creature. If it isn't
    a [subtype], it becomes a [subtype] in addition to its other types."

    The token goes through the creation replacements (Doubling Season: two Armies), then one Army
    is chosen (asked only between stacks that differ) and gets the counters (doubled again by
    counter effects, 614.16); an unchosen 0/0 Army dies as a state-based action (704.5f)."""
    controller = params.seat(ctx, action, "controller", ctx.state.active_seat)
    amount = params.integer(action, "amount", minimum=0)
    subtype = params.text(action, "subtype") or "Zombie"
    armies = _armies(ctx, controller)
    if not armies:
        face = Face(
            name=token_name((subtype, "Army")),
            types=("Creature",),
            subtypes=(subtype, "Army"),
            colors=("B",),
            power=0,
            toughness=0,
        )
        definition = params.text(action, "token")
        create_tokens(ctx, controller, [Batch(face, None, definition, 1)])
        armies = _armies(ctx, controller)
    seat_name = ctx.state.seat(controller).name
    if not armies:
        ctx.event(
            "amassed",
            msg(
                "{seat_name} amassed {subtype}s {amount} with no Army to choose (CR 701.47b)",
                seat_name=seat_name,
                subtype=subtype,
                amount=amount,
            ),
            "701.47b",
        )
        return
    chosen = ctx.decide(
        "amass_army",
        controller,
        plural(
            "Choose the Army that gets {n} +1/+1 counter (CR 701.47a)",
            "Choose the Army that gets {n} +1/+1 counters (CR 701.47a)",
            n=amount,
        ),
        [o.id for o in armies],
        "701.47a",
    )
    army = split(ctx.state, ctx.state.objects[chosen], 1)
    put = put_counters(ctx, army, "+1/+1", amount, as_token=army.token)
    became = ""
    if not is_kind(visible_face(army).subtypes, subtype):
        army.added_subtypes = (*army.added_subtypes, subtype)
        became = (
            msg("; it becomes an {subtype} in addition to its other types", subtype=subtype)
            if subtype[:1].lower() in "aeiou"
            else msg("; it becomes a {subtype} in addition to its other types", subtype=subtype)
        )
    ctx.event(
        "amassed",
        plural(
            "{seat_name} amassed {subtype}s {amount}: put {n} +1/+1 counter on "
            "{army}{became} (CR 701.47a)",
            "{seat_name} amassed {subtype}s {amount}: put {n} +1/+1 counters on "
            "{army}{became} (CR 701.47a)",
            n=put,
            seat_name=seat_name,
            subtype=subtype,
            amount=amount,
            army=name_of(army),
            became=became,
        ),
        "701.47a",
        object=army.id,
        amount=put,
    )


def populate(ctx: MtgContext, action: JsonDict) -> None:
    """701.36a: create a token that's a copy of a creature token you control (``of``; asked
    when omitted); 701.36b: with no creature token, no token is created."""
    controller = params.seat(ctx, action, "controller", ctx.state.active_seat)
    candidates = [
        o
        for o in on_battlefield(ctx.state)
        if o.token and o.controller == controller and compute_one(ctx.state, o).is_creature
    ]
    of = action.get("of")
    if of is not None:
        source = ctx.get(of)
        if source not in candidates:
            raise IllegalAction(
                msg(
                    "{source} isn't a creature token {seat} controls, so it can't be populated",
                    source=name_of(source),
                    seat=ctx.state.seat(controller).name,
                ),
                "701.36a",
            )
    elif not candidates:
        ctx.event(
            "not_created",
            msg(
                "{seat} controls no creature token, so populate creates nothing (CR 701.36b)",
                seat=ctx.state.seat(controller).name,
            ),
            "701.36b",
        )
        return
    else:
        of = ctx.decide(
            "populate",
            controller,
            msg("Choose the creature token to copy (CR 701.36a)"),
            [o.id for o in candidates],
            "701.36a",
        )
        source = ctx.state.objects[of]
    ctx.event(
        "populated",
        msg(
            "{seat} populates: a copy of {stack} (CR 701.36a)",
            seat=ctx.state.seat(controller).name,
            stack=times(1, name_of(source)),
        ),
        "701.36a",
        object=source.id,
    )
    copy_action = {k: v for k, v in action.items() if k in ("tapped", "attacking", "leaves_at")}
    create_copy(ctx, {**copy_action, "controller": controller, "of": source.id})


JACE_TEXT = "[\u22121]: Surveil 1.\n[\u22123]: Draw a card."


def _jace_tokens(ctx: MtgContext, seat: int) -> list[MtgObject]:
    return [
        o
        for o in on_battlefield(ctx.state)
        if o.token
        and o.controller == seat
        and "Jace" in visible_face(o).subtypes
        and "Planeswalker" in compute_one(ctx.state, o).face.types
    ]


def empower_jace(ctx: MtgContext, action: JsonDict) -> None:
    """CR 2026-09-25 701.71a: "If you don't control a Jace planeswalker token, create a blue Jace
    planeswalker token with 0 loyalty, '[-1]: Surveil 1,' and '[-3]: Draw a card.' Choose a Jace
    planeswalker token you control. Put N loyalty counters on it."

    The creation goes through token replacements (two Jaces with a doubler); one Jace is chosen
    and gets the counters (through counter replacements); one left at 0 loyalty goes to the
    graveyard at the next check (704.5i). A Jace card doesn't count: only a token."""
    seat = params.seat(ctx, action, "seat", ctx.state.active_seat)
    amount = params.integer(action, "amount", minimum=0)
    jaces = _jace_tokens(ctx, seat)
    if not jaces:
        face = Face(
            name=token_name(("Jace",)),  # the effect names no name (111.4)
            types=("Planeswalker",),
            subtypes=("Jace",),
            colors=("U",),
            text=JACE_TEXT,
        )
        for created in create_tokens(ctx, seat, [Batch(face, None, None, 1)]):
            created.counters["loyalty"] = 0  # "with 0 loyalty": it has no printed loyalty
        jaces = _jace_tokens(ctx, seat)
    name = ctx.state.seat(seat).name
    if not jaces:
        ctx.event(
            "empowered",
            msg("{name} empowered Jace {amount}, with no Jace token", name=name, amount=amount),
            "701.71a",
        )
        return
    chosen = ctx.decide(
        "empower_jace",
        seat,
        plural(
            "Choose the Jace planeswalker token that gets {n} loyalty counter (CR 701.71a)",
            "Choose the Jace planeswalker token that gets {n} loyalty counters (CR 701.71a)",
            n=amount,
        ),
        [o.id for o in jaces],
        "701.71a",
    )
    jace = split(ctx.state, ctx.state.objects[chosen], 1)
    put = put_counters(ctx, jace, "loyalty", amount, as_token=True)
    ctx.event(
        "empowered",
        plural(
            "{name} empowered Jace {amount}: put {n} loyalty counter on {jace} (CR 701.71a)",
            "{name} empowered Jace {amount}: put {n} loyalty counters on {jace} (CR 701.71a)",
            n=put,
            name=name,
            amount=amount,
            jace=name_of(jace),
        ),
        "701.71a",
        object=jace.id,
        amount=put,
    )
