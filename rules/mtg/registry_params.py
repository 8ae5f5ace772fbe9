"""The parameters of MTG's larger actions (rules/mtg/registry.py holds the entries)."""

from __future__ import annotations

from rules import registry as r
from rules.mtg.create import LEAVES_AT
from rules.registry import Actor, Param

CREATES = Actor(r.NAMED, "controller", active_by_default=True)
ATTACKING = Param(
    "attacking",
    r.SEAT_OR_TRUE,
    'true: attacking the only opponent; or what it attacks (508.4): a seat, {"seat": n} or '
    '{"object": "<planeswalker or battle id>"}. If that player has left or that permanent '
    "has left the battlefield, the tokens are still created but never attacking (508.4a).",
    form=False,
)
LEAVES_AT_PARAM = Param(
    "leaves_at",
    r.CHOICE,
    "When the tokens leave by a delayed trigger (603.7).",
    choices=LEAVES_AT,
    labels=(
        "Exile at end step",
        "Sacrifice at end step",
        "Sacrifice at end of combat",
        "Exile at end of combat",
    ),
    label="Leaves",
    blank="Stays",
)
COUNTERS = Param(
    "counters",
    r.COUNTERS,
    'Counters each token enters with, e.g. {"+1/+1": 2}; 0 ("enters with X counters" for X = '
    "0) puts none, so nothing that modifies putting counters applies (122.6).",
    form=False,
)
EXCEPT = Param("except", r.COPY_EXCEPT, "Exceptions to the copy (707.9).", form=False)
PLAYER_OBJECT = r.OBJECT_PARAM.but(
    required=False,
    help='Stack id, e.g. "o17"; MTG: omit it and name a "seat" to act on a player.',
)
COUNTER_PARAMS = (
    PLAYER_OBJECT,
    r.COUNT,
    r.BY,
    Param(
        "seat",
        r.SEAT,
        "MTG: the player who gets or loses the counters instead of an object (CR 122.1), e.g. "
        '{"seat": 1, "kind": "poison", "amount": 10} (ten poison counters lose, 704.5c).',
        refers=r.PLAYER,
        form=False,
    ),
    Param(
        "kind",
        r.TEXT,
        '"+1/+1", "-1/-1" or any counter name; on a player "poison" (the default).',
        max_length=50,
        default="+1/+1",
        label="Counter",
    ),
    Param(
        "amount",
        r.INTEGER,
        "Counters per object.",
        required=True,
        minimum=1,
        default=1,
        label="How many counters",
    ),
)


DAMAGE_PARAMS = (
    PLAYER_OBJECT,
    r.COUNT,
    r.BY,
    Param(
        "seat",
        r.SEAT,
        "MTG: the player dealt the damage instead of an object (CR 120.3a/b).",
        refers=r.PLAYER,
        form=False,
    ),
    Param(
        "amount",
        r.INTEGER,
        "Damage dealt to each object; 0 damage isn't dealt (120.8).",
        required=True,
        minimum=0,
        default=1,
        label="Damage",
    ),
    Param(
        "source",
        r.OBJECT,
        "MTG: the object dealing the damage; its deathtouch (704.5h), wither/infect "
        "(-1/-1 counters, 120.3d) and lifelink (702.15b) apply.",
        max_length=32,
        refers=r.STACK,
        form=False,
    ),
    Param(
        "deathtouch",
        r.BOOLEAN,
        "MTG: the source has deathtouch (702.2b): any damage destroys (704.5h).",
        form=False,
    ),
)

PUMP_PARAMS = (
    *r.ON_OBJECT,
    Param(
        "power",
        r.INTEGER,
        "Power change (or the new base power).",
        required=True,
        default=1,
        label="Power",
    ),
    Param(
        "toughness",
        r.INTEGER,
        "Toughness change (or the new base toughness).",
        required=True,
        default=1,
        label="Toughness",
    ),
    Param("set_base", r.BOOLEAN, 'true: "becomes P/T".', form=False),
    r.UNTIL.but(default="end_of_turn"),
)

CREATE_COPY_PARAMS = (
    r.CONTROLLER_PARAM.but(help="Seat that creates and controls the copies."),
    Param("of", r.OBJECT, "Object id to copy.", max_length=32, refers=r.STACK),
    r.CARD_PARAM.but(help="Card id to copy."),
    r.COUNT.but(help="How many copies (default 1)."),
    EXCEPT,
    r.TAPPED,
    ATTACKING,
    LEAVES_AT_PARAM,
)

CREATE_TOKEN_PARAMS = (
    r.CONTROLLER_PARAM,
    r.TOKEN_PARAM,
    r.DEFINITION_PARAM,
    r.COUNT.but(help="How many tokens (default 1).", label="Quantity"),
    r.NAME_PARAM,
    r.TAPPED,
    ATTACKING,
    COUNTERS,
    Param(
        "attach_to",
        r.OBJECT,
        "Object the token enters attached to (Roles, Auras).",
        max_length=32,
        refers=r.STACK,
    ),
    LEAVES_AT_PARAM,
    Param(
        "equip_with",
        r.OBJECT,
        "Equipment to attach to the new token in the same resolution (living weapon, 702.92a).",
        max_length=32,
        refers=r.STACK,
        form=False,
    ),
)

PUT_CARD_PARAMS = (
    r.CONTROLLER_PARAM.but(help="Seat that owns and controls the cards."),
    r.CARD_PARAM,
    r.DEFINITION_PARAM.but(help="Custom characteristics when no `card` is given."),
    r.COUNT.but(help="How many cards (default 1)."),
    r.ZONE_PARAM,
    Param(
        "choices",
        r.MAPPING,
        'Choices made as it enters: {"name": "Clue"} for "choose a card name" '
        "(Pithing Needle); only names of cards in the catalogue, never token names "
        "(CR 201.4).",
        refers=r.CARD_NAME,
        form=False,
    ),
)

RESOLVE_SPELL_COPY_PARAMS = (
    r.CONTROLLER_PARAM.but(help="Seat that controls the copy; it owns the token (707.10)."),
    r.CARD_PARAM.but(help="Card id of the copied spell."),
    r.DEFINITION_PARAM.but(help="The spell's characteristics when no `card` is given."),
    r.COUNT.but(help="How many copies (default 1)."),
    EXCEPT.but(
        help='Exceptions to the copy (707.9, 707.10), e.g. {"legendary": false} (Double Major).'
    ),
    r.TAPPED,
    ATTACKING,
    COUNTERS.but(help='Counters it enters with, e.g. {"+1/+1": 2}.'),
    Param(
        "attach_to",
        r.OBJECT,
        "Aura spells: the object the copy enchants.",
        max_length=32,
        refers=r.STACK,
        form=False,
    ),
    LEAVES_AT_PARAM.but(form=False),
)

AMASS_PARAMS = (
    r.CONTROLLER_PARAM.but(help="Seat that amasses."),
    Param("amount", r.INTEGER, "N, the number of +1/+1 counters.", required=True, minimum=0),
    Param(
        "subtype",
        r.TEXT,
        'The Army\'s other subtype (default "Zombie").',
        max_length=50,
        form=False,
    ),
)

POPULATE_PARAMS = (
    r.CONTROLLER_PARAM.but(help="Seat that populates."),
    Param(
        "of",
        r.OBJECT,
        "The creature token stack to copy.",
        max_length=32,
        refers=r.STACK,
    ),
    r.TAPPED,
    ATTACKING,
    LEAVES_AT_PARAM,
)

BLOCK_PARAMS = (
    *r.ON_OBJECT,
    Param(
        "attacker",
        r.OBJECT,
        "The attacking stack it blocks.",
        required=True,
        max_length=32,
        refers=r.STACK,
        label="Attacker to block",
        offered_by="attackers_against",
    ),
    Param(
        "blocked",
        r.INTEGER,
        "How many creatures of the attacking stack these blockers block (default: the smaller "
        "of count and the attacking stack's size; two blockers on a lone attacker both block "
        "it).",
        minimum=1,
        label="Attackers they block",
    ),
    Param(
        "also",
        r.OBJECTS,
        "Further attacking stacks the blocker blocks one creature of, in the same declaration "
        '(509.1a: "can block an additional creature", "any number"; count 1); a stack named '
        "n times: n of its creatures.",
        maximum=63,
        refers=r.STACK,
        form=False,
    ),
    Param(
        "choices",
        r.MAPPING,
        '{"paid": "manual"}: a cost to block paid by hand (509.1d).',
        form=False,
    ),
)
DEFENDER = Param(
    "defender",
    r.DEFENDER,
    'What the creatures attack (508.1b): a seat, {"seat": n} or {"object": "<planeswalker or '
    'battle id>"}; required when several opponents are left.',
    label="Whom to attack",
    offered_by="defenders",
)
PLAYER_COUNTER_PARAMS = (
    r.SEAT_PARAM.but(help="Whose counters."),
    Param("kind", r.TEXT, 'E.g. "poison", "energy".', required=True, max_length=50),
    r.AMOUNT.but(help="Positive: give; negative: remove."),
)
COMMANDER_DAMAGE_PARAMS = (
    r.SEAT_PARAM.but(help="The player dealt the damage."),
    Param("source", r.OBJECT, "The commander's id.", required=True, max_length=32, refers=r.STACK),
    r.AMOUNT.but(help="Damage (negative: a correction)."),
)
DESIGNATIONS = ("monarch", "initiative", "commander")
SET_DESIGNATION_PARAMS = (
    r.SEAT_PARAM.but(required=False, help="Who gets it (monarch, initiative)."),
    Param(
        "object",
        r.OBJECT,
        "The commander (designation commander).",
        max_length=32,
        refers=r.STACK,
        form=False,
    ),
    Param("designation", r.CHOICE, "Which designation.", required=True, choices=DESIGNATIONS),
)
EMPOWER_JACE_PARAMS = (
    r.SEAT_PARAM.but(required=False, help="Who empowers Jace (default: active seat)."),
    r.AMOUNT.but(help="N, the loyalty counters.", minimum=0),
)

TARGET_PARAMS = (
    r.SEAT_PARAM.but(
        required=False,
        help="The player controlling the spell or ability (default: active).",
    ),
    Param(
        "objects",
        r.OBJECTS,
        "The targeted stacks.",
        required=True,
        minimum=1,
        maximum=64,
        refers=r.STACK,
    ),
    Param(
        "spell",
        r.TEXT,
        'The spell or ability, named for the log, e.g. "Lightning Bolt".',
        max_length=200,
    ),
    Param(
        "paid_manual",
        r.BOOLEAN,
        "Ward costs are paid by hand, not from the mana pool.",
    ),
)

ATTACH_PARAMS = (
    r.OBJECT_PARAM,
    Param(
        "to",
        r.OBJECT,
        "Object to attach to.",
        required=True,
        max_length=32,
        refers=r.STACK,
    ),
)


MAKE_PARAMS = (
    r.OBJECT_PARAM.but(
        required=False, help="The card on the table whose token-making ability is performed."
    ),
    r.CARD_PARAM.but(help="A card that isn't on the table (a paper player's), by id."),
    r.DEFINITION_PARAM.but(help="The card's definition when no `card` id is given.", form=False),
    r.CONTROLLER_PARAM.but(help="Seat whose card it is, with `card`."),
    Param(
        "which",
        r.INTEGER,
        "Which entry of the card's makes (needed only when it has several automated ones).",
        minimum=0,
        label="Which ability",
    ),
    Param(
        "x",
        r.INTEGER,
        "X, only when the table can't count it (the value paid, a power).",
        minimum=0,
        label="X",
    ),
    Param(
        "of",
        r.OBJECT,
        'What a "copy of target/another ..." copies (asked when omitted).',
        max_length=32,
        refers=r.STACK,
        form=False,
    ),
)
