"""The search's database objects as a migration step (`vendor.create` / `vendor.drop`), with the
cards ranked once they are there (`rank.assign`: later cards are ranked as they are written)."""

from __future__ import annotations

from typing import Any

from django.db import migrations

from catalog.search import rank, vendor


def forwards(apps: Any, schema_editor: Any) -> None:
    vendor.create(schema_editor.connection)
    rank.assign(schema_editor.connection)


def backwards(apps: Any, schema_editor: Any) -> None:
    vendor.drop(schema_editor.connection)


def operation() -> migrations.RunPython:
    """Make (or make again) the search's objects: the last step of any migration that rebuilds
    the card or printed-name table on SQLite (a rebuild drops their triggers and the rank)."""
    return migrations.RunPython(forwards, backwards, elidable=False)
