"""The shared write path, exercised with the real Cockatrice file on top of the seed catalogue."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.db import transaction

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


def _snapshot() -> dict[str, int]:
    return {
        model.__name__: model.objects.count()
        for model in (
            TokenDefinition,
            TokenPrinting,
            CardDefinition,
            TokenRelation,
            ReferenceCard,
            ReferenceRelation,
            SourceKey,
        )
    }


@pytest.fixture(scope="module")
def imported(django_db_setup, django_db_blocker, cockatrice_file: Path):
    """Seed + one Cockatrice import for the whole module, rolled back afterwards."""
    with django_db_blocker.unblock(), transaction.atomic():
        load_seed()
        summary = import_file("cockatrice", cockatrice_file)
        yield summary
        transaction.set_rollback(True)


@pytest.fixture
def catalogue(imported, db):
    return imported


def test_it_imports_at_least_830_tokens_and_5000_creator_relations(catalogue):
    assert TokenDefinition.objects.filter(game="mtg").count() >= 830
    assert TokenRelation.objects.count() + ReferenceRelation.objects.count() >= 5000
    assert catalogue.total("relations") >= 5000


def test_it_never_imports_emblems_dungeons_or_designations_as_tokens(catalogue):
    assert not TokenDefinition.objects.filter(name__endswith="Emblem").exists()
    assert not TokenDefinition.objects.filter(name__in=["The Monarch", "Day", "Undercity"]).exists()
    assert ReferenceCard.objects.get(name="The Monarch").kind == "designation"
    assert ReferenceCard.objects.filter(kind="emblem").count() == 90
    assert catalogue.references_by_kind["dungeon"] == 5


def test_it_matches_the_predefined_seed_tokens_instead_of_duplicating_them(catalogue):
    treasures = TokenDefinition.objects.filter(game="mtg", name="Treasure Token")
    assert [token.slug for token in treasures] == ["mtg-treasure"]
    assert TokenPrinting.objects.filter(token__slug="mtg-treasure").count() >= 10
    assert TokenRelation.objects.filter(token__slug="mtg-treasure").count() >= 100
    monster = TokenDefinition.objects.filter(name="Monster")
    assert [token.slug for token in monster] == ["mtg-monster-role"]
    incubator = TokenDefinition.objects.get(slug="mtg-incubator")
    assert TokenDefinition.objects.filter(name="Incubator Token").count() == 1
    assert incubator.back.name == "Phyrexian Token"


def test_it_gives_trailing_space_variants_distinct_slugs_that_stay_put(catalogue):
    keys = SourceKey.objects.filter(source="cockatrice", key__regex=r"^Angel Token *$")
    slugs = {key.key: key.token_id for key in keys}
    assert len(slugs) >= 3
    assert len(set(slugs.values())) == len(slugs)


def test_it_shares_a_role_pair_printing_between_its_two_tokens(catalogue):
    monster = TokenPrinting.objects.get(token__slug="mtg-monster-role", collector_number="15")
    sorcerer = TokenPrinting.objects.get(token__slug="mtg-sorcerer-role", collector_number="15")
    assert monster.set_code == sorcerer.set_code == "WOE"
    assert str(monster.scryfall_id) == "6b8a810b-8538-41c3-a792-dbd1a1845faa"
    assert sorcerer.picture_url == monster.picture_url


def test_it_links_existing_cards_by_name_and_creates_missing_ones_incomplete(catalogue):
    tithe = CardDefinition.objects.get(name="Smothering Tithe")
    assert not tithe.incomplete
    assert TokenRelation.objects.filter(card=tithe, token__slug="mtg-treasure").exists()
    pouncer = CardDefinition.objects.get(name="Adorned Pouncer")
    assert pouncer.incomplete
    assert CardDefinition.objects.filter(name__iexact="Adorned Pouncer").count() == 1


def test_it_leaves_the_seed_relations_as_the_seed_wrote_them(catalogue, cockatrice_file):
    """Roles are created attached (the file says nothing of it) and a doubler's own count
    excludes the doubling: importing the file used to rewrite them, load_catalog back again."""
    relation = TokenRelation.objects.get(
        card__slug="mtg-monstrous-rage", token__slug="mtg-monster-role"
    )
    assert relation.attach
    soldier = TokenRelation.objects.get(
        card__slug="mtg-elspeth-storm-slayer", token__slug="mtg-soldier-1-1-w"
    )
    assert soldier.count == "1"
    assert load_seed()["relations updated"] == 0
    assert import_file("cockatrice", cockatrice_file).changes() == 0


def test_it_keeps_counts_and_flags_on_relations(catalogue):
    assert TokenRelation.objects.filter(count="x=3").exists()
    assert TokenRelation.objects.filter(attach=True).exists()
    assert TokenRelation.objects.filter(exclude_from_create_all=True).exists()


def test_it_changes_nothing_when_the_same_file_is_imported_again(catalogue, cockatrice_file):
    before = _snapshot()
    again = import_file("cockatrice", cockatrice_file)
    assert again.changes() == 0
    assert again.counts["tokens"]["unchanged"] == catalogue.total("tokens")
    assert _snapshot() == before


def test_it_puts_a_curator_edit_back_on_reimport_without_a_new_slug(catalogue, cockatrice_file):
    key = SourceKey.objects.get(source="cockatrice", key="Adorned Pouncer (Token)")
    assert key.token_id is not None
    TokenDefinition.objects.filter(pk=key.token_id).update(text="edited")
    again = import_file("cockatrice", cockatrice_file)
    assert again.counts["tokens"]["updated"] == 1
    token = TokenDefinition.objects.get(pk=key.token_id)
    assert token.text == "Double strike"


def test_it_writes_nothing_on_an_error_after_many_records(catalogue, cockatrice_file, tmp_path):
    text = cockatrice_file.read_text(encoding="utf-8")
    bad = (
        "<card><name>Broken Clue</name><prop><type>Token Artifact — Clue</type><pt>1/1</pt>"
        "</prop><token>1</token></card>\n    </cards>"
    )
    path = tmp_path / "broken.xml"
    path.write_text(text.replace("</cards>", bad), encoding="utf-8")
    TokenDefinition.objects.filter(slug__startswith="mtg-adorned").delete()
    before = _snapshot()
    with pytest.raises(ImportFailed) as error:
        import_file("cockatrice", path)
    assert "Broken Clue" in str(error.value)
    assert error.value.field == "power"
    assert _snapshot() == before


def test_it_writes_nothing_on_a_dry_run_but_reports_what_it_would_do(catalogue, cockatrice_file):
    TokenDefinition.objects.filter(slug__startswith="mtg-adorned").delete()
    before = _snapshot()
    summary = import_file("cockatrice", cockatrice_file, dry_run=True)
    assert summary.dry_run
    assert summary.counts["tokens"]["created"] == 1
    assert _snapshot() == before


def test_it_links_scryfall_cards_to_tokens_already_imported_and_never_undoes_them(
    catalogue, shared_data, cockatrice_file
):
    scryfall = import_file("scryfall", shared_data / "scryfall_sample.json")
    assert "token printing not in the catalogue" not in scryfall.skipped
    # Thallid's all_parts names the Saproling printing f38381fd, which tokens.xml brought in.
    saproling = TokenPrinting.objects.get(scryfall_id="f38381fd-e368-46b2-94e9-89c9b182435d").token
    assert TokenRelation.objects.filter(card__name="Thallid", token=saproling).exists()
    assert CardDefinition.objects.get(name="Thallid").oracle_id
    assert import_file("cockatrice", cockatrice_file).changes() == 0
    assert import_file("scryfall", shared_data / "scryfall_sample.json").changes() == 0
