"""Our Riftbound deck code reader against codes made by the npm package
@piltoverarchive/riftbound-deck-codes (tests/catalog/data/riftbound_deck_codes.json: each code
with the lists the package decodes it to)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from catalog import riftbound_codes
from catalog.decklists import parse_decklist

FIXTURES = json.loads((Path(__file__).parent / "data" / "riftbound_deck_codes.json").read_text())
README_DECK = FIXTURES["codes"][-1]


@pytest.mark.parametrize("fixture", FIXTURES["codes"], ids=lambda f: f["code"][:12])
def test_it_reads_what_the_reference_package_wrote(fixture: dict[str, Any]) -> None:
    deck = riftbound_codes.decode(fixture["code"])
    assert [[c.code, c.count] for c in deck.main] == fixture["main"]
    assert [[c.code, c.count] for c in deck.sideboard] == fixture["sideboard"]
    assert deck.champion == fixture["champion"]


def test_a_pasted_code_becomes_entries_by_card_code() -> None:
    parsed = parse_decklist("  " + README_DECK["code"] + "\n")
    assert parsed.problems == []
    main = [(e.name, e.count) for e in parsed.entries if e.section == "main"]
    side = [(e.name, e.count) for e in parsed.entries if e.section == "sideboard"]
    assert main == [tuple(pair) for pair in README_DECK["main"]]
    assert side == [tuple(pair) for pair in README_DECK["sideboard"]]
    assert [e.line for e in parsed.entries] == list(range(1, len(parsed.entries) + 1))


@pytest.mark.parametrize(
    "text",
    [
        "Lightningbolt",  # one long word of base32 letters, not a code
        "CIAAAAAAAAAQ",  # a code cut short
        "EIAAAAAAAAAAAAAAAAAAAA",  # format 2: not the deck code format
        "CP" + "A" * 20,  # a version this reader does not know
    ],
)
def test_what_is_not_a_code_is_read_as_a_list(text: str) -> None:
    parsed = parse_decklist(text)
    assert all(not riftbound_codes.CARD_CODE.match(e.name) for e in parsed.entries)


def test_it_names_the_problem_with_a_broken_code() -> None:
    with pytest.raises(riftbound_codes.DeckCodeError, match="ends too early"):
        riftbound_codes.decode("CIAAAAAAAAAQ")
    with pytest.raises(riftbound_codes.DeckCodeError, match="not a letter"):
        riftbound_codes.decode("CIAA1AAA")
    assert riftbound_codes.normalise_card_code("OGN-007a/298") == "OGN-007a"
    assert riftbound_codes.normalise_card_code("Origins 7") is None
