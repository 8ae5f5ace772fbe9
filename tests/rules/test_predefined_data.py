"""The predefined tokens as data files (rules/mtg/data, rules/riftbound/data): the kernel loads
exactly the definitions the Python builders that preceded them produced (111.10a-x, 184.1-184.9).

The fingerprints are the SHA-256 of the builders' output as canonical JSON (sorted keys, no
spaces, ASCII), taken once when the data files were written from them."""

from __future__ import annotations

import hashlib
import json
from typing import Any

import pytest

from rules.datafiles import load_json
from rules.mtg import predefined as mtg
from rules.riftbound import predefined as riftbound

BUILT = {
    "mtg": (22, "a6db8b498d488ff055cef84bd800eb109477a195ec5a08f597478049a38607b0"),
    "riftbound": (9, "f192273f103cad54361445b99f90ad6d89251f33f2906fb7e01e3fb839febecd"),
}


def _fingerprint(tokens: Any) -> str:
    canonical = json.dumps(tokens, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


@pytest.mark.parametrize(("game", "module"), [("mtg", mtg), ("riftbound", riftbound)])
def test_it_loads_the_definitions_the_builders_made(game: str, module: Any) -> None:
    count, fingerprint = BUILT[game]
    tokens = module.predefined_tokens()
    assert len(tokens) == count and _fingerprint(tokens) == fingerprint
    assert tokens == load_json(f"rules.{game}", "data/predefined_tokens.json")


def test_it_tells_a_changed_definition_by_its_fingerprint() -> None:
    tokens = mtg.predefined_tokens()
    tokens[0]["abilities"][0]["effect"]["amount"] = 2
    assert _fingerprint(tokens) != BUILT["mtg"][1]


def test_it_hands_out_copies_a_caller_may_change() -> None:
    token = mtg.predefined_token("mtg-treasure")
    assert token is not None
    token["name"] = "Changed"
    assert mtg.predefined_token("mtg-treasure")["name"] == "Treasure Token"  # type: ignore[index]
    assert mtg.predefined_token("mtg-nothing") is None
