"""MTGJSON: the real sample (a bundle of a 2020 and a 2025 set file) and wrong shapes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from catalog.importers import mtgjson
from catalog.importers.formats import import_file
from catalog.importers.records import ImportFailed
from catalog.models import CardDefinition, ReferenceCard, TokenDefinition, TokenRelation


@pytest.fixture(scope="module")
def sample(shared_data: Path) -> Path:
    return shared_data / "mtgjson_sample.json"


def test_it_reads_tokens_with_creators_and_keeps_emblems_apart(sample):
    parsed = mtgjson.parse(sample)
    angel = next(r for r in parsed.tokens if r.key == "40c64f08-ab2f-4933-8e0e-d1a1c729008f")
    assert angel.front.name == "Angel Token"
    assert angel.front.types == ("Creature",)
    assert (angel.front.power, angel.front.toughness, angel.front.colors) == ("4", "4", ("W",))
    assert [link.creator for link in angel.links] == ["Angelic Ascension", "Speaker of the Heavens"]
    assert angel.printings[0].scryfall_id == "9e12d954-3ec2-46e3-b01f-1fd63159e8a4"
    assert {r.name for r in parsed.references} == {
        "Basri Ket Emblem",
        "Garruk, Unleashed Emblem",
        "Liliana, Waker of the Dead Emblem",
    }
    assert not any("Emblem" in r.front.name for r in parsed.tokens)
    assert {card.face.name for card in parsed.cards} >= {"Jace, Mirror Mage", "Lightning Axe"}


def test_it_reads_a_single_set_file(tmp_path, sample):
    bundle = json.loads(sample.read_text(encoding="utf-8"))
    path = tmp_path / "ZNR.json"
    path.write_text(json.dumps(bundle["m21_set_fixture"]), encoding="utf-8")
    parsed = mtgjson.parse(path)
    assert len(parsed.tokens) + len(parsed.references) == 20


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"[]", "not a list"),
        (b'{"meta": {}, "data": {"name": "no cards"}}', "wrong JSON shape"),
        (b'{"data": {"code": "X", "cards": [], "tokens": {}}}', "field tokens"),
        (b'{"data": {"code": "X", "tokens": [{"name": "T", "colors": "W"}]}}', "field colors"),
        (b'{"data": ', "not valid JSON"),
    ],
    ids=["list", "shape", "tokens-not-list", "bad-field", "truncated"],
)
def test_it_refuses_wrong_shapes_with_a_clear_error(tmp_path, content, message):
    path = tmp_path / "set.json"
    path.write_bytes(content)
    with pytest.raises(ImportFailed, match=message):
        mtgjson.parse(path)


@pytest.mark.django_db
def test_it_imports_idempotently(sample):
    first = import_file("mtgjson", sample)
    assert first.counts["tokens"]["created"] >= 15
    assert import_file("mtgjson", sample).changes() == 0
    assert ReferenceCard.objects.filter(kind="emblem").count() == 3
    assert not TokenDefinition.objects.filter(name__contains="Emblem").exists()
    assert TokenRelation.objects.filter(card__name="Speaker of the Heavens").count() == 1
    assert CardDefinition.objects.get(name="Lightning Axe").oracle_id


def test_it_streams_allprintings_one_set_at_a_time(tmp_path, sample):
    bundle = json.loads(sample.read_text(encoding="utf-8"))
    sets = {
        entry["data"]["code"]: entry["data"]
        for entry in (bundle["m21_set_fixture"], bundle["tsp_set_trimmed"])
    }
    path = tmp_path / "AllPrintings.json"
    path.write_text(json.dumps({"meta": {"version": "5"}, "data": sets}), encoding="utf-8")
    seen = []
    parsed = mtgjson.stream(path, lambda done, total: seen.append((done, total)))
    assert not parsed.cards  # nothing is read before the writer asks
    parsed.read_all()
    assert {card.face.name for card in parsed.cards} >= {"Lightning Axe"}
    assert len(parsed.tokens) + len(parsed.references) >= 20
    assert seen and seen[-1][0] == seen[-1][1] == path.stat().st_size
