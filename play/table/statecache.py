"""Kernel states of recently committed table versions, kept per process.

A committed (table, version) pair names one state forever: versions only grow and a version is
written once (the conditional update on it). So the next action on a table can start from the
state this process just committed instead of decoding the stored JSON again. Entries are added
only after the commit (transaction.on_commit), or by a read outside any transaction (what it
read is committed), so a rolled-back write never lands here.
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from typing import Any

CACHE_TABLES = 64


class StateCache:
    """The latest committed state of the most recently played tables (only the latest version
    of a table is ever asked for; older ones would only make the garbage collector's work)."""

    def __init__(self, size: int = CACHE_TABLES) -> None:
        self._size = size
        self._items: OrderedDict[uuid.UUID, tuple[int, Any]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, table_id: uuid.UUID, version: int) -> Any | None:
        with self._lock:
            entry = self._items.get(table_id)
            if entry is None or entry[0] != version:
                return None
            self._items.move_to_end(table_id)
            return entry[1]

    def put(self, table_id: uuid.UUID, version: int, state: Any) -> None:
        with self._lock:
            current = self._items.get(table_id)
            if current is not None and current[0] > version:
                return  # a later version is already here (commits can finish out of order)
            self._items[table_id] = (version, state)
            self._items.move_to_end(table_id)
            while len(self._items) > self._size:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


committed_states = StateCache()


# How many history lines each table has at its latest committed version (the next entry's
# `history_start`), so an action doesn't read the latest entry's events to count them.
committed_lengths = StateCache()
