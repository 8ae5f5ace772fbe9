"""Median latency of POST /api/v1/tables/<id>/actions/ on a table with 200 stacks.

Measured in one run against a bare authenticated DRF endpoint that does nothing (same middleware,
same token authentication, same JSON parsing), so the ratio says what the table machinery costs:
row lock, version check, kernel, log append, state save, commit, broadcast and the response state.

Two transports, same table, same requests:
- over HTTP: a daphne server on loopback (how `make run` serves it), keep-alive client;
- in-process: Django's test client, no network and no ASGI server. Here the broadcast has no
  event loop to hand over to and pays for a fresh one on every action, which a server never does.

Usage: .venv/bin/python bench/actions.py [--iterations N]   (DATABASE_URL to bench PostgreSQL;
default: a fresh SQLite file in a temporary directory, with the project's SQLite settings).
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="tokensite-bench-")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{TMP}/bench.sqlite3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")
os.environ["DEBUG"] = "0"
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
# Counted as in production (one cache increment per request), never refused: a run makes
# thousands of requests a minute as one user.
os.environ.setdefault("API_RATE_USER", "1000000/minute")

import django  # noqa: E402

django.setup()

import httpx  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.test import Client  # noqa: E402
from django.urls import clear_url_caches, path  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402
from rest_framework.decorators import api_view, permission_classes  # noqa: E402
from rest_framework.permissions import IsAuthenticated  # noqa: E402
from rest_framework.request import Request  # noqa: E402
from rest_framework.response import Response  # noqa: E402

import rules  # noqa: E402
from play.models import Table  # noqa: E402
from play.table import selectors, services  # noqa: E402
from tokensite.urls import urlpatterns as site_urlpatterns  # noqa: E402

STACKS = 200


@api_view(["POST"])
@permission_classes([IsAuthenticated])
def bare(request: Request) -> Response:
    """The baseline: authenticated, parsed, answered; no work."""
    return Response({"ok": True, "echo": request.data.get("expected_version")})


urlpatterns = [*site_urlpatterns, path("bench/bare/", bare)]
settings.ROOT_URLCONF = __name__  # also in the daphne process, which imports this module
clear_url_caches()

from tokensite.asgi import application as site_application  # noqa: E402

application = site_application  # what daphne serves: bench.actions:application


def build_table(owner: User) -> Any:
    """A table with STACKS distinct stacks: creatures of different sizes on both seats."""
    table = services.table_create(owner=owner, game="mtg", name="Bench", players=["A", "B"])
    for index in range(STACKS):
        definition = {
            "name": f"Bench Creature {index}",
            "types": ["Creature"],
            "subtypes": ["Soldier"],
            "colors": ["W"],
            "power": str(index % 7),
            "toughness": str(1 + index % 5),
        }
        services.table_apply_action(
            table_id=table.id,
            user=owner,
            expected_version=index,
            action={
                "type": "create_token",
                "controller": index % 2,
                "definition": definition,
                "count": 1 + index,
            },
        )
    table.refresh_from_db()
    return table


class Transport:
    """POST/GET against the site: `post` returns (seconds, status, JSON body)."""

    def post(self, path: str, body: dict[str, Any]) -> tuple[float, int, Any]:
        raise NotImplementedError

    def get(self, path: str) -> Any:
        raise NotImplementedError


class InProcess(Transport):
    def __init__(self, token: str) -> None:
        self.client = Client(HTTP_AUTHORIZATION=f"Token {token}")

    def post(self, path: str, body: dict[str, Any]) -> tuple[float, int, Any]:
        start = time.perf_counter()
        response = self.client.post(path, body, content_type="application/json")
        elapsed = time.perf_counter() - start
        return elapsed, response.status_code, response.json()

    def get(self, path: str) -> Any:
        return self.client.get(path).json()


class OverHTTP(Transport):
    def __init__(self, token: str, base_url: str) -> None:
        self.client = httpx.Client(base_url=base_url, headers={"Authorization": f"Token {token}"})

    def post(self, path: str, body: dict[str, Any]) -> tuple[float, int, Any]:
        start = time.perf_counter()
        response = self.client.post(path, json=body)
        elapsed = time.perf_counter() - start
        return elapsed, response.status_code, response.json()

    def get(self, path: str) -> Any:
        return self.client.get(path).json()


def measure(transport: Transport, table_id: Any, iterations: int) -> dict[str, list[float]]:
    url = f"/api/v1/tables/{table_id}/actions/"
    state = transport.get(f"/api/v1/tables/{table_id}/")
    version = state["version"]
    target = next(o["id"] for o in state["objects"] if o["count"] > 50 and not o["tapped"])

    def post_action(action: dict[str, Any]) -> float:
        nonlocal version, state
        elapsed, status, body = transport.post(url, {"expected_version": version, "action": action})
        assert status == 200, body
        version, state = body["version"], body["state"]
        return elapsed

    def post_bare() -> float:
        elapsed, status, body = transport.post("/bench/bare/", {"expected_version": version})
        assert status == 200, body
        return elapsed

    workloads = {
        "create_token (Treasure)": lambda: post_action(
            {"type": "create_token", "controller": 0, "token": "mtg-treasure"}
        ),
        "tap 1 of a stack": lambda: post_action({"type": "tap", "object": target, "count": 1}),
        "add_counters": lambda: post_action(
            {"type": "add_counters", "object": target, "count": 1, "kind": "+1/+1", "amount": 1}
        ),
        "bare DRF endpoint": post_bare,
    }
    timings: dict[str, list[float]] = {name: [] for name in workloads}
    for round_ in range(iterations + 3):
        for name, run in workloads.items():
            elapsed = run()
            if round_ >= 3:  # warm-up rounds: imports, caches, connections
                timings[name].append(elapsed)
        # Keep the table at about STACKS stacks: untap what was tapped (not timed).
        tapped = next(o["id"] for o in state["objects"] if o["tapped"])
        post_action({"type": "untap", "object": tapped, "count": 1})
    return timings


def report(title: str, timings: dict[str, list[float]]) -> None:
    print(f"-- {title}")
    for name, samples in timings.items():
        median = statistics.median(samples)
        p95 = sorted(samples)[int(len(samples) * 0.95) - 1]
        print(f"   {name:26s} median {median * 1000:7.2f} ms   p95 {p95 * 1000:7.2f} ms")
    actions = [s for name, v in timings.items() if name != "bare DRF endpoint" for s in v]
    overall, bare_median = (
        statistics.median(actions),
        statistics.median(timings["bare DRF endpoint"]),
    )
    print(f"   actions median {overall * 1000:.2f} ms / bare median {bare_median * 1000:.2f} ms")
    print(f"   ratio {overall / bare_median:.2f} (target < 3)")


def start_server(port: int) -> subprocess.Popen[bytes]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    server = subprocess.Popen(
        [
            str(ROOT / ".venv/bin/daphne"),
            "-b",
            "127.0.0.1",
            "-p",
            str(port),
            "bench.actions:application",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.time() + 30
    while time.time() < deadline:
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return server
        except httpx.HTTPError:
            time.sleep(0.2)
    server.kill()
    raise SystemExit("daphne did not start")


def kernel_breakdown(table_id: Any) -> None:
    print("-- where an action's time goes (kernel calls on the final state, in-process)")
    state = selectors.current_state(Table.objects.get(pk=table_id))
    target = next(o["id"] for o in rules.view(state)["objects"] if o["count"] > 50)
    tap = {"type": "tap", "object": target, "count": 1}
    for name, call in (
        ("rules.apply (tap)", lambda: rules.apply(state, tap)),
        ("rules.codec.dump", lambda: rules.codec.dump(state)),
        ("rules.view", lambda: rules.view(state)),
    ):
        samples = []
        for _ in range(30):
            start = time.perf_counter()
            call()
            samples.append(time.perf_counter() - start)
        print(f"   {name:24s} median {statistics.median(samples) * 1000:7.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=100)
    args = parser.parse_args()

    call_command("migrate", verbosity=0)
    call_command("load_catalog", verbosity=0)
    owner = User.objects.create_user("bench")
    token = Token.objects.create(user=owner).key
    table = build_table(owner)
    database = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    print(
        f"database: {database}; stacks on the table: {len(selectors.current_state(table).objects)}"
    )
    print(f"iterations per workload: {args.iterations}")

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    server = start_server(port)
    try:
        report(
            "over HTTP (daphne on loopback)",
            measure(OverHTTP(token, f"http://127.0.0.1:{port}"), table.id, args.iterations),
        )
    finally:
        server.terminate()
        server.wait(timeout=10)
    report("in-process (Django test client)", measure(InProcess(token), table.id, args.iterations))
    kernel_breakdown(table.id)


if __name__ == "__main__":
    main()
