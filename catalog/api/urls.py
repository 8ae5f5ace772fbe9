from __future__ import annotations

from django.urls import URLPattern, URLResolver, path
from rest_framework.routers import SimpleRouter

from catalog.api.views import CardViewSet, GameViewSet, TokenViewSet, search
from catalog.history import api as history
from catalog.importers.api import imports

router = SimpleRouter()
router.register("games", GameViewSet, basename="game")
router.register("tokens", TokenViewSet, basename="token")
router.register("cards", CardViewSet, basename="card")

urlpatterns: list[URLPattern | URLResolver] = [
    path("search/", search, name="catalog-search"),
    path("imports/", imports, name="api-imports"),
    path("jobs/<uuid:job_id>/changes/", history.job_changes, name="api-job-changes"),
    path("jobs/<uuid:job_id>/revert/", history.job_revert, name="api-job-revert"),
    path("tokens/<str:id>/history/", history.token_history, name="api-token-history"),
    path(
        "tokens/<str:id>/history/<str:entry>/revert/",
        history.token_history_revert,
        name="api-token-history-revert",
    ),
    path("cards/<str:id>/history/", history.card_history, name="api-card-history"),
    path(
        "cards/<str:id>/history/<str:entry>/revert/",
        history.card_history_revert,
        name="api-card-history-revert",
    ),
    *router.urls,
]
