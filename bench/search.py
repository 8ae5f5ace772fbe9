"""Server time of catalogue searches (names and Scryfall syntax) with the real Cockatrice file
imported and synthetic cards added up to --cards (default 100,000; target: p95 under 20 ms).

Server time is measured around the Django request handler in-process (test client: no network,
full middleware, DRF, database and JSON rendering, the server's garbage collection settings),
median and 95th percentile of N requests.

With --walks, every query is also measured with the bounded walks of the name index turned off
(`selectors.card_walk`: the search as it was before them), interleaved request by request.

With --ranks, every query is also measured with the search ranks turned off
(`SEARCH_USE_RANKS`: the searches as they were before the ranked indexes), interleaved.

With --compare, every query is also measured without the search indexes in the same run (SQLite:
the full-text index is bypassed, interleaved request by request; PostgreSQL: the trigram indexes
are dropped for a second pass and created again), so the ratio holds on a busy machine.

Usage: .venv/bin/python bench/search.py [--iterations N] [--compare]   (DATABASE_URL to bench
PostgreSQL; default: a fresh SQLite file in a temporary directory).
"""

from __future__ import annotations

import argparse
import atexit
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="tokensite-bench-")
atexit.register(shutil.rmtree, TMP, ignore_errors=True)
os.environ.setdefault("DATABASE_URL", f"sqlite:///{TMP}/bench.sqlite3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")
os.environ["DEBUG"] = "0"
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
# The bench measures searches, not the anonymous throttle (300/minute would answer 429s).
os.environ.setdefault("API_RATE_ANON", "1000000/minute")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402

from catalog.importers.formats import import_file  # noqa: E402
from catalog.models import CardDefinition, mana_value  # noqa: E402
from catalog.search import rank, vendor  # noqa: E402
from catalog.seed import load_seed  # noqa: E402
from tokensite import gctune  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "cockatrice_tokens.xml"
QUERIES = [
    "/api/v1/tokens/?q=goblin",
    "/api/v1/tokens/?game=mtg&q=goblin",
    "/api/v1/cards/?q=goblin",
    "/api/v1/cards/?q=t:goblin+pow>=3",
    '/api/v1/cards/?q=o:"create+a"+c:r+-t:instant',
    "/api/v1/cards/?q=cmc<=2+(t:elf+or+t:goblin)",
    "/api/v1/tokens/?q=is:token+t:soldier+c:w",
    "/api/v1/cards/?q=dragon+of+bench+4242",
    "/api/v1/search/?q=goblin",
    "/api/v1/cards/",  # the whole list, by game and name
    "/api/v1/cards/?q=t:creature",  # two cards in three
    # Where a rank walk gains nothing: a common type with no match, a color with a rarer text.
    "/api/v1/cards/?q=t:creature+pow>=9",
    '/api/v1/cards/?q=c:g+o:"goblin+token"',
]
WORDS = "goblin soldier elf dragon angel zombie spirit knight wizard beast".split()


def synthetic_cards(total: int) -> int:
    """Cards named and typed like real ones until the catalogue holds `total` cards."""
    missing = total - CardDefinition.objects.count()
    batch: list[CardDefinition] = []
    for n in range(max(missing, 0)):
        word = WORDS[n % len(WORDS)]
        cost = f"{{{n % 6}}}{'RGWUB'[n % 5]}"
        batch.append(
            CardDefinition(
                slug=f"mtg-bench-{n}",
                game_id="mtg",
                name=f"{word.title()} of Bench {n}",
                types=["Creature"] if n % 3 else ["Instant"],
                subtypes=[word.title()] if n % 3 else [],
                colors=["RGWUB"[n % 5]],
                power=str(n % 7) if n % 3 else None,
                toughness=str(n % 5 + 1) if n % 3 else None,
                mana_cost=cost,
                mana_value=mana_value(cost),
                text=f"When this enters, create a 1/1 {word} token." if n % 4 == 0 else "",
            )
        )
        if len(batch) == 5000:
            CardDefinition.objects.bulk_create(batch)
            batch = []
    CardDefinition.objects.bulk_create(batch)
    return CardDefinition.objects.count()


def timed(client: Client, url: str, iterations: int) -> tuple[list[float], int, str]:
    times = []
    status = 0
    count = ""
    for _ in range(iterations):
        started = time.perf_counter()
        response = client.get(url, HTTP_ACCEPT="application/json")
        times.append((time.perf_counter() - started) * 1000)
        status = response.status_code
        if status == 200:  # a broad search is counted up to a cap: "more than N"
            body = response.json()
            count = f"{'' if body.get('count_exact', True) else 'more than '}{body.get('count')}"
    return times, status, count


def summary(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times), times[max(int(len(times) * 0.95) - 1, 0)]


def measure(
    client: Client,
    url: str,
    iterations: int,
    compare: bool,
    walks: bool = False,
    ranks: bool = False,
) -> dict[str, Any]:
    """Indexed times (and unindexed ones on SQLite, and without walks, alternating request by
    request)."""
    timed(client, url, 3)  # warm caches and the URL resolver
    indexed: list[float] = []
    plain: list[float] = []
    unwalked: list[float] = []
    unranked: list[float] = []
    status = 0
    count = plain_count = ""
    for _ in range(iterations):
        settings.SEARCH_USE_FTS = True
        times, status, count = timed(client, url, 1)
        indexed += times
        if ranks:
            settings.SEARCH_USE_RANKS = False
            times, _, _ = timed(client, url, 1)
            unranked += times
            settings.SEARCH_USE_RANKS = True
        if walks:
            settings.SEARCH_USE_WALK = False
            times, _, _ = timed(client, url, 1)
            unwalked += times
            settings.SEARCH_USE_WALK = True
        if compare and connection.vendor == "sqlite":
            settings.SEARCH_USE_FTS = False
            times, _, plain_count = timed(client, url, 1)
            plain += times
    settings.SEARCH_USE_FTS = True
    if plain and plain_count != count:
        raise SystemExit(f"{url}: {count} results indexed, {plain_count} unindexed")
    return {
        "status": status,
        "count": count,
        "indexed": indexed,
        "plain": plain,
        "unwalked": unwalked,
        "unranked": unranked,
    }


def report(url: str, found: dict[str, Any]) -> None:
    median, p95 = summary(found["indexed"])
    line = (
        f"GET {url}: HTTP {found['status']}, {found['count']} results; "
        f"median {median:.1f} ms, p95 {p95:.1f} ms"
    )
    if found["plain"]:
        plain_median, plain_p95 = summary(found["plain"])
        line += (
            f"; unindexed median {plain_median:.1f} ms, p95 {plain_p95:.1f} ms "
            f"(x{plain_median / median:.1f} median)"
        )
    if found.get("unranked"):
        ranked_median, ranked_p95 = summary(found["unranked"])
        line += (
            f"; without ranks median {ranked_median:.1f} ms, p95 {ranked_p95:.1f} ms "
            f"(x{ranked_median / median:.1f} median)"
        )
    if found.get("unwalked"):
        walk_median, walk_p95 = summary(found["unwalked"])
        line += f"; without walks median {walk_median:.1f} ms, p95 {walk_p95:.1f} ms"
    print(line + " (target p95 < 20 ms)")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--cards", type=int, default=100_000)
    parser.add_argument("--compare", action="store_true", help="also measure without indexes")
    parser.add_argument("--walks", action="store_true", help="also measure without walks")
    parser.add_argument("--ranks", action="store_true", help="also measure without ranks")
    args = parser.parse_args()
    call_command("migrate", verbosity=0, interactive=False)
    load_seed()
    summary_ = import_file("cockatrice", DATA)
    cards = synthetic_cards(args.cards)
    # Bulk inserts send no signal: rank the synthetic cards as an import does when it commits.
    started = time.perf_counter()
    ranked = rank.assign(connection)
    ranking = time.perf_counter() - started
    with connection.cursor() as cursor:  # fresh statistics, as autovacuum / optimize would give
        # PostgreSQL: VACUUM as autovacuum does after bulk inserts, which also merges the trigram
        # indexes' pending lists (unmerged, every search reads them through: 25 ms for nothing).
        cursor.execute("VACUUM ANALYZE" if connection.vendor == "postgresql" else "ANALYZE")
    print(
        f"catalogue: seed + {DATA.name} ({summary_.total('tokens')} tokens imported), {cards} cards"
    )
    print(f"database: {connection.vendor}")
    if ranked:
        print(f"search ranks: {ranked} cards ranked in {ranking:.1f} s")
    # Collected and frozen as the server does once loaded (tokensite/asgi.py, wsgi.py), so the
    # requests meet the server's garbage collection, not Python's defaults.
    gctune.tune_for_long_lived_state()
    client = Client()
    print(f"load average: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    results = {
        url: measure(client, url, args.iterations, args.compare, args.walks, args.ranks)
        for url in QUERIES
    }
    if args.compare and connection.vendor == "postgresql":
        vendor.drop(connection)
        for url, found in results.items():
            again = measure(client, url, args.iterations, False)  # without walks: not again
            found["plain"] = again["indexed"]
        vendor.create(connection)
        rank.assign(connection)
    for url, found in results.items():
        report(url, found)


if __name__ == "__main__":
    main()
