"""Destroying (701.8a) and exiling (701.13a) one stack or several at once (``objects``): every
stack named is accepted before any moves, and each is judged as it last existed before any of
them left (603.10a), so simultaneous deaths see each other's triggers."""

from __future__ import annotations

from rules import several
from rules.mtg import params
from rules.mtg.layers import compute_one
from rules.mtg.records import MtgContext, MtgObject
from rules.mtg.status import name_of, present
from rules.mtg.zones import move
from rules.text import msg

JsonDict = params.JsonDict


def _named(ctx: MtgContext, action: JsonDict, on_battlefield: bool) -> list[tuple[MtgObject, int]]:
    """The stacks an action names (``object`` or ``objects``), each refused or accepted before
    any of them moves."""
    return [
        (present(obj), count)
        for obj, count in (
            params.target(ctx, part, on_battlefield) for part in several.each_part(action)
        )
    ]


def destroy(ctx: MtgContext, action: JsonDict) -> None:
    """701.8a: destroyed permanents go to their owner's graveyard; indestructible ones stay.
    Several stacks (``objects``) are destroyed at once: each as it last existed before any of
    them left (603.10a), their deaths seen by each other's triggers."""
    named = _named(ctx, action, on_battlefield=True)
    known = [compute_one(ctx.state, obj) for obj, _count in named]
    for (obj, count), last in zip(named, known, strict=True):
        if last.has("Indestructible"):
            ctx.event(
                "not_destroyed",
                msg("{obj} is indestructible and isn't destroyed (CR 702.12b)", obj=name_of(obj)),
                "702.12b",
                object=obj.id,
            )
            continue
        move(ctx, obj, count, "graveyard", how=msg("was destroyed (CR 701.8a)"), last_known=last)


def exile(ctx: MtgContext, action: JsonDict) -> None:
    """701.13a: exiled objects go to the exile zone from wherever they are; several stacks
    (``objects``) at once, as ``destroy``."""
    named = _named(ctx, action, on_battlefield=False)
    known = [
        compute_one(ctx.state, obj) if obj.zone == "battlefield" else None for obj, _c in named
    ]
    for (obj, count), last in zip(named, known, strict=True):
        move(ctx, obj, count, "exile", how=msg("was exiled (CR 701.13a)"), last_known=last)
