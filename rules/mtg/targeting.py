"""A spell or ability targeting permanents (CR 115), with hexproof, shroud and ward.

The kernel has no stack: the ``target`` action says that a player's spell or ability (named by
``spell``, for the log) became a spell or ability targeting those permanents. Targeting a
permanent an opponent controls is checked against hexproof (702.11b) and shroud (702.18a); each
instance of ward (702.21a: "Whenever this permanent becomes the target of a spell or ability an
opponent controls, counter that spell or ability unless that player pays [cost].") then
triggers, and its controller's opponent, the targeting player, chooses to pay or not. If the
spell is countered (701.6a) the player doesn't carry out its effect; otherwise they do, by hand.
Ward comes from the permanent's characteristics after layers (a Royal Role grants it, 111.10m),
so it is gone once the Role is.
"""

from __future__ import annotations

import re

from rules.effects import parse_mana_cost
from rules.errors import IllegalAction, InvalidAction
from rules.mtg import params
from rules.mtg.layers import compute_one
from rules.mtg.mana import pay_mana
from rules.mtg.records import MtgContext, MtgObject
from rules.mtg.status import name_of, present
from rules.text import msg

JsonDict = params.JsonDict
_WARD = re.compile(r"^ward\s*(\{.*?\})(?: \(x(\d+)\))?$", re.IGNORECASE)
WARDS_RESOLVED = 64
"""Ward triggers one targeting can resolve one by one; more are refused before any work."""
PAY = "pay"
DECLINE = "don't pay"


def ward_costs(keywords: tuple[str, ...]) -> list[str]:
    """The mana cost of each ward instance ("Ward {1}"); each triggers separately."""
    costs: list[str] = []
    for keyword in keywords:
        match = _WARD.match(keyword.strip())
        if match:
            many = int(match.group(2) or 1)
            if len(costs) + many > WARDS_RESOLVED:
                raise IllegalAction(
                    msg(
                        "More than {wards_resolved} ward abilities would trigger, and each "
                        "resolves on its own, paid or not (CR 702.21a, 603.2); target fewer at "
                        "once",
                        wards_resolved=WARDS_RESOLVED,
                    ),
                    "702.21a",
                )
            costs.extend([match.group(1)] * many)
    return costs


def _targets(ctx: MtgContext, action: JsonDict) -> list[MtgObject]:
    ids = action.get("objects")
    if not isinstance(ids, list) or not ids:
        raise InvalidAction(msg("objects must be a non-empty list of object ids"))
    if len(set(map(str, ids))) != len(ids):
        raise InvalidAction(msg("a spell or ability targets an object only once per word 'target'"))
    found = [ctx.get(i) for i in ids]
    for obj in found:
        if obj.zone != "battlefield":
            raise InvalidAction(
                msg("{obj} is not on the battlefield (it is in {zone})", obj=obj.id, zone=obj.zone)
            )
        present(obj)
    return found


def target(ctx: MtgContext, action: JsonDict) -> None:
    state = ctx.state
    seat = params.seat(ctx, action, "seat", state.active_seat)
    source = params.text(action, "spell") or "A spell or ability"
    manual = params.flag(action, "paid_manual")
    player = state.seat(seat)
    targets = _targets(ctx, action)
    wards: list[tuple[MtgObject, str]] = []
    for obj in targets:
        computed = compute_one(state, obj)
        opponent = obj.controller != seat
        if computed.has("Shroud"):
            raise IllegalAction(
                msg("{obj} has shroud and can't be targeted", obj=name_of(obj)), "702.18a"
            )
        if opponent and computed.has("Hexproof"):
            raise IllegalAction(
                msg(
                    "{obj} has hexproof: it can't be the target of spells or abilities {seat} "
                    "controls",
                    obj=name_of(obj),
                    seat=player.name,
                ),
                "702.11b",
            )
        if opponent:
            wards.extend((obj, cost) for cost in ward_costs(computed.keywords))
    names = ", ".join(name_of(o) for o in targets)
    ctx.event(
        "targeted",
        msg(
            "{source} of {seat} targets {names} (CR 115.1)",
            source=source,
            seat=player.name,
            names=names,
        ),
        "115.1",
        seat=seat,
        objects=[o.id for o in targets],
    )
    for obj, cost in wards:
        if countered_by_ward(ctx, seat, source, obj, cost, manual):
            return
    ctx.event(
        "target_stands",
        msg(
            "{source} isn't countered by ward; {seat} carries out its effect",
            source=source,
            seat=player.name,
        ),
        "608.2b",
        seat=seat,
    )


def countered_by_ward(
    ctx: MtgContext, seat: int, source: str, obj: MtgObject, cost: str, manual: bool
) -> bool:
    """One ward trigger resolves: the targeting player pays its cost, or the spell is countered
    (a countered spell's remaining ward triggers have nothing left to counter)."""
    state = ctx.state
    player = state.seat(seat)
    try:
        parts = parse_mana_cost(cost)
    except ValueError:
        raise InvalidAction(
            msg("ward cost {cost} of {obj} is not a mana cost", cost=repr(cost), obj=name_of(obj))
        ) from None
    ctx.event(
        "ward_triggered",
        msg(
            "Ward {cost} of {obj} triggered: {source} is countered unless {seat} pays {cost} (CR "
            "702.21a)",
            cost=cost,
            obj=name_of(obj),
            source=source,
            seat=player.name,
        ),
        "702.21a",
        object=obj.id,
        seat=obj.controller,
    )
    answer = ctx.decide(
        "ward",
        seat,
        msg(
            "Ward {cost} of {obj}: pay {cost}, or {source} is countered (CR 702.21a)",
            cost=cost,
            obj=name_of(obj),
            source=source,
        ),
        [PAY, DECLINE],
        "702.21a",
    )
    if answer == PAY:
        pay_mana(ctx, player, parts, 1, manual)
        ctx.event(
            "ward_paid",
            msg(
                "{seat} paid {cost} for ward of {obj} (CR 702.21a, 118.12a)",
                seat=player.name,
                cost=cost,
                obj=name_of(obj),
            ),
            "118.12a",
            seat=seat,
            object=obj.id,
        )
        return False
    ctx.event(
        "countered",
        msg(
            "{seat} didn't pay {cost}: ward of {obj} countered {source}; none of its effects "
            "occur (CR 702.21a, 701.6a)",
            seat=player.name,
            cost=cost,
            obj=name_of(obj),
            source=source,
        ),
        "701.6a",
        seat=seat,
        object=obj.id,
    )
    return True
