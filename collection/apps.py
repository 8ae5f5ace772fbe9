from __future__ import annotations

from django.apps import AppConfig


class CollectionConfig(AppConfig):
    name = "collection"
    verbose_name = "Collections and decks"
