"""Reflection tokens that become copies of a unit (184.6, 472.1.b): Mirror Image, Keeper of Masks.

A copy takes the copiable traits the unit prints (name, Might, tags, keywords, text, abilities,
effects), never its buff, damage, status or granted keywords (472.1.b.1-3); a copy of a copy
takes the copy's traits. The effect may give the token more (181.3: "Give it [Temporary]"): a
granted keyword, kept in ``RiftboundObject.granted``, which a later copy doesn't take.
"""

from __future__ import annotations

from typing import Any

from rules import params
from rules.errors import InvalidAction
from rules.riftbound import board
from rules.riftbound.actions import deflect_tax
from rules.riftbound.create import face_of, play_token
from rules.riftbound.predefined import predefined_token
from rules.riftbound.records import RiftboundContext
from rules.stacks import check_count
from rules.text import msg

JsonDict = dict[str, Any]
REFLECTION = "rb-reflection"


def create_copy(ctx: RiftboundContext, action: JsonDict) -> None:
    """Play Reflection tokens that become copies of ``of``; with no such unit they stay 0-Might
    Reflections (Unleashed FAQ, Deceiver)."""
    seat = params.seat(ctx, action, "controller", ctx.state.active_seat)
    count = check_count(action.get("count"))
    granted = params.mapping(action, "except").get("keywords", [])
    if not isinstance(granted, list) or not all(isinstance(k, str) and k for k in granted):
        raise InvalidAction(msg("except.keywords must be a list of keywords"))
    reflection = predefined_token(REFLECTION)
    assert reflection is not None
    face = face_of(reflection)
    of = action.get("of")
    source = ctx.state.objects.get(of) if isinstance(of, str) else None
    if source is not None and not board.is_unit(source):
        raise InvalidAction(msg("{name} is not a unit on the board", name=source.face.name))
    if source is None:
        ctx.event(
            "not_copied",
            msg(
                "There is no unit {of} to copy; the Reflection stays a 0-Might unit (184.6).",
                of=repr(of),
            ),
            "184.6",
        )
    else:
        # Choosing the unit to copy is a choice: an opponent's Deflect taxes it (809.1.c).
        deflect_tax(ctx, action, source, 1)
        face = source.face
    # "Give it [Temporary]" is granted (181.3, 472.2), not a copiable trait: a copy of this
    # Reflection doesn't get it (472.1.b.3).
    obj = play_token(ctx, action, face, REFLECTION, seat, count, tuple(granted))
    if source is not None:
        obj.copy_of = source.id
        ctx.event(
            "became_copy",
            msg("The Reflection became a copy of {name} (472.1.b).", name=source.face.name),
            "472.1.b",
            object=obj.id,
            of=source.id,
        )
