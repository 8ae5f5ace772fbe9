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
from play.rules.mtg.enters import protector_of
from play.rules.mtg.layers import Computed, compute_one
from play.rules.mtg.mana import pay_mana
from play.rules.mtg.records import MtgContext, MtgObject, MtgState, on_battlefield
from play.rules.mtg.replacement import put_counters
from play.rules.mtg.status import name_of, present
from play.rules.mtg.triggers import attack_scry
from play.rules.stacks import split
from play.rules.state import Pump

JsonDict = params.JsonDict
Defender = int | str
"""A seat, or the id of the planeswalker or battle attacked."""

CANT_ATTACK = ("can't attack", "can't attack or block")
CANT_BLOCK = ("can't block", "can't attack or block")
UNBLOCKABLE = "can't be blocked"
EXTRA_BLOCK = "can block an additional creature each combat"
ANY_NUMBER = "can block any number of creatures"
ATTACKS_IF_ABLE = "attacks each combat if able"
MAX_ALSO = 63
"""The most further attacking stacks one ``block`` names (more by further block actions)."""


def has_any(computed: Computed, keywords: tuple[str, ...]) -> bool:
    return any(computed.has(k) for k in keywords)


def defender_name(state: MtgState, defender: Defender) -> str:
    if isinstance(defender, int):
        return state.seat(defender).name
    obj = state.objects.get(defender)
    return name_of(obj) if obj is not None else "a permanent that left the battlefield"


def defending_player(state: MtgState, defender: Defender) -> int | None:
    """The player an attack is against: the seat, the planeswalker's controller, or the
    battle's protector (506.2, 508.5, 310.9d)."""
    if isinstance(defender, int):
        return defender
    obj = state.objects.get(defender)
    if obj is None or obj.zone != "battlefield":
        return None
    if "Battle" in compute_one(state, obj).face.types:
        return protector_of(obj)
    return obj.controller


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
    battle another player protects (310.9b: its protector never attacks it)."""
    state = ctx.state
    if isinstance(defender, int):
        if defender == attacker_seat:
            raise IllegalAction("a player can't attack themselves", "506.2")
        if state.seat(defender).lost:
            raise IllegalAction(f"{state.seat(defender).name} has left the game", "800.4a")
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
    if "Battle" in types and protector_of(obj) == attacker_seat:
        raise IllegalAction(
            f"{name_of(obj)} is protected by the attacking player; a battle's protector can "
            "never attack it (CR 310.9b)",
            "310.9b",
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
        raise IllegalAction("attackers are declared in the declare attackers step", "508.1")
    computed = compute_one(state, obj)
    if obj.controller != state.active_seat:
        raise IllegalAction("only the active player declares attackers", "508.1a")
    if not computed.is_creature:
        raise IllegalAction(f"{name_of(obj)} isn't a creature; only creatures attack", "506.3")
    if obj.tapped or obj.attacking is not None:
        raise IllegalAction(f"{name_of(obj)} is tapped or already attacking", "508.1a")
    if computed.has("Defender"):
        raise IllegalAction(f"{name_of(obj)} has defender, so it can't attack", "702.3b")
    if has_any(computed, CANT_ATTACK):
        raise IllegalAction(f"{name_of(obj)} can't attack (a restriction, CR 508.1c)", "508.1c")
    if obj.summoning_sick and not computed.has("Haste"):
        raise IllegalAction(
            f"{name_of(obj)} hasn't been under its controller's control "
            "continuously since their most recent turn began (CR 302.6)",
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
    _pay_attack_cost(ctx, action, obj, count, defender)
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


def attack_cost(state: MtgState, defender: Defender) -> int:
    """The generic mana it costs to attack ``defender`` with one creature (508.1h): each
    ``attack_cost`` effect of a permanent the attacked player controls ("Creatures can't attack
    you unless their controller pays {2} for each", Ghostly Prison)."""
    if not isinstance(defender, int):
        return 0
    return sum(
        e.amount * source.count
        for source in state.effect_sources()
        if source.controller == defender and not source.face_down and not source.phased_out
        for e in source.current.effects
        if e.kind == "attack_cost"
    )


def _pay_attack_cost(
    ctx: MtgContext, action: JsonDict, obj: MtgObject, count: int, defender: Defender
) -> None:
    each = attack_cost(ctx.state, defender)
    if not each:
        return
    player = ctx.state.seat(obj.controller)
    ctx.event(
        "attack_cost",
        f"{player.name} pays {{{each * count}}} to attack {defender_name(ctx.state, defender)} "
        f"with {times(count, name_of(obj))} (CR 508.1h)",
        "508.1h",
        seat=obj.controller,
        amount=each * count,
    )
    manual = params.mapping(action, "choices").get("paid") == "manual"
    pay_mana(ctx, player, (each, {}), count, manual)


def _attacks_if_able(computed: Computed) -> bool:
    return any(k.lower() == ATTACKS_IF_ABLE for k in computed.keywords)


def _able_to_attack(state: MtgState, obj: MtgObject) -> bool:
    if obj.zone != "battlefield" or obj.phased_out or obj.tapped or obj.attacking is not None:
        return False
    computed = compute_one(state, obj)
    if not computed.is_creature or computed.has("Defender") or has_any(computed, CANT_ATTACK):
        return False
    return not obj.summoning_sick or computed.has("Haste")


def check_attack_requirements(ctx: MtgContext) -> None:
    """508.1d: a creature that "attacks each combat if able" or "attacks that player this turn
    if able" (encore, 702.141a) and could attack must have been declared as an attacker before
    the step ends. Each creature's requirement stands alone (no restriction here ties two
    creatures together), so obeying the most requirements is obeying each that can be; one
    that would cost something to attack is not required to (508.1d)."""
    state = ctx.state
    free = [
        i
        for i in range(len(state.seats))
        if i != state.active_seat and not state.seats[i].lost and not attack_cost(state, i)
    ]
    for obj in on_battlefield(state):
        if (
            obj.controller == state.active_seat
            and obj.attacking is None
            and free
            and _attacks_if_able(compute_one(state, obj))
            and _able_to_attack(state, obj)
        ):
            raise IllegalAction(
                f"{name_of(obj)} attacks each combat if able; declare it as an attacker first "
                "(CR 508.1d)",
                "508.1d",
            )
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
    menace is judged when the declaration ends (``check_blocks``). A creature that can block
    several (509.1a: "can block an additional creature", "any number") names the others in
    ``also``: it blocks one creature of each of those stacks too, in the same declaration (a
    stack named n times: n of its creatures; ``attacker`` itself counts once)."""
    state = ctx.state
    obj, count = params.target(ctx, action)
    present(obj)
    attacker = present(ctx.get(action.get("attacker")))
    if state.step != "declare_blockers":
        raise IllegalAction("blockers are declared in the declare blockers step", "509.1")
    blocked = params.integer(action, "blocked", count, minimum=1)
    also = _also(ctx, action, attacker)
    if blocked > count:
        raise InvalidAction("blocked can't exceed count: each blocker blocks one creature")
    if blocked > attacker.count:
        raise InvalidAction(f"the attacking stack holds only {attacker.count}")
    if count % blocked:
        raise InvalidAction(
            f"{count} blockers can't be shared evenly by {blocked} attackers; declare them in "
            "several block actions"
        )
    if (obj.blocking or also) and (
        count != 1
        or blocked != 1
        or any(a in state.objects and state.objects[a].count != 1 for a in obj.blocking)
    ):
        raise InvalidAction(
            "a creature blocking an additional attacker is declared alone (count 1), and each "
            "creature it blocks is a stack of its own"
        )
    for each in (attacker, *also):
        _block_one(ctx, obj, count, each, blocked)


def _also(ctx: MtgContext, action: JsonDict, attacker: MtgObject) -> list[MtgObject]:
    raw = action.get("also", [])
    if not isinstance(raw, list) or len(raw) > MAX_ALSO:
        raise InvalidAction(f"also must be a list of at most {MAX_ALSO} attacking stack ids")
    # A stack named again blocks one more of its creatures (the first split off keeps none).
    return [present(ctx.get(i)) for i in raw]


def _block_one(
    ctx: MtgContext, obj: MtgObject, count: int, attacker: MtgObject, blocked: int
) -> None:
    state = ctx.state
    _check_blocker(ctx, obj, attacker)
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


def attacks_alone(ctx: MtgContext) -> None:
    """As the declaration of attackers ends: a creature that is the only one declared attacks
    alone (506.5), and each instance of exalted among permanents its controller controls
    triggers: "that creature gets +1/+1 until end of turn" (702.83a-b). Counted per stack, so
    a stack of 500 Exalted Knights is 500 instances in one step."""
    state = ctx.state
    declared = attackers(state)
    if len(declared) != 1 or declared[0].count != 1:
        return
    lone = declared[0]
    ctx.event(
        "attacks_alone",
        f"{name_of(lone)} attacks alone (CR 506.5)",
        "506.5",
        object=lone.id,
    )
    exalted = sum(
        o.count * sum(1 for k in compute_one(state, o).keywords if k.lower() == "exalted")
        for o in on_battlefield(state)
        if o.controller == lone.controller
    )
    if not exalted:
        return
    lone.pumps = (
        *lone.pumps,
        Pump(exalted, exalted, False, "end_of_turn", state.new_timestamp()),
    )
    ctx.event(
        "pumped",
        f"Exalted (x{exalted}): {name_of(lone)} gets +{exalted}/+{exalted} until end of turn "
        "(CR 702.83a)",
        "702.83a",
        object=lone.id,
        count=1,
    )


def blocks_alone(ctx: MtgContext) -> None:
    """As the declaration of blockers ends, a creature that is the only one declared as a
    blocker blocks alone (506.5): told in the log, for the cards that ask."""
    state = ctx.state
    declared = [o for o in on_battlefield(state) if o.blocking]
    if len(declared) == 1 and declared[0].count == 1:
        ctx.event(
            "blocks_alone",
            f"{name_of(declared[0])} blocks alone (CR 506.5)",
            "506.5",
            object=declared[0].id,
        )


COMBAT_STEPS = frozenset(
    {"declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage"}
)


def remove_from_combat(ctx: MtgContext) -> None:
    """506.4: an attacking or blocking permanent that stops being a creature or becomes a
    battle is removed from combat (leaving the battlefield, phasing out and a change of control
    remove it where they happen). Checked after every action of the combat steps: a type
    changes through layers (a reconfigured Equipment attached, 702.151b; an animation ending)."""
    state = ctx.state
    if state.step not in COMBAT_STEPS:
        return
    for obj in [o for o in state.objects.peek_values() if o.attacking is not None or o.blocking]:
        if obj.zone != "battlefield" or obj.phased_out:
            continue
        face = compute_one(state, obj)
        if face.is_creature and "Battle" not in face.face.types:
            continue
        part = state.objects[obj.id]
        part.leave_combat()
        why = "became a battle" if face.is_creature else "stopped being a creature"
        ctx.event(
            "removed_from_combat",
            f"{times(part.count, name_of(part))} {why} and was removed from combat (CR 506.4)",
            "506.4",
            object=part.id,
            count=part.count,
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
