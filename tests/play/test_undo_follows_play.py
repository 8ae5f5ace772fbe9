"""Undo that follows play: a player takes back their own last action when what came after does
not depend on it (its inverse beneath, the later actions run again on top, as stale actions are
rebased), else a clear 409; the page's Undo shows only when it would work."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from play.models import Action, Table
from play.table import selectors, services
from tests.play.conftest import Cast, create_soldiers
from tests.play.test_services import stored_equals_replay
from tokensite.api import Conflict


def act(cast: Cast, user: User, action: dict[str, Any]) -> services.ActionResult:
    version = Table.objects.get(pk=cast.table.pk).version
    return services.table_apply_action(
        table_id=cast.table.id, user=user, expected_version=version, action=action
    )


def undo(cast: Cast, user: User, version: int | None = None) -> services.ActionResult:
    if version is None:
        version = Table.objects.get(pk=cast.table.pk).version
    return services.table_undo(table_id=cast.table.id, user=user, expected_version=version)


def may_undo(cast: Cast, user: User) -> bool:
    table, access = selectors.table_get_for_user(table_id=cast.table.id, user=user)
    return services.may_undo(table, access, user)


def test_a_player_undoes_their_action_after_the_opponent_acted_on_something_else(
    cast: Cast,
) -> None:
    act(cast, cast.owner, create_soldiers(controller=0, count=2))
    act(cast, cast.player, {"type": "adjust_life", "seat": 1, "amount": -3})
    act(cast, cast.player, create_soldiers(controller=1, count=1))
    assert may_undo(cast, cast.owner) and may_undo(cast, cast.player)
    # Ann's page still shows version 2: her own action is the one she meant.
    result = undo(cast, cast.owner, version=2)
    assert [s["life"] for s in result.state["seats"]] == [20, 17]
    assert [(o["controller"], o["count"]) for o in result.state["objects"]] == [(1, 1)]
    assert Action.objects.get(table=cast.table, seq=1).undone_by == result.version
    assert stored_equals_replay(cast.table.pk)
    # Ben's last action is still the table's last: his undo applies its rewritten inverse.
    again = undo(cast, cast.player)
    assert again.state["objects"] == [] and stored_equals_replay(cast.table.pk)
    again = undo(cast, cast.player)
    assert [s["life"] for s in again.state["seats"]] == [20, 20]
    assert stored_equals_replay(cast.table.pk)


def test_a_player_undoes_their_action_under_more_of_the_opponents_than_the_first_read(
    cast: Cast,
) -> None:
    """The undo reads the last few entries first (UNDO_FIRST_READ), the rest of its horizon only
    when the viewer's last action is further back: it is found there all the same."""
    act(cast, cast.owner, create_soldiers(controller=0, count=2))
    for _ in range(services.UNDO_FIRST_READ + 2):
        act(cast, cast.player, {"type": "adjust_life", "seat": 1, "amount": -1})
    assert may_undo(cast, cast.owner)
    result = undo(cast, cast.owner)
    assert result.state["objects"] == []
    assert result.state["seats"][1]["life"] == 20 - services.UNDO_FIRST_READ - 2
    assert stored_equals_replay(cast.table.pk)


def test_an_undo_under_an_action_that_depends_on_it_is_refused_clearly(cast: Cast) -> None:
    soldiers = act(cast, cast.owner, create_soldiers(controller=0, count=2))
    stack = soldiers.state["objects"][0]["id"]
    # Ben's spell taps one of Ann's Soldiers: it acted on what Ann's creation made.
    act(cast, cast.player, {"type": "tap", "object": stack, "count": 1})
    assert not may_undo(cast, cast.owner)
    with pytest.raises(Conflict) as caught:
        undo(cast, cast.owner)
    assert caught.value.code == "undo_blocked"
    assert caught.value.detail == "Ben acted on it since (Tap): it can't be undone now."
    assert Table.objects.get(pk=cast.table.pk).version == 2  # nothing written
    # Ben's own later action stays his to undo.
    act(cast, cast.player, {"type": "adjust_life", "seat": 1, "amount": -1})
    assert may_undo(cast, cast.player)


def test_nothing_of_ones_own_to_undo_is_409_and_no_button(cast: Cast) -> None:
    act(cast, cast.owner, create_soldiers(controller=0))
    assert not may_undo(cast, cast.player)
    with pytest.raises(Conflict) as caught:
        undo(cast, cast.player)
    assert caught.value.code == "nothing_to_undo"
    assert caught.value.detail == "You have no action to undo."


def test_a_turn_taken_since_blocks_undoing_what_the_turn_relied_on(cast: Cast) -> None:
    act(cast, cast.owner, {"type": "next_step"})
    act(cast, cast.owner, {"type": "adjust_life", "seat": 0, "amount": -2})
    act(cast, cast.player, {"type": "adjust_life", "seat": 1, "amount": -1})
    # Ann's last is the life change: Ben's later one touched only his own life.
    assert may_undo(cast, cast.owner)
    result = undo(cast, cast.owner)
    assert [s["life"] for s in result.state["seats"]] == [20, 19]
    # Now her last is the next step, and nothing after relied on the turn.
    result = undo(cast, cast.owner)
    assert result.state["step"] == "main1" and stored_equals_replay(cast.table.pk)
