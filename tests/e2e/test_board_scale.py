"""Issue 36 in Chromium: one's own action patched from its delta (the board element stays), a
gap answered with the whole board, and a big table's stacks loaded as they scroll into view.

live_server has no websocket, so the page polls; the tests that need the page not to catch up
by itself block its polls (a dead connection), which is exactly when a gap happens.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

import rules
from play.models import Table
from play.table import services
from play.web import board
from tests.e2e.sessions import signed_in

SOLDIER = {"name": "Soldier Token", "types": ["Creature"], "power": "1", "toughness": "1"}


def _page(browser: Browser, live_url: str, user: User) -> Page:
    return signed_in(browser, live_url, user, {"width": 1280, "height": 900}).new_page()


def _table(owner: User, **create: Any) -> Table:
    table = services.table_create(owner=owner, game="mtg", name="Big", players=["Ann", "Ben"])
    action = {"type": "create_token", "controller": 0, "definition": SOLDIER, "count": 3, **create}
    services.table_apply_action(table_id=table.id, user=owner, expected_version=0, action=action)
    return table


def _mark_board(page: Page) -> None:
    """Tags the board element: a patch keeps it, a swap of the whole board replaces it."""
    page.evaluate("document.getElementById('board').dataset.mark = 'kept'")


def _board_kept(page: Page) -> bool:
    return bool(page.evaluate("document.getElementById('board').dataset.mark === 'kept'"))


@pytest.mark.django_db(transaction=True)
def test_own_click_is_patched_from_its_delta_and_a_gap_brings_the_board(
    browser: Browser, live_url: str
) -> None:
    ann = User.objects.create_user("ann")
    table = _table(ann)
    page = _page(browser, live_url, ann)
    page.route("**/board/?known=*", lambda route: route.abort())  # no catching up by polling
    page.goto(f"{live_url}/play/{table.id}/")
    tiles = page.locator("#board .bf-tile")
    expect(tiles).to_have_count(1)
    _mark_board(page)

    tiles.first.get_by_role("button", name="Tap 1 Soldier Token").click()
    expect(page.locator("#board .pile-summary")).to_have_text("x3 Soldier Token (1 tapped)")
    expect(tiles).to_have_count(2)
    expect(page.locator("#board .bf-tile.is-tapped .count")).to_have_text("x1")
    expect(page.locator("#board-log")).to_contain_text("Tapped")  # the frame, out of band
    assert _board_kept(page), "the board was swapped, not patched"
    assert page.evaluate("document.getElementById('board').dataset.version") == "2"

    # Another action behind the page's back: the next click is rebased past it, a gap.
    services.table_apply_action(
        table_id=table.id,
        user=ann,
        expected_version=2,
        action={"type": "adjust_life", "seat": 1, "amount": -3},
    )
    untapped = page.locator("#board .bf-tile:not(.is-tapped)")
    untapped.get_by_role("button", name="Tap 1 Soldier Token").click()
    expect(page.get_by_test_id("life-1")).to_have_text("17")
    expect(page.locator("#board .pile-summary")).to_have_text("x3 Soldier Token (2 tapped)")
    assert not _board_kept(page), "a gap must bring the whole board"
    assert page.evaluate("document.getElementById('board').dataset.version") == "4"
    # One Tab stop among the stacks: the current tile's controls only.
    stops = page.locator("#board .bf-tile .tile-open[tabindex='0']")
    expect(stops).to_have_count(1)
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_big_tables_stacks_load_as_they_scroll_into_view(browser: Browser, live_url: str) -> None:
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Big", players=["Ann", "Ben"])
    state = rules.new_game("mtg", {"players": ["Ann", "Ben"]})
    stacks = board.GROUP_TILES * 2 + 7
    for index in range(stacks):
        definition = {**SOLDIER, "name": f"Bench {index:04d}"}
        action = {"type": "create_token", "controller": 0, "definition": definition}
        state = rules.apply(state, action).state
    Table.objects.filter(pk=table.pk).update(state=rules.codec.dump(state))
    page = _page(browser, live_url, ann)
    page.goto(f"{live_url}/play/{table.id}/")
    tiles = page.locator("#board .bf-tile")
    expect(tiles).to_have_count(board.GROUP_TILES)
    for shown in (board.GROUP_TILES * 2, stacks):
        page.locator("#board .load-more").first.scroll_into_view_if_needed()
        expect(tiles).to_have_count(shown)
    expect(page.locator("#board .load-more")).to_have_count(0)
    expect(page.locator("#board .bf-tile", has_text="Bench 0126")).to_be_visible()

    # A stack loaded late is patched like any other: one's own click on it.
    last = page.locator("#board .bf-tile", has_text="Bench 0126")
    _mark_board(page)
    last.get_by_role("button", name="Tap 1 Bench 0126").click()
    expect(last).to_have_class(re.compile(r"\bis-tapped\b"))
    assert _board_kept(page)
    page.context.close()
