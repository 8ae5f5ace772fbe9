"""The command line's page view (play/web/command_line.py): an action answers with the board,
a question, readings or a refusal with the line's output; without JavaScript, the page."""

from __future__ import annotations

from typing import Any

from django.test import Client

from play.table import services
from tests.play.conftest import Cast, create_soldiers


def _post(client: Client, cast: Cast, text: str) -> Any:
    cast.table.refresh_from_db()
    data = {"text": text, "expected_version": str(cast.table.version)}
    return client.post(f"/play/{cast.table.id}/command/", data, headers={"HX-Request": "true"})


def test_an_action_answers_with_the_board_and_a_question_with_the_output(cast: Cast) -> None:
    services.table_apply_action(
        table_id=cast.table.id, user=cast.owner, expected_version=0, action=create_soldiers(count=3)
    )
    client = Client()
    client.force_login(cast.owner)
    done = _post(client, cast, "tap 2 soldier")
    assert done.status_code == 200 and 'id="board"' in done.content.decode()
    assert "Tapped Soldier Token (x2)" in done.content.decode()
    asked = _post(client, cast, "life")
    assert asked["HX-Retarget"] == "#command-out"
    assert "Ann: 20 life; Ben: 20 life." in asked.content.decode()
    refused = _post(client, cast, "tap 2 zzzz")
    assert refused.status_code == 400 and "data-refused" in refused.content.decode()
    plain = client.post(f"/play/{cast.table.id}/command/", {"text": "life"})
    assert plain.status_code == 302


def test_a_visitor_is_refused_without_a_500(cast: Cast) -> None:
    response = _post(Client(), cast, "life")
    assert response.status_code == 403
