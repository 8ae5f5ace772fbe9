"""Server time of catalogue searches (names and Scryfall syntax) with the real Cockatrice file
imported and synthetic cards added up to --cards (default 100,000; target: p95 under 20 ms).

Server time is measured around the Django request handler in-process (test client: no network,
full middleware, DRF, database and JSON rendering), median and 95th percentile of N requests.

Usage: .venv/bin/python bench/search.py [--iterations N]   (DATABASE_URL to bench PostgreSQL;
default: a fresh SQLite file in a temporary directory).
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

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from catalog.importers.formats import import_file  # noqa: E402
from catalog.models import CardDefinition, mana_value  # noqa: E402
from catalog.seed import load_seed  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "cockatrice_tokens.xml"
QUERIES = [
    "/api/v1/tokens/?q=goblin",
    "/api/v1/tokens/?game=mtg&q=goblin",
    "/api/v1/cards/?q=goblin",
    "/api/v1/cards/?q=t:goblin+pow>=3",
    '/api/v1/cards/?q=o:"create+a"+c:r+-t:instant',
    "/api/v1/cards/?q=cmc<=2+(t:elf+or+t:goblin)",
    "/api/v1/tokens/?q=is:token+t:soldier+c:w",
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


def timed(client: Client, url: str, iterations: int) -> tuple[list[float], int, int]:
    times = []
    count = status = 0
    for _ in range(iterations):
        started = time.perf_counter()
        response = client.get(url, HTTP_ACCEPT="application/json")
        times.append((time.perf_counter() - started) * 1000)
        status = response.status_code
        if status == 200:
            count = response.json().get("count", 0)
    return times, status, count


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=50)
    parser.add_argument("--cards", type=int, default=100_000)
    args = parser.parse_args()
    call_command("migrate", verbosity=0, interactive=False)
    load_seed()
    summary = import_file("cockatrice", DATA)
    cards = synthetic_cards(args.cards)
    print(
        f"catalogue: seed + {DATA.name} ({summary.total('tokens')} tokens imported), {cards} cards"
    )
    print(f"database: {django.db.connection.vendor}")
    client = Client()
    for url in QUERIES:
        timed(client, url, 3)  # warm caches and the URL resolver
        times, status, count = timed(client, url, args.iterations)
        times.sort()
        p95 = times[int(len(times) * 0.95) - 1]
        print(
            f"GET {url}: HTTP {status}, {count} results; median {statistics.median(times):.1f} ms, "
            f"p95 {p95:.1f} ms (target < 20 ms)"
        )


if __name__ == "__main__":
    main()
