"""Languages in real Chromium: the language switcher, and a table played in Russian (the log's
sentences with Russian plurals, an error in Russian)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, expect

import rules
from play.table import services
from tests.e2e.sessions import signed_in
from tests.factories import TokenFactory
from tokensite.models import Profile

TIMEOUT = 10_000
SOLDIER = {
    "name": "Soldier Token",
    "types": ["Creature"],
    "subtypes": ["Soldier"],
    "colors": ["W"],
    "power": "1",
    "toughness": "1",
}


def _context(browser: Browser, live_url: str, user: User | None, locale: str) -> BrowserContext:
    """A browser whose preferred language is `locale` (Accept-Language), signed in as `user`."""
    return signed_in(browser, live_url, user, {"width": 1280, "height": 900}, locale)


@pytest.mark.django_db(transaction=True)
def test_the_switcher_turns_every_page_russian_and_remembers_it(
    browser: Browser, live_url: str, artifacts_dir: Path
) -> None:
    ann = User.objects.create_user("ann")
    page = _context(browser, live_url, ann, "en-US").new_page()
    page.goto(live_url + "/catalog/")
    expect(page.get_by_role("heading", name="Catalogue")).to_be_visible()
    page.get_by_role("button", name="Русский").click()
    expect(page.get_by_role("heading", name="Каталог")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.get_by_role("button", name="Русский")).to_be_disabled()
    page.goto(live_url + "/play/")
    expect(page.get_by_role("heading", name="Создать стол")).to_be_visible()
    page.screenshot(path=str(artifacts_dir / "lobby-ru.png"), full_page=True)
    assert Profile.objects.get(user=ann).language == "ru"
    # The choice follows the player to another browser that prefers English.
    other = _context(browser, live_url, ann, "en-US").new_page()
    other.goto(live_url + "/")
    expect(other.get_by_role("heading", name="Фишки по правилам")).to_be_visible()
    other.get_by_role("button", name="English").click()
    expect(other.get_by_role("heading", name="Tokens, done by the rules")).to_be_visible()


@pytest.mark.django_db(transaction=True)
def test_a_table_in_russian(browser: Browser, live_url: str, artifacts_dir: Path) -> None:
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Пятница", players=["Аня", "Боря"])
    create = rules.registries()["mtg"].by_role("create")
    assert create is not None
    services.table_apply_action(
        table_id=table.id,
        user=ann,
        expected_version=0,
        action={"type": create.type, "definition": SOLDIER, "count": 5, "tapped": True},
    )
    page = _context(browser, live_url, ann, "ru-RU").new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    board = page.locator("#board")
    expect(board).to_contain_text("Ход 1 · Аня: Первая главная фаза")
    expect(board).to_contain_text("x5 Soldier Token (повёрнуто: 5)")

    # Untap all: one log line, its count in Russian plural ("5 своих перманентов").
    page.get_by_role("button", name="Развернуть всё (Аня)").click()
    expect(board.locator(".log")).to_contain_text("Развернуть всё")
    page.locator(".log-entry").first.locator("summary").click()
    expect(page.locator(".log-entry").first).to_contain_text(
        "Аня разворачивает 5 своих перманентов"
    )
    # Life: "1 жизнь" (CR 119.3).
    page.get_by_role("button", name="Жизнь (Аня): минус 1").click()
    expect(page.get_by_test_id("life-0")).to_have_text("19")
    page.locator(".log-entry").first.locator("summary").click()
    expect(page.locator(".log-entry").first).to_contain_text("Аня теряет 1 жизнь")

    # An error in Russian, beside its control: attacking outside the declare attackers step.
    page.locator("#board .bf-tile", has_text="Soldier").locator(".tile-open").click()
    dialog = page.locator("#panel")
    dialog.get_by_role("button", name="Атаковать").click()
    expect(dialog.locator("#err-main")).to_contain_text(
        "атакующие объявляются в шаге объявления атакующих"
    )
    page.screenshot(path=str(artifacts_dir / "table-ru.png"), full_page=True)

    history = Client(HTTP_ACCEPT_LANGUAGE="ru")
    history.force_login(ann)
    lines = history.get(f"/api/v1/tables/{table.id}/history/").json()["results"]
    texts = [line["text"] for line in lines]
    assert "Аня создаёт Soldier Token (x5) (CR 111.2)" in texts
    assert "Аня теряет 1 жизнь (CR 119.3)" in texts


GOBLIN = {
    "name": "Goblin Token",
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "colors": ["R"],
    "power": "2",
    "toughness": "2",
    "keywords": ["Haste"],
}
BEAR = {**GOBLIN, "name": "Bear Token", "subtypes": ["Bear"], "colors": ["G"]}
# English words the kernel's sentences use; none may be left in a Russian log.
ENGLISH = re.compile(
    r"\b(created|tapped|untapped|counters?|attacked|blocked|damage|died|moved|drew|turn|"
    r"step|undone|life|token is|loses|gained|phase|combat)\b"
)


@pytest.mark.django_db(transaction=True)
def test_a_russian_table_through_the_common_actions(
    browser: Browser, live_url: str, artifacts_dir: Path
) -> None:
    """Create, tap, counters, combat to the death, steps and the turn passed, an undo and a
    refused action: every log line and the error read in Russian, plurals included."""
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Суббота", players=["Аня", "Боря"])
    actions: list[dict[str, Any]] = [
        {"type": "create_token", "controller": 0, "definition": GOBLIN, "count": 3},
        {"type": "create_token", "controller": 1, "definition": BEAR, "count": 1},
        {"type": "create_token", "controller": 0, "definition": SOLDIER, "count": 2},
        {"type": "add_counters", "object": "o1", "count": 2, "kind": "+1/+1", "amount": 2},
        {"type": "tap", "object": "o3", "count": 2},
        {"type": "next_step"},
        {"type": "next_step"},
        {"type": "attack", "object": "o1", "count": 1},
        {"type": "next_step"},
        {"type": "block", "object": "o2", "attacker": "o1"},
        {"type": "next_step"},
    ]
    for version, action in enumerate(actions):
        services.table_apply_action(
            table_id=table.id, user=ann, expected_version=version, action=action
        )
    page = _context(browser, live_url, ann, "ru-RU").new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    board = page.locator("#board")
    log = board.locator(".log")
    expect(log).to_contain_text("Аня создаёт Goblin Token (x3) (CR 111.2)")
    expect(log).to_contain_text("Положено 2 счётчика «+1/+1» на каждый из Goblin Token (x2)")
    expect(log).to_contain_text("атакует: Боря (CR 508.1)")
    expect(log).to_contain_text("блокирует Goblin Token (CR 509.1a)")
    expect(log).to_contain_text("умирает (CR 700.4)")

    # Pass the turn and undo it from the page; then an action the rules refuse.
    page.get_by_role("button", name="Передать ход").click()
    expect(board).to_contain_text("Ход 2 · Боря")
    page.get_by_role("button", name="Отменить").first.click()
    expect(board).to_contain_text("Ход 1 · Аня")
    page.locator("#board .bf-tile", has_text="Goblin").first.locator(".tile-open").click()
    dialog = page.locator("#panel")
    dialog.get_by_role("button", name="Атаковать").click()
    expect(dialog.locator("#err-main")).to_contain_text("атакующие объявляются")
    page.keyboard.press("Escape")
    page.screenshot(path=str(artifacts_dir / "table-ru-common-actions.png"), full_page=True)

    history = Client(HTTP_ACCEPT_LANGUAGE="ru")
    history.force_login(ann)
    lines = history.get(f"/api/v1/tables/{table.id}/history/").json()["results"]
    texts = [line["text"] for line in lines]
    assert len(texts) >= 20, texts
    english = [text for text in texts if ENGLISH.search(text)]
    assert not english, english
    assert "Повёрнуто: Soldier Token (x2) (CR 701.26a)" in texts


DRAGON = {
    "name": "Dragon Token",
    "types": ["Creature"],
    "subtypes": ["Dragon"],
    "colors": ["R"],
    "power": "4",
    "toughness": "4",
    "keywords": ["Flying", "Ward {2}", "Haste"],
}
# English words of the keyword table, the parsers' refusals and the admin's names.
ENGLISH_WORDS = re.compile(
    r"\b(Flying|Ward|Haste|must be|definition|effect|field|Token definitions?|Supertypes|"
    r"Keywords|Characteristics|Curation|Rules data|Printings?|Card definitions?|Tables|Jobs|"
    r"Catalogue|Background jobs|Collections and decks|Import a file)\b"
)


@pytest.mark.django_db(transaction=True)
def test_keywords_a_refused_definition_and_the_admin_in_russian(
    browser: Browser, live_url: str, artifacts_dir: Path
) -> None:
    """Keywords on the tiles from the keyword table, a custom token the rules refuse
    (page and API), and the admin index and a token's change form, all in Russian."""
    ann = User.objects.create_superuser("ann", "ann@example.com", "pw")
    table = services.table_create(owner=ann, game="mtg", name="Пятница", players=["Аня", "Боря"])
    services.table_apply_action(
        table_id=table.id,
        user=ann,
        expected_version=0,
        action={"type": "create_token", "controller": 0, "definition": DRAGON, "count": 3},
    )
    context = _context(browser, live_url, ann, "ru-RU")
    page = context.new_page()
    page.goto(f"{live_url}/play/{table.id}/")
    tile = page.locator("#board .bf-tile", has_text="Dragon Token")
    expect(tile.locator(".keywords")).to_have_text("Полёт, Оберег {2}, Ускорение")  # noqa: RUF001

    # A custom token whose power is not a number: refused beside the form, in Russian.
    page.locator("summary", has_text="Своя фишка").click()
    form = page.locator(".custom-form")
    form.locator('input[name="def_name"]').fill("Wurm Token")
    form.locator('input[name="def_types"]').fill("Creature")
    form.locator('input[name="def_power"]').fill("many")
    form.locator('input[name="def_toughness"]').fill("3")
    form.get_by_role("button", name="Создать").click()
    error = form.locator("#err-custom")
    expect(error).to_contain_text("должно быть числом")
    assert not ENGLISH_WORDS.search(error.inner_text()), error.inner_text()
    page.screenshot(path=str(artifacts_dir / "table-ru-keywords.png"), full_page=True)

    # The API's detail for a definition the effect parser refuses (the `error` code stays).
    api = Client(HTTP_ACCEPT_LANGUAGE="ru")
    api.force_login(ann)
    bad = {**DRAGON, "abilities": [{"text": "x", "cost": {"mana": "two"}, "effect": {}}]}
    answer = api.post(
        f"/api/v1/tables/{table.id}/actions/",
        {
            "expected_version": 1,
            "action": {"type": "create_token", "controller": 0, "definition": bad, "count": 1},
        },
        content_type="application/json",
    ).json()
    assert answer["detail"] == (
        "определение Dragon Token: эффект 0, поле 'cost.mana': это не мановая стоимость: 'two'"
    ), answer

    # The admin: the index and a token's change form name models, fields and sections in Russian.
    page.goto(f"{live_url}/admin/")
    main = page.locator("#content-main")
    expect(main).to_contain_text("Фишки")
    expect(main).to_contain_text("Столы")
    assert not ENGLISH_WORDS.search(main.inner_text()), main.inner_text()
    token = TokenFactory.create(keywords=["Flying"])
    page.goto(f"{live_url}/admin/catalog/tokendefinition/{token.pk}/change/")
    form = page.locator("#content-main")
    expect(form).to_contain_text("Супертипы")
    expect(form).to_contain_text("Характеристики")
    labels = " ".join(form.locator("label, h2, legend, th").all_inner_texts())
    assert not ENGLISH_WORDS.search(labels), ENGLISH_WORDS.findall(labels)
    page.screenshot(path=str(artifacts_dir / "admin-ru-token.png"), full_page=True)
    context.close()
