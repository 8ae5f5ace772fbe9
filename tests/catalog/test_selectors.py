from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError

from catalog import selectors, services

pytestmark = pytest.mark.django_db


@pytest.fixture
def angels() -> None:
    services.token_upsert(
        slug="mtg-angel-4-4-w-flying-vigilance",
        game="mtg",
        name="Angel Token",
        types=["Creature"],
        subtypes=["Angel"],
        colors=["W"],
        power="4",
        toughness="4",
        keywords=["Flying", "Vigilance"],
        text="Flying, vigilance",
    )
    services.token_upsert(
        slug="mtg-angel-of-sanctions-token",
        game="mtg",
        name="Angel of Sanctions",
        types=["Creature"],
        subtypes=["Angel"],
        colors=["W"],
        power="3",
        toughness="4",
    )
    services.token_upsert(
        slug="mtg-archangel-token",
        game="mtg",
        name="Archangel",
        types=["Creature"],
        subtypes=["Angel"],
        colors=["W", "B"],
        power="5",
        toughness="5",
    )
    card, _ = services.card_upsert(
        slug="mtg-divine-visitation",
        game="mtg",
        name="Divine Visitation",
        mana_cost="{3}{W}{W}",
        types=["Enchantment"],
        colors=["W"],
        effects=[
            {
                "kind": "token_replace",
                "token": "mtg-angel-4-4-w-flying-vigilance",
                "filter": {"types": ["Creature"]},
            }
        ],
    )
    services.relation_upsert(card=card, token="mtg-angel-4-4-w-flying-vigilance", count="x")


def test_it_builds_the_token_payload(angels: None) -> None:
    payload = selectors.token_payload("mtg-angel-4-4-w-flying-vigilance")
    assert payload is not None
    assert payload["id"] == "mtg-angel-4-4-w-flying-vigilance"
    assert payload["power"] == "4" and payload["might"] is None
    assert payload["back"] is None and payload["abilities"] == []
    assert payload["created_by"] == ["mtg-divine-visitation"]
    assert selectors.token_payload("mtg-nothing") is None


def test_it_inlines_the_token_an_effect_names(angels: None) -> None:
    payload = selectors.card_payload("mtg-divine-visitation")
    assert payload is not None
    effect = payload["effects"][0]
    assert effect["definition"]["id"] == "mtg-angel-4-4-w-flying-vigilance"
    assert effect["definition"]["keywords"] == ["Flying", "Vigilance"]
    assert payload["creates"][0]["token"] == "mtg-angel-4-4-w-flying-vigilance"


def test_it_puts_exact_name_matches_first(angels: None) -> None:
    names = [t.name for t in selectors.token_list(q="angel token")]
    assert names == ["Angel Token"]
    names = [t.name for t in selectors.token_list(q="ANGEL")]
    assert names[:2] == ["Angel of Sanctions", "Angel Token"]
    assert names[2] == "Archangel"


def test_it_filters_by_color_and_type(angels: None) -> None:
    assert [t.name for t in selectors.token_list(color="B")] == ["Archangel"]
    assert [t.name for t in selectors.token_list(color="M")] == ["Archangel"]
    assert selectors.token_list(color="C").count() == 0
    assert selectors.token_list(type="angel").count() == 3
    assert selectors.card_list(type="enchantment", game="mtg").count() == 1


def test_it_rejects_unknown_filter_values() -> None:
    cases: list[dict[str, Any]] = [{"color": "P"}, {"game": "chess"}, {"predefined": "maybe"}]
    for params in cases:
        with pytest.raises(ValidationError):
            list(selectors.token_list(**params))


def test_it_finds_cards_by_name_ignoring_case(angels: None) -> None:
    card = selectors.card_by_name("mtg", "  divine VISITATION ")
    assert card is not None and card.slug == "mtg-divine-visitation"


def test_it_gives_the_art_of_the_definitions_on_a_table(angels: None) -> None:
    """Battlefield tiles show catalogue art: imported pictures here, with the artist."""
    from catalog.models import CardDefinition, TokenDefinition, TokenPrinting

    angel = TokenDefinition.objects.get(slug="mtg-angel-4-4-w-flying-vigilance")
    TokenPrinting.objects.create(
        token=angel,
        set_code="tm",
        collector_number="1",
        art_crop_url="https://img.example/angel-crop.jpg",
        picture_url="https://img.example/angel.jpg",
        artist="Ann Artist",
    )
    CardDefinition.objects.filter(slug="mtg-divine-visitation").update(
        art_crop_url="https://img.example/dv.jpg", artist="Ben Brush"
    )
    art = selectors.definition_art(
        {"mtg-angel-4-4-w-flying-vigilance", "mtg-divine-visitation", "mtg-archangel-token"}
    )
    assert set(art) == {"mtg-angel-4-4-w-flying-vigilance", "mtg-divine-visitation"}
    angel_art = art["mtg-angel-4-4-w-flying-vigilance"]
    assert angel_art["images"]["art_crop"] == "https://img.example/angel-crop.jpg"
    assert angel_art["artist"] == "Ann Artist"
    assert art["mtg-divine-visitation"]["artist"] == "Ben Brush"


def test_a_tokens_art_credit_comes_from_the_printing_its_picture_comes_from(
    angels: None,
) -> None:
    """One import gave a picture without an artist, another a picture with one: the credited
    picture is shown, with its own artist, never an artist beside another printing's picture."""
    from catalog.models import TokenDefinition, TokenPrinting

    angel = TokenDefinition.objects.get(slug="mtg-angel-4-4-w-flying-vigilance")
    TokenPrinting.objects.create(
        token=angel,
        set_code="a",  # first in the printings' order
        collector_number="1",
        picture_url="https://img.example/uncredited.jpg",
        source="cockatrice",
    )
    TokenPrinting.objects.create(
        token=angel,
        set_code="b",
        collector_number="1",
        art_crop_url="https://img.example/credited-crop.jpg",
        picture_url="https://img.example/credited.jpg",
        artist="Ann Artist",
        source="scryfall",
    )
    art = selectors.definition_art({"mtg-angel-4-4-w-flying-vigilance"})
    shown = art["mtg-angel-4-4-w-flying-vigilance"]
    assert shown["images"]["normal"] == "https://img.example/credited.jpg"
    assert shown["artist"] == "Ann Artist"
    payload = selectors.token_api("mtg-angel-4-4-w-flying-vigilance")
    assert payload is not None and payload["artist"] == "Ann Artist"
    assert payload["images"]["normal"] == "https://img.example/credited.jpg"
    TokenPrinting.objects.filter(set_code="b").update(artist="")
    alone = selectors.token_api("mtg-angel-4-4-w-flying-vigilance")
    # No picture is credited: the first is shown, and no artist is borrowed for it.
    assert alone is not None and alone["artist"] is None
    assert alone["images"]["normal"] == "https://img.example/uncredited.jpg"
