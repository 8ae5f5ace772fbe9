"""The combat damage step (CR 510) as the turn-based action of entering it, with stacks.

Assignment (510.1): an unblocked attacker assigns its damage to what it attacks (510.1b), a
blocked one to its blockers (510.1c; with trample the excess over lethal damage to what it
attacks, 702.19b-d), a blocker to what it blocks (510.1d). A division is asked for only when it
is really the controller's to make: several creatures block (or are blocked) and the power
doesn't simply kill them all. The options offered are the divisions that differ in what they
do: each blocker gets between 0 and lethal damage (702.19b's "lethal", deathtouch 702.2c), and
power left over goes to the first blocker (or, with trample, to the attacked player, 702.19b).

Dealing (510.2): all at once. A stack whose objects are dealt different amounts splits. Damage
to a player is life loss or, from infect, poison counters (120.3a/b, toxic 120.3g); to a
planeswalker it removes loyalty (120.3c), to a battle defense (120.3h); to a creature it is
marked, or with wither/infect it is -1/-1 counters (120.3d). Those counters are put by the
damage result, not by an effect, so replacement effects worded "if an effect would put counters"
(Doubling Season) don't apply to them (614.16), while ones worded "if counters would be put"
(Hardened Scales' kind) do: counter effects with ``only_effects`` are skipped. Lifelink (702.15b)
gains what was dealt. First strike and double strike give a first-strike damage step (510.4).
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field
from typing import Any

from rules.context import times
from rules.errors import IllegalAction
from rules.mtg import division
from rules.mtg.combat import attackers, attacks_nothing, blockers_of
from rules.mtg.layers import Computed, compute_one, visible_face
from rules.mtg.players import (
    add_commander_damage,
    change_player_counters,
    combat_damage_to_player,
)
from rules.mtg.protection import protection_from
from rules.mtg.records import MtgContext, MtgObject, MtgState, on_battlefield
from rules.mtg.replacement import put_counters
from rules.mtg.status import name_of
from rules.stacks import split
from rules.text import msg, plural

_TOXIC = re.compile(r"^toxic (\d+)$", re.IGNORECASE)

JsonDict = dict[str, Any]
Segments = list[tuple[int, int]]
"""(objects, damage to each) along a stack, in order: how one source's damage falls on it."""


@dataclass
class _Incoming:
    """What one target stack is dealt: per source, segments covering the whole stack."""

    by_source: list[tuple[MtgObject, Segments]] = field(default_factory=list)


def strikes_first(state: MtgState) -> bool:
    """510.4: does any attacking or blocking creature have first strike or double strike?"""
    return any(_has_first(compute_one(state, o)) for o in _in_combat(state))


def _has_first(c: Computed) -> bool:
    return c.has("First strike") or c.has("Double strike")


def _in_combat(state: MtgState) -> list[MtgObject]:
    return [o for o in on_battlefield(state) if o.attacking is not None or o.blocking]


def combat_damage_step(ctx: MtgContext, first: bool) -> None:
    """Assign and deal the combat damage of this step (510.1-510.2, 510.4)."""
    state = ctx.state
    for attacker in attackers(state):
        if attacker.blocked:
            _normalize(state, attacker)
    dealing: list[tuple[MtgObject, Computed]] = []
    for obj in _in_combat(state):
        c = compute_one(state, obj)
        if c.pt_unknown:
            raise IllegalAction(
                msg(
                    "{obj}'s power and toughness are * and the kernel can't count them (CR "
                    "604.3): set them (set_pt) before combat damage is dealt",
                    obj=name_of(obj),
                ),
                "604.3",
            )
        if first:
            obj.struck_first = _has_first(c)
            if obj.struck_first:
                dealing.append((obj, c))
        elif not obj.struck_first or c.has("Double strike"):
            dealing.append((obj, c))
    # 702.19b: a trampler's lethal damage counts what other creatures assign the same blocker
    # in this step, so creatures without trample assign first (their damage has nowhere else
    # to go), then the tramplers, each seeing what the ones before it assigned.
    dealing.sort(key=lambda pair: pair[0].attacking is not None and pair[1].has("Trample"))
    incoming: dict[str, _Incoming] = {}
    to_defenders: list[tuple[MtgObject, int | str, int]] = []
    assigned: dict[str, int] = {}
    for obj, c in dealing:
        power = c.power or 0
        if power <= 0 or not c.is_creature:
            continue  # 510.1a: 0 or less assigns no combat damage
        if obj.attacking is not None:
            _assign_attacker(ctx, obj, c, power, incoming, to_defenders, assigned)
        else:
            _assign_blocker(ctx, obj, power, incoming)
    _deal(ctx, incoming, to_defenders)
    if not dealing:
        ctx.event(
            "no_combat_damage", msg("No creature assigns combat damage (CR 510.1a)"), "510.1a"
        )


def _normalize(state: MtgState, attacker: MtgObject) -> None:
    """Make every blocker stack block a whole number of the attacker stack's creatures each, by
    splitting the attacker where blockers left combat (a creature blocked by fewer, or by none,
    stays blocked: 509.1h)."""
    single = [b for b in blockers_of(state, attacker) if b.blocking == (attacker.id,)]
    m = attacker.count
    bounds = sorted({0, m, *(b.count % m for b in single)})
    intervals = list(itertools.pairwise(bounds))
    if len(intervals) <= 1:
        return
    for start, end in reversed(intervals[1:]):
        part = split(state, attacker, end - start)
        part.blocked = True
        for blocker in single:
            each = blocker.count // m + (1 if start < blocker.count % m else 0)
            if each:
                moved = split(state, blocker, each * (end - start))
                moved.blocking = (part.id,)


def _lethal(state: MtgState, target: MtgObject, deathtouch: bool, assigned: int) -> int:
    """Lethal damage (702.19b): toughness minus damage marked and damage other creatures
    already assigned it in this step; any damage, so 1, from deathtouch (702.2c)."""
    c = compute_one(state, target)
    left = max((c.toughness or 0) - target.damage - assigned, 0)
    return min(left, 1) if deathtouch else left


def _problem(
    ctx: MtgContext,
    who: MtgObject,
    power: int,
    slots: list[tuple[MtgObject, int]],
    trample: bool,
    assigned: dict[str, int],
) -> division.Problem:
    state = ctx.state
    deathtouch = compute_one(state, who).has("Deathtouch")
    return division.Problem(
        who.id,
        who.count,
        power,
        tuple(
            division.Slot(
                obj.id,
                name_of(obj),
                each,
                _lethal(state, obj, deathtouch, assigned.get(obj.id, 0)),
                compute_one(state, obj).has("Indestructible"),
            )
            for obj, each in slots
        ),
        trample,
    )


def _divide(
    ctx: MtgContext,
    who: MtgObject,
    problem: division.Problem,
    excess_to: JsonDict | None,
) -> tuple[division.Group, ...]:
    """510.1c-d: the controller divides the damage of each creature of ``who``; asked only
    when divisions differ in what they do (``division.must_ask``)."""
    names = ", ".join(times(s.each * who.count, s.name) for s in problem.slots)
    return ctx.decide_amounts(
        "combat_damage",
        who.controller,
        msg(
            "Divide the combat damage of {stack} ({power} each) among {names} and, with trample, "
            "what it attacks (CR 510.1c-d, 702.19b)",
            stack=times(who.count, name_of(who)),
            power=problem.power,
            names=names,
        )
        if problem.trample
        else msg(
            "Divide the combat damage of {stack} ({power} each) among {names} "
            "(CR 510.1c-d, 702.19b)",
            stack=times(who.count, name_of(who)),
            power=problem.power,
            names=names,
        ),
        division.describe(problem, excess_to),
        division.suggestions(problem),
        ask=division.must_ask(problem),
        accept=lambda answer: division.accept(problem, answer),
        default=division.default(problem),
        rule="510.1c",
    )


def _segments(group_runs: list[tuple[int, division.Runs]], each: int) -> Segments:
    """How a stack of count * each is dealt damage when each creature of a group of ``count``
    assigns ``runs`` to its own ``each`` of them."""
    segments: Segments = []
    for count, runs in group_runs:
        for amount, n in runs:
            segments.append((count * n, amount))
        rest = each - sum(n for _a, n in runs)
        if rest:
            segments.append((count * rest, 0))
    return segments


def _assign_attacker(
    ctx: MtgContext,
    obj: MtgObject,
    c: Computed,
    power: int,
    incoming: dict[str, _Incoming],
    to_defenders: list[tuple[MtgObject, int | str, int]],
    assigned: dict[str, int],
) -> None:
    state = ctx.state
    target = obj.attacking
    assert target is not None
    if not isinstance(target, int):
        attacked = state.objects.get(target)
        if (
            attacks_nothing(state, target)
            or attacked is None
            or attacked.zone != "battlefield"
            or attacked.phased_out
            or not {"Planeswalker", "Battle"} & set(compute_one(state, attacked).face.types)
        ):
            # 506.4, 506.4c: it left, or stopped being a planeswalker or battle, so it was
            # removed from combat: attacking nothing now, unblocked, the creature deals no damage
            target = None
    elif state.seat(target).lost:
        target = None  # 800.4e: no combat damage is assigned to a player who left the game
    if not obj.blocked:
        if target is not None:
            to_defenders.append((obj, target, power * obj.count))
        return
    blockers = blockers_of(state, obj)
    trample = c.has("Trample")
    if not blockers:
        if trample and target is not None:  # 702.19d
            to_defenders.append((obj, target, power * obj.count))
        return
    slots = [(b, b.count // obj.count) for b in blockers]
    problem = _problem(ctx, obj, power, slots, trample and target is not None, assigned)
    excess_to = None if target is None else _defender_json(target)
    groups = _divide(ctx, obj, problem, excess_to)
    for blocker, each in slots:
        runs = [(g.count, g.runs(blocker.id)) for g in groups]
        _add(incoming, blocker, obj, _segments(runs, each))
        if blocker.count == 1:  # blocks several attackers: what later ones find marked
            assigned[blocker.id] = assigned.get(blocker.id, 0) + sum(
                a * n for _count, r in runs for a, n in r
            )
    excess = sum(g.count * g.excess for g in groups)
    if excess and target is not None:
        to_defenders.append((obj, target, excess))


def _defender_json(target: int | str) -> JsonDict:
    return {"seat": target} if isinstance(target, int) else {"object": target}


def _assign_blocker(
    ctx: MtgContext, obj: MtgObject, power: int, incoming: dict[str, _Incoming]
) -> None:
    state = ctx.state
    blocked = [
        a
        for a in (state.objects.get(i) for i in obj.blocking)
        if a is not None and a.zone == "battlefield" and a.attacking is not None
    ]
    if not blocked:
        return  # 510.1d: blocking nothing now, it assigns no damage
    if len(blocked) == 1:
        attacker = blocked[0]
        # Each blocker deals its power to its own attacker: obj.count/attacker.count each.
        _add(incoming, attacker, obj, [(attacker.count, power * obj.count // attacker.count)])
        return
    # 510.1d: a creature blocking several attackers (each a stack of one) divides its damage.
    problem = _problem(ctx, obj, power, [(a, 1) for a in blocked], False, {})
    groups = _divide(ctx, obj, problem, None)
    for attacker in blocked:
        runs = [(g.count, g.runs(attacker.id)) for g in groups]
        _add(incoming, attacker, obj, _segments(runs, attacker.count // obj.count or 1))


def _add(
    incoming: dict[str, _Incoming], target: MtgObject, source: MtgObject, seg: Segments
) -> None:
    covered = sum(n for n, _a in seg)
    if covered < target.count:
        seg = [*seg, (target.count - covered, 0)]
    incoming.setdefault(target.id, _Incoming()).by_source.append((source, seg))


def _refine(a: Segments, b: Segments) -> list[tuple[int, int, int]]:
    """Two segmentations of one stack merged: (objects, from a, from b)."""
    out: list[tuple[int, int, int]] = []
    ia = ib = 0
    la, lb = a[0][0], b[0][0]
    while ia < len(a) and ib < len(b):
        n = min(la, lb)
        out.append((n, a[ia][1], b[ib][1]))
        la -= n
        lb -= n
        if la == 0:
            ia += 1
            la = a[ia][0] if ia < len(a) else 0
        if lb == 0:
            ib += 1
            lb = b[ib][0] if ib < len(b) else 0
    return out


def _deal(
    ctx: MtgContext,
    incoming: dict[str, _Incoming],
    to_defenders: list[tuple[MtgObject, int | str, int]],
) -> None:
    """510.2: all assigned combat damage is dealt at once."""
    state = ctx.state
    sources = {
        s.id: (s, compute_one(state, s)) for inc in incoming.values() for s, _ in inc.by_source
    }
    for source, _t, _a in to_defenders:
        sources[source.id] = (source, compute_one(state, source))
    dealt: dict[str, int] = {}
    plans: list[tuple[MtgObject, list[tuple[int, list[int]]]]] = []
    for target_id, inc in incoming.items():
        target = state.objects[target_id]
        # Per segment of the target stack: the amount from each source, in source order.
        rows: list[tuple[int, list[int]]] = [(target.count, [])]
        for _source, seg in inc.by_source:
            merged = _refine([(n, i) for i, (n, _l) in enumerate(rows)], seg)
            rows = [(n, [*rows[i][1], a]) for n, i, a in merged]
        plans.append((target, rows))
    for target, rows in plans:
        inc = incoming[target.id]
        pieces: list[tuple[MtgObject, list[int]]] = []
        for n, amounts in reversed(rows[1:]):
            pieces.append((split(state, target, n), amounts))
        pieces.append((target, rows[0][1]))
        for piece, amounts in pieces:
            for (source, _seg), amount in zip(inc.by_source, amounts, strict=True):
                if amount > 0:
                    done = _to_object(ctx, source, sources[source.id][1], piece, amount)
                    dealt[source.id] = dealt.get(source.id, 0) + done * piece.count
    for source, defender, amount in to_defenders:
        done = _to_defender(ctx, source, sources[source.id][1], defender, amount)
        dealt[source.id] = dealt.get(source.id, 0) + done
    for source_id, total in dealt.items():
        source, c = sources[source_id]
        if total > 0 and c.has("Lifelink"):
            seat = state.seat(source.controller)
            seat.life += total
            ctx.event(
                "life_changed",
                msg(
                    "{seat} gained {total} life: combat damage from {source}, which has lifelink "
                    "(CR 702.15b)",
                    seat=seat.name,
                    total=total,
                    source=name_of(source),
                ),
                "702.15b",
                seat=source.controller,
                amount=total,
            )


def _to_object(
    ctx: MtgContext, source: MtgObject, c: Computed, target: MtgObject, amount: int
) -> int:
    """Deal ``amount`` to each object of ``target``; returns what each was dealt."""
    state = ctx.state
    tc = compute_one(state, target)
    shield = protection_from(tc.keywords, visible_face(source), target.chosen_color)
    each = times(target.count, name_of(target))
    what = msg(
        "{amount} combat damage from {source} to each of {each}",
        amount=amount,
        source=name_of(source),
        each=each,
    )
    if shield is not None:
        ctx.event(
            "damage_prevented",
            msg("{what} is prevented: {shield} (CR 702.16e)", what=what, shield=shield.lower()),
            "702.16e",
            object=target.id,
            count=target.count,
        )
        return 0
    types = tc.face.types
    if "Planeswalker" in types:
        _lose_counters(target, "loyalty", amount)
    if "Battle" in types:
        _lose_counters(target, "defense", amount)
    if tc.is_creature:
        if c.has("Wither") or c.has("Infect"):
            n = put_counters(ctx, target, "-1/-1", amount, as_token=target.token, by_effect=False)
            ctx.event(
                "damaged",
                plural(
                    "{what}, as {n} -1/-1 counter on each (CR 120.3d)",
                    "{what}, as {n} -1/-1 counters on each (CR 120.3d)",
                    n=n,
                    what=what,
                ),
                "120.3d",
                object=target.id,
                count=target.count,
                amount=amount,
                combat=True,
            )
        else:
            target.damage += amount
            ctx.event(
                "damaged",
                msg("{what} (CR 510.2, 120.3e)", what=what),
                "510.2",
                object=target.id,
                count=target.count,
                amount=amount,
                combat=True,
            )
        if c.has("Deathtouch"):
            ctx.deathtouched.add(target.id)
    else:
        ctx.event(
            "damaged",
            msg("{what} (CR 510.2, 120.3c, 120.3h)", what=what),
            "510.2",
            object=target.id,
            count=target.count,
            amount=amount,
            combat=True,
        )
    return amount


def _lose_counters(target: MtgObject, kind: str, amount: int) -> None:
    if kind in target.counters:
        target.counters[kind] = max(target.counters[kind] - amount, 0)


def _to_defender(
    ctx: MtgContext, source: MtgObject, c: Computed, target: int | str, amount: int
) -> int:
    """An unblocked (or trampling) attacker's damage to the player, planeswalker or battle it
    attacks; ``amount`` is the whole stack's."""
    state = ctx.state
    if not isinstance(target, int):
        # One planeswalker or battle of its stack is attacked (and takes the damage).
        attacked = split(state, state.objects[target], 1)
        return _to_object(ctx, source, c, attacked, amount)
    player = state.seat(target)
    what = msg(
        "{amount} combat damage from {source} to {seat}",
        amount=amount,
        source=times(source.count, name_of(source)),
        seat=player.name,
    )
    if c.has("Infect"):
        change_player_counters(ctx, target, "poison", amount)
        ctx.event(
            "damaged",
            plural(
                "{what}, as {n} poison counter (CR 120.3b)",
                "{what}, as {n} poison counters (CR 120.3b)",
                n=amount,
                what=what,
            ),
            "120.3b",
            seat=target,
            amount=amount,
            combat=True,
        )
    else:
        player.life -= amount
        ctx.event(
            "damaged",
            msg(
                "{what}, who loses that much life (CR 120.3a); life {life}",
                what=what,
                life=player.life,
            ),
            "120.3a",
            seat=target,
            amount=amount,
            combat=True,
        )
    toxic = sum(int(m.group(1)) for k in c.keywords if (m := _TOXIC.match(k)))
    if toxic:
        change_player_counters(ctx, target, "poison", toxic * source.count)
        ctx.event(
            "player_counters_added",
            plural(
                "Toxic: {seat} got {n} poison counter (CR 120.3g)",
                "Toxic: {seat} got {n} poison counters (CR 120.3g)",
                n=toxic * source.count,
                seat=player.name,
            ),
            "120.3g",
            seat=target,
            kind="poison",
            amount=toxic * source.count,
        )
    add_commander_damage(ctx, source, target, amount)
    combat_damage_to_player(ctx, source, target)
    return amount
