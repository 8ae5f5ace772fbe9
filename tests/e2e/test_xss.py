"""Hostile text in real Chromium: script payloads in token names, custom token text,
seat names, table names and an imported Cockatrice file must show as text and never run.

The site's CSP would also stop an injected inline handler, so the test asks more than "no alert":
no payload element exists in the DOM, Chromium reported no refused inline script (which would
mean the markup got through and only the CSP saved us), and the payload reads back literally.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, Page, expect

from catalog import services as catalog_services
from catalog.importers.formats import import_file
from catalog.importers.records import ImportFailed
from catalog.models import TokenDefinition
from play.table import services
from tests.e2e.sessions import signed_in

SCRIPT = "<script>window.__xss=1</script>"
IMG = '<img src=x onerror="window.__xss=2;alert(2)">'
SVG = '"><svg onload="window.__xss=3;alert(3)">'
JS_URL = "javascript:window.__xss=4;alert(4)"
INJECTED = "script:not([src]), [onerror], [onload], a[href^='javascript:'], img[src^='javascript:']"
TIMEOUT = 10_000


def _cockatrice(tmp_path: Path, picture_url: str) -> Path:
    path = tmp_path / "hostile.xml"
    path.write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4"><cards>'
        "<card><name>Evil &lt;img src=x onerror=alert(5)&gt; Token</name>"
        "<text>&lt;script&gt;window.__xss=5&lt;/script&gt;</text>"
        "<prop><type>Token Creature — Goblin</type><pt>1/1</pt><colors>R</colors></prop>"
        f'<set picURL="{picture_url}" num="1">TXSS</set><token>1</token></card>'
        "</cards></cockatrice_carddatabase>",
        encoding="utf-8",
    )
    return path


class Watch:
    """Everything that would tell us a payload ran: dialogs and CSP refusals of inline script."""

    def __init__(self, page: Page) -> None:
        self.dialogs: list[str] = []
        self.refusals: list[str] = []
        page.on("dialog", self._dialog)
        page.on("console", self._console)

    def _dialog(self, dialog: Any) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def _console(self, message: Any) -> None:
        if "Refused to execute" in message.text or "Refused to run" in message.text:
            self.refusals.append(message.text)


def _inert(page: Page, watch: Watch, *texts: str) -> None:
    for text in texts:
        expect(page.locator("body")).to_contain_text(text)
    assert page.locator(INJECTED).count() == 0, page.locator(INJECTED).first.evaluate(
        "e => e.outerHTML"
    )
    assert page.evaluate("typeof window.__xss") == "undefined"
    assert watch.dialogs == []
    assert watch.refusals == []


@pytest.mark.django_db(transaction=True)
def test_it_renders_hostile_names_and_texts_inert(
    browser: Browser, live_url: str, tmp_path: Path
) -> None:
    catalog_services.token_upsert(
        slug="mtg-xss", game="mtg", name=f"Xss {SCRIPT}", types=["Artifact"], text=IMG
    )
    with pytest.raises(ImportFailed, match="picture_url"):  # a javascript: link never gets in
        import_file("cockatrice", _cockatrice(tmp_path, JS_URL))
    import_file("cockatrice", _cockatrice(tmp_path, "https://example.com/evil.jpg"))
    imported = TokenDefinition.objects.get(name__startswith="Evil")
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name=SVG, players=[IMG, SCRIPT])
    custom = {"name": f"Custom {IMG}", "types": ["Artifact"], "text": f"{SVG} {JS_URL}"}
    for action in (
        {"type": "create_token", "controller": 0, "definition": custom},
        {"type": "create_token", "controller": 1, "token": "mtg-xss"},
        {"type": "create_token", "controller": 0, "token": imported.slug},
    ):
        table.refresh_from_db()
        services.table_apply_action(
            table_id=table.id, user=ann, expected_version=table.version, action=action
        )

    context = signed_in(browser, live_url, ann, {"width": 1280, "height": 720})
    page = context.new_page()
    watch = Watch(page)

    page.goto(f"{live_url}/play/")
    _inert(page, watch, SVG)

    page.goto(f"{live_url}/play/{table.id}/")
    _inert(page, watch, SVG, IMG, SCRIPT, f"Custom {IMG}", f"Xss {SCRIPT}", imported.name)
    page.locator("#board .bf-tile", has_text="Custom").locator(".tile-open").first.click()
    expect(page.locator("#panel")).to_be_visible()
    _inert(page, watch, f"{SVG} {JS_URL}")
    page.locator("#panel").get_by_role("button", name="Close").click()

    palette = page.locator("#palette")
    palette.get_by_placeholder("Search").fill("Xss")
    expect(palette.locator("#palette-results")).to_contain_text(f"Xss {SCRIPT}")
    _inert(page, watch)

    page.goto(f"{live_url}/play/{table.id}/?spectate={table.spectate_token}")
    _inert(page, watch, SVG)

    for path, texts in (
        ("/catalog/?q=xss", [f"Xss {SCRIPT}"]),
        ("/catalog/tokens/mtg-xss/", [f"Xss {SCRIPT}", IMG]),
        (f"/catalog/tokens/{imported.slug}/", [imported.name, "<script>window.__xss=5</script>"]),
        ("/print/?token=mtg-xss", [f"Xss {SCRIPT}"]),
    ):
        page.goto(live_url + path)
        _inert(page, watch, *texts)
    context.close()
