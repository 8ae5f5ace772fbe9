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
# Names printed in other languages (issue 21), case-folded: whether one contains a searched
# word decides if the index of English names may narrow a name search (catalog/search.py).
PRINTED_FTS = "catalog_printed_fts"
PRINTED_TABLE = "catalog_printedname"
PRINTED_TABLE_SQL = (
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {PRINTED_FTS} USING fts5(folded, "
    f"content='{PRINTED_TABLE}', content_rowid='id', tokenize='trigram')"
)
PRINTED_TRIGGERS = {
    f"{PRINTED_FTS}_insert": f"CREATE TRIGGER IF NOT EXISTS {PRINTED_FTS}_insert AFTER INSERT ON "
    f"{PRINTED_TABLE} BEGIN INSERT INTO {PRINTED_FTS}(rowid, folded) VALUES (new.id, new.folded); "
    "END",
    f"{PRINTED_FTS}_delete": f"CREATE TRIGGER IF NOT EXISTS {PRINTED_FTS}_delete AFTER DELETE ON "
    f"{PRINTED_TABLE} BEGIN INSERT INTO {PRINTED_FTS}({PRINTED_FTS}, rowid, folded) "
    "VALUES ('delete', old.id, old.folded); END",
    f"{PRINTED_FTS}_update": f"CREATE TRIGGER IF NOT EXISTS {PRINTED_FTS}_update AFTER UPDATE OF "
    f"folded ON {PRINTED_TABLE} BEGIN INSERT INTO {PRINTED_FTS}({PRINTED_FTS}, rowid, folded) "
    f"VALUES ('delete', old.id, old.folded); INSERT INTO {PRINTED_FTS}(rowid, folded) "
    "VALUES (new.id, new.folded); END",
}
PRINTED_REBUILD = f"INSERT INTO {PRINTED_FTS}({PRINTED_FTS}) VALUES ('rebuild')"
SQLITE_DROP = [
    *(f"DROP TRIGGER IF EXISTS {name}" for name in (*SQLITE_TRIGGERS, *PRINTED_TRIGGERS)),
    f"DROP TABLE IF EXISTS {FTS}",
    f"DROP TABLE IF EXISTS {PRINTED_FTS}",
]
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
        cursor.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'trigger') AND name LIKE %s",
            [f"{PRINTED_FTS}%"],
        )
        present |= {row[0] for row in cursor.fetchall()}
        cursor.execute("SELECT count(*) FROM sqlite_master WHERE name = %s", [PRINTED_TABLE])
        if not cursor.fetchone()[0]:  # migrating: 0008 runs before printed names exist (0009)
            present |= {PRINTED_FTS, *PRINTED_TRIGGERS}
        created = False
        for table, create, triggers, rebuild in (
            (FTS, SQLITE_TABLE, SQLITE_TRIGGERS, SQLITE_REBUILD),
            (PRINTED_FTS, PRINTED_TABLE_SQL, PRINTED_TRIGGERS, PRINTED_REBUILD),
        ):
            if table in present and set(triggers) <= present:
                continue
            cursor.execute(create)
            for statement in triggers.values():
                cursor.execute(statement)
            cursor.execute(rebuild)  # writes made while a trigger was missing
            created = True
    return created


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


def printed_match(value: str) -> str | None:
    """The FTS5 query finding case-folded ``value`` in a printed name (SQLite), or None when the
    index cannot answer it."""
    if len(value) < MIN_INDEXED or not USE_FTS:
        return None
    return '"' + value.casefold().replace('"', '""') + '"'


def fts_match(columns: tuple[str, ...], value: str) -> str | None:
    """The FTS5 query finding `value` as a substring of any of `columns` (SQLite), or None when
    the index cannot answer it (too short for a trigram)."""
    if len(value) < MIN_INDEXED or not USE_FTS:
        return None
    phrase = '"' + value.replace('"', '""') + '"'
    return f"{{{' '.join(columns)}}} : {phrase}"
