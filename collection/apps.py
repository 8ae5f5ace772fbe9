from __future__ import annotations

from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class CollectionConfig(AppConfig):
    name = "collection"
    verbose_name = gettext_lazy("Collections and decks")

    def ready(self) -> None:
        # A table started from a deck shows the deck's tokens first in its palette.
        from collection.selectors import table_pinned_tokens
        from play.table.selectors import register_pinned_tokens

        register_pinned_tokens(lambda table_id: table_pinned_tokens(table_id=table_id))
