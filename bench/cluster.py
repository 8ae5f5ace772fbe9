"""Start the multi-process deployment on loopback: PostgreSQL + Redis + two daphne workers.

    .venv/bin/python bench/cluster.py            # start, print the URLs, wait for Ctrl-C
    (bench/load.py imports `cluster()` and tears it down when it finishes)

Uses the machine's PostgreSQL (database `tokensite_bench`, created if missing) and Redis (db 1);
override with DATABASE_URL / REDIS_URL. Workers run with DEBUG=0 on ports 8101 and 8102.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/tokensite_bench"
DEFAULT_REDIS = "redis://127.0.0.1:6379/1"
PORTS = (8101, 8102)


@dataclass
class Cluster:
    urls: list[str]
    env: dict[str, str]
    workers: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def restart_worker(self, index: int) -> None:
        """Start worker `index` again (after a crash test killed it)."""
        self.workers[index] = _start_worker(PORTS[index], self.env)
        _wait_for_port(PORTS[index])


def cluster_env() -> dict[str, str]:
    return {
        **os.environ,
        "DATABASE_URL": os.environ.get("DATABASE_URL", DEFAULT_DB),
        "REDIS_URL": os.environ.get("REDIS_URL", DEFAULT_REDIS),
        "DEBUG": "0",
        "SECRET_KEY": "bench-only-secret-key-3f9c2a7e1d5b8c4a6e0f2d9b7c5a3e1f",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SECURE_SSL_REDIRECT": "0",
        # Persistent connections leak under ASGI (one per request thread, Django's docs say to
        # disable them there): at 40 players they exhausted PostgreSQL's 100 connections. Each
        # worker reuses the connections of its pool instead (DATABASE_POOL_SIZE, settings).
        "CONN_MAX_AGE": "0",
    }


def _ensure_database(url: str) -> None:
    """Create the database DATABASE_URL names, on the server it names: its host, port, user,
    password and options all count (psql's defaults made a run pointed elsewhere create it on
    the server at 127.0.0.1:5432)."""
    import dj_database_url
    import psycopg
    from psycopg import sql

    server = dj_database_url.parse(url)
    name = server["NAME"]
    with psycopg.connect(
        host=server["HOST"] or None,
        port=server["PORT"] or None,
        user=server["USER"] or None,
        password=server["PASSWORD"] or None,
        dbname="postgres",
        autocommit=True,
        **server.get("OPTIONS", {}),
    ) as connection:
        found = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name])
        if found.fetchone() is None:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def _manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL
    )


def worker_log(port: int) -> Path:
    """Where a worker's output goes: read it when a run reports errors."""
    return Path(tempfile.gettempdir()) / f"tokensite-worker-{port}.log"


def _start_worker(port: int, env: dict[str, str]) -> subprocess.Popen[bytes]:
    with worker_log(port).open("ab") as log:
        return subprocess.Popen(
            [
                *(PYTHON, "-m", "daphne", "-b", "127.0.0.1", "-p", str(port)),
                "tokensite.asgi:application",
            ],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def _wait_for_port(port: int, timeout: float = 30.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 0.5):
            return
        time.sleep(0.2)
    raise RuntimeError(f"worker on port {port} did not start")


@contextlib.contextmanager
def cluster() -> Iterator[Cluster]:
    env = cluster_env()
    if env["DATABASE_URL"].startswith("postgres"):
        _ensure_database(env["DATABASE_URL"])
    _manage(env, "migrate", "--noinput")
    _manage(env, "load_catalog")
    running = Cluster(urls=[f"http://127.0.0.1:{port}" for port in PORTS], env=env)
    try:
        for port in PORTS:
            running.workers.append(_start_worker(port, env))
        for port in PORTS:
            _wait_for_port(port)
        yield running
    finally:
        for worker in running.workers:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(worker.pid, signal.SIGTERM)
        for worker in running.workers:
            try:
                worker.wait(timeout=10)
            except subprocess.TimeoutExpired:  # daphne can hang on open websockets
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(worker.pid, signal.SIGKILL)
                worker.wait(timeout=10)


def main() -> None:
    with cluster() as running:
        print("workers:", ", ".join(running.urls))
        print("database:", running.env["DATABASE_URL"], "redis:", running.env["REDIS_URL"])
        print("logs:", ", ".join(str(worker_log(port)) for port in PORTS))
        with contextlib.suppress(KeyboardInterrupt):
            while all(worker.poll() is None for worker in running.workers):
                time.sleep(1)


if __name__ == "__main__":
    main()
