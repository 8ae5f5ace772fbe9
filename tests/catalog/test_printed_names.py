"""Card and token names in the players' language: the importers keep the names printed
in other languages (Scryfall's printed_name of non-English printings, MTGJSON's foreignData), the
catalogue shows them to a reader of that language with the English name one tap away, and a
search finds a card by either name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from catalog import selectors
from catalog.importers import scryfall
from catalog.importers.formats import import_file
from catalog.models import CardDefinition, PrintedName, TokenDefinition


def _card(**fields: Any) -> dict[str, Any]:
    return {"object": "card", "layout": "normal", "lang": "en", "colors": [], **fields}


AXE = {
    "oracle_id": "5f4c1b7e-0000-4000-8000-00000000a0e1",
    "name": "Lightning Axe",
    "type_line": "Instant",
    "mana_cost": "{R}",
    "colors": ["R"],
    "oracle_text": "Lightning Axe deals 5 damage to target creature.",
}
GOBLIN = {
    "oracle_id": "5f4c1b7e-0000-4000-8000-00000000b0b1",
    "name": "Goblin",
    "layout": "token",
    "type_line": "Token Creature — Goblin",
    "colors": ["R"],
    "power": "1",
    "toughness": "1",
}
ALL_CARDS = [
    _card(id="5f4c1b7e-0000-4000-8000-0000000000a1", **AXE),
    _card(
        id="5f4c1b7e-0000-4000-8000-0000000000a2",
        **AXE,
        lang="ru",
        printed_name="Топор Молний",
        printed_type_line="Мгновенное заклинание",
        printed_text="Топор Молний наносит 5 повреждений целевому существу.",
    ),
    _card(id="5f4c1b7e-0000-4000-8000-0000000000b1", set="tm21", **GOBLIN),
    _card(
        id="5f4c1b7e-0000-4000-8000-0000000000b2",
        set="tm21",
        **GOBLIN,
        lang="ru",
        printed_name="Гоблин",
        printed_type_line="Фишка Существо — Гоблин",
    ),
    _card(id="5f4c1b7e-0000-4000-8000-0000000000c1", lang="de", printed_name="Blitzaxt", **AXE),
]


@pytest.fixture
def all_cards(tmp_path: Path) -> Path:
    path = tmp_path / "all-cards.json"
    path.write_text(json.dumps(ALL_CARDS, ensure_ascii=False), encoding="utf-8")
    return path


def test_scryfall_keeps_the_names_non_english_printings_print(all_cards: Path) -> None:
    parsed = scryfall.parse(all_cards)
    assert [c.face.name for c in parsed.cards] == ["Lightning Axe"]  # one card, English rules
    printed = {(p.kind, p.language, p.name) for p in parsed.printed}
    assert printed == {
        ("card", "ru", "Топор Молний"),
        ("token", "ru", "Гоблин"),
        ("card", "de", "Blitzaxt"),
    }


@pytest.mark.django_db
def test_importing_stores_them_once_per_language(all_cards: Path) -> None:
    first = import_file("scryfall", all_cards)
    assert first.counts["printed names"]["created"] == 3
    axe = CardDefinition.objects.get(name="Lightning Axe")
    ru = PrintedName.objects.get(card=axe, language="ru")
    assert (ru.name, ru.type_line) == ("Топор Молний", "Мгновенное заклинание")
    goblin = TokenDefinition.objects.get(printed__name="Гоблин")
    assert goblin.name == "Goblin Token"
    assert import_file("scryfall", all_cards).changes() == 0


@pytest.mark.django_db
def test_mtgjson_foreign_data_gives_russian_names(shared_data: Path) -> None:
    import_file("mtgjson", shared_data / "mtgjson_sample.json")
    axe = CardDefinition.objects.get(name="Lightning Axe")
    assert PrintedName.objects.get(card=axe, language="ru").name == "Топор Молний"
    assert PrintedName.objects.get(card=axe, language="ja").name
    assert import_file("mtgjson", shared_data / "mtgjson_sample.json").changes() == 0


@pytest.mark.django_db
def test_a_search_finds_a_card_by_its_russian_name(all_cards: Path) -> None:
    import_file("scryfall", all_cards)
    for query in ("Топор Молний", "топор", "name:молний", '!"топор молний"', "Lightning"):
        assert [c.name for c in selectors.card_list(q=query)] == ["Lightning Axe"], query
    assert [t.name for t in selectors.token_list(q="гоблин")] == ["Goblin Token"]
    assert not selectors.card_list(q="гоблин").exists()


@pytest.mark.django_db
def test_a_search_finds_a_card_by_a_latin_letter_printed_name(all_cards: Path) -> None:
    """German "Blitzaxt" is in no index of English names: on SQLite the full-text index must not
    narrow it away (it did), on PostgreSQL the same search finds it (tests run on both)."""
    from django.db import connection

    from catalog.search import vendor

    import_file("scryfall", all_cards)
    if connection.vendor == "sqlite":
        assert vendor.present(connection)  # the narrowing this test is about
    for query in (
        "Blitzaxt",
        "blitzaxt",
        "BLITZ",
        "name:blitzaxt",
        "blitzaxt c:r",
        "axt t:instant",
    ):
        assert [c.name for c in selectors.card_list(q=query)] == ["Lightning Axe"], query
    assert not selectors.card_list(q="blitzaxt t:creature").exists()
    # English names are still narrowed by the index (and found).
    assert [c.name for c in selectors.card_list(q="lightning axe")] == ["Lightning Axe"]


@pytest.mark.django_db
def test_a_russian_reader_sees_the_russian_name_and_the_english_one_a_tap_away(
    all_cards: Path,
) -> None:
    import_file("scryfall", all_cards)
    axe = CardDefinition.objects.get(name="Lightning Axe")
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru")
    page = russian.get(f"/catalog/cards/{axe.slug}/").content.decode()
    assert '<h1 lang="ru">Топор Молний' in page
    assert "Название на английском" in page and '<p lang="en">Lightning Axe</p>' in page
    assert "Мгновенное заклинание" in page
    found = russian.get("/catalog/", {"kind": "cards", "q": "топор"}).content.decode()
    assert "Топор Молний" in found and 'title="Lightning Axe"' in found
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get(f"/catalog/cards/{axe.slug}/")
    assert "Топор" not in english.content.decode()
