from __future__ import annotations

from typing import Any

from play.models import Table
from tests.play.conftest import Cast, client_for, create_soldiers


def act(cast: Cast, user: Any, action: dict[str, Any]) -> Any:
    version = Table.objects.get(pk=cast.table.pk).version
    return client_for(user).post(
        f"/api/v1/tables/{cast.table.id}/actions/",
        {"expected_version": version, "action": action},
        format="json",
    )


def undo(cast: Cast, user: Any, version: int | None = None) -> Any:
    if version is None:
        version = Table.objects.get(pk=cast.table.pk).version
    return client_for(user).post(
        f"/api/v1/tables/{cast.table.id}/undo/", {"expected_version": version}, format="json"
    )


def test_the_owner_undoes_the_last_action(cast: Cast) -> None:
    act(cast, cast.owner, create_soldiers(count=2))
    act(cast, cast.owner, {"type": "adjust_life", "seat": 0, "amount": -7})
    response = undo(cast, cast.owner)
    assert response.status_code == 200
    body = response.json()
    assert body["version"] == 3
    assert [s["life"] for s in body["state"]["seats"]] == [20, 20]
    assert [o["count"] for o in body["state"]["objects"]] == [2]
    assert body["events"][0]["type"] == "undone"


def test_a_player_undoes_their_own_action_but_not_the_owners(cast: Cast) -> None:
    act(cast, cast.owner, create_soldiers(controller=0))
    # Nothing of the player's own: their undo never reaches the owner's action.
    refused = undo(cast, cast.player)
    assert refused.status_code == 409 and refused.json()["error"] == "nothing_to_undo"
    act(cast, cast.player, create_soldiers(controller=1))
    assert undo(cast, cast.player).status_code == 200


def test_spectators_outsiders_and_stale_versions_are_refused(cast: Cast) -> None:
    act(cast, cast.owner, create_soldiers())
    assert undo(cast, cast.spectator).status_code == 403
    assert undo(cast, cast.outsider).status_code == 404
    assert undo(cast, None).status_code in (401, 403)
    stale = undo(cast, cast.owner, version=0)
    assert stale.status_code == 409
    assert stale.json()["error"] == "stale_version"
    assert undo(cast, cast.owner, version=-1).status_code == 400
    assert undo(cast, cast.owner, version=10**30).status_code == 400
    assert Table.objects.get(pk=cast.table.pk).version == 1


def test_undo_with_nothing_to_undo_is_409(cast: Cast) -> None:
    response = undo(cast, cast.owner)
    assert response.status_code == 409
    assert response.json()["error"] == "nothing_to_undo"


def test_view_delta_answers_what_changed_instead_of_the_state(cast: Cast) -> None:
    client = client_for(cast.owner)
    url = f"/api/v1/tables/{cast.table.id}/actions/?view=delta"
    body = client.post(
        url, {"expected_version": 0, "action": create_soldiers(count=3)}, format="json"
    ).json()
    assert "state" not in body
    [soldiers] = body["delta"]["objects"]
    assert (soldiers["name"], soldiers["count"]) == ("Soldier Token", 3)
    tap = {"type": "tap", "object": soldiers["id"], "count": 3}
    body = client.post(url, {"expected_version": 1, "action": tap}, format="json").json()
    assert [(o["id"], o["tapped"]) for o in body["delta"]["objects"]] == [(soldiers["id"], True)]
    undone = client.post(
        f"/api/v1/tables/{cast.table.id}/undo/?view=delta", {"expected_version": 2}, format="json"
    ).json()
    assert "state" not in undone
    assert [(o["id"], o["tapped"]) for o in undone["delta"]["objects"]] == [(soldiers["id"], False)]
    assert undone["delta"]["removed"] == [] and undone["delta"]["table"] == {}


def test_an_unknown_view_is_a_clear_400_that_changes_nothing(cast: Cast) -> None:
    response = client_for(cast.owner).post(
        f"/api/v1/tables/{cast.table.id}/actions/?view=html",
        {"expected_version": 0, "action": create_soldiers()},
        format="json",
    )
    assert response.status_code == 400
    assert "view" in response.json()["detail"]
    assert Table.objects.get(pk=cast.table.pk).version == 0
