"""The deployment topology as processes (what compose.yaml runs in containers): two daphne web
processes and a huey worker on one PostgreSQL database and one Redis. A browser follows a table
on one web process while an API client plays on the other; a login lockout reached on one holds
on the other; a print and an import started on one run on the worker and are followed to the
end on the other; /metrics counts each process's websocket listeners.

Runs where DATABASE_URL names PostgreSQL and REDIS_URL is set (CI's second pass, or
`make topology`); it makes and drops its own database.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import dj_database_url
import httpx
import pytest
from playwright.sync_api import Browser, expect

from tests.conftest import ROOT
from tests.e2e.processes import free_port, stop

DATABASE_URL = os.environ.get("DATABASE_URL", "")
REDIS_URL = os.environ.get("REDIS_URL", "")
pytestmark = pytest.mark.skipif(
    not (DATABASE_URL.startswith("postgres") and REDIS_URL),
    reason="needs DATABASE_URL (PostgreSQL) and REDIS_URL: the deployment's shared services",
)

SETUP_SCRIPT = """
from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
from django.contrib.auth.models import User
from django.contrib.sessions.backends.cached_db import SessionStore
from rest_framework.authtoken.models import Token
from play.table import services
ann = User.objects.create_user("ann", password="ann-right-password")
ben = User.objects.create_user("ben", password="ben-right-password")
curator = User.objects.create_user("curator", is_staff=True, is_superuser=True)
table = services.table_create(owner=ann, game="mtg", name="Topology", players=["Ann", "Ben"])
services.table_join(user=ben, invite=table.invite_token, seat=1)
session = SessionStore()
session[SESSION_KEY] = str(ann.pk)
session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
session[HASH_SESSION_KEY] = ann.get_session_auth_hash()
session.create()
print(table.id, session.session_key, Token.objects.create(user=ben).key,
      Token.objects.create(user=curator).key)
"""


@dataclass
class Topology:
    web: tuple[str, str]
    table_id: str
    ann_session: str
    ben_token: str
    curator_token: str


def _admin_sql(sql: str) -> None:
    import psycopg

    server = dj_database_url.parse(DATABASE_URL)
    with psycopg.connect(
        host=server["HOST"] or None,
        port=server["PORT"] or None,
        user=server["USER"] or None,
        password=server["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
    ) as connection:
        connection.execute(sql.encode())


def _wait_healthy(url: str, process: subprocess.Popen[bytes]) -> None:
    for _ in range(300):
        assert process.poll() is None, f"{url} exited with {process.returncode}"
        try:
            if httpx.get(url + "/healthz", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise AssertionError(f"{url} never became healthy")


@pytest.fixture
def topology(tmp_path: Path) -> Iterator[Topology]:
    name = f"tokensite_topology_{os.getpid()}"
    _admin_sql(f'DROP DATABASE IF EXISTS "{name}"')
    _admin_sql(f'CREATE DATABASE "{name}"')
    database = dj_database_url.parse(DATABASE_URL)
    database_url = DATABASE_URL.rsplit("/", 1)[0] + f"/{name}"
    assert database["NAME"] and database_url.endswith(name)
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": REDIS_URL,
        "DEBUG": "1",
        # Our own keys and queue on a Redis other runs may share.
        "CACHE_KEY_PREFIX": name,
        "JOB_QUEUE_NAME": name,
        "MEDIA_ROOT": str(tmp_path / "media"),  # one host: web and worker share the folder
        "LOG_LEVEL": "INFO",
        # As behind the compose file's proxy: the client is the last X-Forwarded-For entry.
        "TRUSTED_PROXIES": "1",
    }
    manage = [sys.executable, "manage.py"]
    processes: list[subprocess.Popen[bytes]] = []
    try:
        subprocess.run([*manage, "migrate", "-v0"], env=env, cwd=ROOT, check=True)
        subprocess.run([*manage, "load_catalog"], env=env, cwd=ROOT, check=True)
        setup = [*manage, "shell", "-c", SETUP_SCRIPT]
        out = subprocess.run(setup, env=env, cwd=ROOT, check=True, capture_output=True)
        table_id, session, ben_token, curator_token = out.stdout.decode().split()[-4:]
        urls = []
        for index in range(2):
            port = free_port()
            log = (tmp_path / f"web{index}.log").open("wb")
            daphne = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
            processes.append(
                subprocess.Popen(
                    [*daphne, "tokensite.asgi:application"],
                    env=env,
                    cwd=ROOT,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                )
            )
            urls.append(f"http://127.0.0.1:{port}")
        worker_log = (tmp_path / "worker.log").open("wb")
        processes.append(
            subprocess.Popen(
                [*manage, "run_huey", "--workers", "2"],
                env=env,
                cwd=ROOT,
                stdout=worker_log,
                stderr=subprocess.STDOUT,
            )
        )
        for url, process in zip(urls, processes, strict=False):
            _wait_healthy(url, process)
        yield Topology((urls[0], urls[1]), table_id, session, ben_token, curator_token)
    finally:
        for process in processes:
            process.terminate()
        for process in processes:
            stop(process)
        _admin_sql(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _login(url: str, username: str, password: str, address: str = "203.0.113.7") -> int:
    headers = {"X-Forwarded-For": address}
    with httpx.Client(base_url=url, timeout=10, headers=headers) as client:
        client.get("/accounts/login/")
        form = {
            "username": username,
            "password": password,
            "csrfmiddlewaretoken": client.cookies["csrftoken"],
        }
        return client.post("/accounts/login/", data=form).status_code


def _metrics(url: str, headers: dict[str, str]) -> dict[str, float]:
    """The unlabelled figures of a process's /metrics."""
    text = httpx.get(f"{url}/metrics", headers=headers, timeout=10).text
    figures = (line.split(" ") for line in text.splitlines() if not line.startswith("#"))
    return {name: float(value) for name, value, *_ in figures if "{" not in name}


def _finished(job_url: str, headers: dict[str, str]) -> dict[str, Any]:
    deadline = time.monotonic() + 60
    job: dict[str, Any] = httpx.get(job_url, headers=headers).json()
    while job["status"] in ("queued", "running") and time.monotonic() < deadline:
        time.sleep(0.2)
        job = httpx.get(job_url, headers=headers).json()
    return job


def test_two_web_processes_and_a_worker_share_everything(
    browser: Browser, topology: Topology, shared_data: Path
) -> None:
    first, second = topology.web

    # A browser on the first process follows the table live (websocket through Redis)...
    context = browser.new_context()
    cookie = {
        "name": "sessionid",
        "value": topology.ann_session,
        "domain": "127.0.0.1",
        "path": "/",
    }
    context.add_cookies([cookie])  # type: ignore[list-item]
    page = context.new_page()
    page.goto(f"{first}/play/{topology.table_id}/")
    expect(page.locator("#live-status")).to_have_text("live", timeout=15_000)
    # ...while an API client plays on the second.
    ben = httpx.Client(
        base_url=second, headers={"Authorization": f"Token {topology.ben_token}"}, timeout=10
    )
    version = ben.get(f"/api/v1/tables/{topology.table_id}/").json()["version"]
    acted = ben.post(
        f"/api/v1/tables/{topology.table_id}/actions/",
        json={
            "expected_version": version,
            "action": {"type": "adjust_life", "seat": 1, "amount": -3},
        },
    )
    assert acted.status_code == 200, acted.text
    expect(page.get_by_test_id("life-1")).to_have_text("17", timeout=10_000)

    # Each process counts its own websocket listeners; shared figures read the same on both.
    curator = {"Authorization": f"Token {topology.curator_token}"}
    scraped = [_metrics(url, curator) for url in (first, second)]
    assert [m["tokensite_websocket_connections"] for m in scraped] == [1.0, 0.0]
    assert scraped[0]["tokensite_actions_logged"] == scraped[1]["tokensite_actions_logged"] >= 1
    assert scraped[0]["tokensite_job_queue_length"] == scraped[1]["tokensite_job_queue_length"]
    context.close()

    # A lockout reached on the first process holds on the second, for that user at that
    # address only: neither another user at that address nor the same user at another is locked.
    for _ in range(9):
        assert _login(first, "ann", "wrong") == 200
    assert _login(first, "ann", "wrong") == 429
    assert _login(second, "ann", "ann-right-password") == 429
    assert _login(second, "ben", "ben-right-password") == 302
    assert _login(second, "ann", "ann-right-password", address="203.0.113.8") == 302

    # A large print started on the first process is drawn by the worker; the PDF is
    # downloaded from the storage through the second.
    started = httpx.post(
        f"{first}/api/v1/print/jobs/",
        headers=curator,
        json={"items": [{"token": "mtg-treasure", "count": 200}]},
        timeout=10,
    )
    assert started.status_code == 202, started.text
    job = _finished(f"{second}/api/v1/jobs/{started.json()['job']}/", curator)
    assert job["status"] == "done" and job["result"]["sheets"] == 23, job
    pdf = httpx.get(second + job["result"]["download"], headers=curator, timeout=10)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")

    # An import started on the second process runs on the worker; the first follows it.
    content = (shared_data / "mtgjson_sample.json").read_bytes()
    started = httpx.post(
        f"{second}/api/v1/imports/",
        headers=curator,
        files={"file": ("set.json", content)},
        data={"format": "mtgjson"},
        timeout=10,
    )
    assert started.status_code == 202, started.text
    job = _finished(f"{first}/api/v1/jobs/{started.json()['job']}/", curator)
    assert job["status"] == "done", job
    assert job["progress"] == 1.0 and job["result"]["changes"] > 0
