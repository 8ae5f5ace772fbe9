"""The ranked term index (PostgreSQL; `vendor` makes it): each ranked card's type-line words and
colors as rows (term, rank, card) in rank order, so a search drives from the cards of one type
or color in the results' order and stops after a page. PostgreSQL's trigram indexes answer with
a bitmap of every candidate: "t:goblin pow>=3" among 100,000 cards read and sorted all 6,000
goblins; from the terms it reads the first hundred.

Terms: "t:" and each upper-cased element of types, subtypes and supertypes; "c:" and each
color. A card without a rank has no terms, and searches read the trigram indexes until every
card has one. `rank.RankWalk` reads them through `batches`. Text searches (o:) still use the
trigram indexes: their words would cost millions of rows.
"""

from __future__ import annotations

import json
from typing import Any

from django.db import connection

from catalog.search import index, rank
from catalog.search.vendor import TABLE, TERMS, VOCABULARY

FAMILY_LIMIT = 40  # terms a type search may stand for ("t:e" would be most of them)
COUNT_UP_TO = 16384  # a family's cards counted, to choose what drives a walk
JSON_SYNTAX = set('"\\[],')


def driving_family(narrow: index.Narrow | None) -> list[str] | None:
    """The terms to walk a search from (`family`), unless a text or name it also searches is
    rarer than they are: the trigram indexes then find its few matches at once, where a walk
    of a color's or type's cards would read thousands to find them ("c:w o:flash")."""
    terms = family(narrow)
    if terms is None or narrow is None:
        return None
    texts = [leaf for leaf in index.leaves(narrow) if {"text", "name"} & set(leaf.columns)]
    if texts:
        cards = _postings(terms)
        if any(_estimate(leaf) < cards for leaf in texts):
            return None
    return terms


def _estimate(leaf: index.Narrow) -> float:
    """How many cards PostgreSQL's planner expects the trigram condition of `leaf` to keep."""
    where, params = index.postgres_condition(leaf)
    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (FORMAT JSON) SELECT 1 FROM {TABLE} WHERE {where}", params)
        plan = cursor.fetchone()[0]
    if isinstance(plan, str):
        plan = json.loads(plan)
    return float(plan[0]["Plan"]["Plan Rows"])


def family(narrow: index.Narrow | None) -> list[str] | None:
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


def _leaf(narrow: index.Narrow) -> list[str] | None:
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


def batches(terms: list[str]) -> rank.Batch:
    """PostgreSQL's driver for a `rank.RankWalk`: the cards with one of `terms`."""

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
        return [(position, card) for position, card in cursor.fetchall()]
