"""`python manage.py import_catalog <format> <file> [--dry-run]`: one atomic, idempotent import."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from catalog.importers.formats import FORMATS, import_file
from catalog.importers.records import ImportFailed
from catalog.management.progress import Bar


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
        try:
            summary = import_file(
                options["format"],
                path,
                dry_run=options["dry_run"],
                progress=Bar(self.stdout, "writing") if show_bar else None,
                read_progress=Bar(self.stdout, "reading") if show_bar else None,
            )
        except ImportFailed as exc:
            if show_bar:
                self.stdout.write("")
            raise CommandError(f"{path.name}: {exc} (nothing was written)") from None
        if show_bar:
            self.stdout.write("")
        for line in summary.lines():
            self.stdout.write(line)
