"""Search indexes for the card catalogue: SQLite FTS5 (trigram) kept by triggers, PostgreSQL
pg_trgm GIN indexes; each database gets only its own (catalog/search_index.py)."""

from typing import Any

from django.db import migrations


def forwards(apps: Any, schema_editor: Any) -> None:
    from catalog.search import index as search_index

    search_index.ensure(schema_editor.connection)


def backwards(apps: Any, schema_editor: Any) -> None:
    from catalog.search import index as search_index

    search_index.drop(schema_editor.connection)


class Migration(migrations.Migration):
    dependencies = [("catalog", "0007_art_and_artists")]

    operations = [migrations.RunPython(forwards, backwards)]
