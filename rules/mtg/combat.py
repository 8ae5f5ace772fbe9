"""Combat (CR 506-508) with stacks: what is attacked, declaring attackers, their requirements
and costs, attacking alone, and removal from combat; blockers are ``blocking``.

An attacking stack attacks one thing: a seat (int) or a planeswalker or battle (its id, 508.1b).
"""

from __future__ import annotations

from rules.context import times
from rules.errors import IllegalAction, InvalidAction
from rules.mtg import params
from rules.mtg.enters import protector_of
from rules.mtg.layers import Computed, compute_one
from rules.mtg.mana import pay_mana
from rules.mtg.records import MtgContext, MtgObject, MtgState, on_battlefield
from rules.mtg.replacement import put_counters
from rules.mtg.status import name_of, present
from rules.mtg.triggers import attack_scry
from rules.stacks import split
from rules.state import Pump
from rules.text import msg, plural

JsonDict = params.JsonDict
Defender = int | str
"""A seat, or the id of the planeswalker or battle attacked."""

CANT_ATTACK = ("can't attack", "can't attack or block")
CANT_BLOCK = ("can't block", "can't attack or block")
UNBLOCKABLE = "can't be blocked"
EXTRA_BLOCK = "can block an additional creature each combat"
ANY_NUMBER = "can block any number of creatures"
ATTACKS_IF_ABLE = "attacks each combat if able"
DECLARED = "declared_attackers"
"""In ``state.system``: [stack id, count, seat attacked or None] for each declaration of this
declare attackers step, so creatures put onto the battlefield attacking (508.4), which were
never declared, don't count for attacking alone (506.5, 506.6)."""
UNATTACKED = "no_longer_attacked"
"""In ``state.system``: the planeswalkers and battles removed from combat while still on the
battlefield (506.4: their controller or protector changed) until combat ends."""
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


def parse_defender(ctx: MtgContext, value: object, gone_ok: bool = False) -> Defender | None:
    """``{"seat": n}``, ``{"object": id}`` or a bare seat number; None when not given.

    ``gone_ok``: an object that existed in this game but has ceased to exist (a planeswalker
    token that died) is still named, for the rules to judge (508.4a); an id the game never
    gave out is refused either way."""
    if value is None:
        return None
    if isinstance(value, dict):
        if set(value) == {"seat"}:
            return params.seat(ctx, value, "seat")
        if set(value) == {"object"}:
            if not (gone_ok and _was_given_out(ctx, value["object"])):
                ctx.get(value["object"])
            return str(value["object"])
        raise InvalidAction(msg('defender must be {{"seat": n}} or {{"object": "<id>"}}'))
    return params.seat(ctx, {"defender": value}, "defender")


def _was_given_out(ctx: MtgContext, object_id: object) -> bool:
    """Whether ``object_id`` is one of the ids this game has given out (``GameState.new_id``)."""
    if not isinstance(object_id, str) or not object_id.startswith("o"):
        return False
    number = object_id[1:]
    return number.isdigit() and 0 < int(number) < ctx.state.next_id


def check_defender(ctx: MtgContext, attacker_seat: int, defender: Defender) -> None:
    """506.3, 508.1b: an opponent still in the game, a planeswalker an opponent controls, or a
    battle another player protects (310.9b: its protector never attacks it)."""
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
            msg(
                "{obj} is neither a planeswalker nor a battle; only a player, a planeswalker or a "
                "battle can be attacked (CR 506.3)",
                obj=name_of(obj),
            ),
            "506.3",
        )
    if "Planeswalker" in types and obj.controller == attacker_seat:
        raise IllegalAction(
            msg(
                "{obj} is controlled by the attacking player; only an opponent's planeswalker can "
                "be attacked (CR 508.1b)",
                obj=name_of(obj),
            ),
            "508.1b",
        )
    if "Battle" in types and protector_of(obj) == attacker_seat:
        raise IllegalAction(
            msg(
                "{obj} is protected by the attacking player; a battle's protector can never "
                "attack it (CR 310.9b)",
                obj=name_of(obj),
            ),
            "310.9b",
        )


def _default_defender(state: MtgState) -> int:
    """With one opponent left, it is the defender (506.2); with several, the player names one."""
    opponents = [
        i for i in range(len(state.seats)) if i != state.active_seat and not state.seats[i].lost
    ]
    if len(opponents) != 1:
        raise InvalidAction(msg('name the defender: {{"seat": n}} or {{"object": id}} (508.1b)'))
    return opponents[0]


def attack(ctx: MtgContext, action: JsonDict) -> None:
    """Declare attackers (508.1a): in the declare attackers step, by the active player, untapped
    creatures they have controlled since the turn began or with haste (302.6), not "can't
    attack" nor defender (702.3b); attacking taps them unless they have vigilance (508.1f)."""
    state = ctx.state
    obj, count = params.target(ctx, action)
    present(obj)
    if state.step != "declare_attackers":
        ctx.refuse(msg("attackers are declared in the declare attackers step"), "508.1")
    computed = compute_one(state, obj)
    if obj.controller != state.active_seat:
        raise IllegalAction(msg("only the active player declares attackers"), "508.1a")
    if not computed.is_creature:
        raise IllegalAction(
            msg("{name} isn't a creature; only creatures attack", name=name_of(obj)), "506.3"
        )
    if obj.tapped or obj.attacking is not None:
        ctx.refuse(msg("{name} is tapped or already attacking", name=name_of(obj)), "508.1a")
    if computed.has("Defender"):
        ctx.refuse(msg("{name} has defender, so it can't attack", name=name_of(obj)), "702.3b")
    if has_any(computed, CANT_ATTACK):
        ctx.refuse(msg("{obj} can't attack (a restriction, CR 508.1c)", obj=name_of(obj)), "508.1c")
    if obj.summoning_sick and not computed.has("Haste"):
        ctx.refuse(
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
        ctx.refuse(
            msg(
                "{obj} attacks {seat} this turn if able (CR 508.1d, 702.141a)",
                obj=name_of(obj),
                seat=state.seat(required).name,
            ),
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
        msg(
            "{stack} attacked {state} (CR 508.1)",
            stack=times(count, name_of(part)),
            state=defender_name(state, defender),
        ),
        "508.1",
        object=part.id,
        count=count,
        defender=where,
    )
    seat = defender if isinstance(defender, int) else None
    state.system.setdefault(DECLARED, []).append([part.id, count, seat])
    _attack_triggers(ctx, part)
    # Imported here: the token-making abilities use the actions that use combat.
    from rules.mtg import make_triggers

    make_triggers.fire(ctx, part, "attacks")
    if computed.has("Decayed"):
        # 702.147a: "When this creature attacks, sacrifice it at end of combat."
        part.leaves_at = "end_of_combat:sacrifice"
        part.leaves_by = part.controller  # the attacking player's triggered ability
        ctx.event(
            "decayed",
            msg(
                "Decayed: {stack} will be sacrificed at end of combat (CR 702.147a)",
                stack=times(count, name_of(part)),
            ),
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
        msg(
            "{seat} pays {{{value}}} to attack {state} with {stack} (CR 508.1h)",
            seat=player.name,
            value=each * count,
            state=defender_name(ctx.state, defender),
            stack=times(count, name_of(obj)),
        ),
        "508.1h",
        seat=obj.controller,
        amount=each * count,
    )
    manual = params.mapping(action, "choices").get("paid") == "manual"
    pay_mana(ctx, player, (each, {}), count, manual)


def _attacks_if_able(computed: Computed) -> bool:
    return any(k.lower() == ATTACKS_IF_ABLE for k in computed.keywords)


def able_to_attack(state: MtgState, obj: MtgObject) -> bool:
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
            and able_to_attack(state, obj)
        ):
            raise IllegalAction(
                msg(
                    "{obj} attacks each combat if able; declare it as an attacker first (CR "
                    "508.1d)",
                    obj=name_of(obj),
                ),
                "508.1d",
            )
    for obj in state.objects.values():
        seat = obj.must_attack
        if seat is None or obj.controller != state.active_seat or state.seat(seat).lost:
            continue
        if able_to_attack(state, obj):
            raise IllegalAction(
                msg(
                    "{obj} must attack {seat} this turn if able; declare it as an attacker first "
                    "(CR 508.1d, 702.141a)",
                    obj=name_of(obj),
                    seat=state.seat(seat).name,
                ),
                "508.1d",
            )


def attacks_alone(ctx: MtgContext) -> None:
    """As the declaration of attackers ends: a creature that is the only one declared attacks
    alone (506.5), and each instance of exalted among permanents its controller controls
    triggers: "that creature gets +1/+1 until end of turn" (702.83a-b). Counted per stack, so
    a stack of 500 Exalted Knights is 500 instances in one step."""
    state = ctx.state
    declared = state.system.pop(DECLARED, [])
    _attacks_a_player_alone(ctx, declared)
    lone = _still_attacking(state, declared[0][0]) if len(declared) == 1 else None
    if lone is None or declared[0][1] != 1:
        return
    if lone.count > 1:
        # It merged with identical attackers put onto the battlefield attacking (508.4): any
        # one of them is the declared one.
        lone = split(state, lone, 1)
    ctx.event(
        "attacks_alone",
        msg("{lone} attacks alone (CR 506.5)", lone=name_of(lone)),
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
        msg(
            "Exalted (x{exalted}): {lone} gets +{exalted}/+{exalted} until end of turn (CR "
            "702.83a)",
            exalted=exalted,
            lone=name_of(lone),
        ),
        "702.83a",
        object=lone.id,
        count=1,
    )


def _still_attacking(state: MtgState, stack_id: str) -> MtgObject | None:
    obj = state.objects.get(stack_id)
    return obj if obj is not None and obj.attacking is not None else None


def _attacks_a_player_alone(ctx: MtgContext, declared: list[list[object]]) -> None:
    """506.6 (CR 2026-09-25): a creature attacks a player alone if it is the only creature
    declared attacking that player; one attacking a planeswalker or a battle attacks no
    player. Told in the log per player, for the cards that ask."""
    by_seat: dict[int, list[list[object]]] = {}
    for entry in declared:
        if isinstance(entry[2], int):
            by_seat.setdefault(entry[2], []).append(entry)
    for seat, group in sorted(by_seat.items()):
        if len(group) != 1 or group[0][1] != 1:
            continue
        obj = _still_attacking(ctx.state, str(group[0][0]))
        if obj is None:
            continue
        ctx.event(
            "attacks_player_alone",
            msg(
                "{lone} attacks {seat} alone (CR 506.6)",
                lone=name_of(obj),
                seat=ctx.state.seat(seat).name,
            ),
            "506.6",
            object=obj.id,
            seat=seat,
        )


def stop_being_attacked(ctx: MtgContext, obj: MtgObject) -> None:
    """506.4: a planeswalker or battle being attacked whose controller or protector changes is
    removed from combat; 506.4c: the creatures attacking it go on attacking, but attack nothing
    and, unblocked, deal no combat damage."""
    state = ctx.state
    if not any(o.attacking == obj.id for o in on_battlefield(state)):
        return
    removed = state.system.setdefault(UNATTACKED, [])
    if obj.id not in removed:
        removed.append(obj.id)
    ctx.event(
        "removed_from_combat",
        msg(
            "{obj} is no longer attacked: the creatures attacking it attack nothing (CR 506.4, "
            "506.4c)",
            obj=name_of(obj),
        ),
        "506.4c",
        object=obj.id,
    )


def attacks_nothing(state: MtgState, target: Defender | None) -> bool:
    """What the creature attacks was removed from combat by a change of control (506.4c)."""
    return isinstance(target, str) and target in state.system.get(UNATTACKED, ())


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
            msg(
                "{stack} {why} and was removed from combat (CR 506.4)",
                stack=times(part.count, name_of(part)),
                why=why,
            ),
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
                    plural(
                        "{current}: put {n} +1/+1 counter on {obj} (CR 111.10r, 603.4)",
                        "{current}: put {n} +1/+1 counters on {obj} (CR 111.10r, 603.4)",
                        n=amount,
                        current=aura.current.name,
                        obj=name_of(obj),
                    ),
                    "603.4",
                    object=obj.id,
                    count=obj.count,
                    kind="+1/+1",
                    amount=amount,
                )
