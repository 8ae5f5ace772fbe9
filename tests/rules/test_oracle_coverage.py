"""The Oracle-text compiler on 665 real token makers: at least 90% automated or one tap away
with the tokens the reference list names (name, P/T, colors, types, abilities) and its fixed
counts, and not one wrong token (a card it cannot read stays manual)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from rules.mtg.oracle import compile_makes
from rules.mtg.oracle.coverage import MANUAL, extra_keywords, matches, status

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from oracle import compared, judge  # noqa: E402


@pytest.fixture
def cards(shared_data: Path) -> list[dict[str, Any]]:
    data = json.loads((shared_data / "token_makers.json").read_text(encoding="utf-8"))
    return list(data["data"])


def makes(card: dict[str, Any]) -> list[dict[str, Any]]:
    return compile_makes(
        name=card["name"],
        oracle_text=card.get("oracle_text") or "",
        type_line=card.get("type_line") or "",
        power=card.get("power"),
        toughness=card.get("toughness"),
    )


def test_coverage_is_at_least_90_percent_and_no_token_is_wrong(cards: list[dict[str, Any]]):
    right = 0
    wrong = []
    for card in cards:
        _state, ok, bad, _omitted = judge(card, makes(card))
        right += ok
        if bad:
            wrong.append(card["name"])
    assert wrong == []
    assert right / len(cards) >= 0.90, f"{right}/{len(cards)}"


def test_the_comparison_tells_a_wrong_token():
    """The judge is real: another P/T, color, type, name or ability is a wrong token."""
    expected = {
        "name": "Goblin Token",
        "type": "Token Creature \u2014 Goblin",
        "pt": "1/1",
        "colors": "R",
        "text": "Haste (This creature can attack and {T} as soon as it comes under your control.)",
    }
    good = makes(
        {
            "name": "G",
            "oracle_text": "Create a 1/1 red Goblin creature token with haste.",
            "type_line": "Sorcery",
        }
    )[0]["tokens"][0]
    assert matches(good, expected, "G")
    for change in (
        {"power": "2"},
        {"colors": ["B"]},
        {"types": ["Artifact", "Creature"]},
        {"subtypes": ["Elf"]},
        {"name": "Elf Token"},
        {"text": "Flying", "keywords": ["Flying"]},
    ):
        assert not matches({**good, **change}, expected, "G"), change
        assert not extra_keywords({**good, **change}, expected), change
    card = {"name": "G", "tokensite_expected": [expected]}
    wrong = {**good, "power": "2"}
    entry = {"automated": True, "fires": False, "tokens": [wrong]}
    assert judge(card, [entry])[2] is True
    assert compared([entry]) == [wrong]


def test_text_it_cannot_read_stays_manual_with_no_tokens():
    found = makes(
        {
            "name": "Odd",
            "oracle_text": "Create a 2/2 blue Frob creature token that's fuzzy.",
            "type_line": "Sorcery",
        }
    )
    assert status(found) == MANUAL
    assert found[0]["automated"] is False and found[0]["tokens"] == []
