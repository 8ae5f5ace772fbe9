"""What rebasing costs: the median time of one action (the tables service, in process)
sent at the table's version, and sent 1 and 10 versions behind when nothing it refers to changed
since (so it is rebased: the footprint is compared with each newer entry's `touched`).

Same table (200 distinct stacks), same run: the ratios are what the check adds.

Usage: .venv/bin/python bench/rebase.py [--iterations N]   (DATABASE_URL to bench PostgreSQL;
default: a fresh SQLite file in a temporary directory).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
TMP = tempfile.mkdtemp(prefix="tokensite-bench-")
os.environ.setdefault("DATABASE_URL", f"sqlite:///{TMP}/bench.sqlite3")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tokensite.settings")

import django  # noqa: E402

django.setup()

from django.contrib.auth.models import User  # noqa: E402
from django.core.management import call_command  # noqa: E402

from play.models import Table  # noqa: E402
from play.table import services  # noqa: E402

STACKS = 200


def _act(table: Table, user: User, version: int, object_id: str, kind: str) -> float:
    started = time.perf_counter()
    result = services.table_apply_action(
        table_id=table.id,
        user=user,
        expected_version=version,
        action={"type": kind, "object": object_id},
    )
    elapsed = time.perf_counter() - started
    assert (result.rebased_from is not None) == (version != result.version - 1)
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--iterations", type=int, default=40)
    args = parser.parse_args()
    call_command("migrate", verbosity=0)
    owner = User.objects.create_user(f"bench-{time.time_ns()}")
    table = services.table_create(owner=owner, game="mtg", name="Bench", players=["A", "B"])
    for index in range(STACKS):
        definition = {"name": f"Bench {index}", "types": ["Artifact"]}
        services.table_apply_action(
            table_id=table.id,
            user=owner,
            expected_version=index,
            action={"type": "create_token", "controller": index % 2, "definition": definition},
        )
    timings: dict[int, list[float]] = {0: [], 1: [], 10: []}
    stack = 0
    for _ in range(args.iterations):
        for behind in timings:
            # `behind` taps/untaps of other stacks, then the measured one, sent `behind` back.
            table.refresh_from_db()
            sent_at = table.version
            for _ in range(behind):
                stack = (stack + 1) % (STACKS - 1)
                table.refresh_from_db()
                _act(table, owner, table.version, f"o{stack + 2}", "tap")
                _act(table, owner, table.version + 1, f"o{stack + 2}", "untap")
            timings[behind].append(_act(table, owner, sent_at, "o1", "tap"))
            table.refresh_from_db()
            _act(table, owner, table.version, "o1", "untap")
    fresh = statistics.median(timings[0])
    print(f"{STACKS} stacks, {args.iterations} iterations, {os.environ['DATABASE_URL'][:10]}...")
    for behind, values in timings.items():
        median = statistics.median(values)
        print(f"  sent {behind:>2} behind: {median * 1000:6.2f} ms  ({median / fresh:.2f} x fresh)")


if __name__ == "__main__":
    main()
