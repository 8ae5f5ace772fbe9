from __future__ import annotations

from django.urls import URLPattern, URLResolver, include, path

from catalog import views

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/v1/", include("catalog.api.urls")),
    path("catalog/", views.browse, name="catalog-browse"),
    path("catalog/tokens/<str:slug>/", views.token_detail, name="catalog-token"),
    path("catalog/cards/<str:slug>/", views.card_detail, name="catalog-card"),
]
