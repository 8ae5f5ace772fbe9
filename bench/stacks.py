"""Stacks keep every action's cost independent of how many tokens a stack holds.

Times create_token of 1 vs 1,000,000 Goblins, and tapping 1 vs 999,999 of a million, then
prints the ratios (target: every ratio under 1.5). Run: .venv/bin/python bench/stacks.py
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import apply, new_game
from rules.state import AnyState

GOBLIN = {
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "colors": ["R"],
    "power": "1",
    "toughness": "1",
}
REPEATS = 300


def _table_with_goblins(count: int) -> AnyState:
    state = new_game("mtg", {"players": ["Ann", "Ben"]})
    action = {"type": "create_token", "controller": 0, "definition": GOBLIN, "count": count}
    return apply(state, action).state


def _median_seconds(rows: list[tuple[str, Callable[[], object]]]) -> dict[str, float]:
    """Round-robin sampling, so load from other processes hits every row alike."""
    for _name, run in rows:
        for _ in range(20):
            run()
    samples: dict[str, list[float]] = {name: [] for name, _run in rows}
    for _ in range(REPEATS):
        for name, run in rows:
            start = time.perf_counter()
            run()
            samples[name].append(time.perf_counter() - start)
    return {name: statistics.median(values) for name, values in samples.items()}


def main() -> None:
    empty = new_game("mtg", {"players": ["Ann", "Ben"]})
    million = _table_with_goblins(1_000_000)

    def create(count: int) -> Callable[[], object]:
        action = {"type": "create_token", "controller": 0, "definition": GOBLIN, "count": count}
        return lambda: apply(empty, action)

    def tap(count: int) -> Callable[[], object]:
        return lambda: apply(million, {"type": "tap", "object": "o1", "count": count})

    rows = [
        ("create_token 1 Goblin", create(1)),
        ("create_token 1,000,000 Goblins", create(1_000_000)),
        ("tap 1 of a million", tap(1)),
        ("tap 999,999 of a million", tap(999_999)),
    ]
    times = _median_seconds(rows)
    for name, seconds in times.items():
        print(f"{name:34} {seconds * 1e6:9.1f} us (median of {REPEATS})")
    create_ratio = times["create_token 1,000,000 Goblins"] / times["create_token 1 Goblin"]
    tap_ratio = times["tap 999,999 of a million"] / times["tap 1 of a million"]
    print(f"ratio create 1,000,000 / 1:        {create_ratio:.2f}")
    print(f"ratio tap 999,999 / 1 of a million: {tap_ratio:.2f}")
    print(
        "target: every ratio under 1.5 ->",
        "met" if max(create_ratio, tap_ratio) < 1.5 else "MISSED",
    )


if __name__ == "__main__":
    main()
