"""A broad search's first pages from a bounded walk of the name index (selectors.card_walk):
the same results in the same order as the whole search, page by page, whatever the walk reads;
a walk that cannot find a page leaves the search as it was; the count stays a lower bound."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client

from catalog import selectors
from catalog.models import CardDefinition
from catalog.search import index, paging

pytestmark = pytest.mark.usefixtures("seeded")


@pytest.fixture
def goblins(db: Any) -> int:
    """Cards whose names start with "Goblin" (a walk's range), others holding it inside."""
    CardDefinition.objects.bulk_create(
        CardDefinition(
            slug=f"walk-{n}",
            game_id="mtg",
            name=f"Goblin Walker {n:03}" if n % 3 else f"Old Goblin {n:03}",
            types=["Creature"],
            subtypes=["Goblin"] if n % 2 else ["Elf"],
            colors=["R"],
            power=str(n % 5),
            toughness="1",
        )
        for n in range(60)
    )
    return 60


@pytest.fixture
def small_walk(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(selectors, "WALK_ROWS", 12)
    return 12


def _walk(client: Client, url: str) -> list[dict[str, Any]]:
    bodies = []
    while url:
        response = client.get(url)
        assert response.status_code == 200, response.content
        bodies.append(response.json())
        url = bodies[-1]["next"]
    return bodies


QUERIES = ["goblin", "goblin walker", "goblin t:goblin", "t:goblin pow>=2", "c:r", "", "gob"]


@pytest.mark.parametrize("q", QUERIES)
def test_walked_pages_are_the_search_s_own_pages(
    client: Client, goblins: int, small_walk: int, q: str
) -> None:
    everything = list(selectors.card_list(q=q).values_list("slug", flat=True))
    bodies = _walk(client, f"/api/v1/cards/?q={q}&page_size=3")
    assert [r["id"] for body in bodies for r in body["results"]] == everything
    combined = _walk(client, f"/api/v1/search/?q={q}&page_size=4")
    cards = [r["id"] for body in combined for r in body["results"] if r["kind"] == "card"]
    assert cards == everything


def _bytewise() -> bool:
    """SQLite, or PostgreSQL with a bytewise collation (where name ranges are walked)."""
    if connection.vendor == "sqlite":
        return True
    with connection.cursor() as cursor:
        cursor.execute("SELECT datcollate FROM pg_database WHERE datname = current_database()")
        return cursor.fetchone()[0] in index.BYTEWISE_COLLATIONS


def test_a_walk_answers_the_first_pages_of_a_broad_name_search(
    client: Client, goblins: int, small_walk: int
) -> None:
    if not _bytewise():
        pytest.skip("name ranges are walked where the collation orders bytewise")
    walk = selectors.card_walk(q="goblin")
    assert walk is not None
    assert paging.walked(walk, 0, 4) is not None
    body = client.get("/api/v1/cards/", {"q": "goblin", "page_size": "3"}).json()
    # found by the walk: the count says what is known (more than the page), not the cap
    assert (body["count"], body["count_exact"]) == (3, False)
    assert [r["id"] for r in body["results"]] == list(
        selectors.card_list(q="goblin").values_list("slug", flat=True)[:3]
    )


def test_no_walk_where_it_would_read_everything_or_fold_differently(goblins: int) -> None:
    # the whole range fits in a walk: the search runs as it is and is counted exactly
    assert selectors.card_walk(q="goblin") is None
    assert selectors.card_walk(q="gobelin") is None


def test_no_walk_for_names_outside_ascii(goblins: int, small_walk: int) -> None:
    assert selectors.card_walk(q="гоблин") is None


def test_a_walk_finding_too_few_leaves_the_search_to_sort(
    client: Client, goblins: int, small_walk: int
) -> None:
    # "t:elf pow>=4": few of the first cards by name; the pages still come, counted exactly
    everything = list(selectors.card_list(q="t:elf pow>=4").values_list("slug", flat=True))
    walk = selectors.card_walk(q="t:elf pow>=4")
    assert walk is not None and paging.walked(walk, 0, len(everything) + 1) is None
    body = client.get("/api/v1/cards/", {"q": "t:elf pow>=4", "page_size": "100"}).json()
    assert [r["id"] for r in body["results"]] == everything
    assert (body["count"], body["count_exact"]) == (len(everything), True)


def test_a_walk_answers_the_first_page_of_the_whole_list_on_either_database(
    client: Client, goblins: int, small_walk: int
) -> None:
    body = client.get("/api/v1/cards/", {"page_size": "3"}).json()
    # A list without a search counts exactly (the API's contract), walked or not.
    assert (body["count"], body["count_exact"]) == (selectors.card_list().count(), True)
    assert [r["id"] for r in body["results"]] == list(
        selectors.card_list().values_list("slug", flat=True)[:3]
    )


DOTLESS_I = "\u0131"  # PostgreSQL: UPPER makes it I, LOWER keeps it


@pytest.mark.parametrize("odd", [f"Gobl{DOTLESS_I}n", f"Gobl{DOTLESS_I}ns Walker"])
def test_names_folding_differently_under_upper_and_lower_are_never_walked_past(
    client: Client, goblins: int, small_walk: int, odd: str
) -> None:
    # The dotless i: PostgreSQL's UPPER makes it I (so "Gobl\u0131n" is the exact match of
    # "goblin" and comes first) while LOWER keeps it (outside the range a walk reads); SQLite's
    # LIKE does not fold it at all (no match there). Either way the pages are the search's own.
    CardDefinition.objects.create(slug="walk-odd", game_id="mtg", name=odd, types=["Creature"])
    everything = list(selectors.card_list(q="goblin").values_list("slug", flat=True))
    assert ("walk-odd" in everything) == (connection.vendor == "postgresql")
    if connection.vendor == "postgresql":
        assert selectors.card_walk(q="goblin") is None
        assert selectors.card_walk(q="goblin walker") is not None or not _bytewise()
    bodies = _walk(client, "/api/v1/cards/?q=goblin&page_size=3")
    assert [r["id"] for body in bodies for r in body["results"]] == everything
    combined = _walk(client, "/api/v1/search/?q=goblin&page_size=4")
    assert [r["id"] for b in combined for r in b["results"] if r["kind"] == "card"] == everything


def test_the_fold_check_is_what_keeps_the_odd_name_first(
    client: Client, goblins: int, small_walk: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    if connection.vendor != "postgresql" or not _bytewise():
        pytest.skip("UPPER folds the dotless i to I on PostgreSQL only")
    name = f"Gobl{DOTLESS_I}n"
    CardDefinition.objects.create(slug="walk-odd", game_id="mtg", name=name, types=["Elf"])
    first = selectors.card_list(q="goblin").first()
    assert first is not None and first.slug == "walk-odd"  # the exact match
    # Without the check a walk would answer, and miss it: the check is what keeps it first.
    monkeypatch.setattr(index, "prefix_walk", lambda connection, words: True)
    walk = selectors.card_walk(q="goblin")
    assert walk is not None and "walk-odd" not in [c.slug for c in walk]
