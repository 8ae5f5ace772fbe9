"""Issue 35 in real Chromium: the board on a 375 x 812 phone (first stacks above the fold, six
stacks in one screen, the stack dialog as a bottom sheet closed from its top, by a tap outside,
Escape or a swipe, no field focused), one search putting Doubling Season on the battlefield in
few taps, the invite at hand (copy, QR), and no internal id in any page's text. Figures and
screenshots go to test-artifacts/ (phone-board-*.json, phone-board-*.png)."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, FloatRect, Locator, Page, expect

from catalog.seed import load_seed
from play.models import Table
from play.table import services
from tests.e2e.sessions import TIMEOUT, main_pages, signed_in, table_with

PHONE = {"width": 375, "height": 812}
DESKTOP = {"width": 1280, "height": 800}
SIX = (
    "mtg-soldier-1-1-w",
    "mtg-treasure",
    "mtg-goblin-1-1-r",
    "mtg-zombie-2-2-b",
    "mtg-clue",
    "mtg-food",
)
RUSSIAN_PAGES = ("table", "deck")  # where names come from the catalogue and the log
INTERNAL_ID = re.compile(r"\(o\d+\)|\bseat \d|#\d+|guest-[0-9a-f]")


def _six_stacks() -> list[dict[str, Any]]:
    return [{"type": "create_token", "token": slug, "count": 3, "controller": 0} for slug in SIX]


def _fold(page: Page) -> float:
    """Where the screen ends for the board: the phone's bottom bar, else the window's bottom."""
    bar = page.locator("[data-sheet-toggle]").bounding_box()
    return bar["y"] if bar and bar["height"] else float(page.viewport_size["height"])  # type: ignore[index]


def _boxes(tiles: Locator) -> list[FloatRect]:
    return [box for i in range(tiles.count()) if (box := tiles.nth(i).bounding_box())]


def _six_stacks_fit(page: Page, tiles: Locator, shot: Path) -> dict[str, Any]:
    """The figures of the board's first screen, once it is asserted to hold the six stacks: a
    one-line header, the first stack whole above the fold, all six above it, no sideways
    scroll, and each tile's quick button beside its Select box (one row, not two)."""
    expect(tiles).to_have_count(6)
    header = page.locator(".site-header").bounding_box()
    boxes = _boxes(tiles)
    fold = _fold(page)
    figures: dict[str, Any] = {
        "header_px": header and header["height"],
        "first_tile_top": boxes[0]["y"],
        "first_tile_bottom": boxes[0]["y"] + boxes[0]["height"],
        "six_tiles_span": max(b["y"] + b["height"] for b in boxes) - min(b["y"] for b in boxes),
        "last_tile_bottom": max(b["y"] + b["height"] for b in boxes),
        "tile_px": [round(boxes[0]["width"]), round(boxes[0]["height"])],
        "fold": fold,
        "page_px": page.evaluate("document.documentElement.scrollHeight"),
    }
    page.screenshot(path=str(shot))
    assert header is not None and header["height"] <= 60  # one line
    assert figures["first_tile_bottom"] <= fold  # the first stack whole, above the fold
    assert all(b["y"] + b["height"] <= fold for b in boxes), figures  # six stacks in one screen
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for i in range(tiles.count()):
        tap = tiles.nth(i).locator(".tile-quick button").bounding_box()
        select = tiles.nth(i).locator(".tile-select input").bounding_box()
        assert tap and select and abs(tap["y"] + tap["height"] / 2 - select["y"] - 12) < 4
    return figures


@pytest.mark.django_db(transaction=True)
def test_the_phone_board_fits_and_the_stack_sheet_closes_every_way(
    browser: Browser, live_url: str, artifacts_dir: Path
):
    load_seed()
    ann = User.objects.create_user("ann")
    table_id = table_with(ann, *_six_stacks())
    context = signed_in(browser, live_url, ann, PHONE)
    page = context.new_page()
    page.goto(f"{live_url}/play/{table_id}/")
    tiles = page.locator("#board .seat").first.locator(".bf-tile")
    figures = _six_stacks_fit(page, tiles, artifacts_dir / "phone-board-375.png")
    # Counters at 0 wait behind "More", one tap away.
    poison = page.get_by_test_id("poison-0")
    expect(poison).to_be_hidden()
    page.locator("#seat-head-0 [data-seat-more] summary").click()
    expect(poison).to_be_visible()
    page.locator("#seat-head-0 [data-seat-more] summary").click()

    panel = page.locator("#panel")
    soldiers = tiles.filter(has_text="Soldier Token").locator(".tile-open")
    for way in ("close", "outside", "escape", "swipe"):
        soldiers.click()
        expect(panel).to_be_visible()
        expect(panel.locator("#panel-title")).to_contain_text("Soldier Token")
        focused = page.evaluate("document.activeElement.tagName")
        assert focused not in ("INPUT", "SELECT", "TEXTAREA"), way  # no keyboard pops up
        box = panel.bounding_box()
        close = panel.get_by_role("button", name="Close").bounding_box()
        assert box and close and close["y"] - box["y"] < 60  # Close on top
        assert box["y"] + box["height"] >= PHONE["height"] - 1  # a bottom sheet
        if way == "close":
            figures["sheet_top"] = box["y"]
            page.screenshot(path=str(artifacts_dir / "phone-board-sheet-375.png"))
            panel.get_by_role("button", name="Close").click()
        elif way == "outside":
            page.mouse.click(PHONE["width"] / 2, box["y"] / 2)  # on the dimmed board above
        elif way == "escape":
            page.keyboard.press("Escape")
        else:
            title = panel.locator("#panel-title").bounding_box()
            assert title is not None
            x, y = title["x"] + title["width"] / 2, title["y"] + title["height"] / 2
            page.mouse.move(x, y)
            page.mouse.down()
            page.mouse.move(x, y + 60, steps=4)
            page.mouse.move(x, y + 160, steps=4)
            page.mouse.up()
        expect(panel).to_be_hidden()
    # A keyboard's open keeps the count field first (the Keys dialog says so).
    soldiers.focus()
    page.keyboard.press("Enter")
    expect(panel.locator("input[type=number]").first).to_be_focused()
    page.keyboard.press("Escape")
    (artifacts_dir / "phone-board-375.json").write_text(json.dumps(figures, indent=1))
    context.close()


@pytest.mark.django_db(transaction=True)
def test_six_stacks_fit_one_phone_screen_in_russian_too(
    browser: Browser, live_url: str, artifacts_dir: Path
):
    """Longer Russian words ("Пригласить игроков", "Библиотека", "Повернуть 1" beside
    "Выбрать") once pushed the invite, the seat's stats and every tile's buttons onto second
    rows: 4 of the 6 stacks showed. Short visible labels keep full names for screen readers."""
    load_seed()
    ann = User.objects.create_user("ann")
    table_id = table_with(ann, *_six_stacks())
    context = signed_in(browser, live_url, ann, PHONE, locale="ru")
    page = context.new_page()
    page.goto(f"{live_url}/play/{table_id}/")
    tiles = page.locator("#board .seat").first.locator(".bf-tile")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    figures = _six_stacks_fit(page, tiles, artifacts_dir / "phone-board-ru-375.png")
    soldiers = tiles.filter(has_text="Солдат")
    expect(soldiers.get_by_role("button", name="Повернуть 1 Солдат")).to_be_visible()
    expect(soldiers.get_by_role("checkbox", name="Выбрать 3 Солдат")).to_be_visible()
    (artifacts_dir / "phone-board-ru-375.json").write_text(json.dumps(figures, indent=1))
    context.close()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("name", "viewport"), [("desktop", DESKTOP), ("phone", PHONE)])
def test_one_search_puts_doubling_season_on_the_battlefield_in_few_taps(
    browser: Browser, live_url: str, artifacts_dir: Path, name: str, viewport: dict[str, int]
):
    load_seed()
    ann = User.objects.create_user("ann")
    table_id = table_with(ann)
    context = signed_in(browser, live_url, ann, viewport)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    page = context.new_page()
    page.goto(f"{live_url}/play/{table_id}/")

    # The invite, on the first screen: a copy button that copies, and a QR code.
    invite = page.locator("section.invite")
    copy = invite.get_by_role("button", name="Copy link")
    expect(copy).to_be_in_viewport()
    copy.click()
    expect(invite).to_contain_text("Link copied.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert re.search(r"/play/join/[\w-]+/$", copied)
    invite.get_by_text("QR code", exact=True).click()
    qr = invite.locator("svg[role=img]")
    expect(qr).to_be_visible()
    assert (qr.bounding_box() or {"width": 0})["width"] >= 150  # big enough to scan
    page.screenshot(path=str(artifacts_dir / f"phone-board-invite-{viewport['width']}.png"))
    invite.get_by_text("QR code", exact=True).click()

    taps, keys = 0, 0
    started = time.perf_counter()
    toggle = page.locator("[data-sheet-toggle]")
    if toggle.is_visible():
        toggle.click()  # a phone opens the sheet
        taps += 1
    search = page.locator("#palette-q")
    search.click()
    taps += 1
    search.press_sequentially("Doubling")
    keys += len("Doubling")
    card = page.locator("#palette-results .card-result", has_text="Doubling Season")
    expect(card.locator(".card-mark")).to_have_text("Card")
    card.get_by_role("button", name="Put onto battlefield").click()
    taps += 1
    expect(page.locator("#board .bf-tile", has_text="Doubling Season")).to_be_visible()
    seconds = round(time.perf_counter() - started, 2)
    page.screenshot(path=str(artifacts_dir / f"phone-board-doubling-{viewport['width']}.png"))
    assert taps <= (3 if name == "phone" else 2) and keys <= 8
    found = {"taps": taps, "keys": keys, "seconds": seconds}
    (artifacts_dir / f"phone-board-doubling-{name}.json").write_text(json.dumps(found))
    context.close()


@pytest.mark.django_db(transaction=True)
def test_no_page_shows_an_internal_id(browser: Browser, live_url: str, artifacts_dir: Path):
    """The text of the main pages, a guest's table with a log, a choice and a stack's dialog,
    in English and Russian: no "(o6)", "seat 1", "#6" or "guest-…"."""
    from collection import services as collection

    load_seed()
    page_guest = browser.new_context(viewport=PHONE)  # type: ignore[arg-type]
    page_guest.set_default_timeout(TIMEOUT)
    guest = page_guest.new_page()
    guest.goto(f"{live_url}/play/new/")
    guest.get_by_label("Name").fill("Kitchen table")
    guest.get_by_role("button", name="Start the table").click()
    expect(guest.get_by_role("heading", name="Kitchen table")).to_be_visible()
    guest.locator("[data-sheet-toggle]").click()
    guest.locator("#palette").get_by_role("button", name="Treasure Token").first.click()
    expect(guest.locator("#board .bf-tile", has_text="Treasure Token")).to_be_visible()
    texts = {"guest table": guest.locator("body").inner_text(), "guest lobby": ""}
    guest_invite = guest.locator("[data-invite-link]").input_value()
    guest.goto(f"{live_url}/play/")
    texts["guest lobby"] = guest.locator("body").inner_text()
    page_guest.close()

    ann = User.objects.create_user("ann")
    ben = User.objects.create_user("ben")
    table_id = table_with(
        ann,
        *_six_stacks(),
        {"type": "create_token", "token": "mtg-goblin-1-1-r", "count": 2, "controller": 1},
    )
    services.table_join(user=ben, invite=Table.objects.get(pk=table_id).invite_token, seat=1)
    deck = collection.deck_create(
        owner=ann, game="mtg", decklist="2 Doubling Season\n1 Krenko, Mob Boss", name="Goblins"
    )
    pages = {
        "join a guest's table": guest_invite.removeprefix(live_url),
        **main_pages(table_id, deck.pk),
    }
    for language in ("en", "ru"):
        context = signed_in(browser, live_url, ann, PHONE, locale=language)
        page = context.new_page()
        for name, path in pages.items():
            if language == "ru" and name not in RUSSIAN_PAGES:
                continue
            page.goto(live_url + path)
            if name == "table":
                page.locator("#board .bf-tile .tile-open").first.click()
                expect(page.locator("#panel")).to_be_visible()
                texts[f"stack dialog ({language})"] = page.locator("#panel").inner_text()
                page.keyboard.press("Escape")
                page.locator("#board-log details").first.locator("summary").click()
            texts[f"{name} ({language})"] = page.locator("body").inner_text()
            if name == "deck":
                page.screenshot(path=str(artifacts_dir / f"phone-board-deck-{language}-375.png"))
                assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
                headers = page.locator("thead th")
                for i in range(headers.count()):
                    # Each header's words whole: no line breaks inside a word.
                    assert headers.nth(i).evaluate(
                        "th => { const r = document.createRange(); r.selectNodeContents(th);"
                        " const words = th.textContent.trim().split(/\\s+/).length;"
                        " return r.getClientRects().length <= words; }"
                    ), headers.nth(i).inner_text()
        context.close()
    leaks = {name: INTERNAL_ID.findall(text) for name, text in texts.items()}
    assert {name: found for name, found in leaks.items() if found} == {}
