"""A player on a phone (375 px) puts Krenko, Mob Boss on the board from the create palette and
makes Goblins with one tap: from Krenko's panel on the battlefield, counted on the table."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from catalog.seed import load_seed
from tests.e2e.sessions import signed_in

TIMEOUT = 10_000


@pytest.mark.django_db(transaction=True)
def test_krenko_from_the_palette_makes_goblins_with_one_tap(
    browser: Browser, live_url: str, artifacts_dir: Path
) -> None:
    load_seed()
    ann = User.objects.create_user("ann")
    context = signed_in(browser, live_url, ann, {"width": 375, "height": 800})
    page = context.new_page()
    page.goto(live_url + "/play/")
    page.get_by_label("Game").select_option("mtg")
    page.get_by_label("Name").fill("Goblin night")
    page.get_by_label("Players").fill("Ann, Ben")
    page.get_by_role("button", name="Create table").click()
    expect(page.get_by_role("heading", name="Goblin night")).to_be_visible()

    page.get_by_role("link", name="Create tokens").first.click()  # the phone's sheet
    palette = page.locator("#palette")
    palette.get_by_placeholder("Search").fill("Krenko")
    results = palette.locator("#palette-results")
    # A paper Krenko, not on the table yet: it is the one Goblin its player controls.
    expect(results).to_contain_text("X = the number of Goblins you control → 1")
    results.get_by_role("button", name="Put onto battlefield").first.click()
    board = page.locator("#board")
    expect(board).to_contain_text("Krenko, Mob Boss")

    if page.locator("#palette").is_visible():
        page.get_by_role("link", name="Create tokens").first.click()  # close the sheet
    krenko = board.locator(".bf-tile", has_text="Krenko, Mob Boss")
    krenko.locator(".tile-open").click()
    panel = page.locator("#panel")
    # Krenko is itself a Goblin: one tap makes one (107.3a).
    expect(panel).to_contain_text("X = the number of Goblins you control → 1")
    page.screenshot(path=str(artifacts_dir / "krenko-panel-375.png"))
    panel.get_by_role("button", name="Make", exact=True).click()
    expect(board).to_contain_text("Goblin Token")
    krenko.locator(".tile-open").click()
    expect(panel).to_contain_text("X = the number of Goblins you control → 2")
    panel.get_by_role("button", name="Make", exact=True).click()
    expect(board).to_contain_text("x3 Goblin Token")
    page.screenshot(path=str(artifacts_dir / "krenko-375.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    context.close()
