"""Magic: The Gathering's actions (rules/registry/): one entry per action type, in the
order the board offers them."""

from __future__ import annotations

from rules.mtg import (
    abilities,
    actions,
    blocking,
    cards,
    combat,
    keyword_actions,
    make,
    players,
    registry_removal,
    status,
    targeting,
    turn,
)
from rules.mtg import registry_params as p
from rules.mtg.registry_declaring import DECLARE_ATTACK, DECLARE_BLOCKS
from rules.registry import game, shared
from rules.registry import vocabulary as v
from rules.registry.vocabulary import ActionSpec, Actor, Applies, Param

BATTLEFIELD = ("battlefield",)
CREATURE = ("Creature",)
MOVE_TO = (
    ("graveyard", "Graveyard"),
    ("exile", "Exile"),
    ("hand", "Hand"),
    ("library", "Library"),
    ("battlefield", "Battlefield"),
)
COUNTER_KINDS = ("+1/+1", "-1/-1", "loyalty", "charge", "shield")

_ON_FIELD = Applies(zones=BATTLEFIELD)


def _object_action(
    kind: str,
    handler: v.Handler,
    label: str,
    help_: str,
    rule: str,
    applies: Applies = _ON_FIELD,
    style: str = "",
    **extra: object,
) -> ActionSpec:
    return ActionSpec(
        kind,
        handler,
        label,
        help_,
        shared.ON_OBJECT,
        rule=rule,
        applies=applies,
        group="main",
        style=style,
        example={"object": "o1"},
        **extra,  # type: ignore[arg-type]
    )


SPECS = [
    _object_action(
        "tap",
        status.tap,
        "Tap",
        "Tap objects.",
        "701.26a",
        Applies(zones=BATTLEFIELD, unless=("phased_out",)),
        role="tap_one",
        flip="tapped",
        actor=v.EFFECT,
    ),
    _object_action(
        "untap",
        status.untap,
        "Untap",
        "Untap objects.",
        "701.26b",
        Applies(zones=BATTLEFIELD, unless=("phased_out",)),
        style="secondary",
        role="untap_one",
        actor=v.EFFECT,
    ),
    ActionSpec(
        "attack",
        combat.attack,
        "Attack",
        "Declare attackers in the declare attackers step (508.1): summoning sickness unless "
        "haste (302.6), taps unless vigilance; `defender` is required when several opponents "
        "are left. A cost to attack that player (Ghostly Prison, 508.1h) is paid from the "
        'pool, or by hand with `choices` {"paid": "manual"}.',
        (
            *shared.ON_OBJECT,
            p.DEFENDER,
            Param(
                "choices",
                v.MAPPING,
                '{"paid": "manual"}: a cost to attack paid by hand.',
                form=False,
            ),
        ),
        rule="508.1a",
        applies=Applies(zones=BATTLEFIELD, types=CREATURE, unless=("tapped", "phased_out")),
        group="main",
        style="secondary",
        example={"object": "o1"},
    ),
    DECLARE_ATTACK,
    _object_action(
        "sacrifice",
        actions.sacrifice,
        "Sacrifice",
        "Sacrifice objects (their controller's).",
        "701.21a",
        style="danger",
    ),
    *registry_removal.SPECS,
    _object_action(
        "phase_out",
        status.phase_out,
        "Phase out",
        "Phase objects out (CR 702.26).",
        "702.26a",
        Applies(zones=BATTLEFIELD, unless=("phased_out",)),
        style="secondary",
        actor=v.EFFECT,
    ),
    _object_action(
        "phase_in",
        status.phase_in,
        "Phase in",
        "Phase objects in.",
        "702.26a",
        Applies(zones=BATTLEFIELD, when=("phased_out",)),
        style="secondary",
        actor=v.EFFECT,
    ),
    _object_action(
        "turn_face_down",
        status.turn_face_down,
        "Turn face down",
        "Turn objects face down.",
        "708.2",
        Applies(zones=BATTLEFIELD, unless=("face_down",)),
        style="secondary",
    ),
    _object_action(
        "turn_face_up",
        status.turn_face_up,
        "Turn face up",
        "Turn objects face up.",
        "708.8",
        Applies(zones=BATTLEFIELD, when=("face_down",)),
        style="secondary",
    ),
    _object_action(
        "transform",
        status.transform,
        "Transform",
        "Transform double-faced objects.",
        "712.3",
        Applies(zones=BATTLEFIELD, when=("double_faced",)),
        style="secondary",
    ),
    ActionSpec(
        "move",
        actions.move_action,
        "Move",
        "Move objects to another zone (a token leaving the battlefield ceases to exist, 704.5d).",
        (*shared.ON_OBJECT, shared.TO_ZONE),
        rule="400.7",
        applies=Applies(),
        group="move",
        style="secondary",
        example={"object": "o1", "to": "graveyard"},
        actor=v.EFFECT,
    ),
    ActionSpec(
        "gain_control",
        actions.gain_control,
        "Gain control",
        "Give control of objects to another seat.",
        (
            *shared.ON_OBJECT,
            shared.SEAT_PARAM.but(help="The new controller.", label="Give control to"),
            shared.UNTIL,
        ),
        rule="302.6",
        applies=_ON_FIELD,
        group="control",
        style="secondary",
        example={"object": "o1", "seat": 1},
        actor=v.EFFECT,
    ),
    ActionSpec(
        "add_counters",
        actions.add_counters,
        "Add counters",
        "Put counters on objects (replacement effects such as Hardened Scales apply) or on a "
        "player (`seat`).",
        p.COUNTER_PARAMS,
        rule="122.1",
        applies=_ON_FIELD,
        group="amounts",
        example={"object": "o1", "kind": "+1/+1", "amount": 1},
        actor=v.EFFECT,
    ),
    ActionSpec(
        "remove_counters",
        actions.remove_counters,
        "Remove counters",
        "Remove counters from objects or from a player (`seat`).",
        p.COUNTER_PARAMS,
        rule="122.1",
        applies=Applies(zones=BATTLEFIELD, when=("counters",)),
        group="amounts",
        style="secondary",
        example={"object": "o1", "kind": "+1/+1", "amount": 1},
        actor=v.EFFECT,
    ),
    ActionSpec(
        "damage",
        actions.damage,
        "Deal damage",
        "Deal damage to objects, or (MTG, `seat` instead of `object`) to a player: life loss "
        "(120.3a), or poison counters from a source with infect (120.3b).",
        p.DAMAGE_PARAMS,
        rule="120.3",
        applies=Applies(zones=BATTLEFIELD, types=(*CREATURE, "Planeswalker")),
        group="damage",
        style="secondary",
        example={"object": "o1", "amount": 2},
        actor=v.EFFECT,
    ),
    ActionSpec(
        "pump",
        actions.pump,
        "Pump",
        "+N/+N (layer 7c) or, with set_base, 'becomes P/T' (layer 7b).",
        p.PUMP_PARAMS,
        rule="613.4c",
        applies=Applies(zones=BATTLEFIELD, types=CREATURE),
        group="pump",
        example={"object": "o1", "power": 2, "toughness": 2, "until": "end_of_turn"},
        actor=v.EFFECT,
    ),
    ActionSpec(
        "activate",
        abilities.activate,
        "Activate",
        "Activate an ability listed in the object's `abilities`.",
        shared.ACTIVATE_PARAMS,
        rule="602.2",
        applies=Applies(zones=BATTLEFIELD, when=("abilities",)),
        group="ability",
        example={"object": "o1", "ability": 0},
    ),
    ActionSpec(
        "create_copy",
        cards.create_copy,
        "Copy",
        "Create token copies (CR 707.2: copiable values only) of an object or of a card.",
        p.CREATE_COPY_PARAMS,
        actor=p.CREATES,
        rule="707.2",
        applies=_ON_FIELD,
        group="copy",
        role="copy_card",
        style="secondary",
        example={"controller": 0, "of": "o1", "count": 2},
    ),
    ActionSpec(
        "create_token",
        cards.create_token,
        "Create",
        "Create `count` tokens (one stack) from a catalogue token or custom characteristics.",
        p.CREATE_TOKEN_PARAMS,
        actor=p.CREATES,
        rule="111.1",
        applies=Applies(zones=BATTLEFIELD, types=CREATURE),
        group="role",
        role="create",
        example={"controller": 0, "token": "mtg-treasure", "count": 3},
    ),
    ActionSpec(
        "make",
        make.make,
        "Make",
        "MTG: perform a card's token-making ability as its rules text says (compiled `makes`): "
        "X counted from the table, token replacement effects applied, choices asked as for "
        "create_token. It neither pays nor checks the ability's cost or timing; an ability "
        "whose text wasn't understood is refused (422).",
        p.MAKE_PARAMS,
        actor=Actor(v.NAMED, "controller", otherwise="object"),
        rule="111.2",
        applies=Applies(zones=BATTLEFIELD, when=("makes",)),
        group="ability",
        example={"object": "o1"},
    ),
    ActionSpec(
        "put_card",
        cards.put_card,
        "Put onto battlefield",
        "Put nontoken cards (a catalogue card or custom characteristics) into a zone.",
        p.PUT_CARD_PARAMS,
        actor=p.CREATES,
        role="put",
        example={"controller": 0, "card": "mtg-doubling-season"},
    ),
    ActionSpec(
        "resolve_spell_copy",
        cards.resolve_spell_copy,
        "Spell copy resolves",
        "MTG: a copy of a permanent spell ('copy target creature spell') resolves and becomes "
        "a token (CR 111.13, 608.3f, 707.10f). It isn't 'created': Doubling Season and other "
        "token-creation replacement effects don't apply, so exactly `count` tokens enter.",
        p.RESOLVE_SPELL_COPY_PARAMS,
        actor=p.CREATES,
        rule="707.10f",
        role="spell_copy",
        example={"controller": 0, "card": "mtg-doubling-season"},
    ),
    ActionSpec(
        "amass",
        keyword_actions.amass,
        "Amass",
        "MTG: amass [subtype] N (CR 701.47a). With no Army creature, a 0/0 black [subtype] "
        "Army token is created (token replacement effects apply); then one Army is chosen (a "
        '`pending_choice` of kind "amass_army" when they differ) and gets N +1/+1 counters '
        "(counter replacement effects apply); an unchosen 0/0 Army dies as a state-based "
        "action.",
        p.AMASS_PARAMS,
        actor=p.CREATES,
        rule="701.47a",
        example={"controller": 0, "amount": 2},
    ),
    ActionSpec(
        "populate",
        keyword_actions.populate,
        "Populate",
        "MTG: populate (CR 701.36): create a token that's a copy of a creature token you "
        'control; none if you control none (701.36b). Without `of`, a `pending_choice` of kind "'
        'populate".',
        p.POPULATE_PARAMS,
        actor=p.CREATES,
        rule="701.36a",
        example={"controller": 0, "of": "o1"},
    ),
    ActionSpec(
        "block",
        blocking.block,
        "Block",
        "Declare blockers in the declare blockers step (509.1a): `count` blockers block "
        "`blocked` creatures of the attacking stack (default: the smaller of `count` and the "
        "attacking stack's size). Restrictions: flying "
        '(702.9b), "can\'t block", decayed (702.147a); a cost to block is paid (509.1d). '
        "`also`: further attackers a creature that can block several blocks (509.1a). Menace "
        "(702.111b) and the requirements (509.1c) are checked as the step ends.",
        p.BLOCK_PARAMS,
        rule="509.1a",
        applies=Applies(zones=BATTLEFIELD, types=CREATURE, unless=("tapped", "phased_out")),
        group="main",
        style="secondary",
        example={"object": "o2", "attacker": "o1"},
    ),
    DECLARE_BLOCKS,
    ActionSpec(
        "encore",
        abilities.encore,
        "Encore",
        "Activate encore of a card in its owner's graveyard (702.141a): sorcery speed, the card "
        "is exiled as a cost, one hasty token copy per opponent that must attack that opponent.",
        (
            *shared.ON_OBJECT,
            Param("choices", v.MAPPING, '{"paid": "manual"} when the mana is paid by hand.'),
        ),
        rule="702.141a",
        example={"object": "o1"},
    ),
    ActionSpec(
        "target",
        targeting.target,
        "Target",
        "A player's spell or ability targets permanents (CR 115): hexproof and shroud are "
        "checked, and ward (702.21a) asks the player to pay its cost or have the spell "
        "countered.",
        p.TARGET_PARAMS,
        actor=Actor(v.NAMED, "seat", active_by_default=True),
        rule="115.1",
        example={"seat": 1, "objects": ["o1"], "spell": "Lightning Bolt"},
    ),
    ActionSpec(
        "set_pt",
        actions.set_pt,
        "Set P/T",
        "Manual override: the objects have this base P/T from now on (layer 7b).",
        (
            *shared.ON_OBJECT,
            Param("power", v.INTEGER, "New base power.", required=True),
            Param("toughness", v.INTEGER, "New base toughness.", required=True),
        ),
        manual=True,
        example={"object": "o1", "power": 3, "toughness": 3},
    ),
    ActionSpec(
        "remove",
        actions.remove,
        "Remove",
        "Manual override: take objects out of the game without a zone change.",
        shared.ON_OBJECT,
        manual=True,
        example={"object": "o1"},
    ),
    ActionSpec(
        "untap_all",
        status.untap_all,
        "Untap all",
        "MTG: untap every permanent the seat controls in one action (701.26b; as its untap "
        "step, 502.3). One log entry, undone at once; identical stacks merge again.",
        (shared.SEAT_PARAM.but(help="Whose permanents."),),
        actor=Actor(v.NAMED, "seat"),
        rule="701.26b",
        role="untap_everything",
        example={"seat": 0},
        flip="tapped",
    ),
    ActionSpec(
        "adjust_life",
        actions.adjust_life,
        "Life",
        "Gain or lose life.",
        (shared.SEAT_PARAM.but(help="Whose life total."), shared.AMOUNT),
        actor=Actor(v.NAMED, "seat"),
        rule="119.3",
        role="life",
        example={"seat": 0, "amount": -3},
    ),
    ActionSpec(
        "adjust_player_counters",
        players.adjust_player_counters,
        "Counters",
        "Give or remove counters of any kind on a player (122.1): poison (ten lose, 704.5c), "
        "energy, experience, rad, ...",
        p.PLAYER_COUNTER_PARAMS,
        actor=Actor(v.NAMED, "seat"),
        rule="122.1",
        role="player_counters",
        example={"seat": 1, "kind": "poison", "amount": 1},
    ),
    ActionSpec(
        "commander_damage",
        players.commander_damage,
        "Commander damage",
        "Record combat damage a commander dealt a player (903.10a: 21 from one commander "
        "lose); negative corrects it. Combat damage from a designated commander is recorded by "
        "itself.",
        p.COMMANDER_DAMAGE_PARAMS,
        actor=Actor(v.NAMED, "seat"),
        rule="903.10a",
        example={"seat": 1, "source": "o1", "amount": 3},
    ),
    ActionSpec(
        "set_designation",
        players.set_designation,
        "Designation",
        "A player becomes the monarch (725) or takes the initiative (726), the holder before "
        "loses it; or, with `object`, that object is a commander (903.3).",
        p.SET_DESIGNATION_PARAMS,
        actor=Actor(v.NAMED, "seat", otherwise="object"),
        rule="725.3",
        role="designation",
        example={"seat": 0, "designation": "monarch"},
    ),
    ActionSpec(
        "empower_jace",
        keyword_actions.empower_jace,
        "Empower Jace",
        "Empower Jace N (CR 2026-09-25 701.71a): without a Jace planeswalker token, create one "
        "with 0 loyalty; then put N loyalty counters on the Jace token chosen.",
        p.EMPOWER_JACE_PARAMS,
        actor=Actor(v.NAMED, "seat", active_by_default=True),
        rule="701.71a",
        example={"seat": 0, "amount": 2},
    ),
    ActionSpec(
        "attach",
        actions.attach,
        "Attach",
        "Attach an Aura, Equipment or Role to an object.",
        p.ATTACH_PARAMS,
        rule="701.3a",
        example={"object": "o2", "to": "o1"},
    ),
    ActionSpec(
        "unattach",
        abilities.unattach,
        "Unattach (reconfigure)",
        "Reconfigure's unattach (702.151a): pay the reconfigure cost at sorcery speed; the "
        "Equipment is unattached (701.3d) and is a creature again (702.151b).",
        (
            *shared.ON_OBJECT,
            Param(
                "paid",
                v.CHOICE,
                '"manual": the reconfigure cost is paid by hand, not from the mana pool.',
                choices=("manual",),
                labels=("paid by hand",),
            ),
        ),
        rule="702.151a",
        applies=Applies(zones=BATTLEFIELD, types=("Artifact",), when=("attached_to",)),
        group="main",
        style="secondary",
        example={"object": "o2"},
    ),
    ActionSpec(
        "next_step",
        turn.next_step,
        "Next step",
        "Move to the next step and run its turn-based actions.",
        actor=Actor(v.ACTIVE),
        rule="500.1",
        role="next",
    ),
    ActionSpec(
        "pass_turn",
        turn.pass_turn,
        "Pass turn",
        "End this turn and play the next seat's turn up to its first main phase.",
        actor=Actor(v.ACTIVE),
        rule="500.1",
        role="pass",
    ),
]

REGISTRY = game.Registry("mtg", SPECS, move_to=MOVE_TO, counter_kinds=COUNTER_KINDS)
