from __future__ import annotations

from typing import Any

from django.apps import AppConfig
from django.db.models.signals import post_migrate, post_save
from django.utils.translation import gettext_lazy


def ensure_games(sender: AppConfig, using: str = "default", **kwargs: Any) -> None:
    """Create the rows for the games the code knows, as contenttypes does for models, with the
    rules edition each kernel follows.

    post_migrate also runs after `flush` (the transactional tests flush between tests), so the games
    are always there without relying on a data migration's rows surviving.
    """
    from catalog.models import GAMES, Game

    for slug, name, edition in GAMES:
        # The edition follows the code (the kernel implements one edition): an existing row is
        # brought up to date too, so a deployment reports the rules its kernel follows.
        game, created = Game.objects.using(using).get_or_create(
            slug=slug, defaults={"name": name, "rules_edition": edition}
        )
        if not created and game.rules_edition != edition:
            game.rules_edition = edition
            game.save(using=using, update_fields=["rules_edition"])


def rank_saved_card(sender: Any, using: str = "default", **kwargs: Any) -> None:
    from catalog.search import rank

    rank.after_commit(using)


class CatalogConfig(AppConfig):
    name = "catalog"
    verbose_name = gettext_lazy("Catalogue")

    def ready(self) -> None:
        from simple_history.signals import pre_create_historical_record

        from catalog.history.record import stamp_origin

        post_migrate.connect(ensure_games, sender=self, dispatch_uid="catalog.ensure_games")
        pre_create_historical_record.connect(stamp_origin, dispatch_uid="catalog.history_origin")
        post_save.connect(
            rank_saved_card, sender="catalog.CardDefinition", dispatch_uid="catalog.rank_card"
        )
