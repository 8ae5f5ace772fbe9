"""Two clients acting on one table at once: one wins, the other gets 409; never a lost update.

Runs on whatever database the suite runs on: SQLite here, PostgreSQL in CI's second pass.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import OperationalError, connection

from play import rules, services
from play.models import Action, Table
from tests.play.conftest import make_cast
from tokensite.api import Conflict

WRITERS = 6


def run_at_once(work: Callable[[], str]) -> list[str]:
    barrier = threading.Barrier(WRITERS)
    results: list[str] = []
    lock = threading.Lock()

    def worker() -> None:
        try:
            barrier.wait()
            outcome = work()
        except Exception as exc:  # a crash must show up in the results, not vanish in a thread
            outcome = f"crash: {exc!r}"
        finally:
            connection.close()
        with lock:
            results.append(outcome)

    threads = [threading.Thread(target=worker) for _ in range(WRITERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return results


def life_of(table: Table, seat: int) -> int:
    seats: list[dict[str, Any]] = rules.view(rules.codec.load(table.state))["seats"]
    return int(seats[seat]["life"])


@pytest.mark.django_db(transaction=True)
def test_it_lets_one_of_several_simultaneous_writers_win_and_the_others_get_409() -> None:
    cast = make_cast()

    def lose_one_life() -> str:
        try:
            services.table_apply_action(
                table_id=cast.table.id,
                user=cast.owner,
                expected_version=0,
                action={"type": "adjust_life", "seat": 0, "amount": -1},
            )
        except Conflict:
            return "409"
        return "ok"

    results = run_at_once(lose_one_life)
    assert sorted(results) == ["409"] * (WRITERS - 1) + ["ok"]
    table = Table.objects.get(pk=cast.table.pk)
    assert table.version == 1
    assert life_of(table, 0) == 19
    assert Action.objects.filter(table=table).count() == 1


@pytest.mark.django_db(transaction=True)
def test_it_never_loses_an_update_when_clients_retry_after_409() -> None:
    cast = make_cast()

    def lose_one_life_until_done() -> str:
        conflicts = 0
        while True:
            try:
                version = Table.objects.values_list("version", flat=True).get(pk=cast.table.pk)
            except OperationalError:
                # The test database is SQLite in shared-cache memory, where a plain read can be
                # refused while another thread writes (a WAL file never does that); read again.
                time.sleep(0.005)
                continue
            try:
                services.table_apply_action(
                    table_id=cast.table.id,
                    user=cast.owner,
                    expected_version=version,
                    action={"type": "adjust_life", "seat": 0, "amount": -1},
                )
            except Conflict:
                conflicts += 1
                time.sleep(0.005)
                continue
            return "ok"

    results = run_at_once(lose_one_life_until_done)
    assert results == ["ok"] * WRITERS
    table = Table.objects.get(pk=cast.table.pk)
    assert table.version == WRITERS
    assert life_of(table, 0) == 20 - WRITERS
    assert list(Action.objects.filter(table=table).values_list("seq", flat=True)) == list(
        range(1, WRITERS + 1)
    )


@pytest.mark.django_db(transaction=True)
def test_an_undo_racing_an_action_leaves_a_consistent_table() -> None:
    cast = make_cast()
    services.table_apply_action(
        table_id=cast.table.id,
        user=cast.owner,
        expected_version=0,
        action={"type": "adjust_life", "seat": 0, "amount": -4},
    )
    turn = iter(range(WRITERS))
    pick = threading.Lock()

    def act_or_undo() -> str:
        with pick:
            index = next(turn)
        try:
            if index % 2:
                services.table_undo(table_id=cast.table.id, user=cast.owner, expected_version=1)
            else:
                services.table_apply_action(
                    table_id=cast.table.id,
                    user=cast.owner,
                    expected_version=1,
                    action={"type": "adjust_life", "seat": 0, "amount": -1},
                )
        except Conflict:
            return "409"
        return "ok"

    results = run_at_once(act_or_undo)
    assert sorted(results) == ["409"] * (WRITERS - 1) + ["ok"]
    table = Table.objects.get(pk=cast.table.pk)
    assert table.version == 2
    assert life_of(table, 0) in (15, 20)
