"""What rebasing costs: the median time of one action (the tables service, in process)
sent at the table's version, and sent 1, 10, 100 and 1,000 versions behind when nothing it
refers to changed since (so it is rebased: one indexed lookup of what it refers to, `Touch`),
and how many of those were refused (there should be none: no horizon).

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
from tokensite.api import Conflict  # noqa: E402

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
    parser.add_argument("--iterations", type=int, default=20)
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
    timings: dict[int, list[float]] = {0: [], 1: [], 10: [], 100: [], 1000: []}
    refused = dict.fromkeys(timings, 0)
    measured = [f"o{n}" for n in range(1, STACKS // 2 + 1)]  # the stacks the timed actions tap
    others = [f"o{n}" for n in range(STACKS // 2 + 1, STACKS + 1)]  # what the others change
    for behind in timings:
        # `behind` taps/untaps of other stacks, then each measured stack tapped, sent from the
        # version before them (every one rebased over at least `behind` newer commits).
        table.refresh_from_db()
        sent_at = table.version
        for index in range(behind // 2):
            other = others[index % len(others)]
            version = sent_at + 2 * index
            _act(table, owner, version, other, "tap")
            _act(table, owner, version + 1, other, "untap")
        for object_id in measured[: args.iterations]:
            table.refresh_from_db()
            version = table.version if behind == 0 else sent_at
            try:
                timings[behind].append(_act(table, owner, version, object_id, "tap"))
            except Conflict:
                refused[behind] += 1
        for object_id in measured[: args.iterations]:
            table.refresh_from_db()
            _act(table, owner, table.version, object_id, "untap")
    fresh = statistics.median(timings[0])
    print(f"{STACKS} stacks, {args.iterations} iterations, {os.environ['DATABASE_URL'][:10]}...")
    for behind, values in timings.items():
        if not values:
            print(f"  sent {behind:>4} behind: all {refused[behind]} refused")
            continue
        median = statistics.median(values)
        print(
            f"  sent {behind:>4} behind: {median * 1000:6.2f} ms  ({median / fresh:.2f} x fresh)"
            f", {refused[behind]} refused"
        )


if __name__ == "__main__":
    main()
