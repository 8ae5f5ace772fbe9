"""The print basket: token ids and counts kept in the visitor's session (no account needed)."""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends.base import SessionBase

from catalog.models import TokenDefinition, TokenPrinting
from catalog.printing.jobs import MAX_COPIES, MAX_ITEMS, PrintError

SESSION_KEY = "print_basket"
PRINTINGS_KEY = "print_basket_printings"  # {token id: printing id} the player chose


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
    session.pop(PRINTINGS_KEY, None)


def basket_printings(session: SessionBase) -> dict[str, int]:
    """The printing chosen for each token still in the basket; tolerant of a tampered session
    (a stale id only falls back to the default art: jobs._art_for checks it belongs)."""
    raw: Any = session.get(PRINTINGS_KEY, {})
    if not isinstance(raw, dict):
        return {}
    held = {slug for slug, _ in basket_items(session)}
    return {
        slug: pk
        for slug, pk in raw.items()
        if slug in held and isinstance(pk, int) and not isinstance(pk, bool)
    }


def basket_choose(session: SessionBase, *, choices: dict[str, int | None]) -> None:
    """Choose the printing whose art a token in the basket prints with (None: the default).

    Raises PrintError, before changing anything, for a printing that is not the token's."""
    wanted = {slug: pk for slug, pk in choices.items() if pk is not None}
    found = set(
        TokenPrinting.objects.filter(pk__in=wanted.values()).values_list("token__slug", "pk")
    )
    wrong = sorted(slug for slug, pk in wanted.items() if (slug, pk) not in found)
    if wrong:
        raise PrintError(f"No such printing of {', '.join(wrong)}.", code="unknown_printing")
    chosen = basket_printings(session)
    for slug, pk in choices.items():
        if pk is None:
            chosen.pop(slug, None)
        else:
            chosen[slug] = pk
    session[PRINTINGS_KEY] = chosen
