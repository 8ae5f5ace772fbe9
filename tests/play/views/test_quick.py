"""The quick controls: multi-select (POST /play/<id>/act-on-stacks/), favourites
(POST /play/<id>/favourite/), "again" and recent tokens remembered after a creation."""

from __future__ import annotations

from typing import Any

import pytest

from play.models import Action, PaletteToken
from play.table import selectors, services
from play.web import palette
from tests.play.conftest import Cast
from tests.play.views.conftest import HASTY_SOLDIER, HTMX, act, browser_for, object_named


def _stacks(cast: Cast) -> tuple[str, str]:
    """Ann's two stacks: 3 Soldiers and 2 hasty Goblins (seat 0)."""
    act(
        cast.table,
        cast.owner,
        {"type": "create_token", "controller": 0, "definition": HASTY_SOLDIER, "count": 3},
    )
    goblin = {**HASTY_SOLDIER, "name": "Goblin Token", "subtypes": ["Goblin"], "colors": ["R"]}
    state = act(
        cast.table,
        cast.owner,
        {"type": "create_token", "controller": 0, "definition": goblin, "count": 2},
    )
    return object_named(state, "Soldier Token")["id"], object_named(state, "Goblin Token")["id"]


def _version(cast: Cast) -> int:
    cast.table.refresh_from_db()
    return cast.table.version


def _post(cast: Cast, user: Any, url: str, data: dict[str, Any]) -> Any:
    cast.table.refresh_from_db()
    fields = {"expected_version": cast.table.version, "slot": "err-stacks", **data}
    return browser_for(user).post(f"/play/{cast.table.id}/{url}/", fields, headers=HTMX)


def test_it_taps_every_selected_stack_one_logged_action_each(seeded, cast):
    soldiers, goblins = _stacks(cast)
    before = _version(cast)
    response = _post(
        cast, cast.owner, "act-on-stacks", {"type": "tap", "objects": [soldiers, goblins]}
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "x3 Soldier Token (3 tapped)" in html and "x2 Goblin Token (2 tapped)" in html
    logged = list(Action.objects.filter(table=cast.table, seq__gt=before).order_by("seq"))
    assert [(a.payload["type"], a.payload["count"]) for a in logged] == [("tap", 3), ("tap", 2)]
    # Undo is per action: the Goblins untap, the Soldiers stay tapped.
    cast.table.refresh_from_db()
    services.table_undo(
        table_id=cast.table.id, user=cast.owner, expected_version=cast.table.version
    )
    table, access = selectors.table_get_for_user(
        table_id=cast.table.id, user=cast.owner, spectate_token=None
    )
    state = selectors.table_state(table=table, access=access)
    assert object_named(state, "Soldier Token")["tapped"] is True
    assert object_named(state, "Goblin Token")["tapped"] is False


def test_it_leaves_out_stacks_already_tapped(seeded, cast):
    soldiers, goblins = _stacks(cast)
    act(cast.table, cast.owner, {"type": "tap", "object": goblins, "count": 2})
    before = _version(cast)
    response = _post(
        cast, cast.owner, "act-on-stacks", {"type": "tap", "objects": [soldiers, goblins]}
    )
    assert response.status_code == 200
    assert Action.objects.filter(table=cast.table, seq__gt=before).count() == 1


def test_it_changes_nothing_when_one_stack_is_refused(seeded, cast):
    """All or none: Ben may tap Ann's stacks (an effect) but not sacrifice them (701.21a)."""
    soldiers, goblins = _stacks(cast)
    before = _version(cast)
    response = _post(
        cast, cast.player, "act-on-stacks", {"type": "sacrifice", "objects": [soldiers, goblins]}
    )
    assert response.status_code == 403
    cast.table.refresh_from_db()
    assert cast.table.version == before
    ok = _post(cast, cast.player, "act-on-stacks", {"type": "tap", "objects": [soldiers]})
    assert ok.status_code == 200


@pytest.mark.parametrize(
    ("data", "status"),
    [
        ({"type": "tap"}, 400),  # nothing selected
        ({"type": "attack", "objects": ["o1"]}, 400),  # asks for more than objects and a count
        ({"type": "tap", "objects": ["o999"]}, 400),  # gone
        ({"type": "nonsense", "objects": ["o1"]}, 400),
    ],
)
def test_it_refuses_bad_selections_with_a_4xx(seeded, cast, data, status):
    _stacks(cast)
    before = _version(cast)
    assert _post(cast, cast.owner, "act-on-stacks", data).status_code == status
    cast.table.refresh_from_db()
    assert cast.table.version == before


def test_it_refuses_outsiders_spectators_and_get(seeded, cast):
    soldiers, _goblins = _stacks(cast)
    data = {"type": "tap", "objects": [soldiers]}
    assert _post(cast, cast.outsider, "act-on-stacks", data).status_code == 404
    assert _post(cast, cast.spectator, "act-on-stacks", data).status_code == 403
    url = f"/play/{cast.table.id}/act-on-stacks/"
    assert browser_for(cast.owner).get(url).status_code == 405


def test_it_remembers_a_creation_for_again_and_recent(seeded, cast):
    response = _post(
        cast,
        cast.owner,
        "act",
        {"type": "create_token", "pick": "create_token:mtg-treasure", "count": 3, "controller": 0},
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="palette-memory"' in html and 'hx-swap-oob="true"' in html
    assert "Again: 3 Treasure Token" in html
    memory = palette.palette_memory(user=cast.owner, game="mtg")
    assert memory.again is not None and (memory.again.slug, memory.again.count) == (
        "mtg-treasure",
        3,
    )
    assert [c.slug for c in memory.recent] == ["mtg-treasure"]
    # Another player's palette is their own.
    assert palette.palette_memory(user=cast.player, game="mtg").again is None


def test_it_stars_and_unstars_a_token(seeded, cast):
    response = _post(cast, cast.owner, "favourite", {"favourite": "1:mtg-treasure"})
    assert response.status_code == 200 and "Unstar Treasure Token" in response.content.decode()
    assert [c.slug for c in palette.palette_memory(user=cast.owner, game="mtg").favourites] == [
        "mtg-treasure"
    ]
    _post(cast, cast.owner, "favourite", {"favourite": "0:mtg-treasure"})
    assert palette.palette_memory(user=cast.owner, game="mtg").favourites == []


def test_it_refuses_to_star_what_the_game_lacks(seeded, cast):
    assert _post(cast, cast.owner, "favourite", {"favourite": "1:rb-recruit"}).status_code == 400
    assert _post(cast, cast.owner, "favourite", {"favourite": "1:nope"}).status_code == 400
    assert PaletteToken.objects.count() == 0
    assert (
        _post(cast, cast.outsider, "favourite", {"favourite": "1:mtg-treasure"}).status_code == 404
    )


def test_the_palette_opens_with_token_rows_common_ones_filling_up(seeded, cast):
    """A quick count: "x3" on a token's row creates three in one tap."""
    first = palette.palette_memory(user=cast.owner, game="mtg")
    common = palette.palette_common(game="mtg", memory=first)
    assert [c.slug for c in common] == ["mtg-treasure", "mtg-clue", "mtg-food", "mtg-blood"]
    page = browser_for(cast.owner).get(f"/play/{cast.table.id}/").content.decode()
    assert 'value="create_token:mtg-treasure:3"' in page and "Common tokens" in page
    response = _post(
        cast, cast.owner, "act", {"type": "create_token", "pick": "create_token:mtg-clue:3"}
    )
    assert response.status_code == 200
    created = Action.objects.get(table=cast.table, payload__type="create_token")
    assert (created.payload["token"], created.payload["count"]) == ("mtg-clue", 3)
    memory = palette.palette_memory(user=cast.owner, game="mtg")
    assert memory.again is not None and memory.again.count == 3
    # The recent Clue has a row of its own (with its star); the common rows fill up to four.
    later = palette.palette_common(game="mtg", memory=memory)
    assert [c.slug for c in later] == ["mtg-treasure", "mtg-food", "mtg-blood"]
    assert palette.palette_common(game="riftbound", memory=first)[0].slug == "rb-recruit"
