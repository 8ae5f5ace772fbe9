"""Django's SQLite backend with writers served first come, first served.

SQLite lets one writer at a time hold the database; the others wait in its busy handler, which
sleeps and retries. Under 20 writers that is unfair: a writer that just arrived often gets the
lock before one that has been sleeping for seconds (bench/sqlite_writers.py measured p50 36 ms
and p95 7 s). Here the writers of this process queue in order before they ask SQLite (every
transaction is BEGIN IMMEDIATE, see settings), and SQLite's busy timeout is left to writers of
other processes (the worker, a management command).
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Any

from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError


class WriteQueue:
    """A lock handed to the waiters in the order they came; a waiter gives up after a timeout
    (then SQLite's own "database is locked", which the services answer with a 409)."""

    def __init__(self) -> None:
        self._guard = threading.Lock()
        self._waiters: deque[threading.Event] = deque()
        self._held = False

    def acquire(self, timeout: float) -> bool:
        with self._guard:
            if not self._held and not self._waiters:
                self._held = True
                return True
            turn = threading.Event()
            self._waiters.append(turn)
        if turn.wait(timeout):
            return True
        with self._guard:
            if turn.is_set():  # handed over just as the wait ran out
                return True
            self._waiters.remove(turn)
            return False

    def release(self) -> None:
        with self._guard:
            if self._waiters:
                self._waiters.popleft().set()  # handed over: it stays held
            else:
                self._held = False


WRITERS = WriteQueue()


class DatabaseWrapper(base.DatabaseWrapper):
    _queued = False

    def _start_transaction_under_autocommit(self) -> None:
        timeout = float(self.settings_dict.get("OPTIONS", {}).get("timeout", 5))
        if not WRITERS.acquire(timeout):
            raise OperationalError("database is locked (writers queued past the busy timeout)")
        self._queued = True
        try:
            super()._start_transaction_under_autocommit()  # type: ignore[misc]
        except BaseException:
            self._leave_queue()
            raise

    def _leave_queue(self) -> None:
        if self._queued:
            self._queued = False
            WRITERS.release()

    def _commit(self) -> Any:
        try:
            return super()._commit()  # type: ignore[misc]
        finally:
            self._leave_queue()

    def _rollback(self) -> Any:
        try:
            return super()._rollback()  # type: ignore[misc]
        finally:
            self._leave_queue()

    def _close(self) -> Any:
        try:
            return super()._close()  # type: ignore[misc]
        finally:
            self._leave_queue()
