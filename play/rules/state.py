"""The game state: seats, objects (as stacks), turn and the pending choice.

Plain mutable dataclasses. ``apply`` works on a deep copy, so callers never see a state change
under them. Everything here round-trips through ``codec`` exactly.
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import MISSING, dataclass, field
from typing import Any, TypeVar

from play.rules.effects import Ability, Effect

JsonDict = dict[str, Any]

MAX_COUNT = 10**9  # per action; issue 7: at least 10**9, and 10**12 is refused
"""The largest count one action may name, and the largest stack the kernel will build."""

MANA_KEYS = ("W", "U", "B", "R", "G", "C")


@dataclass(frozen=True)
class Face:
    """Copiable values of one face of an object (CR 707.2): what its definition printed."""

    name: str
    mana_cost: str = ""
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: int | None = None
    toughness: int | None = None
    might: int | None = None
    pt_cda: bool = False
    """Power or toughness printed with "*": set by a characteristic-defining ability (604.3) the
    kernel doesn't evaluate, so it counts as 0 and isn't judged by 704.5f/g until a base P/T is
    set (set_pt, pump set_base, an Aura)."""
    tags: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    text: str = ""
    loyalty: int | None = None
    """Printed loyalty (MTG 209.1): a planeswalker enters with that many loyalty counters
    (306.5b); "X" or none is None."""
    abilities: tuple[Ability, ...] = ()
    effects: tuple[Effect, ...] = ()

    def has_type(self, card_type: str) -> bool:
        return card_type in self.types


@dataclass(frozen=True)
class Pump:
    """A P/T change from a resolved effect: 7b when ``set_base``, else 7c (CR 613.4b/c)."""

    power: int
    toughness: int
    set_base: bool
    until: str | None
    timestamp: int


@dataclass
class GameObject:
    """A stack of ``count`` identical objects (DESIGN.md "Stacks"); rules treat each separately."""

    id: str
    count: int
    zone: str
    owner: int
    controller: int
    token: bool
    face: Face
    back: Face | None = None
    definition: str | None = None
    copy_of: str | None = None
    tapped: bool = False
    flipped: bool = False
    face_down: bool = False
    phased_out: bool = False
    phased_out_with: str | None = None
    transformed: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    attached_to: str | None = None
    summoning_sick: bool = True
    leaves_at: str | None = None
    leaves_by: int | None = None
    """Who controls the delayed trigger behind a "sacrifice" ``leaves_at`` (None: the owner,
    who created the token, 111.2); only the controller can sacrifice a permanent (701.21a)."""
    attacking: int | None = None
    pumps: tuple[Pump, ...] = ()
    control_reverts_to: int | None = None
    timestamp: int = 0
    granted: tuple[str, ...] = ()
    """Keywords a resolved effect gave this object (layer 6); not copiable (707.2): encore's
    "The tokens gain haste" (702.141a)."""
    added_subtypes: tuple[str, ...] = ()
    """Subtypes a resolved effect added (layer 4, not copiable, 707.2): amass's "it becomes a
    [subtype] in addition to its other types" (701.47a)."""
    must_attack: int | None = None
    """The seat this creature attacks this turn if able (508.1d; encore, 702.141a)."""
    blocking: str | None = None
    """The attacking object this creature blocks (509.1a)."""
    chosen_name: str | None = None
    """A card name chosen as it entered (201.4; Pithing Needle)."""
    exhausted: bool | None = None
    location: str | None = None
    chosen_color: str | None = None
    """The color chosen as it entered ("As this creature enters, choose a color", 614.12)."""

    @property
    def current(self) -> Face:
        """The face that is up (CR 712.8d/e)."""
        if self.transformed and self.back is not None:
            return self.back
        return self.face


@dataclass
class Seat:
    name: str
    life: int
    hand: int
    library: int
    mana_pool: dict[str, int] = field(default_factory=lambda: dict.fromkeys(MANA_KEYS, 0))
    restricted_mana: dict[str, int] = field(default_factory=dict)
    poison: int = 0
    points: int = 0
    lost: bool = False
    drew_from_empty: bool = False
    rune_deck: int = 0
    runes: int = 0


@dataclass
class PendingChoice:
    """A decision the rules give a player; ``action`` is the suspended action with the answers
    given so far, resumed by ``choose``."""

    kind: str
    seat: int
    prompt: str
    options: list[Any]
    action: JsonDict


_Record = TypeVar("_Record", "GameObject", "Seat")


_MUTABLE_FIELDS: dict[str, tuple[str, ...]] = {}


def _mutable_fields(record: object) -> tuple[str, ...]:
    """Fields built by a default factory are the mutable ones (dicts, lists)."""
    name = type(record).__name__
    if name not in _MUTABLE_FIELDS:
        fields = dataclasses.fields(record)  # type: ignore[arg-type]
        _MUTABLE_FIELDS[name] = tuple(f.name for f in fields if f.default_factory is not MISSING)
    return _MUTABLE_FIELDS[name]


def _copy_value(value: Any) -> Any:
    """A counter or mana dict holds only ints: a flat copy is a full copy, and much cheaper."""
    if type(value) is dict and all(type(v) is int for v in value.values()):
        return dict(value)
    return copy.deepcopy(value)


def _copy_record(record: _Record) -> _Record:
    # What copy.copy does for a plain dataclass, without its generic __reduce_ex__ path.
    new = object.__new__(type(record))
    new.__dict__.update(record.__dict__)
    for name in _mutable_fields(record):
        setattr(new, name, _copy_value(getattr(record, name)))
    return new


@dataclass
class GameState:
    game: str
    seats: list[Seat]
    turn: int = 1
    active_seat: int = 0
    step: str = "main1"
    objects: dict[str, GameObject] = field(default_factory=dict)
    battlefields: list[JsonDict] = field(default_factory=list)
    pending_choice: PendingChoice | None = None
    next_id: int = 1
    next_timestamp: int = 1
    system: JsonDict = field(default_factory=dict)
    """Game-system data with no place above, JSON only (Riftbound: Victory Score, "once each
    turn" uses)."""

    def clone(self) -> GameState:
        """A copy that shares only immutable values (faces, pumps, tuples): much cheaper than a
        deep copy, and still independent of the original."""
        new = copy.copy(self)
        new.seats = [_copy_record(seat) for seat in self.seats]
        new.objects = {key: _copy_record(obj) for key, obj in self.objects.items()}
        new.battlefields = copy.deepcopy(self.battlefields)
        new.pending_choice = copy.deepcopy(self.pending_choice)
        new.system = copy.deepcopy(self.system)
        return new

    def new_id(self) -> str:
        """Ids come from a counter in the state, never from a clock or uuid."""
        object_id = f"o{self.next_id}"
        self.next_id += 1
        return object_id

    def new_timestamp(self) -> int:
        stamp = self.next_timestamp
        self.next_timestamp += 1
        return stamp

    def seat(self, index: int) -> Seat:
        return self.seats[index]

    def on_battlefield(self) -> list[GameObject]:
        """Phased-in permanents: phased-out ones are treated as though they don't exist
        (CR 702.26b)."""
        return [o for o in self.objects.values() if o.zone == "battlefield" and not o.phased_out]
