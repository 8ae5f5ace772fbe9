from __future__ import annotations

import json
from typing import Any

from play.models import Table
from play.table.selectors import history_lines, table_player_names
from tests.play.conftest import Cast, client_for, create_soldiers


def act(cast: Cast, action: dict[str, Any]) -> Any:
    version = Table.objects.get(pk=cast.table.pk).version
    return client_for(cast.owner).post(
        f"/api/v1/tables/{cast.table.id}/actions/",
        {"expected_version": version, "action": action},
        format="json",
    )


def log_url(cast: Cast) -> str:
    return f"/api/v1/tables/{cast.table.id}/log/"


def play_a_little(cast: Cast) -> None:
    act(cast, create_soldiers(count=2))
    act(cast, {"type": "adjust_life", "seat": 0, "amount": -2})
    version = Table.objects.get(pk=cast.table.pk).version
    client_for(cast.owner).post(
        f"/api/v1/tables/{cast.table.id}/undo/", {"expected_version": version}, format="json"
    )


def test_the_log_lists_entries_oldest_first_with_their_events(cast: Cast) -> None:
    play_a_little(cast)
    body = client_for(cast.spectator).get(log_url(cast)).json()
    assert body["count"] == 3
    entries = body["results"]
    assert [(e["seq"], e["kind"], e["undone_by"]) for e in entries] == [
        (1, "action", None),
        (2, "action", 3),
        (3, "undo", None),
    ]
    assert entries[0]["actor"] == "owner"
    assert entries[0]["action"]["type"] == "create_token"
    assert entries[0]["events"][0]["text"]


def test_the_log_starts_after_a_version(cast: Cast) -> None:
    play_a_little(cast)
    body = client_for(cast.player).get(log_url(cast), {"after": 1}).json()
    assert [e["seq"] for e in body["results"]] == [2, 3]
    assert client_for(cast.player).get(log_url(cast), {"after": 3}).json()["results"] == []
    for bad in ("-1", "x", "1e3", str(10**30)):
        assert client_for(cast.player).get(log_url(cast), {"after": bad}).status_code == 400


def test_the_log_is_404_for_outsiders_and_open_to_the_spectator_link(cast: Cast) -> None:
    assert client_for(cast.outsider).get(log_url(cast)).status_code == 404
    assert client_for(None).get(log_url(cast)).status_code == 404
    link = client_for(None).get(log_url(cast), {"spectate": cast.table.spectate_token})
    assert link.status_code == 200


def test_the_history_tells_every_event_with_its_rule_even_when_finished(cast: Cast) -> None:
    play_a_little(cast)
    client_for(cast.owner).patch(
        f"/api/v1/tables/{cast.table.id}/", {"status": "finished"}, format="json"
    )
    response = client_for(cast.player).get(f"/api/v1/tables/{cast.table.id}/history/")
    assert response.status_code == 200
    body = response.json()
    assert {"count", "next", "previous", "results"} <= set(body)  # paginated like every list
    lines = body["results"]
    assert body["count"] == len(lines)
    assert all({"seq", "text", "rule", "undone"} <= set(line) for line in lines)
    assert [line["undone"] for line in lines if line["seq"] == 2] == [True] * len(
        [line for line in lines if line["seq"] == 2]
    )
    assert lines[-1]["type"] == "undone"
    assert (
        client_for(cast.outsider).get(f"/api/v1/tables/{cast.table.id}/history/").status_code == 404
    )


def pages(client: Any, url: str, size: int, **params: Any) -> tuple[list[Any], set[int]]:
    results: list[Any] = []
    counts, page = set(), 1
    while True:
        body = client.get(url, {"page": page, "page_size": size, **params}).json()
        counts.add(body["count"])
        results += body["results"]
        if body["next"] is None:
            return results, counts
        page += 1


def test_every_page_of_the_log_and_history_matches_the_whole_story(cast: Cast) -> None:
    client = client_for(cast.owner)
    for _ in range(3):
        play_a_little(cast)
        act(cast, {"type": "pass_turn"})
    table = Table.objects.get(pk=cast.table.pk)
    players = table_player_names(table=table)
    entries = table.actions.order_by("seq")
    whole = [line for entry in entries for line in history_lines(entry, players)]
    assert len(whole) > table.version  # some entries tell several events
    for size in (1, 2, 3, 7):
        history, counts = pages(client, f"/api/v1/tables/{cast.table.id}/history/", size)
        assert (history, counts) == (json.loads(json.dumps(whole)), {len(whole)})
        log, counts = pages(client, log_url(cast), size, after=2)
        assert [entry["seq"] for entry in log] == list(range(3, table.version + 1))
        assert counts == {table.version - 2}
