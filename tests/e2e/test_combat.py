"""Combat and players' counters in real Chromium: attack a chosen player, block, damage dealt as
the combat damage step begins, poison and the monarch with one tap."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from catalog.seed import load_seed
from play.table import services
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


OGRE = {**HASTY, "name": "Ogre Token", "subtypes": ["Ogre"], "power": "3", "toughness": "3"}
BEAR = {**HASTY, "name": "Bear Token", "subtypes": ["Bear"], "power": "2", "toughness": "2"}
BLADES = {
    **HASTY,
    "name": "Lizard Blades",
    "types": ["Artifact", "Creature"],
    "subtypes": ["Equipment", "Lizard"],
    "keywords": ["Double strike", "Reconfigure {2}"],
}


def _play(ann: User, table_id: Any, actions: list[dict[str, Any]]) -> None:
    for version, action in enumerate(actions):
        services.table_apply_action(
            table_id=table_id, user=ann, expected_version=version, action=action
        )


@pytest.mark.django_db(transaction=True)
def test_dividing_combat_damage_by_amounts_in_the_choice_dialog(browser: Browser, live_url: str):
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Split", players=["Ann", "Ben"])
    _play(
        ann,
        table.id,
        [
            {"type": "create_token", "controller": 0, "definition": OGRE},
            {"type": "create_token", "controller": 1, "definition": BEAR},
            {"type": "create_token", "controller": 1, "definition": WALL},
            {"type": "next_step"},
            {"type": "next_step"},
            {"type": "attack", "object": "o1"},
            {"type": "next_step"},
            {"type": "block", "object": "o2", "attacker": "o1"},
            {"type": "block", "object": "o3", "attacker": "o1"},
        ],
    )
    page = _context_for(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    page.get_by_role("button", name="Next step").click()
    division = page.get_by_role("form", name="Divide by amounts")
    expect(division).to_be_visible()
    division.get_by_label("Bear Token").fill("1")
    division.get_by_label("Wall Token").fill("1")
    division.get_by_role("button", name="Divide").click()
    expect(page.locator("#err-division")).to_contain_text("510.1e")  # 2 of its 3: refused
    division.get_by_label("Bear Token").fill("3")
    division.get_by_label("Wall Token").fill("0")
    division.get_by_role("button", name="Divide").click()
    expect(page.locator("#board")).to_contain_text("combat damage")
    expect(_tile(page, "Bear Token")).to_have_count(0)  # 3 damage: it died
    expect(_tile(page, "Wall Token")).to_have_count(1)


@pytest.mark.django_db(transaction=True)
def test_reconfigure_unattaches_from_the_object_panel(browser: Browser, live_url: str):
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Blades", players=["Ann", "Ben"])
    _play(
        ann,
        table.id,
        [
            {"type": "create_token", "controller": 0, "definition": BLADES},
            {"type": "create_token", "controller": 0, "definition": OGRE},
            {"type": "attach", "object": "o1", "to": "o2"},
        ],
    )
    page = _context_for(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    page.get_by_role("link", name="Lizard Blades attached to Ogre Token: actions").click()
    dialog = page.locator("#panel")
    dialog.get_by_label("paid by hand").check()
    dialog.get_by_role("button", name="Unattach (reconfigure)").click()
    expect(page.locator("#board")).to_contain_text("unattached")
