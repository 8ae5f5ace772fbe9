"""Declaring attackers and blockers (CR 506-509) with stacks.

An attacking stack attacks one thing: a seat (int) or a planeswalker or battle (its id, 508.1b).
A blocker stack of n blocking an attacker stack of m means each of the n blocks one of the m and
each of the m is blocked by n/m of them (``block`` keeps n a multiple of m), so "3 Spiders block 3
of 200 Goblins" is two attacker stacks and one blocker stack, never 200 objects.

Blocks are declared one ``block`` action at a time, but the declaration as a whole is what the
rules judge (509.1b-c): menace ("can't be blocked except by two or more", 702.111b) can only be
broken by a declaration that is finished, so it is checked when the declare blockers step ends
(``check_blocks``), and that step can't end while a menace creature is blocked by one creature;
the player adds a blocker or undoes the block.
"""

from __future__ import annotations

from play.rules.context import times
from play.rules.errors import IllegalAction, InvalidAction
from play.rules.mtg import params
from play.rules.mtg.layers import Computed, compute_one
from play.rules.mtg.records import MtgContext, MtgObject, MtgState, on_battlefield
from play.rules.mtg.replacement import put_counters
from play.rules.mtg.status import name_of, present
from play.rules.mtg.triggers import attack_scry
from play.rules.stacks import split
from play.rules.text import msg

JsonDict = params.JsonDict
Defender = int | str
"""A seat, or the id of the planeswalker or battle attacked."""

CANT_ATTACK = ("can't attack", "can't attack or block")
CANT_BLOCK = ("can't block", "can't attack or block")
UNBLOCKABLE = "can't be blocked"
EXTRA_BLOCK = "can block an additional creature each combat"
ANY_NUMBER = "can block any number of creatures"


def has_any(computed: Computed, keywords: tuple[str, ...]) -> bool:
    return any(computed.has(k) for k in keywords)


def defender_name(state: MtgState, defender: Defender) -> str:
    if isinstance(defender, int):
        return state.seat(defender).name
    obj = state.objects.get(defender)
    return name_of(obj) if obj is not None else "a permanent that left the battlefield"


def defending_player(state: MtgState, defender: Defender) -> int | None:
    """The player an attack is against: the seat, or the planeswalker's controller (506.2)."""
    if isinstance(defender, int):
        return defender
    obj = state.objects.get(defender)
    return obj.controller if obj is not None and obj.zone == "battlefield" else None


def attackers(state: MtgState) -> list[MtgObject]:
    return [o for o in on_battlefield(state) if o.attacking is not None]


def blockers_of(state: MtgState, attacker: MtgObject) -> list[MtgObject]:
    return [o for o in on_battlefield(state) if attacker.id in o.blocking]


def parse_defender(ctx: MtgContext, value: object) -> Defender | None:
    """``{"seat": n}``, ``{"object": id}`` or a bare seat number; None when not given."""
    if value is None:
        return None
    if isinstance(value, dict):
        if set(value) == {"seat"}:
            return params.seat(ctx, value, "seat")
        if set(value) == {"object"}:
            ctx.get(value["object"])
            return str(value["object"])
        raise InvalidAction('defender must be {"seat": n} or {"object": "<id>"}')
    return params.seat(ctx, {"defender": value}, "defender")


def check_defender(ctx: MtgContext, attacker_seat: int, defender: Defender) -> None:
    """506.3, 508.1b: an opponent still in the game, a planeswalker an opponent controls, or a
    battle. (Who protects a battle isn't tracked, so any battle can be named.)"""
    state = ctx.state
    if isinstance(defender, int):
        if defender == attacker_seat:
            raise IllegalAction(msg("a player can't attack themselves"), "506.2")
        if state.seat(defender).lost:
            raise IllegalAction(
                msg("{seat} has left the game", seat=state.seat(defender).name), "800.4a"
            )
        return
    obj = present(ctx.get(defender))
    types = compute_one(state, obj).face.types
    if obj.zone != "battlefield" or not ("Planeswalker" in types or "Battle" in types):
        raise IllegalAction(
            f"{name_of(obj)} is neither a planeswalker nor a battle; only a player, a "
            "planeswalker or a battle can be attacked (CR 506.3)",
            "506.3",
        )
    if "Planeswalker" in types and obj.controller == attacker_seat:
        raise IllegalAction(
            f"{name_of(obj)} is controlled by the attacking player; only an opponent's "
            "planeswalker can be attacked (CR 508.1b)",
            "508.1b",
        )


def _default_defender(state: MtgState) -> int:
    """With one opponent left, it is the defender (506.2); with several, the player names one."""
    opponents = [
        i for i in range(len(state.seats)) if i != state.active_seat and not state.seats[i].lost
    ]
    if len(opponents) != 1:
        raise InvalidAction('name the defender: {"seat": n} or {"object": id} (508.1b)')
    return opponents[0]


def attack(ctx: MtgContext, action: JsonDict) -> None:
    """Declare attackers (508.1a): in the declare attackers step, by the active player, untapped
    creatures they have controlled since the turn began or with haste (302.6), not "can't
    attack" nor defender (702.3b); attacking taps them unless they have vigilance (508.1f)."""
    state = ctx.state
    obj, count = params.target(ctx, action)
    present(obj)
    if state.step != "declare_attackers":
        raise IllegalAction(msg("attackers are declared in the declare attackers step"), "508.1")
    computed = compute_one(state, obj)
    if obj.controller != state.active_seat:
        raise IllegalAction(msg("only the active player declares attackers"), "508.1a")
    if not computed.is_creature:
        raise IllegalAction(
            msg("{name} isn't a creature; only creatures attack", name=name_of(obj)), "506.3"
        )
    if obj.tapped or obj.attacking is not None:
        raise IllegalAction(
            msg("{name} is tapped or already attacking", name=name_of(obj)), "508.1a"
        )
    if computed.has("Defender"):
        raise IllegalAction(
            msg("{name} has defender, so it can't attack", name=name_of(obj)), "702.3b"
        )
    if has_any(computed, CANT_ATTACK):
        raise IllegalAction(f"{name_of(obj)} can't attack (a restriction, CR 508.1c)", "508.1c")
    if obj.summoning_sick and not computed.has("Haste"):
        raise IllegalAction(
            msg(
                "{name} hasn't been under its controller's control continuously since their "
                "most recent turn began (CR 302.6)",
                name=name_of(obj),
            ),
            "302.6",
        )
    defender = parse_defender(ctx, action.get("defender"))
    if defender is None:
        defender = _default_defender(state)
    check_defender(ctx, obj.controller, defender)
    required = obj.must_attack
    if required is not None and required != defender and not state.seat(required).lost:
        raise IllegalAction(
            f"{name_of(obj)} attacks {state.seat(required).name} this turn if able "
            "(CR 508.1d, 702.141a)",
            "508.1d",
        )
    part = split(state, obj, count)
    part.attacking = defender
    if not computed.has("Vigilance"):
        part.tapped = True
    where: JsonDict = {"seat": defender} if isinstance(defender, int) else {"object": defender}
    ctx.event(
        "attacked",
        f"{times(count, name_of(part))} attacked {defender_name(state, defender)} (CR 508.1)",
        "508.1",
        object=part.id,
        count=count,
        defender=where,
    )
    _attack_triggers(ctx, part)
    if computed.has("Decayed"):
        # 702.147a: "When this creature attacks, sacrifice it at end of combat."
        part.leaves_at = "end_of_combat:sacrifice"
        part.leaves_by = part.controller  # the attacking player's triggered ability
        ctx.event(
            "decayed",
            f"Decayed: {times(count, name_of(part))} will be sacrificed at end of combat "
            "(CR 702.147a)",
            "702.147a",
            object=part.id,
            count=count,
        )


def _able_to_attack(state: MtgState, obj: MtgObject) -> bool:
    if obj.zone != "battlefield" or obj.phased_out or obj.tapped or obj.attacking is not None:
        return False
    computed = compute_one(state, obj)
    if not computed.is_creature or computed.has("Defender") or has_any(computed, CANT_ATTACK):
        return False
    return not obj.summoning_sick or computed.has("Haste")


def check_attack_requirements(ctx: MtgContext) -> None:
    """508.1d: a creature that "attacks that player this turn if able" (encore, 702.141a) and
    could attack must have been declared as an attacker before the step ends."""
    state = ctx.state
    for obj in state.objects.values():
        seat = obj.must_attack
        if seat is None or obj.controller != state.active_seat or state.seat(seat).lost:
            continue
        if _able_to_attack(state, obj):
            raise IllegalAction(
                f"{name_of(obj)} must attack {state.seat(seat).name} this turn if able; "
                "declare it as an attacker first (CR 508.1d, 702.141a)",
                "508.1d",
            )


def _block_limit(computed: Computed) -> int | None:
    """How many attackers one creature may block (509.1a; more by an ability, 509.1b)."""
    if computed.has(ANY_NUMBER):
        return None
    return 1 + sum(1 for k in computed.keywords if k.lower() == EXTRA_BLOCK)


def _check_blocker(ctx: MtgContext, obj: MtgObject, attacker: MtgObject) -> None:
    state = ctx.state
    defender = attacker.attacking
    if defender is None:
        raise IllegalAction(f"{name_of(attacker)} isn't an attacking creature", "509.1a")
    if obj.controller != defending_player(state, defender):
        raise IllegalAction(
            f"only the player {name_of(attacker)} attacks (or whose planeswalker or battle it "
            "attacks) can block it",
            "509.1a",
        )
    computed = compute_one(state, obj)
    if not computed.is_creature:
        raise IllegalAction(f"{name_of(obj)} isn't a creature; only creatures block", "509.1a")
    if obj.tapped:
        raise IllegalAction(f"{name_of(obj)} is tapped; only untapped creatures block", "509.1a")
    if attacker.id in obj.blocking:
        raise IllegalAction(f"{name_of(obj)} already blocks {name_of(attacker)}", "509.1a")
    limit = _block_limit(computed)
    if limit is not None and len(obj.blocking) >= limit:
        raise IllegalAction(
            f"{name_of(obj)} already blocks as many creatures as it can (CR 509.1a)", "509.1a"
        )
    if computed.has("Decayed"):
        raise IllegalAction(
            f"{name_of(obj)} has decayed: this creature can't block (CR 702.147a)", "702.147a"
        )
    if has_any(computed, CANT_BLOCK):
        raise IllegalAction(f"{name_of(obj)} can't block (a restriction, CR 509.1b)", "509.1b")
    evasive = compute_one(state, attacker)
    if evasive.has(UNBLOCKABLE):
        raise IllegalAction(f"{name_of(attacker)} can't be blocked (CR 509.1b)", "509.1b")
    if evasive.has("Flying") and not (computed.has("Flying") or computed.has("Reach")):
        raise IllegalAction(
            f"{name_of(attacker)} has flying: only creatures with flying or reach can block it",
            "702.9b",
        )


def split_attacker(state: MtgState, attacker: MtgObject, count: int) -> MtgObject:
    """``count`` creatures of an attacking stack as a stack of their own, taking along the
    blockers that block them (each keeps blocking as many of them per creature as before)."""
    whole = attacker.count
    part = split(state, attacker, count)
    if part is attacker:
        return part
    for blocker in blockers_of(state, attacker):
        if blocker.blocking != (attacker.id,):
            continue  # a creature blocking several attackers is declared alone (count 1)
        share = blocker.count * count // whole
        if share == 0:
            continue
        moved = blocker if share >= blocker.count else split(state, blocker, share)
        moved.blocking = (part.id,)
    return part


def block(ctx: MtgContext, action: JsonDict) -> None:
    """Declare blockers (509.1a): ``count`` untapped creatures of the defending player block
    ``blocked`` creatures of an attacking stack (default: one each). Restrictions are checked per
    blocker (509.1b): flying (702.9b), "can't block", decayed (702.147a), "can't be blocked";
    menace is judged when the declaration ends (``check_blocks``)."""
    state = ctx.state
    obj, count = params.target(ctx, action)
    present(obj)
    attacker = present(ctx.get(action.get("attacker")))
    if state.step != "declare_blockers":
        raise IllegalAction("blockers are declared in the declare blockers step", "509.1")
    blocked = params.integer(action, "blocked", count, minimum=1)
    if blocked > count:
        raise InvalidAction("blocked can't exceed count: each blocker blocks one creature")
    if blocked > attacker.count:
        raise InvalidAction(f"the attacking stack holds only {attacker.count}")
    if count % blocked:
        raise InvalidAction(
            f"{count} blockers can't be shared evenly by {blocked} attackers; declare them in "
            "several block actions"
        )
    _check_blocker(ctx, obj, attacker)
    if obj.blocking and (
        count != 1
        or blocked != 1
        or any(a in state.objects and state.objects[a].count != 1 for a in obj.blocking)
    ):
        raise InvalidAction(
            "a creature blocking an additional attacker is declared alone (count 1), and each "
            "creature it blocks is a stack of its own"
        )
    target = split_attacker(state, attacker, blocked)
    part = split(state, obj, count)
    part.blocking = (*part.blocking, target.id)
    target.blocked = True
    ctx.event(
        "blocked",
        f"{times(count, name_of(part))} blocked {times(blocked, name_of(target))} (CR 509.1a)",
        "509.1a",
        object=part.id,
        count=count,
        attacker=target.id,
        blocked=blocked,
    )


def blockers_per_attacker(state: MtgState, attacker: MtgObject) -> int:
    """How many creatures block each creature of an attacking stack (a whole number as declared;
    fewer once some blockers left combat)."""
    return sum(b.count for b in blockers_of(state, attacker)) // attacker.count


def check_blocks(ctx: MtgContext) -> None:
    """702.111b: a creature with menace can't be blocked except by two or more creatures. The
    declaration is judged as a whole (509.1b), so when it ends."""
    state = ctx.state
    for attacker in attackers(state):
        if not attacker.blocked or not compute_one(state, attacker).has("Menace"):
            continue
        if blockers_per_attacker(state, attacker) < 2:
            raise IllegalAction(
                f"{name_of(attacker)} has menace: it can't be blocked except by two or more "
                "creatures; add a blocker or undo the block (CR 702.111b, 509.1b)",
                "702.111b",
            )


def _attack_triggers(ctx: MtgContext, obj: MtgObject) -> None:
    """Young Hero Role: "Whenever this creature attacks, if its toughness is 3 or less, put a
    +1/+1 counter on it" (111.10r, intervening if 603.4); Sorcerer Role: scry (111.10n)."""
    state = ctx.state
    for aura in on_battlefield(state):
        if aura.attached_to != obj.id:
            continue
        for effect in aura.current.effects:
            limit = effect.attack_counter_max_toughness
            if effect.kind == "aura" and effect.attack_scry:
                attack_scry(ctx, aura, obj, effect.attack_scry)
            if effect.kind != "aura" or limit is None:
                continue
            for _ in range(aura.count):
                toughness = compute_one(state, obj).toughness
                if toughness is None or toughness > limit:
                    break  # the intervening "if" fails for every later one too (603.4)
                amount = put_counters(ctx, obj, "+1/+1", 1, as_token=obj.token)
                ctx.event(
                    "counters_added",
                    f"{aura.current.name}: put {amount} +1/+1 "
                    f"counter(s) on {name_of(obj)} (CR 111.10r, 603.4)",
                    "603.4",
                    object=obj.id,
                    count=obj.count,
                    kind="+1/+1",
                    amount=amount,
                )
