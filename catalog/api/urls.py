from __future__ import annotations

from rest_framework.routers import SimpleRouter

from catalog.api.views import CardViewSet, GameViewSet, TokenViewSet

router = SimpleRouter()
router.register("games", GameViewSet, basename="game")
router.register("tokens", TokenViewSet, basename="token")
router.register("cards", CardViewSet, basename="card")

urlpatterns = router.urls
