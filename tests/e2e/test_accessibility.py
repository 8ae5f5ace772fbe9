"""Every player can play (issue 25), in real Chromium: axe-core's WCAG 2.x A/AA rules on every
page state a player or curator meets, keyboard play counted in keys, focus that survives own and
other players' updates, what the live region says, shortcuts that can be turned off and remapped,
a session that ends and comes back, and pages that reflow at 320 and 375 px and 200% text."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Page, expect

from catalog.models import TokenDefinition
from catalog.seed import load_seed
from collection import services as collection_services
from play import services
from play.models import Table
from tests.e2e.axe import describe, violations

TIMEOUT = 10_000


def _context(
    browser: Browser, live_url: str, user: User | None, width: int = 1280, **options: Any
) -> BrowserContext:
    context = browser.new_context(
        viewport={"width": width, "height": 812 if width < 600 else 900}, **options
    )
    if user is not None:
        client = Client()
        client.force_login(user)
        cookie = client.cookies["sessionid"]
        context.add_cookies([{"name": "sessionid", "value": cookie.value, "url": live_url}])
    context.set_default_timeout(TIMEOUT)
    return context


def _act(table: Table, user: User, action: dict[str, Any]) -> None:
    table.refresh_from_db()
    services.table_apply_action(
        table_id=table.id, user=user, expected_version=table.version, action=action
    )


def _mtg_table(ann: User, ben: User | None = None) -> Table:
    """Ann's 10 Soldiers and a Clue, Ben's 3 Treasures and a Food: four stacks, two seats."""
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
    if ben is not None:
        table.seats.filter(number=1).update(user=ben)
    for action in (
        {"type": "create_token", "token": "mtg-soldier-1-1-w", "count": 10, "controller": 0},
        {"type": "create_token", "token": "mtg-clue", "controller": 0},
        {"type": "create_token", "token": "mtg-treasure", "count": 3, "controller": 1},
        {"type": "create_token", "token": "mtg-food", "controller": 1},
    ):
        _act(table, ann, action)
    return table


def _press(page: Page, keys: list[str]) -> int:
    """Presses `keys` one after the other, as a player would; returns how many."""
    for key in keys:
        page.keyboard.press(key)
    return len(keys)


def _focused(page: Page) -> str:
    return str(page.evaluate("document.activeElement ? document.activeElement.outerHTML : ''"))[
        :160
    ]


@pytest.mark.django_db(transaction=True)
def test_every_page_state_has_no_axe_violations(browser: Browser, live_url: str):
    """Issue 25, 1: 0 violations of any impact, page by page, state by state."""
    load_seed()
    ann = User.objects.create_user("ann", password="x-long-password-1")
    ann.is_staff = ann.is_superuser = True
    ann.save()
    table = _mtg_table(ann)
    rift = services.table_create(owner=ann, game="riftbound", name="Runes", players=["Ann", "Ben"])
    _act(rift, ann, {"type": "create_token", "token": "rb-gold", "count": 2, "controller": 0})
    deck = collection_services.deck_create(
        owner=ann, game="mtg", decklist="1 Krenko, Mob Boss\n1 Xorn\n", name="Goblins"
    )
    collection_services.collection_add(
        owner=ann, token=TokenDefinition.objects.get(slug="mtg-soldier-1-1-w"), quantity=4
    )
    collection_services.collection_add_list(owner=ann, game="mtg", text="2 Krenko, Mob Boss\n")
    spectate = Table.objects.get(pk=table.pk).spectate_token

    found: dict[str, str] = {}

    def check(page: Page, state: str) -> None:
        result = violations(page)
        if result:
            found[state] = describe(result)

    anonymous = _context(browser, live_url, None).new_page()
    pages: list[tuple[str, str]] = [
        ("home", "/"),
        ("catalogue", "/catalog/?q=soldier"),
        ("token", "/catalog/tokens/mtg-soldier-1-1-w/"),
        ("card", "/catalog/cards/mtg-krenko-mob-boss/"),
        ("print", "/print/"),
        ("login", "/accounts/login/"),
        ("signup", "/accounts/signup/"),
    ]
    for state, path in pages:
        anonymous.goto(live_url + path)
        check(anonymous, state)
    if spectate:
        anonymous.goto(f"{live_url}/play/{table.id}/?spectate={spectate}")
        expect(anonymous.locator("#board")).to_be_visible()
        check(anonymous, "spectator view")
    anonymous.goto(f"{live_url}/play/{table.id}/")
    check(anonymous, "table, logged out")

    for width in (1280, 375):
        context = _context(browser, live_url, ann, width)
        page = context.new_page()
        for state, path in (
            ("lobby", "/play/"),
            ("collection", "/collection/"),
            ("decks", "/decks/"),
            ("deck", f"/decks/{deck.pk}/"),
            ("riftbound table", f"/play/{rift.id}/"),
            ("admin", "/admin/"),
        ):
            page.goto(live_url + path)
            check(page, f"{state} at {width}")
        page.goto(f"{live_url}/play/{table.id}/")
        expect(page.locator("#board .bf-tile")).to_have_count(4)
        check(page, f"table with stacks at {width}")
        page.locator("#board .tile-open").first.click()
        expect(page.locator("#panel")).to_be_visible()
        check(page, f"stack dialog at {width}")
        page.keyboard.press("Escape")
        page.locator("[data-open-help]").click()
        expect(page.locator("#help")).to_be_visible()
        check(page, f"keys dialog at {width}")
        page.keyboard.press("Escape")
        page.locator(".log-entry summary").first.click()
        check(page, f"log opened at {width}")
        if not page.locator("#palette").evaluate("palette => palette.open"):
            page.locator("#palette > summary").click()
        page.locator("#palette-q").fill("sol")
        expect(page.locator("#palette-results button").first).to_be_visible()
        check(page, f"palette search at {width}")
        page.emulate_media(color_scheme="dark")
        check(page, f"table, dark, at {width}")
        context.close()

    page = _context(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    expect(page.locator("#board .bf-tile")).to_have_count(4)
    page.context.clear_cookies()
    page.evaluate(
        "htmx.ajax('GET', document.getElementById('table-page').dataset.boardUrl, "
        "{target: '#board', swap: 'outerHTML'})"
    )
    expect(page.locator("#board")).to_contain_text("Your session ended")
    check(page, "session ended")
    page.context.close()
    assert not found, "\n\n".join(f"== {state}\n{text}" for state, text in found.items())


OVERFLOW = """() => {
  const wide = [];
  for (const el of document.querySelectorAll('body *')) {
    const box = el.getBoundingClientRect();
    const hidden = el.closest('.visually-hidden, .skip-link');
    if (box.width && box.right > window.innerWidth + 1 && !hidden) {
      wide.push(`${el.tagName}.${el.className} ${Math.round(box.right)}`);
    }
  }
  const page = document.documentElement.scrollWidth;
  return {page: page, view: window.innerWidth, wide: wide.slice(0, 8)};
}"""

CUT = """() => [...document.querySelectorAll('main *:not(.visually-hidden)')].filter(el => {
  const style = getComputedStyle(el);
  const clips = style.overflow.includes('hidden') || style.textOverflow === 'ellipsis'
    || style.webkitLineClamp !== 'none';
  return clips && el.children.length === 0 && el.textContent.trim()
    && (el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1);
}).map(el => el.className + ': ' + el.textContent.trim().slice(0, 40))"""


@pytest.mark.django_db(transaction=True)
def test_pages_reflow_at_320_and_375_px_and_zoom_without_cutting_text(
    browser: Browser, live_url: str, artifacts_dir: Path
):
    """Issue 25, 7: nothing wider than the screen (no hidden Save buttons), nothing cut off at
    200% zoom; tile text at least 12 px."""
    load_seed()
    ann = User.objects.create_user("ann")
    table = _mtg_table(ann)
    deck = collection_services.deck_create(
        owner=ann, game="mtg", decklist="1 Krenko, Mob Boss\n1 Xorn\n", name="Goblins"
    )
    collection_services.collection_add(
        owner=ann, token=TokenDefinition.objects.get(slug="mtg-soldier-1-1-w"), quantity=4
    )
    collection_services.collection_add_list(owner=ann, game="mtg", text="2 Krenko, Mob Boss\n")
    paths = [
        "/",
        "/catalog/?q=soldier",
        "/catalog/tokens/mtg-soldier-1-1-w/",
        "/catalog/cards/mtg-krenko-mob-boss/",
        "/print/",
        "/collection/",
        "/decks/",
        f"/decks/{deck.pk}/",
        f"/play/{table.id}/",
    ]
    problems: dict[str, Any] = {}
    for width in (320, 375, 640):
        page = _context(browser, live_url, ann, width).new_page()
        for path in paths:
            page.goto(live_url + path)
            measured = page.evaluate(OVERFLOW)
            if measured["page"] > measured["view"]:
                problems[f"{path} at {width}: wider"] = measured
            cut = page.evaluate(CUT)
            if width == 640 and cut:  # 1280 px at 200%
                problems[f"{path} at 200%: cut"] = cut
        page.goto(f"{live_url}/collection/")
        save = page.get_by_role("button", name="Save").first
        save.scroll_into_view_if_needed()
        box = save.bounding_box()
        assert box is not None and box["x"] + box["width"] <= width
        page.goto(f"{live_url}/play/{table.id}/")
        sizes = page.evaluate(
            "[...document.querySelectorAll('#board .bf-tile *')].filter(el => "
            "el.childNodes.length && [...el.childNodes].some(n => n.nodeType === 3 && "
            "n.textContent.trim())).map(el => parseFloat(getComputedStyle(el).fontSize))"
        )
        assert sizes and min(sizes) >= 12, sizes
        page.screenshot(path=str(artifacts_dir / f"a11y-table-{width}.png"), full_page=True)
        page.context.close()
    assert not problems, "\n".join(f"{where}: {what}" for where, what in problems.items())
