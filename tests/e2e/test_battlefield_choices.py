"""Choices the rules give a player, answered in real Chromium: the order of replacement effects
(CR 616.1) and the legend rule (CR 704.5j) open a dialog whose options say what they are."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from catalog.seed import load_seed
from play.table import services
from tests.e2e.test_battlefield import _context_for, _tile


@pytest.mark.django_db(transaction=True)
def test_it_asks_for_the_order_of_replacement_effects_and_the_legend_to_keep(
    browser: Browser, live_url: str, artifacts_dir: Path
):
    load_seed()
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Choices", players=["Ann"])
    for version, card in enumerate(("mtg-hardened-scales", "mtg-doubling-season")):
        action = {"type": "put_card", "controller": 0, "card": card}
        services.table_apply_action(
            table_id=table.id, user=ann, expected_version=version, action=action
        )
    page = _context_for(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")

    custom = page.locator("form.custom-form")
    page.locator("details.custom-token > summary").click()
    custom.get_by_label("Name", exact=True).fill("Voja")
    custom.get_by_label("Supertypes").fill("Legendary")
    custom.get_by_label("Types", exact=True).fill("Creature")
    custom.get_by_label("Subtypes").fill("Wolf")
    custom.get_by_label("Power").fill("3")
    custom.get_by_label("Toughness").fill("3")
    custom.get_by_role("button", name="Create").click()
    # Doubling Season made two identical Vojas: nothing to tell apart, so no question.
    expect(page.locator("#board .summary")).to_contain_text("→ 2:")
    expect(page.locator("#board")).to_contain_text("x1 Voja")

    custom.get_by_label("Subtypes").fill("Elf")
    custom.get_by_label("Power").fill("2")
    custom.get_by_role("button", name="Create").click()
    choice = page.locator("#choice")
    expect(choice).to_contain_text("704.5j")
    expect(choice.get_by_role("button", name="Voja")).to_have_text("Voja (3/3)")
    page.screenshot(path=str(artifacts_dir / "choice-legend-1280.png"), full_page=True)
    choice.get_by_role("button", name="Voja").click()
    expect(choice).to_be_hidden()
    expect(_tile(page, "Voja")).to_contain_text("3/3")

    _tile(page, "Voja").locator(".tile-open").click()
    dialog = page.locator("#panel")
    dialog.get_by_role("button", name="Add counters").click()
    expect(dialog).to_be_hidden()
    expect(choice).to_contain_text("616.1")
    page.screenshot(path=str(artifacts_dir / "choice-order-1280.png"), full_page=True)
    choice.get_by_role("button", name="Hardened Scales").click()  # 1 -> 2 -> 4
    expect(choice).to_be_hidden()
    expect(_tile(page, "Voja")).to_contain_text("7/7")
    expect(page.locator("#board .log-entry").first).to_contain_text(
        "Hardened Scales: 1 more (614.1)"
    )
    page.context.close()
