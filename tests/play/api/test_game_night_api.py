"""Game night over the API: rebased actions, conflicts in player words, Idempotency-Key, and
track-only tables (mode enforce | track, rules_warning events)."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

import rules
from play.models import Action, IdempotentAnswer, Table
from play.table import idempotency, selectors
from tests.play.conftest import Cast, client_for, create_soldiers

SOLDIER_DEF = {"name": "Soldier Token", "types": ["Creature"], "power": "1", "toughness": "1"}


def post(cast: Cast, user: Any, action: Any, version: int, key: str | None = None) -> Any:
    headers = {"Idempotency-Key": key} if key is not None else {}
    return client_for(user).post(
        f"/api/v1/tables/{cast.table.id}/actions/",
        {"expected_version": version, "action": action},
        format="json",
        headers=headers,
    )


def undo(cast: Cast, user: Any, version: int, key: str | None = None) -> Any:
    headers = {"Idempotency-Key": key} if key is not None else {}
    return client_for(user).post(
        f"/api/v1/tables/{cast.table.id}/undo/",
        {"expected_version": version},
        format="json",
        headers=headers,
    )


def version_of(cast: Cast) -> int:
    return Table.objects.values_list("version", flat=True).get(pk=cast.table.pk)


def patch(cast: Cast, user: Any, data: dict[str, Any]) -> Any:
    return client_for(user).patch(f"/api/v1/tables/{cast.table.id}/", data, format="json")


def stored_equals_replay(cast: Cast) -> bool:
    table = Table.objects.get(pk=cast.table.pk)
    replayed = json.loads(json.dumps(rules.codec.dump(selectors.table_replay(table=table))))
    return bool(replayed == table.state)


def test_an_action_on_another_stack_is_rebased_and_says_from_which_version(cast: Cast) -> None:
    post(cast, cast.owner, create_soldiers(count=3), 0)
    post(cast, cast.player, create_soldiers(controller=1, count=2), 1)
    assert post(cast, cast.player, {"type": "tap", "object": "o2"}, 2).status_code == 200
    response = post(cast, cast.owner, {"type": "tap", "object": "o1", "count": 2}, 2)
    assert response.status_code == 200, response.json()
    assert response.json()["rebased_from"] == 2 and response.json()["version"] == 4
    fresh = post(cast, cast.owner, {"type": "untap", "object": "o1"}, 4)
    assert "rebased_from" not in fresh.json()


def test_a_double_tap_applies_once_and_the_second_gets_409_in_player_words(cast: Cast) -> None:
    post(cast, cast.owner, create_soldiers(count=3), 0)
    tap = {"type": "tap", "object": "o1", "count": 2}
    assert post(cast, cast.player, tap, 1).status_code == 200
    second = post(cast, cast.owner, tap, 1)
    assert second.status_code == 409
    assert second.json() == {
        "error": "conflict",
        "detail": "Ben tapped 2 Soldier Tokens first.",
        "rule": None,
    }
    assert version_of(cast) == 2


def test_a_repeat_with_the_same_idempotency_key_gets_the_first_answer(cast: Cast) -> None:
    first = post(cast, cast.owner, create_soldiers(count=3), 0, key="k-1")
    again = post(cast, cast.owner, create_soldiers(count=3), 0, key="k-1")
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert again.headers["Idempotent-Replayed"] == "true"
    assert version_of(cast) == 1
    assert Action.objects.filter(table=cast.table).count() == 1
    # Another key, or another user with the same key, is another request.
    assert post(cast, cast.owner, create_soldiers(), 1, key="k-2").json()["version"] == 2
    other = post(cast, cast.player, create_soldiers(controller=1), 2, key="k-1")
    assert other.json()["version"] == 3 and "Idempotent-Replayed" not in other.headers


def test_an_undo_repeated_with_its_key_undoes_once(cast: Cast) -> None:
    post(cast, cast.owner, create_soldiers(), 0)
    post(cast, cast.owner, create_soldiers(), 1)
    first = undo(cast, cast.owner, 2, key="undo-1")
    again = undo(cast, cast.owner, 2, key="undo-1")
    assert first.status_code == again.status_code == 200 and again.json() == first.json()
    assert version_of(cast) == 3
    assert Action.objects.filter(table=cast.table, undone_by__isnull=False).count() == 1


def test_a_refused_request_is_not_kept_and_a_bad_key_is_a_400(cast: Cast) -> None:
    tap = {"type": "tap", "object": "o1"}
    assert post(cast, cast.owner, tap, 0, key="early").status_code == 400
    post(cast, cast.owner, create_soldiers(), 0)
    assert post(cast, cast.owner, tap, 1, key="early").status_code == 200
    assert post(cast, cast.owner, tap, 2, key="x" * 201).status_code == 400
    assert post(cast, cast.owner, tap, 2, key="bad\nkey").status_code == 400


def test_kept_answers_are_bounded_per_table_and_expire(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(idempotency, "PER_TABLE", 2)
    for version in range(3):
        post(cast, cast.owner, create_soldiers(), version, key=f"k{version}")
    assert set(IdempotentAnswer.objects.values_list("key", flat=True)) == {"k1", "k2"}
    IdempotentAnswer.objects.filter(key="k1").update(
        created_at=timezone.now() - idempotency.TTL - timedelta(minutes=1)
    )
    # An expired key is a new request.
    assert post(cast, cast.owner, create_soldiers(), 3, key="k1").json()["version"] == 4
    IdempotentAnswer.objects.update(created_at=timezone.now() - 2 * idempotency.TTL)
    assert idempotency.idempotent_answers_prune() == 2
    assert not IdempotentAnswer.objects.exists()


def test_the_schema_documents_rebasing_idempotency_and_modes(cast: Cast) -> None:
    schema = client_for(None).get("/api/schema/", HTTP_ACCEPT="application/json").json()
    act = schema["paths"]["/api/v1/tables/{table_id}/actions/"]["post"]
    assert any(p["name"] == "Idempotency-Key" and p["in"] == "header" for p in act["parameters"])
    assert "rebased_from" in act["description"]
    undo_op = schema["paths"]["/api/v1/tables/{table_id}/undo/"]["post"]
    assert any(p["name"] == "Idempotency-Key" for p in undo_op["parameters"])
    components = schema["components"]["schemas"]
    assert "rebased_from" in components["ActionResponse"]["properties"]
    assert "mode" in components["TableCreateRequest"]["properties"]
    assert "mode" in components["PatchedTableUpdateRequest"]["properties"]
    assert "rules_warning" in json.dumps(components["Event"])


def test_the_owner_switches_modes_and_a_tracked_illegal_action_is_kept(cast: Cast) -> None:
    assert client_for(cast.owner).get(f"/api/v1/tables/{cast.table.id}/").json()["mode"] == (
        "enforce"
    )
    post(cast, cast.owner, create_soldiers(tapped=True), 0)
    assert post(cast, cast.owner, {"type": "tap", "object": "o1"}, 1).status_code == 422
    assert patch(cast, cast.player, {"mode": "track"}).status_code == 403
    assert patch(cast, cast.owner, {"mode": "sideways"}).status_code == 400
    assert patch(cast, cast.owner, {}).status_code == 400
    assert patch(cast, cast.owner, {"mode": "track"}).json()["mode"] == "track"
    # The switch is a log entry of its own, by the owner.
    switch = Action.objects.get(table=cast.table, seq=2)
    assert switch.payload == {"type": "set_mode", "mode": "track"} and switch.actor == cast.owner
    assert [e["type"] for e in switch.events] == ["mode_changed"]
    tracked = post(cast, cast.owner, {"type": "tap", "object": "o1"}, 2)
    assert tracked.status_code == 200
    [warning] = [e for e in tracked.json()["events"] if e["type"] == "rules_warning"]
    assert warning["rule"] == "701.26a"
    # Back to enforce: the tracked entry still replays as it was decided.
    assert patch(cast, cast.owner, {"mode": "enforce"}).status_code == 200
    assert post(cast, cast.owner, {"type": "tap", "object": "o1"}, 4).status_code == 422
    assert stored_equals_replay(cast)
    history = client_for(cast.owner).get(f"/api/v1/tables/{cast.table.id}/history/").json()
    assert any(line["type"] == "rules_warning" for line in history["results"])
    assert any(line["type"] == "mode_changed" for line in history["results"])


def test_switching_modes_is_an_ordinary_action_owner_only_and_undone_like_others(
    cast: Cast,
) -> None:
    switch = {"type": "set_mode", "mode": "track"}
    refused = post(cast, cast.player, switch, 0)
    assert refused.status_code == 403 and "owner" in refused.json()["detail"]
    assert post(cast, cast.owner, {"type": "set_mode", "mode": "sideways"}, 0).status_code == 400
    answer = post(cast, cast.owner, switch, 0)
    assert answer.status_code == 200 and answer.json()["state"]["mode"] == "track"
    assert stored_equals_replay(cast)
    undone = undo(cast, cast.owner, 1)
    assert undone.status_code == 200, undone.json()
    assert client_for(cast.owner).get(f"/api/v1/tables/{cast.table.id}/").json()["mode"] == (
        "enforce"
    )
    assert stored_equals_replay(cast)


def test_a_table_created_in_track_mode_and_a_sent_mode_is_ignored(cast: Cast) -> None:
    created = client_for(cast.owner).post(
        "/api/v1/tables/",
        {"game": "mtg", "name": "Judge", "players": ["A", "B"], "mode": "track"},
        format="json",
    )
    assert created.status_code == 201 and created.json()["mode"] == "track"
    # At an enforcing table, an action can't ask for track mode itself.
    post(cast, cast.owner, create_soldiers(tapped=True), 0)
    sneaky = post(cast, cast.owner, {"type": "tap", "object": "o1", "mode": "track"}, 1)
    assert sneaky.status_code == 422
    judged = Table.objects.get(name="Judge")
    assert judged.state["mode"] == "track" and judged.setup["mode"] == "track"
