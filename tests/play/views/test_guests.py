"""No account needed: /play/new/ for anyone, guests kept in the session, the
invite link kept through sign-up and login, guest tables moved to the account, bounds, and the
periodic cleanup of idle guests."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.test import Client
from django.utils import timezone

from play import tasks
from play.live import broadcast
from play.models import Action, Guest, PaletteToken, Seat, Table
from play.table import services
from play.web import guests, palette
from tests.play.conftest import Cast
from tests.play.views.conftest import HTMX

NEW = {"game": "mtg", "name": "Kitchen table", "players": "Ann, Ben", "starting_life": 20}


@pytest.fixture(autouse=True)
def _fresh_throttle() -> None:
    cache.clear()


def _start_as_guest(client: Client) -> Table:
    response = client.post("/play/new/", NEW)
    assert response.status_code == 302, response.content.decode()[:500]
    table = Table.objects.latest("created_at")
    assert response["Location"] == f"/play/{table.id}/"
    return table


def test_anyone_starts_a_table_as_a_guest_and_plays(db) -> None:
    client = Client()
    assert "No account needed" in client.get("/play/new/").content.decode()
    table = _start_as_guest(client)
    assert Guest.objects.filter(user=table.owner).exists()
    page = client.get(f"/play/{table.id}/").content.decode()
    assert "Sign up to keep your tables" in page and "/play/join/" in page
    action = {"type": "adjust_life", "seat": "0", "amount": "-3", "expected_version": "0"}
    played = client.post(f"/play/{table.id}/act/", {**action, "slot": "err-x"}, headers=HTMX)
    assert played.status_code == 200
    assert Table.objects.get(pk=table.pk).version == 1
    # The same session keeps the same guest.
    second = _start_as_guest(client)
    assert second.owner == table.owner


def test_signing_up_keeps_the_guests_tables(db) -> None:
    client = Client()
    table = _start_as_guest(client)
    guest = table.owner
    services.table_apply_action(
        table_id=table.id,
        user=guest,
        expected_version=0,
        action={"type": "adjust_life", "seat": 0, "amount": -1},
    )
    form = {"username": "ann", "password1": "a-long-pass-9x", "password2": "a-long-pass-9x"}
    response = client.post(f"/accounts/signup/?next=/play/{table.id}/", form)
    assert response.status_code == 302 and response["Location"] == f"/play/{table.id}/"
    ann = User.objects.get(username="ann")
    assert Table.objects.get(pk=table.pk).owner == ann
    assert Action.objects.get(table=table).actor == ann
    assert not User.objects.filter(pk=guest.pk).exists()
    assert client.get(f"/play/{table.id}/").status_code == 200


def test_logging_in_keeps_the_guests_tables(db) -> None:
    User.objects.create_user("ben", password="a-long-pass-9x")
    client = Client()
    table = _start_as_guest(client)
    login = {"username": "ben", "password": "a-long-pass-9x", "next": f"/play/{table.id}/"}
    response = client.post("/accounts/login/", login)
    assert response.status_code == 302 and response["Location"] == f"/play/{table.id}/"
    assert Table.objects.get(pk=table.pk).owner.username == "ben"


def test_logging_in_merges_the_guests_palette_with_the_accounts_without_duplicates(
    seeded,
) -> None:
    ben = User.objects.create_user("ben", password="a-long-pass-9x")
    palette.palette_token_used(user=ben, game="mtg", token="mtg-treasure", count=2)
    palette.palette_token_used(user=ben, game="mtg", token="mtg-clue", count=1)
    client = Client()
    table = _start_as_guest(client)
    guest = table.owner
    palette.palette_favourite_set(user=guest, game="mtg", token="mtg-treasure", favourite=True)
    palette.palette_token_used(user=guest, game="mtg", token="mtg-treasure", count=3)
    palette.palette_token_used(user=guest, game="mtg", token="mtg-food", count=5)
    login = {"username": "ben", "password": "a-long-pass-9x", "next": f"/play/{table.id}/"}
    assert client.post("/accounts/login/", login).status_code == 302
    rows = PaletteToken.objects.filter(user=ben).order_by("token")
    assert [(r.token, r.favourite, r.last_count) for r in rows] == [
        ("mtg-clue", False, 1),
        ("mtg-food", False, 5),
        ("mtg-treasure", True, 3),  # one row: starred by the guest, its later count
    ]
    memory = palette.palette_memory(user=ben, game="mtg")
    assert memory.again is not None and memory.again.slug == "mtg-food"
    assert [c.slug for c in memory.favourites] == ["mtg-treasure"]
    assert not PaletteToken.objects.filter(user_id=guest.pk).exists()


def test_signing_up_brings_the_guests_favourites(seeded) -> None:
    client = Client()
    table = _start_as_guest(client)
    palette.palette_favourite_set(
        user=table.owner, game="mtg", token="mtg-treasure", favourite=True
    )
    form = {"username": "ann", "password1": "a-long-pass-9x", "password2": "a-long-pass-9x"}
    assert client.post("/accounts/signup/", form).status_code == 302
    ann = User.objects.get(username="ann")
    assert [c.slug for c in palette.palette_memory(user=ann, game="mtg").favourites] == [
        "mtg-treasure"
    ]


def test_the_invite_survives_sign_up_and_lands_in_the_seat(seeded, cast: Cast) -> None:
    table = services.table_create(owner=cast.owner, game="mtg", name="Open", players=["A", "Ben"])
    invite = f"/play/join/{table.invite_token}/"
    client = Client()
    assert "Sign up and sit as Ben" in client.get(invite).content.decode()
    picked = client.post(invite, {"seat": 1})
    assert picked.status_code == 302
    assert picked["Location"] == f"/accounts/signup/?next=%2Fplay%2Fjoin%2F{table.invite_token}%2F"
    signup_page = client.get(picked["Location"]).content.decode()
    assert f'name="next" value="{invite}"' in signup_page
    assert f"/accounts/login/?next={invite}" in signup_page
    form = {"username": "newcomer", "password1": "a-long-pass-9x", "password2": "a-long-pass-9x"}
    signed_up = client.post("/accounts/signup/", {**form, "next": invite})
    assert signed_up["Location"] == invite
    seated = Seat.objects.get(table=table, number=1).user
    assert seated is not None and seated.username == "newcomer"
    landed = client.get(invite)
    assert landed.status_code == 302 and landed["Location"] == f"/play/{table.id}/"


def test_the_invite_survives_login(seeded, cast: Cast) -> None:
    table = services.table_create(owner=cast.owner, game="mtg", name="Open", players=["A", "Ben"])
    invite = f"/play/join/{table.invite_token}/"
    client = Client()
    client.post(invite, {"seat": 1})
    login = {"username": "outsider", "password": "x", "next": invite}
    cast.outsider.set_password("x")
    cast.outsider.save()
    response = client.post("/accounts/login/", login)
    assert response["Location"] == invite
    assert Seat.objects.get(table=table, number=1).user == cast.outsider


def test_a_visitor_joins_an_invite_as_a_guest(seeded, cast: Cast) -> None:
    table = services.table_create(owner=cast.owner, game="mtg", name="Open", players=["A", "Ben"])
    client = Client()
    response = client.post(f"/play/join/{table.invite_token}/?as_guest=1", {"seat": 1})
    assert response.status_code == 302 and response["Location"] == f"/play/{table.id}/"
    seated = Seat.objects.get(table=table, number=1).user
    assert seated is not None and guests.is_guest(seated)


def test_guests_are_named_by_their_seats_wherever_other_players_see_them(
    seeded, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    said: list[str] = []
    monkeypatch.setattr(broadcast, "publish", lambda group, message: said.append(message["said"]))
    ann_client, ben_client = Client(), Client()
    response = ann_client.post("/play/new/", {**NEW, "players": "Ann, Ben, Cid"})
    table = Table.objects.latest("created_at")
    joined = ben_client.post(f"/play/join/{table.invite_token}/?as_guest=1", {"seat": 1})
    assert response.status_code == joined.status_code == 302
    ann, ben = table.owner, Seat.objects.get(table=table, number=1).user
    assert ben is not None and guests.is_guest(ann) and guests.is_guest(ben)
    soldiers = {"type": "create_token", "token": "mtg-soldier-1-1-w", "controller": 1}
    services.table_apply_action(table_id=table.id, user=ben, expected_version=0, action=soldiers)
    # Ann (seats 0 and 2, so the log keeps no seat) destroys Ben's Soldier: anyone's action.
    with django_capture_on_commit_callbacks(execute=True):
        destroy = services.table_apply_action(
            table_id=table.id,
            user=ann,
            expected_version=1,
            action={"type": "destroy", "object": "o1"},
        )
    assert said[-1].startswith("Ann: ")  # the websocket's sentence
    assert Action.objects.get(table=table, seq=2).seat is None
    hidden = [ann.username, ben.username]
    page = ben_client.get(f"/play/{table.id}/").content.decode()
    assert [name for name in hidden if name in page] == []
    assert "· Ann</span>" in page and "· Ben</span>" in page  # who acted, in the log
    assert 'data-said="Ann: ' in page  # the live region's sentence
    api = ben_client.get(f"/api/v1/tables/{table.id}/").json()
    assert (api["owner"], api["claimed_by"]) == ("Ann", {"0": None, "1": "Ben", "2": None})
    log = ben_client.get(f"/api/v1/tables/{table.id}/log/").json()["results"]
    assert [entry["actor"] for entry in log] == ["Ben", "Ann"]
    history = ben_client.get(f"/api/v1/tables/{table.id}/history/").json()["results"]
    assert {line["actor"] for line in history} == {"Ben", "Ann"}
    # A conflict names the guest by seat: Ben's stale tap after Ann's entry, which has no seat.
    stale = ben_client.post(
        f"/api/v1/tables/{table.id}/actions/",
        {"expected_version": 1, "action": {"type": "tap", "object": "o1"}},
        content_type="application/json",
    )
    assert stale.status_code == 409 and stale.json()["detail"].startswith("Ann "), stale.json()
    assert [name for name in hidden if name in stale.content.decode()] == []
    # A visitor opening the invite sees who invites them and who sits where.
    invite = Client().get(f"/play/join/{table.invite_token}/").content.decode()
    assert [name for name in hidden if name in invite] == []
    assert "Ann invites you" in invite and "taken by Ben" in invite
    assert destroy.version == 2


def test_an_off_site_next_is_ignored(db) -> None:
    form = {"username": "eve", "password1": "a-long-pass-9x", "password2": "a-long-pass-9x"}
    response = Client().post("/accounts/signup/?next=https://evil.example/", form)
    assert response["Location"] == "/"


def test_a_guest_may_keep_only_a_few_tables(db) -> None:
    client = Client()
    for _ in range(guests.GUEST_TABLES):
        _start_as_guest(client)
    refused = client.post("/play/new/", NEW)
    assert refused.status_code == 429 and "sign up" in refused.content.decode()
    assert Table.objects.count() == guests.GUEST_TABLES


def test_one_address_may_start_only_so_many_guests(db, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(guests, "GUESTS_PER_HOUR", 2)
    for _ in range(2):
        _start_as_guest(Client())
    assert Client().post("/play/new/", NEW).status_code == 429
    assert Guest.objects.count() == 2


def test_the_periodic_job_deletes_idle_guests_with_their_tables(db, settings) -> None:
    settings.GUEST_RETENTION_DAYS = 14
    idle, active = Client(), Client()
    old = _start_as_guest(idle)
    fresh = _start_as_guest(active)
    long_ago = timezone.now() - timedelta(days=15)
    Guest.objects.update(created_at=long_ago)
    Table.objects.filter(pk=old.pk).update(updated_at=long_ago)
    account = User.objects.create_user("kept")
    mine = services.table_create(owner=account, game="mtg", name="Mine", players=["A"])
    Table.objects.filter(pk=mine.pk).update(updated_at=long_ago)
    tasks.prune_guests_and_idempotency_keys.call_local()
    assert not Table.objects.filter(pk=old.pk).exists()
    assert not User.objects.filter(pk=old.owner_id).exists()
    assert Table.objects.filter(pk=fresh.pk).exists() and Table.objects.filter(pk=mine.pk).exists()
