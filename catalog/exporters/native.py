"""The catalogue as JSON of the app's own schema: a complete, exact dump (slugs, predefined flags,
abilities, effects, printings, creator relations, reference cards, importer keys) that
`import_catalog tokensite <file>` restores into another catalogue."""

from __future__ import annotations

from typing import Any

from catalog.models import (
    CHARACTERISTIC_FIELDS as CHARACTERISTICS,
)
from catalog.models import (
    CardDefinition,
    ReferenceCard,
    ReferenceRelation,
    SourceKey,
    TokenDefinition,
    TokenFace,
    TokenPrinting,
    TokenRelation,
)

FORMAT = "tokensite-catalogue"
VERSION = 1
TOKEN_FIELDS = (*CHARACTERISTICS, "predefined", "rule", "abilities", "effects", "incomplete")
CARD_FIELDS = (*CHARACTERISTICS, "mana_cost", "loyalty", "effects", "oracle_id", "incomplete")
PRINTING_FIELDS = ("set_code", "collector_number", "picture_url", "source")
RELATION_FIELDS = (
    "count",
    "attach",
    "transform",
    "exclude_from_create_all",
    "persistent",
    "facedown",
)
REFERENCE_FIELDS = ("kind", "name", "type_line", "text", "printings")
REFERENCE_RELATION_FIELDS = ("count", "attach", "exclude_from_create_all")

JsonDict = dict[str, Any]


def _fields(instance: Any, names: tuple[str, ...]) -> JsonDict:
    return {name: getattr(instance, name) for name in names}


def _token(
    token: TokenDefinition, printings: list[TokenPrinting], keys: list[SourceKey]
) -> JsonDict:
    back: TokenFace | None = getattr(token, "back", None)
    return {
        "id": token.slug,
        "game": token.game_id,
        **_fields(token, TOKEN_FIELDS),
        "back": (
            {**_fields(back, CHARACTERISTICS), "abilities": back.abilities, "effects": back.effects}
            if back is not None
            else None
        ),
        "printings": [
            {
                **_fields(p, PRINTING_FIELDS),
                "scryfall_id": str(p.scryfall_id) if p.scryfall_id else None,
            }
            for p in printings
        ],
        "source_keys": [{"source": k.source, "key": k.key, "matched": k.matched} for k in keys],
    }


def export_catalogue(game: str | None = None) -> JsonDict:
    """Everything in the catalogue (or one game), in a stable order so two dumps compare equal."""
    tokens = TokenDefinition.objects.select_related("back").order_by("slug")
    cards = CardDefinition.objects.order_by("slug")
    references = ReferenceCard.objects.order_by("slug")
    if game:
        tokens, cards, references = (
            tokens.filter(game=game),
            cards.filter(game=game),
            references.filter(game=game),
        )
    printings: dict[int, list[TokenPrinting]] = {}
    for printing in TokenPrinting.objects.order_by(
        "token_id", "set_code", "collector_number", "picture_url", "scryfall_id"
    ):
        printings.setdefault(printing.token_id, []).append(printing)
    keys: dict[tuple[str, int], list[SourceKey]] = {}
    for key in SourceKey.objects.order_by("source", "key"):
        target = ("token", key.token_id) if key.token_id else ("reference", key.reference_id or 0)
        keys.setdefault(target, []).append(key)
    creates: dict[int, list[JsonDict]] = {}
    for relation in TokenRelation.objects.select_related("token").order_by("token__slug"):
        creates.setdefault(relation.card_id, []).append(
            {"token": relation.token.slug, **_fields(relation, RELATION_FIELDS)}
        )
    brings: dict[int, list[JsonDict]] = {}
    for link in ReferenceRelation.objects.select_related("reference").order_by("reference__slug"):
        brings.setdefault(link.card_id, []).append(
            {"reference": link.reference.slug, **_fields(link, REFERENCE_RELATION_FIELDS)}
        )
    return {
        "format": FORMAT,
        "version": VERSION,
        "tokens": [
            _token(t, printings.get(t.pk, []), keys.get(("token", t.pk), [])) for t in tokens
        ],
        "references": [
            {
                "id": r.slug,
                "game": r.game_id,
                **_fields(r, REFERENCE_FIELDS),
                "source_keys": [
                    {"source": k.source, "key": k.key, "matched": k.matched}
                    for k in keys.get(("reference", r.pk), [])
                ],
            }
            for r in references
        ],
        "cards": [
            {
                "id": c.slug,
                "game": c.game_id,
                **_fields(c, CARD_FIELDS),
                "creates": creates.get(c.pk, []),
                "brings": brings.get(c.pk, []),
            }
            for c in cards
        ],
    }
