"""One serializer per action type: the OpenAPI reference of every action and a first shape check.

The kernel remains the judge of what an action means; these serializers document the parameters
(one schema component per type, discriminated by `type`) and turn wrongly typed parameters into a
400 that names the field. The view passes the client's own dict on, so nothing is dropped.
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from play import rules

MAX_COUNT: int = rules.MAX_COUNT
COUNT_HELP = (
    f"How many objects of the stack (default 1, at most {MAX_COUNT}); part of a stack splits it."
)
LEAVES_AT = [
    "end_step:exile",
    "end_step:sacrifice",
    "end_of_combat:sacrifice",
    "end_of_combat:exile",
]


def _count() -> serializers.IntegerField:
    return serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_COUNT, help_text=COUNT_HELP
    )


def _entering_counters(help_text: str) -> serializers.DictField:
    return serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=MAX_COUNT),
        required=False,
        help_text=help_text,
    )


def _amount(
    help_text: str, *, minimum: int | None = None, required: bool = True
) -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=-MAX_COUNT if minimum is None else minimum,
        max_value=MAX_COUNT,
        required=required,
        help_text=help_text,
    )


def _object(
    help_text: str = 'Stack id, e.g. "o17".', *, required: bool = True
) -> serializers.CharField:
    return serializers.CharField(max_length=32, required=required, help_text=help_text)


def _seat(help_text: str, *, required: bool = True) -> serializers.IntegerField:
    return serializers.IntegerField(
        min_value=0, max_value=63, required=required, help_text=help_text
    )


@extend_schema_field(
    {
        "oneOf": [{"type": "boolean"}, {"type": "integer", "minimum": 0, "maximum": 63}],
        "description": "true: attacking the first opponent; or the defending seat (508.4).",
    }
)
class AttackingField(serializers.Field):  # type: ignore[type-arg]
    """true / false, or the seat the tokens attack (MTG 508.4): 0 is a seat, not false."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, bool):
            return data
        if isinstance(data, int) and 0 <= data <= 63:
            return data
        raise serializers.ValidationError("Must be true, false or a seat number.")

    def to_representation(self, value: Any) -> Any:
        return value


def _attacking() -> AttackingField:
    return AttackingField(required=False)


# A definition's colors: MTG colors or Riftbound domains, as the catalogue stores them, so a
# logged action with its embedded catalogue definition can be posted again as it is.
COLORS_AND_DOMAINS = ["W", "U", "B", "R", "G", "Fury", "Calm", "Mind", "Body", "Chaos", "Order"]


class ActionBase(serializers.Serializer[Any]):
    type = serializers.CharField(help_text="The action type (discriminator).")


class DefinitionSerializer(serializers.Serializer[Any]):
    """Custom characteristics, the same fields as a catalogue token definition."""

    name = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        help_text='Optional: without a name a token is named its subtypes + " Token" (CR 111.4).',
    )
    supertypes = serializers.ListField(child=serializers.CharField(max_length=50), required=False)
    types = serializers.ListField(child=serializers.CharField(max_length=50), required=False)
    subtypes = serializers.ListField(child=serializers.CharField(max_length=50), required=False)
    colors = serializers.ListField(
        child=serializers.ChoiceField(choices=COLORS_AND_DOMAINS),
        required=False,
        help_text="MTG colors (W, U, B, R, G) or Riftbound domains (Fury, Calm, Mind, ...).",
    )
    power = serializers.CharField(max_length=8, required=False, allow_null=True)
    toughness = serializers.CharField(max_length=8, required=False, allow_null=True)
    might = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=MAX_COUNT
    )
    tags = serializers.ListField(child=serializers.CharField(max_length=50), required=False)
    keywords = serializers.ListField(child=serializers.CharField(max_length=50), required=False)
    text = serializers.CharField(max_length=2000, required=False, allow_blank=True)


class CreateTokenAction(ActionBase):
    """Create `count` tokens (one stack) from a catalogue token or custom characteristics."""

    controller = _seat("Seat that creates and controls the tokens.", required=False)
    token = serializers.CharField(
        required=False, max_length=100, help_text='Token definition id, e.g. "mtg-treasure".'
    )
    definition = DefinitionSerializer(
        required=False, help_text="Custom characteristics when no `token` is given."
    )
    count = _count()
    name = serializers.CharField(
        required=False, max_length=200, help_text="Named/legendary tokens."
    )
    tapped = serializers.BooleanField(required=False)
    attacking = _attacking()
    counters = _entering_counters('Counters each token enters with, e.g. {"+1/+1": 2}.')
    attach_to = _object("Object the token enters attached to (Roles, Auras).", required=False)
    leaves_at = serializers.ChoiceField(choices=LEAVES_AT, required=False)
    equip_with = _object(
        "Equipment to attach to the new token in the same resolution (living weapon, 702.92a).",
        required=False,
    )
    location = serializers.CharField(
        required=False, max_length=32, help_text='Riftbound: "base" or a battlefield id.'
    )
    ready = serializers.BooleanField(required=False, help_text="Riftbound: enters ready.")
    permitted = serializers.BooleanField(
        required=False,
        help_text="Riftbound: an effect allows a battlefield the player doesn't control (355.2.b).",
    )
    replace = serializers.CharField(
        required=False,
        max_length=32,
        help_text="Riftbound battlefield tokens: the battlefield id the token replaces (438.7).",
    )


class CopyExceptSerializer(serializers.Serializer[Any]):
    haste = serializers.BooleanField(required=False)
    legendary = serializers.BooleanField(required=False)
    power = serializers.IntegerField(required=False, min_value=-MAX_COUNT, max_value=MAX_COUNT)
    toughness = serializers.IntegerField(required=False, min_value=-MAX_COUNT, max_value=MAX_COUNT)
    add_types = serializers.ListField(child=serializers.CharField(max_length=50), required=False)
    colors = serializers.ListField(
        child=serializers.ChoiceField(choices=["W", "U", "B", "R", "G"]), required=False
    )
    keywords = serializers.ListField(
        child=serializers.CharField(max_length=50),
        required=False,
        help_text='Riftbound: keywords given to the copy (181.3), e.g. ["Temporary"].',
    )


class CreateCopyAction(ActionBase):
    """Create token copies (CR 707.2: copiable values only) of an object or of a card."""

    controller = _seat("Seat that creates and controls the copies.", required=False)
    of = serializers.CharField(required=False, max_length=32, help_text="Object id to copy.")
    card = serializers.CharField(required=False, max_length=100, help_text="Card id to copy.")
    count = _count()
    # "except" is a Python keyword: declared below under its JSON name.
    tapped = serializers.BooleanField(required=False)
    attacking = _attacking()
    leaves_at = serializers.ChoiceField(choices=LEAVES_AT, required=False)
    location = serializers.CharField(
        required=False,
        max_length=32,
        help_text='Riftbound: "base" or a battlefield id; copies are Reflection tokens (184.6).',
    )
    ready = serializers.BooleanField(required=False, help_text="Riftbound: enters ready.")
    permitted = serializers.BooleanField(
        required=False,
        help_text="Riftbound: an effect allows a battlefield the player doesn't control (355.2.b).",
    )


CreateCopyAction._declared_fields["except"] = CopyExceptSerializer(
    required=False, help_text="Exceptions to the copy (707.9)."
)


class AmassAction(ActionBase):
    """MTG: amass [subtype] N (CR 701.47a). With no Army creature, a 0/0 black [subtype] Army
    token is created (token replacement effects apply); then one Army is chosen (a `pending_choice`
    of kind "amass_army" when they differ) and gets N +1/+1 counters (counter replacement effects
    apply); an unchosen 0/0 Army dies as a state-based action."""

    controller = _seat("Seat that amasses.", required=False)
    amount = _amount("N, the number of +1/+1 counters.", minimum=0)
    subtype = serializers.CharField(
        required=False, max_length=50, help_text='The Army\'s other subtype (default "Zombie").'
    )


class PopulateAction(ActionBase):
    """MTG: populate (CR 701.36): create a token that's a copy of a creature token you control;
    none if you control none (701.36b). Without `of`, a `pending_choice` of kind "populate"."""

    controller = _seat("Seat that populates.", required=False)
    of = serializers.CharField(
        required=False, max_length=32, help_text="The creature token stack to copy."
    )
    tapped = serializers.BooleanField(required=False)
    attacking = _attacking()
    leaves_at = serializers.ChoiceField(choices=LEAVES_AT, required=False)


class ResolveSpellCopyAction(ActionBase):
    """MTG: a copy of a permanent spell ("copy target creature spell") resolves and becomes a
    token (CR 111.13, 608.3f, 707.10f). It isn't "created": Doubling Season and other
    token-creation replacement effects don't apply, so exactly `count` tokens enter."""

    controller = _seat("Seat that controls the copy; it owns the token (707.10).", required=False)
    card = serializers.CharField(
        required=False, max_length=100, help_text="Card id of the copied spell."
    )
    definition = DefinitionSerializer(
        required=False, help_text="The spell's characteristics when no `card` is given."
    )
    count = _count()
    tapped = serializers.BooleanField(required=False)
    attacking = _attacking()
    counters = _entering_counters('Counters it enters with, e.g. {"+1/+1": 2}.')
    attach_to = _object("Aura spells: the object the copy enchants.", required=False)
    leaves_at = serializers.ChoiceField(choices=LEAVES_AT, required=False)


ResolveSpellCopyAction._declared_fields["except"] = CopyExceptSerializer(
    required=False,
    help_text='Exceptions to the copy (707.9, 707.10), e.g. {"legendary": false} (Double Major).',
)


class PutCardAction(ActionBase):
    """Put nontoken cards (a catalogue card or custom characteristics) into a zone."""

    controller = _seat("Seat that owns and controls the cards.", required=False)
    card = serializers.CharField(required=False, max_length=100, help_text="Card id.")
    definition = DefinitionSerializer(required=False)
    count = _count()
    zone = serializers.CharField(
        required=False,
        max_length=32,
        help_text="Default battlefield (Riftbound: board, or trash, banishment, champion).",
    )
    location = serializers.CharField(
        required=False, max_length=32, help_text='Riftbound: "base" or a battlefield id.'
    )
    ready = serializers.BooleanField(required=False, help_text="Riftbound: enters ready.")
    permitted = serializers.BooleanField(
        required=False,
        help_text="Riftbound: an effect allows a battlefield the player doesn't control (355.2.b).",
    )
    choices = serializers.DictField(
        required=False,
        help_text='Choices made as it enters: {"name": "Clue"} for "choose a card name" '
        "(Pithing Needle); only names of cards in the catalogue, never token names (CR 201.4).",
    )


class ObjectAction(ActionBase):
    object = _object()
    count = _count()
    by = _seat(
        "Riftbound: the seat whose spell or ability chooses the object (Deflect, 809).",
        required=False,
    )


def _object_action(class_name: str, doc: str) -> type[ObjectAction]:
    return type(class_name, (ObjectAction,), {"__doc__": doc, "__module__": __name__})


SIMPLE_OBJECT_ACTIONS: dict[str, type[ObjectAction]] = {
    "tap": _object_action("TapAction", "Tap objects."),
    "untap": _object_action("UntapAction", "Untap objects."),
    "sacrifice": _object_action("SacrificeAction", "Sacrifice objects (their controller's)."),
    "destroy": _object_action("DestroyAction", "Destroy objects."),
    "phase_out": _object_action("PhaseOutAction", "Phase objects out (CR 702.26)."),
    "phase_in": _object_action("PhaseInAction", "Phase objects in."),
    "transform": _object_action("TransformAction", "Transform double-faced objects."),
    "turn_face_down": _object_action("TurnFaceDownAction", "Turn objects face down."),
    "turn_face_up": _object_action("TurnFaceUpAction", "Turn objects face up."),
    "exhaust": _object_action("ExhaustAction", "Riftbound: exhaust objects."),
    "ready": _object_action("ReadyAction", "Riftbound: ready objects."),
    "kill": _object_action("KillAction", "Riftbound: kill units."),
    "recycle": _object_action("RecycleAction", "Riftbound: recycle objects."),
}


class MoveAction(ObjectAction):
    """Move objects to another zone (a token leaving the battlefield ceases to exist, 704.5d)."""

    to = serializers.CharField(
        max_length=32,
        help_text='MTG: "graveyard", "exile", "hand", "library", "battlefield". Riftbound: "base", '
        'a battlefield id, "hand", "trash", "main_deck", "banishment".',
    )
    standard = serializers.BooleanField(
        required=False, help_text="Riftbound: a standard move (pays its cost)."
    )


_PLAYER_OBJECT_HELP = 'Stack id, e.g. "o17"; MTG: omit it and name a "seat" to act on a player.'


class CountersAction(ObjectAction):
    object = _object(_PLAYER_OBJECT_HELP, required=False)
    seat = _seat(
        "MTG: the player who gets or loses the counters instead of an object (CR 122.1), e.g. "
        '{"seat": 1, "kind": "poison", "amount": 10} (ten poison counters lose, 704.5c).',
        required=False,
    )
    kind = serializers.CharField(
        max_length=50,
        help_text='"+1/+1", "-1/-1" or any counter name; on a player "poison" (the default).',
        required=False,
    )
    amount = _amount("Counters per object.", minimum=1)


class AddCountersAction(CountersAction):
    """Put counters on objects (replacement effects such as Hardened Scales apply) or on a
    player (`seat`)."""


class RemoveCountersAction(CountersAction):
    """Remove counters from objects or from a player (`seat`)."""


class DamageAction(ObjectAction):
    """Deal damage to objects, or (MTG, `seat` instead of `object`) to a player: life loss
    (120.3a), or poison counters from a source with infect (120.3b)."""

    object = _object(_PLAYER_OBJECT_HELP, required=False)
    seat = _seat(
        "MTG: the player dealt the damage instead of an object (CR 120.3a/b).", required=False
    )
    amount = _amount("Damage dealt to each object.", minimum=0)
    # "source" is a DRF Field attribute: declared below under its JSON name.
    deathtouch = serializers.BooleanField(
        required=False,
        help_text="MTG: the source has deathtouch (702.2b): any damage destroys (704.5h).",
    )


DamageAction._declared_fields["source"] = _object(
    "MTG: the object dealing the damage; its deathtouch (704.5h), wither/infect (-1/-1 counters, "
    "120.3d) and lifelink (702.15b) apply.",
    required=False,
)


class PumpAction(ObjectAction):
    """+N/+N (layer 7c) or, with set_base, "becomes P/T" (layer 7b)."""

    power = _amount("Power change (or the new base power).")
    toughness = _amount("Toughness change (or the new base toughness).")
    set_base = serializers.BooleanField(required=False)
    until = serializers.ChoiceField(choices=["end_of_turn"], required=False)


class BuffAction(ObjectAction):
    """Riftbound: give a unit a +1 Might buff unless it already has one (426.1, 702.3)."""


class SpendBuffAction(ObjectAction):
    """Riftbound: spend (remove) a unit's buff (702.2.b); a unit without one can't (702.2.b.1)."""


class SetPtAction(ObjectAction):
    """Manual override: the objects have this base P/T from now on (layer 7b)."""

    power = _amount("New base power.")
    toughness = _amount("New base toughness.")


class RemoveAction(ObjectAction):
    """Manual override: take objects out of the game without a zone change."""


class SwapBackAction(ActionBase):
    """Riftbound: a battlefield token stops existing and a replaced battlefield returns (438.7)."""

    battlefield = serializers.CharField(max_length=32, help_text="The battlefield id.")
    to = serializers.CharField(
        required=False, max_length=100, help_text="Which replaced battlefield (else a choice)."
    )


class AttachAction(ActionBase):
    """Attach an Aura, Equipment or Role to an object."""

    object = _object()
    to = _object("Object to attach to.")


class GainControlAction(ObjectAction):
    """Give control of objects to another seat."""

    seat = _seat("The new controller.")
    until = serializers.ChoiceField(choices=["end_of_turn"], required=False)


class ActivateAction(ObjectAction):
    """Activate an ability listed in the object's `abilities`."""

    ability = serializers.IntegerField(min_value=0, max_value=99, help_text="Ability index.")
    choices = serializers.DictField(
        required=False,
        help_text='E.g. {"color": "R"}, {"target": "o3"}, Riftbound {"domain": "Fury"}.',
    )


class AttackAction(ObjectAction):
    """Declare attackers (302.6 summoning sickness unless haste; taps unless vigilance)."""

    defender = _seat("Defending seat.", required=False)


class BlockAction(ObjectAction):
    """Declare a blocker (509.1a); restrictions such as decayed (702.147a) and flying (702.9b)."""

    attacker = _object("The attacking object it blocks.")


class EncoreAction(ObjectAction):
    """Activate encore of a card in its owner's graveyard (702.141a): sorcery speed, the card is
    exiled as a cost, one hasty token copy per opponent that must attack that opponent."""

    choices = serializers.DictField(
        required=False, help_text='{"paid": "manual"} when the mana is paid by hand.'
    )


class TargetAction(ActionBase):
    """A player's spell or ability targets permanents (CR 115): hexproof and shroud are checked,
    and ward (702.21a) asks the player to pay its cost or have the spell countered."""

    seat = _seat("The player controlling the spell or ability (default: active).", required=False)
    objects = serializers.ListField(child=_object(), min_length=1, max_length=64)
    spell = serializers.CharField(
        required=False,
        max_length=200,
        help_text='The spell or ability, named for the log, e.g. "Lightning Bolt".',
    )
    paid_manual = serializers.BooleanField(
        required=False, help_text="Ward costs are paid by hand, not from the mana pool."
    )


class AdjustLifeAction(ActionBase):
    """Gain or lose life."""

    seat = _seat("Whose life total.")
    amount = _amount("Positive: gain; negative: lose.")


class UntapAllAction(ActionBase):
    """MTG: untap every permanent the seat controls in one action (701.26b; as its untap step,
    502.3). One log entry, undone at once; identical stacks merge again."""

    seat = _seat("Whose permanents.")


class ReadyAllAction(ActionBase):
    """Riftbound: ready every exhausted Game Object the seat controls on the board in one action
    (415; as in the Awaken Phase, 315.1.b.1); nothing exhausted changes nothing (415.1.c)."""

    seat = _seat("Whose Game Objects.")


class AdjustPointsAction(ActionBase):
    """Riftbound: add or remove points."""

    seat = _seat("Whose points.")
    amount = _amount("Positive: gain; negative: lose.")


class NextStepAction(ActionBase):
    """Move to the next step and run its turn-based actions."""


class PassTurnAction(ActionBase):
    """End this turn and play the next seat's turn up to its first main phase."""


class ChooseAction(ActionBase):
    """Answer `pending_choice` with one of its options."""

    choice = serializers.JSONField(help_text="One of pending_choice.options.")


ACTION_SERIALIZERS: dict[str, type[ActionBase]] = {
    "create_token": CreateTokenAction,
    "create_copy": CreateCopyAction,
    "resolve_spell_copy": ResolveSpellCopyAction,
    "amass": AmassAction,
    "populate": PopulateAction,
    "put_card": PutCardAction,
    **SIMPLE_OBJECT_ACTIONS,
    "move": MoveAction,
    "add_counters": AddCountersAction,
    "remove_counters": RemoveCountersAction,
    "damage": DamageAction,
    "pump": PumpAction,
    "buff": BuffAction,
    "spend_buff": SpendBuffAction,
    "set_pt": SetPtAction,
    "remove": RemoveAction,
    "swap_back": SwapBackAction,
    "attach": AttachAction,
    "gain_control": GainControlAction,
    "activate": ActivateAction,
    "attack": AttackAction,
    "block": BlockAction,
    "encore": EncoreAction,
    "target": TargetAction,
    "untap_all": UntapAllAction,
    "ready_all": ReadyAllAction,
    "adjust_life": AdjustLifeAction,
    "adjust_points": AdjustPointsAction,
    "next_step": NextStepAction,
    "pass_turn": PassTurnAction,
    "choose": ChooseAction,
}
