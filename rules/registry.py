"""The action vocabulary as data: one registry per game system (``mtg/registry.py``,
``riftbound/registry.py``), built from the types here.

Each entry says what an action takes (its parameters: type, range, default, what they refer to),
who acts (for permissions), the rule it carries out, how people see it (label, help line, the
group of controls it sits in) and which objects it applies to. The kernel dispatches through it;
the API serializers and schema, the HTML forms and buttons, the acting-seat check and the
catalogue embedding are generated from it (docs/internals.md 6). Adding an action is one handler
and one entry.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from rules.context import Context
from rules.errors import InvalidAction
from rules.state import MAX_COUNT, MODES, TRACK, AnyState
from rules.text import msg

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


class Registry:
    """The actions of one game system, in the order the board offers them."""

    def __init__(
        self,
        game: str,
        specs: list[ActionSpec],
        *,
        by: Param | None = None,
        move_to: tuple[tuple[str, str], ...] = (),
        move_to_battlefields: bool = False,
        counter_kinds: tuple[str, ...] = (),
    ) -> None:
        self.game = game
        # Where the board offers to move an object (and the table's battlefields if asked),
        # and the counter names it suggests.
        self.move_to = move_to
        self.move_to_battlefields = move_to_battlefields
        self.counter_kinds = counter_kinds
        self.specs: dict[str, ActionSpec] = {}
        # ``by``: the seat whose spell or ability chooses the object (Riftbound Deflect, 809);
        # it acts as well as the seat the action belongs to.
        self.by = by
        for spec in [*specs, CHOOSE, SET_MODE]:
            assert spec.type not in self.specs, spec.type
            self.specs[spec.type] = spec

    def __iter__(self) -> Iterator[ActionSpec]:
        return iter(self.specs.values())

    def get(self, kind: object) -> ActionSpec | None:
        return self.specs.get(kind) if isinstance(kind, str) else None

    def handlers(self) -> dict[str, Handler]:
        return {s.type: s.handler for s in self if s.handler is not None}

    def manual(self) -> frozenset[str]:
        return frozenset(s.type for s in self if s.manual)

    def by_role(self, role: str) -> ActionSpec | None:
        return next((s for s in self if s.role == role), None)

    def for_object(self, obj: Mapping[str, Any]) -> list[ActionSpec]:
        """The object actions that apply to ``obj`` (its API view), in the registry's order."""
        return [s for s in self if s.applies is not None and s.applies.matches(obj)]

    def footprint(self, action: JsonDict) -> Footprint:
        """What ``action`` refers to (``footprint``); an unknown type refers to everything."""
        spec = self.get(action.get("type"))
        if spec is None:
            return Footprint(turn=True, choice=True)
        return footprint(spec, action)

    def acting_seats(self, state: AnyState, action: JsonDict) -> tuple[int | None, set[int]]:
        """The seat the log records for ``action`` and every seat its sender must act for.

        With ``by`` (Riftbound), that seat is recorded, but the seat the action belongs to
        without it must act too, or a player could act on an opponent's objects by naming
        themselves. A seat number is returned as given: the caller refuses one the table
        doesn't have.
        """
        spec = self.get(action.get("type"))
        own = _actor_seat(state, spec, action) if spec is not None else None
        required = {own} if own is not None else set()
        by = action.get(self.by.name) if self.by is not None else None
        if isinstance(by, int) and not isinstance(by, bool):
            return by, {*required, by}
        return own, required


# Roles whose action changes every stack of the seat it names.
WHOLE_SEAT_ROLES = frozenset({"untap_everything"})


@dataclass(frozen=True)
class Footprint:
    """What an action refers to: the stacks it names, the seats it changes, whether it depends
    on the turn and step (whose turn it is, or which step comes next) and on the pending
    choice. An action sent against an older version is applied to the newer state when no
    commit since changed any of these (the tables service compares it with their deltas)."""

    stacks: frozenset[str] = frozenset()
    seats: frozenset[int] = frozenset()
    turn: bool = False
    choice: bool = False
    everything_of: frozenset[int] = frozenset()
    """Seats every stack of which the action may change (untap all)."""


def _stack_ids(param: Param, value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):  # ids, or {"object": id, "count": n} entries
        ids = (v.get("object") if isinstance(v, dict) else v for v in value)
        return [v for v in ids if isinstance(v, str)]
    if param.kind == DEFENDER and isinstance(value, dict):
        return _stack_ids(param, value.get("object"))
    return []


def footprint(spec: ActionSpec, action: JsonDict) -> Footprint:
    """The footprint of ``action`` from its registry entry: parameters that refer to a stack
    name stacks; a required seat parameter names the seat the action changes (whose life,
    pool, counters), while an optional one names who creates or chooses (the active player by
    default); the active player's actions (next step, pass turn) and an action relying on that
    default depend on the turn; answering refers to the pending choice."""
    stacks: set[str] = set()
    seats: set[int] = set()
    for param in spec.params:
        value = action.get(param.name)
        if param.refers == STACK or param.kind == DEFENDER:
            stacks.update(_stack_ids(param, value))
        elif param.refers == PLAYER and param.required:
            seat = _seat_value(value)
            if seat is not None:
                seats.add(seat)
    actor = spec.actor
    turn = actor.kind == ACTIVE or (
        actor.kind == NAMED and actor.active_by_default and action.get(actor.param) is None
    )
    choice = any(param.refers == PENDING for param in spec.params)
    everything_of = frozenset(seats) if spec.role in WHOLE_SEAT_ROLES else frozenset()
    return Footprint(frozenset(stacks), frozenset(seats), turn, choice, everything_of)


def _seat_value(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _actor_seat(state: AnyState, spec: ActionSpec, action: JsonDict) -> int | None:
    actor = spec.actor
    if actor.kind == ACTIVE:
        return state.active_seat
    if actor.kind == NAMED:
        default = state.active_seat if actor.active_by_default else None
        if actor.fallback and action.get(actor.param) is None:
            return _seat_value(action.get(actor.fallback, default))
        if actor.otherwise and action.get(actor.param) is None:
            return _actor_seat(
                state, replace(spec, actor=Actor(CONTROLLER, actor.otherwise)), action
            )
        return _seat_value(action.get(actor.param, default))
    if actor.kind == CONTROLLER:
        object_id = action.get(actor.param)
        obj = state.objects.peek(object_id) if isinstance(object_id, str) else None
        return obj.controller if obj is not None else None
    if actor.kind == FIELD_CONTROLLER:
        wanted = action.get(actor.param)
        fields: list[JsonDict] = state.system.get("battlefields", [])
        field_ = next((b for b in fields if b["id"] == wanted), {})
        return _seat_value(field_.get("controller"))
    if actor.kind in (ANYONE, OWNER):
        return None
    raise AssertionError(actor.kind)  # a choice's seat is the kernel's (kernel.action_seat)


# Parameters several actions and both games share.
OBJECT_PARAM = Param(
    "object", OBJECT, 'Stack id, e.g. "o17".', required=True, max_length=32, refers=STACK
)
COUNT = Param(
    "count",
    INTEGER,
    f"How many objects of the stack (default 1, at most {MAX_COUNT}); part of a stack splits it.",
    minimum=1,
    default=1,
    label="How many",
)
BY = Param(
    "by",
    SEAT,
    "Riftbound: the seat whose spell or ability chooses the object (Deflect, 809).",
    refers=PLAYER,
    form=False,
)
BY_PAYS = Param(
    "by_pays",
    CHOICE,
    "Riftbound: the domain whose Power, from the `by` seat's rune pool, pays the Deflect tax "
    "(809.1.c); without it the tax is paid by hand.",
    choices=("Fury", "Calm", "Mind", "Body", "Chaos", "Order"),
    form=False,
)
ON_OBJECT = (OBJECT_PARAM, COUNT, BY, BY_PAYS)
CONTROLLER_PARAM = Param(
    "controller", SEAT, "Seat that creates and controls the tokens.", refers=PLAYER, label="For"
)
SEAT_PARAM = Param("seat", SEAT, "Whose.", required=True, refers=PLAYER, label="Seat")
AMOUNT = Param("amount", INTEGER, "Positive: gain; negative: lose.", required=True)
UNTIL = Param(
    "until",
    CHOICE,
    "How long it lasts (default: indefinitely).",
    choices=("end_of_turn",),
    labels=("until end of turn",),
)
TAPPED = Param("tapped", BOOLEAN, "Enters tapped.", label="Tapped")
READY = Param("ready", BOOLEAN, "Riftbound: enters ready.", label="Ready")
PERMITTED = Param(
    "permitted",
    BOOLEAN,
    "Riftbound: an effect allows a battlefield the player doesn't control (355.2.b).",
    form=False,
)
LOCATION = Param(
    "location",
    TEXT,
    'Riftbound: "base" or a battlefield id.',
    max_length=32,
    refers=BATTLEFIELD,
    label="At",
)
DEFINITION_PARAM = Param(
    "definition", DEFINITION, "Custom characteristics when no `token` is given."
)
CARD_PARAM = Param("card", TEXT, "Card id.", max_length=100, refers=CARD)
TOKEN_PARAM = Param(
    "token", TEXT, 'Token definition id, e.g. "mtg-treasure".', max_length=100, refers=TOKEN
)
NAME_PARAM = Param("name", TEXT, "Named/legendary tokens.", max_length=200, form=False)
ZONE_PARAM = Param(
    "zone",
    TEXT,
    "Default battlefield (Riftbound: board, or trash, banishment, champion).",
    max_length=32,
    refers=ZONE,
    form=False,
)
TO_ZONE = Param(
    "to",
    TEXT,
    'MTG: "graveyard", "exile", "hand", "library", "battlefield". Riftbound: "base", '
    'a battlefield id, "hand", "trash", "main_deck", "banishment".',
    required=True,
    max_length=32,
    refers=ZONE,
    label="Move to",
)
ACTIVATE_PARAMS = (
    *ON_OBJECT,
    Param("ability", INTEGER, "Ability index.", required=True, minimum=0, maximum=99, default=0),
    Param(
        "choices",
        MAPPING,
        'E.g. {"color": "R"}, {"target": "o3"}, Riftbound {"domain": "Fury"}.',
    ),
)

CHOOSE = ActionSpec(
    "choose",
    None,
    "Choose",
    "Answer `pending_choice` with one of its options.",
    (Param("choice", JSON, "One of pending_choice.options.", required=True, refers=PENDING),),
    actor=Actor(ANYONE),
    role="answer",
    example={"choice": 0},
)


def _set_mode(ctx: Context[Any, Any], action: JsonDict) -> None:
    """Enforce the rules, or track only (``GameState.mode``): an action like any other, so the
    log says when it changed, replay reproduces it and undo takes it back."""
    mode = action.get("mode")
    if mode not in MODES:
        raise InvalidAction(msg("mode must be one of {modes}", modes=", ".join(MODES)))
    ctx.state.mode = mode
    text = (
        msg("Track only: nothing is refused, the log marks what breaks the rules.")
        if mode == TRACK
        else msg("The rules are enforced again.")
    )
    ctx.event("mode_changed", text, None, mode=mode)


SET_MODE = ActionSpec(
    "set_mode",
    _set_mode,
    "Switch mode",
    "The table's owner switches between enforcing the rules and tracking only.",
    (
        Param(
            "mode",
            CHOICE,
            "enforce: refuse what the rules forbid; track: do it and mark it in the log.",
            required=True,
            choices=MODES,
            labels=("Enforce the rules", "Track only"),
            label="Mode",
        ),
    ),
    actor=Actor(OWNER),
    role="mode",
    example={"mode": TRACK},
    style="secondary",
)
