from __future__ import annotations

import json
from typing import Any

import pytest

import rules
from play.models import Action, Table
from tests.play.conftest import Cast, client_for, create_soldiers


def url(cast: Cast) -> str:
    return f"/api/v1/tables/{cast.table.id}/actions/"


def post(cast: Cast, user: Any, action: Any, version: int | None = None) -> Any:
    if version is None:
        version = Table.objects.get(pk=cast.table.pk).version
    return client_for(user).post(
        url(cast), {"expected_version": version, "action": action}, format="json"
    )


def test_the_owner_acts_and_gets_version_events_and_state(cast: Cast) -> None:
    response = post(cast, cast.owner, create_soldiers(count=3))
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["version"] == 1
    assert body["state"]["version"] == 1
    assert body["state"]["id"] == str(cast.table.id)
    assert all({"type", "text", "rule"} <= set(event) for event in body["events"])
    [stack] = body["state"]["objects"]
    assert (stack["count"], stack["name"], stack["controller"]) == (3, "Soldier Token", 0)


def test_a_player_acts_for_their_seat_and_gets_403_for_the_others(cast: Cast) -> None:
    assert post(cast, cast.player, create_soldiers(controller=1)).status_code == 200
    response = post(cast, cast.player, create_soldiers(controller=0))
    assert response.status_code == 403
    assert response.json()["error"] == "permission_denied"
    assert post(cast, cast.owner, create_soldiers(controller=1)).status_code == 403


def test_a_player_may_tap_but_not_sacrifice_the_opponents_tokens(cast: Cast) -> None:
    """Tapping can be an effect of the player's spell; sacrificing is the controller's alone."""
    [stack] = post(cast, cast.owner, create_soldiers(controller=0)).json()["state"]["objects"]
    assert post(cast, cast.player, {"type": "sacrifice", "object": stack["id"]}).status_code == 403
    assert post(cast, cast.player, {"type": "tap", "object": stack["id"]}).status_code == 200


def test_spectators_get_403_and_outsiders_404(cast: Cast) -> None:
    assert post(cast, cast.spectator, create_soldiers()).status_code == 403
    assert post(cast, cast.outsider, create_soldiers()).status_code == 404
    assert post(cast, None, create_soldiers()).status_code in (401, 403)
    assert Table.objects.get(pk=cast.table.pk).version == 0


def test_a_version_ahead_of_the_table_or_a_conflicting_stale_one_gets_409(cast: Cast) -> None:
    assert post(cast, cast.owner, create_soldiers(), version=10**30).status_code == 400
    assert post(cast, cast.owner, create_soldiers(), version=5).json()["error"] == "stale_version"
    assert post(cast, cast.owner, create_soldiers(count=3), version=0).status_code == 200
    tap = {"type": "tap", "object": "o1", "count": 2}
    assert post(cast, cast.owner, tap, version=1).status_code == 200
    response = post(cast, cast.owner, tap, version=1)  # the same tap again: a double tap
    assert response.status_code == 409
    assert response.json()["error"] == "conflict"


def test_it_embeds_the_catalogue_definition_in_the_log(cast: Cast) -> None:
    pytest.importorskip("catalog.selectors")
    from django.core.management import call_command

    call_command("load_catalog", verbosity=0)
    response = post(
        cast, cast.owner, {"type": "create_token", "controller": 0, "token": "mtg-treasure"}
    )
    assert response.status_code == 200, response.json()
    [stack] = response.json()["state"]["objects"]
    assert stack["name"] == "Treasure Token"
    logged = Action.objects.get(table=cast.table, seq=1).payload
    assert logged["token"] == "mtg-treasure"
    assert logged["definition"]["id"] == "mtg-treasure"
    assert "created_by" not in logged["definition"]
    riftbound = post(
        cast, cast.owner, {"type": "create_token", "controller": 0, "token": "rb-recruit"}
    )
    assert riftbound.status_code == 400
    assert riftbound.json()["error"] == "unknown_token"


def test_an_illegal_action_gets_422_with_its_rule(cast: Cast) -> None:
    [stack] = post(cast, cast.owner, create_soldiers()).json()["state"]["objects"]
    response = post(cast, cast.owner, {"type": "attack", "object": stack["id"]})
    assert response.status_code == 422
    body = response.json()
    assert body["error"] == "illegal_action"
    assert body["rule"]


@pytest.mark.parametrize(
    "action",
    [
        {"type": "tap", "object": "o1", "count": 10**12 + 1},
        {"type": "tap", "object": "o1", "count": 10**40},
        {"type": "tap", "object": "o1", "count": 0},
        {"type": "tap", "object": "o1", "count": "3"},
        {"type": "tap", "object": "o999"},
        {"type": "teleport", "object": "o1"},
        {"type": "tap"},
        {"object": "o1"},
        "tap",
        {"type": "create_token", "controller": 0, "definition": {"name": 5}},
        {"type": "create_token", "controller": 0, "token": "no-such-token"},
        {"type": "adjust_life", "seat": 0, "amount": 1.5},
    ],
)
def test_it_refuses_malformed_or_hostile_actions_with_400(cast: Cast, action: Any) -> None:
    response = post(cast, cast.owner, action)
    assert response.status_code == 400, response.json()
    assert set(response.json()) >= {"error", "detail", "rule"}
    assert Table.objects.get(pk=cast.table.pk).version == 0


def test_it_refuses_an_object_id_of_another_table(cast: Cast) -> None:
    other = client_for(cast.owner).post(
        "/api/v1/tables/", {"game": "mtg", "name": "B", "players": ["A"]}, format="json"
    )
    other_id = other.json()["id"]
    created = client_for(cast.owner).post(
        f"/api/v1/tables/{other_id}/actions/",
        {"expected_version": 0, "action": create_soldiers(count=5)},
        format="json",
    )
    foreign = created.json()["state"]["objects"][0]["id"]
    post(cast, cast.owner, {"type": "adjust_life", "seat": 0, "amount": 1})
    assert post(cast, cast.owner, {"type": "tap", "object": foreign}).status_code == 400


def test_it_refuses_deep_huge_and_invalid_json_bodies(cast: Cast) -> None:
    client = client_for(cast.owner)
    deep = '{"expected_version": 0, "action": ' + "[" * 100_000 + "]" * 100_000 + "}"
    for body, status in (
        (deep, 413),
        ('{"expected_version": 0, "action": ' + "[" * 5000 + "]" * 5000 + "}", 400),
        ("{not json", 400),
        ('{"expected_version": NaN, "action": {"type": "next_step"}}', 400),
        (
            json.dumps({"expected_version": 0, "action": {"type": "tap", "object": "x" * 70_000}}),
            413,
        ),
        ("[]", 400),
    ):
        response = client.post(url(cast), body, content_type="application/json")
        assert response.status_code == status, (body[:60], response.content[:200])
        assert "error" in response.json()
    assert Table.objects.get(pk=cast.table.pk).version == 0


def test_the_choice_pending_answer_is_409(cast: Cast) -> None:
    legend = {**create_soldiers()["definition"], "name": "Legend", "supertypes": ["Legendary"]}
    action = {"type": "create_token", "controller": 0, "definition": legend}
    post(cast, cast.owner, action)
    state = post(cast, cast.owner, action).json()["state"]
    assert state["pending_choice"]["seat"] == 0
    response = post(cast, cast.owner, create_soldiers())
    assert response.status_code == 409
    assert response.json()["error"] == "choice_pending"
    choice = state["pending_choice"]["options"][0]
    answered = post(cast, cast.owner, {"type": "choose", "choice": choice})
    assert answered.status_code == 200
    assert answered.json()["state"]["pending_choice"] is None


def test_the_state_in_the_response_is_the_stored_state(cast: Cast) -> None:
    body = post(cast, cast.owner, create_soldiers(count=2)).json()
    table = Table.objects.get(pk=cast.table.pk)
    stored = rules.view(rules.codec.load(table.state))
    assert {k: body["state"][k] for k in stored} == json.loads(json.dumps(stored))


def test_get_is_not_allowed(cast: Cast) -> None:
    assert client_for(cast.owner).get(url(cast)).status_code == 405
