"""The search's database objects come from the migrations, exactly as `catalog.search.vendor`
defines them: on a fresh database, and on one an earlier version gave other definitions (the
migration replaces them, where a check by name alone would keep them)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from catalog import selectors, services
from catalog.search import vendor

SQLITE = connection.vendor == "sqlite"
pytestmark = pytest.mark.skipif(
    connection.vendor not in ("sqlite", "postgresql"), reason="the search's own objects"
)


def _sqlite_schema() -> dict[str, str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT name, sql FROM sqlite_master WHERE type IN ('table', 'trigger')")
        return dict(cursor.fetchall())


def _wanted_sqlite() -> dict[str, str]:
    return {
        name: sql
        for table, definition, triggers, _, _ in vendor.SQLITE_INDEXES
        for name, sql in ((table, definition), *triggers.items())
    }


def _postgres_objects() -> tuple[set[str], set[str]]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexname FROM pg_indexes")
        indexes = {row[0] for row in cursor.fetchall()}
        cursor.execute("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")
        return indexes, {row[0] for row in cursor.fetchall()}


def _has_rank_column() -> bool:
    with connection.cursor() as cursor:
        columns = connection.introspection.get_table_description(cursor, vendor.TABLE)
    return vendor.RANK in {column.name for column in columns}


def _assert_as_defined() -> None:
    assert _has_rank_column()
    if SQLITE:
        schema = _sqlite_schema()
        assert {name: schema.get(name) for name in _wanted_sqlite()} == _wanted_sqlite()
    else:
        indexes, triggers = _postgres_objects()
        assert {*vendor.POSTGRES_INDEXES, vendor.PRINTED_INDEX, vendor.RANK_INDEX} <= indexes
        assert set(vendor.TERM_TRIGGERS) <= triggers


@pytest.mark.django_db
def test_the_migrated_database_has_every_object_as_defined() -> None:
    """Also what fails when a later migration rebuilds the card table on SQLite (dropping its
    triggers and rank) without ending with `catalog.search.schema.operation()`."""
    _assert_as_defined()


@pytest.mark.django_db(transaction=True)
def test_the_migration_replaces_what_an_earlier_version_made(settings: Any) -> None:
    call_command("migrate", "catalog", "0013_card_codes", verbosity=0)
    assert not _has_rank_column()
    # An earlier version's objects, under today's names with other definitions: the card
    # table's full-text index without colors, and an insert trigger that indexes names only.
    with connection.cursor() as cursor:
        if SQLITE:
            cursor.execute(f"ALTER TABLE {vendor.TABLE} ADD COLUMN {vendor.RANK} INTEGER")
            cursor.execute(
                f"CREATE VIRTUAL TABLE {vendor.FTS} USING fts5(name, text, types, subtypes, "
                f"supertypes, content='{vendor.TABLE}', content_rowid='id', tokenize='trigram')"
            )
            cursor.execute(
                f"CREATE TRIGGER {vendor.FTS}_insert AFTER INSERT ON {vendor.TABLE} BEGIN "
                f"INSERT INTO {vendor.FTS}(rowid, name) VALUES (new.id, new.name); END"
            )
        else:
            cursor.execute(f"ALTER TABLE {vendor.TABLE} ADD COLUMN {vendor.RANK} bigint")
            cursor.execute(
                f"CREATE INDEX {vendor.NON_ASCII_INDEX} ON {vendor.TABLE} (UPPER(name::text))"
            )
    call_command("migrate", "catalog", verbosity=0)
    _assert_as_defined()
    services.card_create(
        slug="mtg-test-zq", game="mtg", name="Zq Herald", text="Haste.", colors=["R"]
    )
    assert [c.slug for c in selectors.card_list(q="o:haste c:r zq")] == ["mtg-test-zq"]
