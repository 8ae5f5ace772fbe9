"""The search indexes of the card catalogue, on whichever database runs (issue 19):

- SQLite: an FTS5 table with the trigram tokenizer over the searched card columns (substring
  matching, like the searches' LIKE), reading its content from the card table itself; triggers
  keep it in step with every write (services, bulk imports, deletes, flushes).
- PostgreSQL: pg_trgm GIN indexes on exactly the expressions Django's case-insensitive lookups
  compare (UPPER(column::text) LIKE UPPER(...)), so the planner uses them as they are.

Other databases get nothing: searches stay correct, only unindexed. SQLite drops a table's
triggers when a migration rebuilds the table (most field changes do), so `ensure` runs after
every migrate and puts back what is missing, rebuilding the index when it had to.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError, transaction

logger = logging.getLogger(__name__)

# The columns `catalog.search` looks into: names, rules text, and the type line's three lists.
COLUMNS = ("name", "text", "types", "subtypes", "supertypes")
FTS = "catalog_card_fts"
TABLE = "catalog_carddefinition"
MIN_INDEXED = 3  # trigrams: shorter substrings cannot use the index
# Queries go through the SQLite index when True; bench/search.py turns it off to measure the
# same searches unindexed in the same run.
USE_FTS = True


def _values(prefix: str) -> str:
    return ", ".join(f"{prefix}.{column}" for column in COLUMNS)


_COLUMNS = ", ".join(COLUMNS)
SQLITE_TABLE = (
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {FTS} USING fts5({_COLUMNS}, "
    f"content='{TABLE}', content_rowid='id', tokenize='trigram')"
)
SQLITE_TRIGGERS = {
    f"{FTS}_insert": f"CREATE TRIGGER IF NOT EXISTS {FTS}_insert AFTER INSERT ON {TABLE} BEGIN "
    f"INSERT INTO {FTS}(rowid, {_COLUMNS}) VALUES (new.id, {_values('new')}); END",
    f"{FTS}_delete": f"CREATE TRIGGER IF NOT EXISTS {FTS}_delete AFTER DELETE ON {TABLE} BEGIN "
    f"INSERT INTO {FTS}({FTS}, rowid, {_COLUMNS}) VALUES ('delete', old.id, {_values('old')}); "
    "END",
    f"{FTS}_update": f"CREATE TRIGGER IF NOT EXISTS {FTS}_update AFTER UPDATE OF {_COLUMNS} "
    f"ON {TABLE} BEGIN "
    f"INSERT INTO {FTS}({FTS}, rowid, {_COLUMNS}) VALUES ('delete', old.id, {_values('old')}); "
    f"INSERT INTO {FTS}(rowid, {_COLUMNS}) VALUES (new.id, {_values('new')}); END",
}
SQLITE_REBUILD = f"INSERT INTO {FTS}({FTS}) VALUES ('rebuild')"
SQLITE_DROP = [*(f"DROP TRIGGER IF EXISTS {name}" for name in SQLITE_TRIGGERS), f"DROP TABLE {FTS}"]
POSTGRES_CREATE = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    *(
        f"CREATE INDEX IF NOT EXISTS card_trgm_{column} ON {TABLE} "
        f"USING gin ((UPPER({column}::text)) gin_trgm_ops)"
        for column in COLUMNS
    ),
]
POSTGRES_DROP = [f"DROP INDEX IF EXISTS card_trgm_{column}" for column in COLUMNS]


def ensure(connection: Any) -> bool:
    """Create what is missing on `connection` (idempotent); True when it created anything."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_indexes WHERE tablename = %s AND indexname LIKE %s",
                [TABLE, "card_trgm_%"],
            )
            if cursor.fetchone()[0] == len(COLUMNS):
                return False
            try:
                with transaction.atomic(using=connection.alias):
                    for statement in POSTGRES_CREATE:
                        cursor.execute(statement)
            except DatabaseError as exc:  # no right to create pg_trgm: correct, only slower
                logger.warning("Catalogue search indexes not created: %s", exc)
                return False
        return True
    if connection.vendor != "sqlite":
        return False
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger') AND name LIKE %s",
            [f"{FTS}%"],
        )
        present = {row[0] for row in cursor.fetchall()}
        if FTS in present and set(SQLITE_TRIGGERS) <= present:
            return False
        cursor.execute(SQLITE_TABLE)
        for statement in SQLITE_TRIGGERS.values():
            cursor.execute(statement)
        cursor.execute(SQLITE_REBUILD)  # writes made while a trigger was missing
    return True


def present(connection: Any) -> bool:
    """Whether this database has the card search index (a failed pg_trgm install has not)."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT count(*) FROM sqlite_master WHERE name = %s", [FTS])
        elif connection.vendor == "postgresql":
            cursor.execute(
                "SELECT count(*) FROM pg_indexes WHERE tablename = %s AND indexname = %s",
                [TABLE, "card_trgm_name"],
            )
        else:
            return False
        return bool(cursor.fetchone()[0])


def drop(connection: Any) -> None:
    statements = {"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP}.get(connection.vendor, [])
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


def fts_match(columns: tuple[str, ...], value: str) -> str | None:
    """The FTS5 query finding `value` as a substring of any of `columns` (SQLite), or None when
    the index cannot answer it (too short for a trigram)."""
    if len(value) < MIN_INDEXED or not USE_FTS:
        return None
    phrase = '"' + value.replace('"', '""') + '"'
    return f"{{{' '.join(columns)}}} : {phrase}"
