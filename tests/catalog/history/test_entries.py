"""A token's history with values: who, when, from where (admin, API, import) and each field's
old and new value; any entry reverted (API and admin); a curated token released to imports."""

from __future__ import annotations

import pytest
from django.test import Client

from catalog.models import TokenDefinition, TokenPrinting
from tests.factories import TokenFactory, UserFactory

URL = "/api/v1/tokens/{}/history/"


@pytest.fixture
def token(db) -> TokenDefinition:
    return TokenFactory.create(game_id="mtg", slug="mtg-goblin-test", name="Goblin Token", text="")


def _patch(client: Client, token: TokenDefinition, **fields):
    response = client.patch(
        f"/api/v1/tokens/{token.slug}/", fields, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    return response


def test_an_api_edit_is_recorded_with_who_where_and_old_and_new_values(staff_client, token):
    _patch(staff_client, token, text="Haste")
    entries = Client().get(URL.format(token.slug)).json()  # anyone reads the history
    latest = entries[0]
    assert latest["source"] == "api" and latest["by"] == "curator" and latest["job"] is None
    assert latest["fields"]["text"] == ["", "Haste"]
    assert latest["kind"] == "token" and latest["type"] == "update"
    assert entries[-1]["type"] == "create" and entries[-1]["source"] == "import"


def test_an_entry_is_reverted_and_the_token_stays_curated(staff_client, token):
    _patch(staff_client, token, text="Haste")
    _patch(staff_client, token, power="2")
    text_entry = next(
        e for e in staff_client.get(URL.format(token.slug)).json() if "text" in e["fields"]
    )
    response = staff_client.post(f"{URL.format(token.slug)}{text_entry['id']}/revert/")
    assert response.status_code == 200, response.content
    token.refresh_from_db()
    assert token.text == "" and token.power == "2"  # only that entry's field went back
    assert token.curated_at is not None
    assert response.json()["history"][0]["fields"]["text"] == ["Haste", ""]


def test_reverting_needs_staff_and_an_existing_entry(user_client, staff_client, token):
    _patch(staff_client, token, text="Haste")
    entry = staff_client.get(URL.format(token.slug)).json()[0]["id"]
    assert user_client.post(f"{URL.format(token.slug)}{entry}/revert/").status_code == 403
    missing = staff_client.post(f"{URL.format(token.slug)}token-999999/revert/")
    assert missing.status_code == 404 and missing.json()["error"] == "not_found"
    first = staff_client.get(URL.format(token.slug)).json()[-1]["id"]  # the creation
    refused = staff_client.post(f"{URL.format(token.slug)}{first}/revert/")
    assert refused.status_code == 409


def test_a_printing_added_in_the_admin_shows_in_the_token_history_and_can_be_undone(
    staff_client, token
):
    printing = TokenPrinting.objects.create(token=token, set_code="TST", collector_number="7")
    entries = staff_client.get(URL.format(token.slug)).json()
    added = next(e for e in entries if e["kind"] == "printing")
    assert added["type"] == "create" and added["fields"]["set_code"] == [None, "TST"]
    staff_client.post(f"{URL.format(token.slug)}{added['id']}/revert/")
    assert not TokenPrinting.objects.filter(pk=printing.pk).exists()


def test_the_admin_history_shows_the_diff_reverts_an_entry_and_releases(staff_client, token):
    _patch(staff_client, token, text="Haste")
    page = staff_client.get(f"/admin/catalog/tokendefinition/{token.pk}/history/")
    body = page.content.decode()
    assert page.status_code == 200
    assert "<ins>Haste</ins>" in body and "curator" in body and "Release to imports" in body
    entry = staff_client.get(URL.format(token.slug)).json()[0]["id"]
    staff_client.post(f"/admin/catalog/tokendefinition/{token.pk}/history/{entry}/revert/")
    token.refresh_from_db()
    assert token.text == ""
    staff_client.post(f"/admin/catalog/tokendefinition/{token.pk}/release/")
    token.refresh_from_db()
    assert token.curated_at is None
    released = staff_client.get(URL.format(token.slug)).json()[0]
    assert released["fields"]["curated_at"][1] is None and released["source"] == "admin"


def test_players_cannot_open_the_admin_history(db, token):
    client = Client()
    client.force_login(UserFactory.create())
    assert client.get(f"/admin/catalog/tokendefinition/{token.pk}/history/").status_code == 302
