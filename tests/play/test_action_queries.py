"""What one action costs the database once the table's state is in this process (issue 36):
the lock, the seats, the log entry, its touches and the new version, and nothing per player."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext

from play.table import services

SOLDIER = {"name": "Soldier Token", "types": ["Creature"], "power": "1", "toughness": "1"}


@pytest.mark.django_db
def test_a_tap_at_a_table_whose_owner_sits_at_no_seat_reads_no_guest_row() -> None:
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
    create = {"type": "create_token", "controller": 0, "definition": SOLDIER, "count": 10}
    made = services.table_apply_action(
        table_id=table.id, user=ann, expected_version=0, action=create
    )
    stack = made.events[0]["object"]
    with CaptureQueriesContext(connection) as queries:
        services.table_apply_action(
            table_id=table.id,
            user=ann,
            expected_version=1,
            action={"type": "tap", "object": stack, "count": 3},
        )
    # The test's transaction wraps the action in a savepoint, and keeps on_commit from filling
    # the process's state cache: the state and the history's start are read here, not in play.
    statements = [
        query["sql"]
        for query in queries.captured_queries
        if not query["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))
    ]
    # The owner's "is this a guest?" comes with the locked table row, not as a query of its own.
    assert not [sql for sql in statements if "play_guest" in sql and "play_table" not in sql]
    assert len(statements) <= 6, "\n".join(sql[:90] for sql in statements)


@pytest.mark.django_db
def test_an_undo_reads_its_target_and_the_later_log_in_one_query() -> None:
    """Undo costs an action's queries, plus one read of the recent log and the update that marks
    the undone entry: no second log read, no read of who sent it."""
    ann = User.objects.create_user("ann")
    table = services.table_create(owner=ann, game="mtg", name="Friday", players=["Ann", "Ben"])
    create = {"type": "create_token", "controller": 0, "definition": SOLDIER, "count": 10}
    made = services.table_apply_action(
        table_id=table.id, user=ann, expected_version=0, action=create
    )
    stack = made.events[0]["object"]
    tap = {"type": "tap", "object": stack, "count": 3}
    services.table_apply_action(table_id=table.id, user=ann, expected_version=1, action=tap)
    with CaptureQueriesContext(connection) as queries:
        services.table_undo(table_id=table.id, user=ann, expected_version=2)
    statements = [
        query["sql"]
        for query in queries.captured_queries
        if not query["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))
    ]
    log_reads = [sql for sql in statements if sql.startswith('SELECT "play_action"')]
    assert len(log_reads) == 2, log_reads  # the recent log, and the history's start (see above)
    assert not [sql for sql in statements if sql.startswith('SELECT "auth_user"')]
    assert len(statements) <= 8, "\n".join(sql[:90] for sql in statements)
