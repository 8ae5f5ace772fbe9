"""Live seats and undo that follows play, in real Chromium with two players (two browser
contexts): the owner's open page drops a seat's controls the moment a friend sits there, and
each player's Undo takes back their own last action after the other acted on something else,
shown only while it would work."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from play.models import Action
from play.table import services
from tests.e2e.sessions import server_turn
from tests.e2e.test_battlefield import _context_for, _tile
from tests.e2e.test_combat_taps import SOLDIER


@pytest.mark.parametrize("width", [1280, 375])
@pytest.mark.django_db(transaction=True)
def test_a_friend_sits_down_and_undo_follows_play(
    browser: Browser, live_url: str, artifacts_dir: Path, width: int
) -> None:
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
    ann_page = _context_for(browser, live_url, ann, width=width).new_page()
    ann_page.goto(f"{live_url}/play/{table.id}/")
    untap_ben = ann_page.get_by_role("button", name="Untap all (Ben)")
    life_ben = ann_page.get_by_role("button", name="Life of Ben plus 1")
    for_ben = ann_page.locator("#palette-controller option", has_text="Ben")
    expect(untap_ben).to_have_count(1)
    expect(life_ben).to_have_count(1)
    expect(for_ben).to_have_count(1)

    # Ben sits down from the invite link, in his own browser.
    ben_page = _context_for(browser, live_url, ben, width=width).new_page()
    ben_page.goto(f"{live_url}/play/join/{table.invite_token}/")
    ben_page.get_by_role("button", name="Sit as Ben").click()
    expect(ben_page.locator("#board")).to_contain_text("you are player")
    # Ann's open page follows at once (it polls here: live_server has no websocket).
    expect(untap_ben).to_have_count(0)
    expect(life_ben).to_have_count(0)
    expect(for_ben).to_have_count(0)
    expect(ann_page.get_by_role("button", name="Life of Ann plus 1")).to_have_count(1)
    ann_page.screenshot(path=str(artifacts_dir / f"seats-after-join-{width}.png"), full_page=True)

    # Ann makes Soldiers; Ben then changes his own life: nothing of Ann's. (Written here while
    # both pages poll: in the server's turn, see tests/e2e/sessions.py server_turn.)
    with server_turn:
        services.table_apply_action(
            table_id=table.id,
            user=ann,
            expected_version=0,
            action={"type": "create_token", "controller": 0, "definition": SOLDIER, "count": 2},
        )
    expect(_tile(ann_page, "Soldier Token")).to_be_visible()
    ben_page.get_by_role("button", name="Life of Ben minus 1").click()
    expect(ann_page.get_by_test_id("life-1")).to_have_text("19")
    # Both may undo their own last action; Ann's Undo takes back the Soldiers, not Ben's life.
    undo = ann_page.get_by_role("button", name="Undo", exact=True)
    undo.click()
    expect(_tile(ann_page, "Soldier Token")).to_have_count(0)
    expect(ann_page.get_by_test_id("life-1")).to_have_text("19")
    expect(ann_page.locator("#board .notice")).to_have_count(0)
    with server_turn:
        assert Action.objects.get(table=table, seq=1).undone_by == 3
    # Nothing of Ann's is left to undo: her button goes; Ben's stays for his life change.
    expect(undo).to_have_count(0)
    expect(ben_page.get_by_role("button", name="Undo", exact=True)).to_have_count(1)

    # A dependency: Ann makes Soldiers, Ben's spell taps one. Her Undo no longer shows.
    with server_turn:
        services.table_apply_action(
            table_id=table.id,
            user=ann,
            expected_version=3,
            action={"type": "create_token", "controller": 0, "definition": SOLDIER, "count": 2},
        )
    expect(undo).to_have_count(1)
    # Ben's page polls: until it has version 4 it still shows the Soldiers undone at 3.
    expect(ben_page.locator("#board")).to_have_attribute("data-version", "4")
    soldiers = _tile(ben_page, "Soldier Token")
    soldiers.locator(".tile-open").click()
    ben_page.locator("#panel").get_by_role("button", name="Tap", exact=True).click()
    expect(ann_page.locator("#board")).to_contain_text(re.compile(r"x2 Soldier Token \(1 tapped\)"))
    expect(undo).to_have_count(0)
    ann_page.screenshot(path=str(artifacts_dir / f"undo-blocked-{width}.png"), full_page=True)
    for page in (ann_page, ben_page):
        page.context.close()
