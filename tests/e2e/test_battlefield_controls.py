"""The battlefield's controls in Chromium: refused actions stay beside their control and keep
the board, with DEBUG on (as `make run` has it) and off (django-htmx's debug script would
otherwise show a 400/403 as a whole page); quantities go back to 1 after use."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

import rules
from play.table import services
from tests.e2e.test_battlefield import _context_for, _tile

SOLDIER = {
    "name": "Soldier",
    "types": ["Creature"],
    "subtypes": ["Soldier"],
    "power": "1",
    "toughness": "1",
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("debug", [True, False])
def test_a_refused_action_shows_beside_its_control_and_keeps_the_board(
    browser: Browser, live_url: str, settings: object, debug: bool
) -> None:
    settings.DEBUG = debug  # type: ignore[attr-defined]
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Errors", players=["Ann", "Ben"])
    create = rules.registries()["mtg"].by_role("create")
    assert create is not None
    services.table_apply_action(
        table_id=table.id,
        user=ann,
        expected_version=0,
        action={"type": create.type, "definition": SOLDIER, "count": 2},
    )
    page = _context_for(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    _tile(page, "Soldier").locator(".tile-open").click()
    dialog = page.locator("#panel")
    amounts = dialog.locator("form", has=page.get_by_role("button", name="Add counters"))
    amount = amounts.get_by_label("How many counters")
    amount.evaluate("input => input.removeAttribute('min')")  # as a stale or tampered form
    amount.fill("0")
    amounts.get_by_role("button", name="Add counters").click()
    expect(dialog.locator("#err-amounts")).to_contain_text("amount")
    expect(dialog).to_be_visible()
    expect(page.locator("#board")).to_contain_text("Soldier")
    expect(page).to_have_title("Errors · Tokensite")


@pytest.mark.django_db(transaction=True)
def test_the_palette_quantity_goes_back_to_one_after_creating(
    browser: Browser, live_url: str
) -> None:
    """5 Food, then one Treasure is one Treasure."""
    from catalog.seed import load_seed

    load_seed()
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Quantities", players=["Ann"])
    page = _context_for(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    palette = page.locator("#palette")
    palette.get_by_label("How many tokens", exact=True).fill("5")
    palette.get_by_role("button", name="Food Token").first.click()
    expect(page.locator("#board")).to_contain_text("x5 Food Token")
    expect(palette.get_by_label("How many tokens", exact=True)).to_have_value("1")
    palette.get_by_role("button", name="Treasure Token").click()
    expect(page.locator("#board")).to_contain_text("x1 Treasure Token")
