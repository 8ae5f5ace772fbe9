"""Search ranks: each card's `search_rank`, a column of the card table that the migrations add
(`vendor`; not a model field), is a number that orders as the search results
do (game, lowercased name, slug). An index that files cards by rank (SQLite's ranked full-text
table, PostgreSQL's term index, `catalog.search.terms`) then gives a search its matches in the
results' order, and `RankWalk` stops after a page: "t:goblin pow>=3" among 100,000 cards reads
a few hundred goblins instead of sorting all 6,000.

Ranks are spaced GAP apart, so a new card usually takes a number between its neighbours' and
no other card moves; when no number is left between them, every card is renumbered. A card
without a rank (new, or moved in the order: a trigger clears a renamed card's rank) is in
neither index, and searches take the other paths until every card has one again: `assign`
runs in the migration that makes the indexes, after imports, the seed and every saved card
(`catalog.apps`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.db import connection, connections, transaction
from django.db.models import QuerySet

from catalog.search import paging, vendor
from catalog.search.vendor import RANK, RANKED_FTS, TABLE

GAP = 1 << 32
LIMIT = 1 << 62  # well inside SQLite's signed 64-bit integers
FEW = 50  # up to this many cards waiting are ranked from their neighbours alone
ADVISORY_LOCK = 0x5EA2C4  # PostgreSQL's advisory lock key for a ranking


def plan(rows: Sequence[tuple[int, int | None]]) -> list[tuple[int, int]] | None:
    """(id, rank) for each unranked card of `rows` (every card as (id, rank or None), in result
    order), each between its ranked neighbours; None when some have no number left between
    them (or ranks are out of order): then everything is renumbered."""
    assigned: list[tuple[int, int]] = []
    low = 0
    waiting: list[int] = []
    for card, rank in rows:
        if rank is None:
            waiting.append(card)
            continue
        if rank <= low:
            return None
        if waiting:
            step = (rank - low) // (len(waiting) + 1)
            if step < 1:
                return None
            assigned += [(c, low + step * n) for n, c in enumerate(waiting, start=1)]
            waiting = []
        low = rank
    if low + GAP * len(waiting) >= LIMIT:
        return None
    assigned += [(c, low + GAP * n) for n, c in enumerate(waiting, start=1)]
    return assigned


def renumbered(rows: Sequence[tuple[int, int | None]]) -> list[tuple[int, int]]:
    return [(card, GAP * n) for n, (card, _) in enumerate(rows, start=1)]


def assign(connection: Any) -> int:
    """Rank the cards that have no rank (where `vendor.ranked_present`); how many got a new rank."""
    if not vendor.ranked_present(connection):
        return 0
    table, rank = TABLE, RANK
    with transaction.atomic(using=connection.alias), connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # One ranking at a time: two would read the same neighbours and take one number.
            # (SQLite's writers already queue: transactions begin IMMEDIATE.)
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [ADVISORY_LOCK])
        cursor.execute(f"SELECT id FROM {table} WHERE {rank} IS NULL LIMIT %s", [FEW + 1])
        waiting = [row[0] for row in cursor.fetchall()]
        if not waiting:
            return 0
        if len(waiting) <= FEW and _between_neighbours(cursor, waiting):
            return len(waiting)
        # The results' own ORDER BY (`selectors._filtered`), so ranks order as they do even
        # where SQLite's LOWER differs from Python's (it folds ASCII letters only).
        cursor.execute(f"SELECT id, {rank} FROM {table} ORDER BY game_id, LOWER(name), slug")
        rows = cursor.fetchall()
        changes = plan(rows)
        if changes is None:
            # Cleared first: the unique ranks cannot be swapped in place.
            cursor.execute(f"UPDATE {table} SET {rank} = NULL WHERE {rank} IS NOT NULL")
            changes = renumbered(rows)
        if connection.vendor == "postgresql":  # one statement: one run of the term triggers
            cursor.execute(
                f"UPDATE {table} SET {rank} = new.rank FROM unnest(%s::int[], %s::bigint[]) "
                f"AS new(id, rank) WHERE {table}.id = new.id",
                [[c for c, _ in changes], [r for _, r in changes]],
            )
        else:
            cursor.executemany(
                f"UPDATE {table} SET {rank} = %s WHERE id = %s", [(r, c) for c, r in changes]
            )
    return len(changes)


def after_commit(using: str = "default") -> None:
    """Rank the new cards once the current transaction commits (at once outside one): after a
    save, an import or the seed. Cards written another way wait for the next one, or for
    the next migration; until then searches take the paths without ranks, correct and slower."""
    # robust: a ranking that fails (a lock held too long) is logged and the write still
    # answers; its cards wait for the next ranking, searches stay right meanwhile.
    transaction.on_commit(lambda: assign(connections[using]), using=using, robust=True)


def _between_neighbours(cursor: Any, waiting: list[int]) -> bool:
    """Rank a few cards (a save, a small import) from their ranked neighbours alone, found
    through the unique index on (lowercased name, game): a game never has two cards with one
    lowercased name, so the slug never decides between them. False when some card has no
    number left between its neighbours (the ranks given before it stay: they are in order)."""
    table, rank = TABLE, RANK
    marks = ", ".join(["%s"] * len(waiting))
    cursor.execute(
        f"SELECT id, game_id, LOWER(name) FROM {table} WHERE id IN ({marks}) "
        "ORDER BY game_id, LOWER(name), slug",
        waiting,
    )
    for card, game, name in cursor.fetchall():
        low = _neighbour(cursor, game, name, before=True) or 0
        high = _neighbour(cursor, game, name, before=False)
        if high is None:
            new = low + GAP
            if new >= LIMIT:
                return False
        elif high - low < 2:
            return False
        else:
            new = low + min(GAP, (high - low) // 2)
        cursor.execute(f"UPDATE {table} SET {rank} = %s WHERE id = %s", [new, card])
    return True


def _neighbour(cursor: Any, game: str, name: str, *, before: bool) -> int | None:
    """The rank of the nearest ranked card before (or after) the name `name` of `game`."""
    table, rank = TABLE, RANK
    compare, order = ("<", "DESC") if before else (">", "ASC")
    cursor.execute(
        f"SELECT {rank} FROM {table} WHERE {rank} IS NOT NULL AND game_id = %s "
        f"AND LOWER(name) {compare} %s ORDER BY LOWER(name) {order} LIMIT 1",
        [game, name],
    )
    found = cursor.fetchone()
    if found is not None:
        return int(found[0])
    # The nearest other game's last (or first) ranked card.
    cursor.execute(
        f"SELECT {rank} FROM {table} WHERE {rank} IS NOT NULL AND game_id {compare} %s "
        f"ORDER BY game_id {order}, LOWER(name) {order} LIMIT 1",
        [game],
    )
    found = cursor.fetchone()
    return int(found[0]) if found is not None else None


def everything_ranked(connection: Any) -> bool:
    """Whether this database's ranked index answers for every card (none waits for a rank)."""
    if not (settings.SEARCH_USE_RANKS and settings.SEARCH_USE_FTS):
        return False
    if not vendor.ranked_present(connection):
        return False
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT 1 FROM {TABLE} WHERE {RANK} IS NULL LIMIT 1")
        return cursor.fetchone() is None


Batch = Callable[[int, int], list[tuple[int, int]]]

FIRST_BATCH = 64
LAST_BATCH = 4096
# Driving matches read before a walk hands the rest to the search's own indexes: a type or color
# with many cards but few matching the rest of the search ("t:creature pow>=9") would otherwise
# be read whole.
SWITCH_AFTER = 512


def fts_batches(match: str) -> Batch:
    """SQLite's driver for a `RankWalk`: the ranked full-text table's matches of `match`."""

    def batch(after: int, size: int) -> list[tuple[int, int]]:
        ranked, table, rank = RANKED_FTS, TABLE, RANK
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT f.rowid, c.id FROM {ranked} f JOIN {table} c ON c.{rank} = f.rowid "
                f"WHERE {ranked} MATCH %s AND f.rowid > %s ORDER BY f.rowid LIMIT %s",
                [match, after, size],
            )
            return [(found, card) for found, card in cursor.fetchall()]

    return batch


def _among(queryset: QuerySet[Any], ids: list[int]) -> QuerySet[Any]:
    """`queryset`'s rows with these ids. PostgreSQL gets them as one array (a list of a
    thousand parameters costs it more to plan than to run), as a set to join: with "id =
    ANY(array)" it intersects the ids with the whole bitmap of a trigram index ("create a":
    24,000 cards, 2.3 ms) instead of testing the batch's rows (0.3 ms)."""
    if connection.vendor == "postgresql":
        return queryset.extra(where=[f"{TABLE}.id IN (SELECT unnest(%s::integer[]))"], params=[ids])
    return queryset.filter(pk__in=ids)


class RankWalk:
    """Search results (`paging.Results`) in rank order, which is the results' order:
    the cards a ranked index finds (`batch(after, size)`: (rank, card id) past a rank), in
    batches that double, each checked against the search's conditions (`matching`), until the
    page is found. After SWITCH_AFTER cards read, the rest comes from `fallback()` (the search
    as its own indexes answer it, past the last rank read). Rows come from `rows()`."""

    def __init__(
        self,
        batch: Batch,
        matching: QuerySet[Any],
        fallback: Callable[[], QuerySet[Any]],
        rows: Callable[[], QuerySet[Any]],
    ) -> None:
        self.batch = batch
        self.matching = matching
        self.fallback = fallback
        self.rows = rows
        self.found: list[int] = []  # matching card ids in rank order, read so far
        self.after = -1  # the last rank read
        self.read = 0
        self.size = FIRST_BATCH
        self.exhausted = False

    def _read_until(self, wanted: int) -> None:
        while len(self.found) < wanted and not self.exhausted:
            if self.read >= SWITCH_AFTER:
                self._rest(wanted)
                return
            self._next_batch()

    def _next_batch(self) -> None:
        batch = self.batch(self.after, self.size)
        self.exhausted = len(batch) < self.size
        if not batch:
            return
        self.after, self.read = batch[-1][0], self.read + len(batch)
        ids = list(dict.fromkeys(card for _, card in batch))
        kept = set(_among(self.matching, ids).order_by().values_list("pk", flat=True))
        self.found += [card for card in ids if card in kept]
        self.size = min(self.size * 2, LAST_BATCH)

    def _rest(self, wanted: int) -> None:
        table, rank = TABLE, RANK
        past = self.fallback().extra(
            select={"walk_rank": f"{table}.{rank}"},
            where=[f"{table}.{rank} > %s"],
            params=[self.after],
        )
        missing = wanted - len(self.found)
        rest = list(past.values_list("pk", "walk_rank")[:missing])
        self.found += [card for card, _ in rest]
        if rest:
            self.after = rest[-1][1]
        self.exhausted = len(rest) < missing  # read to the end: the count is exact

    def __getitem__(self, part: slice) -> Sequence[Any]:
        self._read_until(part.stop)
        return paging.in_order(self.rows(), self.found[part])

    def walked(self, start: int, stop: int) -> Sequence[Any] | None:
        return None

    def capped_count(self, cap: int) -> tuple[int, bool]:
        """Exact once every match was read; else what was found (at least that many). The walk
        reads one batch more first (within its budget), so a small catalogue (the seed's) or a
        search with few cards to read gets its exact count; a large one, a lower bound."""
        if not self.exhausted and self.read < SWITCH_AFTER and len(self.found) <= cap:
            self._next_batch()
        return min(len(self.found), cap), self.exhausted and len(self.found) <= cap
