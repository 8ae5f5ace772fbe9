"""The Oracle-text compiler on the real token makers (tests' data): coverage, the most common
text left manual and compile time per card.

    .venv/bin/python bench/oracle.py [path to token_makers.json]
"""

from __future__ import annotations

import json
import re
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.mtg.oracle import compile_makes  # noqa: E402
from rules.mtg.oracle.coverage import MANUAL, extra_keywords, matches, status  # noqa: E402

DEFAULT = ROOT.parent / "shared" / "data" / "token_makers.json"


def compared(makes: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The tokens a list can be compared with: not copies of an unknown permanent (a target, a
    creature token) nor plain copies of the card itself, which are the card (707.2)."""
    return [
        t
        for e in makes
        if e["automated"]
        for t in e["tokens"]
        if t["copy_of"] is None or (t["copy_of"] == "self" and t["colors"] is not None)
    ]


def judge(card: dict[str, Any], makes: list[dict[str, Any]]) -> tuple[str, bool, bool, int]:
    """(status, right: the expected tokens made with right fixed counts, wrong: a token made
    that matches no expected token, how many tokens have keywords the list leaves out)."""
    state = status(makes)
    expected = card["tokensite_expected"]
    made = compared(makes)

    def same(token: dict[str, Any], x: dict[str, Any]) -> bool:
        return matches(token, x, card["name"]) or extra_keywords(token, x)

    wrong = any(not any(same(t, x) for x in expected) for t in made)
    omitted = sum(
        1
        for t in made
        if not any(matches(t, x, card["name"]) for x in expected)
        and any(extra_keywords(t, x) for x in expected)
    )
    right = state != MANUAL and not wrong
    for x in expected:
        if x.get("exclude"):
            continue
        found = [t for t in made if same(t, x)]
        if not found:
            right = False
        count = x.get("count")
        if count and count.isdigit() and not any(t["count"] == int(count) for t in found):
            right = False
    return state, right, wrong, omitted


def main() -> None:
    path = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT
    cards = json.loads(path.read_text())["data"]
    times: list[float] = []
    tally: Counter[str] = Counter()
    left: Counter[str] = Counter()
    wrong_cards = []
    right = 0
    omitted = 0
    for card in cards:
        start = time.perf_counter()
        makes = compile_makes(
            name=card["name"],
            oracle_text=card.get("oracle_text") or "",
            type_line=card.get("type_line") or "",
            power=card.get("power"),
            toughness=card.get("toughness"),
        )
        times.append(time.perf_counter() - start)
        state, ok, wrong, missing = judge(card, makes)
        omitted += missing
        tally[state] += 1
        right += ok
        if wrong:
            wrong_cards.append(card["name"])
        if not ok:
            for entry in makes or [{"text": card.get("oracle_text") or "", "automated": False}]:
                if not entry["automated"]:
                    shape = re.sub(r"\d+", "N", entry["text"])
                    shape = shape.replace(card["name"], "CARDNAME")
                    left[shape[:90]] += 1
    n = len(cards)
    print(f"cards: {n}")
    for key in ("automated", "one-tap", "manual"):
        print(f"  {key}: {tally[key]} ({100 * tally[key] / n:.1f}%)")
    print(f"right tokens (automated or one-tap): {right} ({100 * right / n:.1f}%)")
    print(f"wrong tokens: {len(wrong_cards)} {wrong_cards[:20]}")
    print(f"tokens with keywords the reference list leaves out: {omitted}")
    print(
        f"compile time per card: median {1e6 * statistics.median(times):.0f} us, "
        f"max {1e6 * max(times):.0f} us, total {sum(times) * 1e3:.0f} ms"
    )
    print("most common text left manual:")
    for shape, count in left.most_common(int(sys.argv[2]) if len(sys.argv) > 2 else 25):
        print(f"  {count:3d}  {shape}")


if __name__ == "__main__":
    main()
