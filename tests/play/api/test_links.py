from __future__ import annotations

from django.contrib.auth.models import User

from play.models import Spectator
from tests.play.conftest import Cast, client_for

JOIN = "/api/v1/tables/join/"
SPECTATE = "/api/v1/tables/spectate/"


def test_an_invite_link_shows_the_free_seats(cast: Cast) -> None:
    newcomer = User.objects.create_user("newcomer")
    response = client_for(newcomer).get(JOIN, {"invite": cast.table.invite_token})
    assert response.status_code == 200
    assert [(s["seat"], s["user"]) for s in response.json()["seats"]] == [(0, None), (1, "player")]
    assert client_for(newcomer).get(JOIN, {"invite": "guess"}).status_code == 404
    for hostile in ("\x00", "a\x00b", "é" * 10, "x" * 65, ""):
        # 400 when the middleware refuses a NUL in the query string before the view runs
        assert client_for(newcomer).get(JOIN, {"invite": hostile}).status_code in (400, 404)
        joined = client_for(newcomer).post(JOIN, {"invite": hostile, "seat": 0}, format="json")
        assert joined.status_code in (400, 404)
    assert client_for(None).get(JOIN, {"invite": cast.table.invite_token}).status_code in (401, 403)


def test_joining_a_seat_through_the_invite_link(cast: Cast) -> None:
    newcomer = User.objects.create_user("newcomer")
    client = client_for(newcomer)
    response = client.post(JOIN, {"invite": cast.table.invite_token, "seat": 0}, format="json")
    assert response.status_code == 200
    assert response.json()["you"] == {"role": "player", "seats": [0]}
    owner_view = client_for(cast.owner).get(f"/api/v1/tables/{cast.table.id}/").json()
    assert owner_view["you"] == {"role": "owner", "seats": []}


def test_joining_refuses_taken_seats_bad_links_and_bad_input(cast: Cast) -> None:
    client = client_for(cast.outsider)
    taken = client.post(JOIN, {"invite": cast.table.invite_token, "seat": 1}, format="json")
    assert taken.status_code == 409
    assert taken.json()["error"] == "seat_taken"
    bad = client.post(JOIN, {"invite": cast.table.spectate_token, "seat": 0}, format="json")
    assert bad.status_code == 404
    assert client.post(JOIN, {"invite": cast.table.invite_token}, format="json").status_code == 400
    no_seat = client.post(JOIN, {"invite": cast.table.invite_token, "seat": 5}, format="json")
    assert no_seat.status_code == 400
    assert client_for(None).post(JOIN, {}, format="json").status_code in (401, 403)


def test_spectating_through_the_spectator_link(cast: Cast) -> None:
    response = client_for(cast.outsider).post(
        SPECTATE, {"token": cast.table.spectate_token}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["you"]["role"] == "spectator"
    assert Spectator.objects.filter(table=cast.table, user=cast.outsider).exists()
    again = client_for(cast.outsider).post(
        SPECTATE, {"token": cast.table.spectate_token}, format="json"
    )
    assert again.status_code == 200
    wrong = client_for(cast.outsider).post(
        SPECTATE, {"token": cast.table.invite_token}, format="json"
    )
    assert wrong.status_code == 404


def test_the_owner_rotates_the_links(cast: Cast) -> None:
    url = f"/api/v1/tables/{cast.table.id}/links/"
    assert client_for(cast.player).post(url).status_code == 403
    assert client_for(cast.outsider).post(url).status_code == 404
    response = client_for(cast.owner).post(url)
    assert response.status_code == 200
    assert response.json()["links"]["invite"] != cast.table.invite_token
    stale = client_for(cast.outsider).post(
        JOIN, {"invite": cast.table.invite_token, "seat": 0}, format="json"
    )
    assert stale.status_code == 404
