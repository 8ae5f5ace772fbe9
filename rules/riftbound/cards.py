"""Nontoken cards in the trash, Banishment or Champion Zone (108.2, 108.3, 108.6): they can be
returned to the hand, recycled, banished or played onto the board. Tokens are never there
(183.1)."""

from __future__ import annotations

from typing import Any

from rules.errors import InvalidAction
from rules.riftbound import board
from rules.riftbound.board import BASE, BOARD, NON_BOARD_ZONES
from rules.riftbound.records import RiftboundContext, RiftboundObject
from rules.stacks import split
from rules.text import msg, plural

JsonDict = dict[str, Any]


def move_card(ctx: RiftboundContext, obj: RiftboundObject, count: int, to: object) -> None:
    """Move ``count`` of a card stack out of the trash or Banishment."""
    state = ctx.state
    if to == obj.zone:
        raise InvalidAction(msg("{name} is already in the {to}", name=obj.face.name, to=to))
    if to not in NON_BOARD_ZONES and to != BASE:
        board.battlefield(state, to)
    if to == "champion":
        board.check_champion_zone(state, obj.owner, count)
    part = split(state, obj, count)
    owner = state.seats[part.owner]
    if to in ("hand", "main_deck"):
        del state.objects[part.id]
        if to == "hand":
            owner.hand += part.count
        else:
            owner.library += part.count
        _moved(ctx, part, f"{owner.name}'s {'hand' if to == 'hand' else 'Main Deck'}", "108")
        return
    if to in NON_BOARD_ZONES:
        part.zone = str(to)
        _moved(ctx, part, f"{owner.name}'s {to}", "108")
        return
    gear = part.face.has_type("Gear")
    part.location = board.check_play_location(state, part.owner, to, gear)
    part.zone, part.controller, part.exhausted = BOARD, part.owner, not gear
    where = board.location_name(state, part.location, part.owner)
    _moved(ctx, part, where, "149.1" if gear else "143.4")


def recycle_card(ctx: RiftboundContext, obj: RiftboundObject, count: int) -> None:
    """A card is recycled to the bottom of its owner's Main Deck (416.1.a, 416.1.c)."""
    part = split(ctx.state, obj, count)
    del ctx.state.objects[part.id]
    ctx.state.seats[part.owner].library += part.count
    ctx.event(
        "recycled",
        msg(
            "{part} was recycled to the bottom of its owner's Main Deck (416.1).", part=_noun(part)
        ),
        "416.1",
        object=part.id,
        count=part.count,
        to="main_deck",
    )


def _moved(ctx: RiftboundContext, obj: RiftboundObject, where: str, rule: str | None) -> None:
    status = (
        ""
        if obj.zone != BOARD
        else msg("; it entered exhausted")
        if obj.exhausted
        else msg("; it entered ready")
    )
    cite = f" ({rule})" if rule else ""
    ctx.event(
        "moved",
        msg(
            "{obj} moved to {where}{status}{cite}.",
            obj=_noun(obj),
            where=where,
            status=status,
            cite=cite,
        ),
        rule,
        object=obj.id,
        count=obj.count,
        to=obj.location if obj.zone == BOARD else obj.zone,
    )


def _noun(obj: RiftboundObject) -> str:
    return plural("{name}", "{n} {name}", n=obj.count, name=obj.face.name)
