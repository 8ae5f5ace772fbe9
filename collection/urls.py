from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from collection import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/v1/", include("collection.api.urls")),
    path("collection/", views.collection_page, name="collection-page"),
    path("collection/add/", views.collection_add, name="collection-add"),
    path("collection/items/<int:item_id>/", views.collection_item, name="collection-item"),
    path("collection/bulk/", views.collection_bulk, name="collection-bulk"),
    path("collection/import/", views.collection_import, name="collection-import"),
    path("collection/export.csv", views.collection_export, name="collection-export"),
    path("decks/", views.decks_page, name="decks-page"),
    path("decks/<int:deck_id>/", views.deck_page, name="deck-page"),
    path("decks/<int:deck_id>/edit/", views.deck_edit, name="deck-edit"),
    path("decks/<int:deck_id>/delete/", views.deck_delete, name="deck-delete"),
    path("decks/<int:deck_id>/table/", views.deck_start_table, name="deck-table"),
]
