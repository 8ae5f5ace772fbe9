"""The ranked term index (PostgreSQL, issue 19): each ranked card's type-line words and colors
as rows (term, rank, card) in rank order, so a search drives from the cards of one type or color
in the results' order and stops after a page. PostgreSQL's trigram indexes answer with a bitmap
of every candidate: "t:goblin pow>=3" among 100,000 cards read and sorted all 6,000 goblins;
from the terms it reads the first hundred.

Terms: "t:" and each upper-cased element of types, subtypes and supertypes; "c:" and each
color. Triggers keep them in step with every write (statement-level, so a bulk write or a
ranking of 100,000 cards costs one set-based statement), and clear a card's rank when it moves
in the order (`catalog.search_rank`): a card without a rank has no terms, and searches read
the trigram indexes until every card has one. `search_rank.RankWalk` reads them through
`batches`. Text searches (o:) still use the trigram indexes: their words would cost millions
of rows.
"""

from __future__ import annotations

import json
from typing import Any

from django.db import connection

from catalog.search import index as search_index
from catalog.search import rank as search_rank

TERMS = "catalog_card_term"
VOCABULARY = "catalog_card_vocabulary"
TABLE, RANK = search_index.TABLE, search_index.RANK
FAMILY_LIMIT = 40  # terms a type search may stand for ("t:e" would be most of them)
COUNT_UP_TO = 16384  # a family's cards counted, to choose what drives a walk
JSON_SYNTAX = set('"\\[],')

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


def _add(rows: str) -> str:
    terms = _TERMS_OF.replace("rows_", rows)
    return (
        f"INSERT INTO {TERMS} (term, rank, card_id) {terms}; "
        f"INSERT INTO {VOCABULARY} (term) SELECT DISTINCT term FROM ({terms}) t "
        "ON CONFLICT DO NOTHING;"
    )


CREATE = [
    f"ALTER TABLE {TABLE} ADD COLUMN IF NOT EXISTS {RANK} bigint",
    f"CREATE UNIQUE INDEX IF NOT EXISTS {search_index.RANK_INDEX} ON {TABLE} ({RANK})",
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
        IF TG_OP IN ('INSERT', 'UPDATE') THEN {_add("new_rows")} END IF;
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
TRIGGER_NAMES = [
    f"{TABLE}_unrank",
    *(f"{TABLE}_terms_{event}" for event in ("insert", "update", "delete", "truncate")),
]
REBUILD = [f"TRUNCATE {TERMS}, {VOCABULARY}", _add(TABLE)]
DROP = [
    *(
        f"DROP TRIGGER IF EXISTS {TABLE}_terms_{e} ON {TABLE}"
        for e in ("insert", "update", "delete")
    ),
    f"DROP FUNCTION IF EXISTS {TABLE}_terms()",
    f"DROP FUNCTION IF EXISTS {TABLE}_terms_truncate()",
    f"DROP FUNCTION IF EXISTS {TABLE}_unrank()",
    f"DROP TABLE IF EXISTS {TERMS}",
    f"DROP TABLE IF EXISTS {VOCABULARY}",
    f"DROP INDEX IF EXISTS {search_index.RANK_INDEX}",
    f"ALTER TABLE {TABLE} DROP COLUMN IF EXISTS {RANK}",
]


def present(cursor: Any) -> bool:
    """Whether the term index and all its triggers are there (PostgreSQL)."""
    cursor.execute(
        "SELECT to_regclass(%s) IS NOT NULL AND (SELECT count(*) FROM pg_trigger "
        "WHERE tgrelid = to_regclass(%s) AND tgname = ANY(%s)) = %s",
        [TERMS, TABLE, TRIGGER_NAMES, len(TRIGGER_NAMES)],
    )
    return bool(cursor.fetchone()[0])


def ensure(cursor: Any) -> bool:
    """Create the term index (idempotent) and fill it; True when it had to."""
    if present(cursor):
        return False
    for statement in (*CREATE, *REBUILD):
        cursor.execute(statement)
    return True


def driving_family(narrow: search_index.Narrow | None) -> list[str] | None:
    """The terms to walk a search from (`family`), unless a text or name it also searches is
    rarer than they are: the trigram indexes then find its few matches at once, where a walk
    of a color's or type's cards would read thousands to find them ("c:w o:flash")."""
    terms = family(narrow)
    if terms is None or narrow is None:
        return None
    texts = [leaf for leaf in search_index.leaves(narrow) if {"text", "name"} & set(leaf.columns)]
    if texts:
        cards = _postings(terms)
        if any(_estimate(leaf) < cards for leaf in texts):
            return None
    return terms


def _estimate(leaf: search_index.Narrow) -> float:
    """How many cards PostgreSQL's planner expects the trigram condition of `leaf` to keep."""
    where, params = search_index.postgres_condition(leaf)
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (FORMAT JSON) SELECT 1 FROM {TABLE} WHERE {where}", params)
        plan = cursor.fetchone()[0]
    if isinstance(plan, str):
        plan = json.loads(plan)
    return float(plan[0]["Plan"]["Plan Rows"])


def family(narrow: search_index.Narrow | None) -> list[str] | None:
    """The terms one of which every card `narrow` keeps has, or None when the terms cannot
    tell (a name or a text searched, a type search standing for too many terms)."""
    if narrow is None:
        return None
    if narrow.op == "text":
        return _leaf(narrow)
    parts = [family(part) for part in narrow.parts]
    if narrow.op == "or":  # every side must tell
        if any(part is None for part in parts):
            return None
        return sorted({term for part in parts for term in part or []})
    known = [part for part in parts if part is not None]
    if len(known) < 2:
        return known[0] if known else None
    return min(known, key=_postings)  # "and": the rarest side drives


def _leaf(narrow: search_index.Narrow) -> list[str] | None:
    value = narrow.value
    if narrow.columns == ("colors",):  # '"R"': exactly that color
        return [f"c:{value.strip(chr(34)).upper()}"] if value.count('"') == 2 else None
    if not set(narrow.columns) <= {"types", "subtypes", "supertypes"} or JSON_SYNTAX & set(value):
        return None  # only a word inside one element: the JSON text's syntax is not in a term
    pattern = "%" + value.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_") + "%"
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT term FROM {VOCABULARY} WHERE term LIKE 't:' || UPPER(%s) ORDER BY term "
            "LIMIT %s",
            [pattern, FAMILY_LIMIT + 1],
        )
        terms = [row[0] for row in cursor.fetchall()]
    return terms if len(terms) <= FAMILY_LIMIT else None


def _postings(terms: list[str]) -> int:
    """How many cards have one of `terms`, counted up to COUNT_UP_TO (enough to choose)."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT count(*) FROM (SELECT 1 FROM {TERMS} WHERE term = ANY(%s) LIMIT %s) t",
            [terms, COUNT_UP_TO],
        )
        return int(cursor.fetchone()[0])


def batches(terms: list[str]) -> search_rank.Batch:
    """PostgreSQL's driver for a `search_rank.RankWalk`: the cards with one of `terms`."""

    def batch(after: int, size: int) -> list[tuple[int, int]]:
        return _batch(terms, after, size)

    return batch


def _batch(terms: list[str], after: int, size: int) -> list[tuple[int, int]]:
    """The next `size` (rank, card id) after rank `after` among the cards with one of `terms`,
    in rank order: one ordered index range per term, merged (PostgreSQL's Merge Append)."""
    if not terms:
        return []
    ranges = " UNION ALL ".join(
        f"(SELECT rank, card_id FROM {TERMS} WHERE term = %s AND rank > %s ORDER BY rank LIMIT %s)"
        for _ in terms
    )
    params: list[Any] = [value for term in terms for value in (term, after, size)]
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT rank, card_id FROM ({ranges}) t ORDER BY rank LIMIT %s", [*params, size]
        )
        return [(rank, card) for rank, card in cursor.fetchall()]
