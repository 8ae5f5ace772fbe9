"""Own actions answered as deltas (the page asks with X-Board-Delta), the whole board on a gap,
and a big table's stacks in pages loaded as they scroll into view (issue 36)."""

from __future__ import annotations

import json
import re
from typing import Any

import rules
from play.models import Table
from play.web import board
from tests.play.conftest import Cast
from tests.play.views.conftest import HASTY_SOLDIER, HTMX, act, browser_for, object_named

DELTA = {**HTMX, "HX-Request": "true", "X-Board-Delta": "1"}


def _own_delta(body: str) -> dict[str, Any]:
    found = re.search(r'<script id="board-delta" type="application/json">(.*?)</script>', body)
    assert found, body[:300]
    return dict(json.loads(found.group(1)))


def _soldier(cast: Cast) -> str:
    action = {"type": "create_token", "controller": 0, "definition": HASTY_SOLDIER, "count": 3}
    return str(object_named(act(cast.table, cast.owner, action), "Soldier Token")["id"])


def test_own_action_is_answered_with_its_delta_and_the_frame(cast: Cast) -> None:
    soldier = _soldier(cast)
    cast.table.refresh_from_db()
    version = cast.table.version
    post = {"type": "tap", "object": soldier, "count": "1", "expected_version": version}
    response = browser_for(cast.owner).post(f"/play/{cast.table.id}/act/", post, headers=DELTA)
    assert response.status_code == 200
    assert response["HX-Reswap"] == "none"
    assert response["X-Board-Delta"] == str(version + 1)
    body = response.content.decode()
    data = _own_delta(body)
    assert data["version"] == version + 1
    [tapped, untapped] = sorted(data["delta"]["objects"], key=lambda o: o["count"])
    assert (tapped["count"], tapped["tapped"]) == (1, True)
    assert untapped == {**untapped, "id": soldier, "count": 2, "tapped": False}
    assert "Soldier" in data["said"]
    # The head (Undo), the result and the action's log line come out of band; no tiles, and
    # no seat heads: the tap changed no seat.
    for part in ("board-head", "board-result"):
        assert re.search(f'id="{part}"[^>]*hx-swap-oob="true"', body), part
    assert 'hx-swap-oob="afterbegin:#log-list"' in body
    assert body.count('class="log-entry') == 1 and "seat-head-0" not in body
    assert f'name="expected_version" value="{version + 1}"' in body
    assert "bf-tile" not in body


def test_undo_is_answered_with_its_delta(cast: Cast) -> None:
    soldier = _soldier(cast)
    state = act(cast.table, cast.owner, {"type": "tap", "object": soldier, "count": 3})
    cast.table.refresh_from_db()
    post = {"expected_version": cast.table.version}
    response = browser_for(cast.owner).post(f"/play/{cast.table.id}/undo/", post, headers=DELTA)
    data = _own_delta(response.content.decode())
    assert data["version"] == cast.table.version + 1
    assert data["delta"]["objects"] == [{**object_named(state, "Soldier Token"), "tapped": False}]
    # An undo marks an older log line: the whole log comes.
    assert re.search('id="board-log"[^>]*hx-swap-oob="true"', response.content.decode())


def test_a_seat_change_brings_the_seat_heads(cast: Cast) -> None:
    post = {"type": "adjust_life", "seat": "0", "amount": "-2", "expected_version": 0}
    response = browser_for(cast.owner).post(f"/play/{cast.table.id}/act/", post, headers=DELTA)
    body = response.content.decode()
    assert _own_delta(body)["delta"]["seats"][0]["life"] == 18
    assert re.search('id="seat-head-0"[^>]*hx-swap-oob="true"', body)


def test_a_gap_answers_the_whole_board(cast: Cast) -> None:
    """Sent against an older version and rebased past another commit: the page lacks that
    commit, so the answer is the whole board, not a delta."""
    soldier = _soldier(cast)
    cast.table.refresh_from_db()
    old = cast.table.version
    act(cast.table, cast.player, {"type": "adjust_life", "seat": 1, "amount": 1})
    post = {"type": "tap", "object": soldier, "count": "1", "expected_version": old}
    response = browser_for(cast.owner).post(f"/play/{cast.table.id}/act/", post, headers=DELTA)
    assert response.status_code == 200
    body = response.content.decode()
    assert "X-Board-Delta" not in response
    assert 'id="board-delta"' not in body
    assert '<section id="board"' in body and f'data-version="{old + 2}"' in body


def test_without_the_header_the_board_comes_as_before(cast: Cast) -> None:
    soldier = _soldier(cast)
    cast.table.refresh_from_db()
    post = {"type": "tap", "object": soldier, "count": "1", "expected_version": cast.table.version}
    response = browser_for(cast.owner).post(f"/play/{cast.table.id}/act/", post, headers=HTMX)
    assert '<section id="board"' in response.content.decode()
    assert "X-Board-Delta" not in response


def _big_table(cast: Cast, stacks: int) -> Table:
    """``stacks`` distinct one-stack piles for seat 0 (made in the kernel, stored as the state)."""
    state = rules.new_game("mtg", {"players": ["Ann", "Ben"]})
    for index in range(stacks):
        definition = {**HASTY_SOLDIER, "name": f"Bench {index:04d}"}
        action = {"type": "create_token", "controller": 0, "definition": definition}
        state = rules.apply(state, action).state
    Table.objects.filter(pk=cast.table.pk).update(state=rules.codec.dump(state))
    cast.table.refresh_from_db()
    return cast.table


def test_a_big_table_opens_with_its_first_page_and_loads_the_rest(cast: Cast) -> None:
    stacks = board.GROUP_TILES * 2 + 5
    table = _big_table(cast, stacks)
    client = browser_for(cast.owner)
    page = client.get(f"/play/{table.id}/").content.decode()
    assert page.count('class="bf-tile') == board.GROUP_TILES
    more = re.search(r'hx-get="([^"]*part=piles[^"]*)"', page)
    assert more and 'data-after="Bench 0059"' in page
    seen = board.GROUP_TILES
    url: str | None = more.group(1).replace("&amp;", "&")
    while url:
        answer = client.get(url, headers=HTMX)
        assert answer.status_code == 200
        text = answer.content.decode()
        seen += text.count('class="bf-tile')
        found = re.search(r'hx-get="([^"]*part=piles[^"]*)"', text)
        url = found.group(1).replace("&amp;", "&") if found else None
    assert seen == stacks
    # Every tile starts out of the Tab order: the page puts the current one back.
    assert 'class="tile-open"' in page and 'aria-describedby="tile-hint" tabindex="-1"' in page


def test_a_long_pile_loads_its_other_stacks(cast: Cast) -> None:
    state = rules.new_game("mtg", {"players": ["Ann", "Ben"]})
    for power in range(board.PILE_TILES + 3):
        definition = {**HASTY_SOLDIER, "power": str(power)}
        action = {"type": "create_token", "controller": 0, "definition": definition}
        state = rules.apply(state, action).state
    Table.objects.filter(pk=cast.table.pk).update(state=rules.codec.dump(state))
    client = browser_for(cast.owner)
    page = client.get(f"/play/{cast.table.id}/").content.decode()
    assert page.count('class="bf-tile') == board.PILE_TILES
    assert f'data-total="{board.PILE_TILES + 3}"' in page
    more = re.search(r'hx-get="([^"]*part=pile&[^"]*)"', page)
    assert more
    rest = client.get(more.group(1).replace("&amp;", "&"), headers=HTMX).content.decode()
    assert rest.count('class="bf-tile') == 3


def test_a_page_of_stacks_refuses_nonsense(cast: Cast) -> None:
    client = browser_for(cast.owner)
    url = f"/play/{cast.table.id}/board/?part=piles&controller=x&location=base&start=0"
    assert client.get(url, headers=HTMX).status_code == 400


def test_pile_ids_match_the_page_hash() -> None:
    """battlefield.js's shortHash computes the same (FNV-1a over UTF-16 code units); these
    values are what it gives in node."""
    assert board.short_hash("") == "811c9dc501000193"
    assert board.short_hash("0|base|Soldier Token") == "0a2e0c5b5ec0b9a3"
    assert board.short_hash("1|bf1|Гоблин 🐐") == "0a0afb0cae375b0c"  # a surrogate pair
