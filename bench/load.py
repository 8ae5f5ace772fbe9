"""Load test: 20 tables x 2 players acting concurrently against two workers for 60 s.

    .venv/bin/python bench/load.py [--tables 20] [--seconds 60] [--crash]

Starts bench/cluster.py's deployment (PostgreSQL + Redis + two daphne workers). Player A of each
table talks to worker A, player B to worker B, and a websocket listener per table is connected to
worker B, so every action committed through worker A must cross Redis to reach it. `--crash`
kills worker A with SIGKILL halfway and restarts it. Prints actions/s, latency percentiles,
websocket delivery p95 and the number of lost updates (tables whose stored state differs from the
replay of their log).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from bench.cluster import Cluster, cluster


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    committed: dict[tuple[str, int], float] = field(default_factory=dict)  # (table, version) -> t
    delivered: dict[tuple[str, int], float] = field(default_factory=dict)
    conflicts: int = 0
    server_errors: int = 0
    client_errors: int = 0
    transport_errors: int = 0
    error_samples: list[str] = field(default_factory=list)
    socket_drops: list[str] = field(default_factory=list)  # why a listener's socket closed


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def make_users(env: dict[str, str], tables: int) -> list[tuple[str, str]]:
    """Create 2 users per table with API tokens, in-process against the cluster's database."""
    os.environ.update(env)
    os.environ["DJANGO_SETTINGS_MODULE"] = "tokensite.settings"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from rest_framework.authtoken.models import Token

    user_model = get_user_model()
    pairs = []
    for index in range(tables):
        keys = []
        for side in "ab":
            user, _ = user_model.objects.get_or_create(username=f"load-{side}-{index}")
            keys.append(Token.objects.get_or_create(user=user)[0].key)
        pairs.append((keys[0], keys[1]))
    return pairs


def lost_updates(table_ids: list[str]) -> int:
    """Tables whose stored state differs from the replay of their log (must be 0)."""
    import rules
    from play.models import Table
    from play.table import selectors

    lost = 0
    for table in Table.objects.filter(id__in=table_ids):
        replayed = rules.codec.dump(selectors.table_replay(table=table))
        current = rules.codec.dump(selectors.current_state(table))
        if json.loads(json.dumps(replayed)) != json.loads(json.dumps(current)):
            lost += 1
    return lost


def pick_action(state: dict[str, Any], seat: int, step: int) -> dict[str, Any]:
    mine = [
        obj
        for obj in state["objects"]
        if obj["controller"] == seat and obj["zone"] == "battlefield"
    ]
    if not mine or step % 4 == 0:
        return {"type": "create_token", "controller": seat, "token": "mtg-treasure", "count": 3}
    target = mine[step % len(mine)]
    if step % 4 == 1:
        return {"type": "tap" if not target["tapped"] else "untap", "object": target["id"]}
    if step % 4 == 2:
        return {"type": "add_counters", "object": target["id"], "kind": "charge", "amount": 1}
    tapped = [obj for obj in mine if obj["tapped"]]
    if tapped:
        return {"type": "untap", "object": tapped[0]["id"], "count": tapped[0]["count"]}
    return {"type": "tap", "object": target["id"], "count": target["count"]}


async def fetch_state(client: httpx.AsyncClient, table_id: str, stats: Stats) -> Any:
    """The table state; while the worker is down (--crash), wait and retry."""
    while True:
        try:
            response = await client.get(f"/api/v1/tables/{table_id}/")
        except httpx.TransportError:
            stats.transport_errors += 1
        else:
            if response.status_code < 500:
                return response.raise_for_status().json()
            stats.server_errors += 1
        await asyncio.sleep(0.5)


async def player(
    client: httpx.AsyncClient, table_id: str, seat: int, deadline: float, stats: Stats
) -> None:
    state = await fetch_state(client, table_id, stats)
    step = seat
    while time.monotonic() < deadline:
        action = pick_action(state, seat, step)
        started = time.monotonic()
        try:
            response = await client.post(
                f"/api/v1/tables/{table_id}/actions/",
                json={"expected_version": state["version"], "action": action},
            )
        except httpx.TransportError:
            stats.transport_errors += 1
            await asyncio.sleep(0.5)
            continue
        finished = time.monotonic()
        stats.latencies.append(finished - started)
        if response.status_code == 200:
            body = response.json()
            state = body["state"]
            stats.committed[(table_id, body["version"])] = finished
            step += 1
        elif response.status_code == 409:
            stats.conflicts += 1
            state = await fetch_state(client, table_id, stats)
        elif response.status_code >= 500:
            stats.server_errors += 1
        else:
            stats.client_errors += 1
            if len(stats.error_samples) < 3:
                stats.error_samples.append(f"{action['type']}: {response.text[:200]}")
            step += 1
            state = await fetch_state(client, table_id, stats)


async def listener(url: str, table_id: str, token: str, stop: asyncio.Event, stats: Stats) -> None:
    """Count every table.updated message; reconnect (as the page does) if the socket drops."""
    ws_url = url.replace("http", "ws", 1) + f"/ws/tables/{table_id}/?spectate={token}"
    while not stop.is_set():
        try:
            async with websockets.connect(ws_url, origin=url) as socket:  # type: ignore[arg-type]
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(socket.recv(), timeout=0.5)
                    except TimeoutError:
                        continue
                    message = json.loads(raw)
                    if message.get("type") == "table.updated":
                        key = (table_id, message["version"])
                        stats.delivered.setdefault(key, time.monotonic())
        except (OSError, websockets.ConnectionClosed, websockets.InvalidHandshake) as exc:
            stats.socket_drops.append(f"{type(exc).__name__}: {exc}"[:120])
            await asyncio.sleep(0.5)


async def run_load(
    running: Cluster, keys: list[tuple[str, str]], seconds: float, crash: bool
) -> tuple[Stats, list[str], float]:
    url_a, url_b = running.urls
    stats = Stats()
    clients_a = [
        httpx.AsyncClient(base_url=url_a, headers={"Authorization": f"Token {a}"}, timeout=30)
        for a, _ in keys
    ]
    clients_b = [
        httpx.AsyncClient(base_url=url_b, headers={"Authorization": f"Token {b}"}, timeout=30)
        for _, b in keys
    ]
    table_ids, spectate = [], []
    for index, (client_a, client_b) in enumerate(zip(clients_a, clients_b, strict=True)):
        created = await client_a.post(
            "/api/v1/tables/", json={"game": "mtg", "name": f"load {index}", "players": ["A", "B"]}
        )
        created.raise_for_status()
        table = created.json()
        joined = await client_b.post(
            "/api/v1/tables/join/", json={"invite": table["links"]["invite"], "seat": 1}
        )
        joined.raise_for_status()
        table_ids.append(table["id"])
        spectate.append(table["links"]["spectate"])
    stop = asyncio.Event()
    listeners = [
        asyncio.create_task(listener(url_b, table_id, token, stop, stats))
        for table_id, token in zip(table_ids, spectate, strict=True)
    ]
    await asyncio.sleep(1)
    started = time.monotonic()
    deadline = started + seconds
    players = [
        asyncio.create_task(player(client, table_id, seat, deadline, stats))
        for table_id, client_a, client_b in zip(table_ids, clients_a, clients_b, strict=True)
        for client, seat in ((client_a, 0), (client_b, 1))
    ]
    if crash:
        await asyncio.sleep(seconds / 2)
        os.killpg(running.workers[0].pid, signal.SIGKILL)
        print("killed worker A with SIGKILL; restarting it")
        await asyncio.sleep(1)
        await asyncio.to_thread(running.restart_worker, 0)
    await asyncio.gather(*players)
    elapsed = time.monotonic() - started
    # Delivery under load can trail the last POST by seconds: wait for it (up to 15 s) rather
    # than counting late messages as undelivered.
    settle = time.monotonic() + 15
    while time.monotonic() < settle and any(k not in stats.delivered for k in stats.committed):
        await asyncio.sleep(0.2)
    stop.set()
    await asyncio.gather(*listeners, return_exceptions=True)
    for client in clients_a + clients_b:
        await client.aclose()
    return stats, table_ids, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=20)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--crash", action="store_true")
    args = parser.parse_args()
    with cluster() as running:
        keys = make_users(running.env, args.tables)
        stats, table_ids, elapsed = asyncio.run(run_load(running, keys, args.seconds, args.crash))
        lost = lost_updates(table_ids)
    delivery = [
        max(0.0, stats.delivered[key] - committed)
        for key, committed in stats.committed.items()
        if key in stats.delivered
    ]
    undelivered = sum(1 for key in stats.committed if key not in stats.delivered)
    ms = 1000
    print(f"machine: {os.cpu_count()} cores; 2 daphne workers, PostgreSQL, Redis on loopback")
    print(f"tables x players: {args.tables} x 2, {elapsed:.1f} s")
    print(f"committed actions: {len(stats.committed)} ({len(stats.committed) / elapsed:.1f}/s)")
    print(
        f"requests: {len(stats.latencies)}; 409 conflicts: {stats.conflicts}; "
        f"other 4xx: {stats.client_errors}; 5xx: {stats.server_errors}; "
        f"transport errors: {stats.transport_errors}"
    )
    print(
        "action latency ms: p50 {:.1f} p95 {:.1f} p99 {:.1f}".format(
            *(percentile(stats.latencies, q) * ms for q in (0.5, 0.95, 0.99))
        )
    )
    print(
        f"websocket delivery (after the POST returned) ms: p50 "
        f"{percentile(delivery, 0.5) * ms:.1f} p95 {percentile(delivery, 0.95) * ms:.1f}; "
        f"undelivered: {undelivered}"
    )
    print(f"websocket drops (listener reconnected): {len(stats.socket_drops)}")
    for reason in sorted(set(stats.socket_drops))[:3]:
        print(f"  {reason}")
    print(f"lost updates (state != replay of log): {lost}")
    for sample in stats.error_samples:
        print("sample 4xx:", sample)


if __name__ == "__main__":
    main()
