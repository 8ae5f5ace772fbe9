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
    # No printed name for Treasure: its English name, with the labels in Russian.
    assert "Treasure Token" in text and "Жетон Артефакт — Treasure" in text
    assert "Предопределённый жетон, CR 111.10a" in text
    assert any("SourceSansPro" in font for font in _fonts(data)), _fonts(data)


def test_an_english_sheet_keeps_the_standard_fonts() -> None:
    data = _print("en")
    text = reader(data).pages[0].extract_text()
    assert "Dwarf Berserker Token" in text and "Predefined token, CR 111.10a" in text
    assert _fonts(data) <= {"/Helvetica", "/Helvetica-Bold", "/Helvetica-Oblique"}


def test_the_calibration_page_speaks_russian() -> None:
    response = Client(HTTP_ACCEPT_LANGUAGE="ru").get("/print/calibration/")
    assert response.status_code == 200
    assert "Калибровка принтера" in reader(response.content).pages[0].extract_text()
