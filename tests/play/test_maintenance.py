from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from play.models import Action, Table
from play.table import services
from play.table.maintenance import checkpoints_prune, forward_patches_prune
from tests.play.conftest import create_soldiers

pytestmark = pytest.mark.django_db


def play_actions(table: Table, owner: Any, count: int) -> int:
    version = table.version
    for _ in range(count):
        version = services.table_apply_action(
            table_id=table.pk, user=owner, action=create_soldiers(), expected_version=version
        ).version
    return version


def test_it_drops_all_but_the_last_checkpoint_of_idle_tables(cast: Any) -> None:
    version = play_actions(cast.table, cast.owner, 3)
    # New entries store inverses; entries logged before them carry checkpoints (the state after
    # the action). Give the first two theirs, as such an old log has them.
    stored = Table.objects.get(pk=cast.table.pk).state
    Action.objects.filter(table=cast.table, seq__in=[1, 2]).update(checkpoint=stored)
    checkpoints = Action.objects.filter(table=cast.table, checkpoint__isnull=False)
    assert checkpoints.count() == 2
    assert checkpoints_prune(30) == 0  # the table is in use
    Table.objects.filter(pk=cast.table.pk).update(updated_at=timezone.now() - timedelta(days=31))
    assert checkpoints_prune(30) == 1
    assert list(checkpoints.values_list("seq", flat=True)) == [2]
    # The log still reproduces the state: an undo still works after the prune.
    before = services.table_undo(table_id=cast.table.pk, user=cast.owner, expected_version=version)
    soldiers = sum(o["count"] for o in before.state["objects"])
    assert before.version == version + 1 and soldiers == 2


def test_it_drops_the_forward_patches_the_stored_state_already_holds(
    cast: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import rules
    from play.table import selectors
    from play.table.statecache import committed_states

    # Store the whole state every third entry only, whatever the table's size.
    monkeypatch.setattr(services, "SNAPSHOT_BELOW_STACKS", 0)
    monkeypatch.setattr(services, "SNAPSHOT_EVERY", 3)
    start = cast.table.version
    version = play_actions(cast.table, cast.owner, 7)
    table = Table.objects.get(pk=cast.table.pk)
    assert table.state_version == start + 6
    patched = Action.objects.filter(table=table, forward__isnull=False)
    assert set(patched.values_list("seq", flat=True)) == {start + n for n in (1, 2, 4, 5, 7)}

    expected = rules.codec.dump(selectors.current_state(table))
    assert forward_patches_prune() == 4
    assert list(patched.values_list("seq", flat=True)) == [start + 7]  # still needed
    assert forward_patches_prune() == 0
    # The state read from the database (not this process's copy) is the same, and undo works.
    monkeypatch.setattr(committed_states, "get", lambda table_id, version: None)
    assert rules.codec.dump(selectors.current_state(table)) == expected
    undone = services.table_undo(table_id=table.pk, user=cast.owner, expected_version=version)
    assert undone.version == version + 1
    assert sum(o["count"] for o in undone.state["objects"]) == 6
