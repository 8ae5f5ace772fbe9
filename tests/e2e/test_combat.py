"""Combat and players' counters in real Chromium: attack a chosen player, block, damage dealt as
the combat damage step begins, poison and the monarch with one tap."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from catalog.seed import load_seed
from play import services
from tests.e2e.test_battlefield import _context_for, _tile

HASTY = {
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "colors": ["R"],
    "power": "1",
    "toughness": "1",
    "keywords": ["Haste"],
}
WALL = {**HASTY, "name": "Wall Token", "subtypes": ["Wall"], "power": "0", "toughness": "4"}


@pytest.mark.django_db(transaction=True)
def test_attacking_and_blocking_from_the_board(
    browser: Browser, live_url: str, artifacts_dir: Path
):
    load_seed()
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="War", players=["Ann", "Ben", "Cid"])
    for version, action in enumerate(
        [
            {"type": "create_token", "controller": 0, "definition": HASTY, "count": 5},
            {"type": "create_token", "controller": 1, "definition": WALL},
        ]
    ):
        services.table_apply_action(
            table_id=table.id, user=ann, expected_version=version, action=action
        )
    page = _context_for(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    board = page.locator("#board")
    page.get_by_role("button", name="Next step").click()
    expect(board).to_contain_text("beginning of combat")
    page.get_by_role("button", name="Next step").click()
    expect(board).to_contain_text("declare attackers")

    _tile(page, "Goblin Token").locator(".tile-open").click()
    dialog = page.locator("#panel")
    dialog.locator("#count-main").fill("3")
    dialog.get_by_label("Whom to attack").select_option(label="Ben")
    dialog.get_by_role("button", name="Attack").click()
    expect(board).to_contain_text("attacking")

    page.get_by_role("button", name="Next step").click()
    expect(board).to_contain_text("declare blockers")
    _tile(page, "Wall Token").locator(".tile-open").click()
    dialog.get_by_role("button", name="Block").click()
    expect(board).to_contain_text("blocking")
    page.screenshot(path=str(artifacts_dir / "combat-blocked-1280.png"), full_page=True)

    page.get_by_role("button", name="Next step").click()
    expect(board).to_contain_text("combat damage")
    expect(page.get_by_test_id("life-1")).to_have_text("18")  # two unblocked Goblins
    expect(page.get_by_test_id("life-2")).to_have_text("20")


@pytest.mark.django_db(transaction=True)
def test_players_counters_and_monarch_with_one_tap(browser: Browser, live_url: str):
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Poison", players=["Ann", "Ben"])
    page = _context_for(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    page.get_by_role("button", name="Poison of Ben plus 1").click()
    expect(page.get_by_test_id("poison-1")).to_have_text("1")
    page.get_by_role("button", name="Energy of Ann plus 1").click()
    expect(page.get_by_test_id("energy-0")).to_have_text("1")
    page.get_by_role("button", name="Ben becomes the monarch").click()
    expect(page.locator("#board .seat").nth(1)).to_contain_text("monarch")
    page.get_by_role("button", name="Ann becomes the monarch").click()
    expect(page.locator("#board .seat").nth(0)).to_contain_text("monarch")
    expect(page.get_by_role("button", name="Ben becomes the monarch")).to_be_visible()
