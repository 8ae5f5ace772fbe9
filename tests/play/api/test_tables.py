from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from play.models import Table
from tests.play.conftest import Cast, client_for

URL = "/api/v1/tables/"


def detail(cast: Cast) -> str:
    return f"{URL}{cast.table.id}/"


@pytest.mark.django_db
def test_it_creates_a_table_owned_by_the_caller() -> None:
    ann = User.objects.create_user("ann")
    response = client_for(ann).post(
        URL,
        {"game": "mtg", "name": "Friday", "players": ["Ann", "Ben"], "starting_life": 40},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["version"] == 0
    assert body["game"] == "mtg"
    assert [(s["seat"], s["name"], s["life"]) for s in body["seats"]] == [
        (0, "Ann", 40),
        (1, "Ben", 40),
    ]
    assert body["objects"] == []
    assert body["pending_choice"] is None
    assert body["you"] == {"role": "owner", "seats": [0, 1]}
    assert body["links"]["invite"] and body["links"]["spectate"]
    assert Table.objects.get(pk=body["id"]).owner == ann


@pytest.mark.django_db
@pytest.mark.parametrize(
    "payload",
    [
        {"game": "mtg", "name": "x", "players": []},
        {"game": "mtg", "name": "x", "players": ["A"] * 9},
        {"game": "mtg", "name": "x", "players": ["A"], "starting_life": 10**13},
        {"game": "chess", "name": "x", "players": ["A"]},
        {"game": "mtg", "players": ["A"]},
        {"game": "mtg", "name": "x", "players": "Ann"},
    ],
)
def test_it_refuses_bad_tables_with_400(payload: dict[str, object]) -> None:
    ann = User.objects.create_user("ann")
    response = client_for(ann).post(URL, payload, format="json")
    assert response.status_code == 400
    assert set(response.json()) >= {"error", "detail", "rule"}
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_it_requires_an_account_to_create_or_list() -> None:
    assert client_for(None).post(URL, {}, format="json").status_code in (401, 403)
    assert client_for(None).get(URL).status_code in (401, 403)


def test_it_lists_tables_the_caller_owns_sits_at_or_spectates(cast: Cast) -> None:
    for user, role in (
        (cast.owner, "owner"),
        (cast.player, "player"),
        (cast.spectator, "spectator"),
    ):
        body = client_for(user).get(URL).json()
        assert body["count"] == 1
        [row] = body["results"]
        assert (row["id"], row["role"]) == (str(cast.table.id), role)
        assert [s["user"] for s in row["seats"]] == [None, "player"]
    assert client_for(cast.outsider).get(URL).json()["count"] == 0


def test_it_shows_the_state_to_the_cast_and_404_to_everyone_else(cast: Cast) -> None:
    owner = client_for(cast.owner).get(detail(cast)).json()
    assert owner["you"] == {"role": "owner", "seats": [0]}
    assert owner["claimed_by"] == {"0": None, "1": "player"}
    player = client_for(cast.player).get(detail(cast)).json()
    assert player["you"] == {"role": "player", "seats": [1]}
    assert player["links"] == {"invite": None, "spectate": cast.table.spectate_token}
    spectator = client_for(cast.spectator).get(detail(cast)).json()
    assert spectator["you"] == {"role": "spectator", "seats": []}
    assert spectator["links"] == {"invite": None, "spectate": None}
    for user in (cast.outsider, None, User.objects.create_superuser("root")):
        response = client_for(user).get(detail(cast))
        assert response.status_code == 404
        assert response.json()["error"] == "not_found"
    assert (
        client_for(cast.owner).get(f"{URL}00000000-0000-0000-0000-000000000000/").status_code == 404
    )


def test_a_spectator_link_reads_without_an_account(cast: Cast) -> None:
    response = client_for(None).get(detail(cast), {"spectate": cast.table.spectate_token})
    assert response.status_code == 200
    assert response.json()["you"]["role"] == "spectator"
    assert client_for(None).get(detail(cast), {"spectate": "nope"}).status_code == 404
    assert client_for(None).get(detail(cast), {"spectate": "é" * 40}).status_code == 404
    wrong = client_for(None).get(detail(cast), {"spectate": cast.table.invite_token})
    assert wrong.status_code == 404


def test_only_the_owner_finishes_a_table_and_it_stays_readable(cast: Cast) -> None:
    assert (
        client_for(cast.player)
        .patch(detail(cast), {"status": "finished"}, format="json")
        .status_code
        == 403
    )
    assert (
        client_for(cast.outsider)
        .patch(detail(cast), {"status": "finished"}, format="json")
        .status_code
        == 404
    )
    assert (
        client_for(cast.owner).patch(detail(cast), {"status": "paused"}, format="json").status_code
        == 400
    )
    anonymous = client_for(None).patch(detail(cast), {"status": "finished"}, format="json")
    assert anonymous.status_code == 403
    response = client_for(cast.owner).patch(detail(cast), {"status": "abandoned"}, format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "abandoned"
    assert client_for(cast.spectator).get(detail(cast)).json()["status"] == "abandoned"


def test_it_answers_405_to_other_methods(cast: Cast) -> None:
    assert client_for(cast.owner).delete(detail(cast)).status_code == 405
    assert client_for(cast.owner).put(URL, {}, format="json").status_code == 405


@pytest.mark.django_db
def test_it_creates_a_riftbound_table_with_its_battlefields() -> None:
    ann = User.objects.create_user("ann")
    response = client_for(ann).post(
        URL,
        {
            "game": "riftbound",
            "name": "Rift",
            "players": ["Ann", "Ben"],
            "battlefields": ["Altar to Unity", "Aspirant's Climb"],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["game"] == "riftbound"
    assert [b["name"] for b in body["battlefields"]] == ["Altar to Unity", "Aspirant's Climb"]
    assert all(b["id"] for b in body["battlefields"])


def test_q_matches_table_names_exact_first_and_combines_with_game(cast: Cast) -> None:
    owner = client_for(cast.owner)
    for name, game in (("Friday night", "mtg"), ("friday", "riftbound"), ("Saturday", "mtg")):
        owner.post("/api/v1/tables/", {"game": game, "name": name, "players": ["A"]}, format="json")
    found = owner.get("/api/v1/tables/", {"q": "FRIDAY"}).json()
    assert found["count"] == 3  # the cast's "Friday", "friday" and "Friday night"
    assert {t["name"] for t in found["results"][:2]} == {"Friday", "friday"}
    assert found["results"][2]["name"] == "Friday night"
    mtg = owner.get("/api/v1/tables/", {"q": "friday", "game": "mtg"}).json()["results"]
    assert [t["name"] for t in mtg] == ["Friday", "Friday night"]
