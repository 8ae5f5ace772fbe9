from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy


def _actions_logged() -> dict[tuple[str, ...], float]:
    from django.db.models import Max

    from play.models import Action

    # The highest action id grows with every logged action (ids are never reused), and it is
    # read from an index, unlike a COUNT over the whole log.
    return {(): Action.objects.aggregate(m=Max("pk"))["m"] or 0}


class PlayConfig(AppConfig):
    name = "play"
    verbose_name = gettext_lazy("Play")

    def ready(self) -> None:
        from play.live import hub as live
        from play.table import services
        from play.web.live_updates import publish_change
        from tokensite.metrics import register_database_gauge

        live.connect_signals()
        services.on_change(publish_change)
        register_database_gauge(
            "tokensite_actions_logged", "Table actions logged (all tables)", _actions_logged
        )
