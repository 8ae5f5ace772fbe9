"""Replacement effects on creating tokens and putting counters (CR 614, 616).

Each effect applies at most once to an event (614.5). When several apply, the affected player
chooses which to apply next (616.1e-f); they are asked only when the orders lead to different
results. Several copies of one permanent are several identical effects, so a stack of
Doubling Seasons needs no question.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from rules.effects import Effect
from rules.mtg.records import MtgContext, MtgObject, MtgState
from rules.state import MAX_COUNT
from rules.text import msg, plural, word

E = TypeVar("E", bound=Hashable)


@dataclass(frozen=True)
class Instance:
    """One replacement effect, counted as many times as its source stack holds objects."""

    effect: Effect
    source_id: str
    source_name: str
    times: int


Applies = Callable[[Effect, E], bool]
ApplyFn = Callable[[Effect, E], E]


def instances(state: MtgState, kinds: tuple[str, ...], affected: int) -> list[Instance]:
    """Replacement effects of phased-in permanents that affect ``affected`` (616.1: the affected
    player's own effects when they say "you")."""
    found: dict[tuple[Effect, str], Instance] = {}
    for obj in state.effect_sources():
        if obj.face_down:
            continue
        for effect in obj.current.effects:
            if effect.kind in kinds and _reaches(obj, effect, affected):
                key = (effect, obj.current.name)
                old = found.get(key)
                times = obj.count + (old.times if old else 0)
                source = old.source_id if old else obj.id
                found[key] = Instance(effect, source, obj.current.name, times)
    return list(found.values())


def _reaches(source: MtgObject, effect: Effect, affected: int) -> bool:
    if effect.whose == "any":
        return True
    return (source.controller == affected) == (effect.whose == "you")


MULTIPLIERS = ("token_multiplier", "counter_multiplier")
EXTRAS = ("token_extra", "counter_extra")
_EXACT_LIMIT = 12
"""Up to this many effects every interleaving is offered; beyond it identical copies of one
effect are applied together (a simplification for huge stacks of replacement effects)."""
ApplyManyFn = Callable[[Effect, E, int], E | None]


def repeat(
    effect: Effect,
    event: E,
    times: int,
    applies: Applies[E],
    apply_one: ApplyFn[E],
    size: Callable[[E], int],
    ceiling: int,
    apply_many: ApplyManyFn[E] | None = None,
) -> tuple[E, int]:
    """Apply ``times`` identical copies of ``effect`` one after another (each applies once,
    614.5), in time independent of ``times``: an additive effect in closed form (``apply_many``:
    N Xorns add N Treasures), any other one until it no longer applies, stops changing the event
    or makes it larger than ``ceiling`` (past it every further copy only multiplies what can't
    be created anyway). Returns the event and how many copies applied."""
    if times > 1 and apply_many is not None and applies(effect, event):
        many = apply_many(effect, event, times)
        if many is not None:
            return many, times
    used = 0
    while used < times and applies(effect, event):
        after = apply_one(effect, event)
        used += 1
        if after == event:
            return after, times  # every further copy gives the same event
        event = after
        if size(event) > ceiling:
            return event, times
    return event, used


def apply_in_order(
    ctx: MtgContext,
    seat: int,
    what: str,
    replaces: str,
    event: E,
    effects: list[Instance],
    applies: Applies[E],
    apply_one: ApplyFn[E],
    size: Callable[[E], int],
    ceiling: int = MAX_COUNT,
    apply_many: ApplyManyFn[E] | None = None,
    final: Callable[[E], E] | None = None,
) -> E:
    """Apply every applicable effect once, in the order the affected player chooses (616.1).

    Each application is logged with the running number (`size` of the event before and after),
    so players read "1 -> 2 -> 4" the way the rules got there; ``replaces`` ("tokens",
    "counters") says which kind of event it is, for pages that summarise it. Identical copies
    of one effect (a stack of Xorns) apply as one group (``repeat``), so a billion of them cost
    what one does. Orders are told apart by ``final`` (what would really happen, e.g. counts
    capped to what the table holds): the player is asked only between orders that end
    differently, so no question leads to an option that can't be done.
    """
    settled: Callable[[E], E] = final or (lambda event: event)
    if all(i.effect.kind in MULTIPLIERS for i in effects):
        return _apply_commuting(
            ctx, (what, replaces), event, effects, applies, apply_one, size, ceiling, apply_many
        )
    grouped = sum(i.times for i in effects) > _EXACT_LIMIT
    remaining = {i: 1 if grouped else inst.times for i, inst in enumerate(effects)}

    def unit(index: int, current: E) -> E:
        times = effects[index].times if grouped else 1
        effect = effects[index].effect
        return repeat(effect, current, times, applies, apply_one, size, ceiling, apply_many)[0]

    @lru_cache(maxsize=4096)
    def outcomes(current: E, left: tuple[int, ...]) -> frozenset[E]:
        options = [i for i, n in enumerate(left) if n and applies(effects[i].effect, current)]
        result: frozenset[E] = frozenset() if options else frozenset([settled(current)])
        for i in options:
            result |= outcomes(unit(i, current), _used(left, i))
        return result

    while True:
        left = tuple(remaining[i] for i in range(len(effects)))
        options = [i for i, n in enumerate(left) if n and applies(effects[i].effect, event)]
        if not options:
            return event
        by_result: dict[frozenset[E], int] = {}
        for i in options:
            by_result.setdefault(outcomes(unit(i, event), _used(left, i)), i)
        choice = options[0]
        if len(by_result) > 1:
            labels = {
                f"{effects[i].source_name} ({effects[i].source_id})": i for i in by_result.values()
            }
            label = ctx.decide(
                "replacement_order",
                seat,
                msg("Choose which replacement effect applies next to {what} (CR 616.1)", what=what),
                list(labels),
                "616.1",
                refers=[effects[i].source_id for i in labels.values()],
            )
            choice = labels[label]
        before = size(event)
        event = unit(choice, event)
        remaining[choice] -= 1
        times = effects[choice].times if grouped else 1
        _applied(ctx, effects[choice], (what, replaces), times, before, size(event))


def _apply_commuting(
    ctx: MtgContext,
    what: tuple[str, str],
    event: E,
    effects: list[Instance],
    applies: Applies[E],
    apply_one: ApplyFn[E],
    size: Callable[[E], int],
    ceiling: int,
    apply_many: ApplyManyFn[E] | None,
) -> E:
    """Multipliers commute, so every order gives the same result and nobody is asked."""
    for inst in effects:
        before = size(event)
        event, used = repeat(
            inst.effect, event, inst.times, applies, apply_one, size, ceiling, apply_many
        )
        if used:
            _applied(ctx, inst, what, used, before, size(event))
    return event


def _applied(
    ctx: MtgContext, inst: Instance, what: tuple[str, str], times: int, before: int, after: int
) -> None:
    """One replacement effect applied ``times`` times, as data a page can render (the effect's
    source and kind, the factor or the number added, the count before and after)."""
    description, replaces = what
    repeated = msg(" {n} times", n=times) if times > 1 else ""
    effect = inst.effect
    ctx.event(
        "replacement_applied",
        msg(
            "{source_name} applied{repeated} to {description}: {before} -> {after} (CR 614.5, "
            "616.1)",
            source_name=inst.source_name,
            repeated=repeated,
            description=description,
            before=before,
            after=after,
        ),
        "616.1",
        source=inst.source_id,
        source_name=inst.source_name,
        effect=effect.kind,
        replaces=replaces,
        times=times,
        factor=effect.factor if effect.kind in MULTIPLIERS else None,
        added=effect.count if effect.kind in EXTRAS else None,
        effect_rule="614.1",  # what makes it a replacement effect; 616.1 orders several
        before=before,
        after=after,
    )


def _used(left: tuple[int, ...], index: int) -> tuple[int, ...]:
    return tuple(n - 1 if i == index else n for i, n in enumerate(left))


def replace_counters(
    ctx: MtgContext,
    state: MtgState,
    target: MtgObject,
    kind: str,
    amount: int,
    as_token: bool,
    by_effect: bool = True,
) -> int:
    """How many counters of ``kind`` are put on ``target`` after counter replacements; counters a
    permanent enters with count too (CR 122.6, 614.1c)."""
    if amount <= 0:
        return amount
    face = target.current
    effects = [
        inst
        for inst in instances(state, ("counter_multiplier", "counter_extra"), target.controller)
        if inst.effect.filter.matches(face.types, face.subtypes, as_token)
        and (by_effect or not inst.effect.only_effects)
    ]

    def applies(effect: Effect, current: int) -> bool:
        return current > 0 and effect.counter in (None, kind)

    def apply_one(effect: Effect, current: int) -> int:
        if effect.kind == "counter_multiplier":
            return current * effect.factor
        return current + effect.count

    def apply_many(effect: Effect, current: int, times: int) -> int | None:
        return current + effect.count * times if effect.kind == "counter_extra" else None

    what = plural(
        "{n} {kind} counter on {name}",
        "{n} {kind} counters on {name}",
        n=amount,
        kind=word(kind),
        name=face.name or msg("a face-down permanent"),
    )
    result = apply_in_order(
        ctx,
        target.controller,
        what,
        "counters",
        amount,
        effects,
        applies,
        apply_one,
        size=lambda n: n,
        apply_many=apply_many,
    )
    return saturate_counters(ctx, target, kind, result)


def saturate_counters(ctx: MtgContext, target: MtgObject, kind: str, amount: int) -> int:
    """A permanent holds at most MAX_COUNT counters of one kind on this site: more
    are capped there, and said, rather than refusing an action the rules allow."""
    room = MAX_COUNT - target.counters.get(kind, 0)
    if amount <= room:
        return amount
    ctx.event(
        "saturated",
        msg(
            "{amount} {kind} counters would be put on {name}; the table tracks at most "
            "{most:,} of one kind on a permanent, so it gets {room} (the rules' result, capped "
            "at what the table can hold)",
            amount=amount,
            kind=word(kind),
            name=target.current.name or msg("a permanent"),
            most=MAX_COUNT,
            room=room,
        ),
        None,
        object=target.id,
        wanted=amount,
        put=room,
    )
    return room


def put_counters(
    ctx: MtgContext,
    target: MtgObject,
    kind: str,
    amount: int,
    as_token: bool,
    by_effect: bool = True,
) -> int:
    """Put ``amount`` counters of ``kind`` on ``target`` through the counter replacements
    (``replace_counters``); returns how many were put. None put leaves no empty entry, so the
    stack still merges with its twins."""
    put = replace_counters(ctx, ctx.state, target, kind, amount, as_token, by_effect)
    if put > 0:
        target.counters[kind] = target.counters.get(kind, 0) + put
    return put
