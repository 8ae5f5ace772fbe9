"""The page is never silently stale: it notices a lost channel layer, says so, and catches up.

Runs in CI's Redis pass (REDIS_URL set): daphne on a Redis of the test's own (`redis-server` on a
free port), which the test stops and starts again without disturbing the shared one.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from tests.conftest import ROOT
from tests.e2e.processes import free_port, stop
from tests.e2e.test_battlefield import SETUP_SCRIPT

pytestmark = pytest.mark.skipif(
    not os.environ.get("REDIS_URL") or shutil.which("redis-server") is None,
    reason="needs REDIS_URL (CI's Redis pass) and redis-server to run a Redis of its own",
)

NOT_LIVE = re.compile("reconnecting|retrying")


class Redis:
    def __init__(self, workdir: Path) -> None:
        self.port = free_port()
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.workdir)),
            ],
            stdout=subprocess.DEVNULL,
        )
        for _ in range(100):
            if subprocess.run(
                ["redis-cli", "-p", str(self.port), "ping"], capture_output=True
            ).stdout.startswith(b"PONG"):
                return
            time.sleep(0.05)

    def stop(self) -> None:
        if self.process is not None:
            stop(self.process)
            self.process = None


@pytest.fixture
def live_site(tmp_path: Path) -> Iterator[tuple[str, list[str], Redis]]:
    redis = Redis(tmp_path)
    redis.start()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'live.db'}",
        "REDIS_URL": f"redis://127.0.0.1:{redis.port}/0",
        "LIVE_HEARTBEAT_SECONDS": "1",
        "DEBUG": "1",
    }
    manage = [sys.executable, "manage.py"]
    subprocess.run([*manage, "migrate", "-v0"], env=env, cwd=ROOT, check=True)
    out = subprocess.run(
        [*manage, "shell", "-c", SETUP_SCRIPT], env=env, cwd=ROOT, check=True, capture_output=True
    )
    table_id, *keys = out.stdout.decode().split()[-3:]
    port = free_port()
    daphne = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    server = subprocess.Popen([*daphne, "tokensite.asgi:application"], env=env, cwd=ROOT)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + "/healthz", timeout=1)
                break
            except OSError:
                time.sleep(0.1)
        yield f"{url}/play/{table_id}/", keys, redis
    finally:
        stop(server)
        redis.stop()


def test_the_page_notices_a_redis_restart_and_catches_up(browser: Browser, live_site) -> None:
    table_url, keys, redis = live_site
    pages = []
    for key in keys:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        cookie = {"name": "sessionid", "value": key, "domain": "127.0.0.1", "path": "/"}
        context.add_cookies([cookie])  # type: ignore[list-item]
        page = context.new_page()
        page.goto(table_url)
        expect(page.locator("#live-status")).to_have_text("live", timeout=10_000)
        pages.append(page)
    ann, ben = pages

    redis.stop()
    # Ann acts while Redis is down: the commit is answered (her board shows it at once) and the
    # broadcast is lost. Ben's page notices that its channel is gone and says so...
    ann.get_by_role("button", name="Life of Ann minus 1").click()
    expect(ann.get_by_test_id("life-0")).to_have_text("19", timeout=5_000)
    expect(ben.locator("#live-status")).to_have_text(NOT_LIVE, timeout=10_000)
    # ...and catches up meanwhile (it polls while it is not live).
    expect(ben.get_by_test_id("life-0")).to_have_text("19", timeout=5_000)

    redis.start()
    # Live again after Redis is back, with nothing missed; the next update comes by websocket.
    for page in pages:
        expect(page.locator("#live-status")).to_have_text("live", timeout=30_000)
    ann.get_by_role("button", name="Life of Ann minus 1").click()
    expect(ben.get_by_test_id("life-0")).to_have_text("18", timeout=5_000)
    for page in pages:
        page.context.close()
