from __future__ import annotations

from django.urls import URLPattern, URLResolver, path
from rest_framework.routers import SimpleRouter

from catalog.api.views import CardViewSet, GameViewSet, TokenViewSet, search
from catalog.importers.api import imports

router = SimpleRouter()
router.register("games", GameViewSet, basename="game")
router.register("tokens", TokenViewSet, basename="token")
router.register("cards", CardViewSet, basename="card")

urlpatterns: list[URLPattern | URLResolver] = [
    path("search/", search, name="catalog-search"),
    path("imports/", imports, name="api-imports"),
    *router.urls,
]
