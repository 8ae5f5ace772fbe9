"""The print-shop export (one 300 dpi PNG per card with a 1/8 inch bleed, and counts.csv) and the
symbol font in the PDF (glyphs, never braces)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import zipfile
from typing import Any

import pytest
from django.test import Client
from PIL import Image

from catalog.printing import symbols
from catalog.printing.faces import card_faces
from catalog.printing.layout import PrintOptions, sheet_layout
from catalog.printing.pdf import render_sheets
from catalog.printing.sheets import paginate
from tests.catalog.printing.payloads import goblin, incubator, token
from tests.catalog.printing.pdfprobe import reader

# 63 x 88 mm plus 3.175 mm on each side, at 300 dots per inch.
CARD_PX = (round((63 + 6.35) / 25.4 * 300), round((88 + 6.35) / 25.4 * 300))


def _post(client: Client, body: Any) -> Any:
    return client.post("/api/v1/print/", json.dumps(body), content_type="application/json")


@pytest.mark.usefixtures("few_tokens")
def test_the_print_shop_zip_has_one_300_dpi_image_per_card_with_bleed(client: Client) -> None:
    items = [
        {"token": "mtg-treasure", "count": 4},
        {"token": "mtg-dwarf-berserker-2-1-r", "count": 2},
    ]
    response = _post(client, {"items": items, "format": "print-shop"})
    assert response.status_code == 200 and response["Content-Type"] == "application/zip"
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    pngs = sorted(n for n in archive.namelist() if n.endswith(".png"))
    assert pngs == ["01-treasure-token.png", "02-dwarf-berserker-token.png"]
    rows = list(csv.DictReader(io.StringIO(archive.read("counts.csv").decode())))
    assert [(r["file"], r["count"], r["token"]) for r in rows] == [
        ("01-treasure-token.png", "4", "mtg-treasure"),
        ("02-dwarf-berserker-token.png", "2", "mtg-dwarf-berserker-2-1-r"),
    ]
    for name in pngs:
        with Image.open(io.BytesIO(archive.read(name))) as image:
            assert image.size == CARD_PX == (819, 1114)
            assert [round(v) for v in image.info["dpi"]] == [300, 300]
            # The bleed is the card's edge colour carried to every edge of the image.
            rgb = image.convert("RGB")
            edge = rgb.getpixel((image.width // 2, 38 + 5))  # inside the card, on its frame
            for corner in [(0, 0), (image.width - 1, 0), (0, image.height - 1), (818, 1113)]:
                assert rgb.getpixel(corner) == edge


def test_a_double_faced_token_has_its_back_in_the_zip(db: None) -> None:
    from catalog.printing.jobs import JobItem, PrintJob
    from catalog.printing.printshop import print_shop_zip

    payload = incubator()
    layout = sheet_layout(PrintOptions())
    job = PrintJob((JobItem("mtg-incubator", 3, payload),), layout, ())
    archive = zipfile.ZipFile(io.BytesIO(print_shop_zip(job)))
    assert sorted(archive.namelist()) == [
        "01-incubator-token-back.png",
        "01-incubator-token.png",
        "counts.csv",
    ]
    assert "01-incubator-token-back.png" in archive.read("counts.csv").decode()


@pytest.mark.skipif(not symbols.available(), reason="the symbol font is not installed")
def test_symbols_print_as_glyphs_of_the_symbol_font(tmp_path: Any) -> None:
    text = "{T}, Sacrifice this token: Add {R}{G}. {2}{U}, {Q}: Draw a card. {X}{W/U}"
    layout = sheet_layout(PrintOptions())
    pages = paginate([card_faces(p) for p in (token(text=text), goblin())], layout)
    data = render_sheets(pages, layout)
    extracted = reader(data).pages[0].extract_text()
    assert "Sacrifice this token" in extracted
    assert "{" not in extracted and "}" not in extracted
    path = tmp_path / "sheet.pdf"
    path.write_bytes(data)
    listing = subprocess.run(["pdffonts", str(path)], capture_output=True, text=True).stdout
    assert "+Mana" in listing and "yes yes" in listing.split("+Mana", 1)[1]  # embedded, subset


def test_symbols_keep_their_braces_without_the_font(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(symbols, "available", lambda: False)
    face, _ = card_faces(token())
    assert face.text.startswith("{T}, Sacrifice") and not face.symbols


@pytest.mark.skipif(not symbols.available(), reason="the symbol font is not installed")
def test_the_glyphs_come_from_the_packages_stylesheet() -> None:
    css = (symbols.package_dir() / "css" / "mana.css").read_text()
    for code, css_class in (("T", "tap"), ("Q", "untap"), ("W", "w"), ("2", "2"), ("X", "x")):
        glyph = symbols.glyphs_for(code)
        assert glyph is not None
        assert f'.ms-{css_class}::before {{\n  content: "\\{ord(glyph):x}"' in css
    white, blue = symbols.glyphs_for("W"), symbols.glyphs_for("U")
    assert white and blue and symbols.glyphs_for("W/U") == white + blue
    assert symbols.glyphs_for("NOPE") is None
