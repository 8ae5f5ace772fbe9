"""The importer's record of the printed names it wrote (one bit per definition and language)."""

from __future__ import annotations

from catalog.importers.writer import SeenIds


def test_it_says_whether_a_key_was_added_before_however_far_apart_the_keys_are() -> None:
    seen = SeenIds()
    assert [seen.add(pk) for pk in (5, 0, 5, 70_000, 6, 70_000, 0)] == [
        False,
        False,
        True,
        False,
        False,
        True,
        True,
    ]
    assert len(seen.bits) < 20_000  # bits, not a tuple per key
