"""Moving units between locations (420, 441) and putting objects into non-board zones (108,
183.1): a Standard Move's cost (144), the Recall a crowded battlefield forces (444.2)."""

from __future__ import annotations

from typing import Any

from rules import params
from rules.errors import IllegalAction, InvalidAction
from rules.riftbound import board
from rules.riftbound.actions import _noun, chosen, set_exhausted
from rules.riftbound.board import BASE, BOARD, NON_BOARD_ZONES
from rules.riftbound.cards import move_card
from rules.riftbound.cleanup import leave_board
from rules.riftbound.records import RiftboundContext, RiftboundObject, battlefield_name
from rules.text import msg, plural

JsonDict = dict[str, Any]


def move(ctx: RiftboundContext, action: JsonDict) -> None:
    """Move between locations (420, 441), or put into a non-board zone (108, 183.1); cards in
    the trash or Banishment go where they are sent."""
    to = action.get("to")
    card, count = params.target(ctx, action)
    if card.zone != BOARD:
        move_card(ctx, card, count, to)
        return
    if to in NON_BOARD_ZONES:
        if to == "champion" and not card.token:
            board.check_champion_zone(ctx.state, card.owner, count)
        obj = chosen(ctx, action)
        if to == "trash":
            # A permanent going from the board to the trash is killed, whatever sends it;
            # a kill is not a subset of Move (428.1, 428.2.b).
            leave_board(ctx, obj, "trash", "428.1", "killed")
            return
        leave_board(ctx, obj, str(to), "110" if not obj.token else "108", "moved")
        return
    if not isinstance(to, str):
        raise InvalidAction(
            msg(
                "to must be base, a battlefield id or one of {non_board_zones}",
                non_board_zones=NON_BOARD_ZONES,
            )
        )
    if not board.is_unit(card):
        raise IllegalAction(
            msg(
                "{name} is not a unit; units are the only permanents that move (442.3).",
                name=card.face.name,
            ),
            "442.3",
        )
    obj = chosen(ctx, action, unit=True)
    destination = BASE if to == BASE else str(board.battlefield(ctx.state, to)["id"])
    if destination == obj.location:
        raise InvalidAction(msg("{name} is already there", name=obj.face.name))
    standard = params.flag(action, "standard")
    if destination != BASE and board.is_crowded(ctx.state, destination, obj.controller):
        if standard:
            name = battlefield_name(board.battlefield(ctx.state, destination))
            raise IllegalAction(
                msg(
                    "{name} already has units of two other players; a Standard Move can't go "
                    "there (144.4.a.1, 444.2).",
                    name=name,
                ),
                "144.4.a.1",
            )
        _recall_instead(ctx, obj, destination)
        return
    if standard:
        _standard_move_cost(ctx, obj, destination)
    origin = obj.location
    obj.location = destination
    board.carry_attached(ctx.state, obj)
    ctx.event(
        "moved",
        msg(
            "{obj} moved from {location_name} to {location_name2} (420).",
            obj=_noun(obj),
            location_name=board.location_name(ctx.state, origin, obj.controller),
            location_name2=board.location_name(ctx.state, destination, obj.controller),
        ),
        "420",
        object=obj.id,
        count=obj.count,
        to=destination,
    )


def _recall_instead(ctx: RiftboundContext, obj: RiftboundObject, destination: str) -> None:
    """A Move an effect requires into a battlefield with units of two other players (444.2)
    becomes a Recall to the unit's base (442.2.c): not a Move (451), and its damage, status and
    buff stay (453.1)."""
    state = ctx.state
    origin = obj.location
    where = board.location_name(state, destination, obj.controller)
    base = board.location_name(state, BASE, obj.controller)
    obj.location = BASE
    board.carry_attached(state, obj)
    ctx.event(
        "recalled",
        plural(
            "{name} can't move to {where}, which has units of two other players (444.2); "
            "it is Recalled to {base} instead (442.2.c, 450).",
            "{n} {name} can't move to {where}, which has units of two other players (444.2); "
            "they are Recalled to {base} instead (442.2.c, 450).",
            n=obj.count,
            name=obj.face.name,
            where=where,
            base=base,
        )
        if origin != BASE
        else plural(
            "{name} can't move to {where}, which has units of two other players (444.2); "
            "it is Recalled to {base} instead (it is already there) (442.2.c, 450).",
            "{n} {name} can't move to {where}, which has units of two other players (444.2); "
            "they are Recalled to {base} instead (they are already there) (442.2.c, 450).",
            n=obj.count,
            name=obj.face.name,
            where=where,
            base=base,
        ),
        "442.2.c",
        object=obj.id,
        count=obj.count,
        to=BASE,
    )


def _standard_move_cost(ctx: RiftboundContext, obj: RiftboundObject, destination: str) -> None:
    """A Standard Move: in its controller's Main Phase (144.1.a), base to battlefield or back,
    battlefield to battlefield only with Ganking (144.4) or "from anywhere" (Baron Pit,
    184.9); exhausting the unit is the cost (144.2)."""
    state = ctx.state
    if state.step != "main" or state.active_seat != obj.controller:
        ctx.refuse(
            msg("A Standard Move is made in its controller's Main Phase (144.1.a)."), "144.1.a"
        )
    if obj.location != BASE and destination != BASE:
        anywhere = any(
            e.kind == "move_here_from_anywhere"
            for e in board.battlefield_effects(state, destination)
        )
        if "Ganking" not in board.keywords(state, obj) and not anywhere:
            ctx.refuse(
                msg("Only units with Ganking move from battlefield to battlefield (144.4)."),
                "144.4",
            )
    if obj.exhausted:
        ctx.refuse(
            msg(
                "{name} is exhausted and can't pay the Standard Move's cost (144.2).",
                name=obj.face.name,
            ),
            "144.2",
        )
    set_exhausted(ctx, obj, True, "144.2")
