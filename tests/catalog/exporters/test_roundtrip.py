"""Export, then import into an empty catalogue: the same catalogue comes back."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from django.db import transaction

from catalog.exporters.cockatrice import export_tokens_xml
from catalog.exporters.native import export_catalogue
from catalog.importers.formats import import_file
from catalog.importers.records import ImportFailed
from catalog.models import (
    CardDefinition,
    ReferenceCard,
    ReferenceRelation,
    SourceKey,
    TokenDefinition,
    TokenPrinting,
    TokenRelation,
)
from catalog.seed import load_seed

# Entries kept whatever the sampling: a double-faced token and its back, Role pairs, a
# predefined token, trailing-space variants, emblems, a dungeon and a designation.
KEEP = (
    "Incubator Token",
    "Phyrexian Token ",
    "Monster // Sorcerer",
    "Wicked // Cursed",
    "Treasure Token",
    "Angel Token",
    "Angel Token ",
    "Angel Token  ",
    "Undercity",
    "The Monarch",
    "Basri Ket Emblem",
    "Adorned Pouncer (Token)",
)


@pytest.fixture(scope="module")
def sampled_cockatrice(shared_data: Path, tmp_path_factory) -> Path:
    """Every fourth entry of the real tokens.xml plus KEEP: the whole file takes 4x longer."""
    text = (shared_data / "cockatrice_tokens.xml").read_text(encoding="utf-8")
    text = re.sub(r"<!--.*?-->", "", text, flags=re.DOTALL)
    head, _, rest = text.partition("<cards>")
    body, _, tail = rest.rpartition("</cards>")
    entries = body.split("<card>")[1:]
    kept = [
        entry
        for index, entry in enumerate(entries)
        if index % 4 == 0 or entry.split("</name>")[0].split("<name>")[-1] in KEEP
    ]
    path: Path = tmp_path_factory.mktemp("cockatrice") / "tokens.xml"
    path.write_text(f"{head}<cards><card>{'<card>'.join(kept)}</cards>{tail}", encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def catalogue(django_db_setup, django_db_blocker, shared_data: Path, sampled_cockatrice: Path):
    """Seed + a quarter of the real Cockatrice file + the real Riftbound gallery."""
    with django_db_blocker.unblock(), transaction.atomic():
        load_seed()
        import_file("cockatrice", sampled_cockatrice)
        import_file("riftbound", shared_data / "riftbound_cards.json")
        yield
        transaction.set_rollback(True)


@pytest.fixture
def full(catalogue, db):
    return catalogue


def _empty_the_catalogue() -> None:
    models: list[Any] = [TokenRelation, ReferenceRelation, SourceKey, TokenPrinting]
    for model in [*models, TokenDefinition, CardDefinition, ReferenceCard]:
        model.objects.all().delete()
    assert not TokenDefinition.objects.exists()


def test_it_restores_the_same_catalogue_from_its_json_export(full, tmp_path):
    before = export_catalogue()
    assert len(before["tokens"]) >= 250
    assert any(token["back"] for token in before["tokens"])
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps(before), encoding="utf-8")
    _empty_the_catalogue()
    summary = import_file("tokensite", path)
    assert summary.counts["tokens"]["created"] == len(before["tokens"])
    assert export_catalogue() == before
    assert import_file("tokensite", path).changes() == 0


def _mtg_content() -> dict[str, Counter[Any]]:
    """What a Cockatrice file can carry, without slugs (an import chooses its own)."""

    def face(token: Any) -> tuple[Any, ...]:
        return (
            token.name,
            tuple(token.supertypes),
            tuple(token.types),
            tuple(token.subtypes),
            tuple(token.colors),
            token.power,
            token.toughness,
            token.text,
        )

    tokens = TokenDefinition.objects.filter(game="mtg").select_related("back")
    faces = {t.pk: (face(t), face(t.back) if hasattr(t, "back") else None) for t in tokens}
    return {
        "tokens": Counter(faces.values()),
        "printings": Counter(
            (faces[p.token_id], p.set_code, p.collector_number, str(p.scryfall_id), p.picture_url)
            for p in TokenPrinting.objects.filter(token__game="mtg")
        ),
        "relations": Counter(
            (r.card.name, faces[r.token_id], r.count, r.attach, r.exclude_from_create_all)
            for r in TokenRelation.objects.filter(token__game="mtg").select_related("card")
        ),
        "references": Counter(
            (r.kind, r.name, r.type_line, r.text) for r in ReferenceCard.objects.filter(game="mtg")
        ),
        "reference relations": Counter(
            (r.card.name, r.reference.name, r.count, r.exclude_from_create_all)
            for r in ReferenceRelation.objects.filter(reference__game="mtg").select_related(
                "card", "reference"
            )
        ),
    }


def test_it_gets_the_same_mtg_catalogue_back_from_its_cockatrice_export(full, tmp_path):
    before = _mtg_content()
    path = tmp_path / "tokens.xml"
    path.write_bytes(export_tokens_xml())
    _empty_the_catalogue()
    import_file("cockatrice", path)
    after = _mtg_content()
    for part in before:
        assert after[part] == before[part], part
    assert import_file("cockatrice", path).changes() == 0


def test_it_spells_a_token_named_like_a_card_the_cockatrice_way(full):
    """Cockatrice has one namespace for cards and tokens: the copy token is "X (Token)" there."""
    assert TokenDefinition.objects.filter(name="Adorned Pouncer").exists()
    assert CardDefinition.objects.filter(name="Adorned Pouncer").exists()
    xml = export_tokens_xml().decode()
    assert "<name>Adorned Pouncer (Token)</name>" in xml
    assert "<name>Adorned Pouncer</name>" not in xml


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b'{"format": "something-else", "version": 1}', "not a Tokensite export"),
        (b'{"format": "tokensite-catalogue", "version": 99}', "version 99"),
        (b'{"format": "tokensite-catalogue", "version": 1, "tokens": {}}', "field tokens"),
        (
            b'{"format": "tokensite-catalogue", "version": 1, "tokens": [{"id": "mtg-x", '
            b'"game": "mtg", "name": "X", "types": ["Artifact"], "power": "2", "toughness": "2"}]}',
            r"tokens\[0\] \(mtg-x\), field power",
        ),
        (
            b'{"format": "tokensite-catalogue", "version": 1, "tokens": [{"id": "mtg-y", '
            b'"game": "mtg", "name": "Y", "printings": "nope"}]}',
            r"tokens\[0\]: malformed record",
        ),
        (b"[]", "wrong JSON shape"),
    ],
    ids=["format", "version", "section", "field", "shape-inside", "list"],
)
def test_it_refuses_a_bad_export_and_writes_nothing(db, tmp_path, content, message):
    path = tmp_path / "catalogue.json"
    path.write_bytes(content)
    before = TokenDefinition.objects.count()
    with pytest.raises(ImportFailed, match=message):
        import_file("tokensite", path)
    assert TokenDefinition.objects.count() == before


def test_it_reports_two_cards_with_one_name_as_a_conflict(db, tmp_path):
    card = {"game": "mtg", "name": "Twice", "types": ["Instant"]}
    document = {
        "format": "tokensite-catalogue",
        "version": 1,
        "cards": [{**card, "id": "mtg-twice-1"}, {**card, "id": "mtg-twice-2"}],
    }
    path = tmp_path / "catalogue.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(ImportFailed, match="conflicts with the catalogue"):
        import_file("tokensite", path)
    assert not CardDefinition.objects.filter(name="Twice").exists()
