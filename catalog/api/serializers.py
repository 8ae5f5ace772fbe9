"""API shapes of docs/API.md. Serializers only parse and document; writes go through
catalog.services, reads through catalog.selectors."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample
from rest_framework import serializers

from tokensite.api import StrictBooleanField, StrictCharField, StrictIntegerField


class GameSerializer(serializers.Serializer):  # type: ignore[type-arg]
    slug = StrictCharField(read_only=True)
    name = StrictCharField(read_only=True)
    rules_edition = serializers.DateField(read_only=True)


def _strings(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=StrictCharField(max_length=100),
        required=False,
        default=list,
        help_text=help_text,
    )


class FaceSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """Characteristics of one face (CR 707.2 copiable values)."""

    name = StrictCharField(max_length=200)
    supertypes = _strings('e.g. ["Legendary"]')
    types = _strings('e.g. ["Artifact", "Creature"]; Riftbound: ["Unit"]')
    subtypes = _strings('e.g. ["Zombie", "Army"]')
    colors = _strings("MTG: subset of W U B R G, stored in WUBRG order; [] = colorless")
    power = StrictCharField(
        max_length=8, allow_null=True, required=False, default=None, help_text='"2", "0", "*"'
    )
    toughness = StrictCharField(max_length=8, allow_null=True, required=False, default=None)
    might = StrictIntegerField(
        allow_null=True, required=False, default=None, help_text="Riftbound units"
    )
    tags = _strings("Riftbound tags")
    keywords = _strings('e.g. ["Flying", "Haste", "Temporary", "Deflect"]')
    text = StrictCharField(allow_blank=True, required=False, default="")
    abilities = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        default=list,
        help_text="Activated abilities: [{text, cost, effect, mana, sorcery_speed}]",
    )
    effects = serializers.ListField(
        child=serializers.DictField(),
        required=False,
        default=list,
        help_text="Static effects (docs/internals.md section 2)",
    )


class ImagesSerializer(serializers.Serializer):  # type: ignore[type-arg]
    art_crop = serializers.URLField(allow_null=True, read_only=True, help_text="The art alone")
    normal = serializers.URLField(allow_null=True, read_only=True, help_text="The whole card")


def _images() -> ImagesSerializer:
    return ImagesSerializer(
        read_only=True,
        help_text="Art hot-linked from its source (or uploaded); show the artist and "
        "the copyright line with it.",
    )


def _artist() -> StrictCharField:
    return StrictCharField(read_only=True, allow_null=True, help_text="Who drew the art")


class TokenSerializer(FaceSerializer):
    """A token definition: the stable `id` (slug) is what everything refers to, never the name."""

    id = serializers.SlugField(max_length=120, help_text="Stable slug, never reused: mtg-treasure")
    game = StrictCharField(max_length=20, help_text="mtg or riftbound")
    predefined = StrictBooleanField(required=False, default=False)
    rule = StrictCharField(
        max_length=20, allow_null=True, allow_blank=True, required=False, default=""
    )
    back = FaceSerializer(
        allow_null=True, required=False, default=None, help_text="Back face of double-faced tokens"
    )
    incomplete = StrictBooleanField(required=False, default=False)
    keep_both = StrictBooleanField(
        required=False,
        write_only=True,
        help_text="Save it although another token has the same characteristics (refused otherwise)",
    )
    created_by = serializers.ListField(
        child=StrictCharField(), read_only=True, help_text="Ids of cards that create it"
    )
    images = _images()
    artist = _artist()


class CreatesSerializer(serializers.Serializer):  # type: ignore[type-arg]
    token = StrictCharField(max_length=120, help_text="Token id")
    count = StrictCharField(max_length=12, default="1", help_text='"2", "x" or "x=3"')
    attach = StrictBooleanField(required=False, default=False)
    transform = StrictBooleanField(required=False, default=False)
    exclude_from_create_all = StrictBooleanField(required=False, default=False)
    persistent = StrictBooleanField(required=False, default=False)
    facedown = StrictBooleanField(required=False, default=False)


WHEN = (
    "spell",
    "activated",
    "enters",
    "dies",
    "attacks",
    "upkeep",
    "end_step",
    "trigger",
    "replacement",
    "other",
)


class MadeTokenSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """One token an entry makes: its characteristics as the card words them."""

    token = StrictCharField(
        allow_null=True, help_text="The catalogue token with these characteristics, or null"
    )
    copy_of = serializers.ChoiceField(
        choices=["self", "target", "other"],
        allow_null=True,
        help_text="A token that's a copy (CR 707): of this card, of a target, of something else",
    )
    # A copy (copy_of set) has the characteristics of what it copies (CR 707.2): the card
    # words none of its own, so its name and colors are null.
    name = StrictCharField(
        allow_null=True, help_text='The created token\'s name: "Goblin Token"; null for a copy'
    )
    supertypes = serializers.ListField(child=StrictCharField())
    types = serializers.ListField(child=StrictCharField())
    subtypes = serializers.ListField(child=StrictCharField())
    colors = serializers.ListField(
        child=StrictCharField(), allow_null=True, help_text="WUBRG order; null for a copy"
    )
    power = StrictCharField(allow_null=True)
    toughness = StrictCharField(allow_null=True)
    keywords = serializers.ListField(child=StrictCharField())
    text = StrictCharField(help_text="Other abilities, as printed", allow_blank=True)
    counters = serializers.DictField(child=StrictIntegerField())
    count = serializers.JSONField(help_text='A number, or "X"')
    x = StrictCharField(allow_null=True, help_text="How X is counted, in words")
    choice = StrictCharField(allow_null=True, help_text="A choice the player makes, in words")
    tapped = StrictBooleanField()
    attacking = StrictBooleanField()


class MakesSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """One token-making ability or effect of a card, compiled from its Oracle text."""

    when = serializers.ChoiceField(choices=WHEN)
    trigger = StrictCharField(allow_null=True, help_text="The event in words")
    cost = StrictCharField(allow_null=True, help_text="The cost as printed")
    text = StrictCharField(help_text="The Oracle sentence it comes from")
    automated = StrictBooleanField(
        help_text="false: the text was not understood; `tokens` is then empty, never guessed"
    )
    fires = StrictBooleanField(
        help_text="true: the kernel performs it by itself when it sees the event; otherwise "
        "one `make` action performs it"
    )
    tokens = MadeTokenSerializer(many=True)


CARD_EXAMPLE = OpenApiExample(
    "Krenko, Mob Boss",
    response_only=True,
    value={
        "id": "mtg-krenko-mob-boss",
        "game": "mtg",
        "name": "Krenko, Mob Boss",
        "mana_cost": "{2}{R}{R}",
        "supertypes": ["Legendary"],
        "types": ["Creature"],
        "subtypes": ["Goblin", "Warrior"],
        "colors": ["R"],
        "power": "3",
        "toughness": "3",
        "text": "{T}: Create X 1/1 red Goblin creature tokens, where X is the number of "
        "Goblins you control.",
        "creates": [{"token": "mtg-goblin-1-1-r", "count": "x"}],
        "effects": [],
        "makes": [
            {
                "when": "activated",
                "trigger": None,
                "cost": "{T}",
                "text": "{T}: Create X 1/1 red Goblin creature tokens, where X is the number "
                "of Goblins you control.",
                "automated": True,
                "fires": False,
                "tokens": [
                    {
                        "token": "mtg-goblin-1-1-r",
                        "copy_of": None,
                        "name": "Goblin Token",
                        "supertypes": [],
                        "types": ["Creature"],
                        "subtypes": ["Goblin"],
                        "colors": ["R"],
                        "power": "1",
                        "toughness": "1",
                        "keywords": [],
                        "text": "",
                        "counters": {},
                        "count": "X",
                        "x": "the number of Goblins you control",
                        "choice": None,
                        "tapped": False,
                        "attacking": False,
                    }
                ],
            }
        ],
    },
)


class CardSerializer(FaceSerializer):
    """A card: characteristics plus mana cost, the tokens it creates and its effects."""

    abilities = None  # type: ignore[assignment]
    id = serializers.SlugField(max_length=160, help_text="Stable slug: mtg-doubling-season")
    game = StrictCharField(max_length=20, help_text="mtg or riftbound")
    mana_cost = StrictCharField(max_length=60, allow_blank=True, required=False, default="")
    loyalty = StrictCharField(max_length=8, allow_null=True, required=False, default=None)
    oracle_id = StrictCharField(
        max_length=64, allow_null=True, required=False, default=None, write_only=True
    )
    creates = CreatesSerializer(many=True, required=False, default=list)
    makes = MakesSerializer(
        many=True,
        read_only=True,
        help_text="What it makes, compiled from its Oracle text on every import and save "
        "(a card's own effect data wins); [] when it makes no token",
    )
    incomplete = StrictBooleanField(required=False, default=False)
    images = _images()
    artist = _artist()


class TokenChangeSerializer(TokenSerializer):
    """A token's new values (PUT, PATCH): the id is the address's, and ids are stable."""

    id = None  # type: ignore[assignment]


class CardChangeSerializer(CardSerializer):
    """A card's new values (PUT, PATCH): the id is the address's, and ids are stable."""

    id = None  # type: ignore[assignment]
