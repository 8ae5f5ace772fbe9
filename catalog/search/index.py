"""The search indexes as a search reads them (`vendor` makes them): which cards a search can be
narrowed to first, and whether a name search may walk the name index.

A search first narrows the cards to the indexes' candidates (`candidates`: SQLite, one FTS5
query for the whole search; PostgreSQL, one subquery the planner answers with bitmap index
scans), since the conditions themselves OR a name with a correlated printed-name lookup, which
keeps PostgreSQL from any index. Both also file the cards by search rank (SQLite: a second
full-text table; PostgreSQL: `catalog.search.terms`), which `catalog.search.rank` reads in the
results' order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models.expressions import RawSQL

from catalog.search.vendor import FTS, NON_ASCII, PRINTED, PRINTED_FTS, TABLE

MIN_INDEXED = 3  # trigrams: shorter substrings cannot use the index


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
    if len(value) < MIN_INDEXED or vendor not in ("sqlite", "postgresql"):
        return None
    if not settings.SEARCH_USE_FTS:
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
    """The ranked table's query for `narrow` (`catalog.search.rank`), or None when it cannot
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
