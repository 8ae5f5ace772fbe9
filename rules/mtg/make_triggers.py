"""Compiled token-making triggered abilities that fire by themselves (CR 603.2): "when this
enters" (603.6a), "when this dies" (603.6c, 603.10a: it looks back in time), "whenever this
attacks" (508.1m), "at the beginning of your upkeep" (503.1a) and "at the beginning of [your /
each] end step" (513.1a). Each object of a stack triggers on its own; the kernel has no stack,
so a triggered ability resolves as soon as the state-based actions are done (603.3)."""

from __future__ import annotations

from rules.context import times
from rules.mtg import make_data
from rules.mtg.create import EnterTrigger
from rules.mtg.layers import visible_face
from rules.mtg.make import Source, run
from rules.mtg.make_data import MakeTrigger
from rules.mtg.records import MtgContext, MtgObject, on_battlefield
from rules.mtg.status import name_of
from rules.text import msg


def has(obj: MtgObject, when: str) -> bool:
    return not obj.face_down and any(
        e.get("fires") and e.get("when") == when for e in make_data.entries(visible_face(obj))
    )


def fire(ctx: MtgContext, obj: MtgObject, when: str, count: int | None = None) -> bool:
    """Resolve ``obj``'s compiled abilities that trigger on ``when``, once per object of the
    stack (``count``: how many of it saw the event)."""
    fired = False
    face = visible_face(obj)
    for entry in make_data.entries(face):
        if not entry.get("fires") or entry.get("when") != when or not entry.get("automated"):
            continue
        if when == "end_step" and not _this_end_step(ctx, obj, entry):
            continue
        effect = entry.get("effect") or {}
        if when == "dies" and effect.get("keyword") == "afterlife" and _has_afterlife(face):
            continue  # the keyword itself triggers (rules/mtg/triggers.py)
        make_data.check_entry(entry)
        n = obj.count if count is None else count
        ctx.event(
            "triggered",
            msg(
                "{stack}: {trigger} triggers (CR 603.2)",
                stack=times(n, name_of(obj)),
                trigger=entry.get("trigger") or entry.get("text") or "",
            ),
            "603.2",
            object=obj.id,
            count=n,
        )
        source = Source(face, obj.controller, obj, None)
        for _ in range(n):
            run(ctx, source, entry, None, None)
        fired = True
    return fired


def _has_afterlife(face: object) -> bool:
    keywords = getattr(face, "keywords", ())
    return any(k.lower().startswith("afterlife") for k in keywords)


def _this_end_step(ctx: MtgContext, obj: MtgObject, entry: dict[str, object]) -> bool:
    """ "your end step" only on its controller's turn; "each end step" / "the end step" on
    every turn."""
    trigger = str(entry.get("trigger") or "").lower()
    return "your" not in trigger or ctx.state.active_seat == obj.controller


def enters(ctx: MtgContext, triggers: list[object]) -> bool:
    """Cards put onto the battlefield and tokens created (a copy of a card has its abilities,
    707.2) whose compiled abilities trigger as they enter."""
    fired = False
    for trigger in triggers:
        if isinstance(trigger, MakeTrigger):
            obj = ctx.state.objects.get(trigger.object)
            if obj is not None and obj.zone == "battlefield":
                fired |= fire(ctx, obj, "enters")
        elif isinstance(trigger, EnterTrigger):
            obj = ctx.state.objects.get(trigger.object.id)
            if obj is not None and obj.zone == "battlefield" and has(obj, "enters"):
                fired |= fire(ctx, obj, "enters", trigger.count)
    return fired


def dies(ctx: MtgContext, died: list[tuple[MtgObject, int]]) -> bool:
    """ "When this dies": as the object last existed on the battlefield (603.10a)."""
    fired = False
    for obj, count in died:
        if has(obj, "dies"):
            fired |= fire(ctx, obj, "dies", count)
    return fired


def beginning_of(ctx: MtgContext, when: str) -> bool:
    """Upkeep (only its controller's) and end step abilities of the permanents on the
    battlefield as the step begins."""
    fired = False
    for obj in on_battlefield(ctx.state):
        if when == "upkeep" and obj.controller != ctx.state.active_seat:
            continue
        if has(obj, when):
            fired |= fire(ctx, obj, when)
    return fired
