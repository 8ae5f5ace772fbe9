"""The print basket: token ids and counts kept in the visitor's session (no account needed)."""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends.base import SessionBase

from catalog.models import TokenDefinition
from catalog.printing.jobs import MAX_COPIES, MAX_ITEMS, PrintError

SESSION_KEY = "print_basket"


def basket_items(session: SessionBase) -> list[tuple[str, int]]:
    """(token id, count) in the order they were added; tolerant of a tampered session."""
    raw: Any = session.get(SESSION_KEY, [])
    items: list[tuple[str, int]] = []
    if isinstance(raw, list):
        for entry in raw:
            if (
                isinstance(entry, list)
                and len(entry) == 2
                and isinstance(entry[0], str)
                and isinstance(entry[1], int)
                and entry[1] > 0
            ):
                items.append((entry[0], entry[1]))
    return items


def _save(session: SessionBase, items: list[tuple[str, int]]) -> None:
    session[SESSION_KEY] = [[slug, count] for slug, count in items if count > 0]


def _check(items: list[tuple[str, int]]) -> None:
    if len(items) > MAX_ITEMS:
        raise PrintError(f"The basket holds at most {MAX_ITEMS} different tokens.")
    total = sum(count for _, count in items)
    if total > MAX_COPIES:
        raise PrintError(
            f"The basket would hold {total} copies; at most {MAX_COPIES}.", code="too_many_copies"
        )


def basket_add(session: SessionBase, *, additions: list[tuple[str, int]]) -> list[str]:
    """Add copies of existing tokens; returns the ids that are not in the catalogue (not added)."""
    slugs = {slug for slug, _ in additions}
    known = set(TokenDefinition.objects.filter(slug__in=slugs).values_list("slug", flat=True))
    items = dict(basket_items(session))
    for slug, count in additions:
        if slug in known and count > 0:
            items[slug] = items.get(slug, 0) + count
    merged = list(items.items())
    _check(merged)
    _save(session, merged)
    return sorted(slugs - known)


def basket_set(session: SessionBase, *, counts: dict[str, int]) -> None:
    """Set the counts of tokens already in the basket; 0 removes a token."""
    items = [(slug, counts.get(slug, count)) for slug, count in basket_items(session)]
    if any(count < 0 for _, count in items):
        raise PrintError("Counts cannot be negative.", code="invalid_count")
    _check(items)
    _save(session, items)


def basket_clear(session: SessionBase) -> None:
    session.pop(SESSION_KEY, None)
