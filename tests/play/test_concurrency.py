"""Clients acting on one table at once: never a lost update. On the same thing one wins and the
others get 409; on different things all apply, rebased.

Runs on whatever database the suite runs on: SQLite here, PostgreSQL in CI's second pass.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import OperationalError, connection

import rules
from play.models import Action, Table
from play.table import services
from play.table.idempotency import Idempotency, Repeat
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


def _retry_busy(send: Callable[[], Any]) -> Any:
    """The test database is SQLite in shared-cache memory, which refuses a second writer at
    once ("busy", a 409 the client retries); PostgreSQL waits on the row lock instead."""
    while True:
        try:
            return send()
        except Conflict as exc:
            if exc.code != "busy":
                raise
            time.sleep(0.005)


def _distinct_stacks(cast: Any) -> list[str]:
    """One stack per writer (different names never merge), at version WRITERS."""
    ids = []
    for index in range(WRITERS):
        result = services.table_apply_action(
            table_id=cast.table.id,
            user=cast.owner,
            expected_version=index,
            action={"type": "create_token", "controller": 0, "definition": {"name": f"T{index}"}},
        )
        ids.append(result.state["objects"][-1]["id"])
    return ids


@pytest.mark.django_db(transaction=True)
def test_simultaneous_actions_on_different_stacks_all_apply_rebased() -> None:
    """Players acting at once on different things never get a false conflict."""
    cast = make_cast()
    stacks = iter(_distinct_stacks(cast))
    pick = threading.Lock()

    def tap_mine() -> str:
        with pick:
            mine = next(stacks)
        result = _retry_busy(
            lambda: services.table_apply_action(
                table_id=cast.table.id,
                user=cast.owner,
                expected_version=WRITERS,
                action={"type": "tap", "object": mine},
            )
        )
        return "rebased" if result.rebased_from == WRITERS else "first"

    results = run_at_once(tap_mine)
    assert sorted(results) == ["first"] + ["rebased"] * (WRITERS - 1)
    table = Table.objects.get(pk=cast.table.pk)
    assert table.version == 2 * WRITERS
    objects = rules.view(rules.codec.load(table.state))["objects"]
    assert all(obj["tapped"] for obj in objects)


@pytest.mark.django_db(transaction=True)
def test_simultaneous_taps_of_one_stack_apply_once() -> None:
    cast = make_cast()
    [first, *_] = _distinct_stacks(cast)

    def tap_it() -> str:
        try:
            _retry_busy(
                lambda: services.table_apply_action(
                    table_id=cast.table.id,
                    user=cast.owner,
                    expected_version=WRITERS,
                    action={"type": "tap", "object": first},
                )
            )
        except Conflict as exc:
            return exc.code
        return "ok"

    results = run_at_once(tap_it)
    assert sorted(results) == ["conflict"] * (WRITERS - 1) + ["ok"]
    assert Table.objects.get(pk=cast.table.pk).version == WRITERS + 1


@pytest.mark.django_db(transaction=True)
def test_simultaneous_repeats_of_one_idempotency_key_apply_once() -> None:
    cast = make_cast()
    once = Idempotency("same-key", lambda result: {"version": result.version})

    def send() -> str:
        result = _retry_busy(
            lambda: services.table_apply_action(
                table_id=cast.table.id,
                user=cast.owner,
                expected_version=0,
                action={"type": "adjust_life", "seat": 0, "amount": -1},
                idempotency=once,
            )
        )
        version = result.answer if isinstance(result, Repeat) else {"version": result.version}
        return json.dumps(version)

    results = run_at_once(send)
    assert results == ['{"version": 1}'] * WRITERS
    table = Table.objects.get(pk=cast.table.pk)
    assert table.version == 1 and life_of(table, 0) == 19
