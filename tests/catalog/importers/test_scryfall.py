"""Scryfall JSON: the real sample (a bundle of card lists), streamed list files, hostile input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from catalog.importers import jsonstream, scryfall
from catalog.importers.formats import import_file
from catalog.importers.records import ImportFailed
from catalog.models import (
    CardDefinition,
    ReferenceCard,
    ReferenceRelation,
    TokenDefinition,
    TokenRelation,
)


@pytest.fixture(scope="module")
def sample(shared_data: Path) -> Path:
    return shared_data / "scryfall_sample.json"


@pytest.fixture(scope="module")
def cards(sample: Path) -> list[dict[str, Any]]:
    bundle = json.loads(sample.read_text(encoding="utf-8"))
    cards: list[dict[str, Any]] = bundle["scryfall_api_types_fixtures"] + bundle["mtg_ssm_subset"]
    return cards


def test_it_reads_tokens_cards_and_keeps_emblems_and_helpers_apart(sample):
    parsed = scryfall.parse(sample)
    names = {record.front.name for record in parsed.tokens}
    assert {"Angel Token", "Goblin Token", "Vizier of Many Faces"} <= names
    kinds = {record.name: record.kind for record in parsed.references}
    assert kinds["Chandra, Torch of Defiance Emblem"] == "emblem"
    assert kinds["The Monarch"] == "designation"
    assert kinds["Ability Punchcard"] == "helper"
    assert not any(name.startswith(("The Monarch", "Chandra")) for name in names)
    assert {card.face.name for card in parsed.cards} >= {"Thallid", "Hero of Bladehold"}


def test_it_splits_a_non_transforming_double_faced_token_into_two_sharing_a_printing(sample):
    parsed = scryfall.parse(sample)
    pair = [r for r in parsed.tokens if r.key.startswith("a5108f4b-f2ee-41ba-b5e4-29f942b478b3#")]
    assert len(pair) == 2
    assert all(record.back is None for record in pair)
    assert pair[0].printings == pair[1].printings


def test_it_merges_a_token_repeated_once_per_printing(sample):
    parsed = scryfall.parse(sample)
    goblins = [r for r in parsed.tokens if r.key == "4465eff4-5851-4721-a248-866c686c2ab8"]
    assert len(goblins) == 1
    assert {p.set_code for p in goblins[0].printings} == {"P03", "SLD"}


@pytest.mark.parametrize("chunk", [7, 64, 4096])
def test_it_streams_a_bulk_list_file(tmp_path, cards, monkeypatch, chunk):
    monkeypatch.setattr(jsonstream, "CHUNK", chunk)  # refills inside strings and escapes
    path = tmp_path / "bulk.json"
    path.write_text(json.dumps(cards, indent=1), encoding="utf-8")
    assert [index for index, _ in jsonstream.iter_array(path)] == list(range(len(cards)))
    parsed = scryfall.parse(path)
    assert len(parsed.cards) == 8
    assert parsed.cards[0].location.startswith("index ")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "empty"),
        (b"   \n", "blank"),
        (b"\x89PNG garbage" * 100, "not JSON"),
        (b'[{"object": "card", "name": "A"}, {"object": ', "index 1"),
        (b'[{"object": "set", "name": "Alpha"}]', "index 0.*Scryfall card object"),
        (b'{"cards": "nope"}', "wrong JSON shape"),
        (
            b'[{"object": "card", "layout": "token", "oracle_id": "o", "name": "X", '
            b'"type_line": "Token Creature", "colors": "Q"}]',
            "index 0 \\(X\\), field colors",
        ),
    ],
    ids=["empty", "blank", "garbage", "truncated", "not-a-card", "shape", "field"],
)
def test_it_refuses_malformed_files_with_a_clear_error(tmp_path, content, message):
    path = tmp_path / "cards.json"
    path.write_bytes(content)
    with pytest.raises(ImportFailed, match=message):
        scryfall.parse(path)


def test_it_names_the_element_where_a_separator_is_missing(tmp_path):
    path = tmp_path / "cards.json"
    path.write_bytes(b'[{"object": "card"}, {"object": "card"} {"object": "card"}]')
    with pytest.raises(ImportFailed, match=r"index 2.*I expect ','"):
        list(jsonstream.iter_array(path))


@pytest.mark.django_db
def test_it_imports_idempotently_and_links_creators_by_name(sample):
    summary = import_file("scryfall", sample)
    assert summary.changes() > 0
    assert import_file("scryfall", sample).changes() == 0
    assert TokenDefinition.objects.filter(name="Vizier of Many Faces").count() == 1
    assert ReferenceCard.objects.get(name="The Monarch").kind == "designation"
    thallid = CardDefinition.objects.get(name="Thallid")
    assert thallid.oracle_id == "46abaabe-7015-4d82-a5aa-2706b1f51bed"
    assert not thallid.incomplete
    angel = TokenRelation.objects.filter(card__name="Resplendent Angel", token__name="Angel Token")
    assert angel.count() == 1
    assert CardDefinition.objects.get(name="Resplendent Angel").incomplete


@pytest.mark.django_db
def test_it_links_a_card_to_the_emblem_its_all_parts_names(tmp_path, cards):
    emblem = next(card for card in cards if card.get("layout") == "emblem")
    walker = {
        "object": "card",
        "id": "00000000-0000-4000-8000-000000000001",
        "oracle_id": "00000000-0000-4000-8000-000000000002",
        "name": "Test Walker",
        "layout": "normal",
        "type_line": "Legendary Planeswalker — Chandra",
        "colors": ["R"],
        "all_parts": [
            {"component": "token", "id": emblem["id"], "name": emblem["name"]},
        ],
    }
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([walker, {**emblem, "all_parts": []}]), encoding="utf-8")
    import_file("scryfall", path)
    relation = ReferenceRelation.objects.get(card__name="Test Walker")
    assert relation.reference.kind == "emblem"
    assert import_file("scryfall", path).changes() == 0


@pytest.mark.django_db
def test_it_shows_imported_art_hot_linked_with_its_artist_and_copyright(sample, client):
    import_file("scryfall", sample)
    goblin = TokenDefinition.objects.get(source_keys__key="4465eff4-5851-4721-a248-866c686c2ab8")
    body = client.get(f"/api/v1/tokens/{goblin.slug}/").json()
    assert body["images"]["art_crop"].startswith("https://")
    assert "art_crop" in body["images"]["art_crop"] and body["artist"]
    page = client.get(f"/catalog/tokens/{goblin.slug}/").content.decode()
    assert f'<img src="{body["images"]["art_crop"]}"' in page
    assert f"Illustrated by {body['artist']}" in page and "Wizards of the Coast" in page
    thallid = client.get("/api/v1/cards/", {"q": '!"Thallid"'}).json()["results"][0]
    assert thallid["images"]["normal"].startswith("https://") and thallid["artist"]
    listing = client.get("/catalog/", {"kind": "cards", "q": "thallid"}).content.decode()
    assert thallid["images"]["art_crop"] in listing


def test_it_streams_list_objects_single_cards_and_files_with_a_bom(tmp_path, cards):
    listing = tmp_path / "search.json"
    listing.write_text(json.dumps({"object": "list", "has_more": False, "data": cards}))
    assert len(scryfall.parse(listing).cards) == 8
    card = next(c for c in cards if c.get("layout") == "normal" and c.get("all_parts"))
    single = tmp_path / "card.json"
    single.write_text(json.dumps(card))
    assert [r.face.name for r in scryfall.parse(single).cards] == [card["name"]]
    bom = tmp_path / "bom.json"
    bom.write_bytes(b"\xef\xbb\xbf" + json.dumps(cards).encode())
    assert len(scryfall.parse(bom).cards) == 8
    broken = tmp_path / "latin1.json"
    broken.write_bytes(b'[{"object": "card", "name": "Caf\xe9"}]')
    with pytest.raises(ImportFailed, match="UTF-8"):
        scryfall.parse(broken)
