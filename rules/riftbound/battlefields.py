"""Battlefields: set up with the table, added as tokens (439.2.b.4) or replacing one (438).

A battlefield is a record in ``battlefields(state)``: ``id`` (the location units name), ``name``,
``generated`` (N when the table named it "Battlefield N" itself, so pages tell the name in the
reader's language; None for a name given or printed; ``records.battlefield_name``),
``controller``, ``token``, ``definition``, ``text``, ``effects``, ``replaced`` (what Replace put
in Banishment, 438.5) and ``scored`` (seats that scored it this turn, 465).
"""

from __future__ import annotations

from typing import Any

from rules import params
from rules.definitions import face_to_payload
from rules.errors import IllegalAction, InvalidAction
from rules.riftbound import board
from rules.riftbound.records import RiftboundContext, battlefield_name, battlefields
from rules.state import Face
from rules.text import msg

JsonDict = dict[str, Any]

_OCCUPANT_KEYS = ("name", "generated", "token", "definition", "text", "effects")


def battlefield_record(battlefield_id: str, name: str, generated: int | None = None) -> JsonDict:
    """A battlefield as set up with the table: ``generated`` is the N of a name the table gave
    it ("Battlefield N"), None for a name the players gave."""
    return {
        "id": battlefield_id,
        "name": name,
        "generated": generated,
        "controller": None,
        "token": False,
        "definition": None,
        "text": "",
        "effects": [],
        "replaced": [],
        "scored": [],
    }


def create_battlefield(
    ctx: RiftboundContext, action: JsonDict, face: Face, slug: str | None, seat: int, count: int
) -> None:
    """Add a battlefield token to the board, uncontrolled (439.4.b), or Replace one (438)."""
    if count != 1 or action.get("location") is not None:
        raise InvalidAction(msg("a battlefield token is one token and has no location"))
    occupant = {
        "name": face.name,
        "generated": None,
        "token": True,
        "definition": slug,
        "text": face.text,
        "effects": face_to_payload(face)["effects"],
    }
    state = ctx.state
    if action.get("replace") is not None:
        _replace(ctx, board.battlefield(state, action["replace"]), occupant, seat)
        return
    if slug == "rb-baron-pit" and any(b["definition"] == slug for b in battlefields(state)):
        ctx.event(
            "no_token",
            msg("The Baron Pit is already on the board; no other is added (184.9)."),
            "184.9",
        )
        return
    number = 1 + max((int(b["id"][2:]) for b in battlefields(state)), default=0)
    field = {**battlefield_record(f"bf{number}", face.name), **occupant}
    battlefields(state).append(field)
    ctx.event(
        "battlefield_added",
        msg(
            "{seat} added the {name} battlefield token to the board; it is uncontrolled (439.4.b).",
            seat=state.seats[seat].name,
            name=face.name,
        ),
        "439.4.b",
        battlefield=field["id"],
    )


def _replace(ctx: RiftboundContext, field: JsonDict, occupant: JsonDict, seat: int) -> None:
    """The token takes the battlefield's place and inherits its control and statuses (438.1);
    a replaced card goes to Banishment (438.5), a replaced token stops existing (438.6)."""
    old = {key: field[key] for key in _OCCUPANT_KEYS}
    if old["token"]:
        ctx.event(
            "ceased_to_exist",
            msg(
                "The replaced {old} token stopped existing in Banishment (438.6).",
                old=battlefield_name(old),
            ),
            "438.6",
            battlefield=field["id"],
        )
    else:
        field["replaced"].append(old)
    field.update(occupant)
    ctx.event(
        "battlefield_replaced",
        msg(
            "{seat} replaced {old} with a {occupant} battlefield token; {old} is Replaced in "
            "Banishment (438.5).",
            seat=ctx.state.seats[seat].name,
            old=battlefield_name(old),
            occupant=occupant["name"],
        ),
        "438.5",
        battlefield=field["id"],
    )


def swap_back(ctx: RiftboundContext, action: JsonDict) -> None:
    """The token stops existing and a replaced battlefield returns to its space, inheriting
    current control and statuses (438.7.b); the controller picks which one (Unleashed FAQ)."""
    field = board.battlefield(ctx.state, action.get("battlefield"))
    replaced: list[JsonDict] = field["replaced"]
    if not field["token"] or not replaced:
        raise IllegalAction(
            msg(
                "There is nothing in Banishment for {field} to swap back to (438.7.c).",
                field=battlefield_name(field),
            ),
            "438.7.c",
        )
    names = [r["name"] for r in replaced]
    wanted = params.text(action, "to")
    if wanted is not None and wanted not in names:
        raise InvalidAction(msg("to must be one of {names}", names=names))
    seat = field["controller"] if field["controller"] is not None else ctx.state.active_seat
    name = wanted or ctx.decide(
        "swap_back", seat, msg("Swap back to which battlefield (438.7.b)?"), names, "438.7.b"
    )
    original = replaced.pop(names.index(name))
    ctx.event(
        "ceased_to_exist",
        msg("The {field} token stopped existing (438.7.b).", field=battlefield_name(field)),
        "438.7.b",
        battlefield=field["id"],
    )
    field.update(original)
    ctx.event(
        "swapped_back",
        msg(
            "{name} returned from Banishment to its space (438.7.b).",
            name=battlefield_name(original),
        ),
        "438.7.b",
        battlefield=field["id"],
    )
