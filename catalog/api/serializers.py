"""API shapes of docs/API.md. Serializers only parse and document; writes go through
catalog.services, reads through catalog.selectors."""

from __future__ import annotations

from rest_framework import serializers


class GameSerializer(serializers.Serializer):  # type: ignore[type-arg]
    slug = serializers.CharField(read_only=True)
    name = serializers.CharField(read_only=True)
    rules_edition = serializers.DateField(read_only=True)


def _strings(help_text: str) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.CharField(max_length=100),
        required=False,
        default=list,
        help_text=help_text,
    )


class FaceSerializer(serializers.Serializer):  # type: ignore[type-arg]
    """Characteristics of one face (CR 707.2 copiable values)."""

    name = serializers.CharField(max_length=200)
    supertypes = _strings('e.g. ["Legendary"]')
    types = _strings('e.g. ["Artifact", "Creature"]; Riftbound: ["Unit"]')
    subtypes = _strings('e.g. ["Zombie", "Army"]')
    colors = _strings("MTG: subset of W U B R G, stored in WUBRG order; [] = colorless")
    power = serializers.CharField(
        max_length=8, allow_null=True, required=False, default=None, help_text='"2", "0", "*"'
    )
    toughness = serializers.CharField(max_length=8, allow_null=True, required=False, default=None)
    might = serializers.IntegerField(
        allow_null=True, required=False, default=None, help_text="Riftbound units"
    )
    tags = _strings("Riftbound tags")
    keywords = _strings('e.g. ["Flying", "Haste", "Temporary", "Deflect"]')
    text = serializers.CharField(allow_blank=True, required=False, default="")
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


def _artist() -> serializers.CharField:
    return serializers.CharField(read_only=True, allow_null=True, help_text="Who drew the art")


class TokenSerializer(FaceSerializer):
    """A token definition: the stable `id` (slug) is what everything refers to, never the name."""

    id = serializers.SlugField(max_length=120, help_text="Stable slug, never reused: mtg-treasure")
    game = serializers.CharField(max_length=20, help_text="mtg or riftbound")
    predefined = serializers.BooleanField(required=False, default=False)
    rule = serializers.CharField(
        max_length=20, allow_null=True, allow_blank=True, required=False, default=""
    )
    back = FaceSerializer(
        allow_null=True, required=False, default=None, help_text="Back face of double-faced tokens"
    )
    incomplete = serializers.BooleanField(required=False, default=False)
    created_by = serializers.ListField(
        child=serializers.CharField(), read_only=True, help_text="Ids of cards that create it"
    )
    images = _images()
    artist = _artist()


class CreatesSerializer(serializers.Serializer):  # type: ignore[type-arg]
    token = serializers.CharField(max_length=120, help_text="Token id")
    count = serializers.CharField(max_length=12, default="1", help_text='"2", "x" or "x=3"')
    attach = serializers.BooleanField(required=False, default=False)
    transform = serializers.BooleanField(required=False, default=False)
    exclude_from_create_all = serializers.BooleanField(required=False, default=False)
    persistent = serializers.BooleanField(required=False, default=False)
    facedown = serializers.BooleanField(required=False, default=False)


class CardSerializer(FaceSerializer):
    """A card: characteristics plus mana cost, the tokens it creates and its effects."""

    abilities = None  # type: ignore[assignment]
    id = serializers.SlugField(max_length=160, help_text="Stable slug: mtg-doubling-season")
    game = serializers.CharField(max_length=20, help_text="mtg or riftbound")
    mana_cost = serializers.CharField(max_length=60, allow_blank=True, required=False, default="")
    loyalty = serializers.CharField(max_length=8, allow_null=True, required=False, default=None)
    oracle_id = serializers.CharField(
        max_length=64, allow_null=True, required=False, default=None, write_only=True
    )
    creates = CreatesSerializer(many=True, required=False, default=list)
    incomplete = serializers.BooleanField(required=False, default=False)
    images = _images()
    artist = _artist()
