"""Turn structure (CR 500-514): steps, their turn-based actions, and attacking (508).

Mana empties between steps (106.4). Untap step: phasing (502.1), then untap (502.3); a player's
permanents stop being summoning sick as their turn begins (302.6). Draw step: draw (504.1),
skipped on the starting player's first turn (103.8a). End step: tokens "leaving at" it go.
Cleanup: damage is removed and "until end of turn" effects end (514.2).
Combat: attackers (508.1, with "attacks if able" requirements, 508.1d) and blockers (509.1,
with "can't block" restrictions, 509.1b); decayed (702.147a) is checked here.
"""

from __future__ import annotations

from play.rules.context import times
from play.rules.errors import IllegalAction
from play.rules.mtg import params
from play.rules.mtg.layers import compute_one
from play.rules.mtg.records import MANA_KEYS, MtgContext, MtgObject, MtgState, on_battlefield
from play.rules.mtg.replacement import put_counters
from play.rules.mtg.sba import check_state_based_actions
from play.rules.mtg.status import name_of, phase_in_object, phase_out_object, present
from play.rules.mtg.zones import move
from play.rules.stacks import split

JsonDict = params.JsonDict
STEPS = (
    "untap",
    "upkeep",
    "draw",
    "main1",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
    "main2",
    "end",
    "cleanup",
)
# How the log names each step (CR 500.1: the phases and their steps).
STEP_NAMES = {
    "untap": "untap step",
    "upkeep": "upkeep step",
    "draw": "draw step",
    "main1": "precombat main phase",
    "beginning_of_combat": "beginning of combat step",
    "declare_attackers": "declare attackers step",
    "declare_blockers": "declare blockers step",
    "combat_damage": "combat damage step",
    "end_of_combat": "end of combat step",
    "main2": "postcombat main phase",
    "end": "end step",
    "cleanup": "cleanup step",
}
_ATTACK_STEPS = ("main1", "beginning_of_combat", "declare_attackers")


def next_step(ctx: MtgContext, action: JsonDict) -> None:
    advance(ctx)


def pass_turn(ctx: MtgContext, action: JsonDict) -> None:
    """End this turn and play the next seat's turn up to its first main phase."""
    turn = ctx.state.turn
    while ctx.state.turn == turn or ctx.state.step != "main1":
        advance(ctx)


def advance(ctx: MtgContext) -> None:
    """Leave the current step and begin the next one with its turn-based actions."""
    state = ctx.state
    if state.step == "declare_attackers":
        _check_attack_requirements(ctx)
    _end_step_actions(ctx, state.step)
    for seat in state.seats:
        seat.mana_pool = dict.fromkeys(MANA_KEYS, 0)
        seat.restricted_mana = {}
    if state.step == "cleanup":
        _next_turn(ctx)
    else:
        state.step = STEPS[STEPS.index(state.step) + 1]
    ctx.event(
        "step",
        f"Turn {state.turn}, {state.seat(state.active_seat).name}: "
        f"{STEP_NAMES[state.step]} (CR 500.1)",
        "500.1",
        step=state.step,
        turn=state.turn,
        seat=state.active_seat,
    )
    _begin_step_actions(ctx, state.step)
    if state.step != "untap":
        # Players receive priority in this step, so state-based actions are checked now (117.5,
        # 704.3), not only when the whole action ends: a token exiled at the beginning of the
        # end step ceases to exist in that step (704.5d). No player gets priority in the untap
        # step (502.4); the cleanup step checks them anyway once its actions are done (514.3a):
        # a creature kept alive by an "until end of turn" bonus dies there, this turn.
        check_state_based_actions(ctx)


def _next_turn(ctx: MtgContext) -> None:
    state = ctx.state
    state.turn += 1
    seats = len(state.seats)
    nxt = (state.active_seat + 1) % seats
    for _ in range(seats):
        if not state.seats[nxt].lost:
            break
        nxt = (nxt + 1) % seats
    state.active_seat = nxt
    state.step = "untap"


def _begin_step_actions(ctx: MtgContext, step: str) -> None:
    state = ctx.state
    active = state.active_seat
    if step == "untap":
        _untap_step(ctx, active)
    elif step == "draw" and not (state.turn == 1):
        draw(ctx, active, 1, "504.1")
    elif step == "end_of_combat":
        _leave(ctx, "end_of_combat:sacrifice", "511.2")
        _leave(ctx, "end_of_combat:exile", "511.2")
    elif step == "end":
        _leave(ctx, "end_step:sacrifice", "513.1")
        _leave(ctx, "end_step:exile", "513.1")
    elif step == "cleanup":
        _cleanup(ctx)


def _end_step_actions(ctx: MtgContext, step: str) -> None:
    if step == "end_of_combat":
        # 511.3: as the end of combat step ends, creatures are removed from combat.
        for obj in ctx.state.objects.values():
            obj.attacking = None
            obj.blocking = None


def _untap_step(ctx: MtgContext, active: int) -> None:
    """502.1 phasing, simultaneously: the active player's phased-in permanents with phasing
    phase out and their phased-out ones phase in (702.26a); then 502.3 untap."""
    state = ctx.state
    with_phasing = [
        o
        for o in on_battlefield(state)
        if o.controller == active and compute_one(state, o).has("Phasing")
    ]
    for obj in list(state.objects.values()):
        if obj.zone == "battlefield" and obj.controller == active:
            obj.summoning_sick = False
            if obj.phased_out and obj.phased_out_with is None:
                phase_in_object(ctx, obj)
    for obj in with_phasing:
        if obj.id in state.objects and not obj.phased_out:
            phase_out_object(ctx, obj, " (it has phasing, CR 702.26a)")
    untapped = 0
    for obj in on_battlefield(state):
        if obj.controller == active and obj.tapped:
            obj.tapped = False
            untapped += obj.count
    if untapped:
        ctx.event(
            "untap_step",
            f"{state.seat(active).name} untapped {untapped} permanent(s) (CR 502.3)",
            "502.3",
            seat=active,
        )


def draw(ctx: MtgContext, seat: int, amount: int, rule: str) -> None:
    """Draw cards; drawing from an empty library loses at the next check (121.4, 704.5b)."""
    player = ctx.state.seat(seat)
    drawn = min(amount, player.library)
    player.library -= drawn
    player.hand += drawn
    if drawn < amount:
        player.drew_from_empty = True
    ctx.event(
        "drew", f"{player.name} drew {drawn} card(s) (CR {rule})", rule, seat=seat, amount=drawn
    )


_PAST = {"exile": "exiled", "sacrifice": "sacrificed"}


def _leave(ctx: MtgContext, when: str, rule: str) -> None:
    """Delayed triggers "at the beginning of the next end step / end of combat" (603.7)."""
    how = when.split(":")[1]
    for obj in [o for o in ctx.state.objects.values() if o.leaves_at == when]:
        if obj.zone != "battlefield" or obj.id not in ctx.state.objects:
            continue
        by = obj.owner if obj.leaves_by is None else obj.leaves_by
        obj.leaves_at = obj.leaves_by = None
        if obj.phased_out:
            # The delayed trigger still triggers (once), but a phased-out permanent is treated as
            # though it doesn't exist, so its effect can't touch it and it stays (702.26b).
            ctx.event(
                "not_affected",
                f"{times(obj.count, name_of(obj))} is phased out, so it isn't {_PAST[how]} by "
                "the delayed trigger and stays (CR 702.26b, 603.7c)",
                "702.26b",
                object=obj.id,
                count=obj.count,
            )
            continue
        if how == "sacrifice" and obj.controller != by:
            # The delayed trigger's controller sacrifices it, and a player can sacrifice only
            # permanents they control (701.21a): one another player controls now stays.
            ctx.event(
                "not_affected",
                f"{times(obj.count, name_of(obj))} isn't sacrificed: "
                f"{ctx.state.seat(by).name} doesn't control it now, and only a permanent's "
                "controller can sacrifice it (CR 701.21a, 603.7c)",
                "701.21a",
                object=obj.id,
                count=obj.count,
            )
            continue
        if how == "exile":
            move(
                ctx,
                obj,
                obj.count,
                "exile",
                how=f"was exiled at the beginning of the step (CR {rule}, 603.7)",
            )
        else:
            move(
                ctx,
                obj,
                obj.count,
                "graveyard",
                how=f"was sacrificed at the beginning of the step (CR {rule}, 603.7)",
            )


def _cleanup(ctx: MtgContext) -> None:
    """514.2: damage is removed and "until end of turn" effects end, simultaneously."""
    state = ctx.state
    for obj in state.objects.values():
        obj.damage = 0
        obj.pumps = tuple(p for p in obj.pumps if p.until != "end_of_turn")
        obj.must_attack = None  # "attacks ... this turn if able" (702.141a) ends with the turn
        back = obj.control_reverts_to
        if back is not None:
            obj.control_reverts_to = None
            if back != obj.controller:
                obj.controller = back
                obj.summoning_sick = True
                obj.attacking = obj.blocking = None
                ctx.event(
                    "control_changed",
                    f"The control effect on {times(obj.count, name_of(obj))} ended: "
                    f"{state.seat(back).name} controls it again (CR 514.2, 613.2)",
                    "514.2",
                    object=obj.id,
                    count=obj.count,
                )
    ctx.event(
        "cleanup", 'Damage was removed and "until end of turn" effects ended (CR 514.2)', "514.2"
    )


def attack(ctx: MtgContext, action: JsonDict) -> None:
    """Declare attackers (508.1a): untapped creatures the active player controls that have been
    under their control since the turn began or have haste (302.6); attacking taps them unless
    they have vigilance (508.1f)."""
    state = ctx.state
    obj, count = params.target(ctx, action)
    present(obj)
    if state.step not in _ATTACK_STEPS:
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
    if obj.summoning_sick and not computed.has("Haste"):
        raise IllegalAction(
            f"{name_of(obj)} hasn't been under its controller's control "
            "continuously since their most recent turn began (CR 302.6)",
            "302.6",
        )
    defender = _defender(ctx, action)
    required = obj.must_attack
    if required is not None and required != defender and not state.seat(required).lost:
        raise IllegalAction(
            f"{name_of(obj)} attacks {state.seat(required).name} this turn if able "
            "(CR 508.1d, 702.141a)",
            "508.1d",
        )
    state.step = "declare_attackers"
    part = split(state, obj, count)
    part.attacking = defender
    if not computed.has("Vigilance"):
        part.tapped = True
    ctx.event(
        "attacked",
        f"{times(count, name_of(part))} attacked {state.seat(defender).name} (CR 508.1)",
        "508.1",
        object=part.id,
        count=count,
        defender=defender,
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
    """Untapped, not yet attacking, a creature, and not summoning sick unless it has haste."""
    if obj.zone != "battlefield" or obj.phased_out or obj.tapped or obj.attacking is not None:
        return False
    computed = compute_one(state, obj)
    if not computed.is_creature or computed.has("Defender"):
        return False
    return not obj.summoning_sick or computed.has("Haste")


def _check_attack_requirements(ctx: MtgContext) -> None:
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


def block(ctx: MtgContext, action: JsonDict) -> None:
    """Declare blockers (509.1a): untapped creatures of the defending player, each blocking a
    creature attacking that player; restrictions are checked (509.1b): decayed creatures can't
    block (702.147a), creatures with flying can be blocked only by flying or reach (702.9b)."""
    state = ctx.state
    obj, count = params.target(ctx, action)
    present(obj)
    attacker = ctx.get(action.get("attacker"))
    if state.step not in ("declare_attackers", "declare_blockers"):
        raise IllegalAction("blockers are declared in the declare blockers step", "509.1")
    if attacker.zone != "battlefield" or attacker.attacking is None:
        raise IllegalAction(f"{name_of(attacker)} isn't an attacking creature", "509.1a")
    if obj.controller != attacker.attacking:
        raise IllegalAction(
            f"only {state.seat(attacker.attacking).name}, the defending player, can block "
            f"{name_of(attacker)}",
            "509.1a",
        )
    computed = compute_one(state, obj)
    if not computed.is_creature:
        raise IllegalAction(f"{name_of(obj)} isn't a creature; only creatures block", "509.1a")
    if obj.tapped or obj.blocking is not None:
        raise IllegalAction(f"{name_of(obj)} is tapped or already blocking", "509.1a")
    if computed.has("Decayed"):
        raise IllegalAction(
            f"{name_of(obj)} has decayed: this creature can't block (CR 702.147a)", "702.147a"
        )
    evasive = compute_one(state, attacker)
    if evasive.has("Flying") and not (computed.has("Flying") or computed.has("Reach")):
        raise IllegalAction(
            f"{name_of(attacker)} has flying: only creatures with flying or reach can block it",
            "702.9b",
        )
    if state.step == "declare_attackers":
        advance(ctx)
    part = split(state, obj, count)
    part.blocking = attacker.id
    ctx.event(
        "blocked",
        f"{times(count, name_of(part))} blocked {name_of(attacker)} (CR 509.1a)",
        "509.1a",
        object=part.id,
        count=count,
        attacker=attacker.id,
    )


def _defender(ctx: MtgContext, action: JsonDict) -> int:
    state = ctx.state
    first_opponent = next(
        (i for i in range(len(state.seats)) if i != state.active_seat and not state.seats[i].lost),
        None,
    )
    defender = params.seat(ctx, action, "defender", first_opponent)
    if defender == state.active_seat:
        raise IllegalAction("a player can't attack themselves", "506.2")
    return defender


def _attack_triggers(ctx: MtgContext, obj: MtgObject) -> None:
    """Young Hero Role: "Whenever this creature attacks, if its toughness is 3 or less, put a
    +1/+1 counter on it" (111.10r, intervening if 603.4)."""
    state = ctx.state
    for aura in on_battlefield(state):
        if aura.attached_to != obj.id:
            continue
        for effect in aura.current.effects:
            limit = effect.attack_counter_max_toughness
            if effect.kind != "aura" or limit is None:
                continue
            for _ in range(aura.count):
                toughness = compute_one(state, obj).toughness
                if toughness is None or toughness > limit:
                    continue
                amount = put_counters(ctx, obj, "+1/+1", 1, as_token=obj.token)
                ctx.event(
                    "counters_added",
                    f"{aura.current.name}: put {amount} +1/+1 "
                    f"counter(s) on {name_of(obj)} (CR 111.10r, 603.4)",
                    "603.4",
                    object=obj.id,
                    kind="+1/+1",
                    amount=amount,
                )
