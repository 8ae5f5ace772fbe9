"""Riftbound: the official gallery export and the RiftCodex / TCGplayer sample."""

from __future__ import annotations

from pathlib import Path

import pytest

from catalog.importers import riftbound
from catalog.importers.formats import import_file
from catalog.importers.records import ImportFailed
from catalog.models import CardDefinition, TokenDefinition, TokenRelation
from catalog.seed import load_seed


@pytest.fixture(scope="module")
def gallery(shared_data: Path) -> Path:
    return shared_data / "riftbound_cards.json"


def test_it_reads_tokens_and_merges_regional_printings(gallery):
    parsed = riftbound.parse(gallery)
    tokens = {record.front.name: record for record in parsed.tokens}
    assert set(tokens) == {"Recruit", "Sprite", "Gold", "Baron Pit", "Bird", "Brush", "Reflection"}
    recruit = tokens["Recruit"].front
    assert (recruit.types, recruit.might, recruit.tags, recruit.colors) == (
        ("Unit",),
        1,
        ("Recruit",),
        (),
    )
    assert len(tokens["Recruit"].printings) == 3
    assert tokens["Sprite"].front.keywords == ("Temporary",)
    assert tokens["Gold"].front.types == ("Gear",)
    assert len(parsed.cards) >= 700


def test_it_links_cards_whose_text_plays_a_token(gallery):
    parsed = riftbound.parse(gallery)
    recruit = next(record for record in parsed.tokens if record.front.name == "Recruit")
    counts = {link.creator: link.count for link in recruit.links}
    assert len(counts) >= 10
    assert "2" in counts.values()


def test_it_keeps_the_power_part_of_a_cost(gallery):
    """Sprite Mother costs 4 energy and 1 Mind power: the seed writes "4 + 1 power" and the
    import used to overwrite it with "4" (load_catalog then wrote it back)."""
    costs = {record.face.name: record.mana_cost for record in riftbound.parse(gallery).cards}
    assert costs["Sprite Mother"] == "4 + 1 power"
    assert costs["Sprite Call"] == "3"


def test_it_reads_riftcodex_and_tcgplayer_records(shared_data):
    parsed = riftbound.parse(shared_data / "riftbound_sample.json")
    assert {record.front.name for record in parsed.tokens} == {"Recruit", "Sprite"}
    vanguard = next(c for c in parsed.cards if c.face.name == "Recruit the Vanguard")
    assert vanguard.face.colors == ("Order",)
    recruit = next(record for record in parsed.tokens if record.front.name == "Recruit")
    assert ("Recruit the Vanguard", "4") in {(link.creator, link.count) for link in recruit.links}
    assert any(skipped.name == "Buff" for skipped in parsed.skipped)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b'{"cards": [{"name": "X"}]}', "not a Riftbound card record"),
        (
            b'{"cards": [{"name": "X", "cardTypes": ["Unit"], "superTypes": [], '
            b'"domains": ["Purple"]}]}',
            "field domains",
        ),
        (b'{"count": 3}', "wrong JSON shape"),
    ],
    ids=["empty", "not-riftbound", "domain", "shape"],
)
def test_it_refuses_malformed_files(tmp_path, content, message):
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    with pytest.raises(ImportFailed, match=message):
        riftbound.parse(path)


@pytest.mark.django_db
def test_it_matches_the_predefined_riftbound_tokens_and_is_idempotent(gallery):
    load_seed()
    summary = import_file("riftbound", gallery)
    assert summary.counts["tokens"]["matched"] == 7
    assert TokenDefinition.objects.filter(game="riftbound", name="Recruit").count() == 1
    assert TokenDefinition.objects.get(slug="rb-recruit").printings.count() == 3
    assert import_file("riftbound", gallery).changes() == 0
    assert CardDefinition.objects.filter(game="riftbound").count() >= 700
    assert TokenRelation.objects.filter(token__slug="rb-recruit").count() >= 10
