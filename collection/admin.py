from __future__ import annotations

from django.contrib import admin

from collection.models import CollectionItem, Deck, DeckEntry, DeckUnknown, TablePin


@admin.register(CollectionItem)
class CollectionItemAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("owner", "card", "token", "quantity", "set_code", "finish", "condition")
    list_filter = ("finish", "condition")
    search_fields = ("owner__username", "card__name", "token__name")
    raw_id_fields = ("owner", "card", "token")


class DeckEntryInline(admin.TabularInline):  # type: ignore[type-arg]
    model = DeckEntry
    raw_id_fields = ("card",)
    extra = 0


class DeckUnknownInline(admin.TabularInline):  # type: ignore[type-arg]
    model = DeckUnknown
    extra = 0


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("name", "owner", "game", "updated_at")
    list_filter = ("game",)
    search_fields = ("name", "owner__username")
    raw_id_fields = ("owner",)
    inlines = (DeckEntryInline, DeckUnknownInline)


@admin.register(TablePin)
class TablePinAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("table", "deck", "created_at")
    raw_id_fields = ("table", "deck")
