"""MTG's own fields on the shared records: statuses (110.5), combat, pumps, mana pools, poison."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias

from rules.context import Context
from rules.state import Face, GameObject, GameState, Pump, Seat

MANA_KEYS = ("W", "U", "B", "R", "G", "C")


@dataclass
class MtgObject(GameObject):
    tapped: bool = False
    flipped: bool = False
    face_down: bool = False
    phased_out: bool = False
    phased_out_with: str | None = None
    transformed: bool = False
    summoning_sick: bool = True
    leaves_at: str | None = None
    leaves_by: int | None = None
    """Who controls the delayed trigger behind a "sacrifice" ``leaves_at`` (None: the owner,
    who created the token, 111.2); only the controller can sacrifice a permanent (701.21a)."""
    attacking: int | str | None = None
    """What it attacks (508.1b): a seat, or the id of a planeswalker or battle; None when not
    attacking."""
    blocked: bool = False
    """An attacking creature that had blockers declared for it stays blocked (509.1h)."""
    struck_first: bool = False
    """It had first strike or double strike as the first-strike damage step began (510.4)."""
    pumps: tuple[Pump, ...] = ()
    control_reverts_to: int | None = None
    added_subtypes: tuple[str, ...] = ()
    """Subtypes a resolved effect added (layer 4, not copiable, 707.2): amass's "it becomes a
    [subtype] in addition to its other types" (701.47a)."""
    must_attack: int | None = None
    """The seat this creature attacks this turn if able (508.1d; encore, 702.141a)."""
    blocking: tuple[str, ...] = ()
    """The attacking stacks this creature blocks (509.1a). A blocker stack of n blocking an
    attacker stack of m: each blocker blocks one of them, each attacker is blocked by n/m."""
    chosen_name: str | None = None
    """A card name chosen as it entered (201.4; Pithing Needle)."""
    chosen_color: str | None = None
    """The color chosen as it entered ("As this creature enters, choose a color", 614.12)."""
    protector: int | None = None
    """A battle's protector (310.9), chosen as it entered (310.9a); None: its controller."""

    def leave_combat(self) -> None:
        """506.4: it stops being an attacking, blocking, blocked or unblocked creature."""
        self.attacking = None
        self.blocking = ()
        self.blocked = self.struck_first = False

    @property
    def current(self) -> Face:
        """The face that is up (CR 712.8d/e)."""
        if self.transformed and self.back is not None:
            return self.back
        return self.face

    def needs_timestamp(self) -> bool:
        """Auras (Roles, 704.5z) and objects with a base-setting pump (613.4b) are ordered by
        timestamp."""
        return "Aura" in self.current.subtypes or any(p.set_base for p in self.pumps)

    def is_effect_source(self) -> bool:
        """A phased-in permanent whose static effects apply (a face-down one has none, 708.2a)."""
        return not self.phased_out and not self.face_down and super().is_effect_source()

    def merge_extra(self) -> tuple[Any, ...]:
        # Only base-setting pumps are ordered by timestamp (613.7); +N/+N pumps just add up.
        # A blocked attacking stack is what its blockers name (each blocks its own share of
        # it, 509.1a): two of them never merge, or a blocker would lose what it blocks.
        unique = (self.id,) if self.blocked and self.attacking is not None else ()
        return unique + tuple(
            sorted(
                (p.power, p.toughness, p.set_base, p.until or "", p.timestamp if p.set_base else 0)
                for p in self.pumps
            )
        )


@dataclass
class MtgSeat(Seat):
    mana_pool: dict[str, int] = field(default_factory=lambda: dict.fromkeys(MANA_KEYS, 0))
    restricted_mana: dict[str, int] = field(default_factory=dict)
    poison: int = 0
    drew_from_empty: bool = False
    commander_damage: dict[str, int] = field(default_factory=dict)
    """Combat damage dealt to this player by each commander, by its id (903.10a)."""
    designations: list[str] = field(default_factory=list)
    """Designations the player has: "monarch", "initiative" (720, 725)."""


MtgState: TypeAlias = GameState[MtgObject, MtgSeat]
MtgContext: TypeAlias = Context[MtgObject, MtgSeat]


def on_battlefield(state: MtgState) -> list[MtgObject]:
    """Phased-in permanents: phased-out ones are treated as though they don't exist
    (CR 702.26b)."""
    return [o for o in state.objects.values() if o.zone == "battlefield" and not o.phased_out]
