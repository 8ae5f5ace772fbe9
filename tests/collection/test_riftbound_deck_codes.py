"""A real Riftbound deck code (the reference package's example deck) pasted as a deck lists its
cards by name, once the official card gallery is imported."""

from __future__ import annotations

import json
from pathlib import Path

from catalog.importers.formats import import_file
from catalog.models import CardDefinition
from collection import services

CODES = Path(__file__).resolve().parents[1] / "catalog" / "data" / "riftbound_deck_codes.json"


def test_a_pasted_deck_code_lists_its_cards(owner, shared_data: Path) -> None:
    import_file("riftbound", shared_data / "riftbound_cards.json")
    assert CardDefinition.objects.get(name="Blazing Scorcher").codes == ["OGN-001"]
    example = json.loads(CODES.read_text())["codes"][-1]
    deck = services.deck_create(owner=owner, game="riftbound", decklist=example["code"])
    listed = {
        (code, count): name
        for code, count, name in (
            (e.card.codes, e.count, e.card.name) for e in deck.entries.select_related("card")
        )
        for code in code
    }
    main = [(code, count) for code, count in example["main"]]
    found = [listed.get((code, count)) for code, count in main]
    assert deck.unknown.count() == 0, list(deck.unknown.values_list("name", flat=True))
    assert all(found), dict(zip(main, found, strict=True))
    gallery = json.loads((shared_data / "riftbound_cards.json").read_text())["cards"]
    by_code = {c["publicCode"].split("/")[0]: c["name"] for c in gallery}
    assert found == [by_code[code] for code, _ in main]
