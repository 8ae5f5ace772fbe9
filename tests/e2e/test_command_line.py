"""The command line in real Chromium (issue 37): a two-player turn played by typed lines alone,
keys counted; each question answered in the live region; digits and shortcuts from the palette's
token buttons; axe on the table with the command line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from catalog.seed import load_seed
from play.models import Table
from play.table import services
from tests.e2e import test_battlefield
from tests.e2e.axe import describe, violations
from tests.e2e.sessions import signed_in, table_with
from tests.e2e.test_accessibility import CUT, OVERFLOW, _act, _context, _live_pages
from tests.e2e.test_combat_taps import SOLDIER

# Daphne (websockets) with Ann and Ben at a table of 3 Soldiers (tests/e2e/test_battlefield.py).
daphne_url = test_battlefield.daphne_url
GOBLIN = {
    "name": "Goblin Token",
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "colors": ["R"],
    "power": "1",
    "toughness": "1",
    "keywords": ["Haste"],
}
DESKTOP = {"width": 1280, "height": 900}
WOLF = {**GOBLIN, "name": "Wolf Token", "subtypes": ["Wolf"], "power": "2", "toughness": "2"}


def line(page: Page, text: str) -> int:
    """Types one command line and Enter, as a player would; returns the keys pressed."""
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    return len(text) + 1


def said(page: Page) -> object:
    return expect(page.locator("#announce"))


@pytest.mark.django_db(transaction=True)
def test_a_two_player_turn_by_the_command_line_alone(
    browser: Browser, live_url: str, artifacts_dir: Path
):
    load_seed()
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Lines", players=["Ann", "Ben"])
    _act(table, ann, {"type": "create_token", "controller": 0, "definition": GOBLIN, "count": 10})
    _act(table, ann, {"type": "create_token", "controller": 1, "definition": WOLF})
    page = _context(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    announce = page.locator("#announce")
    urgent = page.locator("#announce-urgent")
    board = page.locator("#board")
    jobs: dict[str, tuple[int, int]] = {}  # job: (lines, keys)

    page.keyboard.press("k")  # the command line's shortcut
    expect(page.locator("#command-q")).to_be_focused()

    jobs["create"] = (1, line(page, "3 treasure"))
    expect(announce).to_have_text("Ann created Treasure Token (x3).")
    expect(page.locator("#command-q")).to_be_focused()
    expect(page.locator("#command-q")).to_have_value("")

    jobs["tap"] = (1, line(page, "tap 2 treasure"))
    expect(announce).to_have_text("ann: Tapped Treasure Token (x2).")

    jobs["counters"] = (1, line(page, "counter +1 on 2 goblin"))
    expect(announce).to_contain_text("+1/+1")
    expect(board.locator(".counter-badge").first).to_contain_text("1")

    for step in ("beginning of combat", "declare attackers"):
        line(page, "next")
        expect(board).to_contain_text(step)

    # Tab completes verbs and names: "atta" Tab says the choices, the line stays one line.
    page.keyboard.type("attack ben with 8 gob")
    page.keyboard.press("Tab")
    expect(page.locator("#command-q")).to_have_value("attack ben with 8 Goblin Token ")
    page.keyboard.press("Enter")
    jobs["attack"] = (1, len("attack ben with 8 gob") + 2)
    expect(announce).to_contain_text("attacked Ben")

    line(page, "next")
    expect(board).to_contain_text("declare blockers")
    jobs["block"] = (1, line(page, "block goblin with wolf"))
    expect(announce).to_contain_text("Wolf Token blocked Goblin Token")

    # Damage on the Wolf, taken back: the undo in words.
    jobs["damage"] = (1, line(page, "damage 1 to wolf"))
    expect(announce).to_contain_text("1 damage")
    jobs["undo"] = (1, line(page, "undo"))
    expect(announce).to_have_text("Undid: ann's Damage.")

    # An ambiguous phrase asks which, by number; the digit then Enter does it.
    line(page, "damage 1 to goblin")
    expect(announce).to_contain_text("Which one? 1:")
    expect(page.locator("#command-out li")).to_have_count(3)
    assert "o1" not in (page.locator("#command-out").text_content() or "")
    line(page, "1")
    expect(announce).to_contain_text("1 damage")

    # Not understood: said in the urgent region, with what was meant.
    line(page, "tap 2 tresure")
    expect(urgent).to_contain_text("Did you mean: Treasure Token?")

    # The questions, typed.
    page.locator("#command-q").fill("")
    line(page, "combat")
    expect(announce).to_contain_text("attacks Ben, blocked by Wolf Token")
    line(page, "pending")
    expect(announce).to_contain_text("Nothing is pending. Ann's turn 1, Declare blockers step.")

    line(page, "next")
    expect(board).to_contain_text("combat damage")
    expect(announce).to_contain_text("to Ben, who loses that much life; life 14")
    expect(announce).not_to_contain_text("CR ")
    line(page, "undo")
    expect(announce).to_have_text("Undid: Ann's Next step; back to Declare blockers step.")
    jobs["life"] = (1, line(page, "life +3"))
    expect(page.get_by_test_id("life-0")).to_have_text("23")

    # The questions by shortcut from the board (focus on a stack, not a text field).
    page.locator("#board .bf-tile", has_text="Wolf Token").locator(".tile-open").focus()
    page.keyboard.press("l")
    expect(announce).to_have_text("Ann: 23 life; Ben: 20 life.")
    page.keyboard.press("s")
    expect(announce).to_contain_text("Wolf Token, Ben, 2/2")
    page.keyboard.press("b")
    expect(announce).to_contain_text("blocked by Wolf Token")
    page.keyboard.press("w")
    expect(announce).to_contain_text("Ann gained 3 life (CR 119.3)")
    page.keyboard.press("q")
    expect(announce).to_contain_text("Nothing is pending.")
    page.keyboard.press("r")
    expect(announce).to_contain_text("Nothing is pending.")
    page.screenshot(path=str(artifacts_dir / "command-line-1280.png"), full_page=True)

    found = violations(page)
    assert not found, describe(found)
    print("command line jobs (lines, keys):", jobs)
    assert all(lines == 1 for lines, _keys in jobs.values())
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_digits_and_shortcuts_act_from_the_palettes_token_buttons(browser: Browser, live_url: str):
    """Type-ahead in the palette's token group took every character: "3" then Enter made 1
    Treasure and "u" did nothing. Letters still jump to a name."""
    load_seed()
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Keys", players=["Ann", "Ben"])
    page = _context(browser, live_url, ann).new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    treasure = page.locator("#palette .quick button", has_text="Treasure Token").first
    treasure.focus()
    page.keyboard.press("3")
    expect(treasure).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#announce")).to_have_text("Ann created Treasure Token (x3).")
    page.locator("#palette .quick button", has_text="Treasure Token").first.focus()
    page.keyboard.press("u")
    expect(page.locator("#announce")).to_have_text("Undid: Ann's Create token.")
    # The search says the count of the search just typed, not the one before.
    page.locator("#palette-q").fill("treasure")
    expect(page.locator("#palette-results")).to_contain_text("Treasure")
    expect(page.locator("#announce")).to_have_text("1 token found")
    page.locator("#palette-q").fill("soldier")
    expect(page.locator("#palette-results")).to_contain_text("Soldier")
    found = page.locator("#palette-results").get_attribute("data-found") or ""
    assert found != "1 token found"
    expect(page.locator("#announce")).to_have_text(found)
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_text_at_200_percent_fits_375_px_and_again_is_not_cut(browser: Browser, live_url: str):
    """Text enlarged to 200% (WCAG 1.4.4: the reader's font size, not zoom) on a 375 px phone:
    the print, collection, battlefield and catalogue pages overflowed (451, 433, 411, 385 px);
    the phone bar's "Again" label was cut ("Again: 1 Treas...")."""
    load_seed()
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Big", players=["Ann", "Ben"])
    _act(table, ann, {"type": "create_token", "token": "mtg-soldier-1-1-w", "controller": 0})
    page = _context(browser, live_url, ann, 375).new_page()
    problems = {}
    for path in ("/print/", "/collection/", f"/play/{table.id}/", "/catalog/?q=soldier"):
        page.goto(live_url + path)
        page.evaluate("document.documentElement.style.fontSize = '200%'")
        measured = page.evaluate(OVERFLOW)
        if measured["page"] > measured["view"]:
            problems[path] = measured
    assert not problems, problems
    page.goto(f"{live_url}/play/{table.id}/")
    page.locator("#palette .quick button", has_text="Treasure Token").first.dispatch_event("click")
    again = page.locator(".again-bar [data-again], [data-again]").last
    expect(again).to_contain_text("Treasure")
    cut = page.evaluate(CUT)
    assert not [c for c in cut if "Again" in c], cut
    page.context.close()


@pytest.mark.django_db(transaction=True)
def test_block_dialog_refusals_help_and_session_end(browser: Browser, live_url: str):
    """The block dialog names attackers without ids, offers Block first and Enter in its count
    field blocks (509.1a); a refusal is said in the announcement area; the help dialog opened
    with "?" gives focus back; the session's end is said once, focus on the way back."""
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Dialogs", players=["Ann", "Ben"])
    for action in (
        {"type": "create_token", "controller": 0, "definition": GOBLIN, "count": 3},
        {"type": "create_token", "controller": 1, "definition": WOLF},
        {"type": "create_token", "controller": 0, "definition": {**GOBLIN, "name": "Imp"}},
        {"type": "next_step"},
        {"type": "next_step"},
        {"type": "attack", "object": "o1", "count": 3, "defender": 1},
        {"type": "next_step"},
    ):
        _act(table, ann, action)
    context = _context(browser, live_url, ann)
    page = context.new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    urgent = page.locator("#announce-urgent")

    # A refusal (the Imp can't attack in the declare blockers step) is said, not only shown.
    page.locator("#board .bf-tile", has_text="Imp").locator(".tile-open").click()
    page.locator("#panel").get_by_role("button", name="Attack").click()
    expect(urgent).to_contain_text("508.1")
    page.keyboard.press("Escape")

    page.locator("#board .bf-tile", has_text="Wolf Token").locator(".tile-open").focus()
    page.keyboard.press("Enter")
    dialog = page.locator("#panel")
    attacker = dialog.get_by_label("Attacker to block")
    expect(attacker.locator("option")).to_have_text(["Goblin Token (x3, 1/1) \u2192 Ben"])
    main = dialog.locator(".button-row").first
    expect(main.locator("button").first).to_have_text("Block")
    expect(dialog.locator("input[name=count]").first).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#announce")).to_contain_text("Wolf Token blocked Goblin Token")

    # "?" opens the help; Escape closes it and focus is not lost.
    page.locator("#command-q").focus()
    page.keyboard.press("Escape")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("?")
    expect(page.locator("#help")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#help")).to_be_hidden()
    expect(page.locator("[data-open-help]")).to_be_focused()

    # The session ends (logout in another tab): said once though the page keeps asking.
    page.evaluate(
        "window.endedSaid = 0; new MutationObserver(() => {"
        " if (document.getElementById('announce-urgent').textContent.includes('session'))"
        " window.endedSaid += 1; }).observe(document.getElementById('announce-urgent'),"
        " {childList: true, characterData: true, subtree: true})"
    )
    other = context.new_page()
    other.goto(f"{live_url}/")
    other.get_by_role("button", name="Log out (ann)").click()
    page.bring_to_front()
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    expect(urgent).to_contain_text("Your session ended")
    expect(page.get_by_role("link", name="Log in again")).to_be_focused()
    page.wait_for_timeout(9000)  # two more polls (every 4 s)
    assert page.evaluate("window.endedSaid") == 1
    context.close()


def test_two_players_in_two_browsers_hear_each_others_lines(browser: Browser, daphne_url):
    """Ann and Ben, each at their own screen (websockets): a line typed by one is said to the
    other in one sentence, and the other's questions see it."""
    table_url, keys = daphne_url
    ann, ben = _live_pages(browser, table_url, keys)
    for page in (ann, ben):
        page.keyboard.press("k")
        expect(page.locator("#command-q")).to_be_focused()
    line(ann, "tap 2 soldier")
    expect(ben.locator("#announce")).to_have_text("Ann: Tapped Soldier Token (x2).")
    line(ben, "life -3")
    expect(ann.locator("#announce")).to_have_text("Ben lost 3 life.")
    line(ann, "life")
    expect(ann.locator("#announce")).to_have_text("Ann: 20 life; Ben: 17 life.")
    line(ben, "undo")
    expect(ann.locator("#announce")).to_have_text("Undid: Ben's Adjust life.")
    expect(ben.locator("#command-q")).to_be_focused()
    for page in (ann, ben):
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_combat_by_command_lines_from_two_signed_in_browsers(
    browser: Browser, live_url: str, artifacts_dir: Path
):
    """Ann attacks from her page, Ben blocks from his own (each signed in, each at their own
    seat): one line each, and the damage is read back by the "life" question on both pages.
    A name without a number is one creature, as in "tap soldier": one of Ben's 2 Soldiers
    blocks one of the 10 Goblins, Ben takes 9 (CR 510.1), that Goblin and that Soldier die
    (CR 704.5g), the other Soldier stays."""
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    table_id = table_with(
        ann,
        {"type": "create_token", "controller": 0, "definition": GOBLIN, "count": 10},
        {"type": "create_token", "controller": 1, "definition": SOLDIER, "count": 2},
        {"type": "next_step"},
        {"type": "next_step"},
    )
    table = Table.objects.get(pk=table_id)
    services.table_join(user=ben, invite=table.invite_token, seat=1)
    pages = {}
    for name, user in (("ann", ann), ("ben", ben)):
        pages[name] = signed_in(browser, live_url, user, DESKTOP).new_page()
        pages[name].goto(f"{live_url}/play/{table_id}/")
        expect(pages[name].locator("#board")).to_contain_text("declare attackers")
    ann_page, ben_page = pages["ann"], pages["ben"]
    keys: dict[str, int] = {}

    ann_page.locator("#command-q").focus()
    keys["attack"] = line(ann_page, "attack ben with 10 goblin")
    expect(ann_page.locator("#announce")).to_contain_text("attacked Ben")
    # Ben's own screen shows the attackers (it polls here: live_server has no websocket).
    expect(ben_page.locator("#board")).to_contain_text("attacking")
    line(ann_page, "next")
    expect(ben_page.locator("#board")).to_contain_text("declare blockers")

    ben_page.locator("#command-q").focus()
    keys["block"] = line(ben_page, "block goblin with soldier")
    expect(ben_page.locator("#announce")).to_contain_text("Soldier Token blocked Goblin Token")
    expect(ann_page.locator("#board")).to_contain_text("blocking")

    line(ann_page, "next")
    expect(ann_page.locator("#board")).to_contain_text("combat damage")
    for page in (ann_page, ben_page):
        # Asked once the page has the damage: a remote update heard just before may share the
        # live region with the answer (said together, none dropped), so the answer ends it.
        expect(page.get_by_test_id("life-1")).to_have_text("11")
        page.locator("#command-q").focus()
        line(page, "life")
        expect(page.locator("#announce")).to_have_text(
            re.compile(r"(^|\. )Ann: 20 life; Ben: 11 life\.$")
        )
    for page in (ann_page, ben_page):
        expect(page.get_by_test_id("life-1")).to_have_text("11")
        expect(page.locator("#board")).to_contain_text("x1 Soldier Token")
        expect(page.locator("#board")).to_contain_text("x9 Goblin Token")
    ben_page.screenshot(
        path=str(artifacts_dir / "command-line-combat-ben-1280.png"), full_page=True
    )
    print("command line combat keys:", keys)
    assert keys == {"attack": 26, "block": 26}  # one line each, Enter included
    for page in (ann_page, ben_page):
        page.context.close()
