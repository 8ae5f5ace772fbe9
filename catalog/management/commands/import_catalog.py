"""`python manage.py import_catalog <format> <file> [--dry-run]`: one atomic, idempotent import."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from catalog.importers.formats import FORMATS
from catalog.management.progress import import_with_progress


class Command(BaseCommand):
    help = (
        "Import a Cockatrice tokens.xml, Scryfall JSON, MTGJSON set file, Riftbound gallery JSON "
        "or a Tokensite JSON export. One transaction: an error writes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("format", choices=FORMATS)
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--dry-run", action="store_true", help="Report what would change; write nothing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        if not path.is_file():
            raise CommandError(f"{path}: no such file")
        show_bar = self.stdout.isatty() and options["verbosity"] > 0
        import_with_progress(
            self.stdout,
            options["format"],
            path,
            dry_run=options["dry_run"],
            show_bar=show_bar,
            name=path.name,
        )
