"""The search's database objects, per database vendor, as the migrations create them: the one
module with the schema's vendor-specific SQL (the queries that read these objects stay beside
the code that runs them).

- SQLite: FTS5 tables with the trigram tokenizer (substring matching, like the searches' LIKE)
  over the searched card columns and the printed names, reading their content from those tables;
  triggers keep them in step with every write (services, bulk imports, deletes, flushes).
- PostgreSQL: pg_trgm GIN indexes on exactly the expressions Django's case-insensitive lookups
  compare (UPPER(column::text) LIKE UPPER(...)), and on printed names' case-folded column.
- Both: each card's `search_rank` (`catalog.search.rank`) and an index filing the cards by it
  (SQLite: a second full-text table; PostgreSQL: the term index, `catalog.search.terms`).

Other databases get nothing: searches stay correct, only unindexed.

`create` is idempotent and applies the current definitions whatever an older version made:
triggers, functions and full-text tables whose definition differs are dropped and made again,
and the indexes' contents rebuilt. SQLite drops a table's triggers and the `search_rank` column
when a migration rebuilds the card table (most field changes do): such a migration ends with
`catalog.search.schema.operation()`, and `tests/catalog/test_search_schema.py` fails until it
does.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import DatabaseError, transaction

logger = logging.getLogger(__name__)

TABLE = "catalog_carddefinition"
PRINTED = "catalog_printedname"
# The columns `catalog.search.query` looks into: names, rules text, and the type line's three
# lists (PostgreSQL's trigram indexes); SQLite's full-text tables hold the colors too (`c:`).
COLUMNS = ("name", "text", "types", "subtypes", "supertypes")
FTS_COLUMNS = (*COLUMNS, "colors")
RANK = "search_rank"
RANK_INDEX = "card_search_rank"


def _values(prefix: str, columns: tuple[str, ...] = FTS_COLUMNS) -> str:
    return ", ".join(f"{prefix}.{column}" for column in columns)


# SQLite ------------------------------------------------------------------------------------

FTS = "catalog_card_fts"
_COLUMNS = ", ".join(FTS_COLUMNS)
SQLITE_TABLE = (
    f"CREATE VIRTUAL TABLE {FTS} USING fts5({_COLUMNS}, "
    f"content='{TABLE}', content_rowid='id', tokenize='trigram')"
)
SQLITE_TRIGGERS = {
    f"{FTS}_insert": f"CREATE TRIGGER {FTS}_insert AFTER INSERT ON {TABLE} BEGIN "
    f"INSERT INTO {FTS}(rowid, {_COLUMNS}) VALUES (new.id, {_values('new')}); END",
    f"{FTS}_delete": f"CREATE TRIGGER {FTS}_delete AFTER DELETE ON {TABLE} BEGIN "
    f"INSERT INTO {FTS}({FTS}, rowid, {_COLUMNS}) VALUES ('delete', old.id, {_values('old')}); "
    "END",
    f"{FTS}_update": f"CREATE TRIGGER {FTS}_update AFTER UPDATE OF {_COLUMNS} "
    f"ON {TABLE} BEGIN "
    f"INSERT INTO {FTS}({FTS}, rowid, {_COLUMNS}) VALUES ('delete', old.id, {_values('old')}); "
    f"INSERT INTO {FTS}(rowid, {_COLUMNS}) VALUES (new.id, {_values('new')}); END",
}
SQLITE_REBUILD = [f"INSERT INTO {FTS}({FTS}) VALUES ('rebuild')"]
# Names printed in other languages, case-folded: the cards printed with a searched name join a
# name search's candidates (`index.candidates`), as PostgreSQL's trigram index does.
PRINTED_FTS = "catalog_printed_fts"
PRINTED_SQL = (
    f"CREATE VIRTUAL TABLE {PRINTED_FTS} USING fts5(folded, "
    f"content='{PRINTED}', content_rowid='id', tokenize='trigram')"
)
PRINTED_TRIGGERS = {
    f"{PRINTED_FTS}_insert": f"CREATE TRIGGER {PRINTED_FTS}_insert AFTER INSERT ON "
    f"{PRINTED} BEGIN INSERT INTO {PRINTED_FTS}(rowid, folded) VALUES (new.id, new.folded); "
    "END",
    f"{PRINTED_FTS}_delete": f"CREATE TRIGGER {PRINTED_FTS}_delete AFTER DELETE ON "
    f"{PRINTED} BEGIN INSERT INTO {PRINTED_FTS}({PRINTED_FTS}, rowid, folded) "
    "VALUES ('delete', old.id, old.folded); END",
    f"{PRINTED_FTS}_update": f"CREATE TRIGGER {PRINTED_FTS}_update AFTER UPDATE OF "
    f"folded ON {PRINTED} BEGIN INSERT INTO {PRINTED_FTS}({PRINTED_FTS}, rowid, folded) "
    f"VALUES ('delete', old.id, old.folded); INSERT INTO {PRINTED_FTS}(rowid, folded) "
    "VALUES (new.id, new.folded); END",
}
PRINTED_REBUILD = [f"INSERT INTO {PRINTED_FTS}({PRINTED_FTS}) VALUES ('rebuild')"]
# The same columns but names, with each card's `search_rank` as its rowid: the rank orders as
# the results do (game, lowercased name, slug), so a search reads the index's matches in the
# results' order and stops after a page (`rank.RankWalk`). A card without a rank (new, or
# renamed: the trigger clears it) is not in this table until it is ranked, and searches take
# the other table until every card is.
RANKED_FTS = "catalog_card_ranked_fts"
RANKED_COLUMNS = tuple(column for column in FTS_COLUMNS if column != "name")
_RANKED = ", ".join(RANKED_COLUMNS)
_SORT_KEY = ("name", "game_id", "slug")
_KEPT = " AND ".join(f"old.{column} IS new.{column}" for column in _SORT_KEY)
RANKED_SQL = (
    f"CREATE VIRTUAL TABLE {RANKED_FTS} USING fts5({_RANKED}, "
    f"content='{TABLE}', content_rowid='{RANK}', tokenize='trigram')"
)
RANKED_TRIGGERS = {
    f"{RANKED_FTS}_insert": f"CREATE TRIGGER {RANKED_FTS}_insert AFTER INSERT ON "
    f"{TABLE} WHEN new.{RANK} IS NOT NULL BEGIN INSERT INTO {RANKED_FTS}(rowid, {_RANKED}) "
    f"VALUES (new.{RANK}, {_values('new', RANKED_COLUMNS)}); END",
    f"{RANKED_FTS}_delete": f"CREATE TRIGGER {RANKED_FTS}_delete AFTER DELETE ON "
    f"{TABLE} WHEN old.{RANK} IS NOT NULL BEGIN INSERT INTO {RANKED_FTS}({RANKED_FTS}, rowid, "
    f"{_RANKED}) VALUES ('delete', old.{RANK}, {_values('old', RANKED_COLUMNS)}); END",
    # One trigger for every change, so its steps run in this order: the old entry out; a card
    # moved in the order (renamed, another game or slug) loses its rank (this nested update
    # fires no trigger of its own, SQLite's recursive triggers being off); else the new entry in.
    f"{RANKED_FTS}_update": f"CREATE TRIGGER {RANKED_FTS}_update AFTER UPDATE OF "
    f"{_RANKED}, {RANK}, {', '.join(_SORT_KEY)} ON {TABLE} BEGIN "
    f"INSERT INTO {RANKED_FTS}({RANKED_FTS}, rowid, {_RANKED}) SELECT 'delete', old.{RANK}, "
    f"{_values('old', RANKED_COLUMNS)} WHERE old.{RANK} IS NOT NULL; "
    f"UPDATE {TABLE} SET {RANK} = NULL WHERE id = new.id AND new.{RANK} IS NOT NULL "
    f"AND NOT ({_KEPT}); "
    f"INSERT INTO {RANKED_FTS}(rowid, {_RANKED}) SELECT new.{RANK}, "
    f"{_values('new', RANKED_COLUMNS)} WHERE new.{RANK} IS NOT NULL AND {_KEPT}; END",
}
# Not 'rebuild', which would read the unranked cards too (no rowid to file them under).
RANKED_REBUILD = [
    f"INSERT INTO {RANKED_FTS}({RANKED_FTS}) VALUES ('delete-all')",
    f"INSERT INTO {RANKED_FTS}(rowid, {_RANKED}) SELECT {RANK}, {_RANKED} FROM {TABLE} "
    f"WHERE {RANK} IS NOT NULL",
]
# (full-text table, its definition, its triggers, what refills it, the table it reads)
SQLITE_INDEXES = (
    (FTS, SQLITE_TABLE, SQLITE_TRIGGERS, SQLITE_REBUILD, TABLE),
    (PRINTED_FTS, PRINTED_SQL, PRINTED_TRIGGERS, PRINTED_REBUILD, PRINTED),
    (RANKED_FTS, RANKED_SQL, RANKED_TRIGGERS, RANKED_REBUILD, TABLE),
)
SQLITE_DROP = [
    *(
        f"DROP TRIGGER IF EXISTS {name}"
        for name in (*SQLITE_TRIGGERS, *PRINTED_TRIGGERS, *RANKED_TRIGGERS)
    ),
    f"DROP TABLE IF EXISTS {FTS}",
    f"DROP TABLE IF EXISTS {PRINTED_FTS}",
    f"DROP TABLE IF EXISTS {RANKED_FTS}",
    f"DROP INDEX IF EXISTS {RANK_INDEX}",
]

# PostgreSQL --------------------------------------------------------------------------------

# Names with a letter outside ASCII: the few whose case folds may differ between UPPER and
# LOWER, looked up by their UPPER prefix before a name-prefix walk (`index.prefix_walk`).
NON_ASCII = "octet_length(name::text) <> char_length(name::text)"
NON_ASCII_INDEX = "card_name_non_ascii"
MAKER_INDEX = "card_id_names"
PRINTED_INDEX = "printed_trgm_folded"
POSTGRES_CREATE = [
    "CREATE EXTENSION IF NOT EXISTS pg_trgm",
    *(
        f"CREATE INDEX IF NOT EXISTS card_trgm_{column} ON {TABLE} "
        f"USING gin ((UPPER({column}::text)) gin_trgm_ops)"
        for column in COLUMNS
    ),
    # The flag first (not a partial index): its statistics tell the planner how few there are.
    f"CREATE INDEX IF NOT EXISTS {NON_ASCII_INDEX} ON {TABLE} "
    f"(({NON_ASCII}), (UPPER(name::text)) text_pattern_ops)",
    # Each card's name and slug beside its id: the relations look up the cards that make tokens
    # (the tokens made by cards of a searched name; the makers of each token shown) in this
    # index alone, not in 3,800 wide card rows (2.6 -> 1.3 ms at 100,000 cards).
    f"CREATE INDEX IF NOT EXISTS {MAKER_INDEX} ON {TABLE} (id) INCLUDE (name, slug)",
    # Printed names are searched case-folded (the `folded` column as it is).
    f"CREATE INDEX IF NOT EXISTS {PRINTED_INDEX} ON {PRINTED} USING gin (folded gin_trgm_ops)",
]
POSTGRES_INDEXES = [
    *(f"card_trgm_{column}" for column in COLUMNS),
    NON_ASCII_INDEX,
    MAKER_INDEX,
]

# The ranked term index (`catalog.search.terms`): each ranked card's type-line words and colors
# as rows (term, rank, card). Triggers keep them in step with every write (statement-level, so
# a bulk write or a ranking of 100,000 cards costs one set-based statement), and clear a card's
# rank when it moves in the order: a card without a rank has no terms.
TERMS = "catalog_card_term"
VOCABULARY = "catalog_card_vocabulary"
# The terms of the cards in `rows` (a table of card rows), as (term, rank, card_id).
_TERMS_OF = f"""
    SELECT DISTINCT term, {RANK}, id FROM (
        SELECT 't:' || upper(e) AS term, r.{RANK}, r.id FROM rows_ r,
            jsonb_array_elements_text(
                (CASE WHEN jsonb_typeof(r.types) = 'array' THEN r.types ELSE '[]' END)
                || (CASE WHEN jsonb_typeof(r.subtypes) = 'array' THEN r.subtypes ELSE '[]' END)
                || (CASE WHEN jsonb_typeof(r.supertypes) = 'array' THEN r.supertypes ELSE '[]' END)
            ) e WHERE r.{RANK} IS NOT NULL
        UNION ALL
        SELECT 'c:' || upper(e), r.{RANK}, r.id FROM rows_ r, jsonb_array_elements_text(
            CASE WHEN jsonb_typeof(r.colors) = 'array' THEN r.colors ELSE '[]' END
        ) e WHERE r.{RANK} IS NOT NULL
    ) found"""


def _add_terms(rows: str) -> str:
    terms = _TERMS_OF.replace("rows_", rows)
    return (
        f"INSERT INTO {TERMS} (term, rank, card_id) {terms}; "
        f"INSERT INTO {VOCABULARY} (term) SELECT DISTINCT term FROM ({terms}) t "
        "ON CONFLICT DO NOTHING;"
    )


TERMS_CREATE = [
    f"ALTER TABLE {TABLE} ADD COLUMN IF NOT EXISTS {RANK} bigint",
    f"CREATE UNIQUE INDEX IF NOT EXISTS {RANK_INDEX} ON {TABLE} ({RANK})",
    f"CREATE TABLE IF NOT EXISTS {TERMS} (term text NOT NULL, rank bigint NOT NULL, "
    "card_id integer NOT NULL, PRIMARY KEY (term, rank))",
    f"CREATE INDEX IF NOT EXISTS {TERMS}_card ON {TERMS} (card_id)",
    f"CREATE TABLE IF NOT EXISTS {VOCABULARY} (term text PRIMARY KEY)",
    # A card moved in the order (renamed, another game or slug) loses its rank.
    f"""CREATE OR REPLACE FUNCTION {TABLE}_unrank() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN NEW.{RANK} := NULL; RETURN NEW; END $$""",
    f"DROP TRIGGER IF EXISTS {TABLE}_unrank ON {TABLE}",
    f"CREATE TRIGGER {TABLE}_unrank BEFORE UPDATE ON {TABLE} FOR EACH ROW WHEN "
    "(OLD.name IS DISTINCT FROM NEW.name OR OLD.game_id IS DISTINCT FROM NEW.game_id "
    f"OR OLD.slug IS DISTINCT FROM NEW.slug) EXECUTE FUNCTION {TABLE}_unrank()",
    f"""CREATE OR REPLACE FUNCTION {TABLE}_terms() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
            DELETE FROM {TERMS} WHERE card_id IN (SELECT id FROM old_rows);
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN {_add_terms("new_rows")} END IF;
        RETURN NULL;
    END $$""",
    # Django's flush (tests) truncates the cards: their terms go too, or the next cards' ranks
    # would meet them.
    f"""CREATE OR REPLACE FUNCTION {TABLE}_terms_truncate() RETURNS trigger LANGUAGE plpgsql
    AS $$ BEGIN TRUNCATE {TERMS}; RETURN NULL; END $$""",
    f"DROP TRIGGER IF EXISTS {TABLE}_terms_truncate ON {TABLE}",
    f"CREATE TRIGGER {TABLE}_terms_truncate AFTER TRUNCATE ON {TABLE} FOR EACH STATEMENT "
    f"EXECUTE FUNCTION {TABLE}_terms_truncate()",
    *(
        statement
        for event, tables in (
            ("INSERT", "NEW TABLE AS new_rows"),
            ("UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"),
            ("DELETE", "OLD TABLE AS old_rows"),
        )
        for statement in (
            f"DROP TRIGGER IF EXISTS {TABLE}_terms_{event.lower()} ON {TABLE}",
            f"CREATE TRIGGER {TABLE}_terms_{event.lower()} AFTER {event} ON {TABLE} "
            f"REFERENCING {tables} FOR EACH STATEMENT EXECUTE FUNCTION {TABLE}_terms()",
        )
    ),
]
TERM_TRIGGERS = [
    f"{TABLE}_unrank",
    *(f"{TABLE}_terms_{event}" for event in ("insert", "update", "delete", "truncate")),
]
TERMS_REBUILD = [f"TRUNCATE {TERMS}, {VOCABULARY}", _add_terms(TABLE)]
POSTGRES_DROP = [
    *(f"DROP INDEX IF EXISTS {index}" for index in (*POSTGRES_INDEXES, PRINTED_INDEX)),
    *(
        f"DROP TRIGGER IF EXISTS {TABLE}_terms_{e} ON {TABLE}"
        for e in ("insert", "update", "delete", "truncate")
    ),
    f"DROP TRIGGER IF EXISTS {TABLE}_unrank ON {TABLE}",
    f"DROP FUNCTION IF EXISTS {TABLE}_terms()",
    f"DROP FUNCTION IF EXISTS {TABLE}_terms_truncate()",
    f"DROP FUNCTION IF EXISTS {TABLE}_unrank()",
    f"DROP TABLE IF EXISTS {TERMS}",
    f"DROP TABLE IF EXISTS {VOCABULARY}",
    f"DROP INDEX IF EXISTS {RANK_INDEX}",
    f"ALTER TABLE {TABLE} DROP COLUMN IF EXISTS {RANK}",
]


# Applying them ------------------------------------------------------------------------------


def create(connection: Any) -> None:
    """Make the search's objects on `connection` as defined here (idempotent), their contents
    rebuilt from the tables they index. Cards are ranked afterwards (`rank.assign`)."""
    if connection.vendor == "sqlite":
        _create_sqlite(connection)
    elif connection.vendor == "postgresql":
        _create_postgres(connection)


def drop(connection: Any) -> None:
    statements = {"sqlite": SQLITE_DROP, "postgresql": POSTGRES_DROP}.get(connection.vendor, [])
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)
        if connection.vendor == "sqlite" and _sqlite_has_rank(cursor):
            cursor.execute(f"ALTER TABLE {TABLE} DROP COLUMN {RANK}")


def _sqlite_has_rank(cursor: Any) -> bool:
    cursor.execute(f"SELECT count(*) FROM pragma_table_info('{TABLE}') WHERE name = %s", [RANK])
    return bool(cursor.fetchone()[0])


def _create_sqlite(connection: Any) -> None:
    with connection.cursor() as cursor:
        # The rank column is not a model field: Django never writes it, so no card saved from
        # a stale copy can carry an old rank.
        if not _sqlite_has_rank(cursor):
            cursor.execute(f"ALTER TABLE {TABLE} ADD COLUMN {RANK} INTEGER")
        cursor.execute(f"CREATE UNIQUE INDEX IF NOT EXISTS {RANK_INDEX} ON {TABLE}({RANK})")
        cursor.execute("SELECT name, sql FROM sqlite_master WHERE type = 'table'")
        schema = dict(cursor.fetchall())
        for table, definition, triggers, rebuild, content in SQLITE_INDEXES:
            if content not in schema:
                continue
            for name in triggers:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            if schema.get(table) not in (None, definition):  # made by an earlier version
                cursor.execute(f"DROP TABLE {table}")
            if schema.get(table) != definition:
                cursor.execute(definition)
            for statement in (*triggers.values(), *rebuild):
                cursor.execute(statement)


def _create_postgres(connection: Any) -> None:
    try:
        with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
            for statement in (*POSTGRES_CREATE, *TERMS_CREATE, *TERMS_REBUILD):
                cursor.execute(statement)
    except DatabaseError as exc:  # no right to create pg_trgm: correct, only slower
        logger.warning("Catalogue search indexes not created: %s", exc)


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


def ranked_present(connection: Any) -> bool:
    """Whether this database has ranks and an index that reads them: SQLite's ranked
    full-text table, PostgreSQL's term index and its triggers."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("SELECT count(*) FROM sqlite_master WHERE name = %s", [RANKED_FTS])
            return bool(cursor.fetchone()[0])
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT to_regclass(%s) IS NOT NULL AND (SELECT count(*) FROM pg_trigger "
                "WHERE tgrelid = to_regclass(%s) AND tgname = ANY(%s)) = %s",
                [TERMS, TABLE, TERM_TRIGGERS, len(TERM_TRIGGERS)],
            )
            return bool(cursor.fetchone()[0])
        return False
