"""Combat with stacks costs the same however many tokens attack.

A whole combat (declare, 3 blockers, combat damage) with 200 Goblins and with 1,000,000 Goblins
attacking, and its number of stacks; prints the ratio of the combat damage step's time
(target: under 1.5) and the stack counts (a handful, never one per Goblin). Then the same for a
division chosen per creature (510.1c): n Ogres, each blocked by a Bear and a Wall, answered in
two groups that divide differently (n = 200 and 1,000,000).
Run: .venv/bin/python bench/combat.py
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rules import apply, new_game
from rules.mtg.records import MtgState

GOBLIN = {
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "power": "1",
    "toughness": "1",
    "keywords": ["Haste"],
}
SPIDER = {**GOBLIN, "subtypes": ["Spider"], "power": "2", "toughness": "2", "keywords": []}
REPEATS = 100


def _blocked(goblins: int) -> MtgState:
    """Ann's Goblins attack, 3 Spiders of Ben's block one each: ready for the damage step."""
    state = new_game("mtg", {"players": ["Ann", "Ben"], "starting_life": 10**9})
    for action in (
        {"type": "create_token", "controller": 0, "definition": GOBLIN, "count": goblins},
        {"type": "create_token", "controller": 1, "definition": SPIDER, "count": 3},
        {"type": "next_step"},
        {"type": "next_step"},
        {"type": "attack", "object": "o1", "count": goblins},
        {"type": "next_step"},
    ):
        state = apply(state, action).state
    attacking = next(o for o in state.objects.values() if o.attacking is not None)
    block = {"type": "block", "object": "o2", "count": 3, "attacker": attacking.id}
    return apply(state, block).state


OGRE = {**GOBLIN, "subtypes": ["Ogre"], "power": "3", "toughness": "3"}
BEAR = {**GOBLIN, "subtypes": ["Bear"], "power": "2", "toughness": "2"}
WALL = {**GOBLIN, "subtypes": ["Wall"], "power": "0", "toughness": "3"}


def _divided(ogres: int) -> tuple[MtgState, dict[str, object]]:
    """Ann's Ogres attack, each blocked by one Bear and one Wall: the damage step asks for a
    division; returns the state and the answer (two groups)."""
    state = new_game("mtg", {"players": ["Ann", "Ben"], "starting_life": 10**9})
    for action in (
        {"type": "create_token", "controller": 0, "definition": OGRE, "count": ogres},
        {"type": "create_token", "controller": 1, "definition": BEAR, "count": ogres},
        {"type": "create_token", "controller": 1, "definition": WALL, "count": ogres},
        {"type": "next_step"},
        {"type": "next_step"},
        {"type": "attack", "object": "o1", "count": ogres},
        {"type": "next_step"},
        {"type": "block", "object": "o2", "count": ogres, "attacker": "o1"},
        {"type": "block", "object": "o3", "count": ogres, "attacker": "o1"},
        {"type": "next_step"},
    ):
        state = apply(state, action).state
    half = ogres // 2
    answer = {
        "groups": [
            {"count": half, "to": {"o2": [2], "o3": [1]}},
            {"count": ogres - half, "to": {"o3": [3]}},
        ]
    }
    return state, {"type": "choose", "choice": answer}


def _division_bench() -> None:
    cases = {n: _divided(n) for n in (200, 1_000_000)}
    samples: dict[int, list[float]] = {n: [] for n in cases}
    for _ in range(REPEATS):
        for n, (state, answer) in cases.items():
            start = time.perf_counter()
            apply(state, answer)
            samples[n].append(time.perf_counter() - start)
    times = {n: statistics.median(values) for n, values in samples.items()}
    for n, (state, answer) in cases.items():
        after = apply(state, answer).state
        print(
            f"{n:>9,} Ogres divided in 2 groups: damage {times[n] * 1e6:8.1f} us, "
            f"{len(after.objects)} stacks after"
        )
    ratio = times[1_000_000] / times[200]
    print(f"division ratio 1,000,000 / 200: {ratio:.2f}")
    print("target: ratio under 1.5 ->", "met" if ratio < 1.5 else "MISSED")


def main() -> None:
    tables = {n: _blocked(n) for n in (200, 1_000_000)}
    samples: dict[int, list[float]] = {n: [] for n in tables}
    for _ in range(10):
        for state in tables.values():
            apply(state, {"type": "next_step"})
    for _ in range(REPEATS):
        for n, state in tables.items():
            start = time.perf_counter()
            apply(state, {"type": "next_step"})
            samples[n].append(time.perf_counter() - start)
    times = {n: statistics.median(values) for n, values in samples.items()}
    for n, state in tables.items():
        after = apply(state, {"type": "next_step"}).state
        print(
            f"{n:>9,} Goblins into 3 blockers: damage step {times[n] * 1e6:8.1f} us "
            f"(median of {REPEATS}), {len(state.objects)} stacks before, "
            f"{len(after.objects)} after"
        )
    ratio = times[1_000_000] / times[200]
    print(f"ratio 1,000,000 / 200: {ratio:.2f}")
    print("target: ratio under 1.5 ->", "met" if ratio < 1.5 else "MISSED")
    _division_bench()


if __name__ == "__main__":
    main()
