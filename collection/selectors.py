"""Reads of collections and decks. Every lookup is scoped to its owner: another user's item or
deck is simply not found (404), so nobody learns that it exists."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Count, F, Q, QuerySet, Sum
from django.db.models.functions import Coalesce
from django.utils.translation import gettext as _

from catalog.printing.decklist_tokens import (
    IGNORED_SECTIONS,
    IN_PLAY_SECTIONS,
    deck_tokens_needed,
)
from collection.csvio import write_csv
from collection.models import CollectionItem, Deck, TablePin
from tokensite.api import NotFound, name_match_rank

JsonDict = dict[str, Any]
AnyUser = User | AnonymousUser


def collection_items(
    *, owner: AnyUser, game: str | None = None, q: str | None = None, kind: str | None = None
) -> QuerySet[CollectionItem]:
    """The owner's items, cards then tokens, by name; `q` matches the name, case ignored."""
    items = CollectionItem.objects.filter(owner_id=owner.pk).select_related("card", "token")
    if game:
        items = items.filter(Q(card__game_id=game) | Q(token__game_id=game))
    if kind == "card":
        items = items.filter(card__isnull=False)
    elif kind == "token":
        items = items.filter(token__isnull=False)
    cards_first = F("token_id").asc(nulls_first=True)  # NULL sorts differently per database
    order: list[Any] = [cards_first, "card__name", "token__name", "id"]
    q = (q or "").strip()
    if q:
        items = items.filter(Q(card__name__icontains=q) | Q(token__name__icontains=q))
        items = items.annotate(item_name=Coalesce("card__name", "token__name"))
        items = items.annotate(match_rank=name_match_rank("item_name", q))
        order.insert(0, "match_rank")  # exact name matches first (API.md)
    return items.order_by(*order)


def collection_item_get(*, owner: AnyUser, item_id: int | str) -> CollectionItem:
    item = (
        CollectionItem.objects.filter(owner_id=owner.pk, pk=_int(item_id))
        .select_related("card", "token")
        .first()
    )
    if item is None:
        raise NotFound(_("No such item in your collection."))
    return item


def _int(value: int | str) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return -1


def item_payload(item: CollectionItem) -> JsonDict:
    what = item.card if item.card_id else item.token
    assert what is not None
    return {
        "id": item.pk,
        "kind": "card" if item.card_id else "token",
        "card": item.card.slug if item.card else None,
        "token": item.token.slug if item.token else None,
        "name": what.name,
        "game": what.game_id,
        "quantity": item.quantity,
        "set_code": item.set_code,
        "collector_number": item.collector_number,
        "finish": item.finish,
        "condition": item.condition,
        "notes": item.notes,
    }


def collection_totals(*, owner: AnyUser) -> list[JsonDict]:
    """Per game: distinct cards and tokens owned (rows) and copies."""
    totals: dict[str, JsonDict] = {}
    for kind, field in (("cards", "card"), ("tokens", "token")):
        rows = (
            CollectionItem.objects.filter(owner_id=owner.pk, **{f"{field}__isnull": False})
            .values(f"{field}__game_id")
            .annotate(distinct=Count(field, distinct=True), copies=Sum("quantity"))
        )
        for row in rows:
            game = row[f"{field}__game_id"]
            entry = totals.setdefault(
                game, {"game": game, "cards": 0, "card_copies": 0, "tokens": 0, "token_copies": 0}
            )
            entry[kind] = row["distinct"]
            entry[f"{field}_copies"] = row["copies"] or 0
    return [totals[game] for game in sorted(totals)]


def collection_csv(*, owner: AnyUser) -> str:
    """The owner's collection in the import format (collection.csvio.COLUMN_HELP)."""
    rows = []
    for item in collection_items(owner=owner):
        data = item_payload(item)
        rows.append({**data, "id": data["card"] or data["token"]})
    return write_csv(rows)


def owned_token_counts(*, owner: AnyUser, tokens: list[str]) -> dict[str, int]:
    rows = (
        CollectionItem.objects.filter(owner_id=owner.pk, token__slug__in=tokens)
        .values("token__slug")
        .annotate(copies=Sum("quantity"))
    )
    return {row["token__slug"]: row["copies"] or 0 for row in rows}


# --- Decks --------------------------------------------------------------------------------------


def deck_list(*, owner: AnyUser, game: str | None = None, q: str | None = None) -> QuerySet[Deck]:
    decks = Deck.objects.filter(owner_id=owner.pk).select_related("game")
    if game:
        decks = decks.filter(game_id=game)
    order = ["-updated_at", "id"]
    q = (q or "").strip()
    if q:
        decks = decks.filter(name__icontains=q).annotate(match_rank=name_match_rank("name", q))
        order.insert(0, "match_rank")  # exact name matches first (API.md)
    return decks.annotate(cards=Sum("entries__count")).order_by(*order)


def deck_get(*, owner: AnyUser, deck_id: int | str) -> Deck:
    deck = Deck.objects.filter(owner_id=owner.pk, pk=_int(deck_id)).select_related("game").first()
    if deck is None:
        raise NotFound(_("No such deck."))
    return deck


def deck_tokens(deck: Deck, *, owner: AnyUser) -> list[JsonDict]:
    """What the deck's tokens need (catalog.printing.decklist_tokens.deck_tokens_needed), with
    how many copies the owner has in the collection and how many are still missing."""
    entries = list(deck.entries.exclude(section__in=IGNORED_SECTIONS).select_related("card"))
    needed = deck_tokens_needed(
        [entry.card for entry in entries],
        in_play=[entry.card for entry in entries if entry.section in IN_PLAY_SECTIONS],
    )
    owned = owned_token_counts(owner=owner, tokens=[n.token for n in needed])
    return [
        {
            "token": n.token,
            "name": n.name,
            "traits": n.traits,
            "cards": list(n.card_ids),
            "card_names": list(n.cards),
            "suggested": n.suggested,
            "owned": owned.get(n.token, 0),
            "missing": max(0, n.suggested - owned.get(n.token, 0)),
        }
        for n in needed
    ]


def deck_payload(deck: Deck, *, owner: AnyUser) -> JsonDict:
    """The API deck (../shared/API.md) plus names, lines and printings as written."""
    entries = deck.entries.select_related("card")
    return {
        "id": deck.pk,
        "name": deck.name,
        "game": deck.game_id,
        "cards": [
            {
                "card": entry.card.slug,
                "name": entry.card.name,
                "count": entry.count,
                "section": entry.section,
                "line": entry.line,
                "set_code": entry.set_code or None,
                "collector_number": entry.collector_number or None,
            }
            for entry in entries
        ],
        "unknown": [
            {
                "line": u.line,
                "name": u.name,
                "count": u.count,
                "section": u.section or None,
                "suggestions": list(u.suggestions),
                "problem": u.problem or None,
            }
            for u in deck.unknown.all()
        ],
        "tokens_needed": deck_tokens(deck, owner=owner),
        "decklist": deck.decklist,
        "created_at": deck.created_at.isoformat(),
        "updated_at": deck.updated_at.isoformat(),
    }


def deck_summary(deck: Deck) -> JsonDict:
    return {
        "id": deck.pk,
        "name": deck.name,
        "game": deck.game_id,
        "cards": getattr(deck, "cards", None) or 0,
        "updated_at": deck.updated_at.isoformat(),
    }


def table_pinned_tokens(*, table_id: uuid.UUID | str) -> list[str]:
    """The token ids pinned in a table's battlefield palette (started from a deck), else []."""
    pin = TablePin.objects.filter(table_id=table_id).only("tokens").first()
    return list(pin.tokens) if pin is not None else []
