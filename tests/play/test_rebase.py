"""Playing together without false conflicts: an action sent against an older
version runs on the newer state when nothing it refers to changed since; otherwise 409 in player
words."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User

from play.models import Action, Table, Touch
from play.table import services
from tests.play.conftest import Cast, create_soldiers
from tests.play.test_services import stored_equals_replay
from tokensite.api import Conflict


def act_at(cast: Cast, user: User, version: int, action: dict[str, Any]) -> services.ActionResult:
    return services.table_apply_action(
        table_id=cast.table.id, user=user, expected_version=version, action=action
    )


def two_stacks(cast: Cast) -> tuple[str, str]:
    """Ann's 3 Soldiers (o1) and Ben's 2 Soldiers (o2), at version 2."""
    act_at(cast, cast.owner, 0, create_soldiers(count=3))
    result = act_at(cast, cast.player, 1, create_soldiers(controller=1, count=2))
    ids = [obj["id"] for obj in result.state["objects"]]
    return ids[0], ids[1]


def test_actions_on_different_stacks_sent_against_one_version_both_apply(cast: Cast) -> None:
    ann, ben = two_stacks(cast)
    first = act_at(cast, cast.owner, 2, {"type": "tap", "object": ann, "count": 2})
    second = act_at(cast, cast.player, 2, {"type": "tap", "object": ben, "count": 1})
    assert first.rebased_from is None
    assert second.rebased_from == 2 and second.version == 4
    tapped = {(o["controller"], o["count"]) for o in second.state["objects"] if o["tapped"]}
    assert tapped == {(0, 2), (1, 1)}
    assert stored_equals_replay(cast.table.pk)


def test_a_double_tap_is_a_conflict_told_in_player_words(cast: Cast) -> None:
    ann, _ = two_stacks(cast)
    act_at(cast, cast.player, 2, {"type": "tap", "object": ann, "count": 2})
    with pytest.raises(Conflict) as caught:
        act_at(cast, cast.owner, 2, {"type": "tap", "object": ann, "count": 2})
    assert caught.value.code == "conflict"
    assert caught.value.detail == "Ben tapped 2 Soldier Tokens first."
    assert Table.objects.get(pk=cast.table.pk).version == 3


def test_the_same_sender_is_told_it_was_them(cast: Cast) -> None:
    ann, _ = two_stacks(cast)
    act_at(cast, cast.owner, 2, {"type": "sacrifice", "object": ann, "count": 1})
    with pytest.raises(Conflict) as caught:
        act_at(cast, cast.owner, 2, {"type": "tap", "object": ann, "count": 1})
    assert caught.value.detail.startswith("You ")
    assert "Soldier Token" in caught.value.detail


def test_a_seat_another_commit_changed_is_a_conflict_other_seats_are_not(cast: Cast) -> None:
    act_at(cast, cast.player, 0, {"type": "adjust_life", "seat": 1, "amount": -3})
    ann = act_at(cast, cast.owner, 0, {"type": "adjust_life", "seat": 0, "amount": -2})
    assert ann.rebased_from == 0
    assert [s["life"] for s in ann.state["seats"]] == [18, 17]
    with pytest.raises(Conflict) as caught:
        act_at(cast, cast.player, 0, {"type": "adjust_life", "seat": 1, "amount": -1})
    assert caught.value.detail == "You acted first (Life)."


def test_turn_actions_conflict_with_a_turn_change_but_stack_actions_do_not(cast: Cast) -> None:
    ann, _ = two_stacks(cast)
    act_at(cast, cast.owner, 2, {"type": "next_step"})
    with pytest.raises(Conflict):
        act_at(cast, cast.owner, 2, {"type": "next_step"})
    tapped = act_at(cast, cast.owner, 2, {"type": "tap", "object": ann})
    assert tapped.rebased_from == 2
    # Tokens for "the active player" depend on whose turn it is.
    act_at(cast, cast.owner, 4, {"type": "pass_turn"})
    with pytest.raises(Conflict):
        act_at(cast, cast.player, 4, {"type": "create_token", "definition": {"name": "X"}})


def test_an_undo_against_an_older_version_is_refused_with_what_happened(cast: Cast) -> None:
    ann, _ = two_stacks(cast)
    act_at(cast, cast.player, 2, {"type": "tap", "object": ann, "count": 2})
    with pytest.raises(Conflict) as caught:
        services.table_undo(table_id=cast.table.id, user=cast.owner, expected_version=2)
    # Ann's own last action is the one she saw, but Ben's tap since depends on it.
    assert caught.value.code == "undo_blocked"
    assert caught.value.detail == "Ben acted on it since (Tap): it can't be undone now."
    assert Action.objects.filter(table=cast.table).count() == 3


def _ben_changes_his_life(cast: Cast, version: int, times: int) -> int:
    for _ in range(times):
        act_at(cast, cast.player, version, {"type": "adjust_life", "seat": 1, "amount": -1})
        version += 1
    return version


def test_an_action_any_number_of_versions_behind_is_rebased_if_nothing_it_refers_to_changed(
    cast: Cast,
) -> None:
    ann, _ = two_stacks(cast)
    version = _ben_changes_his_life(cast, 2, 120)
    result = act_at(cast, cast.owner, 2, {"type": "tap", "object": ann, "count": 2})
    assert result.rebased_from == 2 and result.version == version + 1
    assert stored_equals_replay(cast.table.pk)


def test_a_change_long_ago_among_many_commits_is_still_a_conflict(cast: Cast) -> None:
    ann, _ = two_stacks(cast)
    act_at(cast, cast.player, 2, {"type": "tap", "object": ann, "count": 1})
    _ben_changes_his_life(cast, 3, 80)
    with pytest.raises(Conflict) as caught:
        act_at(cast, cast.owner, 2, {"type": "sacrifice", "object": ann, "count": 1})
    assert caught.value.detail == "Ben tapped 1 Soldier Token first."


def test_the_index_keeps_one_row_per_key_with_its_last_version(cast: Cast) -> None:
    ann, ben = two_stacks(cast)
    act_at(cast, cast.player, 2, {"type": "tap", "object": ben, "count": 2})
    _ben_changes_his_life(cast, 3, 3)
    touches = dict(Touch.objects.filter(table=cast.table).values_list("key", "seq"))
    assert touches == {f"stack:{ann}": 1, f"stack:{ben}": 3, "seat:1": 6}


def test_each_entry_keeps_what_it_touched(cast: Cast) -> None:
    ann, _ = two_stacks(cast)
    act_at(cast, cast.player, 2, {"type": "adjust_life", "seat": 1, "amount": -1})
    act_at(cast, cast.owner, 3, {"type": "next_step"})
    touched = list(Action.objects.filter(table=cast.table).values_list("touched", flat=True))
    assert touched[0] == {"stacks": [ann], "seats": [], "table": []}
    assert touched[2] == {"stacks": [], "seats": [1], "table": []}
    assert touched[3] is not None and "step" in touched[3]["table"]
