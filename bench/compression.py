"""What compressing HTML would save (HTML left uncompressed for BREACH).

Renders the pages players meet as deployed (DEBUG=0, seed catalogue, a table of 4 stacks, a
signed-in player; Django test client, no network) and reports, per page: bytes as served,
gzipped as Django's GZipMiddleware would (level 6 plus up to 100 random bytes, its BREACH
padding), the bytes saved, and the time those bytes take at Lighthouse's throttling (mobile:
1.6 Mbit/s, desktop: 10 Mbit/s). It also says which secrets each page carries (a CSRF token,
masked per response by Django; invite or spectator links) and whether it echoes the request
(what BREACH needs besides a secret). Static files are compressed already (whitenoise).

Usage: .venv/bin/python bench/compression.py
"""

from __future__ import annotations

import os
import re
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
from django.utils.text import compress_string  # noqa: E402

from catalog.seed import load_seed  # noqa: E402
from play.table import services  # noqa: E402

MOBILE_BPS = 1.6384e6 / 8  # Lighthouse's simulated slow 4G
DESKTOP_BPS = 10.24e6 / 8
ECHO = "zzecho"  # a marker in the query string: does the page reflect it?


def _pages() -> tuple[Client, Client, list[tuple[str, str, bool]]]:
    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)
    load_seed()
    ann = get_user_model().objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
    for version, (slug, count, seat) in enumerate(
        [("mtg-soldier-1-1-w", 10, 0), ("mtg-treasure", 3, 1), ("mtg-clue", 1, 1)]
    ):
        action = {"type": "create_token", "token": slug, "count": count, "controller": seat}
        services.table_apply_action(
            table_id=table.id, user=ann, expected_version=version, action=action
        )
    anonymous, player = Client(), Client()
    player.force_login(ann)
    pages = [
        ("home", "/", False),
        ("catalogue search", f"/catalog/?q=soldier{ECHO}", False),
        ("token", "/catalog/tokens/mtg-soldier-1-1-w/", False),
        ("card", "/catalog/cards/mtg-krenko-mob-boss/", False),
        ("print", "/print/", False),
        ("lobby (signed in)", "/play/", True),
        ("battlefield (signed in)", f"/play/{table.id}/?x={ECHO}", True),
        ("board partial (htmx)", f"/play/{table.id}/board/", True),
    ]
    return anonymous, player, pages


def main() -> None:
    anonymous, player, pages = _pages()
    head = f"{'page':26} {'served':>8} {'gzip':>7} {'saved':>7} {'mobile':>8} {'desktop':>8}"
    print(f"{head} {'cpu':>7}  secrets")
    for name, path, signed_in in pages:
        client = player if signed_in else anonymous
        headers = {"HX-Request": "true"} if "htmx" in name else {}
        body = client.get(path, headers=headers).content
        started = time.perf_counter()
        for _ in range(20):
            packed = len(compress_string(body, max_random_bytes=100))
        cpu_ms = (time.perf_counter() - started) / 20 * 1000
        saved = len(body) - packed
        text = body.decode()
        secrets = []
        if "csrfmiddlewaretoken" in text or "X-CSRFToken" in text:
            secrets.append("CSRF (masked)")
        if re.search(r"/play/(join|watch)/[\w-]{8,}", text) or "spectate=" in text:
            secrets.append("invite/spectator links")
        if ECHO in text:
            secrets.append("echoes the query")
        print(
            f"{name:26} {len(body):8,} {packed:7,} {saved:7,} "
            f"{saved / MOBILE_BPS * 1000:6.0f}ms {saved / DESKTOP_BPS * 1000:6.0f}ms "
            f"{cpu_ms:5.2f}ms  " + ", ".join(secrets)
        )


if __name__ == "__main__":
    main()
