"""Server time of creating a deck from a pasted 100-card Commander list in MTG Arena format
(target: under 200 ms), with a realistic catalogue: the seed plus N generated MTG cards.

Two figures: `parse_decklist` alone (pure text parsing), and the whole `POST /api/v1/decks/`
measured around the Django request handler in-process (test client: no network; full middleware,
DRF, name matching, suggestions for the unknown names, writes, tokens needed, JSON rendering).

Usage: .venv/bin/python bench/decklist.py [--iterations N] [--catalogue N] [--unknown N]
(DATABASE_URL to bench PostgreSQL; default: a fresh SQLite file in a temporary directory).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="tokensite-bench-")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{TMP}/bench.sqlite3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")
os.environ["DEBUG"] = "0"
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz")
os.environ.setdefault("ALLOWED_HOSTS", "testserver")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")

import django  # noqa: E402

django.setup()

from django.contrib.auth import get_user_model  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402

from catalog.decklists import parse_decklist  # noqa: E402
from catalog.models import CardDefinition  # noqa: E402
from catalog.seed import load_seed  # noqa: E402

SYLLABLES = (
    "ar bel cor dra el fen gar hol ith jor kal lum mor nal oth pyr quin ras sol tor ul "
    "vel wyn xan yor zel ash bri cal den eth fal gor hex ion jas kor lir mav nim orn"
).split()
CONNECTORS = ("of", "the", "of the", "and", "to")


def generate_catalogue(count: int) -> None:
    """Card names shaped like MTG's: 1-4 words from a vocabulary of a few thousand, the common
    words much more frequent than the rare ones (Zipf), joined by short connectors."""
    rng = random.Random(7)
    vocabulary = sorted(
        {"".join(rng.sample(SYLLABLES, rng.randint(2, 3))).capitalize() for _ in range(6000)}
    )
    rng.shuffle(vocabulary)
    weights = [1 / (rank + 1) for rank in range(len(vocabulary))]
    names: set[str] = set()
    while len(names) < count:
        words = rng.choices(vocabulary, weights, k=rng.randint(1, 3))
        if len(words) > 1 and rng.random() < 0.4:
            words.insert(1, rng.choice(CONNECTORS))
        names.add(" ".join(words))
    CardDefinition.objects.bulk_create(
        CardDefinition(slug=f"mtg-bench-{i}", game_id="mtg", name=name, types=["Sorcery"])
        for i, name in enumerate(sorted(names))
    )


def commander_list(unknown: int) -> str:
    """1 commander + 99 singleton cards, Arena export with set codes and collector numbers."""
    seeded = list(
        CardDefinition.objects.filter(game_id="mtg")
        .exclude(slug__startswith="mtg-bench-")
        .values_list("name", flat=True)
    )
    generated = list(
        CardDefinition.objects.filter(slug__startswith="mtg-bench-").values_list("name", flat=True)
    )
    commander = "Krenko, Mob Boss"
    others = [name for name in seeded if name != commander]
    main = (others + generated[: 99 - len(others)])[: 99 - unknown]
    # Misspelled: one letter dropped from the middle of a real name ("Lightnig Bolt").
    misspelled = generated[len(generated) - unknown :]
    main += [name[: len(name) // 2] + name[len(name) // 2 + 1 :] for name in misspelled]
    lines = ["Commander", f"1 {commander} (DDT) 52", "", "Deck"]
    lines += [f"1 {name} (CMR) {n}" for n, name in enumerate(main, start=1)]
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=30)
    parser.add_argument("--catalogue", type=int, default=20_000, help="generated MTG cards")
    parser.add_argument("--unknown", type=int, default=3, help="misspelled names in the list")
    args = parser.parse_args()
    call_command("migrate", verbosity=0, interactive=False)
    load_seed()
    generate_catalogue(args.catalogue)
    text = commander_list(args.unknown)
    total_cards = sum(e.count for e in parse_decklist(text).entries)
    print(f"database: {django.db.connection.vendor}")
    print(f"catalogue: seed + {args.catalogue} generated cards ({CardDefinition.objects.count()})")
    print(f"list: {total_cards} cards in Arena format, {args.unknown} misspelled")

    parse_times = []
    for _ in range(args.iterations):
        started = time.perf_counter()
        parse_decklist(text)
        parse_times.append((time.perf_counter() - started) * 1000)

    user = get_user_model().objects.create_user("bench", password=None)
    client = Client()
    client.force_login(user)
    body = json.dumps({"name": "Bench", "game": "mtg", "decklist": text})
    post_times = []
    result: dict[str, object] = {}
    for i in range(args.iterations + 2):
        started = time.perf_counter()
        response = client.post("/api/v1/decks/", body, content_type="application/json")
        elapsed = (time.perf_counter() - started) * 1000
        if response.status_code != 201:
            raise SystemExit(f"HTTP {response.status_code}: {response.content[:300]!r}")
        result = response.json()
        if i >= 2:  # the first two warm caches and the URL resolver
            post_times.append(elapsed)

    cards = result["cards"]
    unknown = result["unknown"]
    tokens = result["tokens_needed"]
    assert isinstance(cards, list) and isinstance(unknown, list) and isinstance(tokens, list)
    print(f"deck: {len(cards)} matched lines, {len(unknown)} unknown, {len(tokens)} tokens needed")
    for name, times in (("parse_decklist", parse_times), ("POST /api/v1/decks/", post_times)):
        times.sort()
        p95 = times[max(0, int(len(times) * 0.95) - 1)]
        print(
            f"{name}: median {statistics.median(times):.1f} ms, p95 {p95:.1f} ms "
            f"over {len(times)} runs (target < 200 ms)"
        )


if __name__ == "__main__":
    main()
