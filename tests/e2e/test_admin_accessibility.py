"""The admin pages the project customises, in real Chromium at 1280 and 375 px:
axe-core's WCAG 2.x A/AA rules on every registered model's list (custom columns and filters),
the catalogue's change forms (custom forms, inlines, fieldsets), the Import pages (upload, its
errors, a dry run running, done and failed, the Scryfall fetch) and the jobs pages (which follow
an unfinished job without a timed reload: WCAG 2.2.1)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth.models import User
from django.urls import reverse
from playwright.sync_api import Browser, FilePayload, Page, expect

from catalog.jobs import FETCH_KIND, KIND
from catalog.models import CardDefinition, TokenDefinition
from catalog.seed import load_seed
from jobs.models import Job
from play.table import services
from tests.e2e.axe import describe, violations
from tests.e2e.test_accessibility import _context

TOKENS_XML = (
    '<?xml version="1.0" encoding="UTF-8"?>\n<cockatrice_carddatabase version="4"><cards>'
    "<card><name>Goat</name><prop><type>Token Creature — Goat</type><pt>0/1</pt>"
    "<colors>W</colors></prop><token>1</token></card></cards></cockatrice_carddatabase>"
)


def _changelists() -> list[str]:
    return sorted(
        reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        for model in admin.site._registry
    )


@pytest.fixture
def curator(db: None, settings: Any, tmp_path: Path) -> User:
    settings.MEDIA_ROOT = tmp_path
    load_seed()
    ann = User.objects.create_user("ann", password="x-long-password-1")
    ann.is_staff = ann.is_superuser = True
    ann.save()
    return ann


@pytest.mark.django_db(transaction=True)
def test_customised_admin_pages_have_no_axe_violations(
    browser: Browser, live_url: str, curator: User
):
    table = services.table_create(owner=curator, game="mtg", name="Friday", players=["Ann"])
    running = Job.objects.create(
        kind=KIND,
        status=Job.Status.RUNNING,
        created_by=curator,
        params={"format": "cockatrice", "dry_run": True, "name": "tokens.xml"},
    )
    fetching = Job.objects.create(
        kind=FETCH_KIND,
        status=Job.Status.RUNNING,
        created_by=curator,
        params={
            "bulk": "oracle_cards",
            "dry_run": False,
            "format": "scryfall",
            "name": "Scryfall oracle_cards",
        },
    )
    failed = Job.objects.create(
        kind=KIND,
        status=Job.Status.FAILED,
        created_by=curator,
        detail="The file is empty.",
        params={"format": "cockatrice", "dry_run": True, "name": "empty.xml"},
    )
    token = TokenDefinition.objects.get(slug="mtg-soldier-1-1-w")
    card = CardDefinition.objects.get(slug="mtg-krenko-mob-boss")
    states = [(f"list {url}", url) for url in _changelists()] + [
        ("token form", reverse("admin:catalog_tokendefinition_change", args=[token.pk])),
        ("new token form", reverse("admin:catalog_tokendefinition_add")),
        ("card form", reverse("admin:catalog_carddefinition_change", args=[card.pk])),
        ("table form", reverse("admin:play_table_change", args=[table.pk])),
        ("tokens filtered", reverse("admin:catalog_tokendefinition_changelist") + "?q=soldier"),
        (
            "upload art",
            reverse("admin:catalog_tokendefinition_upload_art") + f"?ids={token.pk}",
        ),
        ("import upload", reverse("admin:catalog_import")),
        ("import running", reverse("admin:catalog_import_job", args=[running.pk])),
        ("fetch running", reverse("admin:catalog_import_job", args=[fetching.pk])),
        ("import failed", reverse("admin:catalog_import_job", args=[failed.pk])),
        ("job running", reverse("admin:jobs_job_change", args=[running.pk])),
        ("job failed", reverse("admin:jobs_job_change", args=[failed.pk])),
    ]
    found: dict[str, str] = {}

    def check(page: Page, state: str) -> None:
        result = violations(page)
        if result:
            found[state] = describe(result)

    for width in (1280, 375):
        page = _context(browser, live_url, curator, width).new_page()
        for state, path in states:
            page.goto(live_url + path)
            check(page, f"{state} at {width}")
        # The upload's error, then a finished dry run of a real file with its summary.
        page.goto(live_url + reverse("admin:catalog_import"))
        page.evaluate("document.getElementById('id_file').removeAttribute('required')")
        page.locator("input[type=submit]").first.click()
        expect(page.locator(".errornote")).to_be_visible()
        check(page, f"import error at {width}")
        page.locator("#id_file").set_input_files(
            FilePayload(name="tokens.xml", mimeType="text/xml", buffer=TOKENS_XML.encode())
        )
        page.locator("input[type=submit]").first.click()
        expect(page.locator("#content-main")).to_contain_text("nothing has been written yet")
        check(page, f"dry run done at {width}")
        page.context.close()
    assert not found, "\n\n".join(f"== {state}\n{text}" for state, text in found.items())


@pytest.mark.django_db(transaction=True)
def test_job_pages_follow_the_job_without_reloading_and_can_be_paused(
    browser: Browser, live_url: str, curator: User
):
    """WCAG 2.2.1: no timed reload; the page updates in place (focus and position stay), says
    the new status, and a Pause button stops the updates."""
    job = Job.objects.create(
        kind=KIND,
        status=Job.Status.RUNNING,
        created_by=curator,
        detail="Reading.",
        params={"format": "cockatrice", "dry_run": True, "name": "tokens.xml"},
    )
    page = _context(browser, live_url, curator).new_page()
    page.goto(live_url + reverse("admin:catalog_import_job", args=[job.pk]))
    page.evaluate("window.notReloaded = true")
    pause = page.get_by_role("button", name="Pause updates")
    pause.click()
    expect(page.get_by_role("button", name="Resume updates")).to_be_focused()
    Job.objects.filter(pk=job.pk).update(status=Job.Status.FAILED, detail="The file is empty.")
    page.wait_for_timeout(3000)  # paused: more than one period passes, nothing changes
    expect(page.locator(".errornote")).to_have_count(0)
    page.get_by_role("button", name="Resume updates").click()
    expect(page.locator(".errornote")).to_have_text("The file is empty.")
    expect(page.locator("#refresh-status")).to_have_text("Failed")
    expect(page.locator("[data-refresh-toggle]")).to_be_hidden()
    assert page.evaluate("window.notReloaded") is True

    # The jobs list: a running job's cells change in place; its checkbox (Django's actions.js
    # bound it) is the same element, still checked.
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING, detail="Reading.")
    page.goto(live_url + reverse("admin:jobs_job_changelist"))
    box = page.locator(f"input.action-select[value='{job.pk}']")
    box.check()
    page.evaluate("document.querySelector('input.action-select').dataset.mark = 'kept'")
    Job.objects.filter(pk=job.pk).update(status=Job.Status.DONE, detail="Done.")
    expect(page.locator("#result_list tbody")).to_contain_text("Done", timeout=10_000)
    expect(box).to_be_checked()
    assert box.get_attribute("data-mark") == "kept"
    expect(page.locator(".action-counter")).to_contain_text("1 of 1 selected")
    page.context.close()
