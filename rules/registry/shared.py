"""The parameters and actions several actions and both games share."""

from __future__ import annotations

from typing import Any

from rules.context import Context
from rules.errors import InvalidAction
from rules.registry.vocabulary import (
    ANYONE,
    BATTLEFIELD,
    BOOLEAN,
    CARD,
    CHOICE,
    DEFINITION,
    INTEGER,
    JSON,
    MAPPING,
    OBJECT,
    OWNER,
    PENDING,
    PLAYER,
    SEAT,
    STACK,
    TEXT,
    TOKEN,
    ZONE,
    ActionSpec,
    Actor,
    JsonDict,
    Param,
)
from rules.state import MAX_COUNT, MODES, TRACK
from rules.text import msg

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
