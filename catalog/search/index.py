"""The search indexes of the card catalogue, on whichever database runs (issue 19):

- SQLite: an FTS5 table with the trigram tokenizer over the searched card columns (substring
  matching, like the searches' LIKE), reading its content from the card table itself; triggers
  keep it in step with every write (services, bulk imports, deletes, flushes).
- PostgreSQL: pg_trgm GIN indexes on exactly the expressions Django's case-insensitive lookups
  compare (UPPER(column::text) LIKE UPPER(...)), and on printed names' case-folded column.
  A search first narrows the cards to the indexes' candidates (`candidates`: one subquery the
  planner answers with bitmap index scans), since the conditions themselves OR a name with a
  correlated printed-name lookup, which keeps PostgreSQL from any index.

Both also file the cards by search rank (SQLite: a second full-text table, `RANKED_FTS`;
PostgreSQL: `catalog.search_terms`), which `catalog.search_rank` reads in the results' order.

Other databases get nothing: searches stay correct, only unindexed. SQLite drops a table's
triggers when a migration rebuilds the table (most field changes do), so `ensure` runs after
every migrate and puts back what is missing, rebuilding the index when it had to.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

from django.db import DatabaseError, transaction
from django.db.models.expressions import RawSQL

logger = logging.getLogger(__name__)

# The columns `catalog.search` looks into: names, rules text, and the type line's three lists
# (PostgreSQL's trigram indexes); SQLite's full-text tables hold the colors too (`c:` narrows).
COLUMNS = ("name", "text", "types", "subtypes", "supertypes")
FTS_COLUMNS = (*COLUMNS, "colors")
FTS = "catalog_card_fts"
TABLE = "catalog_carddefinition"
PRINTED = "catalog_printedname"
MIN_INDEXED = 3  # trigrams: shorter substrings cannot use the index
# Queries go through the SQLite index when True; bench/search.py turns it off to measure the
# same searches unindexed in the same run.
USE_FTS = True


def _values(prefix: str, columns: tuple[str, ...] = FTS_COLUMNS) -> str:
    return ", ".join(f"{prefix}.{column}" for column in columns)


_COLUMNS = ", ".join(FTS_COLUMNS)
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
# Names printed in other languages (issue 21), case-folded: the cards printed with a searched
# name join a name search's candidates (`candidates`), as PostgreSQL's trigram index does.
PRINTED_FTS = "catalog_printed_fts"
PRINTED_SQL = (
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {PRINTED_FTS} USING fts5(folded, "
    f"content='{PRINTED}', content_rowid='id', tokenize='trigram')"
)
PRINTED_TRIGGERS = {
    f"{PRINTED_FTS}_insert": f"CREATE TRIGGER IF NOT EXISTS {PRINTED_FTS}_insert AFTER INSERT ON "
    f"{PRINTED} BEGIN INSERT INTO {PRINTED_FTS}(rowid, folded) VALUES (new.id, new.folded); "
    "END",
    f"{PRINTED_FTS}_delete": f"CREATE TRIGGER IF NOT EXISTS {PRINTED_FTS}_delete AFTER DELETE ON "
    f"{PRINTED} BEGIN INSERT INTO {PRINTED_FTS}({PRINTED_FTS}, rowid, folded) "
    "VALUES ('delete', old.id, old.folded); END",
    f"{PRINTED_FTS}_update": f"CREATE TRIGGER IF NOT EXISTS {PRINTED_FTS}_update AFTER UPDATE OF "
    f"folded ON {PRINTED} BEGIN INSERT INTO {PRINTED_FTS}({PRINTED_FTS}, rowid, folded) "
    f"VALUES ('delete', old.id, old.folded); INSERT INTO {PRINTED_FTS}(rowid, folded) "
    "VALUES (new.id, new.folded); END",
}
PRINTED_REBUILD = f"INSERT INTO {PRINTED_FTS}({PRINTED_FTS}) VALUES ('rebuild')"
# The same columns but names, with each card's `search_rank` as its rowid: the rank orders as
# the results do (game, lowercased name, slug), so a search reads the index's matches in the
# results' order and stops after a page (`catalog.search_rank`). A card without a rank (new,
# or renamed: the trigger clears it) is not in this table until it is ranked, and searches
# take the other table until every card is.
RANKED_FTS = "catalog_card_ranked_fts"
RANK = "search_rank"
RANK_INDEX = "card_search_rank"
RANKED_COLUMNS = tuple(column for column in FTS_COLUMNS if column != "name")
_RANKED = ", ".join(RANKED_COLUMNS)
_SORT_KEY = ("name", "game_id", "slug")
_KEPT = " AND ".join(f"old.{column} IS new.{column}" for column in _SORT_KEY)
RANKED_SQL = (
    f"CREATE VIRTUAL TABLE IF NOT EXISTS {RANKED_FTS} USING fts5({_RANKED}, "
    f"content='{TABLE}', content_rowid='{RANK}', tokenize='trigram')"
)
RANKED_TRIGGERS = {
    f"{RANKED_FTS}_insert": f"CREATE TRIGGER IF NOT EXISTS {RANKED_FTS}_insert AFTER INSERT ON "
    f"{TABLE} WHEN new.{RANK} IS NOT NULL BEGIN INSERT INTO {RANKED_FTS}(rowid, {_RANKED}) "
    f"VALUES (new.{RANK}, {_values('new', RANKED_COLUMNS)}); END",
    f"{RANKED_FTS}_delete": f"CREATE TRIGGER IF NOT EXISTS {RANKED_FTS}_delete AFTER DELETE ON "
    f"{TABLE} WHEN old.{RANK} IS NOT NULL BEGIN INSERT INTO {RANKED_FTS}({RANKED_FTS}, rowid, "
    f"{_RANKED}) VALUES ('delete', old.{RANK}, {_values('old', RANKED_COLUMNS)}); END",
    # One trigger for every change, so its steps run in this order: the old entry out; a card
    # moved in the order (renamed, another game or slug) loses its rank (this nested update
    # fires no trigger of its own, SQLite's recursive triggers being off); else the new entry in.
    f"{RANKED_FTS}_update": f"CREATE TRIGGER IF NOT EXISTS {RANKED_FTS}_update AFTER UPDATE OF "
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
# Names with a letter outside ASCII (PostgreSQL): the few whose case folds may differ between
# UPPER and LOWER, looked up by their UPPER prefix before a name-prefix walk (`prefix_walk`).
NON_ASCII = "octet_length(name::text) <> char_length(name::text)"
NON_ASCII_INDEX = "card_name_non_ascii"
MAKER_INDEX = "card_id_names"
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
]
POSTGRES_INDEXES = [
    *(f"card_trgm_{column}" for column in COLUMNS),
    NON_ASCII_INDEX,
    MAKER_INDEX,
]
# Printed names are searched case-folded (the `folded` column as it is); their table comes with a
# later migration than the card indexes, so its index is made once the table is there.
PRINTED_INDEX = "printed_trgm_folded"
POSTGRES_PRINTED = (
    f"CREATE INDEX IF NOT EXISTS {PRINTED_INDEX} ON {PRINTED} USING gin (folded gin_trgm_ops)"
)
POSTGRES_DROP = [
    *(f"DROP INDEX IF EXISTS {index}" for index in POSTGRES_INDEXES),
    f"DROP INDEX IF EXISTS {PRINTED_INDEX}",
]


def ensure(connection: Any) -> bool:
    """Create what is missing on `connection` (idempotent); True when it created anything.
    Then rank the cards that wait for a rank (`catalog.search_rank`)."""
    from catalog.search import rank as search_rank
    from catalog.search import terms as search_terms

    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_indexes WHERE tablename = %s AND indexname = ANY(%s)",
                [TABLE, POSTGRES_INDEXES],
            )
            cards_done = cursor.fetchone()[0] == len(POSTGRES_INDEXES)
            cursor.execute(
                "SELECT to_regclass(%s) IS NOT NULL, to_regclass(%s) IS NOT NULL",
                [PRINTED, PRINTED_INDEX],
            )
            printed_table, printed_done = cursor.fetchone()
            created = False
            try:
                with transaction.atomic(using=connection.alias):
                    if not (cards_done and (printed_done or not printed_table)):
                        for statement in POSTGRES_CREATE:
                            cursor.execute(statement)
                        if printed_table:
                            cursor.execute(POSTGRES_PRINTED)
                        created = True
                    created = search_terms.ensure(cursor) or created
            except DatabaseError as exc:  # no right to create pg_trgm: correct, only slower
                logger.warning("Catalogue search indexes not created: %s", exc)
                return False
        search_rank.assign(connection)
        return created
    if connection.vendor != "sqlite":
        return False
    with connection.cursor() as cursor:
        _ensure_rank_column(cursor)
        cursor.execute("SELECT name, sql FROM sqlite_master WHERE type IN ('table', 'trigger')")
        schema = dict(cursor.fetchall())
        created = False
        for table, create, triggers, rebuild, content in (
            (FTS, SQLITE_TABLE, SQLITE_TRIGGERS, [SQLITE_REBUILD], TABLE),
            (PRINTED_FTS, PRINTED_SQL, PRINTED_TRIGGERS, [PRINTED_REBUILD], PRINTED),
            (RANKED_FTS, RANKED_SQL, RANKED_TRIGGERS, RANKED_REBUILD, TABLE),
        ):
            if content not in schema:  # migrating: printed names come with 0009
                continue
            current = [schema.get(name) for name in (table, *triggers)]
            wanted = [
                create.replace(" IF NOT EXISTS", ""),
                *(sql.replace(" IF NOT EXISTS", "") for sql in triggers.values()),
            ]
            if current == wanted:
                continue
            # Missing (a table rebuild dropped its triggers) or made by an earlier version.
            for name in triggers:
                cursor.execute(f"DROP TRIGGER IF EXISTS {name}")
            if schema.get(table) not in (None, wanted[0]):
                cursor.execute(f"DROP TABLE {table}")
            cursor.execute(create)
            for statement in triggers.values():
                cursor.execute(statement)
            for statement in rebuild:  # writes made while a trigger was missing
                cursor.execute(statement)
            created = True
    search_rank.assign(connection)
    return created


def _ensure_rank_column(cursor: Any) -> None:
    """The card table's `search_rank` column (SQLite) and its unique index. Not a model field:
    Django never writes it, so no card saved from a stale copy can carry an old rank; a
    migration that rebuilds the table drops it, and the next `ensure` adds it back and ranks
    every card again."""
    cursor.execute(f"SELECT count(*) FROM pragma_table_info('{TABLE}') WHERE name = %s", [RANK])
    if not cursor.fetchone()[0]:
        cursor.execute(f"ALTER TABLE {TABLE} ADD COLUMN {RANK} INTEGER")
    cursor.execute(f"CREATE UNIQUE INDEX IF NOT EXISTS {RANK_INDEX} ON {TABLE}({RANK})")


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
    from catalog.search import terms as search_terms

    statements = {
        "sqlite": SQLITE_DROP,
        "postgresql": [*POSTGRES_DROP, *search_terms.DROP],
    }.get(connection.vendor, [])
    with connection.cursor() as cursor:
        for statement in statements:
            cursor.execute(statement)


# Databases whose default collation orders text as its code points (PostgreSQL "C", "C.UTF-8",
# "POSIX"), by connection settings name: asked once per process.
_BYTEWISE: dict[str, bool] = {}


def prefix_walk(connection: Any, words: str) -> bool:
    """Whether the names starting with `words` (ASCII, as a name search ranks its exact and
    prefix matches) are exactly a range of the lowercased-name index, in the results' order.

    SQLite: always (LIKE and LOWER fold ASCII letters alike, and compare bytewise).
    PostgreSQL: when the database collation orders bytewise, and no card name outside ASCII
    folds differently under UPPER (which ranks) and LOWER (which orders): UPPER of the long s
    (U+017F) is "S" while LOWER keeps it, so "\u017foldier" ranks as a prefix of "soldier"
    outside the range of "soldier" (likewise the dotless i, U+0131); such a search is not
    walked."""
    if connection.vendor == "sqlite":
        return True
    if connection.vendor != "postgresql":
        return False
    name = str(connection.settings_dict["NAME"])
    with connection.cursor() as cursor:
        if name not in _BYTEWISE:
            # to_jsonb: datlocprovider (ICU or libc) exists from PostgreSQL 15 only.
            cursor.execute(
                "SELECT datcollate, to_jsonb(d) ->> 'datlocprovider' FROM pg_database d "
                "WHERE datname = current_database()"
            )
            collate, provider = cursor.fetchone()
            _BYTEWISE[name] = provider in (None, "c") and collate in BYTEWISE_COLLATIONS
        if not _BYTEWISE[name]:
            return False
        prefix = _like(words)[1:]  # "words%"
        cursor.execute(
            f"SELECT 1 FROM {TABLE} WHERE {NON_ASCII} AND UPPER(name::text) LIKE UPPER(%s) "
            "AND NOT LOWER(name::text) LIKE LOWER(%s) LIMIT 1",
            [prefix, prefix],
        )
        return cursor.fetchone() is None


BYTEWISE_COLLATIONS = ("C", "POSIX", "C.UTF-8", "C.utf8", "ucs_basic")


@dataclass(frozen=True)
class Narrow:
    """A superset of the cards a search matches, which the index finds: the cards with `value`
    in one of `columns` (and, for names on PostgreSQL, the cards printed with it), or the
    intersection ("and") or union ("or") of `parts`."""

    op: str  # "text", "and", "or"
    columns: tuple[str, ...] = ()
    value: str = ""
    parts: tuple[Narrow, ...] = ()


def text(columns: tuple[str, ...], value: str, vendor: str) -> Narrow | None:
    """The narrowing for `value` as a substring of any of `columns`, or None when no index can
    answer it (too short for a trigram, another database, or the indexes bypassed)."""
    if len(value) < MIN_INDEXED or not USE_FTS or vendor not in ("sqlite", "postgresql"):
        return None
    return Narrow("text", columns, value)


def helps(narrow: Narrow, vendor: str) -> bool:
    """Whether narrowing first pays: always with SQLite's FTS table; on PostgreSQL only when a
    name is searched (its OR with the printed names keeps the planner off the indexes), since
    the other columns' conditions use their trigram indexes as they are, and narrowing them too
    reads every match twice."""
    if vendor == "sqlite":
        return True
    return any("name" in leaf.columns for leaf in leaves(narrow))


def candidates(narrow: Narrow, vendor: str) -> RawSQL:
    """The card ids `narrow` keeps, as a subquery for `pk__in`."""
    names = sorted({leaf.value.casefold() for leaf in leaves(narrow) if "name" in leaf.columns})
    if vendor == "sqlite":
        sql = f"SELECT rowid FROM {FTS} WHERE {FTS} MATCH %s"
        if not names:
            return RawSQL(sql, [_fts(narrow)])
        # As below: the cards printed with a name searched for, from the printed names' index.
        printed = " OR ".join(_phrase(name) for name in names)
        sql += (
            f" UNION SELECT p.card_id FROM {PRINTED} p JOIN {PRINTED_FTS} f ON f.rowid = p.id"
            f" WHERE p.card_id IS NOT NULL AND {PRINTED_FTS} MATCH %s"
        )
        return RawSQL(sql, [_fts(narrow), printed])
    where, params = postgres_condition(narrow)
    sql = f"SELECT id FROM {TABLE} WHERE {where}"
    if names:
        # A name may match through a printed name instead: the cards printed with any of the
        # names searched for join the candidates (still a superset: the narrowing has no "not").
        printed = " OR ".join(["folded LIKE %s"] * len(names))
        sql += f" UNION SELECT card_id FROM {PRINTED} WHERE card_id IS NOT NULL AND ({printed})"
        params += [_like(name) for name in names]
    return RawSQL(sql, params)


def ranked_match(narrow: Narrow | None) -> str | None:
    """The ranked table's query for `narrow` (`catalog.search_rank`), or None when it cannot
    answer it: nothing to narrow, or a name searched (names, printed ones too, are matched
    through the other tables)."""
    if narrow is None or any("name" in leaf.columns for leaf in leaves(narrow)):
        return None
    return _fts(narrow)


def leaves(narrow: Narrow) -> list[Narrow]:
    if narrow.op == "text":
        return [narrow]
    return [leaf for part in narrow.parts for leaf in leaves(part)]


def _fts(narrow: Narrow) -> str:
    """The FTS5 query (SQLite): phrases are substrings with the trigram tokenizer."""
    if narrow.op == "text":
        return f"{{{' '.join(narrow.columns)}}} : {_phrase(narrow.value)}"
    return f" {narrow.op.upper()} ".join(f"({_fts(part)})" for part in narrow.parts)


def _phrase(value: str) -> str:
    return '"' + value.replace('"', '""') + '"'


def _like(value: str) -> str:
    return "%" + value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"


def postgres_condition(narrow: Narrow) -> tuple[str, list[Any]]:
    """One condition on the card table (PostgreSQL): each column compared as Django's icontains
    compares it, so the trigram GIN index on that expression answers, and the planner combines
    the index scans (BitmapAnd, BitmapOr)."""
    if narrow.op == "text":
        pattern = _like(narrow.value)
        where = " OR ".join(f"UPPER({column}::text) LIKE UPPER(%s)" for column in narrow.columns)
        return f"({where})", [pattern] * len(narrow.columns)
    parts = [postgres_condition(part) for part in narrow.parts]
    joined = f" {narrow.op.upper()} ".join(sql for sql, _ in parts)
    return f"({joined})", [param for _, params in parts for param in params]
