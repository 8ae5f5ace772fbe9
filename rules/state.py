"""The game state: seats, objects (as stacks), turn and the pending choice.

Plain mutable dataclasses. The records here hold what every game has: a stack, its count, zone,
owner, controller and characteristics; each game system subclasses ``GameObject`` and ``Seat``
with its own fields (MTG's tapped and mana pool, Riftbound's exhausted and points) and names
them in ``GameState``'s type parameters. ``apply`` works on a copy-on-write clone, so callers
never see a state change under them. Everything here round-trips through ``codec`` exactly.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from rules.effects import Ability, Effect
from rules.objects import ObjectTable, copy_record

JsonDict = dict[str, Any]

ENFORCE = "enforce"
TRACK = "track"
MODES = (ENFORCE, TRACK)
"""How a table treats what the rules forbid: refused (enforce), or done and marked in the log
(track only: house rules, a judge rebuilding a board, cards the kernel doesn't know)."""

MAX_COUNT = 10**9  # per action; issue 7: at least 10**9, and 10**12 is refused
"""The largest count one action may name, and the largest stack the kernel will build."""


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
    makes: tuple[str, ...] = ()
    """What the object's token-making abilities do, one canonical JSON entry each (compiled from
    its rules text; run by ``make`` and fired by the events they name)."""

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


@dataclass(frozen=True)
class KeywordChange:
    """A keyword a resolved effect gave (or, ``remove``, took from) an object: MTG layer 6,
    Riftbound "gains"/"loses"; ``until`` "end_of_turn" or None (for as long as it exists)."""

    keyword: str
    remove: bool = False
    until: str | None = None


@dataclass
class GameObject:
    """A stack of ``count`` identical objects (DESIGN.md "Stacks"); rules treat each separately.

    Only what every game has; a system's subclass adds its statuses (all with defaults)."""

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
    counters: dict[str, int] = field(default_factory=dict)
    damage: int = 0
    attached_to: str | None = None
    timestamp: int = 0
    granted: tuple[str, ...] = ()
    """Keywords a resolved effect gave this object (MTG layer 6, Riftbound "gains"); not
    copiable (MTG 707.2): encore's "The tokens gain haste" (702.141a)."""
    keyword_changes: tuple[KeywordChange, ...] = ()
    """Keywords given or taken by ``grant``, applied in order after every other keyword (a
    later one wins); not copiable either."""

    def keywords_after_changes(self, keywords: list[str]) -> list[str]:
        """``keywords`` with this object's keyword changes applied, in order."""
        for change in self.keyword_changes:
            wanted = change.keyword.lower()
            if change.remove:
                keywords = [k for k in keywords if k.lower() != wanted]
            elif all(k.lower() != wanted for k in keywords):
                keywords.append(change.keyword)
        return keywords

    def end_turn_keyword_changes(self) -> None:
        """ "Until end of turn" keyword changes end (MTG 514.2, Riftbound 317.2)."""
        if self.keyword_changes:
            self.keyword_changes = tuple(
                c for c in self.keyword_changes if c.until != "end_of_turn"
            )

    @property
    def current(self) -> Face:
        """The face that is up."""
        return self.face

    def needs_timestamp(self) -> bool:
        """Whether a rule orders this object by timestamp, so identical ones still don't merge."""
        return False

    def merge_extra(self) -> tuple[Any, ...]:
        """Identity beyond the plain fields (``stacks.identity``), in a comparable form."""
        return ()

    def is_effect_source(self) -> bool:
        """Whether this object's static effects apply (``GameState.effect_sources``)."""
        return self.zone == "battlefield" and bool(self.current.effects)


@dataclass
class Seat:
    """What every game knows of a player; a system's subclass adds its own counts and pools."""

    name: str
    life: int
    hand: int
    library: int
    lost: bool = False


@dataclass
class PendingChoice:
    """A decision the rules give a player; ``action`` is the suspended action with the answers
    given so far, resumed by ``choose``."""

    kind: str
    seat: int
    prompt: str
    options: list[Any]
    action: JsonDict
    amounts: JsonDict | None = None
    """A choice answered by amounts (a division of combat damage): what may be divided, as data;
    ``options`` are then some answers offered as suggestions, and any answer the rules allow
    is accepted (the action's handler validates it)."""
    prompt_message: JsonDict | None = None
    """The prompt as data (``rules.text``), so a page asks in the reader's language."""
    # The object each option stands for (its id, None for none), so a page names it as players
    # see it; None when the options are no objects.
    refers: list[str | None] | None = None


ObjectT = TypeVar("ObjectT", bound=GameObject)
SeatT = TypeVar("SeatT", bound=Seat)


@dataclass
class GameState(Generic[ObjectT, SeatT]):
    game: str
    seats: list[SeatT]
    turn: int = 1
    active_seat: int = 0
    step: str = "main1"
    objects: ObjectTable[ObjectT] = field(default_factory=ObjectTable)
    pending_choice: PendingChoice | None = None
    next_id: int = 1
    next_timestamp: int = 1
    mode: str = ENFORCE
    """``ENFORCE`` or ``TRACK``: part of the state, so switching is an action in the log that
    replay and undo reproduce like any other (``set_mode``)."""
    system: JsonDict = field(default_factory=dict)
    """Game-system data with no place in a record, JSON only (Riftbound: Victory Score, its
    battlefields, "once each turn" uses)."""

    def __post_init__(self) -> None:
        if not isinstance(self.objects, ObjectTable):
            self.objects = ObjectTable(self.objects)

    def clone(self) -> GameState[ObjectT, SeatT]:
        """A copy independent of the original that shares immutable values (faces, pumps,
        tuples) and, until one of them hands it out for a change, each object record
        (``ObjectTable``): cloning costs nothing per object."""
        new = copy.copy(self)
        new.seats = [copy_record(seat) for seat in self.seats]
        new.objects = self.objects.fork()
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

    def seat(self, index: int) -> SeatT:
        return self.seats[index]

    def effect_sources(self) -> list[ObjectT]:
        """The objects whose static effects apply (``GameObject.is_effect_source``), in table
        order, for reading only: from the table's caches plus what this action touched, without
        walking the table."""
        table = self.objects
        caches = table.caches
        if caches is None:
            return [o for o in table.peek_values() if o.is_effect_source()]
        known = set(caches.sources)
        if any(
            (obj := table.peek(k)) is not None and obj.is_effect_source()
            for k in table.touched
            if k not in known
        ):
            return [o for o in table.peek_values() if o.is_effect_source()]  # a new source
        found = (table.peek(k) for k in caches.sources)
        return [o for o in found if o is not None and o.is_effect_source()]


AnyState = GameState[Any, Any]
"""A state of any game system, for the code all systems share."""
