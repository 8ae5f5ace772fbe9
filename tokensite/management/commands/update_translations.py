from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from tokensite.translations import update


class Command(BaseCommand):
    help = (
        "Find every translatable message in the sources and merge them into each language's "
        "locale/<code>/LC_MESSAGES/django.po; prints how many are left to translate."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        for language, count in update(code for code, _name in settings.LANGUAGES).items():
            self.stdout.write(f"{language}: {count} untranslated")
