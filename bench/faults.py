"""Fault suite: the multi-process deployment under load, one fault at a time (docs/live.md).

    .venv/bin/python bench/faults.py [--short] [--only redis-hang,worker-kill]   (make faults)

Starts three daphne workers on PostgreSQL and a Redis of its own (`redis-server` on a free
port, so it can be restarted and hung without disturbing anyone), with the database reached
through a TCP proxy that the suite can cut. For each fault it creates 4 tables, 8 players acting
(each table's two players on different workers) and a listener per table on every worker that
follows the documented websocket protocol (resync from the log on a version gap, a heartbeat
ahead, or a lost socket). Then it injects the fault, lets the load go on, settles and prints:
actions acknowledged (2xx), lost (acknowledged but not in the log, or a state that differs from
the replay of its log), committed without a 2xx (players resend an unanswered action with its
Idempotency-Key until it is answered, as API.md asks of clients, so this counts only actions a
replay could not settle), 5xx, client timeouts, versions the listeners
missed after resyncing, action p95 before and during the fault, and what /healthz said.

Faults: redis-restart, redis-hang (SIGSTOP 25 s), postgres-restart (the proxy cut for 5 s:
every connection reset, new ones refused), worker-kill (kill -9, restarted 2 s later) and
slow-reader (a websocket client that never reads its socket). `--short` shortens every phase
(CI). Exit status 1 when anything was lost, committed without a 2xx or missed after resync, or
when the action p95 during the Redis hang is over 3x the p95 before it.
Uses DATABASE_URL (default: database `tokensite_faults` on the machine's PostgreSQL).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.cluster import _ensure_database, _manage, _start_worker, _wait_for_port, cluster_env
from bench.load import pick_action

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/tokensite_faults"
WORKER_PORTS = tuple(int(p) for p in os.environ.get("FAULTS_PORTS", "8141,8142,8143").split(","))
TABLES = 4
CLIENT_TIMEOUT = 15.0
REPLAY_GRACE = 30.0
# A hung channel layer must not slow actions down (issue 24: p95 during within 3x of before).
MAX_HANG_SLOWDOWN = 3.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class CuttableProxy:
    """A TCP proxy in front of PostgreSQL: `cut()` resets every connection and refuses new ones
    (a database restart as the workers see it), `restore()` listens again."""

    def __init__(self, target: tuple[str, int]) -> None:
        self.target = target
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.server: asyncio.Server | None = None
        self.writers: set[asyncio.StreamWriter] = set()
        threading.Thread(target=self.loop.run_forever, daemon=True).start()
        self.restore()

    def _call(self, coroutine: Any) -> Any:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(10)

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(OSError, asyncio.CancelledError):
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        writer.close()

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(*self.target)
        except OSError:
            writer.close()
            return
        self.writers |= {writer, up_writer}
        await asyncio.gather(self._pipe(reader, up_writer), self._pipe(up_reader, writer))
        self.writers -= {writer, up_writer}

    async def _listen(self) -> None:
        self.server = await asyncio.start_server(self._handle, "127.0.0.1", self.port)

    async def _cut(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
        for writer in list(self.writers):
            writer.transport.abort()
        self.writers.clear()

    def restore(self) -> None:
        self._call(self._listen())

    def cut(self) -> None:
        self._call(self._cut())


class OwnRedis:
    def __init__(self, workdir: Path) -> None:
        self.port = int(os.environ.get("FAULTS_REDIS_PORT", free_port()))
        self.workdir = workdir
        self.process: subprocess.Popen[bytes] | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", str(self.workdir)),
            ],
            stdout=subprocess.DEVNULL,
        )
        _wait_for_port(self.port)

    def stop(self) -> None:
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def signal(self, sig: int) -> None:
        assert self.process is not None
        self.process.send_signal(sig)


@dataclass
class Phase:
    name: str
    acked: set[tuple[str, int]] = field(default_factory=set)
    latencies_before: list[float] = field(default_factory=list)
    latencies_during: list[float] = field(default_factory=list)
    server_errors: int = 0
    unavailable: int = 0
    conflicts: int = 0
    client_errors: int = 0
    timeouts: int = 0
    transport_errors: int = 0
    health: list[str] = field(default_factory=list)
    seen: dict[tuple[str, int], set[int]] = field(default_factory=dict)  # (table, worker)
    resyncs: int = 0
    fault_on: bool = False
    notes: list[str] = field(default_factory=list)
    # After the players are told to stop: how long an unanswered action may still be resent.
    replay_deadline: float = 0.0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def player(
    client: httpx.AsyncClient, table_id: str, seat: int, stop: asyncio.Event, phase: Phase
) -> None:
    """Acts as a client should: every action carries an Idempotency-Key, and one left without
    an answer (a timeout, a dropped connection, a 5xx) is sent again with the same key until it
    gets one, so an action that committed while its answer was lost is acknowledged by the
    replay (the stored answer) instead of being counted as committed without a 2xx."""
    state: dict[str, Any] | None = None
    step = seat
    unanswered: tuple[str, dict[str, Any]] | None = None  # (key, body) to send again
    while not stop.is_set() or unanswered is not None:
        if stop.is_set() and time.monotonic() > phase.replay_deadline:
            break
        try:
            if unanswered is None:
                if state is None:
                    response = await client.get(f"/api/v1/tables/{table_id}/")
                    if response.status_code != 200:
                        phase.server_errors += response.status_code >= 500
                        phase.unavailable += response.status_code == 503
                        await asyncio.sleep(0.3)
                        continue
                    state = response.json()
                action = pick_action(state, seat, step)
                body = {"expected_version": state["version"], "action": action}
                unanswered = (uuid.uuid4().hex, body)
            key, body = unanswered
            started = time.monotonic()
            response = await client.post(
                f"/api/v1/tables/{table_id}/actions/", json=body, headers={"Idempotency-Key": key}
            )
        except httpx.TimeoutException:
            phase.timeouts += 1
            continue
        except httpx.TransportError:
            phase.transport_errors += 1
            await asyncio.sleep(0.3)
            continue
        elapsed = time.monotonic() - started
        (phase.latencies_during if phase.fault_on else phase.latencies_before).append(elapsed)
        if response.status_code >= 500:
            phase.server_errors += 1
            phase.unavailable += response.status_code == 503
            await asyncio.sleep(0.3)
            continue  # unanswered: the same key again
        unanswered = None
        if response.status_code == 200:
            answer = response.json()
            phase.acked.add((table_id, answer["version"]))
            state = answer["state"]
            step += 1
        else:
            phase.conflicts += response.status_code == 409
            phase.client_errors += response.status_code != 409
            if response.status_code != 409 and len(phase.notes) < 2:
                phase.notes.append(f"sample {response.status_code}: {response.text[:150]}")
            state = None


async def resync(url: str, table_id: str, token: str, seen: set[int], known: int) -> int:
    """The documented resync: the log after the version we have (every entry, page by page)."""
    next_url: str | None = f"{url}/api/v1/tables/{table_id}/log/?after={known}&spectate={token}"
    async with httpx.AsyncClient(timeout=CLIENT_TIMEOUT) as client:
        while next_url:
            response = await client.get(next_url)
            response.raise_for_status()
            body = response.json()
            for entry in body["results"]:
                seen.add(entry["seq"])
                known = max(known, entry["seq"])
            next_url = body["next"]
    return known


async def listener(
    url: str, worker: int, table_id: str, token: str, stop: asyncio.Event, phase: Phase
) -> None:
    """A client of the websocket protocol: versions in order, resync on any doubt."""
    seen = phase.seen.setdefault((table_id, worker), set())
    known = 0
    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}/?spectate={token}"
    while not stop.is_set():
        try:
            async with websockets.connect(ws_url, open_timeout=5) as ws:
                while not stop.is_set():
                    try:
                        message = json.loads(await asyncio.wait_for(ws.recv(), 10))
                    except TimeoutError:
                        break  # three heartbeats missed: the socket is dead, reconnect
                    version = message.get("version")
                    if not isinstance(version, int):
                        continue
                    if message["type"] == "table.updated" and version == known + 1:
                        seen.add(version)
                        known = version
                    elif version > known:  # a gap, or a heartbeat ahead of us
                        phase.resyncs += 1
                        known = await resync(url, table_id, token, seen, known)
        except (OSError, websockets.WebSocketException, httpx.HTTPError, TimeoutError):
            pass
        if not stop.is_set():
            await asyncio.sleep(0.5)


async def health_watch(url: str, stop: asyncio.Event, phase: Phase) -> None:
    async with httpx.AsyncClient(timeout=5) as client:
        while not stop.is_set():
            try:
                response = await client.get(f"{url}/healthz")
                body = response.json()
                bad = [part for part, value in body.items() if value != "ok"]
                said = f"{response.status_code}" + (f" {'+'.join(bad)}" if bad else "")
            except (httpx.HTTPError, ValueError):
                said = "no answer"
            if not phase.health or phase.health[-1] != said:
                phase.health.append(said)
            await asyncio.sleep(0.5)


async def slow_reader(port: int, table_id: str, token: str, stop: asyncio.Event) -> None:
    """A websocket client that completes the handshake and then never reads a byte."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", port))
    sock.sendall(
        (
            f"GET /ws/tables/{table_id}/?spectate={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n"
            "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
        ).encode()
    )
    await stop.wait()
    sock.close()


def rss_kb(pid: int) -> int:
    with contextlib.suppress(OSError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


@dataclass
class Timing:
    baseline: float
    after: float
    redis_down: float
    hang: float
    postgres_down: float
    worker_down: float
    slow_reader: float


FULL = Timing(
    baseline=6, after=8, redis_down=3, hang=25, postgres_down=5, worker_down=2, slow_reader=20
)
SHORT = Timing(
    baseline=3, after=4, redis_down=2, hang=6, postgres_down=3, worker_down=1, slow_reader=4
)


class Suite:
    def __init__(self, workdir: Path, timing: Timing) -> None:
        self.timing = timing
        self.direct_db = os.environ.get("DATABASE_URL", DEFAULT_DB)
        if not self.direct_db.startswith("postgres"):
            raise SystemExit("the fault suite runs on PostgreSQL: set DATABASE_URL=postgres://...")
        self.redis = OwnRedis(workdir)
        parts = urlsplit(self.direct_db)
        self.proxy = CuttableProxy((parts.hostname or "127.0.0.1", parts.port or 5432))
        userinfo = parts.netloc.rpartition("@")[0]
        netloc = (
            f"{userinfo}@127.0.0.1:{self.proxy.port}"
            if userinfo
            else f"127.0.0.1:{self.proxy.port}"
        )
        self.env = {
            **cluster_env(),
            "DATABASE_URL": urlunsplit(parts._replace(netloc=netloc)),
            "REDIS_URL": self.redis.url,
        }
        self.urls = [f"http://127.0.0.1:{port}" for port in WORKER_PORTS]
        self.workers: list[subprocess.Popen[bytes]] = []
        self.keys: list[str] = []

    def start(self) -> None:
        _ensure_database(self.direct_db)
        direct = {**self.env, "DATABASE_URL": self.direct_db}
        _manage(direct, "migrate", "--noinput")
        _manage(direct, "load_catalog")
        for port in WORKER_PORTS:
            self.workers.append(_start_worker(port, self.env))
        for port in WORKER_PORTS:
            _wait_for_port(port)
        os.environ.update({**self.env, "DATABASE_URL": self.direct_db})
        os.environ["DJANGO_SETTINGS_MODULE"] = "tokensite.settings"
        import django

        django.setup()
        from django.contrib.auth import get_user_model
        from rest_framework.authtoken.models import Token

        for index in range(2 * TABLES):
            user, _ = get_user_model().objects.get_or_create(username=f"faults-{index}")
            self.keys.append(Token.objects.get_or_create(user=user)[0].key)

    def restart_worker(self, index: int) -> None:
        self.workers[index] = _start_worker(WORKER_PORTS[index], self.env)
        _wait_for_port(WORKER_PORTS[index])

    def stop(self) -> None:
        for worker in self.workers:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(worker.pid, signal.SIGKILL)
            worker.wait(10)
        self.redis.stop()
        self.proxy.cut()


def verify(table_ids: list[str], phase: Phase) -> dict[str, int]:
    """From the database itself (not through the proxy): what was committed, what was lost."""
    import rules
    from play.models import Action, Table
    from play.table import selectors

    committed = {
        (str(table_id), seq)
        for table_id, seq in Action.objects.filter(table_id__in=table_ids).values_list(
            "table_id", "seq"
        )
    }
    diverged = 0
    finals: dict[str, int] = {}
    for table in Table.objects.filter(id__in=table_ids):
        finals[str(table.id)] = table.version
        replayed = rules.codec.dump(selectors.table_replay(table=table))
        diverged += json.loads(json.dumps(replayed)) != table.state
    missed = sum(
        len(set(range(1, finals[table_id] + 1)) - seen)
        for (table_id, _worker), seen in phase.seen.items()
    )
    return {
        "committed": len(committed),
        "lost": len(phase.acked - committed) + diverged,
        "without_2xx": len(committed - phase.acked),
        "missed": missed,
        "finals": sum(finals.values()),
    }


async def run_phase(suite: Suite, name: str, inject: Any) -> tuple[Phase, dict[str, int]]:
    phase = Phase(name)
    clients = [
        httpx.AsyncClient(
            base_url=suite.urls[(index // 2 + index % 2) % len(suite.urls)],
            headers={"Authorization": f"Token {key}"},
            timeout=CLIENT_TIMEOUT,
        )
        for index, key in enumerate(suite.keys)
    ]
    table_ids, tokens = [], []
    for index in range(TABLES):
        owner, other = clients[2 * index], clients[2 * index + 1]
        created = await owner.post(
            "/api/v1/tables/",
            json={"game": "mtg", "name": f"{name} {index}", "players": ["A", "B"]},
        )
        table = created.raise_for_status().json()
        invite = {"invite": table["links"]["invite"], "seat": 1}
        (await other.post("/api/v1/tables/join/", json=invite)).raise_for_status()
        table_ids.append(table["id"])
        tokens.append(table["links"]["spectate"])
    stop_players, stop_rest = asyncio.Event(), asyncio.Event()
    background = [
        asyncio.create_task(listener(url, worker, table_id, token, stop_rest, phase))
        for table_id, token in zip(table_ids, tokens, strict=True)
        for worker, url in enumerate(suite.urls)
    ]
    background.append(asyncio.create_task(health_watch(suite.urls[-1], stop_rest, phase)))
    await asyncio.sleep(1)
    players = [
        asyncio.create_task(
            player(clients[index], table_ids[index // 2], index % 2, stop_players, phase)
        )
        for index in range(len(clients))
    ]
    await asyncio.sleep(suite.timing.baseline)
    phase.fault_on = True
    await inject(suite, phase, table_ids, tokens)
    phase.fault_on = False
    await asyncio.sleep(suite.timing.after)
    phase.replay_deadline = time.monotonic() + REPLAY_GRACE
    stop_players.set()
    await asyncio.gather(*players)
    # Settle: listeners get (or resync to) the last versions; the heartbeat reaches quiet ones.
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        result = await asyncio.to_thread(verify, table_ids, phase)
        if not result["missed"]:
            break
        await asyncio.sleep(1)
    stop_rest.set()
    await asyncio.gather(*background, return_exceptions=True)
    for client in clients:
        await client.aclose()
    return phase, await asyncio.to_thread(verify, table_ids, phase)


async def redis_restart(suite: Suite, phase: Phase, *_: Any) -> None:
    await asyncio.to_thread(suite.redis.stop)
    await asyncio.sleep(suite.timing.redis_down)
    await asyncio.to_thread(suite.redis.start)


async def redis_hang(suite: Suite, phase: Phase, *_: Any) -> None:
    suite.redis.signal(signal.SIGSTOP)
    try:
        await asyncio.sleep(suite.timing.hang)
    finally:
        suite.redis.signal(signal.SIGCONT)


async def postgres_restart(suite: Suite, phase: Phase, *_: Any) -> None:
    await asyncio.to_thread(suite.proxy.cut)
    try:
        await asyncio.sleep(suite.timing.postgres_down)
    finally:
        await asyncio.to_thread(suite.proxy.restore)


async def worker_kill(suite: Suite, phase: Phase, *_: Any) -> None:
    os.killpg(suite.workers[0].pid, signal.SIGKILL)
    suite.workers[0].wait(10)
    await asyncio.sleep(suite.timing.worker_down)
    await asyncio.to_thread(suite.restart_worker, 0)


async def slow_readers(suite: Suite, phase: Phase, table_ids: list[str], tokens: list[str]) -> None:
    worker = suite.workers[1]
    before = rss_kb(worker.pid)
    stop = asyncio.Event()
    readers = [
        asyncio.create_task(slow_reader(WORKER_PORTS[1], table_id, token, stop))
        for table_id, token in zip(table_ids, tokens, strict=True)
        for _ in range(5)
    ]
    await asyncio.sleep(suite.timing.slow_reader)
    stop.set()
    await asyncio.gather(*readers, return_exceptions=True)
    phase.notes.append(f"worker RSS {before // 1024} -> {rss_kb(worker.pid) // 1024} MB")


FAULTS = {
    "redis-restart": redis_restart,
    "redis-hang": redis_hang,
    "postgres-restart": postgres_restart,
    "worker-kill": worker_kill,
    "slow-reader": slow_readers,
}


def hang_slowdown(phase: Phase) -> float:
    return percentile(phase.latencies_during, 0.95) / percentile(phase.latencies_before, 0.95)


def report(phase: Phase, result: dict[str, int]) -> str:
    ms = 1000
    before = percentile(phase.latencies_before, 0.95) * ms
    during = percentile(phase.latencies_during, 0.95) * ms
    return (
        f"{phase.name:17} acknowledged {len(phase.acked):4}  lost {result['lost']}  "
        f"committed without 2xx {result['without_2xx']}  409 {phase.conflicts}  "
        f"other 4xx {phase.client_errors}  5xx {phase.server_errors} "
        f"(503: {phase.unavailable})  timeouts {phase.timeouts}  transport errors "
        f"{phase.transport_errors}  missed after resync {result['missed']} "
        f"(resyncs {phase.resyncs})  p95 ms before {before:.0f} during {during:.0f} "
        f"(x{during / before:.1f})  "
        f"healthz: {' -> '.join(phase.health)}" + "".join(f"  {note}" for note in phase.notes)
    )


async def run(suite: Suite, names: list[str]) -> int:
    failures = 0
    for name in names:
        phase, result = await run_phase(suite, name, FAULTS[name])
        print(report(phase, result), flush=True)
        failures += result["lost"] + result["without_2xx"] + result["missed"]
        if name == "redis-hang" and hang_slowdown(phase) > MAX_HANG_SLOWDOWN:
            print(f"  action p95 during the hang is over {MAX_HANG_SLOWDOWN}x the p95 before it")
            failures += 1
    return failures


@contextlib.contextmanager
def suite_running(timing: Timing) -> Iterator[Suite]:
    if shutil.which("redis-server") is None:
        raise SystemExit("the fault suite starts its own Redis: install redis-server")
    with tempfile.TemporaryDirectory() as workdir:
        suite = Suite(Path(workdir), timing)
        try:
            suite.start()
            yield suite
        finally:
            suite.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--short", action="store_true", help="short phases (CI)")
    parser.add_argument("--only", default=",".join(FAULTS), help="comma-separated faults")
    args = parser.parse_args()
    names = [name for name in args.only.split(",") if name]
    unknown = set(names) - set(FAULTS)
    if unknown:
        raise SystemExit(f"unknown faults: {', '.join(sorted(unknown))}")
    started = time.monotonic()
    with suite_running(SHORT if args.short else FULL) as suite:
        print(
            f"3 daphne workers ({', '.join(suite.urls)}), PostgreSQL through a cuttable proxy, "
            f"own Redis on port {suite.redis.port}; {TABLES} tables x 2 players, a listener "
            f"per table on every worker",
            flush=True,
        )
        failures = asyncio.run(run(suite, names))
    print(f"fault suite finished in {time.monotonic() - started:.0f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
