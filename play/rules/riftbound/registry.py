"""Riftbound's actions (play/rules/registry.py): one entry per action type, in the order the
board offers them."""

from __future__ import annotations

from play.rules import registry as r
from play.rules.registry import ActionSpec, Actor, Applies, Param
from play.rules.riftbound import actions, copies, create, turn
from play.rules.riftbound.battlefields import swap_back
from play.rules.riftbound.board import BOARD

ON_BOARD = Applies(zones=(BOARD,))
UNIT = ("Unit",)
MOVE_TO = (
    ("base", "Base"),
    ("hand", "Hand"),
    ("trash", "Trash"),
    ("banishment", "Banishment"),
    ("main_deck", "Main deck"),
)
_CREATES = Actor(r.NAMED, "controller", active_by_default=True)


def _object_action(
    kind: str,
    handler: r.Handler,
    label: str,
    help_: str,
    rule: str,
    applies: Applies = ON_BOARD,
    style: str = "",
    role: str | None = None,
    flip: str | None = None,
) -> ActionSpec:
    return ActionSpec(
        kind,
        handler,
        label,
        help_,
        r.ON_OBJECT,
        rule=rule,
        applies=applies,
        group="main",
        style=style,
        role=role,
        flip=flip,
        example={"object": "o1"},
    )


SPECS = [
    _object_action(
        "exhaust",
        actions.exhaust,
        "Exhaust",
        "Riftbound: exhaust objects.",
        "401.2",
        role="tap_one",
        flip="exhausted",
    ),
    _object_action(
        "ready", actions.ready, "Ready", "Riftbound: ready objects.", "401.2", role="untap_one"
    ),
    _object_action(
        "buff",
        actions.buff,
        "Buff",
        "Riftbound: give a unit a +1 Might buff unless it already has one (426.1, 702.3).",
        "426.1",
        Applies(zones=(BOARD,), types=UNIT, unless=("buffed",)),
        style="secondary",
    ),
    _object_action(
        "spend_buff",
        actions.spend_buff,
        "Spend buff",
        "Riftbound: spend (remove) a unit's buff (702.2.b); a unit without one can't (702.2.b.1).",
        "702.2.b",
        Applies(zones=(BOARD,), types=UNIT, when=("buffed",)),
        style="secondary",
    ),
    _object_action("kill", actions.kill, "Kill", "Riftbound: kill units.", "428.1", style="danger"),
    _object_action(
        "recycle",
        actions.recycle,
        "Recycle",
        "Riftbound: recycle objects.",
        "182.1.e",
        Applies(),
        style="secondary",
    ),
    ActionSpec(
        "move",
        actions.move,
        "Move",
        "Move objects to another zone (a token leaving the board ceases to exist, 183.1).",
        (
            *r.ON_OBJECT,
            r.TO_ZONE,
            Param(
                "standard",
                r.BOOLEAN,
                "Riftbound: a standard move (pays its cost).",
                form=False,
            ),
        ),
        rule="144.2",
        applies=Applies(),
        group="move",
        style="secondary",
        example={"object": "o1", "to": "base"},
    ),
    ActionSpec(
        "damage",
        actions.damage,
        "Deal damage",
        "Deal damage to units (417); only 1 or more is valid damage (417.1.e).",
        (
            *r.ON_OBJECT,
            Param(
                "amount",
                r.INTEGER,
                "Damage dealt to each object; 0 damage isn't dealt (120.8).",
                required=True,
                minimum=0,
                default=1,
            ),
        ),
        rule="417",
        applies=Applies(zones=(BOARD,), types=UNIT),
        group="amounts",
        style="secondary",
        example={"object": "o1", "amount": 2},
    ),
    ActionSpec(
        "activate",
        actions.activate,
        "Activate",
        "Activate an ability listed in the object's `abilities`.",
        r.ACTIVATE_PARAMS,
        rule="376",
        applies=Applies(zones=(BOARD,), when=("abilities",)),
        group="ability",
        example={"object": "o1", "ability": 0},
    ),
    ActionSpec(
        "create_token",
        create.create_token,
        "Create",
        "Create `count` tokens (one stack) from a catalogue token or custom characteristics.",
        (
            r.CONTROLLER_PARAM.but(required=True),
            r.TOKEN_PARAM,
            r.DEFINITION_PARAM,
            r.COUNT.but(help="How many tokens (default 1).", label="Quantity"),
            r.NAME_PARAM,
            r.LOCATION,
            r.READY,
            r.PERMITTED,
            Param(
                "replace",
                r.TEXT,
                "Riftbound battlefield tokens: the battlefield id the token replaces (438.7).",
                max_length=32,
                refers=r.BATTLEFIELD,
                form=False,
            ),
        ),
        actor=_CREATES,
        rule="182.1.a",
        role="create",
        example={"controller": 0, "token": "rb-recruit", "count": 3, "location": "base"},
    ),
    ActionSpec(
        "put_card",
        create.put_card,
        "Put onto battlefield",
        "Put nontoken cards (a catalogue card or custom characteristics) into a zone.",
        (
            r.CONTROLLER_PARAM.but(help="Seat that owns and controls the cards.", required=True),
            r.CARD_PARAM,
            r.DEFINITION_PARAM.but(help="Custom characteristics when no `card` is given."),
            r.COUNT.but(help="How many cards (default 1)."),
            r.ZONE_PARAM,
            r.LOCATION,
            r.READY,
            r.PERMITTED,
        ),
        actor=_CREATES,
        rule="349",
        role="put",
        example={"controller": 0, "card": "rb-vanguard-captain", "location": "base"},
    ),
    ActionSpec(
        "create_copy",
        copies.create_copy,
        "Copy",
        "Create token copies (CR 707.2: copiable values only) of an object or of a card.",
        (
            r.CONTROLLER_PARAM.but(help="Seat that creates and controls the copies."),
            Param("of", r.OBJECT, "Object id to copy.", max_length=32, refers=r.STACK),
            r.CARD_PARAM.but(help="Card id to copy."),
            r.COUNT.but(help="How many copies (default 1)."),
            Param("except", r.COPY_EXCEPT, "Exceptions to the copy (707.9).", form=False),
            r.LOCATION.but(
                help='Riftbound: "base" or a battlefield id; copies are Reflection tokens (184.6).'
            ),
            r.READY,
            r.PERMITTED,
        ),
        actor=_CREATES,
        rule="184.6",
        role="copy_card",
        example={"controller": 0, "of": "o1", "location": "base"},
    ),
    ActionSpec(
        "swap_back",
        swap_back,
        "Swap back",
        "Riftbound: a battlefield token stops existing and a replaced battlefield returns (438.7).",
        (
            Param(
                "battlefield",
                r.TEXT,
                "The battlefield id.",
                required=True,
                max_length=32,
                refers=r.BATTLEFIELD,
            ),
            Param(
                "to",
                r.TEXT,
                "Which replaced battlefield (else a choice).",
                max_length=100,
                refers=r.BATTLEFIELD,
            ),
        ),
        actor=Actor(r.FIELD_CONTROLLER, "battlefield"),
        rule="438.7.b",
        example={"battlefield": "bf1"},
    ),
    ActionSpec(
        "ready_all",
        actions.ready_all,
        "Ready all",
        "Riftbound: ready every exhausted Game Object the seat controls on the board in one "
        "action (415; as in the Awaken Phase, 315.1.b.1); nothing exhausted changes nothing "
        "(415.1.c).",
        (r.SEAT_PARAM.but(help="Whose Game Objects."),),
        actor=Actor(r.NAMED, "seat"),
        rule="415",
        role="untap_everything",
        example={"seat": 0},
        flip="exhausted",
    ),
    ActionSpec(
        "adjust_points",
        actions.adjust_points,
        "Points",
        "Riftbound: add or remove points.",
        (r.SEAT_PARAM.but(help="Whose points."), r.AMOUNT),
        actor=Actor(r.NAMED, "seat"),
        rule="466.1.a.1",
        role="life",
        example={"seat": 0, "amount": 1},
    ),
    ActionSpec(
        "next_step",
        turn.next_step,
        "Next step",
        "Move to the next step and run its turn-based actions.",
        actor=Actor(r.ACTIVE),
        rule="315",
        role="next",
    ),
    ActionSpec(
        "pass_turn",
        turn.pass_turn,
        "Pass turn",
        "End this turn and play the next seat's turn up to its Main Phase.",
        actor=Actor(r.ACTIVE),
        rule="315",
        role="pass",
    ),
]

REGISTRY = r.Registry("riftbound", SPECS, by=r.BY, move_to=MOVE_TO, move_to_battlefields=True)
