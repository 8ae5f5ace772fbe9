"""The scaling table: what an action costs at 10 to 5,000 distinct stacks, as same-run ratios.

For each size a table is seeded with that many distinct stacks (built once with the kernel and
stored as the table's state: creating 5,000 stacks one action at a time would take minutes), then
a daphne server on loopback (how `make run` serves it) is timed on:

- kernel: `rules.apply` of "tap 1 of a stack", in-process;
- HTTP: POST "tap 1 of a stack" with `?view=delta`, against a bare authenticated DRF endpoint
  (same middleware, authentication and JSON parsing; bench/actions.py) in the same run;
- bytes: the action's answer with the whole state (the default) and with `?view=delta`;
- undo / action: POST undo (`?view=delta`, which undoes that tap) against the action;
- websocket: LISTENERS spectators on `/ws/tables/<id>/`; action to screen is from sending the
  POST to a listener holding the new version's view: patched from the delta the message
  carries, or refetched (the page's fallback) when a message has none or a version is missed;
- history: one page (100 lines) deep in a log of HISTORY_ENTRIES entries, by the API;
- server CPU: the daphne process's CPU time (all its threads, from /proc) over CPU_ROUNDS taps
  and their undos, per action, and over as many bare requests, per request.

Without PostgreSQL and Redis configured (DATABASE_URL, REDIS_URL) it runs on a fresh SQLite
file and the in-memory channel layer (one server process) and says so in its output.

Usage: .venv/bin/python bench/scale.py [--sizes 10,100,1000] [--iterations N] [--results FILE]
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import os
import platform
import socket
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="tokensite-scale-")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{TMP}/bench.sqlite3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")
os.environ["DEBUG"] = "0"  # as bench/actions.py, whose server this script starts
os.environ.setdefault("SECRET_KEY", "bench-only-secret-key-0123456789-abcdefghijklmnopqrstuvwxyz")
os.environ.setdefault("ALLOWED_HOSTS", "testserver,127.0.0.1")
os.environ.setdefault("SECURE_SSL_REDIRECT", "0")
# Counted as in production (one cache increment per request), never refused: a run makes
# thousands of requests a minute as one user.
os.environ.setdefault("API_RATE_USER", "1000000/minute")

import django  # noqa: E402

django.setup()

import httpx  # noqa: E402
import websockets  # noqa: E402
from django.conf import settings  # noqa: E402
from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from rest_framework.authtoken.models import Token  # noqa: E402

import rules  # noqa: E402
from bench import actions as http_bench  # noqa: E402  (its server adds the bare view)
from play.models import Action, Table  # noqa: E402
from play.table import services  # noqa: E402
from rules.objects import ObjectTable  # noqa: E402

SIZES = (10, 100, 200, 1000, 5000)
LISTENERS = 50
HISTORY_ENTRIES = 100_000
HTTP_RATIO_TARGETS = {200: 2.0, 1000: 3.0, 5000: 5.0}
UNDO_RATIO_TARGET = 2.0
WS_P95_TARGET_MS = 100.0
CPU_TARGET_MS = 6.0


def seeded_state(stacks: int) -> Any:
    """`stacks` distinct creature stacks on two seats, made from one kernel-created stack."""
    state = rules.new_game("mtg", {"players": ["A", "B"]})
    soldier = {"name": "Seed", "types": ["Creature"], "power": "1", "toughness": "1"}
    state = rules.apply(
        state, {"type": "create_token", "controller": 0, "definition": soldier}
    ).state
    template = next(iter(state.objects.values()))
    state.objects = ObjectTable()
    for index in range(stacks):
        face = dataclasses.replace(
            template.face,
            name=f"Bench Creature {index}",
            power=index % 7,
            toughness=1 + index % 5,
        )
        object_id = state.new_id()
        state.objects[object_id] = dataclasses.replace(
            template,
            id=object_id,
            face=face,
            count=2 + index,
            controller=index % 2,
            owner=index % 2,
            counters={},
            timestamp=state.new_timestamp(),
        )
    return state


def seeded_table(owner: User, stacks: int) -> Table:
    table = services.table_create(
        owner=owner, game="mtg", name=f"Scale {stacks}", players=["A", "B"]
    )
    Table.objects.filter(pk=table.pk).update(state=rules.codec.dump(seeded_state(stacks)))
    table.refresh_from_db()
    return table


CPU_ROUNDS = 20


def cpu_seconds(pid: int) -> float | None:
    """The process's user + system CPU time so far (Linux), or None where /proc can't say."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def p95_ms(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[max(int(len(ordered) * 0.95) - 1, 0)] * 1000


def kernel_ms(table: Table) -> float:
    """`rules.apply` of the tap on the state the server acts on: the state its last commit made
    (play/table/statecache.py), which carries the kernel's caches (a state just decoded from JSON
    builds them on its first action)."""
    state = rules.codec.load(table.state)
    target = next(iter(state.objects))
    tap = {"type": "tap", "object": target, "count": 1}
    state = rules.apply(state, {"type": "adjust_life", "seat": 0, "amount": 0}).state
    samples = []
    for _ in range(15):
        start = time.perf_counter()
        rules.apply(state, tap)
        samples.append(time.perf_counter() - start)
    return median_ms(samples)


class Site:
    """The daphne server's API for one table, keeping track of its version."""

    def __init__(self, client: httpx.AsyncClient, table: Table) -> None:
        self.client, self.table, self.version = client, table, table.version
        self.target = next(iter(rules.codec.load(table.state).objects))

    async def post(self, path: str, body: dict[str, Any]) -> tuple[float, httpx.Response]:
        start = time.perf_counter()
        response = await self.client.post(path, json=body)
        elapsed = time.perf_counter() - start
        assert response.status_code == 200, response.text[:300]
        return elapsed, response

    async def tap(self, view: str = "delta") -> tuple[float, int]:
        body = {
            "expected_version": self.version,
            "action": {"type": "tap", "object": self.target, "count": 1},
        }
        url = f"/api/v1/tables/{self.table.id}/actions/?view={view}"
        elapsed, response = await self.post(url, body)
        self.version = response.json()["version"]
        return elapsed, len(response.content)

    async def undo(self) -> float:
        url = f"/api/v1/tables/{self.table.id}/undo/?view=delta"
        elapsed, response = await self.post(url, {"expected_version": self.version})
        self.version = response.json()["version"]
        return elapsed

    async def bare(self) -> float:
        elapsed, _response = await self.post("/bench/bare/", {"expected_version": self.version})
        return elapsed


class Listener:
    """A spectator's page: holds the table view, patches it from deltas, refetches on a gap."""

    def __init__(self, base: str, table: Table) -> None:
        self.url = f"ws://{base}/ws/tables/{table.id}/?spectate={table.spectate_token}"
        self.state_url = f"http://{base}/api/v1/tables/{table.id}/?spectate={table.spectate_token}"
        self.shown: dict[int, float] = {}
        self.refetches = 0
        self.ready = asyncio.Event()
        self.view: dict[str, Any] = {}
        self.progress: asyncio.Event | None = None
        """Set whenever this listener shows a new version (shared by all listeners)."""

    async def run(
        self, http: httpx.AsyncClient, first: str, gate: asyncio.Semaphore, stop: asyncio.Event
    ) -> None:
        """`first`: the table state when the listeners open (fetched once for all of them, as
        50 pages opened at once would be a load test of their own)."""
        self.view = json.loads(first)
        self.view["objects"] = {o["id"]: o for o in self.view["objects"]}
        origin = self.url.replace("ws://", "http://").split("/ws/")[0]
        async with gate:
            connection_ = await websockets.connect(self.url, origin=origin, open_timeout=60)  # type: ignore[arg-type]
        async with connection_ as socket_:
            self.ready.set()
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(socket_.recv(), timeout=0.2)
                except TimeoutError:
                    continue
                message = json.loads(raw)
                if message.get("type") != "table.updated":
                    continue
                if (
                    message.get("delta") is not None
                    and message["version"] == self.view["version"] + 1
                ):
                    self.patch(message["version"], message["delta"])
                else:
                    self.refetches += 1
                    self.view = (await http.get(self.state_url)).json()
                    self.view["objects"] = {o["id"]: o for o in self.view["objects"]}
                self.shown[message["version"]] = time.perf_counter()
                if self.progress is not None:
                    self.progress.set()

    def patch(self, version: int, delta: dict[str, Any]) -> None:
        objects = self.view["objects"]
        for object_id in delta["removed"]:
            objects.pop(object_id, None)
        for obj in delta["objects"]:
            objects[obj["id"]] = obj
        for seat in delta["seats"]:
            self.view["seats"][seat["seat"]] = seat
        self.view.update(delta["table"])
        self.view["version"] = version


async def shown_everywhere(
    listeners: list[Listener], version: int, progress: asyncio.Event
) -> list[float]:
    """Waits on the listeners' progress (no polling loop taking the CPU they and the server
    need: the machine is shared)."""
    deadline = time.perf_counter() + 20
    while not all(version in listener.shown for listener in listeners):
        progress.clear()
        if all(version in listener.shown for listener in listeners):
            break
        try:
            await asyncio.wait_for(progress.wait(), timeout=max(deadline - time.perf_counter(), 0))
        except TimeoutError:
            raise SystemExit(f"version {version} never reached every listener") from None
    return [listener.shown[version] for listener in listeners]


async def server_cpu_ms(site: Site, pid: int) -> tuple[float, float] | None:
    """The server's CPU time per action (tap and undo alternating) and per bare request."""
    start = cpu_seconds(pid)
    if start is None:
        return None
    for _ in range(CPU_ROUNDS):
        await site.tap()
        await site.undo()
    middle = cpu_seconds(pid) or start
    for _ in range(2 * CPU_ROUNDS):
        await site.bare()
    end = cpu_seconds(pid) or middle
    per = 1000 / (2 * CPU_ROUNDS)
    return (middle - start) * per, (end - middle) * per


async def measure(
    base: str, token: str, table: Table, iterations: int, listen: bool, pid: int = 0
) -> dict[str, Any]:
    headers = {"Authorization": f"Token {token}"}
    limits = httpx.Limits(max_connections=LISTENERS + 10)
    async with (
        httpx.AsyncClient(base_url=f"http://{base}", headers=headers) as client,
        httpx.AsyncClient(limits=limits, timeout=30) as listener_http,
    ):
        site = Site(client, table)
        actions: list[float] = []
        undos: list[float] = []
        bares: list[float] = []
        for round_ in range(iterations + 3):
            elapsed, delta_bytes = await site.tap()
            undo = await site.undo()
            bare = await site.bare()
            if round_ >= 3:  # warm-up: imports, caches, connections
                actions.append(elapsed)
                undos.append(undo)
                bares.append(bare)
        _elapsed, state_bytes = await site.tap(view="state")
        await site.undo()
        cpu = await server_cpu_ms(site, pid) if pid else None
        result: dict[str, Any] = {
            "action_ms": median_ms(actions),
            "bare_ms": median_ms(bares),
            "undo_ms": median_ms(undos),
            # Each round's action, undo and bare request run back to back: the median of the
            # rounds' own ratios cancels the load other work puts on the machine meanwhile.
            "action_bare": statistics.median(a / b for a, b in zip(actions, bares, strict=True)),
            "undo_action": statistics.median(u / a for u, a in zip(undos, actions, strict=True)),
            "state_bytes": state_bytes,
            "delta_bytes": delta_bytes,
        }
        if cpu is not None:
            result["cpu_action_ms"], result["cpu_bare_ms"] = cpu
        if not listen:
            return result
        stop = asyncio.Event()
        listeners = [Listener(base, table) for _ in range(LISTENERS)]
        progress = asyncio.Event()
        for listener in listeners:
            listener.progress = progress
        first = (await listener_http.get(listeners[0].state_url)).text
        gate = asyncio.Semaphore(5)
        tasks = [
            asyncio.create_task(listener.run(listener_http, first, gate, stop))
            for listener in listeners
        ]
        await asyncio.wait_for(
            asyncio.gather(*(each.ready.wait() for each in listeners)), timeout=60
        )
        to_screen: list[float] = []
        after_answer: list[float] = []
        for round_ in range(max(iterations // 2, 5) + 2):
            for step in (site.tap, site.undo):
                sent = time.perf_counter()
                await step()
                answered = time.perf_counter()
                shown = await shown_everywhere(listeners, site.version, progress)
                if round_ >= 2:
                    to_screen += [moment - sent for moment in shown]
                    after_answer += [moment - answered for moment in shown]
        stop.set()
        await asyncio.gather(*tasks)
        result["ws_p95_ms"] = p95_ms(to_screen)
        # The fan-out alone: from the POST's answer to a listener's screen (negative when the
        # message overtook the answer).
        result["ws_after_answer_p95_ms"] = p95_ms(after_answer)
        result["refetches"] = sum(listener.refetches for listener in listeners)
        return result


def history_page_ms(owner: User, token: str, base: str) -> float:
    """A page of 100 lines at the far end of a log of HISTORY_ENTRIES entries (log rows written
    directly: the page reads rows, whatever actions made them)."""
    table = services.table_create(owner=owner, game="mtg", name="History", players=["A", "B"])
    event = {"type": "life_changed", "text": "Seat A loses 1 life.", "rule": None}
    Action.objects.bulk_create(
        (
            Action(
                table=table,
                seq=seq,
                payload={"type": "adjust_life", "seat": 0, "amount": -1},
                events=[event],
                history_start=seq - 1,
            )
            for seq in range(1, HISTORY_ENTRIES + 1)
        ),
        batch_size=5000,
    )
    Table.objects.filter(pk=table.pk).update(version=HISTORY_ENTRIES)
    connection.close()
    last = HISTORY_ENTRIES // 100
    samples = []
    with httpx.Client(
        base_url=f"http://{base}", headers={"Authorization": f"Token {token}"}
    ) as client:
        for page in [last, 1, last - 1, last // 2] * 6:
            start = time.perf_counter()
            response = client.get(f"/api/v1/tables/{table.id}/history/?page={page}&page_size=100")
            samples.append(time.perf_counter() - start)
            assert response.status_code == 200 and len(response.json()["results"]) == 100
    return median_ms(samples[4:])


def verdict(value: float, limit: float | None) -> str:
    if limit is None:
        return ""
    return "ok" if value <= limit else "MISSED"


def report(rows: dict[int, dict[str, Any]], history_ms: float, setup: str) -> str:
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    lines = [
        f"Setup: {setup}",
        f"Machine: {platform.node()}, {platform.machine()}, {os.cpu_count()} CPUs, "
        f"Python {platform.python_version()}, {when}, "
        f"load average {os.getloadavg()[0]:.1f} (other work on the machine inflates every "
        "figure; the ratios are from the same run)",
        "",
        "| stacks | kernel tap | HTTP action (delta) | bare | action / bare | undo | undo / action "
        f"| answer: state / delta | websocket p95 ({LISTENERS} listeners) "
        "| server CPU: action / bare |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for stacks, row in rows.items():
        ratio = row["action_bare"]
        undo_ratio = row["undo_action"]
        undo = f"{undo_ratio:.2f} {verdict(undo_ratio, UNDO_RATIO_TARGET)}"
        limit = HTTP_RATIO_TARGETS.get(stacks)
        ws = (
            f"{row['ws_p95_ms']:.1f} ms {verdict(row['ws_p95_ms'], WS_P95_TARGET_MS)} "
            f"({row['ws_after_answer_p95_ms']:.1f} ms after the answer)"
            if "ws_p95_ms" in row
            else "-"
        )
        cpu = (
            f"{row['cpu_action_ms']:.1f} ms {verdict(row['cpu_action_ms'], CPU_TARGET_MS)} "
            f"/ {row['cpu_bare_ms']:.1f} ms"
            if "cpu_action_ms" in row
            else "-"
        )
        lines.append(
            f"| {stacks:,} | {row['kernel_ms']:.2f} ms | {row['action_ms']:.2f} ms "
            f"| {row['bare_ms']:.2f} ms | {ratio:.2f} {verdict(ratio, limit)} "
            f"| {row['undo_ms']:.2f} ms | {undo} "
            f"| {row['state_bytes'] / 1024:,.1f} KB / {row['delta_bytes'] / 1024:.1f} KB | {ws} "
            f"| {cpu} |"
        )
    lines += [
        "",
        f"History: a page of 100 lines at the end of {HISTORY_ENTRIES:,} log entries: "
        f"{history_ms:.1f} ms median.",
        "Ratios: the median of each round's own ratio (its action, undo and bare request run "
        "back to back); times: medians.",
        "Targets: action / bare <= 2 at 200 stacks, 3 at 1,000, 5 at 5,000; undo / action <= 2; "
        f"websocket p95 < 100 ms; server CPU per action < {CPU_TARGET_MS:g} ms (issue 36).",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--results", type=Path, help="also write the table to this Markdown file")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]

    call_command("migrate", verbosity=0)
    call_command("load_catalog", verbosity=0)
    owner = User.objects.create_user(f"scale-{time.time_ns()}")
    token = Token.objects.create(user=owner).key
    database = settings.DATABASES["default"]["ENGINE"].rsplit(".", 1)[-1]
    layer = "channels-redis" if os.environ.get("REDIS_URL") else "in-memory channel layer"
    setup = f"{database}, {layer}, one daphne process on loopback"
    print(setup, flush=True)
    tables = {stacks: seeded_table(owner, stacks) for stacks in sizes}
    connection.close()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    base = f"127.0.0.1:{port}"
    server = http_bench.start_server(port)
    rows: dict[int, dict[str, Any]] = {}
    try:
        for stacks, table in tables.items():
            iterations = args.iterations if stacks < 5000 else max(args.iterations // 2, 5)
            row = asyncio.run(measure(base, token, table, iterations, listen=True, pid=server.pid))
            row["kernel_ms"] = kernel_ms(table)
            rows[stacks] = row
            print(f"{stacks} stacks: {json.dumps(row)}", flush=True)
        history_ms = history_page_ms(owner, token, base)
    finally:
        server.terminate()
        server.wait(timeout=10)
    table_text = report(rows, history_ms, setup)
    print(table_text)
    if args.results:
        args.results.write_text(
            "# Scale benchmark (bench/scale.py, written by `make bench`)\n\n" + table_text + "\n"
        )


if __name__ == "__main__":
    main()
