"""What tokensite/gctune.py saves: actions at 1,000 and 5,000 distinct stacks with Python's
default garbage collection and with the server's tuning, in alternating blocks of the same run.

In-process (Django's test client, a fresh SQLite database), as the server runs them: tap one of
a stack, then undo it, on tables whose states the state cache keeps. For each setting: the
median block's CPU time per request and the collector's CPU time per request (gc.callbacks).
CPU time of this process, not wall time: the machine is shared, and other work on it would
otherwise decide the figures. The two settings alternate which goes first.

Usage: .venv/bin/python bench/gc_tuning.py [--sizes 1000,5000] [--requests 40] [--blocks 3]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import scale  # first: a fresh SQLite database, Django set up

# isort: split
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from rest_framework.authtoken.models import Token

import rules
from play.models import Table
from tokensite import gctune

DEFAULT_THRESHOLDS = (700, 10, 10)  # CPython's


class Collector:
    """The collector's time, from its own callbacks."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.collections = 0
        self._started = 0.0
        gc.callbacks.append(self._callback)

    def _callback(self, phase: str, _info: dict[str, Any]) -> None:
        if phase == "start":
            self._started = time.process_time()
        else:
            self.seconds += time.process_time() - self._started
            self.collections += 1


def untuned() -> None:
    gc.unfreeze()
    gc.set_threshold(*DEFAULT_THRESHOLDS)


class Player:
    def __init__(self, client: Client, table: Table) -> None:
        self.client, self.table, self.version = client, table, table.version
        self.target = next(iter(rules.codec.load(table.state).objects))

    def _post(self, path: str, body: dict[str, Any]) -> None:
        response = self.client.post(path, body, content_type="application/json")
        assert response.status_code == 200, response.content[:300]
        self.version = response.json()["version"]

    def round(self) -> None:
        tap = {"type": "tap", "object": self.target, "count": 1}
        base = f"/api/v1/tables/{self.table.id}"
        self._post(f"{base}/actions/?view=delta", {"expected_version": self.version, "action": tap})
        self._post(f"{base}/undo/?view=delta", {"expected_version": self.version})


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="1000,5000")
    parser.add_argument("--requests", type=int, default=40)
    parser.add_argument("--blocks", type=int, default=3)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    owner = User.objects.create_user(f"gc-{time.time_ns()}")
    client = Client(
        HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=owner).key}", HTTP_HOST="127.0.0.1"
    )
    players = [Player(client, scale.seeded_table(owner, int(n))) for n in args.sizes.split(",")]
    for player in players:  # warm: the state cache holds every table, as a busy server's does
        for _ in range(3):
            player.round()
    collector = Collector()
    settings = {"default": untuned, "tuned": gctune.tune_for_long_lived_state}
    columns = f"{'CPU ms/request':>14} | {'gc CPU ms/request':>17} | collections"
    print(f"{'stacks':>7} | {'setting':8} | {columns}")
    for player in players:
        results: dict[str, list[tuple[float, float, int]]] = {name: [] for name in settings}
        for _block in range(args.blocks):
            order = list(settings.items())
            for name, setting in order if _block % 2 == 0 else order[::-1]:
                untuned()
                setting()
                collector.seconds, collector.collections = 0.0, 0
                start = time.process_time()
                for _ in range(args.requests // 2):
                    player.round()
                elapsed = time.process_time() - start
                requests = 2 * (args.requests // 2)
                results[name].append(
                    (elapsed / requests, collector.seconds / requests, collector.collections)
                )
        medians = {}
        for name, rows in results.items():
            per_request = statistics.median(r[0] for r in rows) * 1000
            in_gc = statistics.median(r[1] for r in rows) * 1000
            medians[name] = per_request
            count = sum(r[2] for r in rows)
            print(
                f"{len(player.table.state['objects']):>7,} | {name:8} | {per_request:14.1f} "
                f"| {in_gc:17.2f} | {count}",
                flush=True,
            )
        print(f"{'':>7} | tuned / default: {medians['tuned'] / medians['default']:.2f}")
    untuned()
    gctune.tune_for_long_lived_state()


if __name__ == "__main__":
    main()
