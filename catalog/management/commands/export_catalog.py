"""`python manage.py export_catalog <cockatrice|tokensite> [--output FILE] [--game mtg]`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from catalog.exporters.cockatrice import export_tokens_xml
from catalog.exporters.native import export_catalogue


class Command(BaseCommand):
    help = (
        "Export the catalogue: 'cockatrice' writes a tokens.xml Cockatrice loads (MTG only); "
        "'tokensite' writes JSON of this app's schema that import_catalog tokensite restores."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("format", choices=("cockatrice", "tokensite"))
        parser.add_argument("--output", type=Path, help="File to write (default: standard output).")
        parser.add_argument(
            "--game", choices=("mtg", "riftbound"), help="tokensite: one game only."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if options["format"] == "cockatrice":
            data = export_tokens_xml()
        else:
            document = export_catalogue(options["game"])
            data = json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8")
        output: Path | None = options["output"]
        if output is None:
            self.stdout.write(data.decode("utf-8"))
            return
        output.write_bytes(data)
        self.stderr.write(f"Wrote {output} ({len(data) / 1e6:.2f} MB)")
