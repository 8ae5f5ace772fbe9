"""Combat as players do it, in real Chromium with two players in two browser contexts:
"10 Goblins attack, Ben blocks with 2, damage" counted in taps (at most 4 for the attacker, 2
for the defender), the defender prompted on their own screen, damage said in one line."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Locator, Page, expect

from play.models import Table
from play.table import services
from tests.e2e.test_battlefield import _context_for

GOBLIN = {
    "name": "Goblin Token",
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "colors": ["R"],
    "power": "1",
    "toughness": "1",
    "keywords": ["Haste"],
}
SOLDIER = {
    "name": "Soldier Token",
    "types": ["Creature"],
    "subtypes": ["Soldier"],
    "colors": ["W"],
    "power": "1",
    "toughness": "1",
}


class Taps:
    """Every click a player makes, counted."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, target: Locator) -> None:
        self.count += 1
        target.click()


def _goblins_against_two_soldiers(ann: User, ben: User) -> Table:
    """Ann's 10 hasty Goblins; Ben's two Soldiers in two stacks (one has a note that keeps it
    apart: alike to a player, not to the rules)."""
    table = services.table_create(owner=ann, game="mtg", name="War", players=["Ann", "Ben"])
    services.table_join(user=ben, invite=table.invite_token, seat=1)
    actions: list[tuple[User, dict[str, Any]]] = [
        (ann, {"type": "create_token", "controller": 0, "definition": GOBLIN, "count": 10}),
        (ben, {"type": "create_token", "controller": 1, "definition": SOLDIER}),
        (
            ben,
            {
                "type": "create_token",
                "controller": 1,
                "definition": {**SOLDIER, "text": "Made by a Raise the Alarm."},
            },
        ),
    ]
    for version, (user, action) in enumerate(actions):
        services.table_apply_action(
            table_id=table.id, user=user, expected_version=version, action=action
        )
    return table


def _open(browser: Browser, live_url: str, user: User, table: Table, width: int) -> Page:
    page = _context_for(browser, live_url, user, width=width).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    expect(page.locator("#board")).to_have_attribute("data-version", str(table.version))
    return page


@pytest.mark.parametrize("width", [1280, 375])
@pytest.mark.django_db(transaction=True)
def test_ten_goblins_attack_ben_blocks_with_two_in_four_plus_two_taps(
    browser: Browser, live_url: str, artifacts_dir: Path, width: int
) -> None:
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    table = _goblins_against_two_soldiers(ann, ben)
    table.refresh_from_db()
    ann_page = _open(browser, live_url, ann, table, width)
    ben_page = _open(browser, live_url, ben, table, width)
    attacker, defender = Taps(), Taps()
    started = time.monotonic()

    # Ann, in her precombat main phase: Attack, then everything at Ben.
    attacker(ann_page.locator("#combat summary", has_text="Attack"))
    ann_page.screenshot(path=str(artifacts_dir / f"combat-attack-{width}.png"))
    attacker(ann_page.get_by_role("button", name="All 10 attack Ben"))
    expect(ann_page.locator("#combat")).to_contain_text("Waiting for Ben to declare blockers.")

    # Ben is prompted on his own screen (his page polls: live_server has no websocket).
    prompt = ben_page.locator("#combat")
    expect(prompt.get_by_role("heading", name="Block")).to_be_visible()
    expect(prompt).to_contain_text("10 Goblin Token")
    ben_page.screenshot(path=str(artifacts_dir / f"combat-prompt-{width}.png"), full_page=True)
    # Block comes first; the two alike Soldiers of two stacks block in one tap.
    defender(prompt.get_by_role("button", name="Block with 2 Soldier Token"))
    expect(prompt.get_by_role("button", name="Block with 2 Soldier Token")).to_have_count(0)
    defender(ben_page.get_by_role("button", name="Done blocking"))

    # Damage once both are done, one line per player.
    for page in (ben_page, ann_page):
        # The log entry's title says it; its rule lines stay folded beneath.
        entry = page.locator("#board .log-entry").first
        expect(entry.locator("summary")).to_contain_text(
            "Ben takes 8; 2 Soldier Token die; Ann: 2 Goblin Token die"
        )
        expect(entry.locator("li", has_text="510.2").first).to_be_hidden()
        expect(page.get_by_test_id("life-1")).to_have_text("12")
    elapsed = time.monotonic() - started
    ann_page.screenshot(path=str(artifacts_dir / f"combat-done-{width}.png"), full_page=True)
    print(f"combat at {width} px: {attacker.count} + {defender.count} taps, {elapsed:.2f} s")
    assert (attacker.count, defender.count) == (2, 2)
    for page in (ann_page, ben_page):
        page.context.close()
