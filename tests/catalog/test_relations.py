"""Made by / makes: relations from effect data, the combined search."""

from __future__ import annotations

import pytest
from django.test import Client

from catalog import selectors, services
from catalog.models import TokenRelation

pytestmark = pytest.mark.usefixtures("seeded")

ANGELS = [
    {"kind": "token_replace", "token": "mtg-angel-4-4-w-flying-vigilance", "filter": {}},
    {"kind": "token_one_of_each", "tokens": ["mtg-treasure", "mtg-no-such-token"]},
]


def _makes(slug: str) -> list[str]:
    relations = TokenRelation.objects.filter(card__slug=slug)
    return sorted(relations.values_list("token__slug", flat=True))


def test_a_card_is_linked_to_the_catalogue_tokens_its_effects_name() -> None:
    card = services.card_create(
        slug="mtg-test-angel-maker", game="mtg", name="Test Angel Maker", effects=ANGELS
    )
    # the unknown slug is an inline definition's business: no relation, no error
    assert _makes(card.slug) == ["mtg-angel-4-4-w-flying-vigilance", "mtg-treasure"]
    services.card_update(card=card, creates=[])  # effect data still says it makes them
    assert _makes(card.slug) == ["mtg-angel-4-4-w-flying-vigilance", "mtg-treasure"]
    services.card_update(card=card, creates=[{"token": "mtg-treasure", "count": "2"}])
    relation = TokenRelation.objects.get(card=card, token__slug="mtg-treasure")
    assert relation.count == "2"  # the curated relation wins over the effect's default


def test_an_effect_changed_later_adds_its_token() -> None:
    card = services.card_create(slug="mtg-test-later", game="mtg", name="Test Later")
    assert _makes(card.slug) == []
    services.card_update(card=card, effects=ANGELS[:1])
    assert _makes(card.slug) == ["mtg-angel-4-4-w-flying-vigilance"]


def test_a_name_search_finds_the_card_and_the_tokens_it_makes_in_one_list() -> None:
    found = selectors.search_all(q="Krenko")
    results = [(kind, obj.slug) for kind, obj in found[0:1000]]
    assert results == [("token", "mtg-goblin-1-1-r"), ("card", "mtg-krenko-mob-boss")]
    # Tokens matching by their own name rank before those found through a card.
    goblins = [obj.slug for kind, obj in selectors.search_all(q="goblin")[0:50] if kind == "token"]
    assert goblins[0] == "mtg-goblin-1-1-r"
    # The token list alone keeps its meaning: only names.
    assert not selectors.token_list(q="Krenko").exists()


def test_the_combined_list_pages_across_tokens_and_cards() -> None:
    found = selectors.search_all(q="o")
    count, exact = found.capped_count(10_000)
    everything = found[0:count]
    cards = selectors.card_list(q="o").count()
    assert exact and len(everything) == found.token_count + cards == count
    pages = [item for start in range(0, count, 7) for item in found[start : start + 7]]
    assert pages == everything
    assert found.capped_count(found.token_count + 2) == (found.token_count + 2, False)


def test_the_search_api_answers_tokens_then_cards(client: Client) -> None:
    body = client.get("/api/v1/search/", {"q": "krenko"}).json()
    assert body["count"] == 2
    assert [(r["kind"], r["id"]) for r in body["results"]] == [
        ("token", "mtg-goblin-1-1-r"),
        ("card", "mtg-krenko-mob-boss"),
    ]
    assert "mtg-krenko-mob-boss" in body["results"][0]["created_by"]
    assert body["results"][1]["creates"][0]["token"] == "mtg-goblin-1-1-r"
    assert client.get("/api/v1/search/", {"q": "pow>x"}).status_code == 400


def test_the_catalogue_page_shows_both_kinds_and_says_what_the_other_kind_has(
    client: Client,
) -> None:
    page = client.get("/catalog/", {"q": "Krenko"}).content.decode()
    assert "2 results" in page and "Made by Krenko, Mob Boss" in page
    assert "Makes Goblin" in page
    tokens_only = client.get("/catalog/", {"q": "Krenko", "kind": "tokens"}).content.decode()
    assert "0 tokens" in tokens_only and "1 card matches too" in tokens_only


def test_the_token_page_lists_the_cards_that_make_it(client: Client) -> None:
    page = client.get("/catalog/tokens/mtg-goblin-1-1-r/").content.decode()
    assert "Made by" in page and "Krenko, Mob Boss" in page


def test_a_misspelled_search_suggests_close_names(client: Client) -> None:
    body = client.get("/api/v1/search/", {"q": "Krenko Mobb Boss"}).json()
    assert body["count"] == 0 and body["suggestions"] == ["Krenko, Mob Boss"]
    assert client.get("/api/v1/search/", {"q": "krenko"}).json()["suggestions"] == []
    page = client.get("/catalog/", {"q": "Smotering Tithe"}).content.decode()
    assert "Did you mean" in page and "Smothering Tithe</a>" in page
