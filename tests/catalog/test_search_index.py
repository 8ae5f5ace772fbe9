"""The card search index (SQLite FTS5 trigram / PostgreSQL pg_trgm): kept in step with writes,
put back by its migration step after a table rebuild, and never changing what a search finds."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from catalog import selectors, services
from catalog.models import CardDefinition
from catalog.search import rank, suggest, vendor

pytestmark = pytest.mark.usefixtures("seeded")

QUERIES = [
    "goblin",
    "GOBLIN",
    "mob boss",
    "t:goblin",
    "t:legendary -t:goblin",
    'o:"create a"',
    "o:treasure or t:elf",
    "-o:token",
    "ré",  # shorter than a trigram: unindexed
    "Dö",
    'name:"krenko, mob"',
]


def _slugs(q: str) -> list[str]:
    return list(selectors.card_list(q=q).values_list("slug", flat=True))


def test_indexed_searches_find_exactly_what_the_scans_find(settings: Any) -> None:
    services.card_create(slug="mtg-test-dos", game="mtg", name="Dösseldorf Réunion")
    settings.SEARCH_USE_FTS = False
    scans = {q: _slugs(q) for q in QUERIES}
    settings.SEARCH_USE_FTS = True
    assert {q: _slugs(q) for q in QUERIES} == scans
    assert scans["mob boss"] and scans["t:goblin"] and scans['o:"create a"']


def test_the_index_follows_inserts_renames_bulk_writes_and_deletes() -> None:
    card = services.card_create(slug="mtg-test-zq", game="mtg", name="Zqxwv Herald")
    assert _slugs("zqxwv") == ["mtg-test-zq"]
    services.card_update(card=card, name="Vwxqz Herald")
    assert _slugs("zqxwv") == [] and _slugs("vwxqz") == ["mtg-test-zq"]
    CardDefinition.objects.bulk_create(
        [CardDefinition(slug=f"mtg-test-b{n}", game_id="mtg", name=f"Bulkq {n}") for n in range(3)]
    )
    assert len(_slugs("bulkq")) == 3
    CardDefinition.objects.filter(name__startswith="Bulkq").delete()
    card.delete()
    assert _slugs("bulkq") == [] and _slugs("vwxqz") == []


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite triggers")
def test_triggers_a_table_rebuild_dropped_are_put_back_and_the_index_rebuilt() -> None:
    with connection.cursor() as cursor:
        cursor.execute(f"DROP TRIGGER {vendor.FTS}_insert")
    services.card_create(slug="mtg-test-lost", game="mtg", name="Lostwrite Oracle")
    assert _slugs("lostwrite") == []  # written while the trigger was missing
    vendor.create(connection)  # the migration step a table rebuild ends with
    assert _slugs("lostwrite") == ["mtg-test-lost"]
    vendor.create(connection)  # idempotent
    assert _slugs("lostwrite") == ["mtg-test-lost"]


def test_misspelled_names_get_close_suggestions() -> None:
    found = suggest.card_suggestions(["Krenko Mobb Boss", "Smotherin Tithe", "zzzzzzqqq"], "mtg")
    assert found == {
        "Krenko Mobb Boss": ("Krenko, Mob Boss",),
        "Smotherin Tithe": ("Smothering Tithe",),
        "zzzzzzqqq": (),
    }
    assert "Treasure Token" in suggest.did_you_mean("Treasur Token", "mtg")


@pytest.mark.parametrize(
    "q",
    [
        'o:"***"',
        'name:"a""b"',
        "abc\x00def",
        "ñññ",
        "'''",
        "NEAR(abc)",
        "abc*",
        "{name}:x",
        't:"a""b"',
        "c:r o:ñññ",
        "o:NEAR(abc)",
        "t:abc*",
    ],
)
def test_full_text_syntax_in_a_search_is_only_text(q: str, client, settings: Any) -> None:
    rank.assign(connection)  # so t:, o: and c: searches go through the ranked index
    response = client.get("/api/v1/cards/", {"q": q})
    assert response.status_code in (200, 400)
    settings.SEARCH_USE_FTS = False
    unindexed = client.get("/api/v1/cards/", {"q": q})
    assert response.json() == unindexed.json()


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL indexes")
def test_a_missing_postgres_index_is_created_again() -> None:
    with connection.cursor() as cursor:
        # the seed's deferred foreign-key checks would forbid an index in this transaction
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
        cursor.execute(f"DROP INDEX {vendor.NON_ASCII_INDEX}")
    vendor.create(connection)  # the migration step
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_indexes WHERE indexname = ANY(%s)",
            [vendor.POSTGRES_INDEXES],
        )
        assert cursor.fetchone()[0] == len(vendor.POSTGRES_INDEXES)
    vendor.create(connection)  # idempotent
    assert "mtg-krenko-mob-boss" in _slugs("krenko")
