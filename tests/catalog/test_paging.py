"""Catalogue lists counted up to a cap (a broad search must not count every match):
the same results page by page, `count_exact` false beyond the cap, exact on the last page."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test import Client

from catalog import selectors, services, views
from catalog.models import PrintedName
from catalog.search import paging

pytestmark = pytest.mark.usefixtures("seeded")


@pytest.fixture
def cap(monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(paging, "COUNT_CAP", 3)
    return 3


def _walk(client: Client, url: str) -> list[dict[str, Any]]:
    """Every page's body, following `next`."""
    bodies = []
    while url:
        response = client.get(url)
        assert response.status_code == 200, response.content
        bodies.append(response.json())
        url = bodies[-1]["next"]
    return bodies


def test_a_broad_search_is_counted_up_to_the_cap_and_pages_through_every_match(
    client: Client, cap: int
) -> None:
    everything = list(selectors.card_list(q="o").values_list("slug", flat=True))
    assert len(everything) > 3 * cap
    bodies = _walk(client, "/api/v1/cards/?q=o&page_size=7")
    assert [r["id"] for body in bodies for r in body["results"]] == everything
    first, last = bodies[0], bodies[-1]
    # more than the 3 counted match: at least the 7 shown, and one more
    assert (first["count"], first["count_exact"]) == (7, False)
    assert first["previous"] is None and "page=2" in first["next"]
    assert (last["count"], last["count_exact"], last["next"]) == (len(everything), True, None)
    middle = bodies[len(bodies) // 2]  # past the cap: at least what precedes it and itself
    assert not middle["count_exact"] and middle["count"] >= 7 * (len(bodies) // 2 + 1)


def test_a_narrow_search_is_counted_exactly_and_a_page_past_the_end_is_a_404(
    client: Client, cap: int
) -> None:
    body = client.get("/api/v1/cards/", {"q": "krenko"}).json()
    assert (body["count"], body["count_exact"], body["next"]) == (1, True, None)
    empty = client.get("/api/v1/cards/", {"q": "zzzqqq"}).json()
    assert (empty["count"], empty["count_exact"], empty["results"]) == (0, True, [])
    assert client.get("/api/v1/cards/", {"q": "krenko", "page": "2"}).status_code == 404
    assert client.get("/api/v1/cards/", {"q": "krenko", "page": "x"}).status_code == 404
    assert client.get("/api/v1/tokens/", {"page": "0"}).status_code == 404


def test_the_combined_search_pages_tokens_then_cards_under_the_cap(
    client: Client, cap: int
) -> None:
    found = selectors.search_all(q="o")
    count, exact = found.capped_count(10_000)
    assert exact and found.token_count > 0 and count > cap
    everything = [(kind, obj.slug) for kind, obj in found[0:count]]
    bodies = _walk(client, "/api/v1/search/?q=o&page_size=25")
    assert [(r["kind"], r["id"]) for b in bodies for r in b["results"]] == everything
    assert not bodies[0]["count_exact"] and bodies[-1]["count"] == count
    assert client.get("/api/v1/search/", {"q": "o", "page": "999"}).status_code == 404


def test_the_catalogue_page_says_more_than_the_cap_and_pages_without_a_last_page(
    client: Client, cap: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(views, "PAGE_SIZE", 5)
    page = client.get("/catalog/", {"kind": "cards", "q": "o"}).content.decode()
    assert "More than 5 results" in page and "Page 1<" in page  # no "of N": not counted
    tokens = client.get("/catalog/", {"kind": "tokens", "q": "o"}).content.decode()
    assert "More than 3 cards match too" in tokens  # the other kind's hint is capped too
    exact = client.get("/catalog/", {"kind": "cards", "q": "krenko"}).content.decode()
    assert "1 card" in exact and "More than" not in exact and "Page" not in exact
    # A page number past the end shows the last page when the count is exact, as before.
    assert (
        "Krenko, Mob Boss" in client.get("/catalog/", {"q": "krenko", "page": "9"}).content.decode()
    )


@pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's trigram narrowing")
def test_postgres_narrowing_keeps_names_found_through_printed_names(
    client: Client, settings: Any
) -> None:
    card = services.card_create(slug="mtg-test-axe", game="mtg", name="Lightning Axe")
    PrintedName.objects.create(card=card, language="fr", name="Hache foudroyante")
    queries = ["hache", "hache t:instant or krenko", "foudroyante axe", "o:create hache"]
    indexed = {q: list(selectors.card_list(q=q).values_list("slug", flat=True)) for q in queries}
    settings.SEARCH_USE_FTS = False
    plain = {q: list(selectors.card_list(q=q).values_list("slug", flat=True)) for q in queries}
    assert indexed == plain and indexed["hache"] == ["mtg-test-axe"]
