"""Live seats: a page that polls with the seats it knows gets its board again when a seat
changes hands, though the table's version didn't move, with the controls of its seats only."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth.models import User

from play.table import services
from tests.factories import TableFactory
from tests.play.views.conftest import HTMX, browser_for


def _poll(client: Any, table: Any, grants: str) -> Any:
    return client.get(
        f"/play/{table.id}/board/", {"known": table.version, "grants": grants}, headers=HTMX
    )


def test_a_friend_sitting_down_brings_the_owners_board_back_without_their_seat(db: Any) -> None:
    ann, ben = User.objects.create_user("ann"), User.objects.create_user("ben")
    table = TableFactory.create(owner=ann, name="Friday", players=["Ann", "Ben"])
    owner = browser_for(ann)
    page = owner.get(f"/play/{table.id}/")
    board = page.content.decode()
    assert 'data-grants="owner:0.1"' in board and "Untap all (Ben)" in board
    assert _poll(owner, table, "owner:0.1").status_code == 204
    services.table_join(user=ben, invite=table.invite_token, seat=1)
    answer = _poll(owner, table, "owner:0.1")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert 'data-grants="owner:0"' in html and "Untap all (Ben)" not in html
    assert "Life of Ben plus 1" not in html and "Life of Ann plus 1" in html
    acts = html.split('data-acts="', 1)[1].split('"', 1)[0].replace("&quot;", '"')
    assert json.loads(acts) == [[0, "Ann"]]
    assert _poll(owner, table, "owner:0").status_code == 204
