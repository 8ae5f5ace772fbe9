"""/healthz on a running web process (daphne) when its shared services go away: a stopped Redis
is named (the cache and the channel layer), a lost database too, and the answer never carries the
driver's error text (that is in the log only). Redis is one of the test's own (`redis-server` on a
free port), stopped without disturbing the shared one.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import ROOT
from tests.e2e.processes import free_port, stop
from tests.e2e.test_live import Redis

pytestmark = pytest.mark.skipif(
    shutil.which("redis-server") is None, reason="needs redis-server to run a Redis of its own"
)
LEAKS = ("refused", "Error 111", "127.0.0.1", "Connection", "psycopg", "port ", "OperationalError")


def _serve(env: dict[str, str], log: Path) -> tuple[str, subprocess.Popen[bytes]]:
    port = free_port()
    daphne = [sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)]
    server = subprocess.Popen(
        [*daphne, "tokensite.asgi:application"],
        env=env,
        cwd=ROOT,
        stdout=log.open("wb"),
        stderr=subprocess.STDOUT,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(100):
        assert server.poll() is None, log.read_text()
        try:
            httpx.get(url + "/healthz", timeout=10)
            return url, server
        except httpx.HTTPError:
            time.sleep(0.1)
    stop(server)
    raise AssertionError("daphne did not start")


@pytest.fixture
def site(tmp_path: Path) -> Iterator[tuple[str, Redis, Path]]:
    redis = Redis(tmp_path)
    redis.start()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'health.db'}",
        "REDIS_URL": f"redis://127.0.0.1:{redis.port}/0",
        "DEBUG": "0",
        "SECRET_KEY": "health-outage-test-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
        "LOG_LEVEL": "WARNING",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], env=env, cwd=ROOT, check=True)
    log = tmp_path / "web.log"
    url, server = _serve(env, log)
    try:
        yield url, redis, log
    finally:
        stop(server)
        redis.stop()


def _health(url: str) -> httpx.Response:
    # As the proxy's health check: plain HTTP, marked as forwarded from HTTPS.
    return httpx.get(url + "/healthz", headers={"X-Forwarded-Proto": "https"}, timeout=10)


def test_a_stopped_redis_is_named_and_its_error_stays_in_the_log(site) -> None:
    url, redis, log = site
    healthy = _health(url)
    assert healthy.status_code == 200, healthy.text
    assert healthy.json() == {"database": "ok", "cache": "ok", "channels": "ok"}

    redis.stop()
    down = _health(url)
    assert down.status_code == 503
    assert down.json() == {"database": "ok", "cache": "error", "channels": "error"}
    assert not any(leak in down.text for leak in LEAKS), down.text
    assert "healthz: cache failed" in log.read_text()  # the details are for the operator

    redis.start()
    deadline = time.monotonic() + 15  # the cache skips Redis a few seconds after a failure
    while _health(url).status_code != 200:
        assert time.monotonic() < deadline, _health(url).text
        time.sleep(0.5)


def test_a_lost_database_is_named_without_the_drivers_error_text(tmp_path: Path) -> None:
    closed = free_port()  # nothing listens there: connecting is refused
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://tokensite:secret-password@127.0.0.1:{closed}/tokensite",
        "CONN_MAX_AGE": "60",  # as compose.yaml runs it (no pool to wait on)
        "REDIS_URL": "",
        "DEBUG": "0",
        "SECRET_KEY": "health-outage-test-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
    }
    log = tmp_path / "web.log"
    url, server = _serve(env, log)
    try:
        down = _health(url)
        assert down.status_code == 503
        assert down.json() == {"database": "error", "cache": "ok", "channels": "ok"}
        assert not any(leak in down.text for leak in (*LEAKS, "secret-password", str(closed)))
        assert "healthz: database failed" in log.read_text()
    finally:
        stop(server)


def test_a_hung_database_is_reported_within_the_connect_timeout(tmp_path: Path) -> None:
    # A server that accepts connections (the kernel's backlog) and never answers.
    hung = socket.socket()
    hung.bind(("127.0.0.1", 0))
    hung.listen(16)
    port = hung.getsockname()[1]
    env = {
        **os.environ,
        "DATABASE_URL": f"postgres://tokensite:secret-password@127.0.0.1:{port}/tokensite",
        "CONN_MAX_AGE": "60",
        "DATABASE_CONNECT_TIMEOUT": "2",
        "REDIS_URL": "",
        "DEBUG": "0",
        "SECRET_KEY": "health-outage-test-" + "x" * 40,
        "ALLOWED_HOSTS": "127.0.0.1",
    }
    url, server = _serve(env, tmp_path / "web.log")
    try:
        # Every probe answers at once; the database is reported failed once its check has
        # hung for longer than a check may take, well within the connect timeout.
        started = time.monotonic()
        while True:
            probe = time.monotonic()
            down = _health(url)
            assert time.monotonic() - probe < 1.5, "a probe waited for the hung database"
            if down.status_code != 200 or time.monotonic() - started > 8:
                break
            time.sleep(0.2)
        assert down.status_code == 503 and down.json()["database"] == "error"
        assert time.monotonic() - started < 4
    finally:
        stop(server)
        hung.close()
