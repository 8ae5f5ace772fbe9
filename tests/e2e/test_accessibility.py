"""Every player can play, in real Chromium: axe-core's WCAG 2.x A/AA rules on every
page state a player or curator meets, keyboard play counted in keys, focus that survives own and
other players' updates, what the live region says, shortcuts that can be turned off and remapped,
a session that ends and comes back, and pages that reflow at 320 and 375 px and 200% text."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, BrowserContext, Page, expect

from catalog.models import TokenDefinition
from catalog.seed import load_seed
from collection import services as collection_services
from play.models import Table
from play.table import services
from tests.e2e import test_battlefield
from tests.e2e.axe import describe, violations
from tests.e2e.sessions import signed_in, viewport_of

TIMEOUT = 10_000
# Daphne (websockets) with Ann and Ben at a table of 3 Soldiers: the fixture of the live tests.
daphne_url = test_battlefield.daphne_url


def _context(
    browser: Browser, live_url: str, user: User | None, width: int = 1280, **options: Any
) -> BrowserContext:
    return signed_in(browser, live_url, user, viewport_of(width), **options)


def _act(table: Table, user: User, action: dict[str, Any]) -> None:
    table.refresh_from_db()
    services.table_apply_action(
        table_id=table.id, user=user, expected_version=table.version, action=action
    )


def _mtg_table(ann: User, ben: User | None = None) -> Table:
    """Ann's 10 Soldiers, Ben's 3 Treasures, a Clue and a Food: four stacks, two seats."""
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
    if ben is not None:
        table.seats.filter(number=1).update(user=ben)
    for action in (
        {"type": "create_token", "token": "mtg-soldier-1-1-w", "count": 10, "controller": 0},
        {"type": "create_token", "token": "mtg-clue", "controller": 1},
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
    """0 violations of any impact, page by page, state by state."""
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
    invite = Table.objects.get(pk=table.pk).invite_token

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
        ("new table, no account", "/play/new/"),
        ("invited view", f"/play/join/{invite}/"),
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
        if page.locator("[data-sheet-toggle]").is_visible():  # a phone's create sheet
            page.locator("[data-sheet-toggle]").click()
        page.locator("#palette-q").fill("sol")
        expect(page.locator("#palette-results button").first).to_be_visible()
        check(page, f"palette search at {width}")
        page.emulate_media(color_scheme="dark")
        check(page, f"table, dark, at {width}")
        context.close()

    # A pending choice (the legend rule, CR 704.5j) arriving from the server: a dialog on the
    # board, said at once in the assertive region.
    choices = services.table_create(owner=ann, game="mtg", name="Choices", players=["Ann"])
    voja = {"name": "Voja", "supertypes": ["Legendary"], "types": ["Creature"], "power": "3"}
    voja |= {"toughness": "3", "subtypes": ["Wolf"]}
    _act(choices, ann, {"type": "create_token", "definition": voja, "controller": 0})
    page = _context(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{choices.id}/")
    expect(page.locator("#board .bf-tile")).to_have_count(1)
    elf = voja | {"subtypes": ["Elf"]}
    _act(choices, ann, {"type": "create_token", "definition": elf, "controller": 0})
    expect(page.locator("#choice")).to_be_visible()
    expect(page.locator("#announce-urgent")).to_contain_text("Ann must choose")
    check(page, "pending choice")
    page.context.close()

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
    """Nothing wider than the screen (no hidden Save buttons), nothing cut off at
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


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("width", [1280, 375])
def test_the_three_common_jobs_take_few_keys_and_focus_stays(
    browser: Browser, live_url: str, width: int
):
    """Tap 4 of 10, create 3 Treasures, reach the last stack: at most 10 keys each
    (the audit counted 52 through the stack dialog, 14-32 and 70 Tabs before); focus is never
    lost, and the stack dialog gives it back to its stack."""
    load_seed()
    ann = User.objects.create_user("ann")
    table = _mtg_table(ann)
    page = _context(browser, live_url, ann, width).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    soldiers = page.locator("#board .bf-tile", has_text="Soldier Token")
    expect(soldiers).to_have_count(1)
    # Names start with what is seen (WCAG 2.5.3): the stack's link reads as its tile does.
    expect(
        page.get_by_role("link", name=re.compile(r"^x10 Soldier Token Token Creature"))
    ).to_be_visible()
    expect(page.get_by_role("group", name="Mana pool").first).to_be_visible()

    # 1. Tap 4 of the 10 Soldiers: the skip link, the first stack, its dialog, "4", Enter.
    keys = _press(page, ["Tab"])
    expect(page.locator(":focus")).to_have_text("Skip to the stacks")
    keys += _press(page, ["Enter"])
    expect(page.locator(":focus")).to_contain_text("x10 Soldier Token")
    keys += _press(page, ["Enter"])
    expect(page.locator("#panel")).to_be_visible()
    # The dialog is named by the stack, no internal id in it.
    expect(page.get_by_role("dialog", name=re.compile(r"^Soldier Token x10"))).to_be_visible()
    expect(page.locator("#panel input[name=count]").first).to_be_focused()
    keys += _press(page, ["4", "Enter"])
    expect(page.locator("#board .pile-summary", has_text="Soldier")).to_have_text(
        "x10 Soldier Token (4 tapped)"
    )
    expect(page.locator("#panel")).to_be_hidden()
    assert keys <= 10, keys
    # The dialog gave focus back to the Soldiers (a stack of them: the one it came from).
    expect(page.locator(":focus")).to_contain_text("Soldier Token")
    expect(page.locator("#announce")).to_have_text("ann: Tapped Soldier Token (x4).")

    # 2. Three Treasures for Ann: the create key, "3", Tab to the tokens, "t", Enter.
    keys = _press(page, ["c", "3"])
    while not page.evaluate("!!document.activeElement.closest('.quick')") and keys < 10:
        keys += _press(page, ["Tab"])
    keys += _press(page, ["t"])
    expect(page.locator(":focus")).to_have_text("Treasure Token")
    keys += _press(page, ["Enter"])
    expect(page.locator("#announce")).to_have_text("Ann created Treasure Token (x3).")
    assert keys <= 10, keys
    if width == 375:  # the phone's sheet folds to show the board, focus on its toggle
        expect(page.locator(":focus")).to_have_text("Create tokens")
        expect(page.locator("[data-sheet-toggle]")).to_have_attribute("aria-expanded", "false")
    else:
        expect(page.locator(":focus")).to_have_text("Treasure Token")  # ready for the next

    # 3. The last stack (6 on the board now), from the top of the page: skip link, End.
    page.locator("#board .bf-tile").nth(2).locator(".tile-open").focus()
    page.locator("#board .bf-tile").first.locator(".tile-open").focus()
    page.keyboard.press("Shift+Tab")  # leave the stacks, then come back with Tab
    keys = _press(page, ["Tab"])
    expect(page.locator(":focus")).to_contain_text("Soldier Token")
    keys += _press(page, ["End", "Enter"])
    expect(page.locator("#panel")).to_be_visible()
    last = page.locator("#board .bf-tile").last.get_attribute("data-object")
    expect(page.locator("#panel")).to_contain_text(
        page.locator("#board .bf-tile").last.get_attribute("data-name") or ""
    )
    assert keys <= 10, keys
    page.keyboard.press("Escape")
    expect(page.locator(":focus")).to_have_count(1)
    focused_tile = page.evaluate("document.activeElement.closest('.bf-tile').dataset.object")
    assert focused_tile == last

    # The stacks are one Tab stop: Tab from a stack's quick button leaves the board's stacks.
    tab_stops = page.evaluate(
        "[...document.querySelectorAll('#board .bf-tile a, #board .bf-tile button')]"
        ".filter(el => el.tabIndex >= 0).length"
    )
    assert tab_stops == 2  # the current stack's name and its quick button

    # A quick "Tap 1" by keyboard keeps focus on the stack's tapping button.
    soldier = page.locator("#board .bf-tile", has_text="Soldier Token").first
    soldier.locator(".tile-open").focus()
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_text("Tap 1")
    page.keyboard.press("Enter")
    expect(page.locator("#board .pile-summary", has_text="Soldier")).to_have_text(
        "x10 Soldier Token (5 tapped)"
    )
    expect(page.locator(":focus")).to_have_text("Tap 1")
    page.context.close()


def _live_pages(browser: Browser, table_url: str, keys: list[str]) -> list[Page]:
    pages = []
    for key in keys:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        cookie = {"name": "sessionid", "value": key, "domain": "127.0.0.1", "path": "/"}
        context.add_cookies([cookie])  # type: ignore[list-item]
        context.set_default_timeout(TIMEOUT)
        page = context.new_page()
        page.goto(table_url)
        expect(page.locator("#live-status")).to_have_text("live")
        pages.append(page)
    return pages


def test_other_players_actions_are_announced_and_keep_focus(browser: Browser, daphne_url):
    """The live region (there from page load, never replaced) says another
    player's action; focus stays on the same control through a swapped board (Ben's life) and
    through tiles patched from the websocket's delta (Ann's other tab taps a Soldier)."""
    table_url, keys = daphne_url
    ann, ben = _live_pages(browser, table_url, keys)
    ann.evaluate("document.getElementById('announce').dataset.mark = 'from load'")
    soldier_button = ann.get_by_role("button", name="Tap 1 Soldier Token")
    soldier_button.focus()

    ben.get_by_role("button", name="Life of Ben plus 1").click()
    expect(ann.get_by_test_id("life-1")).to_have_text("21")
    expect(ann.locator("#announce")).to_have_text("Ben gained 1 life.")
    expect(ann.locator(":focus")).to_have_attribute("aria-label", "Tap 1 Soldier Token")
    # A control in the part of the board that Ben's change replaces keeps focus as well.
    ann.get_by_role("button", name="Life of Ann plus 1").focus()
    ben.get_by_role("button", name="Life of Ben plus 1").click()
    expect(ann.get_by_test_id("life-1")).to_have_text("22")
    expect(ann.locator(":focus")).to_have_attribute("aria-label", "Life of Ann plus 1")
    soldier_button.focus()

    # Ann's second tab taps one Soldier: the first tab patches its tiles from the delta (no
    # board download) and keeps focus on the untapped Soldiers' button.
    other = ann.context.new_page()
    other.goto(table_url)
    board_requests: list[str] = []
    ann.on("request", lambda request: board_requests.append(request.url))
    other.get_by_role("button", name="Tap 1 Soldier Token").click()
    expect(ann.locator(".pile-summary")).to_have_text("x3 Soldier Token (1 tapped)")
    expect(ann.locator("#announce")).to_contain_text("Tapped Soldier Token")
    focused = ann.locator(":focus")
    expect(focused).to_have_text("Tap 1")
    # No board download; only the frame (a few hundred bytes) when an Undo button is shown,
    # since another's action can decide whether one's undo still works (undo follows play).
    assert [url for url in board_requests if "part=frame" not in url] == []
    # Pressing it now taps another of the untapped ones: focus is on a live control.
    ann.keyboard.press("Enter")
    expect(ann.locator(".pile-summary")).to_have_text("x3 Soldier Token (2 tapped)")
    expect(ann.locator(":focus")).to_have_count(1)
    assert ann.evaluate("document.activeElement !== document.body")
    assert ann.evaluate("document.getElementById('announce').dataset.mark") == "from load"
    # An own action costs one board download: the answer, never a refetch besides.
    board_requests.clear()
    ann.get_by_role("button", name="Life of Ann minus 1").click()
    expect(ann.get_by_test_id("life-0")).to_have_text("19")
    expect(ann.locator("#announce")).to_have_text("Ann lost 1 life.")
    ann.wait_for_timeout(1000)
    assert [url for url in board_requests if "/board/" in url] == []
    # The accessibility tree: one status region, the log a focusable role=log.
    snapshot = ann.locator("body").aria_snapshot()
    assert "- log" in snapshot
    assert ann.locator("[role=log]").get_attribute("tabindex") == "0"
    for page in (ann, ben):
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_polling_says_each_action_since_the_last_poll(browser: Browser, live_url: str):
    """Without a websocket (the test server has none: the page polls): three
    actions on Ben's life between two polls are all said, in order, not only the newest."""
    load_seed()
    ann = User.objects.create_user("ann")
    table = _mtg_table(ann)  # Ann acts for Ben's unclaimed seat: another tab, as it were
    page = _context(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    expect(page.locator("#live-status")).to_have_text(re.compile("polling", re.I))
    # Hold the polls while Ben acts, so his actions arrive in one poll however fast it runs.
    page.route("**/board/**", lambda route: route.abort())
    page.wait_for_timeout(1200)
    for amount in (-1, -2, -3):
        _act(table, ann, {"type": "adjust_life", "seat": 1, "amount": amount})
    page.unroute("**/board/**")
    expect(page.locator("#announce")).to_have_text(
        "Ben lost 1 life. Ben lost 2 life. Ben lost 3 life."
    )
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_shortcuts_can_be_turned_off_and_remapped_and_are_kept(browser: Browser, live_url: str):
    """Shortcuts (WCAG 2.1.4): off, remapped, kept across reloads; never while typing."""
    load_seed()
    ann = User.objects.create_user("ann")
    table = _mtg_table(ann)
    page = _context(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    step = page.locator(".board-title .muted")  # ends with the live status: wait until it settles
    live_status = page.locator("#live-status")
    expect(live_status).to_have_text("polling", timeout=15_000)
    before = step.inner_text()
    expect(page.get_by_role("button", name="Next step")).to_have_attribute("aria-keyshortcuts", "n")

    page.locator("#palette-q").focus()
    page.keyboard.press("n")  # typed into the search, not a shortcut
    expect(step).to_have_text(before)
    page.locator("#palette-q").fill("")

    page.get_by_role("button", name="Keys").click()
    help_dialog = page.locator("#help")
    help_dialog.get_by_label("Single-key shortcuts").uncheck()
    page.keyboard.press("Escape")
    page.locator("body").press("n")
    page.wait_for_timeout(500)
    expect(step).to_have_text(before)
    expect(page.get_by_role("button", name="Next step")).not_to_have_attribute(
        "aria-keyshortcuts", "n"
    )

    page.get_by_role("button", name="Keys").click()
    help_dialog.get_by_label("Single-key shortcuts").check()
    with page.expect_response("**/play/shortcuts/") as saved:
        help_dialog.get_by_label("Key for: Next step").fill("j")
    assert saved.value.status == 200
    expect(help_dialog.locator("#shortcut-note")).to_have_text("Saved.")
    help_dialog.get_by_label("Key for: Pass the turn").fill("j")
    expect(help_dialog.locator("#shortcut-note")).to_contain_text("already does something else")
    help_dialog.get_by_label("Key for: Pass the turn").fill("1")
    expect(help_dialog.locator("#shortcut-note")).to_contain_text("kept for quick counts")
    expect(help_dialog.get_by_label("Key for: Pass the turn")).to_have_value("p")
    page.keyboard.press("Escape")
    page.reload()
    expect(live_status).to_have_text("polling", timeout=15_000)
    expect(page.get_by_role("button", name="Next step")).to_have_attribute("aria-keyshortcuts", "j")
    page.locator("body").press("n")
    page.wait_for_timeout(500)
    expect(step).to_have_text(before)
    page.locator("body").press("j")
    expect(step).not_to_have_text(before)

    # Kept with Ann's account, not this browser: another browser signed in as Ann has them.
    assert page.evaluate("localStorage.getItem('tokensite.shortcuts')") is None
    other = _context(browser, live_url, ann).new_page()
    other.goto(f"{live_url}/play/{table.id}/")
    expect(other.get_by_role("button", name="Next step")).to_have_attribute(
        "aria-keyshortcuts", "j"
    )
    after = other.locator(".board-title .muted").inner_text()
    other.locator("body").press("j")
    expect(other.locator(".board-title .muted")).not_to_have_text(after)
    other.context.close()
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_visitors_shortcuts_are_kept_in_their_browser(browser: Browser, live_url: str):
    """Without an account (a guest's table), the settings stay in this browser."""
    load_seed()
    context = _context(browser, live_url, None)
    page = context.new_page()
    page.goto(f"{live_url}/play/new/")
    page.get_by_role("button", name="Start the table").click()
    expect(page.locator("#board")).to_be_visible()
    page.get_by_role("button", name="Keys").click()
    page.locator("#help").get_by_label("Key for: Next step").fill("z")
    expect(page.locator("#help #shortcut-note")).to_have_text("Saved.")
    stored = page.evaluate("JSON.parse(localStorage.getItem('tokensite.shortcuts'))")
    assert stored == {"enabled": True, "keys": {"next": "z"}}
    page.keyboard.press("Escape")
    page.reload()
    expect(page.get_by_role("button", name="Next step")).to_have_attribute("aria-keyshortcuts", "z")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_an_ended_session_says_so_and_the_board_comes_back(browser: Browser, live_url: str):
    """Logout in another tab; the board says so with a login link that keeps the
    table as `next`, and comes back by itself once logged in again (here: in the other tab)."""
    load_seed()
    ann = User.objects.create_user("ann", password="a-long-password-25")
    table = _mtg_table(ann)
    context = _context(browser, live_url, ann)
    page = context.new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    expect(page.locator("#board .bf-tile")).to_have_count(4)

    other = context.new_page()
    other.goto(f"{live_url}/")
    other.get_by_role("button", name="Log out (ann)").click()
    expect(page.locator("#board")).to_contain_text("Your session ended", timeout=TIMEOUT)
    expect(page.locator("#announce-urgent")).to_contain_text("Your session ended")
    link = page.get_by_role("link", name="Log in again")
    assert f"next=%2Fplay%2F{table.id}%2F" in (link.get_attribute("href") or "")

    other.goto(live_url + (link.get_attribute("href") or ""))
    other.get_by_label("Username").fill("ann")
    other.get_by_label("Password").fill("a-long-password-25")
    other.get_by_role("button", name="Log in").click()
    expect(other).to_have_url(f"{live_url}/play/{table.id}/")
    expect(page.locator("#board .bf-tile")).to_have_count(4, timeout=TIMEOUT)
    page.get_by_role("button", name="Life of Ann minus 1").click()
    expect(page.get_by_test_id("life-0")).to_have_text("19")
    context.close()


@pytest.mark.django_db(transaction=True)
def test_a_catalogue_search_announces_its_count_not_the_grid(browser: Browser, live_url: str):
    """The results are not a live region; a status updated in place says how many."""
    load_seed()
    page = _context(browser, live_url, None).new_page()
    page.goto(f"{live_url}/catalog/")
    status = page.locator("#search-status")
    page.evaluate("document.getElementById('search-status').dataset.mark = 'from load'")
    page.get_by_label("Search by name").fill("soldier")
    expect(status).to_have_text(re.compile(r"^\d+ tokens? found$"))
    assert page.locator("#results").get_attribute("aria-live") is None
    assert status.get_attribute("data-mark") == "from load"
    assert page.locator("[id=search-status]").count() == 1
    page.context.close()
