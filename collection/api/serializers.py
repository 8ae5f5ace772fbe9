"""Request parsing and response documentation for the collection and deck API."""

from __future__ import annotations

from typing import Any, ClassVar

from rest_framework import serializers

from collection.csvio import COLUMN_HELP
from collection.models import MAX_QUANTITY, Condition, Finish
from collection.services import MAX_DECKLIST_CHARS
from play.table.services import MAX_PLAYERS
from tokensite.api import StrictCharField, StrictIntegerField

CSV_COLUMNS_DOC = "Columns (header row required): " + "; ".join(
    f"`{name}`: {meaning}" for name, meaning in COLUMN_HELP
)


class ItemFieldsSerializer(serializers.Serializer[Any]):
    quantity = StrictIntegerField(min_value=1, max_value=MAX_QUANTITY, default=1)
    set_code = StrictCharField(max_length=16, required=False, allow_blank=True)
    collector_number = StrictCharField(max_length=16, required=False, allow_blank=True)
    finish = serializers.ChoiceField(choices=Finish.choices, required=False)
    condition = serializers.ChoiceField(choices=Condition.choices, required=False)
    notes = StrictCharField(max_length=500, required=False, allow_blank=True)


class ItemCreateSerializer(ItemFieldsSerializer):
    """Give `card` or `token` (a catalogue id). The same printing, finish and condition merges."""

    # The schema says what validate() refuses: one of the two, never both or neither.
    request_schema: ClassVar[dict[str, Any]] = {
        "oneOf": [{"required": ["card"]}, {"required": ["token"]}]
    }

    card = StrictCharField(max_length=160, required=False, help_text="Card id")
    token = StrictCharField(max_length=120, required=False, help_text="Token id")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if ("card" in attrs) == ("token" in attrs):
            raise serializers.ValidationError("Give `card` or `token` (exactly one).")
        return attrs


class ItemUpdateSerializer(ItemFieldsSerializer):
    quantity = StrictIntegerField(min_value=1, max_value=MAX_QUANTITY, required=False)


class ItemSerializer(serializers.Serializer[Any]):
    id = StrictIntegerField()
    kind = serializers.ChoiceField(choices=["card", "token"])
    card = StrictCharField(allow_null=True, help_text="Card id, for cards")
    token = StrictCharField(allow_null=True, help_text="Token id, for tokens")
    name = StrictCharField()
    game = StrictCharField()
    quantity = StrictIntegerField()
    set_code = StrictCharField()
    collector_number = StrictCharField()
    finish = serializers.ChoiceField(choices=Finish.choices)
    condition = serializers.ChoiceField(choices=Condition.choices)
    notes = StrictCharField()


class TotalsSerializer(serializers.Serializer[Any]):
    game = StrictCharField()
    cards = StrictIntegerField(help_text="Distinct cards owned")
    card_copies = StrictIntegerField()
    tokens = StrictIntegerField(help_text="Distinct tokens owned")
    token_copies = StrictIntegerField()


class BulkAddSerializer(serializers.Serializer[Any]):
    game = serializers.ChoiceField(choices=["mtg", "riftbound"])
    list = StrictCharField(
        max_length=MAX_DECKLIST_CHARS,
        help_text='Pasted lines: "4 Name", "4 Name (SET) 123", any decklist format. An unknown '
        "name rejects the whole list (nothing is added) with suggestions per line.",
    )
    finish = serializers.ChoiceField(choices=Finish.choices, default=Finish.NORMAL)


class CsvImportSerializer(serializers.Serializer[Any]):
    # One of the two, never both or neither (the view refuses both with a 400).
    request_schema: ClassVar[dict[str, Any]] = {
        "oneOf": [{"required": ["csv"]}, {"required": ["file"]}]
    }

    csv = StrictCharField(required=False, help_text="The CSV text (JSON body). " + CSV_COLUMNS_DOC)
    file = serializers.FileField(required=False, help_text="The CSV file (multipart upload).")


class CountSerializer(serializers.Serializer[Any]):
    added = StrictIntegerField(help_text="Copies added")


class LineErrorSerializer(serializers.Serializer[Any]):
    line = StrictIntegerField()
    detail = StrictCharField()
    suggestions = serializers.ListField(child=StrictCharField())


class LinesRejectedSerializer(serializers.Serializer[Any]):
    error = StrictCharField(help_text='"invalid_lines", or "invalid" for a malformed body')
    detail = StrictCharField()
    rule = StrictCharField(allow_null=True)
    # Absent when the body itself was malformed (a list that is not text): no line was read.
    lines = LineErrorSerializer(
        many=True, required=False, help_text="Every bad line; nothing was written."
    )


class DeckCreateSerializer(serializers.Serializer[Any]):
    name = StrictCharField(
        max_length=120, required=False, allow_blank=True, help_text="Default: the list's name"
    )
    game = serializers.ChoiceField(choices=["mtg", "riftbound"])
    decklist = StrictCharField(
        max_length=MAX_DECKLIST_CHARS,
        help_text="MTG Arena, MTGO text, MTGO .dek XML, plain '4 Name' lines or a Riftbound "
        "sectioned list. Names match exactly (case, set codes and collector numbers ignored).",
    )


class DeckUpdateSerializer(serializers.Serializer[Any]):
    name = StrictCharField(max_length=120, required=False)
    decklist = StrictCharField(max_length=MAX_DECKLIST_CHARS, required=False)


class DeckCardSerializer(serializers.Serializer[Any]):
    card = StrictCharField(help_text="Card id")
    name = StrictCharField()
    count = StrictIntegerField()
    section = StrictCharField(
        help_text="main, sideboard, commander, companion, maybeboard; Riftbound legend, "
        "champion, battlefields, runes"
    )
    line = StrictIntegerField()
    set_code = StrictCharField(allow_null=True)
    collector_number = StrictCharField(allow_null=True)


class DeckUnknownSerializer(serializers.Serializer[Any]):
    line = StrictIntegerField()
    name = StrictCharField()
    count = StrictIntegerField()
    section = StrictCharField(allow_null=True)
    suggestions = serializers.ListField(
        child=StrictCharField(), help_text="Closest catalogue names"
    )
    problem = StrictCharField(allow_null=True, help_text="Set when the line is unreadable")


class TokenNeededSerializer(serializers.Serializer[Any]):
    token = StrictCharField(help_text="Token id")
    name = StrictCharField()
    cards = serializers.ListField(child=StrictCharField(), help_text="Card ids making it")
    card_names = serializers.ListField(child=StrictCharField())
    suggested = StrictIntegerField(
        help_text='Physical copies: the largest creation over the deck\'s cards ("x" counts as '
        "3), times each token doubler in the deck (2; Ojer Taq 3 on creature tokens)."
    )
    owned = StrictIntegerField(help_text="Copies in your collection")
    missing = StrictIntegerField(help_text="suggested - owned, at least 0")


class DeckSerializer(serializers.Serializer[Any]):
    id = StrictIntegerField()
    name = StrictCharField()
    game = StrictCharField()
    cards = DeckCardSerializer(many=True)
    unknown = DeckUnknownSerializer(many=True)
    tokens_needed = TokenNeededSerializer(many=True)
    decklist = StrictCharField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


class DeckSummarySerializer(serializers.Serializer[Any]):
    id = StrictIntegerField()
    name = StrictCharField()
    game = StrictCharField()
    cards = StrictIntegerField(help_text="Cards in the list")
    updated_at = serializers.DateTimeField()


class StartTableSerializer(serializers.Serializer[Any]):
    name = StrictCharField(max_length=100)
    players = serializers.ListField(
        child=StrictCharField(max_length=100), min_length=1, max_length=MAX_PLAYERS
    )
    tokens = serializers.ListField(
        child=StrictCharField(max_length=120),
        required=False,
        max_length=200,
        help_text="Token ids to pin; default: every token the deck needs.",
    )


class StartedTableSerializer(serializers.Serializer[Any]):
    table = serializers.UUIDField()
    pinned_tokens = serializers.ListField(child=StrictCharField())


class PinnedTokensSerializer(serializers.Serializer[Any]):
    table = serializers.UUIDField()
    tokens = serializers.ListField(child=StrictCharField())
