from __future__ import annotations

import uuid

from play.table.statecache import StateCache


def test_it_returns_a_state_only_for_the_version_it_was_committed_at() -> None:
    cache = StateCache()
    table = uuid.uuid4()
    cache.put(table, 3, "state-3")
    assert cache.get(table, 3) == "state-3"
    assert cache.get(table, 2) is None
    assert cache.get(table, 4) is None
    assert cache.get(uuid.uuid4(), 3) is None


def test_it_keeps_the_latest_version_even_if_an_older_commit_reports_last() -> None:
    cache = StateCache()
    table = uuid.uuid4()
    cache.put(table, 5, "state-5")
    cache.put(table, 4, "state-4")
    assert cache.get(table, 5) == "state-5"
    assert cache.get(table, 4) is None


def test_it_forgets_the_least_recently_played_tables() -> None:
    cache = StateCache(size=2)
    first, second, third = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    cache.put(first, 1, "a")
    cache.put(second, 1, "b")
    assert cache.get(first, 1) == "a"
    cache.put(third, 1, "c")
    assert cache.get(second, 1) is None
    assert (cache.get(first, 1), cache.get(third, 1)) == ("a", "c")
