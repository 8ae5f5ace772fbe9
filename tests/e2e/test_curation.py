"""A curator's workbench in real Chromium at 1,366 px: art for three tokens in one form (filter,
tick, one action, three files, one save), names and texts edited per language, pages as wide as
the screen, and the validation players need (CR 205.2a, 702, 208.1, 707.2, 712.1, retired ids).
Screenshots go to the artifacts folder."""

from __future__ import annotations

import time
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from PIL import Image
from playwright.sync_api import Browser, FilePayload, Page, expect

from catalog import services
from catalog.models import PrintedName, RetiredSlug, TokenDefinition, TokenPrinting
from tests.e2e.test_accessibility import _context

WIDTH = 1366
CHANGELIST = "/admin/catalog/tokendefinition/"
GOBLIN: dict[str, Any] = {
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "colors": ["R"],
    "power": "1",
    "toughness": "1",
}


def _png(color: str) -> FilePayload:
    buffer = BytesIO()
    Image.new("RGB", (40, 30), color).save(buffer, "PNG")
    return FilePayload(name=f"{color}.png", mimeType="image/png", buffer=buffer.getvalue())


@pytest.fixture
def curator(db: None, settings: Any, tmp_path: Path) -> User:
    settings.MEDIA_ROOT = tmp_path
    for n, name in enumerate(("Goblin Token", "Goblin Rogue", "Goblin Shaman")):
        token, _ = services.token_upsert(
            slug=f"mtg-goblin-{n}", game="mtg", name=name, **GOBLIN, text="Haste" * (n == 2)
        )
        TokenPrinting.objects.create(token=token, set_code="TST", collector_number=str(n))
        PrintedName.objects.create(token=token, language="ru", name=f"Гоблин {n}", folded="")
    user = User.objects.create_user("ann", password="x-long-password-1")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


def _fits(page: Page, shot: Path) -> None:
    page.screenshot(path=str(shot), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    for selector in ("#result_list", ".inline-group .tabular table"):
        for box in page.locator(selector).all():
            parent = box.evaluate("e => e.closest('.module, #changelist-form').clientWidth")
            assert box.evaluate("e => e.scrollWidth") <= parent + 1, selector


@pytest.mark.django_db(transaction=True)
def test_art_for_three_tokens_in_one_form_and_every_language_editable(
    browser: Browser, live_url: str, curator: User, artifacts_dir: Path
) -> None:
    page = _context(browser, live_url, curator, WIDTH).new_page()
    started = time.monotonic()
    page.goto(live_url + CHANGELIST + "?art=linked")  # none has a picture: the filter is empty
    expect(page.locator("#result_list")).to_have_count(0)
    page.goto(live_url + CHANGELIST + "?art=none")  # 1 step: the filter
    _fits(page, artifacts_dir / "curation-list.png")
    for token in TokenDefinition.objects.order_by("pk"):  # 3 steps: tick them
        page.locator(f"input.action-select[value='{token.pk}']").check()
    page.locator("select[name=action]").select_option("upload_art_selected")  # 1 step
    page.get_by_role("button", name="Go").click()  # 1 step
    expect(page.locator("h1")).to_have_text("Upload art for several tokens")
    for n, token in enumerate(TokenDefinition.objects.order_by("pk")):  # 3 steps: the files
        page.locator(f"#art-{token.pk}").set_input_files(_png(("red", "green", "blue")[n]))
    _fits(page, artifacts_dir / "curation-upload.png")
    page.get_by_role("button", name="Save all").click()  # 1 step: 10 in all, one form
    expect(page.locator(".messagelist")).to_contain_text("Art uploaded for 3 tokens.")
    elapsed = time.monotonic() - started
    assert TokenPrinting.objects.exclude(art="").count() == 3
    page.goto(live_url + CHANGELIST + "?art=none")
    expect(page.locator("#result_list")).to_have_count(0)
    print(f"art for 3 tokens: 10 steps, {elapsed:.1f} s")  # the note's figure

    # A token's page: its names and texts per language edited in place, labels without ids.
    token = TokenDefinition.objects.get(slug="mtg-goblin-2")
    page.goto(live_url + reverse("admin:catalog_tokendefinition_change", args=[token.pk]))
    _fits(page, artifacts_dir / "curation-token.png")
    expect(page.locator("#printings-group")).to_contain_text("Goblin Shaman TST 2")
    group = page.locator("#printed-group")
    group.get_by_label("Text", exact=True).first.fill("Ускорение")
    group.get_by_role("button", name="Add another Name and text in another language").click()
    row = group.locator("tr.form-row:not(.empty-form)").last
    row.get_by_label("Language", exact=True).fill("xx")
    row.get_by_label("Name", exact=True).fill("Goblin")
    page.get_by_role("button", name="Save and continue editing").click()
    expect(page.locator("#printed-group .errorlist")).to_contain_text("Language: “xx”")
    row = page.locator("#printed-group tr.form-row:not(.empty-form)").last
    row.get_by_label("Language", exact=True).fill("de")
    row.get_by_label("Name", exact=True).fill("Goblin-Schamane")
    row.get_by_label("Type line", exact=True).fill("Spielstein-Kreatur — Goblin Schamane")
    page.get_by_role("button", name="Save and continue editing").click()
    expect(page.locator(".messagelist")).to_contain_text("was changed successfully")
    assert dict(token.printed.values_list("language", "text")) == {"de": "", "ru": "Ускорение"}
    assert token.printed.get(language="de").type_line.startswith("Spielstein")
    page.context.close()


def _add_form(page: Page, live_url: str, **fields: str) -> None:
    page.goto(live_url + reverse("admin:catalog_tokendefinition_add"))
    values = {"slug": "mtg-new", "name": "Goblin Token", "types": "Creature"} | fields
    page.locator("#id_game").select_option("mtg")
    for name, value in values.items():
        page.locator(f"#id_{name}").fill(value)


def _save(page: Page) -> None:
    page.get_by_role("button", name="Save and continue editing").click()


@pytest.mark.django_db(transaction=True)
def test_what_players_would_see_is_caught_with_field_and_rule(
    browser: Browser, live_url: str, curator: User, artifacts_dir: Path
) -> None:
    page = _context(browser, live_url, curator, WIDTH).new_page()
    # CR 205.2a and 702: "Artefact" and "Flyng" are refused, with the nearest word.
    _add_form(page, live_url, types="Artefact", keywords="Flyng")
    _save(page)
    expect(page.locator(".field-types .errorlist")).to_have_text(
        "Types: “Artefact” is not a card type (CR 205.2a). Did you mean “Artifact”?"
    )
    expect(page.locator(".field-keywords .errorlist")).to_have_text(
        "Keywords: “Flyng” is not a keyword ability (CR 702). Did you mean “Flying”?"
    )
    page.screenshot(path=str(artifacts_dir / "curation-words.png"), full_page=True)
    # CR 208.1: a misspelt "Creature" with 2/2 is told so, not "a non-creature".
    _add_form(page, live_url, types="Creatur", power="2", toughness="2")
    _save(page)
    expect(page.locator(".field-types .errorlist")).to_contain_text("Did you mean “Creature”?")
    expect(page.locator(".errorlist").filter(has_text="Power/toughness")).to_contain_text(
        "“Creatur” is not a card type (CR 205.2a)"
    )
    expect(page.get_by_text("non-creature")).to_have_count(0)
    # CR 707.2: the same characteristics as another token need "keep both"; the difference shows.
    _add_form(page, live_url, subtypes="Goblin", colors="R", power="1", toughness="1")
    _save(page)
    keep = page.locator(".field-keep_both .errorlist")
    expect(keep).to_contain_text("same characteristics as Goblin Token (mtg-goblin-0)")
    expect(keep).to_contain_text("Slug “mtg-new”, not “mtg-goblin-0”")
    page.screenshot(path=str(artifacts_dir / "curation-duplicate.png"), full_page=True)
    page.locator("#id_keep_both").check()
    # CR 712.1: double-faced means two faces.
    page.locator("#id_double_faced").check()
    _save(page)
    expect(page.locator("#back-group .errornote, #back-group .errorlist")).to_contain_text(
        "a double-faced token has a back face (CR 712.1)"
    )
    page.locator("#id_double_faced").uncheck()
    page.locator("#id_keep_both").check()
    _save(page)
    expect(page.locator(".messagelist")).to_contain_text("was added successfully")
    # A deleted id never comes back.
    token = TokenDefinition.objects.get(slug="mtg-new")
    page.goto(live_url + reverse("admin:catalog_tokendefinition_delete", args=[token.pk]))
    # Django's delete confirmation has no #content-main (only the change form and lists do).
    page.locator("#content form input[type=submit]").click()  # "Yes, I'm sure"
    expect(page.locator(".messagelist")).to_contain_text("was deleted successfully")
    assert RetiredSlug.objects.filter(slug="mtg-new").exists()
    _add_form(page, live_url, types="Artifact", subtypes="Clue")
    _save(page)
    expect(page.locator(".field-slug .errorlist")).to_contain_text("ids are never reused")
    page.context.close()
