"""Proxy sheets in the reader's language: the names, type lines and text printed in
Russian where the catalogue has them, the labels translated, in a font that has Cyrillic
(Source Sans Pro from PyPI, embedded); English sheets keep the standard fonts."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from catalog.models import PrintedName, TokenDefinition
from tests.catalog.printing.pdfprobe import reader

pytestmark = pytest.mark.usefixtures("few_tokens")


def _print(language: str) -> bytes:
    body = {
        "items": [
            {"token": "mtg-treasure", "count": 1},
            {"token": "mtg-dwarf-berserker-2-1-r", "count": 2},
        ]
    }
    response = Client(HTTP_ACCEPT_LANGUAGE=language).post(
        "/api/v1/print/", json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 200
    return response.content


def _fonts(data: bytes) -> set[str]:
    """The base fonts the first page uses, its card forms included."""
    page: Any = reader(data).pages[0]
    found = set()
    for form in (page["/Resources"].get("/XObject") or {}).values():
        for font in (form.get_object()["/Resources"].get("/Font") or {}).values():
            found.add(str(font.get_object()["/BaseFont"]))
    for font in (page["/Resources"].get("/Font") or {}).values():
        found.add(str(font.get_object()["/BaseFont"]))
    return found


def test_a_russian_sheet_prints_russian_names_and_labels_in_a_cyrillic_font() -> None:
    dwarf = TokenDefinition.objects.get(slug="mtg-dwarf-berserker-2-1-r")
    PrintedName.objects.create(
        token=dwarf, language="ru", name="Дворф Берсерк", type_line="Фишка Существо — Дворф Берсерк"
    )
    data = _print("ru")
    text = reader(data).pages[0].extract_text()
    assert "Дворф Берсерк" in text and "Фишка Существо — Дворф Берсерк" in text
    # No printed name for Treasure: its English name, its type line in Russian words.
    assert "Treasure Token" in text and "Фишка Артефакт — Сокровище" in text
    assert "Предопределённая фишка, CR 111.10a" in text
    assert any("SourceSansPro" in font for font in _fonts(data)), _fonts(data)


def test_an_english_sheet_keeps_the_standard_fonts() -> None:
    data = _print("en")
    text = reader(data).pages[0].extract_text()
    assert "Dwarf Berserker Token" in text and "Predefined token, CR 111.10a" in text
    # The standard fonts, and the symbol font for {T} and mana (never a Unicode text font).
    standard = {"/Helvetica", "/Helvetica-Bold", "/Helvetica-Oblique"}
    assert {f for f in _fonts(data) if not f.endswith("+Mana")} <= standard


def test_the_calibration_page_speaks_russian() -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE="ru").get("/print/calibration/")
    assert response.status_code == 200
    assert "Калибровка принтера" in reader(response.content).pages[0].extract_text()


def test_a_russian_sheet_says_token_one_way_with_its_grammar_from_the_catalogue() -> None:
    TokenDefinition.objects.create(
        slug="mtg-legendary-goblin",
        game_id="mtg",
        name="Goblin Token",
        supertypes=["Legendary"],
        types=["Creature"],
        subtypes=["Goblin", "Warrior"],
        colors=["R"],
        keywords=["Haste"],
        power="2",
        toughness="2",
    )
    body = {"items": [{"token": "mtg-legendary-goblin"}, {"token": "mtg-dwarf-berserker-2-1-r"}]}
    response = Client(HTTP_ACCEPT_LANGUAGE="ru").post(
        "/api/v1/print/", json.dumps(body), content_type="application/json"
    )
    text = reader(response.content).pages[0].extract_text()
    # The supertype agrees with the word for token (feminine "Фишка"), the order is the
    # catalogue's template, the subtypes, the name and the keyword are translated.
    assert "Легендарная Фишка Существо — Гоблин Воин" in text
    assert "Фишка Существо — Дварф Берсерк" in text
    assert "Гоблин Воин" in text.split("Легендарная")[0]  # the name, above the type line
    assert "Ускорение" in text
    assert "жетон" not in text.lower() and "Token" not in text


def test_a_line_of_keywords_prints_once_in_the_readers_language() -> None:
    from django.utils import translation

    from catalog.printing.faces import card_faces

    payload = {
        "game": "mtg",
        "name": "Goblin",
        "text": "Flying, haste",
        "keywords": ["Flying", "Haste"],
    }
    with translation.override("ru"):
        front, _ = card_faces(payload)
    assert front.text == "Полёт, Ускорение", front.text
    with translation.override("en"):
        front, _ = card_faces(payload)
    assert front.text == "Flying, haste"


def test_the_catalogue_tile_says_the_type_line_as_the_sheet_does() -> None:
    TokenDefinition.objects.create(
        slug="mtg-legendary-goblin",
        game_id="mtg",
        name="Goblin Token",
        supertypes=["Legendary"],
        types=["Creature"],
        subtypes=["Goblin", "Warrior"],
    )
    russian = Client(HTTP_ACCEPT_LANGUAGE="ru").get("/catalog/tokens/mtg-legendary-goblin/")
    assert "Легендарная Фишка Существо — Гоблин Воин" in russian.content.decode()
    english = Client(HTTP_ACCEPT_LANGUAGE="en").get("/catalog/tokens/mtg-legendary-goblin/")
    assert "Legendary Token Creature — Goblin Warrior" in english.content.decode()
