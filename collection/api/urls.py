from __future__ import annotations

from django.urls import URLPattern, URLResolver, path

from collection.api import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("collection/", views.collection, name="api-collection"),
    path("collection/<int:item_id>/", views.collection_item, name="api-collection-item"),
    path("collection/totals/", views.collection_totals, name="api-collection-totals"),
    path("collection/bulk/", views.collection_bulk, name="api-collection-bulk"),
    path("collection/import/", views.collection_import, name="api-collection-import"),
    path("collection/export/", views.collection_export, name="api-collection-export"),
    path("decks/", views.decks, name="api-decks"),
    path("decks/<int:deck_id>/", views.deck_detail, name="api-deck"),
    path("decks/<int:deck_id>/table/", views.deck_start_table, name="api-deck-table"),
    path("table-pins/<uuid:table_id>/", views.table_pins, name="api-table-pins"),
]
