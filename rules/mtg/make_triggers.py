"""Compiled token-making triggered abilities that fire by themselves (CR 603.2): "when this
enters" (603.6a), "when this dies" (603.6c, 603.10a: it looks back in time), "whenever this
attacks" (508.1m), "at the beginning of your upkeep" (503.1a) and "at the beginning of [your /
each] end step" (513.1a). Each object of a stack triggers on its own; the kernel has no stack,
so a triggered ability resolves as soon as the state-based actions are done (603.3)."""

from __future__ import annotations

from rules.effects import TokenFilter
from rules.mtg import make_data
from rules.mtg.create import EnterTrigger
from rules.mtg.layers import visible_face
from rules.mtg.make import Source, run
from rules.mtg.make_data import MakeTrigger
from rules.mtg.records import MtgContext, MtgObject, on_battlefield
from rules.mtg.status import name_of
from rules.mtg.triggers import dies_trigger_times
from rules.text import plural


def has(obj: MtgObject, when: str) -> bool:
    return not obj.face_down and any(
        e.get("fires") and e.get("when") == when for e in make_data.entries(visible_face(obj))
    )


def fire(
    ctx: MtgContext,
    obj: MtgObject,
    when: str,
    count: int | None = None,
    only: int | None = None,
) -> bool:
    """Resolve ``obj``'s compiled abilities that trigger on ``when`` (``only``: just that entry),
    once per object of the stack (``count``: how many times they triggered)."""
    fired = False
    face = visible_face(obj)
    for index, entry in enumerate(make_data.entries(face)):
        if not entry.get("fires") or entry.get("when") != when or not entry.get("automated"):
            continue
        if only is not None and index != only:
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
            plural(
                "{name}: {trigger} triggers (CR 603.2)",
                "{name}: {trigger} triggers {n} times (CR 603.2)",
                n=n,
                name=name_of(obj),
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
    """Permanents that entered (cards put onto the battlefield, tokens created: a copy of a card
    has its abilities, 707.2): their own "when this enters" abilities, then the "whenever a
    [land] you control enters" abilities of the permanents that see them."""
    entered: list[tuple[MtgObject, int]] = []
    for trigger in triggers:
        if isinstance(trigger, MakeTrigger):
            obj, count = ctx.state.objects.get(trigger.object), trigger.count
        elif isinstance(trigger, EnterTrigger):
            obj, count = ctx.state.objects.get(trigger.object.id), trigger.count
        else:
            continue
        if obj is not None and obj.zone == "battlefield":
            entered.append((obj, count))
    fired = False
    for obj, count in entered:
        if has(obj, "enters"):
            fired |= fire(ctx, obj, "enters", min(count, obj.count))
    if not entered:
        return fired
    for watcher in on_battlefield(ctx.state):
        if watcher.face_down:
            continue
        for index, entry in enumerate(make_data.entries(visible_face(watcher))):
            event = (entry.get("effect") or {}).get("event") or {}
            if not entry.get("fires") or event.get("kind") != "enters":
                continue
            seen = sum(c for o, c in entered if _sees(watcher, event, o))
            if seen:
                fired |= fire(ctx, watcher, "trigger", watcher.count * seen, only=index)
    return fired


def _sees(watcher: MtgObject, event: dict[str, object], obj: MtgObject) -> bool:
    """ "Whenever a [filter] you control enters" / "another": what entered, as it is now."""
    if obj.controller != watcher.controller or (event.get("other") and obj.id == watcher.id):
        return False
    face = visible_face(obj)
    types = [str(t) for t in event.get("types") or []]  # type: ignore[attr-defined]
    subtypes = [str(t) for t in event.get("subtypes") or []]  # type: ignore[attr-defined]
    token = event.get("token")
    wanted = TokenFilter(tuple(types), tuple(subtypes), token if isinstance(token, bool) else None)
    return wanted.matches(face.types, face.subtypes, obj.token)


def dies(ctx: MtgContext, died: list[tuple[MtgObject, int]]) -> bool:
    """ "When this dies": as the object last existed on the battlefield (603.10a)."""
    fired = False
    for obj, count in died:
        if has(obj, "dies"):
            times_ = dies_trigger_times(ctx, obj, died) if "Creature" in obj.face.types else 1
            fired |= fire(ctx, obj, "dies", count * times_)
    return fired


def beginning_of(ctx: MtgContext, when: str) -> bool:
    """Upkeep (only its controller's), end step and "at the beginning of combat on your turn"
    abilities of the permanents on the battlefield as the step begins."""
    fired = False
    for obj in on_battlefield(ctx.state):
        if when in ("upkeep", "beginning_of_combat") and obj.controller != ctx.state.active_seat:
            continue
        if when != "beginning_of_combat":
            if has(obj, when):
                fired |= fire(ctx, obj, when)
            continue
        for index, entry in enumerate(make_data.entries(visible_face(obj))):
            event = (entry.get("effect") or {}).get("event") or {}
            if entry.get("fires") and event.get("step") == when:
                fired |= fire(ctx, obj, "trigger", only=index)
    return fired
