"""Riftbound's own fields on the shared records: exhausted and location, points, runes, the rune
pool, and the battlefields of the game."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

from rules.context import Context
from rules.state import GameObject, GameState, Seat
from rules.text import msg

JsonDict = dict[str, Any]


@dataclass
class RiftboundObject(GameObject):
    exhausted: bool | None = None
    """Exhausted or ready on the board (Riftbound's status); None in the other zones."""
    location: str | None = None
    """Base ("base") or a battlefield's id, on the board; None in the other zones."""


@dataclass
class RiftboundSeat(Seat):
    rune_pool: dict[str, int] = field(default_factory=dict)
    points: int = 0
    rune_deck: int = 0
    runes: int = 0


RiftboundState: TypeAlias = GameState[RiftboundObject, RiftboundSeat]
RiftboundContext: TypeAlias = Context[RiftboundObject, RiftboundSeat]


def battlefields(state: RiftboundState) -> list[JsonDict]:
    """The battlefield records of the game (``battlefields.py``), kept in the system data."""
    found: list[JsonDict] = state.system.setdefault("battlefields", [])
    return found


def battlefield_name(field: JsonDict) -> str:
    """A battlefield's name for sentences: a name the table gave it ("Battlefield 2", recorded
    as its number in ``generated``) is a sentence of its own, so a reader's language tells it;
    a name given or printed stays as it is."""
    number = field.get("generated")
    return msg("Battlefield {number}", number=number) if number is not None else field["name"]
