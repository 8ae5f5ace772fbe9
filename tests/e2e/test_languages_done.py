"""A whole Russian evening, in real Chromium with Accept-Language: ru: a Riftbound table whose
battlefields the table named itself, a seed token found by its Russian name and created from the
palette, the catalogue showing it in Russian with the English name a tap away, and a Russian
proxy sheet (rendered to PNG with pdftoppm, kept with the test's artifacts)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, expect

from catalog.seed import load_seed
from play.table import services
from tests.catalog.printing.pdfprobe import reader
from tests.e2e.sessions import signed_in

TIMEOUT = 10_000


def _context(browser: Browser, live_url: str, user: User | None) -> BrowserContext:
    """A browser that prefers Russian (Accept-Language: ru-RU), signed in as `user`."""
    desktop = {"width": 1280, "height": 900}
    return signed_in(browser, live_url, user, desktop, "ru-RU", accept_downloads=True)


@pytest.mark.django_db(transaction=True)
def test_a_riftbound_table_in_russian(browser: Browser, live_url: str, artifacts_dir: Path) -> None:
    load_seed()
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="riftbound", name="Рифт", players=["Аня", "Боря"])
    services.table_apply_action(
        table_id=table.id,
        user=ann,
        expected_version=0,
        action={"type": "create_token", "token": "rb-recruit", "controller": 0, "ready": True},
    )
    page = _context(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    board = page.locator("#board")
    expect(page.locator("#field-bf1")).to_contain_text("Поле битвы 1")
    expect(page.locator("#field-bf2")).to_contain_text("Поле битвы 2")
    expect(page.locator("#field-bf2")).to_contain_text("никем не контролируется")

    # Move the Recruit to the second battlefield from its panel: the place list and the log
    # name it in Russian; Aня conquers it in the Cleanup after the move.
    board.locator(".bf-tile", has_text="Recruit").locator(".tile-open").click()
    form = page.locator("#panel form", has=page.locator("legend", has_text="Переместить"))
    form.locator('select[name="to"]').select_option(label="Поле битвы 2")
    form.get_by_role("button", name="Переместить").click()
    expect(page.locator("#field-bf2")).to_contain_text("под контролем: Аня")
    page.keyboard.press("Escape")
    page.locator(".log-entry").first.locator("summary").click()
    expect(page.locator(".log-entry").first).to_contain_text(
        "Recruit перемещается: база игрока Аня → Поле битвы 2 (420)."
    )
    expect(page.locator(".log-entry").first).to_contain_text(
        "Аня берёт под контроль Поле битвы 2 и захватывает его (464.1)."  # noqa: RUF001
    )
    assert "Battlefield" not in board.inner_text()
    page.screenshot(path=str(artifacts_dir / "riftbound-ru.png"), full_page=True)

    history = Client(HTTP_ACCEPT_LANGUAGE="ru")
    history.force_login(ann)
    lines = history.get(f"/api/v1/tables/{table.id}/history/").json()["results"]
    texts = [line["text"] for line in lines]
    assert any("Поле битвы 2" in text for text in texts), texts
    assert not any("Battlefield" in text for text in texts), texts


@pytest.mark.django_db(transaction=True)
def test_a_seed_token_found_by_its_russian_name_and_a_russian_proxy_sheet(
    browser: Browser, live_url: str, artifacts_dir: Path
) -> None:
    load_seed()
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Пятница", players=["Аня", "Боря"])
    context = _context(browser, live_url, ann)
    page = context.new_page()
    page.goto(f"{live_url}/play/{table.id}/")

    # The palette finds Clue by its Russian name and shows it so, the English name as a title.
    page.locator("#palette-q").fill("улика")
    result = page.locator("#palette-results").get_by_role("button", name="Улика")
    expect(result).to_have_attribute("title", "Clue Token")
    result.click()
    board = page.locator("#board")
    # On the board too: the stack by its printed name, the English one in its panel.
    tile = board.locator(".bf-tile", has_text="Улика")
    expect(tile).to_be_visible()
    expect(board.locator(".bf-tile", has_text="Clue Token")).to_have_count(0)
    tile.locator(".tile-open").click()
    expect(page.locator("#panel-title")).to_contain_text("Улика (Clue Token)")
    page.keyboard.press("Escape")
    page.locator(".log-entry").first.locator("summary").click()
    # The log names it as the reader reads it too (issue 35), the rules keep the English name.
    expect(page.locator(".log-entry").first).to_contain_text("Аня создаёт Улика")
    page.screenshot(path=str(artifacts_dir / "palette-ru-clue.png"), full_page=True)

    # The catalogue: found by its Russian name, shown in Russian, the English name one tap away.
    page.goto(f"{live_url}/catalog/?kind=tokens&q=Сокровище")
    tile = page.locator("main").get_by_text("Сокровище").first
    expect(tile).to_be_visible()
    page.goto(f"{live_url}/catalog/tokens/mtg-treasure/")
    expect(page.locator("h1")).to_contain_text("Сокровище")
    expect(page.locator("main")).to_contain_text("Treasure Token")
    expect(page.locator("main")).to_contain_text("Фишка Артефакт — Сокровище")
    page.screenshot(path=str(artifacts_dir / "catalogue-ru-treasure.png"), full_page=True)

    # A proxy sheet in Russian: the basket filled from links, the PDF downloaded from the page.
    for slug, count in (("mtg-treasure", 2), ("mtg-goblin-1-1-r", 3), ("mtg-clue", 1)):
        page.goto(f"{live_url}/print/?token={slug}&count={count}")
    with page.expect_download() as caught:
        page.get_by_role("button", name="Скачать PDF").click()
    pdf = artifacts_dir / "proxy-sheet-ru.pdf"
    caught.value.save_as(str(pdf))
    text = reader(pdf.read_bytes()).pages[0].extract_text()
    for words in ("Сокровище", "Гоблин", "Улика", "Фишка Существо — Гоблин", "возьмите карту"):
        assert words in text, text
    if shutil.which("pdftoppm"):
        png = artifacts_dir / "proxy-sheet-ru"
        subprocess.run(
            ["pdftoppm", "-png", "-r", "70", "-f", "1", "-l", "1", str(pdf), str(png)], check=True
        )
        assert list(artifacts_dir.glob("proxy-sheet-ru*.png"))
    context.close()
