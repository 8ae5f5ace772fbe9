"""The two games and the rules editions the catalogue follows."""

from __future__ import annotations

import datetime
from typing import Any

from django.db import migrations

GAMES = [
    ("mtg", "Magic: The Gathering", datetime.date(2026, 8, 7)),
    ("riftbound", "Riftbound", datetime.date(2026, 3, 30)),
]


def create_games(apps: Any, schema_editor: Any) -> None:
    game_model = apps.get_model("catalog", "Game")
    for slug, name, edition in GAMES:
        game_model.objects.update_or_create(
            slug=slug, defaults={"name": name, "rules_edition": edition}
        )


class Migration(migrations.Migration):
    dependencies = [("catalog", "0001_initial")]

    operations = [migrations.RunPython(create_games, migrations.RunPython.noop)]
