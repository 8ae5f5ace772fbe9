"""Proxies worth printing, through the pages in real Chromium, read back from the files made:
imported tokens print their pictures (the printing the player chose), mana symbols are glyphs of
the embedded symbol font, every card's bleed reaches the cut line plus the bleed on four edges
with cut marks on four sides, the print-shop zip holds one 300 dpi image with bleed per card, a
Russian sheet says "фишка" one way, and decks tell same-named tokens apart and read a Riftbound
deck code.

The pictures come from a local server named in ART_FETCH_HOSTS; the files are read with Poppler's
command-line tools (pdfimages, pdffonts, pdftotext, pdftoppm), as a user would check them.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
import subprocess
import threading
import uuid
import zipfile
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from PIL import Image
from playwright.sync_api import Browser, BrowserContext, Page, expect

from catalog import set_symbols
from catalog.importers.formats import import_file
from catalog.models import TokenDefinition
from catalog.printing import artfetch, symbols
from catalog.printing.layout import PrintOptions, sheet_layout
from tests.e2e.sessions import signed_in

TIMEOUT = 15_000
CHOSEN = (30, 160, 40)  # the colour of the picture of the printing the player chooses


def _colour(path: str) -> tuple[int, int, int]:
    if "goblin-b" in path:
        return CHOSEN
    digest = hashlib.sha256(path.encode()).digest()
    return (digest[0] // 2 + 100, digest[1] // 2 + 20, digest[2] // 2 + 100)


class _Pictures(BaseHTTPRequestHandler):
    """Any path is a JPEG of a colour of its own, as a card picture host would answer."""

    hits: list[str] = []

    def do_GET(self) -> None:
        self.hits.append(self.path)
        buffer = io.BytesIO()
        Image.new("RGB", (626, 457), _colour(self.path)).save(buffer, "JPEG", quality=95)
        body = buffer.getvalue()
        self.send_response(200)
        self.send_header("Content-Type", "image/jpeg")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: Any) -> None:
        pass


def _token(host: str, key: str, name: str, type_line: str, set_code: str, **more: Any) -> Any:
    return {
        "object": "card",
        "id": str(uuid.uuid5(uuid.NAMESPACE_URL, key)),
        "oracle_id": str(uuid.uuid5(uuid.NAMESPACE_URL, name)),  # one per token, as Scryfall
        "layout": "token",
        "name": name,
        "type_line": type_line,
        "set": set_code,
        "collector_number": str(len(set_code) + len(name)),
        "artist": f"Artist {key}",
        "image_uris": {"normal": f"{host}/{key}.jpg", "art_crop": f"{host}/{key}-art.jpg"},
        **more,
    }


def _scryfall_file(host: str, folder: Path) -> Path:
    """Scryfall token objects as the bulk file has them: two printings of one Goblin, a Treasure
    whose text has symbols, a white Spirit and a legendary Goblin Warrior."""
    goblin = {"colors": ["R"], "power": "1", "toughness": "1", "oracle_text": ""}
    cards = [
        _token(host, "goblin-a", "Goblin", "Token Creature — Goblin", "tm19", **goblin),
        _token(host, "goblin-b", "Goblin", "Token Creature — Goblin", "tdom", **goblin),
        _token(
            host,
            "treasure",
            "Treasure",
            "Token Artifact — Treasure",
            "tneo",
            colors=[],
            oracle_text="{T}, Sacrifice this token: Add one mana of any color.",
        ),
        _token(
            host,
            "spirit",
            "Spirit",
            "Token Creature — Spirit",
            "tmid",
            colors=["W"],
            power="1",
            toughness="1",
            oracle_text="Flying",
        ),
        _token(
            host,
            "warrior",
            "Goblin Warrior",
            "Token Legendary Creature — Goblin Warrior",
            "tone",
            colors=["R"],
            power="2",
            toughness="2",
            oracle_text="Haste",
        ),
    ]
    path = folder / "tokens.json"
    path.write_text(json.dumps(cards))
    return path


@pytest.fixture
def imported(
    transactional_db: None, monkeypatch: pytest.MonkeyPatch, settings: Any, tmp_path: Path
) -> Iterator[dict[str, str]]:
    """The Scryfall tokens imported, their pictures on a local host the site may fetch from."""
    settings.MEDIA_ROOT = tmp_path / "media"
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Pictures)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    host = f"127.0.0.1:{server.server_port}"
    monkeypatch.setenv("ART_FETCH_HOSTS", host)
    artfetch._failed.clear()
    _Pictures.hits = []
    import_file("scryfall", _scryfall_file(f"http://{host}", tmp_path))
    slugs = {
        key: TokenDefinition.objects.get(
            printings__scryfall_id=uuid.uuid5(uuid.NAMESPACE_URL, key)
        ).slug
        for key in ("goblin-a", "treasure", "spirit", "warrior")
    }
    slugs["goblin"] = slugs.pop("goblin-a")
    assert TokenDefinition.objects.get(slug=slugs["goblin"]).printings.count() == 2
    yield slugs
    server.shutdown()
    server.server_close()


SHEET_VIEW = {"width": 1100, "height": 900}


def _context(browser: Browser, live_url: str, locale: str = "en-GB") -> BrowserContext:
    return signed_in(browser, live_url, None, SHEET_VIEW, locale, accept_downloads=True)


def _fill_basket(page: Page, live_url: str, counts: dict[str, int]) -> None:
    for slug, count in counts.items():  # the catalogue's "Print this token" link
        page.goto(f"{live_url}/print/?token={slug}&count={count}")


def _download(page: Page, button: str, target: Path) -> Path:
    with page.expect_download() as download:
        page.get_by_role("button", name=button).click()
    download.value.save_as(target)
    return target


def _run(*command: str) -> str:
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def _placed_images(pdf: Path) -> dict[int, int]:
    """Images drawn on each page (pdfimages counts every placement, form contents included)."""
    pages: dict[int, int] = {}
    for line in _run("pdfimages", "-list", str(pdf)).splitlines()[2:]:
        fields = line.split()
        if fields[2] == "image":
            pages[int(fields[0])] = pages.get(int(fields[0]), 0) + 1
    return pages


def _render(pdf: Path, dpi: int, page: int = 1) -> Image.Image:
    prefix = pdf.with_suffix("")
    _run(
        "pdftoppm", "-r", str(dpi), "-f", str(page), "-l", str(page), "-png", str(pdf), str(prefix)
    )
    found = sorted(pdf.parent.glob(f"{prefix.name}-*{page}.png"))
    return Image.open(found[-1]).convert("RGB")


def _inked(pixel: tuple[int, int, int]) -> bool:
    return min(pixel) < 235


def _check_bleed_and_marks(image: Image.Image, options: PrintOptions, dpi: int) -> None:
    """Every card's colour reaches its cut line plus the bleed on all four edges and no further
    out on the sheet's outer edges; cut marks are drawn on all four sides of the block."""
    layout = sheet_layout(options)
    px = dpi / 25.4
    height = layout.page_height_mm
    bleed = options.bleed_mm

    def at(x_mm: float, y_mm: float) -> tuple[int, int, int]:  # y from the bottom, as the PDF
        return image.getpixel((round(x_mm * px), round((height - y_mm) * px)))  # type: ignore[return-value]

    for slot in layout.slots:
        left, right = slot.x_mm, slot.x_mm + slot.width_mm
        bottom, top = slot.y_mm, slot.y_mm + slot.height_mm
        mid_x, mid_y = (left + right) / 2, (bottom + top) / 2
        inside = bleed - 0.4  # just inside the bleed's outer edge
        edges = {
            "left": (left - inside, mid_y),
            "right": (right + inside, mid_y),
            "bottom": (mid_x, bottom - inside),
            "top": (mid_x, top + inside),
        }
        for edge, point in edges.items():
            assert _inked(at(*point)), (slot.index, edge, at(*point))
        outside = bleed + 0.5  # beyond the bleed: paper, where no neighbour's bleed is
        if slot.col == 0:
            assert not _inked(at(left - outside, mid_y)), (slot.index, "left paper")
        if slot.row == 0:
            assert not _inked(at(mid_x, top + outside)), (slot.index, "top paper")
    lines_x = sorted({s.x_mm for s in layout.slots} | {s.x_mm + s.width_mm for s in layout.slots})
    lines_y = sorted({s.y_mm for s in layout.slots} | {s.y_mm + s.height_mm for s in layout.slots})
    block_bottom, block_top = lines_y[0] - bleed, lines_y[-1] + bleed
    block_left, block_right = lines_x[0] - bleed, lines_x[-1] + bleed
    # A mark on the extension of every cut line, outside the bleed, on all four sides.
    for x in lines_x:
        assert _dark_along(image, px, height, (x, x), (block_top + 1.2, block_top + 3)), x
        assert _dark_along(image, px, height, (x, x), (block_bottom - 3, block_bottom - 1.2)), x
    for y in lines_y:
        assert _dark_along(image, px, height, (block_left - 3, block_left - 1.2), (y, y)), y
        assert _dark_along(image, px, height, (block_right + 1.2, block_right + 3), (y, y)), y


def _dark_along(
    image: Image.Image,
    px: float,
    height: float,
    xs: tuple[float, float],
    ys: tuple[float, float],
) -> bool:
    """A dark pixel on a short segment (a mark is a hairline: look one pixel either side)."""
    steps = 8
    for i in range(steps + 1):
        x = xs[0] + (xs[1] - xs[0]) * i / steps
        y = ys[0] + (ys[1] - ys[0]) * i / steps
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                pixel = image.getpixel((round(x * px) + dx, round((height - y) * px) + dy))
                if max(pixel) < 110:  # type: ignore[arg-type]
                    return True
    return False


def _near(pixel: Any, colour: tuple[int, int, int], tolerance: int = 14) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(pixel, colour, strict=True))


@pytest.mark.django_db(transaction=True)
def test_a_sheet_of_imported_tokens_prints_art_symbols_bleed_and_a_print_shop_zip(
    browser: Browser, live_url: str, artifacts_dir: Path, imported: dict[str, str], tmp_path: Path
) -> None:
    context = _context(browser, live_url)
    page = context.new_page()
    # Before any print: the tile hot-links the picture host, which the pages' CSP (img-src
    # 'self') does not load.
    page.goto(f"{live_url}/catalog/tokens/{imported['spirit']}/")
    art = page.locator(".card-art img").first
    expect(art).to_have_attribute("src", re.compile(r"^http://127\.0\.0\.1:\d+/spirit-art\.jpg$"))
    expect(art).to_have_js_property("complete", True)  # tried, and refused
    assert art.evaluate("img => img.naturalWidth") == 0
    counts = {imported["goblin"]: 2, imported["treasure"]: 2, imported["spirit"]: 2}
    _fill_basket(page, live_url, counts)
    # The player chooses the Goblin's second printing, by its thumbnail and set code.
    chooser = page.get_by_role("group", name="Art of Goblin Token")
    expect(chooser.get_by_role("radio")).to_have_count(3)
    thumbs = chooser.locator("img")
    expect(thumbs).to_have_count(2)
    for index in range(2):
        expect(thumbs.nth(index)).to_have_js_property("complete", True)
        assert thumbs.nth(index).evaluate("img => img.naturalWidth") > 0
    chooser.get_by_role("radio", name="TDOM 10 · Illus. Artist goblin-b").check()
    page.get_by_role("button", name="Update counts").click()
    expect(page.get_by_role("radio", name="TDOM 10 · Illus. Artist goblin-b")).to_be_checked()
    page.screenshot(path=str(artifacts_dir / "print-chooser.png"), full_page=True)
    page.set_viewport_size({"width": 375, "height": 812})
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    page.screenshot(path=str(artifacts_dir / "print-chooser-375.png"), full_page=True)
    page.set_viewport_size({"width": 1100, "height": 900})

    page.get_by_label("Bleed (mm)").fill("2")
    page.get_by_label("Gap (mm)").fill("2")
    pdf = _download(page, "Download PDF", tmp_path / "tokens.pdf")
    # Bleed 2 and gap 2 on A4 with cut marks: 2 x 3 cards, the gap widened to 4 mm.
    options = PrintOptions(bleed_mm=2, gap_mm=2)
    assert sheet_layout(options).per_page == 6

    # An image on every card: six cards, six pictures on the sheet.
    assert _placed_images(pdf) == {1: 6}, _run("pdfimages", "-list", str(pdf))
    # Symbols: the symbol font is embedded, and the text has no braces.
    if symbols.available():  # `make symbols` (npm) installed the font, as `make test` does
        fonts = _run("pdffonts", str(pdf))
        assert any("Mana" in line and " yes " in line for line in fonts.splitlines()), fonts
        text = _run("pdftotext", "-layout", str(pdf), "-")
        assert "Sacrifice this token" in text and "{" not in text and "}" not in text, text

    dpi = 150
    sheet = _render(pdf, dpi)
    sheet.save(artifacts_dir / "print-sheet-bleed.png")
    _check_bleed_and_marks(sheet, options, dpi)
    # The Goblins print the chosen printing's picture: the first two slots, their art's centre.
    layout = sheet_layout(options)
    for slot in layout.slots[:2]:
        x = (slot.x_mm + slot.width_mm / 2) * dpi / 25.4
        y = (layout.page_height_mm - slot.y_mm - slot.height_mm * 0.62) * dpi / 25.4
        assert _near(sheet.getpixel((round(x), round(y))), CHOSEN), (x, y)

    # The print-shop zip: one 300 dpi PNG per distinct card, with 1/8 inch bleed, and counts.
    archive = zipfile.ZipFile(_download(page, "Images for a print shop (zip)", tmp_path / "s.zip"))
    pngs = [name for name in archive.namelist() if name.endswith(".png")]
    assert len(pngs) == 3, archive.namelist()
    side = round((63.0 + 2 * 25.4 / 8) / 25.4 * 300), round((88.0 + 2 * 25.4 / 8) / 25.4 * 300)
    for name in pngs:
        with Image.open(archive.open(name)) as card:
            assert card.size in (side, (side[0] - 2, side[1])), (name, card.size)
            assert round(card.info["dpi"][0]) == 300, card.info
            rgb = card.convert("RGB")
            w, h = rgb.size
            for corner in ((2, h // 2), (w - 3, h // 2), (w // 2, 2), (w // 2, h - 3)):
                assert _inked(rgb.getpixel(corner)), (name, corner)  # type: ignore[arg-type]
    rows = list(csv.DictReader(io.StringIO(archive.read("counts.csv").decode())))
    assert sum(int(row["count"]) for row in rows) == 6, rows

    # Tiles show the stored copies now (the site's /media/), not the picture host.
    page.goto(f"{live_url}/catalog/tokens/{imported['spirit']}/")
    expect(art).to_have_attribute("src", re.compile(r"^/media/token-art/fetched/"))
    expect(art).to_have_js_property("complete", True)
    assert art.evaluate("img => img.naturalWidth") > 0
    if set_symbols.available():
        _check_set_symbol(page)
    page.screenshot(path=str(artifacts_dir / "print-tile-stored.png"), full_page=True)
    context.close()


def _check_set_symbol(page: Page) -> None:
    """The printing's set as its symbol (keyrune's font, loaded), named by the set."""
    symbol = page.get_by_role("img", name="Innistrad: Midnight Hunt")
    expect(symbol).to_be_visible()
    loaded = page.evaluate(
        "document.fonts.ready.then(() => [...document.fonts].some("
        "f => f.family.replaceAll('\"', '') === 'TokensiteKeyrune' && f.status === 'loaded'))"
    )
    assert loaded
    assert symbol.evaluate("s => getComputedStyle(s).fontFamily") == "TokensiteKeyrune"


@pytest.mark.django_db(transaction=True)
def test_a_russian_sheet_and_page_say_token_one_way_with_agreement(
    browser: Browser, live_url: str, artifacts_dir: Path, imported: dict[str, str], tmp_path: Path
) -> None:
    context = _context(browser, live_url, locale="ru-RU")
    page = context.new_page()
    _fill_basket(page, live_url, {imported["warrior"]: 1, imported["treasure"]: 1})
    basket = page.locator("main").inner_text()
    # The official Russian cards' word for token is "фишка" ("жетон" is a counter).
    assert "фишк" in basket.lower() and "жетон" not in basket.lower(), basket
    assert "Гоблин Воин" in basket and "Goblin Warrior" not in basket  # the sheet's name
    page.screenshot(path=str(artifacts_dir / "print-basket-ru.png"), full_page=True)
    with page.expect_download() as download:
        page.locator("button[formaction$='/print/pdf/']").click()
    pdf = tmp_path / "ru.pdf"
    download.value.save_as(pdf)
    text = _run("pdftotext", str(pdf), "-")
    # The feminine word takes a feminine supertype; the subtypes are translated.
    assert "Легендарная Фишка Существо — Гоблин Воин" in text, text
    assert "Фишка Артефакт — Сокровище" in text, text
    assert "жетон" not in text.lower() and "Token" not in text, text
    assert text.count("Ускорение") == 1 and "Haste" not in text, text  # the keyword, once
    _render(pdf, 100).save(artifacts_dir / "print-sheet-ru.png")
    context.close()


def _signed_in(browser: Browser, live_url: str) -> BrowserContext:
    user = User.objects.create_user("ann", password="x")
    return signed_in(browser, live_url, user, SHEET_VIEW, "en-GB", accept_downloads=True)


def _new_deck(page: Page, live_url: str, name: str, game: str, decklist: str) -> None:
    page.goto(f"{live_url}/decks/")
    page.get_by_label("Name").fill(name)
    page.get_by_label("Game").select_option(game)
    page.get_by_label("Decklist").fill(decklist)
    page.get_by_role("button", name="Create the deck").click()
    page.get_by_role("heading", name=name).wait_for()


CODES = Path(__file__).resolve().parents[1] / "catalog" / "data" / "riftbound_deck_codes.json"


@pytest.mark.django_db(transaction=True)
def test_decks_tell_same_named_tokens_apart_and_read_a_riftbound_deck_code(
    browser: Browser, live_url: str, artifacts_dir: Path, shared_data: Path, tmp_path: Path
) -> None:
    from tests.collection.test_same_named_tokens import _two_elementals

    _two_elementals()
    # The official gallery's cards of a real deck (the reference package's example deck).
    example = json.loads(CODES.read_text())["codes"][-1]
    wanted = {code for code, _ in example["main"] + example["sideboard"]}
    gallery = json.loads((shared_data / "riftbound_cards.json").read_text())
    cards = [c for c in gallery["cards"] if c["publicCode"].split("/")[0] in wanted]
    (tmp_path / "gallery.json").write_text(json.dumps({**gallery, "cards": cards}))
    import_file("riftbound", tmp_path / "gallery.json")

    context = _signed_in(browser, live_url)
    page = context.new_page()
    _new_deck(page, live_url, "Elementals", "mtg", "4 Hearth Caller\n4 Grove Caller\n")
    rows = page.locator("tr", has_text="Elemental Token")
    expect(rows).to_have_count(2)
    traits = sorted(rows.nth(i).locator(".traits").inner_text() for i in range(2))
    assert traits == ["1/1 · Red · Haste", "5/3 · Green · Trample"], traits
    page.screenshot(path=str(artifacts_dir / "deck-same-named.png"), full_page=True)

    _new_deck(page, live_url, "Piltover", "riftbound", example["code"])
    listed = page.locator("main").inner_text()
    by_code = {c["publicCode"].split("/")[0]: c["name"] for c in cards}
    missing = [by_code[code] for code, _ in example["main"] if by_code[code] not in listed]
    assert not missing, missing
    page.screenshot(path=str(artifacts_dir / "deck-riftbound-code.png"), full_page=True)
    context.close()
