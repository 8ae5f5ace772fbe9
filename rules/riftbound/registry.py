"""Riftbound's actions (rules/registry.py): one entry per action type, in the order the
board offers them."""

from __future__ import annotations

from rules import grants, several
from rules import registry as r
from rules.registry import ActionSpec, Actor, Applies, Param
from rules.riftbound import actions, combat, copies, create, moves, turn
from rules.riftbound.battlefields import swap_back
from rules.riftbound.board import BOARD

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
    actor: Actor = r.OWN_OBJECT,
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
        actor=actor,
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
        actor=r.EFFECT,
    ),
    _object_action(
        "ready",
        actions.ready,
        "Ready",
        "Riftbound: ready objects.",
        "401.2",
        role="untap_one",
        actor=r.EFFECT,
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
    ActionSpec(
        "kill",
        actions.kill,
        "Kill",
        "Riftbound: kill units; `objects` kills several stacks at once (428.1).",
        several.ON_OBJECTS,
        actor=r.EFFECT,
        rule="428.1",
        applies=ON_BOARD,
        group="main",
        style="danger",
        example={"objects": [{"object": "o1", "count": 2}, {"object": "o4"}]},
    ),
    ActionSpec(
        "equip",
        actions.equip,
        "Equip",
        "Riftbound: attach gear (`object`) to a unit its controller controls (`to`): the gear "
        "goes where the unit is and follows it, its Might Bonus applies (434, 137.3); the Equip "
        "cost is paid by hand. Unattached gear at a battlefield is recalled to base (149.3).",
        (
            *r.ON_OBJECT,
            Param(
                "to",
                r.OBJECT,
                "The unit it attaches to.",
                required=True,
                max_length=32,
                refers=r.STACK,
                label="Attach to",
            ),
        ),
        rule="434.1",
        example={"object": "o3", "to": "o1"},
    ),
    ActionSpec(
        "grant",
        actions.grant,
        "Gain or lose keywords",
        "Riftbound: permanents gain `keywords` and lose `remove` (472.2), this turn (default) "
        "or `permanent`ly: give a unit [Tank] this turn.",
        grants.GRANT_PARAMS,
        actor=r.EFFECT,
        rule="472.2",
        example={"object": "o1", "keywords": ["Tank"]},
    ),
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
        moves.move,
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
                label="Damage",
            ),
        ),
        rule="417",
        applies=Applies(zones=(BOARD,), types=UNIT),
        group="damage",
        style="secondary",
        example={"object": "o1", "amount": 2},
        actor=r.EFFECT,
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
            create.OWNER_PARAM,
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
        # The player whose effect creates the token sends it, though another controls it (179).
        actor=Actor(r.NAMED, "owner", active_by_default=True, fallback="controller"),
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
        "gain_control",
        combat.gain_control,
        "Gain control",
        "Riftbound: a player gains control of units or tokens on the board (188); they stay "
        "where they are, and at a battlefield they contest it for the new controller (187.3.a).",
        (*r.ON_OBJECT, r.SEAT_PARAM.but(help="The new controller.", label="Give control to")),
        rule="188",
        applies=ON_BOARD,
        group="control",
        style="secondary",
        example={"object": "o1", "seat": 1},
    ),
    ActionSpec(
        "combat",
        combat.combat,
        "Combat",
        "Riftbound: play the combat staged at a battlefield (454-461): damage by summed Might, "
        "kills, recall, conquer or hold.",
        (
            Param(
                "battlefield",
                r.TEXT,
                'E.g. "bf2".',
                required=True,
                max_length=32,
                refers=r.BATTLEFIELD,
            ),
            r.SEAT_PARAM.but(
                name="attacker",
                required=False,
                help="The player whose units applied Contested (459.2.b.1). Default: the one "
                "the table recorded (`contested_by` of the battlefield), else the turn player.",
            ),
        ),
        actor=Actor(r.ACTIVE),
        rule="456.1",
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
