"""Riftbound combat (454-461) played as the rules order it, and control changes (188).

``combat`` resolves the combat staged at a battlefield (456: units of exactly two players there,
457): the showdown step establishes Attacker and Defender (459.2.b; the spells and abilities of
that showdown are played by hand before), the combat damage step sums each side's Might and each
player, attacker first, assigns it to the other's units (460.2): lethal damage in full to one unit
before the next, never more than lethal unless no unit is left (460.2.c.3-4), Tank units first
(460.2.c.5). The only freedom left is the order among units that aren't interchangeable, asked as
a ``combat_damage`` choice. Damage is dealt at once (460.2.d); then the resolution step (461):
units with lethal damage are killed, every unit heals, attackers are recalled if defenders remain
(461.1.a), and the cleanup establishes control: a conquer and its score (462-466) or a hold.
"""

from __future__ import annotations

from rules import params
from rules.context import times
from rules.errors import IllegalAction
from rules.riftbound import board
from rules.riftbound.cleanup import leave_board
from rules.riftbound.records import RiftboundContext, RiftboundObject, battlefield_name
from rules.stacks import split
from rules.text import msg, plural

JsonDict = params.JsonDict
BOARD = "board"


def _noun(obj: RiftboundObject) -> str:
    return times(obj.count, obj.face.name)


def combat(ctx: RiftboundContext, action: JsonDict) -> None:
    state = ctx.state
    field = board.battlefield(state, action.get("battlefield"))
    present = sorted(board.players_present(state, field["id"]))
    if len(present) != 2:
        raise IllegalAction(
            msg("A combat is staged only where units of two opposing players are (456, 457)."),
            "456",
        )
    known = board.contested_by(state, field)
    attacker = params.seat(ctx, action, "attacker", state.active_seat if known is None else known)
    if attacker not in present:
        raise IllegalAction(
            msg("The Attacker is the player whose units contested the battlefield (459.2.b.1)."),
            "459.2.b.1",
        )
    if known is not None and attacker != known:
        ctx.refuse(
            msg(
                "{seat}'s units applied Contested here: they are the Attacker (459.2.b.1).",
                seat=state.seats[known].name,
            ),
            "459.2.b.1",
        )
    defender = present[0] if present[1] == attacker else present[1]
    ctx.event(
        "combat",
        msg(
            "Combat at {field}: {seat} attacks, {seat2} defends (459.2.b)",
            field=battlefield_name(field),
            seat=state.seats[attacker].name,
            seat2=state.seats[defender].name,
        ),
        "459.2.b",
        battlefield=field["id"],
        attacker=attacker,
        defender=defender,
    )
    sides = {seat: _units_at(ctx, field["id"], seat) for seat in (attacker, defender)}
    totals = {
        seat: sum(max(board.might(state, u) or 0, 0) * u.count for u in sides[seat])
        for seat in sides
    }
    plans = [
        (seat, _assign(ctx, seat, totals[seat], sides[other]))
        for seat, other in ((attacker, defender), (defender, attacker))
    ]
    for seat, plan in plans:  # 460.2.d: dealt simultaneously
        for target, count, amount in plan:
            part = split(state, target, count)
            part.damage += amount
            ctx.event(
                "damaged",
                plural(
                    "{seat}'s units dealt {amount} combat damage to {name} (460.2.d)",
                    "{seat}'s units dealt {amount} combat damage to each of {n} {name} (460.2.d)",
                    n=count,
                    seat=state.seats[seat].name,
                    amount=amount,
                    name=part.face.name,
                ),
                "460.2.d",
                object=part.id,
                count=count,
                amount=amount,
            )
    _resolve(ctx, field, attacker, defender)


def _units_at(ctx: RiftboundContext, field_id: str, seat: int) -> list[RiftboundObject]:
    return [
        o
        for o in board.units(ctx.state)
        if o.location == field_id and o.controller == seat and o.zone == BOARD
    ]


def _lethal(ctx: RiftboundContext, unit: RiftboundObject) -> int:
    return max((board.might(ctx.state, unit) or 0) - unit.damage, 1)


FIRST, MIDDLE, LAST = 0, 1, 2
ASSIGNED_LAST = "assigned combat damage last"
"""The keyword of "I must be assigned combat damage last" (Caitlyn, Patrolling; 460.2.c.5)."""


def _priority(ctx: RiftboundContext, unit: RiftboundObject) -> set[int]:
    """When a unit may be assigned damage: Tank first (815.1.b), "last" last, both: either, as
    the assigning player chooses (460.2.c.7)."""
    keywords = {k.lower() for k in board.keywords(ctx.state, unit)}
    found = ({FIRST} if "tank" in keywords else set()) | (
        {LAST} if ASSIGNED_LAST in keywords else set()
    )
    return found or {MIDDLE}


def _eligible(
    ctx: RiftboundContext, left: list[RiftboundObject], last_chosen: set[str]
) -> list[RiftboundObject]:
    """The units that may get lethal damage next (460.2.c.5-8): Tank units first; a unit with
    both Tank and "last" may go with them or, once the player assigns to another unit, last."""
    fixed = {u.id: ({LAST} if u.id in last_chosen else _priority(ctx, u)) for u in left}
    duals = {u.id for u in left if fixed[u.id] == {FIRST, LAST}}
    if any(fixed[u.id] == {FIRST} for u in left):
        return [u for u in left if FIRST in fixed[u.id]]
    others = [u for u in left if u.id not in duals]
    lowest = min((min(fixed[u.id]) for u in others), default=LAST)
    return [u for u in left if u.id in duals or lowest in fixed[u.id]]


def _assign(
    ctx: RiftboundContext, seat: int, total: int, targets: list[RiftboundObject]
) -> list[tuple[RiftboundObject, int, int]]:
    """Lethal in full, one unit at a time, Tank first; the assigning player orders units that
    differ (460.2.c.3-6). Returns (stack, how many of it, damage each)."""
    plan: list[tuple[RiftboundObject, int, int]] = []
    left = [t for t in targets if t.count > 0]
    remaining = total
    last_chosen: set[str] = set()  # units whose "last" requirement the player applies
    while remaining > 0 and left:
        pool = _eligible(ctx, left, last_chosen)
        by_kind: dict[tuple[str, int], RiftboundObject] = {}
        for unit in pool:
            by_kind.setdefault((unit.face.name, _lethal(ctx, unit)), unit)
        options = [u.id for u in by_kind.values()]
        chosen_id = ctx.decide(
            "combat_damage",
            seat,
            msg(
                "{seat}: choose the unit that gets lethal damage next ({remaining} damage left to "
                "assign, 460.2.c)",
                seat=ctx.state.seats[seat].name,
                remaining=remaining,
            ),
            options,
            "460.2.c",
        )
        unit = next(u for u in pool if u.id == chosen_id)
        if FIRST not in _priority(ctx, unit) or unit.id in last_chosen:
            # Assigning to a unit that doesn't go first: each unit that could go first or last
            # now goes last (460.2.c.7-8).
            last_chosen |= {u.id for u in left if _priority(ctx, u) == {FIRST, LAST}}
        lethal = _lethal(ctx, unit)
        last = len(left) == 1
        if last:
            each, count = remaining // unit.count, unit.count
            if each == 0:
                plan.append((unit, remaining, 1))
                return plan
            plan.append((unit, count, each))
            # Damage left over after each got an equal share goes to as many again, one each.
            extra = remaining - each * count
            if extra:
                plan[-1] = (unit, count - extra, each)
                plan.append((unit, extra, each + 1))
            return plan
        killed = min(unit.count, remaining // lethal)
        if killed:
            plan.append((unit, killed, lethal))
            remaining -= killed * lethal
        if killed < unit.count and remaining > 0:
            plan.append((unit, 1, remaining))  # not enough for lethal: all of it to one
            remaining = 0
        left.remove(unit)
    return plan


def _resolve(ctx: RiftboundContext, field: JsonDict, attacker: int, defender: int) -> None:
    """461.1: kill units with lethal damage, heal all units, recall attackers if defenders
    remain; the cleanup that follows establishes control (conquer, 464.1) or keeps it (hold)."""
    state = ctx.state
    for unit in [u for u in board.units(state) if board.is_lethal(state, u)]:
        leave_board(ctx, unit, "trash", "461.1", "killed in combat")
    for unit in board.units(state):
        unit.damage = 0
    ctx.event("healed", msg("All units healed (461.1.a.1)"), "461.1.a.1")
    if _units_at(ctx, field["id"], defender):
        for unit in _units_at(ctx, field["id"], attacker):
            unit.location = "base"
            board.carry_attached(state, unit)
            ctx.event(
                "recalled",
                msg("{unit} recalled to base: defenders remain (461.1.a.2)", unit=_noun(unit)),
                "461.1.a.2",
                object=unit.id,
                count=unit.count,
            )
    winner = board.players_present(state, field["id"])
    result = (
        msg("{seat} won the combat (461.3.a)", seat=state.seats[next(iter(winner))].name)
        if len(winner) == 1
        else msg("Nobody won the combat (461.3)")
    )
    ctx.event("combat_result", result, "461.3", battlefield=field["id"])


def gain_control(ctx: RiftboundContext, action: JsonDict) -> None:
    """A player gains control of units or tokens on the board (188): they stay where they are;
    at a battlefield that contests it for the new controller (187.3.a), as the cleanup judges."""
    obj, count = params.target(ctx, action)
    if obj.zone != BOARD:
        raise IllegalAction(msg("{name} isn't on the board (188.3)", name=obj.face.name), "188.3")
    seat = params.seat(ctx, action, "seat")
    part = split(ctx.state, obj, count)
    if part.controller == seat:
        raise IllegalAction(
            msg("{seat} already controls it", seat=ctx.state.seats[seat].name), "188.3"
        )
    part.controller = seat
    if part.location in (None, "base"):
        part.location = "base"  # a permanent in a base is in its controller's base (107.1.c)
    ctx.event(
        "control_changed",
        msg(
            "{seat} gained control of {part} (188)",
            seat=ctx.state.seats[seat].name,
            part=_noun(part),
        ),
        "188",
        object=part.id,
        count=count,
    )
