from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from tokensite.translations import compile_all


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/django.po to .mo (pure Python; no GNU gettext needed)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--force", action="store_true", help="Compile even when up to date.")

    def handle(self, *args: Any, **options: Any) -> None:
        for path in compile_all(force=options["force"]):
            self.stdout.write(f"compiled {path}")
