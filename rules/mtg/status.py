"""Status changes (CR 110.5): tapped, phased out (702.26), transformed (712), face down (708)."""

from __future__ import annotations

from rules import grants
from rules.context import times
from rules.errors import IllegalAction
from rules.mtg import params
from rules.mtg.layers import visible_face
from rules.mtg.records import MtgContext, MtgObject, on_battlefield
from rules.stacks import split
from rules.text import msg, plural

JsonDict = params.JsonDict


def present(obj: MtgObject) -> MtgObject:
    """Phased-out permanents are treated as though they don't exist (702.26b)."""
    if obj.phased_out:
        raise IllegalAction(
            msg("{current} is phased out (CR 702.26b)", current=obj.current.name), "702.26b"
        )
    return obj


def name_of(obj: MtgObject) -> str:
    """How the log names an object: a face-down permanent has no name (708.2a), nor has a copy
    of one (707.2), which is face up."""
    if obj.face_down:
        return "face-down permanent"
    return visible_face(obj).name or "nameless permanent"


def tap(ctx: MtgContext, action: JsonDict) -> None:
    obj, count = params.target(ctx, action)
    part = split(ctx.state, present(obj), count)
    if part.tapped:
        ctx.refuse(msg("{name} is already tapped", name=name_of(part)), "701.26a")
    part.tapped = True
    ctx.event(
        "tapped",
        msg("Tapped {what} (CR 701.26a)", what=times(count, name_of(part))),
        "701.26a",
        object=part.id,
        count=count,
    )


def untap(ctx: MtgContext, action: JsonDict) -> None:
    obj, count = params.target(ctx, action)
    part = split(ctx.state, present(obj), count)
    if not part.tapped:
        ctx.refuse(msg("{name} is already untapped", name=name_of(part)), "701.26b")
    part.tapped = False
    ctx.event(
        "untapped",
        msg("Untapped {what} (CR 701.26b)", what=times(count, name_of(part))),
        "701.26b",
        object=part.id,
        count=count,
    )


def untap_all(ctx: MtgContext, action: JsonDict) -> None:
    """A manual "untap all" for one seat: every phased-in permanent it controls untaps, as in
    its untap step (502.3) but as one action at any time (701.26b). Nothing tapped: no change."""
    seat = params.seat(ctx, action, "seat")
    untapped = [o for o in on_battlefield(ctx.state) if o.controller == seat and o.tapped]
    for obj in untapped:
        obj.tapped = False
    count = sum(o.count for o in untapped)
    name = ctx.state.seat(seat).name
    text = (
        plural(
            "{seat} untapped {n} permanent they control (CR 701.26b, as in 502.3)",
            "{seat} untapped {n} permanents they control (CR 701.26b, as in 502.3)",
            n=count,
            seat=name,
        )
        if untapped
        else msg("{seat} controls no tapped permanent; nothing untaps", seat=name)
    )
    ctx.event(
        "untapped_all",
        text,
        "701.26b",
        seat=seat,
        count=count,
        objects=[o.id for o in untapped],
    )


def phase_out(ctx: MtgContext, action: JsonDict) -> None:
    """702.26b/d/g: the permanent and what is attached to it phase out; tokens stay."""
    obj, count = params.target(ctx, action)
    phase_out_object(ctx, split(ctx.state, present(obj), count))


def phase_out_object(ctx: MtgContext, part: MtgObject, why: str = "") -> None:
    """Phase out a stack and, indirectly, what is attached to it (702.26g)."""
    part.phased_out = True
    part.leave_combat()
    for other in list(ctx.state.objects.values()):
        if other.attached_to == part.id and not other.phased_out:
            other.phased_out = True
            other.phased_out_with = part.id
    ctx.event(
        "phased_out",
        msg(
            "{stack} phased out{why}; tokens continue to exist (CR 702.26d, 702.26g)",
            stack=times(part.count, name_of(part)),
            why=why,
        ),
        "702.26d",
        object=part.id,
        count=part.count,
    )


def phase_in_object(ctx: MtgContext, obj: MtgObject) -> None:
    obj.phased_out = False
    along = []
    for other in ctx.state.objects.values():
        if other.phased_out_with == obj.id:
            other.phased_out = False
            other.phased_out_with = None
            along.append(times(other.count, name_of(other)))
    with_it = msg(", and with it {names} (CR 702.26g)", names=", ".join(along)) if along else ""
    ctx.event(
        "phased_in",
        msg(
            "{stack} phased in{with_it} (CR 702.26c)",
            stack=times(obj.count, name_of(obj)),
            with_it=with_it,
        ),
        "702.26c",
        object=obj.id,
        count=obj.count,
    )


def phase_in(ctx: MtgContext, action: JsonDict) -> None:
    obj, count = params.target(ctx, action)
    if not obj.phased_out:
        raise IllegalAction(msg("{obj} is not phased out", obj=name_of(obj)), "702.26c")
    if obj.phased_out_with is not None:
        raise IllegalAction(
            msg(
                "{obj} phased out with {phased_out_with} and phases in with it (CR 702.26g)",
                obj=name_of(obj),
                phased_out_with=obj.phased_out_with,
            ),
            "702.26g",
        )
    phase_in_object(ctx, split(ctx.state, obj, count))


def transform(ctx: MtgContext, action: JsonDict) -> None:
    """712.18: the same object, counters and effects stay; a new timestamp (613.7g)."""
    obj, count = params.target(ctx, action)
    transform_object(ctx, split(ctx.state, present(obj), count))


def transform_object(ctx: MtgContext, obj: MtgObject) -> None:
    if obj.back is None:
        raise IllegalAction(
            msg("{obj} isn't double-faced, so nothing happens (CR 701.27c)", obj=name_of(obj)),
            "701.27c",
        )
    before = obj.current.name
    obj.transformed = not obj.transformed
    obj.timestamp = ctx.state.new_timestamp()
    ctx.event(
        "transformed",
        msg(
            "{stack} transformed into {current} (CR 712.18)",
            stack=times(obj.count, before),
            current=obj.current.name,
        ),
        "712.18",
        object=obj.id,
        count=obj.count,
    )


def turn_face_down(ctx: MtgContext, action: JsonDict) -> None:
    obj, count = params.target(ctx, action)
    present(obj)
    if obj.face_down:
        raise IllegalAction(
            msg("a face-down permanent can't be turned face down (CR 708.2b)"), "708.2b"
        )
    if obj.back is not None:
        raise IllegalAction(
            msg("a double-faced permanent can't be turned face down (CR 712.16)"), "712.16"
        )
    part = split(ctx.state, obj, count)
    part.face_down = True
    ctx.event(
        "turned_face_down",
        msg(
            "{stack} turned face down: a nameless 2/2 creature (CR 708.2a)",
            stack=times(count, part.current.name),
        ),
        "708.2a",
        object=part.id,
        count=count,
    )


def turn_face_up(ctx: MtgContext, action: JsonDict) -> None:
    obj, count = params.target(ctx, action)
    present(obj)
    if not obj.face_down:
        raise IllegalAction(msg("{current} is not face down", current=obj.current.name), "708.7")
    part = split(ctx.state, obj, count)
    part.face_down = False
    ctx.event(
        "turned_face_up",
        plural(
            "{n} face-down permanent turned face up: {current} (CR 708.8)",
            "{n} face-down permanents turned face up: {current} (CR 708.8)",
            n=count,
            current=part.current.name,
        ),
        "708.8",
        object=part.id,
        count=count,
    )


def grant(ctx: MtgContext, action: JsonDict) -> None:
    """Layer 6 (613.1f): the permanents gain or lose keywords, until end of turn (514.2) or
    for as long as they stay on the battlefield."""
    made = grants.changes(action)
    obj, count = params.target(ctx, action)
    part = split(ctx.state, present(obj), count)
    grants.grant_to(ctx, part, made, name_of(part), "613.1f", cite_cr=True)
