"""Triggered abilities the kernel resolves from effect data: afterlife (702.135a), "whenever a
[creature, token, ...] dies / enters" drains (``trigger_drain``, Zulaport Cutthroat style) and
the Sorcerer Role's scry on attack (111.10n).

Leaves-the-battlefield triggers look back in time (603.10a): a watcher that died at the same time
as the creature still sees it. Each triggering object triggers once (a stack of n is n events).
"""

from __future__ import annotations

import re

from rules.context import times
from rules.effects import Effect
from rules.mtg.create import Batch, EnterTrigger, create_tokens
from rules.mtg.layers import compute_one, visible_face
from rules.mtg.records import MtgContext, MtgObject, on_battlefield
from rules.mtg.replacement import replace_counters, saturate_counters
from rules.mtg.status import name_of
from rules.state import Face
from rules.text import msg, plural

_AFTERLIFE = re.compile(r"^afterlife\s*(\d+)?$", re.IGNORECASE)
SPIRIT = Face(
    name="Spirit Token",
    types=("Creature",),
    subtypes=("Spirit",),
    colors=("W", "B"),
    power=1,
    toughness=1,
    keywords=("Flying",),
)


def _watchers(ctx: MtgContext, also: list[MtgObject]) -> list[tuple[MtgObject, Effect]]:
    """The "whenever ... dies / enters" abilities, for reading only: static effect sources come
    from the table's caches (``effect_sources``), so a check where nothing died or entered
    doesn't walk the battlefield."""
    sources = [*ctx.state.effect_sources(), *also]
    return [
        (o, e)
        for o in sources
        if not o.face_down
        for e in visible_face(o).effects
        if e.kind in ("trigger_drain", "trigger_counters")
    ]


def _sees(source: MtgObject, effect: Effect, obj: MtgObject) -> bool:
    if effect.whose != "any" and (source.controller == obj.controller) != (effect.whose == "you"):
        return False
    face = visible_face(obj)
    return effect.filter.matches(face.types, face.subtypes, obj.token)


def _drain(ctx: MtgContext, source: MtgObject, effect: Effect, times_: int, why: str) -> None:
    state = ctx.state
    triggers = times_ * source.count
    gained = effect.gain * triggers
    losers = (
        _targets(ctx, source, triggers, why)
        if effect.target_player
        else {i: triggers for i, s in enumerate(state.seats) if i != source.controller}
    )
    for index, n in sorted(losers.items()):
        seat = state.seat(index)
        lost = effect.amount * n
        if seat.lost or not lost:
            continue
        seat.life -= lost
        ctx.event(
            "life_lost",
            msg(
                "{seat} lost {lost} life: {source} ({why}, CR 603.2)",
                seat=seat.name,
                lost=lost,
                source=name_of(source),
                why=why,
            ),
            "603.2",
            seat=index,
            amount=lost,
        )
    if gained:
        state.seat(source.controller).life += gained
        ctx.event(
            "life_changed",
            msg(
                "{seat} gained {gained} life: {source} ({why}, CR 603.2)",
                seat=state.seat(source.controller).name,
                gained=gained,
                source=name_of(source),
                why=why,
            ),
            "603.2",
            seat=source.controller,
            amount=gained,
        )


def _targets(ctx: MtgContext, source: MtgObject, triggers: int, why: str) -> dict[int, int]:
    """Each trigger's target player (115.1, 603.3d), chosen by its controller: a player for
    one trigger, or for all the triggers still to target at once ("(all n)")."""
    state = ctx.state
    players = [(i, s.name) for i, s in enumerate(state.seats) if not s.lost]
    chosen: dict[int, int] = {}
    left = triggers
    while left:
        options = [f"{i}: {name}" for i, name in players]
        if left > 1:
            options += [f"{i}: {name} (all {left})" for i, name in players]
        answer = str(
            ctx.decide(
                "trigger_target",
                source.controller,
                msg(
                    "{source} ({why}): choose the target player of its trigger ({left} to target; "
                    "CR 115.1, 603.3d)",
                    source=name_of(source),
                    why=why,
                    left=left,
                ),
                options,
                "603.3d",
            )
        )
        seat = int(answer.split(":", 1)[0])
        n = left if answer.endswith(f"(all {left})") else 1
        chosen[seat] = chosen.get(seat, 0) + n
        left -= n
    return chosen


def resolve_dies(ctx: MtgContext, died: list[tuple[MtgObject, int]]) -> bool:
    """Afterlife and "whenever ... dies" drains for what died in this check (603.10a)."""
    if not died:
        return False
    resolved = False
    for obj, count in died:
        for keyword in visible_face(obj).keywords:
            match = _AFTERLIFE.match(keyword)
            if match:
                n = int(match.group(1) or 1) * count * dies_trigger_times(ctx, obj, died)
                ctx.event(
                    "afterlife",
                    plural(
                        "Afterlife: {stack} died; its controller creates {n} 1/1 white and black "
                        "Spirit token with flying (CR 702.135a)",
                        "Afterlife: {stack} died; its controller creates {n} 1/1 white and black "
                        "Spirit tokens with flying (CR 702.135a)",
                        n=n,
                        stack=times(count, name_of(obj)),
                    ),
                    "702.135a",
                )
                create_tokens(ctx, obj.controller, [Batch(SPIRIT, None, None, n)])
                resolved = True
    watchers = _watchers(ctx, [o for o, _c in died])
    for source, effect in watchers:
        if effect.event != "dies" or effect.kind != "trigger_drain":
            continue
        seen = sum(
            c * dies_trigger_times(ctx, source, died) if _is_creature(o) else c
            for o, c in died
            if _sees(source, effect, o)
        )
        if seen:
            _drain(ctx, source, effect, seen, f"{seen} died")
            resolved = True
    return resolved


def resolve_enters(ctx: MtgContext, entered: list[EnterTrigger]) -> bool:
    if not entered:
        return False
    resolved = False
    for source, effect in _watchers(ctx, []):
        if effect.event != "enters":
            continue
        seen = sum(t.count for t in entered if _sees(source, effect, t.object))
        if seen and effect.kind == "trigger_counters":
            _counters_on_each(ctx, source, effect, seen * source.count)
            resolved = True
        elif seen:
            _drain(ctx, source, effect, seen, f"{seen} entered")
            resolved = True
    return resolved


def _counters_on_each(ctx: MtgContext, source: MtgObject, effect: Effect, triggers: int) -> None:
    """ "Whenever a creature you control enters, put a +1/+1 counter on each creature you
    control" (Cathars' Crusade): each trigger resolves on its own and meets the same counter
    replacements (614.16), so one answer serves all of them."""
    counter = effect.counter or "+1/+1"
    for obj in on_battlefield(ctx.state):
        if obj.controller != source.controller or not compute_one(ctx.state, obj).is_creature:
            continue
        each = replace_counters(ctx, ctx.state, obj, counter, effect.amount or 1, obj.token)
        put = saturate_counters(ctx, obj, counter, each * triggers)
        if put > 0:
            obj.counters[counter] = obj.counters.get(counter, 0) + put
        ctx.event(
            "counters_added",
            plural(
                "{source}: put {n} {counter} counter on each of {stack} ({triggers} triggers, "
                "CR 603.2)",
                "{source}: put {n} {counter} counters on each of {stack} ({triggers} "
                "triggers, CR 603.2)",
                n=put,
                source=name_of(source),
                counter=counter,
                stack=times(obj.count, name_of(obj)),
                triggers=triggers,
            ),
            "603.2",
            object=obj.id,
            kind=counter,
            amount=put,
        )


def _is_creature(obj: MtgObject) -> bool:
    return "Creature" in visible_face(obj).types


def dies_trigger_times(
    ctx: MtgContext, source: MtgObject, died: list[tuple[MtgObject, int]]
) -> int:
    """How many times an ability of a permanent ``source``'s controller controls triggers on a
    creature dying: once, plus once for each "that ability triggers an additional time" effect
    that player has (Teysa Karlov, 603.2d), looking back in time at what died with it
    (603.10a)."""
    extra = sum(
        o.count
        for o in [*ctx.state.effect_sources(), *(d for d, _c in died)]
        if o.controller == source.controller
        and not o.face_down
        and any(e.kind == "dies_trigger_extra" for e in visible_face(o).effects)
    )
    return 1 + extra


def attack_scry(ctx: MtgContext, aura: MtgObject, obj: MtgObject, amount: int) -> None:
    """Sorcerer Role (111.10n): "Whenever this creature attacks, scry N" (701.22): the library is
    a count here, so the player scries by hand and the log says so."""
    n = amount * aura.count * obj.count
    ctx.event(
        "scry",
        msg(
            "{current}: {seat} scries {n_} as {stack} attacked (CR 701.22, 111.10n)",
            current=aura.current.name,
            seat=ctx.state.seat(obj.controller).name,
            n_=n,
            stack=times(obj.count, name_of(obj)),
        ),
        "701.22",
        seat=obj.controller,
        amount=n,
    )
