"""Concurrent writers on the embedded default (SQLite, WAL, IMMEDIATE transactions): the latency
of one action (the tables service, in process, each writer a thread with its own connection) for
1 writer, then 20 writers at once on 10 tables (two players per table, each tapping and untapping
a stack of their own, each action sent at the version the writer last saw, so the other player's
commits are rebased over), in a closed loop. Reports p50 / p95 / max, actions per second and
refusals (409 busy or conflict; there should be none). Target: p95 under 300 ms for 20 writers.

Usage: .venv/bin/python bench/sqlite_writers.py [--seconds 10] [--writers 20]
(always a fresh SQLite file in a temporary directory: this is the embedded default's benchmark).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="tokensite-bench-")
os.environ["DATABASE_URL"] = f"sqlite:///{TMP}/bench.sqlite3"
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from play.models import Seat, Table  # noqa: E402
from play.table import services  # noqa: E402
from tokensite.api import Conflict  # noqa: E402


class Writer(threading.Thread):
    """One player: taps and untaps their own stack until told to stop."""

    def __init__(self, table: Table, user: User, stack: str, stop: threading.Event) -> None:
        super().__init__(daemon=True)
        self.table, self.user, self.stack, self.stop = table, user, stack, stop
        self.latencies: list[float] = []
        self.refused = 0

    def run(self) -> None:
        version = Table.objects.get(pk=self.table.pk).version
        kinds = ("tap", "untap")
        n = 0
        try:
            while not self.stop.is_set():
                started = time.perf_counter()
                try:
                    result = services.table_apply_action(
                        table_id=self.table.id,
                        user=self.user,
                        expected_version=version,
                        action={"type": kinds[n % 2], "object": self.stack},
                    )
                except Conflict:
                    self.refused += 1
                    version = Table.objects.get(pk=self.table.pk).version
                    continue
                self.latencies.append(time.perf_counter() - started)
                version = result.version
                n += 1
        finally:
            connection.close()


def _table(index: int) -> tuple[Table, list[tuple[User, str]]]:
    owner = User.objects.create_user(f"ann-{index}-{time.time_ns()}")
    friend = User.objects.create_user(f"ben-{index}-{time.time_ns()}")
    table = services.table_create(owner=owner, game="mtg", name=f"T{index}", players=["A", "B"])
    Seat.objects.filter(table=table, number=1).update(user=friend)
    players = []
    for seat, user in enumerate((owner, friend)):
        result = services.table_apply_action(
            table_id=table.id,
            user=user,
            expected_version=seat,
            action={
                "type": "create_token",
                "controller": seat,
                "count": 1,
                "definition": {"name": f"Clue {seat}", "types": ["Artifact"]},
            },
        )
        players.append((user, str(result.state["objects"][-1]["id"])))
    return table, players


def measure(writers: int, seconds: float) -> tuple[list[float], int]:
    tables = [_table(i) for i in range((writers + 1) // 2)]
    pairs = [(table, user, stack) for table, players in tables for user, stack in players]
    stop = threading.Event()
    threads = [Writer(table, user, stack, stop) for table, user, stack in pairs[:writers]]
    for thread in threads:
        thread.start()
    time.sleep(seconds)
    stop.set()
    for thread in threads:
        thread.join()
    return [x for t in threads for x in t.latencies], sum(t.refused for t in threads)


def _report(label: str, latencies: list[float], refused: int, seconds: float) -> float:
    latencies.sort()
    p95 = latencies[int(len(latencies) * 0.95) - 1] if latencies else float("nan")
    print(
        f"  {label}: {len(latencies) / seconds:6.1f} actions/s, "
        f"p50 {statistics.median(latencies) * 1000:6.1f} ms, p95 {p95 * 1000:6.1f} ms, "
        f"max {latencies[-1] * 1000:6.1f} ms, {refused} refused"
    )
    return p95


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=10)
    parser.add_argument("--writers", type=int, default=20)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    print(f"SQLite (WAL, IMMEDIATE), {args.seconds:.0f} s per run, {os.cpu_count()} cores")
    one = _report("1 writer  ", *measure(1, args.seconds), args.seconds)
    many = _report(f"{args.writers} writers", *measure(args.writers, args.seconds), args.seconds)
    print(f"  p95 {args.writers} writers / 1 writer: {many / one:.1f}x (target: p95 < 300 ms)")


if __name__ == "__main__":
    main()
