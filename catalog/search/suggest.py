"""“Did you mean”: close catalogue names for a misspelled one, fast at any catalogue size.

Two steps, both bounded. The database's trigram index picks the few hundred names sharing the
most three-letter pieces with the misspelling (SQLite FTS5 ranked by bm25, PostgreSQL pg_trgm
similarity); rapidfuzz then scores only those. A database with neither index falls back to names
sharing a first three letters or a long word (bounded by MAX_CANDIDATES).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from django.db import connection, transaction
from django.db.models import Q
from rapidfuzz import fuzz, process, utils

from catalog.models import CardDefinition, TokenDefinition
from catalog.search import vendor

SHORTLIST = 200  # names the index hands to the fuzzy scorer, per misspelling
# pg_trgm's default 0.3 misses short names one letter apart ("Zorn" and "Xorn" share 2 of 8
# trigrams, 0.25); rapidfuzz's CUTOFF judges the shortlist anyway.
PG_SIMILARITY_THRESHOLD = 0.2
MAX_CANDIDATES = 20_000  # the fallback's bound
CUTOFF = 75  # rapidfuzz ratio (0-100) a suggestion needs
CHUNK = 50  # misspellings per query
MAX_NAMES = 100  # misspellings answered in one call (a pasted list of gibberish stays cheap)
_TRIGRAM_CHARS = re.compile(r"[^\w' ,-]")


def _key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _trigrams(name: str) -> list[str]:
    text = _TRIGRAM_CHARS.sub(" ", _key(name))
    grams = {text[i : i + 3] for i in range(len(text) - 2)}
    return sorted(g for g in grams if g.strip() == g and '"' not in g)


def _sqlite_part(name: str, game: str | None) -> tuple[str, list[Any]] | None:
    grams = _trigrams(name)
    if not grams:
        return None
    match = "{name} : (" + " OR ".join(f'"{g}"' for g in grams) + ")"
    table = vendor.FTS
    sql = (
        f"SELECT c.name FROM {table} JOIN catalog_carddefinition c ON c.id = {table}.rowid "
        f"WHERE {table} MATCH %s" + (" AND c.game_id = %s" if game else "") + " ORDER BY rank "
        "LIMIT %s"
    )
    return sql, [match, *([game] if game else []), SHORTLIST]


def _postgres_part(name: str, game: str | None) -> tuple[str, list[Any]] | None:
    # `%` (similarity above pg_trgm.similarity_threshold, set for the query's transaction in
    # `_shortlists`) uses the GIN index on UPPER(name::text); the shortlist is the most similar.
    sql = (
        "SELECT name FROM catalog_carddefinition WHERE UPPER(name::text) %% UPPER(%s)"
        + (" AND game_id = %s" if game else "")
        + " ORDER BY similarity(UPPER(name::text), UPPER(%s)) DESC LIMIT %s"
    )
    return sql, [name, *([game] if game else []), name, SHORTLIST]


def _shortlists(names: list[str], game: str | None) -> dict[str, list[str]]:
    """Each name's shortlist from the index, CHUNK names per query (UNION ALL of one ranked,
    limited subquery per name)."""
    part = _sqlite_part if connection.vendor == "sqlite" else _postgres_part
    found: dict[str, list[str]] = {name: [] for name in names}
    for start in range(0, len(names), CHUNK):
        selects: list[str] = []
        params: list[Any] = []
        for index, name in enumerate(names[start : start + CHUNK], start=start):
            built = part(name, game)
            if built is not None:
                selects.append(f"SELECT {index}, name FROM ({built[0]}) AS s{index}")
                params += built[1]
        if not selects:
            continue
        with transaction.atomic(), connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute(
                    "SELECT set_config('pg_trgm.similarity_threshold', %s, true)",
                    [str(PG_SIMILARITY_THRESHOLD)],
                )
            cursor.execute(" UNION ALL ".join(selects), params)
            for index, name in cursor.fetchall():
                found[names[index]].append(name)
    return found


def _fallback_pool(names: list[str], game: str | None) -> list[str]:
    query = Q()
    for name in names:
        key = _key(name)
        query |= Q(name__istartswith=key[:3])
        for word in sorted(w for w in re.findall(r"\w+", key) if len(w) >= 4)[:2]:
            query |= Q(name__icontains=word)
    cards = CardDefinition.objects.filter(query)
    if game:
        cards = cards.filter(game_id=game)
    return list(cards.values_list("name", flat=True)[:MAX_CANDIDATES])


def _indexed() -> bool:
    return connection.vendor in ("sqlite", "postgresql") and vendor.present(connection)


def _best(name: str, pool: Iterable[str], limit: int) -> tuple[str, ...]:
    choices = list(dict.fromkeys(pool))
    found = process.extract(
        name,
        choices,
        scorer=fuzz.ratio,
        processor=utils.default_process,
        limit=limit,
        score_cutoff=CUTOFF,
    )
    return tuple(choice for choice, _, _ in found)


def card_suggestions(
    names: Iterable[str], game: str | None, *, limit: int = 3
) -> dict[str, tuple[str, ...]]:
    """Up to `limit` close card names for each of the (first MAX_NAMES) names, best first."""
    wanted = list(dict.fromkeys(names))[:MAX_NAMES]
    if not wanted:
        return {}
    if _indexed():
        shortlists = _shortlists(wanted, game)
        return {name: _best(name, shortlists[name], limit) for name in wanted}
    pool = _fallback_pool(wanted, game)
    return {name: _best(name, pool, limit) for name in wanted}


def did_you_mean(text: str, game: str | None, *, limit: int = 3) -> list[str]:
    """Close card and token names for a search that found nothing (token names are few: all
    of them are scored)."""
    text = " ".join(text.split())[:100]
    if len(text) < 3:
        return []
    tokens = TokenDefinition.objects.all()
    if game:
        tokens = tokens.filter(game_id=game)
    token_names = tokens.values_list("name", flat=True).distinct()[:MAX_CANDIDATES]
    cards = card_suggestions([text], game, limit=limit).get(text, ())
    scored = process.extract(
        text,
        list(dict.fromkeys([*cards, *token_names])),
        scorer=fuzz.ratio,
        processor=utils.default_process,
        limit=limit,
        score_cutoff=CUTOFF,
    )
    return [choice for choice, _, _ in scored]
