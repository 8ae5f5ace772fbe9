"""A permanent put onto the battlefield attacking (508.4, 506.3): what it attacks, if anything."""

from __future__ import annotations

from rules.errors import IllegalAction
from rules.mtg.layers import compute_one
from rules.mtg.records import MtgContext
from rules.state import Face
from rules.text import msg

COMBAT_STEPS = (
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "first_strike_damage",
    "combat_damage",
    "end_of_combat",
)


def entering_attacker(
    ctx: MtgContext, controller: int, face: Face, defender: int | str | None
) -> int | str | None:
    """Put onto the battlefield attacking (508.4): what it attacks, or None when it enters but
    is never an attacking creature: a noncreature (506.3a); a creature whose controller isn't
    the attacking player (506.3b), and outside the combat phase nobody is (506.2); a player no
    longer in the game, or a planeswalker or battle that left the battlefield or can no longer
    be attacked (508.4a, 506.3c)."""
    if defender is None:
        return None
    state = ctx.state
    reason = None
    if "Creature" not in face.types:
        reason = ("506.3a", msg("it isn't a creature"))
    elif state.step not in COMBAT_STEPS:
        reason = (
            "506.3b",
            msg("outside the combat phase there is no attacking player (CR 506.2)"),
        )
    elif controller != state.active_seat:
        reason = (
            "506.3b",
            msg("{seat} isn't the attacking player", seat=state.seat(controller).name),
        )
    elif isinstance(defender, int) and state.seat(defender).lost:
        reason = ("506.3c", msg("{seat} has left the game", seat=state.seat(defender).name))
    elif isinstance(defender, str) and not _attackable(ctx, defender, controller):
        reason = (
            "508.4a",
            msg("what it would attack isn't a planeswalker or battle it can attack"),
        )
    if reason is None:
        if defender == controller:
            raise IllegalAction(msg("a creature can't attack its own controller"), "508.4")
        return defender
    ctx.event(
        "not_attacking",
        msg(
            "{name} enters but is never attacking: {reason} (CR {rule})",
            name=face.name or msg("A face-down permanent"),
            reason=reason[1],
            rule=reason[0],
        ),
        reason[0],
    )
    return None


def _attackable(ctx: MtgContext, object_id: str, controller: int) -> bool:
    obj = ctx.state.objects.get(object_id)  # None: it has ceased to exist
    if obj is None or obj.zone != "battlefield" or obj.phased_out:
        return False
    types = compute_one(ctx.state, obj).face.types
    if "Battle" in types:
        return True
    return "Planeswalker" in types and obj.controller != controller
