"""The types a registry entry is written in: parameters and their kinds, what they refer to,
who acts, which objects an action applies to, the groups and roles of controls, ``ActionSpec``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.context import Context
from rules.state import MAX_COUNT

JsonDict = dict[str, Any]
Handler = Callable[[Context[Any, Any], JsonDict], None]
MAX_SEAT = 63

# Parameter kinds: how a value is written (and which API/form field carries it).
INTEGER = "integer"
BOOLEAN = "boolean"
TEXT = "text"
CHOICE = "choice"  # one of ``choices``
SEAT = "seat"  # a seat number
SEAT_OR_TRUE = "seat_or_true"  # true / false or what is attacked, as DEFENDER (attacking)
DEFENDER = "defender"  # a seat number, {"seat": n} or {"object": id} (MTG 508.1b)
OBJECT = "object"  # a stack id
OBJECTS = "objects"  # a list of stack ids
DEFINITION = "definition"  # custom characteristics, the fields of a token definition
COPY_EXCEPT = "copy_except"  # exceptions to a copy (707.9)
COUNTERS = "counters"  # {kind: n}
MAPPING = "mapping"  # a JSON object of named choices
JSON = "json"  # any JSON value (an answer to a pending choice)
KINDS = frozenset(
    {
        INTEGER,
        BOOLEAN,
        TEXT,
        CHOICE,
        SEAT,
        SEAT_OR_TRUE,
        DEFENDER,
        OBJECT,
        OBJECTS,
        DEFINITION,
        COPY_EXCEPT,
        COUNTERS,
        MAPPING,
        JSON,
    }
)

# What a parameter refers to (the catalogue embeds definitions for "token" and "card").
STACK = "stack"
PLAYER = "seat"
TOKEN = "token"
CARD = "card"
CARD_NAME = "card_name"  # a chosen card name, inside ``choices`` (201.4)
PENDING = "choice"
BATTLEFIELD = "battlefield"
ZONE = "zone"


@dataclass(frozen=True)
class Param:
    """One parameter of an action, as the API, the forms and the kernel read it."""

    name: str
    kind: str
    help: str
    required: bool = False
    minimum: int | None = None
    maximum: int | None = None
    default: Any = None
    choices: tuple[str, ...] = ()
    labels: tuple[str, ...] = ()  # how people read the choices, in their order
    blank: str = ""  # how people read "not given" (a choice's empty option)
    max_length: int | None = None
    refers: str | None = None
    label: str = ""
    form: bool = True  # asked by the browser forms (False: API only)
    offered_by: str = ""  # the game presentation's source of the values a form offers

    def __post_init__(self) -> None:
        assert self.kind in KINDS, self.kind

    def options(self) -> list[tuple[str, str]]:
        """The choices with their labels, after the empty one."""
        labels = self.labels or tuple(c.replace("_", " ") for c in self.choices)
        return [("", self.blank), *zip(self.choices, labels, strict=True)]

    def bounds(self) -> tuple[int, int] | None:
        """The inclusive range of an integer-valued parameter."""
        if self.kind == INTEGER:
            low = -MAX_COUNT if self.minimum is None else self.minimum
            return low, MAX_COUNT if self.maximum is None else self.maximum
        if self.kind == SEAT:
            return 0, MAX_SEAT
        return None

    def but(self, **changes: Any) -> Param:
        return replace(self, **changes)


# Who acts, for permissions (``acting_seats``).
CONTROLLER = "controller"  # the controller of the ``object``; nobody in particular without one
NAMED = "named"  # the seat named by ``Actor.param`` (default: the active player if ``active``)
ACTIVE = "active"  # the active player
ANYONE = "anyone"  # any seated player
FIELD_CONTROLLER = "field_controller"  # the controller of the battlefield named by ``param``
OWNER = "owner"  # the table's owner alone: the tables service checks (the kernel has no owners)


@dataclass(frozen=True)
class Actor:
    kind: str
    param: str = ""
    active_by_default: bool = False
    otherwise: str = ""  # NAMED without the seat: the controller of the object this names
    fallback: str = ""  # NAMED without the seat: the seat this other parameter names


OWN_OBJECT = Actor(CONTROLLER, "object")
# An effect of a player's spell or ability on any object (damage, destroy, exile, tap, counters,
# control): any seated player sends it; the log records who.
EFFECT = Actor(ANYONE)


@dataclass(frozen=True)
class Applies:
    """Which objects (their API view) an object action is offered on: in one of ``zones``, of
    one of ``types`` (any when empty), with every flag of ``when`` true and of ``unless`` false."""

    zones: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    when: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()

    def matches(self, obj: Mapping[str, Any]) -> bool:
        if self.zones and obj.get("zone") not in self.zones:
            return False
        if self.types and not set(self.types) & set(obj.get("types") or ()):
            return False
        return all(obj.get(f) for f in self.when) and not any(obj.get(f) for f in self.unless)


# Groups of controls: the object panel shows one form per group, in this order.
GROUPS: dict[str, str] = {
    "main": "Actions",
    "move": "Move",
    "control": "Control",
    "amounts": "Counters",
    "damage": "Damage",
    "pump": "Pump",
    "ability": "Abilities",
    "copy": "Create token copies (CR 707.2)",
    "role": "Attach a Role",
}

# Roles: the controls the table page draws outside the object panel, by what they do.
ROLES = frozenset(
    {
        "create",  # the palette: create tokens of a definition
        "put",  # put a card from the palette onto the battlefield
        "copy_card",  # token copies of a card from the palette
        "spell_copy",  # a copy of a permanent spell resolves
        "tap_one",  # the tile's quick button on a ready object
        "untap_one",  # ... on a tapped (exhausted) object
        "untap_everything",  # every permanent of one seat
        "life",  # the seat's counter (life or points)
        "player_counters",  # a seat's counters other than life (poison, energy...)
        "designation",  # a seat becomes the monarch or takes the initiative
        "declare_attack",  # every able creature (or the stacks named) attacks one defender
        "declare_blocks",  # a defending player's blockers, and done
        "next",  # next step
        "pass",  # pass the turn
        "answer",  # answer the pending choice
        "mode",  # the owner switches between enforcing the rules and tracking only
    }
)


@dataclass(frozen=True)
class ActionSpec:
    type: str
    handler: Handler | None  # None: the kernel itself answers (``choose``)
    label: str
    help: str
    params: tuple[Param, ...] = ()
    actor: Actor = OWN_OBJECT
    rule: str | None = None
    applies: Applies | None = None  # None: not offered on objects
    group: str | None = None
    role: str | None = None
    manual: bool = False  # a manual override, logged as such
    example: JsonDict = field(default_factory=dict)
    style: str = ""  # "secondary" or "danger" for the button
    flip: str | None = None  # the flag this action sets (tapped, exhausted): tile quick buttons

    def __post_init__(self) -> None:
        assert self.group is None or self.group in GROUPS, self.group
        assert self.role is None or self.role in ROLES, self.role
        names = [p.name for p in self.params]
        assert len(names) == len(set(names)), self.type

    def param(self, name: str) -> Param | None:
        return next((p for p in self.params if p.name == name), None)

    def form_params(self) -> tuple[Param, ...]:
        return tuple(p for p in self.params if p.form)

    def example_action(self) -> JsonDict:
        return {"type": self.type, **self.example}
