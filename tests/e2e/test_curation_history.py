"""A curator's workbench in real Chromium (issue 33, points 1, 2 and 5): on the embedded default
(the web process's job thread) a dry run of the real Cockatrice file answers at once with its
progress, then lists every record with its fields' old and new values (and the tokens it only
matches), filterable and downloadable; an applied import is reverted in one click; a field is
reverted from a token's history. Screenshots under test-artifacts/curation/."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, FilePayload, Page, expect

from catalog.models import TokenDefinition
from catalog.seed import load_seed
from jobs import background
from jobs.models import Job
from tests.conftest import ARTIFACTS
from tests.e2e.test_accessibility import _context

SHOTS = ARTIFACTS / "curation"
SMALL = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4"><cards>'
    "<card><name>Goat</name><text>Goat text</text><prop><type>Token Creature — Goat</type>"
    "<pt>0/1</pt><colors>W</colors></prop><reverse-related>Goat Herder</reverse-related>"
    "<token>1</token></card></cards></cockatrice_carddatabase>"
)


@pytest.fixture
def curator(db: None, settings: Any, tmp_path: Path) -> User:
    settings.MEDIA_ROOT = tmp_path
    settings.JOB_THREAD = True  # the embedded default as `make run` serves it
    load_seed()
    ann = User.objects.create_user("ann", password="x-long-password-1")
    ann.is_staff = ann.is_superuser = True
    ann.save()
    SHOTS.mkdir(parents=True, exist_ok=True)
    return ann


def _upload(page: Page, live_url: str, name: str, content: bytes) -> float:
    """Upload for a dry run; the seconds until the job's page is there."""
    page.goto(live_url + reverse("admin:catalog_import"))
    page.locator("#id_format").select_option("cockatrice")
    page.locator("#id_file").set_input_files(
        FilePayload(name=name, mimeType="text/xml", buffer=content)
    )
    started = time.perf_counter()
    page.locator("input[type=submit]").first.click()
    page.wait_for_url("**/admin/catalog/import/*/")
    return time.perf_counter() - started


def _wait_for_jobs() -> None:
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline:
        unfinished = Job.objects.filter(status__in=(Job.Status.QUEUED, Job.Status.RUNNING))
        if background.idle() and not unfinished.exists():
            return
        time.sleep(0.2)


@pytest.mark.django_db(transaction=True)
def test_a_dry_run_of_a_real_file_answers_at_once_then_lists_each_record_with_its_values(
    browser: Browser, live_url: str, curator: User, shared_data: Path
):
    page = _context(browser, live_url, curator).new_page()
    try:
        seconds = _upload(
            page, live_url, "tokens.xml", (shared_data / "cockatrice_tokens.xml").read_bytes()
        )
        assert seconds < 3, f"the upload answered after {seconds:.1f} s"
        expect(page.locator("#job-progress")).to_be_visible()  # the job runs meanwhile
        page.screenshot(path=str(SHOTS / "dry-run-running.png"))
        heading = page.locator("#changes-title")
        expect(heading).to_be_visible(timeout=150_000)
        expect(page.locator("#content-main")).to_contain_text("nothing has been written yet")
        rows = page.locator("#import-changes tbody tr")
        expect(rows.first).to_be_visible()
        page.screenshot(path=str(SHOTS / "dry-run-changes.png"), full_page=False)
        page.get_by_role("link", name="Created (").click()
        expect(page.locator("#import-changes")).to_contain_text("Created · token")
        expect(page.locator("#import-changes ins").first).not_to_be_empty()
        page.locator("#changes-title").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "dry-run-created.png"))
        skipped = page.get_by_role("link", name="Skipped (")
        skipped.click()
        expect(page.locator("#import-changes")).to_contain_text("second link from the same card")
        page.get_by_role("link", name="Matched (").click()  # the seed's tokens, linked as they are
        expect(page.locator("#import-changes")).to_contain_text("Matched · token")
        expect(page.locator("#import-changes")).to_contain_text("mtg-bird-1-1-u-flying")
        expect(page.locator("#import-changes")).to_contain_text("Already in the catalogue")
        page.locator("#changes-title").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / "dry-run-matched.png"))
        with page.expect_download() as download:
            page.get_by_role("link", name="CSV").click()
        saved = download.value.path()
        assert saved is not None and "kind,id,name,action" in Path(saved).read_text()[:100]
        assert TokenDefinition.objects.filter(name="A Mysterious Creature").count() == 0
    finally:
        _wait_for_jobs()
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_an_applied_import_is_reverted_in_one_click(browser: Browser, live_url: str, curator: User):
    page = _context(browser, live_url, curator).new_page()
    try:
        _upload(page, live_url, "goats.xml", SMALL.encode())
        page.get_by_role("button", name="Import goats.xml").click()
        expect(page.locator("#content-main")).to_contain_text("Imported goats.xml", timeout=20_000)
        expect(page.locator("#import-changes")).to_contain_text("Goat Herder → Goat")
        assert TokenDefinition.objects.filter(name="Goat").exists()
        page.get_by_role("button", name="Revert this import").click()
        expect(page.locator("#content-main")).to_contain_text('"removed"', timeout=20_000)
        page.screenshot(path=str(SHOTS / "import-reverted.png"), full_page=True)
        assert not TokenDefinition.objects.filter(name="Goat").exists()
        page.go_back()
        page.reload()
        expect(page.locator(".import-changes__reverted")).to_contain_text(
            "This import was reverted"
        )
    finally:
        _wait_for_jobs()
        page.context.close()


@pytest.mark.django_db(transaction=True)
def test_a_field_is_reverted_from_the_token_history(browser: Browser, live_url: str, curator: User):
    token = TokenDefinition.objects.get(slug="mtg-soldier-1-1-w")
    original = token.text
    page = _context(browser, live_url, curator).new_page()
    change = reverse("admin:catalog_tokendefinition_change", args=[token.pk])
    page.goto(live_url + change)
    page.locator("#id_text").fill("Vigilance")
    page.locator("input[name=_continue]").click()
    expect(page.locator(".messagelist")).to_be_visible()
    page.get_by_role("link", name="History").click()
    history = page.locator("#change-history")
    expect(history).to_contain_text("Vigilance")
    expect(history).to_contain_text("ann · admin")
    page.screenshot(path=str(SHOTS / "token-history.png"), full_page=True)
    page.locator("#change-history button").first.click()
    expect(page.locator(".messagelist")).to_contain_text("old values")
    token.refresh_from_db()
    assert token.text == original
    page.get_by_role("button", name="Release to imports").click()
    expect(page.locator("#content-main")).to_contain_text("Not curated")
    page.screenshot(path=str(SHOTS / "token-history-reverted.png"), full_page=True)
    page.context.close()
