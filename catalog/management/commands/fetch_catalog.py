"""`python manage.py fetch_catalog scryfall [--bulk oracle_cards] [--api-base URL] [--dry-run]`:
download a Scryfall bulk file through the bulk-data API and import it (one atomic, idempotent
import, as import_catalog)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from catalog.importers.fetch import BULK_TYPES, SCRYFALL_API, bulk_file_url, download
from catalog.importers.records import ImportFailed
from catalog.management.progress import Bar, import_with_progress


class Command(BaseCommand):
    help = (
        "Download the full catalogue from Scryfall's bulk data (every card and token) and import "
        "it. Needs a network; an error writes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("source", choices=("scryfall",))
        parser.add_argument(
            "--bulk",
            choices=BULK_TYPES,
            default="oracle_cards",
            help="Which bulk file: oracle_cards (one per card, about 160 MB) is the default; "
            "default_cards holds every English printing, so every token printing a card names.",
        )
        parser.add_argument("--api-base", default=SCRYFALL_API, help="Scryfall API address.")
        parser.add_argument(
            "--dry-run", action="store_true", help="Report what would change; write nothing."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        show_bar = self.stdout.isatty() and options["verbosity"] > 0
        with tempfile.TemporaryDirectory(prefix="tokensite-fetch-") as directory:
            try:
                url = bulk_file_url(options["api_base"], options["bulk"])
                self.stdout.write(f"Downloading {url}")
                path = download(
                    url, Path(directory), Bar(self.stdout, "download") if show_bar else None
                )
                if show_bar:
                    self.stdout.write("")
            except ImportFailed as exc:
                raise CommandError(f"fetch_catalog: {exc} (nothing was written)") from None
            import_with_progress(
                self.stdout,
                "scryfall",
                path,
                dry_run=options["dry_run"],
                show_bar=show_bar,
                name="fetch_catalog",
            )
