"""Turn structure (CR 500-514): steps, their turn-based actions, and attacking (508).

Mana empties between steps (106.4). Untap step: phasing (502.1), then untap (502.3); a player's
permanents stop being summoning sick as their turn begins (302.6). Draw step: draw (504.1),
skipped on the starting player's first turn (103.8a). End step: tokens "leaving at" it go.
Cleanup: damage is removed and "until end of turn" effects end (514.2).
Combat (rules/mtg/combat.py): leaving the declare attackers step checks "attacks if able"
(508.1d), leaving the declare blockers step checks menace (702.111b); entering a combat damage
step deals its damage (510.1-510.2), with a first-strike step only when needed (510.4); with no
attackers the blockers and damage steps are skipped (508.8).
"""

from __future__ import annotations

from rules.context import times
from rules.mtg import blocking, combat, make_triggers, params
from rules.mtg.combat_damage import combat_damage_step, strikes_first
from rules.mtg.layers import compute_one
from rules.mtg.records import MANA_KEYS, MtgContext, MtgState, on_battlefield
from rules.mtg.sba import check_state_based_actions
from rules.mtg.status import name_of, phase_in_object, phase_out_object
from rules.mtg.zones import move
from rules.text import msg, plural

JsonDict = params.JsonDict
STEPS = (
    "untap",
    "upkeep",
    "draw",
    "main1",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
    "main2",
    "end",
    "cleanup",
)
# How the log names each step (CR 500.1: the phases and their steps).
STEP_NAMES = {
    "untap": msg("untap step"),
    "upkeep": msg("upkeep step"),
    "draw": msg("draw step"),
    "main1": msg("precombat main phase"),
    "beginning_of_combat": msg("beginning of combat step"),
    "declare_attackers": msg("declare attackers step"),
    "declare_blockers": msg("declare blockers step"),
    "first_strike_damage": msg("first-strike combat damage step"),
    "combat_damage": msg("combat damage step"),
    "end_of_combat": msg("end of combat step"),
    "main2": msg("postcombat main phase"),
    "end": msg("end step"),
    "cleanup": msg("cleanup step"),
}


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
        combat.check_attack_requirements(ctx)
        combat.attacks_alone(ctx)
    elif state.step == "declare_blockers":
        blocking.check_blocks(ctx)
        blocking.blocks_alone(ctx)
        state.system.pop(blocking.BLOCKS_DONE, None)
    _end_step_actions(ctx, state.step)
    for seat in state.seats:
        seat.mana_pool = dict.fromkeys(MANA_KEYS, 0)
        seat.restricted_mana = {}
    if state.step == "cleanup":
        _next_turn(ctx)
    else:
        state.step = _following(state, state.step)
    ctx.event(
        "step",
        msg(
            "Turn {turn}, {seat}: {step} (CR 500.1)",
            turn=state.turn,
            seat=state.seat(state.active_seat).name,
            step=STEP_NAMES[state.step],
        ),
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


def _following(state: MtgState, step: str) -> str:
    """The next step, skipping the combat steps the rules skip: with no attackers, declare
    blockers and combat damage (508.8); without first or double strike, the first-strike
    combat damage step (510.4)."""
    nxt = STEPS[STEPS.index(step) + 1]
    if step == "declare_attackers" and not combat.attackers(state):
        return "end_of_combat"
    if nxt == "first_strike_damage" and not strikes_first(state):
        return "combat_damage"
    return nxt


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
    elif step == "first_strike_damage":
        combat_damage_step(ctx, first=True)
    elif step == "combat_damage":
        combat_damage_step(ctx, first=False)
    elif step == "end_of_combat":
        _leave(ctx, "end_of_combat:sacrifice", "511.2")
        _leave(ctx, "end_of_combat:exile", "511.2")
    elif step in ("upkeep", "beginning_of_combat"):
        make_triggers.beginning_of(ctx, step)
    elif step == "end":
        make_triggers.beginning_of(ctx, "end_step")
        _leave(ctx, "end_step:sacrifice", "513.1")
        _leave(ctx, "end_step:exile", "513.1")
        if "monarch" in state.seat(active).designations:
            # The monarch's inherent trigger: "at the beginning of the monarch's end step,
            # that player draws a card".
            draw(ctx, active, 1, "725.2")
    elif step == "cleanup":
        _cleanup(ctx)


def _end_step_actions(ctx: MtgContext, step: str) -> None:
    if step == "end_of_combat":
        # 511.3: as the end of combat step ends, creatures are removed from combat.
        for obj in ctx.state.objects.values():
            obj.leave_combat()
        ctx.state.system.pop(combat.UNATTACKED, None)


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
            plural(
                "{seat} untapped {n} permanent (CR 502.3)",
                "{seat} untapped {n} permanents (CR 502.3)",
                n=untapped,
                seat=state.seat(active).name,
            ),
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
        "drew",
        plural(
            "{seat} drew {n} card (CR {rule})",
            "{seat} drew {n} cards (CR {rule})",
            n=drawn,
            seat=player.name,
            rule=rule,
        ),
        rule,
        seat=seat,
        amount=drawn,
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
                msg(
                    "{stack} is phased out, so it isn't {past} by the delayed trigger and stays "
                    "(CR 702.26b, 603.7c)",
                    stack=times(obj.count, name_of(obj)),
                    past=_PAST[how],
                ),
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
                msg(
                    "{stack} isn't sacrificed: {seat} doesn't control it now, and only a "
                    "permanent's controller can sacrifice it (CR 701.21a, 603.7c)",
                    stack=times(obj.count, name_of(obj)),
                    seat=ctx.state.seat(by).name,
                ),
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
                how=msg("was exiled at the beginning of the step (CR {rule}, 603.7)", rule=rule),
            )
        else:
            move(
                ctx,
                obj,
                obj.count,
                "graveyard",
                how=msg(
                    "was sacrificed at the beginning of the step (CR {rule}, 603.7)", rule=rule
                ),
            )


def _cleanup(ctx: MtgContext) -> None:
    """514.2: damage is removed and "until end of turn" effects end, simultaneously."""
    state = ctx.state
    for obj in state.objects.values():
        obj.damage = 0
        obj.pumps = tuple(p for p in obj.pumps if p.until != "end_of_turn")
        obj.end_turn_keyword_changes()
        obj.must_attack = None  # "attacks ... this turn if able" (702.141a) ends with the turn
        back = obj.control_reverts_to
        if back is not None:
            obj.control_reverts_to = None
            if back != obj.controller:
                obj.controller = back
                obj.summoning_sick = True
                obj.leave_combat()
                ctx.event(
                    "control_changed",
                    msg(
                        "The control effect on {stack} ended: {seat} controls it again (CR 514.2, "
                        "613.2)",
                        stack=times(obj.count, name_of(obj)),
                        seat=state.seat(back).name,
                    ),
                    "514.2",
                    object=obj.id,
                    count=obj.count,
                )
    ctx.event(
        "cleanup",
        msg('Damage was removed and "until end of turn" effects ended (CR 514.2)'),
        "514.2",
    )
