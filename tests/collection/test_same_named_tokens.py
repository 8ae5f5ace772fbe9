"""Tokens that share a name (CR 111.4: "Elemental Token" is many tokens) are told apart on the
deck page and in the print page's decklist result by what differs: P/T, colours, abilities."""

from __future__ import annotations

import re

from catalog.models import CardDefinition, TokenDefinition, TokenRelation
from catalog.printing.decklist_tokens import decklist_tokens
from collection import services
from collection.selectors import deck_tokens


def _two_elementals() -> None:
    red = TokenDefinition.objects.create(
        slug="mtg-elemental-1-1-r",
        game_id="mtg",
        name="Elemental Token",
        types=["Creature"],
        subtypes=["Elemental"],
        colors=["R"],
        power="1",
        toughness="1",
        keywords=["Haste"],
        text="Haste",
    )
    green = TokenDefinition.objects.create(
        slug="mtg-elemental-5-3-g",
        game_id="mtg",
        name="Elemental Token",
        types=["Creature"],
        subtypes=["Elemental"],
        colors=["G"],
        power="5",
        toughness="3",
        keywords=["Trample"],
        text="Trample",
    )
    for slug, name, token in (
        ("mtg-hearth-caller", "Hearth Caller", red),
        ("mtg-grove-caller", "Grove Caller", green),
    ):
        card = CardDefinition.objects.create(slug=slug, game_id="mtg", name=name, types=["Sorcery"])
        TokenRelation.objects.create(card=card, token=token, count="1")


def _rows(html: str) -> list[str]:
    return [
        " ".join(re.sub(r"<[^>]+>", " ", row).split())
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", html, re.S)
        if "Elemental Token" in row
    ]


def test_the_deck_page_tells_two_elemental_tokens_apart(owner_client) -> None:
    _two_elementals()
    response = owner_client.post(
        "/decks/",
        {"name": "Elementals", "game": "mtg", "decklist": "4 Hearth Caller\n4 Grove Caller\n"},
    )
    html = owner_client.get(response["Location"]).content.decode()
    rows = _rows(html)
    assert len(rows) == 2 and rows[0] != rows[1]
    assert any("1/1 · Red · Haste" in row for row in rows), rows
    assert any("5/3 · Green · Trample" in row for row in rows), rows


def test_the_print_pages_decklist_result_tells_them_apart(client, db) -> None:
    _two_elementals()
    html = client.post(
        "/print/decklist/", {"decklist": "1 Hearth Caller\n1 Grove Caller\n", "game": "mtg"}
    ).content.decode()
    rows = _rows(html)
    assert len(rows) == 2 and rows[0] != rows[1]
    assert any("5/3 · Green · Trample" in row for row in rows), rows


def test_flashback_tokens_are_counted_twice(owner, db) -> None:

    spirit = TokenDefinition.objects.create(
        slug="mtg-spirit-1-1-w-flying",
        game_id="mtg",
        name="Spirit Token",
        types=["Creature"],
        subtypes=["Spirit"],
        colors=["W"],
        power="1",
        toughness="1",
        keywords=["Flying"],
    )
    souls = CardDefinition.objects.create(
        slug="mtg-lingering-souls",
        game_id="mtg",
        name="Lingering Souls",
        types=["Sorcery"],
        text="Create two 1/1 white Spirit creature tokens with flying.\nFlashback {1}{B}",
    )
    TokenRelation.objects.create(card=souls, token=spirit, count="2")
    # Two copies: 2 Spirits when cast, 2 more from the graveyard, each.
    assert decklist_tokens("2 Lingering Souls").tokens[0].suggested == 8
    deck = services.deck_create(owner=owner, game="mtg", decklist="1 Lingering Souls")
    assert deck_tokens(deck, owner=owner)[0]["suggested"] == 4  # both batches at once
