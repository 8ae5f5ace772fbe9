"""Kernel apply cost against the number of DISTINCT stacks on the table.

For 10, 100, 1,000 and 5,000 distinct stacks: tap one stack, create one token, and tap with an
anthem on the battlefield; then one Treasure created with a stack of a billion Xorn copies and
one with a stack of 64 Doubling Seasons. Prints a table of medians (targets: under 1 ms at 1,000
stacks, under 3 ms at 5,000, the Xorn under 50 ms). Run: .venv/bin/python bench/kernel_scale.py
"""

from __future__ import annotations

import gc
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import apply, codec, new_game
from rules.mtg.records import MtgState

SIZES = (10, 100, 1_000, 5_000)
BUDGET_SECONDS = float(os.environ.get("BENCH_SECONDS", "1.5"))
"""Time spent sampling one cell; the median of what fits (at least 5 runs)."""

ANTHEM = {
    "name": "Glorious Anthem",
    "types": ["Enchantment"],
    "effects": [{"kind": "anthem", "power": 1, "toughness": 1, "filter": {"types": ["Creature"]}}],
}
XORN = {
    "name": "Xorn",
    "types": ["Creature"],
    "subtypes": ["Elemental"],
    "power": "3",
    "toughness": "2",
    "effects": [
        {
            "kind": "token_extra",
            "count": 1,
            "token": "mtg-treasure",
            "filter": {"subtypes": ["Treasure"]},
        }
    ],
}
DOUBLING_SEASON = {
    "name": "Doubling Season",
    "types": ["Enchantment"],
    "effects": [
        {"kind": "token_multiplier", "factor": 2},
        {"kind": "counter_multiplier", "factor": 2},
    ],
}
TREASURE = {"types": ["Artifact"], "subtypes": ["Treasure"]}


def _soldier(index: int) -> dict[str, Any]:
    return {
        "name": f"Soldier {index}",
        "types": ["Creature"],
        "subtypes": ["Soldier"],
        "power": "1",
        "toughness": "1",
    }


def _table(stacks: int, anthem: bool = False) -> MtgState:
    """``stacks`` distinct Soldier stacks (one name each), half of them Ben's. Built from one
    created stack through the codec, so building 5,000 doesn't take 5,000 actions."""
    state = new_game("mtg", {"players": ["Ann", "Ben"]})
    if anthem:
        state = apply(state, {"type": "put_card", "controller": 0, "definition": ANTHEM}).state
    create = {"type": "create_token", "controller": 0, "definition": _soldier(0)}
    data = codec.dump(apply(state, create).state)
    [soldier] = [o for o in data["objects"] if o["face"]["name"] == "Soldier 0"]
    for index in range(1, max(stacks, 2)):
        face = {**soldier["face"], "name": f"Soldier {index}"}
        seat = index % 2
        data["objects"].append(
            {**soldier, "id": f"s{index}", "face": face, "owner": seat, "controller": seat}
        )
    # One action as the app's state cache would have run: the table then carries the kernel's
    # caches, as a table in play does.
    return apply(codec.load(data), {"type": "tap", "object": "s1"}).state


def _median_ms(run: Callable[[], object]) -> float:
    run()
    samples: list[float] = []
    deadline = time.perf_counter() + BUDGET_SECONDS
    while len(samples) < 5 or time.perf_counter() < deadline:
        start = time.perf_counter()
        run()
        samples.append(time.perf_counter() - start)
    return statistics.median(samples) * 1000


def _last_soldier(state: MtgState) -> str:
    soldiers = (o.id for o in state.objects.peek_values() if o.face.name.startswith("Sol"))
    return list(soldiers)[-1]


def _rows_for(stacks: int) -> dict[str, float]:
    plain = _table(stacks)
    anthem = _table(stacks, anthem=True)
    gc.freeze()  # the tables are long-lived, as the app's state cache keeps them
    create = {"type": "create_token", "controller": 0, "definition": _soldier(0)}
    tap = {"type": "tap", "object": _last_soldier(plain)}
    tap_anthem = {"type": "tap", "object": _last_soldier(anthem)}
    return {
        "tap": _median_ms(lambda: apply(plain, tap)),
        "create": _median_ms(lambda: apply(plain, create)),
        "tap, anthem": _median_ms(lambda: apply(anthem, tap_anthem)),
    }


def _grouped() -> dict[str, float]:
    state = new_game("mtg", {"players": ["Ann", "Ben"]})
    put = {"type": "put_card", "controller": 0, "definition": XORN}
    xorns = apply(state, put).state
    copy = {"type": "create_copy", "controller": 0, "definition": XORN, "count": 10**9}
    xorns = apply(xorns, copy).state
    seasons = apply(state, {**put, "definition": DOUBLING_SEASON, "count": 64}).state
    treasure = {"type": "create_token", "controller": 0, "definition": TREASURE}
    return {
        "1 Treasure, 1e9 Xorns": _median_ms(lambda: apply(xorns, treasure)),
        "1 Treasure, 64 Doubling Seasons": _median_ms(lambda: apply(seasons, treasure)),
    }


def main() -> None:
    columns = ("tap", "create", "tap, anthem")
    print(f"{'distinct stacks':>16} | " + " | ".join(f"{c:>12}" for c in columns) + "   (ms)")
    results: dict[int, dict[str, float]] = {}
    for stacks in SIZES:
        results[stacks] = _rows_for(stacks)
        cells = " | ".join(f"{results[stacks][c]:12.3f}" for c in columns)
        print(f"{stacks:>16,} | {cells}", flush=True)
    grouped = _grouped()
    for name, ms in grouped.items():
        print(f"{name:>32}: {ms:9.3f} ms")
    worst_1000 = max(results[1_000].values())
    worst_5000 = max(results[5_000].values())
    xorn = grouped["1 Treasure, 1e9 Xorns"]
    met = worst_1000 < 1 and worst_5000 < 3 and xorn < 50
    print(
        f"targets: < 1 ms at 1,000 ({worst_1000:.2f}), < 3 ms at 5,000 ({worst_5000:.2f}), "
        f"Xorn < 50 ms ({xorn:.2f}) ->",
        "met" if met else "MISSED",
    )


if __name__ == "__main__":
    main()
