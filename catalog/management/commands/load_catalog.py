"""Load the seed catalogue (idempotent): `python manage.py load_catalog`."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from catalog import makers
from catalog.seed import load_seed


class Command(BaseCommand):
    help = (
        "Load the seed catalogue written in this project (idempotent: upserts by slug; rows a "
        "curator edited are kept as they are)."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        skipped: list[str] = []
        try:
            counts = load_seed(skipped)
        except ValidationError as exc:
            raise CommandError(f"Seed data rejected, nothing written: {exc}") from exc
        summary = ", ".join(f"{key}: {value}" for key, value in sorted(counts.items()))
        self.stdout.write(f"Seed catalogue loaded ({summary}).")
        recompiled = makers.refresh_stale()
        if recompiled:
            self.stdout.write(f"What {recompiled} card(s) make was compiled again (new compiler).")
        if skipped:
            self.stdout.write(
                f"Skipped {len(skipped)} row(s) a curator edited (kept as edited): "
                + ", ".join(skipped)
            )
