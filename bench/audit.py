"""Lighthouse scores of the pages players meet, mobile and desktop (`make audit`).

Serves the site as deployed (DEBUG=0, collected static files, daphne) on a free port with its own
SQLite database: the seed catalogue and a table of 4 stacks with 2 players. Lighthouse 12 runs
from npm (`npx`, pinned below) in Debian's Chromium and the scores are printed as a table. Needs
node/npm and Chromium: without them it says so and exits 0 (it is opt-in, never part of
`make test`).

Usage: .venv/bin/python bench/audit.py [--only home,battlefield,print] [--form mobile|desktop]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LIGHTHOUSE = "lighthouse@12.2.3"  # 13 wants Node 22
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")

SETUP = """
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.db import SessionStore
from catalog.seed import load_seed
from play.table import services
load_seed()
ann = User.objects.create_user("ann")
table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
actions = [
    {"type": "create_token", "token": "mtg-soldier-1-1-w", "count": 10, "controller": 0},
    {"type": "create_token", "token": "mtg-treasure", "count": 3, "controller": 1},
    {"type": "create_token", "token": "mtg-clue", "controller": 1},
    {"type": "create_token", "token": "mtg-food", "controller": 0},
]
for version, action in enumerate(actions):
    services.table_apply_action(
        table_id=table.id, user=ann, expected_version=version, action=action
    )
session = SessionStore()
session[SESSION_KEY] = str(ann.pk)
session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
session[HASH_SESSION_KEY] = ann.get_session_auth_hash()
session.create()
print(table.id, session.session_key)
"""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _chromium() -> str | None:
    found = shutil.which("chromium") or shutil.which("chromium-browser")
    return os.environ.get("CHROMIUM") or found


def _serve(env: dict[str, str]) -> tuple[subprocess.Popen[bytes], str, str, str]:
    manage = [sys.executable, "manage.py"]
    for command in (["migrate", "-v0"], ["collectstatic", "--noinput", "-v0"]):
        subprocess.run([*manage, *command], env=env, cwd=ROOT, check=True)
    out = subprocess.run(
        [*manage, "shell", "-c", SETUP], env=env, cwd=ROOT, check=True, capture_output=True
    )
    table_id, session_key = out.stdout.decode().split()[-2:]
    port = _free_port()
    daphne = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    server = subprocess.Popen(
        [*daphne, "tokensite.asgi:application"],
        env=env,
        cwd=ROOT,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(600):
        try:
            urllib.request.urlopen(url + "/healthz", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    return server, url, table_id, session_key


def _lighthouse(url: str, form: str, port: int, out: Path) -> dict[str, float]:
    """One Lighthouse run in the browser listening on `port` (its cookies are the session's)."""
    command = [
        "npx",
        "--yes",
        LIGHTHOUSE,
        url,
        f"--port={port}",
        f"--only-categories={','.join(CATEGORIES)}",
        "--output=json",
        f"--output-path={out}",
        "--quiet",
    ]
    if form == "desktop":
        command.append("--preset=desktop")
    # On a busy machine Lighthouse sometimes loses the page load's trace (NO_NAVSTART, exit 1):
    # that run measured nothing, a second one does.
    if subprocess.run(command, check=False, cwd=out.parent).returncode != 0:
        subprocess.run(command, check=True, cwd=out.parent)
    report = json.loads(out.read_text())
    scores: dict[str, float] = {
        name: round(100 * (report["categories"][name]["score"] or 0)) for name in CATEGORIES
    }
    scores["cls"] = report["audits"]["cumulative-layout-shift"]["numericValue"]
    return scores


def _browser(chromium: str, work: Path, url: str, session_key: str) -> tuple[Any, Any, int]:
    """Chromium with a debugging port for Lighthouse and the session cookie set in its default
    profile (Lighthouse's --extra-headers reach the page but not its XHRs and websocket)."""
    from playwright.sync_api import sync_playwright

    playwright = sync_playwright().start()
    port = _free_port()
    context = playwright.chromium.launch_persistent_context(
        str(work / "profile"),
        executable_path=chromium,
        headless=True,
        args=[f"--remote-debugging-port={port}", "--no-sandbox", "--disable-gpu"],
    )
    context.add_cookies([{"name": "sessionid", "value": session_key, "url": url}])
    return playwright, context, port


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--only", default="", help="pages: home,catalogue,token,battlefield,print,collection"
    )
    parser.add_argument("--form", default="", help="mobile or desktop (default: both)")
    args = parser.parse_args()
    chromium = _chromium()
    if shutil.which("npx") is None or chromium is None:
        print("make audit needs node/npm (npx) and Chromium: skipped.")
        return 0
    work = Path(tempfile.mkdtemp(prefix="tokensite-audit-"))
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{work / 'audit.sqlite3'}",
        "DEBUG": "0",
        "SECRET_KEY": "audit-only-" + os.urandom(16).hex(),
        "ALLOWED_HOSTS": "127.0.0.1",
        "SECURE_SSL_REDIRECT": "0",
        "SECURE_HSTS_SECONDS": "0",
    }
    env.pop("REDIS_URL", None)
    server, url, table_id, session_key = _serve(env)
    pages = {
        "home": f"{url}/",
        "catalogue": f"{url}/catalog/?q=soldier",
        "token": f"{url}/catalog/tokens/mtg-soldier-1-1-w/",
        "battlefield": f"{url}/play/{table_id}/",
        "print": f"{url}/print/",
        "collection": f"{url}/collection/",
    }
    wanted = [p for p in args.only.split(",") if p] or list(pages)
    forms = [args.form] if args.form else ["mobile", "desktop"]
    rows = []
    playwright, browser, port = _browser(chromium, work, url, session_key)
    try:
        for name in wanted:
            for form in forms:
                page_url = pages[name]
                scores = _lighthouse(page_url, form, port, work / f"{name}-{form}.json")
                rows.append((name, form, scores))
    finally:
        browser.close()
        playwright.stop()
        server.terminate()
        server.wait(timeout=10)
    print(f"\nLighthouse {LIGHTHOUSE.split('@')[1]}, Chromium {chromium} (reports in {work})")
    print(f"{'page':<12} {'form':<8} " + " ".join(f"{c[:13]:>14}" for c in CATEGORIES) + "    CLS")
    for name, form, scores in rows:
        cells = " ".join(f"{scores[c]:>14}" for c in CATEGORIES)
        print(f"{name:<12} {form:<8} {cells} {scores['cls']:>6.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
