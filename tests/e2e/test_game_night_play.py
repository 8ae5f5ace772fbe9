"""Game night in real Chromium: two players acting at once on
different stacks both succeed, a double tap applies once, the invite survives sign-up, a guest
plays without an account, and a track-only table records an illegal action with a warning.

live_server speaks HTTP only: the pages poll for updates. To act "at once", the second page's
polling is held back, so its board is still the one it had when the first player acted."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, expect

from catalog.seed import load_seed
from play.models import Action, Seat, Table
from play.table import services
from tests.e2e.sessions import signed_in

TIMEOUT = 10_000


def _context(browser: Browser, live_url: str, user: User | None) -> BrowserContext:
    return signed_in(browser, live_url, user, {"width": 1280, "height": 900})


def _tile(page: Page, name: str) -> Any:
    return page.locator("#board .bf-tile", has_text=name)


def _hold_back_updates(page: Page) -> None:
    """The page hears nothing of others' actions: its board keeps the version it shows."""
    page.route(re.compile(r".*/board/.*"), lambda route: route.abort())


def _duel(owner: User, other: User) -> Table:
    table = services.table_create(owner=owner, game="mtg", name="Duel", players=["Ann", "Ben"])
    services.table_join(user=other, invite=table.invite_token, seat=1)
    soldier = {"name": "Soldier Token", "types": ["Creature"], "power": "1", "toughness": "1"}
    knight = {"name": "Knight Token", "types": ["Creature"], "power": "2", "toughness": "2"}
    services.table_apply_action(
        table_id=table.id,
        user=owner,
        expected_version=0,
        action={"type": "create_token", "controller": 0, "definition": soldier, "count": 3},
    )
    services.table_apply_action(
        table_id=table.id,
        user=other,
        expected_version=1,
        action={"type": "create_token", "controller": 1, "definition": knight, "count": 2},
    )
    return table


def _open(browser: Browser, live_url: str, user: User, table: Table) -> Page:
    page = _context(browser, live_url, user).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    version = str(Table.objects.get(pk=table.pk).version)
    expect(page.locator("#board")).to_have_attribute("data-version", version)
    return page


@pytest.mark.django_db(transaction=True)
def test_two_players_acting_on_different_stacks_at_once_both_succeed(
    browser: Browser, live_url: str, artifacts_dir: Path
) -> None:
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    table = _duel(ann, ben)
    ann_page, ben_page = (_open(browser, live_url, user, table) for user in (ann, ben))
    _hold_back_updates(ben_page)

    _tile(ann_page, "Soldier Token").get_by_role("button", name=re.compile("^Tap 1")).click()
    expect(ann_page.locator("#board")).to_contain_text("x3 Soldier Token (1 tapped)")
    assert ben_page.locator("#board").get_attribute("data-version") == "2"  # Ben is behind
    _tile(ben_page, "Knight Token").get_by_role("button", name=re.compile("^Tap 1")).click()
    # Ben's tap is applied on top of Ann's: his board shows both, and no conflict.
    expect(ben_page.locator("#board")).to_have_attribute("data-version", "4")
    expect(ben_page.locator("#board")).to_contain_text("x2 Knight Token (1 tapped)")
    expect(ben_page.locator("#board")).to_contain_text("x3 Soldier Token (1 tapped)")
    expect(ben_page.locator("#board .notice")).to_have_count(0)
    ben_page.screenshot(path=str(artifacts_dir / "game-night-rebased.png"), full_page=True)
    assert Table.objects.get(pk=table.pk).version == 4
    for page in (ann_page, ben_page):
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_double_tap_applies_once_and_says_who_was_first(
    browser: Browser, live_url: str, artifacts_dir: Path
) -> None:
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    table = _duel(ann, ben)
    ann_page, ben_page = (_open(browser, live_url, user, table) for user in (ann, ben))
    _hold_back_updates(ann_page)

    # Ben's spell taps one of Ann's Soldiers; Ann, whose board is behind, taps the same stack:
    # the second tap is a real conflict.
    _tile(ben_page, "Soldier Token").locator(".tile-open").click()
    ben_page.locator("#panel").get_by_role("button", name="Tap", exact=True).click()
    expect(ben_page.locator("#board")).to_contain_text("x3 Soldier Token (1 tapped)")
    _tile(ann_page, "Soldier Token").get_by_role("button", name=re.compile("^Tap 1")).click()
    notice = ann_page.locator("#board .notice")
    expect(notice).to_contain_text("Ben tapped 1 Soldier Token first.")
    # The board refreshed: Ann now sees Ben's tap, and only one Soldier is tapped.
    expect(ann_page.locator("#board")).to_have_attribute("data-version", "3")
    expect(ann_page.locator("#board")).to_contain_text("x3 Soldier Token (1 tapped)")
    ann_page.screenshot(path=str(artifacts_dir / "game-night-double-tap.png"), full_page=True)
    assert Action.objects.filter(table=table, payload__type="tap").count() == 1
    for page in (ann_page, ben_page):
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_the_invite_survives_sign_up_and_lands_in_the_seat(browser: Browser, live_url: str) -> None:
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
    page = _context(browser, live_url, None).new_page()
    page.goto(f"{live_url}/play/join/{table.invite_token}/")
    page.get_by_role("button", name="Sign up and sit as Ben").click()
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    page.get_by_label("Username").fill("newfriend")
    page.locator("#id_password1").fill("a-long-pass-9x")
    page.locator("#id_password2").fill("a-long-pass-9x")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_role("heading", name="Friday")).to_be_visible()
    assert page.url == f"{live_url}/play/{table.id}/"
    expect(page.locator("#board")).to_contain_text("you are player")
    seat = Seat.objects.get(table=table, number=1)
    assert seat.user is not None and seat.user.username == "newfriend"
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_guest_plays_without_an_account(
    browser: Browser, live_url: str, artifacts_dir: Path
) -> None:
    load_seed()
    page = _context(browser, live_url, None).new_page()
    page.goto(f"{live_url}/play/new/")
    expect(page.get_by_text("No account needed")).to_be_visible()
    page.get_by_label("Name").fill("Kitchen table")
    page.get_by_role("button", name="Start the table").click()
    expect(page.get_by_role("heading", name="Kitchen table")).to_be_visible()
    page.locator("#palette").get_by_role("button", name="Treasure Token").click()
    expect(_tile(page, "Treasure Token")).to_be_visible()
    expect(page.get_by_role("link", name="Sign up to keep your tables")).to_be_visible()
    invite = page.get_by_label("Invite link")
    expect(invite).to_have_value(re.compile(r"/play/join/"))
    page.screenshot(path=str(artifacts_dir / "game-night-guest.png"), full_page=True)
    table = Table.objects.get(name="Kitchen table")
    assert table.owner.username.startswith("guest-") and table.version == 1
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_track_only_table_records_an_illegal_action_with_a_warning(
    browser: Browser, live_url: str, artifacts_dir: Path
) -> None:
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    table = _duel(ann, ben)
    page = _open(browser, live_url, ann, table)
    other = _open(browser, live_url, ben, table)
    page.get_by_role("button", name="Track only").click()
    expect(page.locator("#board .mode-badge")).to_have_text("track only")
    # The switch is a log entry, and Ben's page shows the new mode without a reload.
    expect(other.locator("#board .mode-badge")).to_have_text("track only")
    expect(other.locator("#board .log-entry").first).to_contain_text("Track only")
    switch = Action.objects.filter(table=table).latest("seq")
    assert switch.payload == {"type": "set_mode", "mode": "track"} and switch.actor == ann
    # Attacking in the first main phase with a creature that just arrived: two rules broken.
    _tile(page, "Soldier Token").locator(".tile-open").click()
    page.locator("#panel").get_by_role("button", name="Attack").click()
    expect(page.locator("#panel")).to_be_hidden()
    entry = page.locator("#board .log-entry").first
    expect(entry).to_have_class(re.compile("against-rules"))
    expect(entry.locator(".rules-mark")).to_contain_text("against the rules (508.1, 302.6)")
    expect(page.locator("#board .result")).to_contain_text("Against the rules")
    page.screenshot(path=str(artifacts_dir / "game-night-track.png"), full_page=True)
    last = Action.objects.filter(table=table).latest("seq")
    assert last.payload["type"] == "attack"
    assert [e["rule"] for e in last.events if e["type"] == "rules_warning"] == ["508.1", "302.6"]
    # Only the owner sees the switch.
    expect(other.get_by_role("button", name="Enforce the rules")).to_have_count(0)
    page.get_by_role("button", name="Enforce the rules").click()
    expect(page.locator("#board .mode-badge")).to_have_count(0)
    expect(other.locator("#board .mode-badge")).to_have_count(0)
    for each in (page, other):
        each.context.close()


def _retry(page: Page, request: Any) -> Any:
    """The same post again, as a network retry sends it: same body, same headers."""
    headers = {k: v for k, v in request.headers.items() if not k.startswith(":")}
    return page.request.post(request.url, data=request.post_data, headers=headers)


@pytest.mark.django_db(transaction=True)
def test_a_retried_action_or_undo_is_replayed_by_its_idempotency_key_not_a_conflict(
    browser: Browser, live_url: str
) -> None:
    load_seed()
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    table = _duel(ann, ben)
    page = _open(browser, live_url, ann, table)
    with page.expect_request(re.compile(r".*/act/$")) as sent:
        _tile(page, "Soldier Token").get_by_role("button", name=re.compile("^Tap 1")).click()
    expect(page.locator("#board")).to_contain_text("x3 Soldier Token (1 tapped)")
    tap = sent.value
    key = tap.headers["idempotency-key"]
    assert key.startswith("page-")
    again = _retry(page, tap)
    assert again.status == 200 and again.headers["idempotent-replayed"] == "true"
    assert Action.objects.filter(table=table, payload__type="tap").count() == 1
    # A creation from the palette: without the key a retry would be rebased and create again.
    palette = page.locator("#palette")
    with page.expect_request(re.compile(r".*/act/$")) as sent:
        palette.get_by_role("button", name="Treasure Token", exact=True).click()
    expect(_tile(page, "Treasure Token")).to_be_visible()
    create = sent.value
    assert create.headers["idempotency-key"] != key
    assert _retry(page, create).headers["idempotent-replayed"] == "true"
    assert Action.objects.filter(table=table, payload__token="mtg-treasure").count() == 1
    # Undo, retried: one action taken back, and the retry answered as the first.
    with page.expect_request(re.compile(r".*/undo/$")) as sent:
        page.get_by_role("button", name="Undo", exact=True).click()
    expect(_tile(page, "Treasure Token")).to_have_count(0)
    again = _retry(page, sent.value)
    assert again.status == 200 and again.headers["idempotent-replayed"] == "true"
    assert Action.objects.filter(table=table, kind=Action.Kind.UNDO).count() == 1
    expect(page.locator("#board")).to_contain_text("x3 Soldier Token (1 tapped)")
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_double_click_on_one_tap_button_applies_once(browser: Browser, live_url: str) -> None:
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    table = _duel(ann, ben)
    page = _open(browser, live_url, ann, table)
    _tile(page, "Soldier Token").get_by_role("button", name=re.compile("^Tap 1")).dblclick()
    expect(page.locator("#board")).to_contain_text("x3 Soldier Token (1 tapped)")
    page.wait_for_load_state("networkidle")
    assert Action.objects.filter(table=table, payload__type="tap").count() == 1
    expect(page.locator("#board")).to_contain_text("x3 Soldier Token (1 tapped)")
    page.context.close()
