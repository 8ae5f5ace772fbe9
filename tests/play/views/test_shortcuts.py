"""A signed-in player's battlefield shortcuts kept on their profile: the
validation (known actions, one printable key, none reserved, no clashes, bounded size), the
POST that saves them, and the page that carries them back."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.test import Client

from play.table import services
from play.web.shortcuts import (
    MAX_BYTES,
    shortcut_settings_for,
    shortcut_settings_save,
    shortcut_settings_validate,
)
from tokensite.models import Profile

URL = "/play/shortcuts/"


@pytest.mark.parametrize(
    "settings",
    [
        {},
        {"enabled": False},
        {"enabled": True, "keys": {"next": "j", "pass": ""}},
        {"keys": {"next": "p", "pass": "n"}},  # a swap: no clash once both apply
        {"keys": {"search": "ж", "help": "H"}},
    ],
)
def test_it_accepts_valid_settings(settings: dict[str, Any]) -> None:
    shortcut_settings_validate(settings)


@pytest.mark.parametrize(
    ("settings", "says"),
    [
        ([], "Settings are"),
        ({"enabled": True, "extra": 1}, "Settings are"),
        ({"enabled": "no"}, '"enabled"'),
        ({"keys": ["n"]}, '"keys"'),
        ({"keys": {"explode": "x"}}, "Unknown shortcut: explode"),
        ({"keys": {"next": "jk"}}, "one printable character"),
        ({"keys": {"next": " "}}, "one printable character"),
        ({"keys": {"next": "\n"}}, "one printable character"),
        ({"keys": {"next": 7}}, "one printable character"),
        ({"keys": {"next": "1"}}, "kept for quick counts"),
        ({"keys": {"next": "."}}, "kept for quick counts"),
        ({"keys": {"next": "p"}}, "One key, two shortcuts: p"),  # pass keeps its default p
        ({"keys": {"next": "x", "undo": "x"}}, "One key, two shortcuts: x"),
    ],
)
def test_it_refuses_invalid_settings(settings: Any, says: str) -> None:
    with pytest.raises(ValidationError) as raised:
        shortcut_settings_validate(settings)
    assert says in " ".join(raised.value.messages)


@pytest.fixture
def ann(db: Any) -> User:
    return User.objects.create_user("ann", password="x-long-password-1")


def _post(client: Client, body: Any, **extra: Any) -> Any:
    return client.post(URL, json.dumps(body), content_type="application/json", **extra)


def test_it_saves_a_players_settings_on_their_profile(ann: User) -> None:
    client = Client()
    client.force_login(ann)
    response = _post(client, {"enabled": False, "keys": {"next": "j"}})
    assert response.status_code == 200
    assert response.json() == {"enabled": False, "keys": {"next": "j"}}
    assert Profile.objects.get(user=ann).shortcuts == {"enabled": False, "keys": {"next": "j"}}
    assert shortcut_settings_for(user=ann) == {"enabled": False, "keys": {"next": "j"}}


def test_it_keeps_the_players_language_when_saving_shortcuts(ann: User) -> None:
    Profile.objects.create(user=ann, language="ru")
    shortcut_settings_save(user=ann, settings={"keys": {"undo": "z"}})
    profile = Profile.objects.get(user=ann)
    assert (profile.language, profile.shortcuts) == ("ru", {"enabled": True, "keys": {"undo": "z"}})


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"keys": {"next": "p"}}, 400, "invalid"),
        ({"keys": {"nope": "x"}}, 400, "invalid"),
        ({"keys": {"next": "x" * (MAX_BYTES + 1)}}, 413, "too_large"),
    ],
)
def test_it_refuses_bad_settings_with_a_4xx_and_writes_nothing(
    ann: User, body: Any, status: int, error: str
) -> None:
    client = Client()
    client.force_login(ann)
    response = _post(client, body)
    assert (response.status_code, response.json()["error"]) == (status, error)
    assert not Profile.objects.filter(user=ann).exists()


def test_it_refuses_what_is_not_json(ann: User) -> None:
    client = Client()
    client.force_login(ann)
    assert client.post(URL, "{not json", content_type="application/json").status_code == 400
    assert client.post(URL, {"enabled": "0"}).status_code == 415
    assert not Profile.objects.filter(user=ann).exists()


def test_it_refuses_anonymous_visitors_and_get(db: Any) -> None:
    client = Client()
    assert _post(client, {"enabled": False}).status_code == 403
    assert client.get(URL).status_code == 405


def test_it_needs_the_csrf_token(ann: User) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(ann)
    assert _post(client, {"enabled": False}).status_code == 403
    assert not Profile.objects.filter(user=ann).exists()


def test_the_table_page_carries_the_players_settings_and_where_to_save(ann: User) -> None:
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann"])
    shortcut_settings_save(user=ann, settings={"keys": {"next": "j"}})
    client = Client()
    client.force_login(ann)
    page = client.get(f"/play/{table.id}/").content.decode()
    assert '<script id="shortcut-saved" type="application/json">' in page
    assert '"next": "j"' in page
    assert f'data-save-url="{URL}"' in page


def test_a_guests_table_page_keeps_settings_in_the_browser(db: Any) -> None:
    client = Client()
    form = {"game": "mtg", "name": "X", "players": "A", "starting_life": "20"}
    created = client.post("/play/new/", form)
    assert created["Location"].startswith("/play/")
    page = client.get(created["Location"]).content.decode()
    assert 'id="shortcut-settings"' in page
    assert "data-save-url" not in page
    assert 'id="shortcut-saved"' not in page
