"""Choices made as a permanent enters (CR 614.12): "As this creature enters, choose a color".

The choice is the entering permanent's own replacement effect on the event of its entering, an
event contained in the event that puts it there, so a token-creation replacement (Doubling
Season) has already applied (616.1g) and each object that enters gets its own choice. A stack of
objects that chose differently splits; the controller may answer once for all that remain.
"""

from __future__ import annotations

from rules.context import times
from rules.mtg.records import MtgContext, MtgObject
from rules.stacks import split
from rules.text import msg

COLORS = ("W", "U", "B", "R", "G")
COLOR_NAMES = {
    "W": msg("white"),
    "U": msg("blue"),
    "B": msg("black"),
    "R": msg("red"),
    "G": msg("green"),
}


def _all(color: str, remaining: int) -> str:
    return f"{color} (all {remaining})"


def protector_of(obj: MtgObject) -> int:
    """A battle's protector (310.9): the one chosen as it entered, else its controller."""
    return obj.controller if obj.protector is None else obj.protector


def choose_protector(ctx: MtgContext, obj: MtgObject) -> None:
    """310.9a: as a battle enters, its controller chooses its protector; a Siege's among their
    opponents (310.12a), a battle with no battle type only its controller. With no opponent
    left for a Siege, nobody is chosen and 310.11 puts it into the graveyard (``sba``)."""
    face = obj.current
    if obj.face_down or "Battle" not in face.types:
        return
    if "Siege" not in face.subtypes:
        obj.protector = obj.controller
        return
    state = ctx.state
    opponents = [i for i, s in enumerate(state.seats) if i != obj.controller and not s.lost]
    if not opponents:
        return
    seat = ctx.decide(
        "battle_protector",
        obj.controller,
        msg("Choose an opponent to protect {name} (CR 310.9a, 310.12a)", name=face.name),
        opponents,
        "310.12a",
    )
    obj.protector = seat
    ctx.event(
        "protector_chosen",
        msg(
            "{seat} protects {stack} (CR 310.9a)",
            seat=state.seat(seat).name,
            stack=times(obj.count, face.name),
        ),
        "310.9a",
        object=obj.id,
        seat=seat,
    )


def choose_as_enters(ctx: MtgContext, obj: MtgObject) -> list[MtgObject]:
    """Ask the controller each choice ``obj``'s "as this enters" effects need, one per object
    in the stack; returns the stacks it became (the first is ``obj``)."""
    choose_protector(ctx, obj)
    face = obj.current if not obj.face_down else None
    if face is None or not any(e.kind == "as_enters_choose" for e in face.effects):
        return [obj]
    chosen: dict[str, int] = {}
    remaining, asked = obj.count, 0
    while remaining:
        asked += 1
        which = f" (the {asked}{_ordinal(asked)} of {obj.count})" if obj.count > 1 else ""
        options: list[str] = list(COLORS)
        if remaining > 1:
            options += [_all(c, remaining) for c in COLORS]
        answer = ctx.decide(
            "as_enters_color",
            obj.controller,
            msg(
                "Choose a color for {name}{which} as it enters (CR 614.12, 616.1g)",
                name=face.name,
                which=which,
            ),
            options,
            "614.12",
        )
        color, n = (answer, 1) if answer in COLORS else (answer[0], remaining)
        chosen[color] = chosen.get(color, 0) + n
        remaining -= n
    parts = [obj]
    groups = list(chosen.items())
    for color, n in groups[1:]:
        part = split(ctx.state, obj, n)
        part.chosen_color = color
        parts.append(part)
    obj.chosen_color = groups[0][0]
    seat = ctx.state.seat(obj.controller).name
    for part in parts:
        color = part.chosen_color or ""
        ctx.event(
            "color_chosen",
            msg(
                "{seat} chose {color_names} for {stack} as it entered (CR 614.12)",
                seat=seat,
                color_names=COLOR_NAMES[color],
                stack=times(part.count, face.name),
            ),
            "614.12",
            object=part.id,
            count=part.count,
            color=color,
        )
    return parts


def _ordinal(n: int) -> str:
    if 10 <= n % 100 <= 20:
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
