from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError

from catalog import services
from catalog.models import CardDefinition, TokenDefinition, TokenFace, TokenRelation

pytestmark = pytest.mark.django_db

ZOMBIE: dict[str, Any] = {
    "name": "Zombie Token",
    "types": ["Creature"],
    "subtypes": ["Zombie"],
    "colors": ["B"],
    "power": "2",
    "toughness": "2",
}
INCUBATOR: dict[str, Any] = {
    "name": "Incubator Token",
    "types": ["Artifact"],
    "subtypes": ["Incubator"],
}
PHYREXIAN: dict[str, Any] = {
    "name": "Phyrexian Token",
    "types": ["Artifact", "Creature"],
    "subtypes": ["Phyrexian"],
    "power": "0",
    "toughness": "0",
}


def test_it_creates_then_reports_unchanged_then_updated() -> None:
    _, first = services.token_upsert(slug="mtg-zombie-2-2-b", game="mtg", **ZOMBIE)
    _, second = services.token_upsert(slug="mtg-zombie-2-2-b", game="mtg", **ZOMBIE)
    _, third = services.token_upsert(
        slug="mtg-zombie-2-2-b", game="mtg", **{**ZOMBIE, "keywords": ["Decayed"]}
    )
    assert (first, second, third) == ("created", "unchanged", "updated")
    assert TokenDefinition.objects.get().keywords == ["Decayed"]


def test_it_rejects_an_unknown_game_and_unknown_fields() -> None:
    with pytest.raises(ValidationError) as caught:
        services.token_upsert(slug="x", game="chess", **ZOMBIE)
    assert "game" in caught.value.message_dict
    with pytest.raises(ValidationError) as caught:
        services.token_upsert(slug="x", game="mtg", flavour="x", **ZOMBIE)
    assert "flavour" in caught.value.message_dict


def test_it_saves_a_back_face_and_removes_it() -> None:
    token, _ = services.token_upsert(slug="mtg-incubator", game="mtg", back=PHYREXIAN, **INCUBATOR)
    assert token.double_faced and token.back.name == "Phyrexian Token"
    _, status = services.token_upsert(slug="mtg-incubator", game="mtg", back=None, **INCUBATOR)
    assert status == "updated"
    assert not TokenFace.objects.exists()
    assert not TokenDefinition.objects.get().double_faced


def test_it_writes_nothing_when_the_back_face_is_invalid() -> None:
    with pytest.raises(ValidationError) as caught:
        services.token_upsert(
            slug="mtg-incubator", game="mtg", back={**PHYREXIAN, "colors": ["X"]}, **INCUBATOR
        )
    assert "back.colors" in caught.value.message_dict
    assert not TokenDefinition.objects.exists()


def test_it_refuses_to_create_a_token_with_an_id_in_use() -> None:
    services.token_create(slug="mtg-zombie-2-2-b", game="mtg", **ZOMBIE)
    with pytest.raises(ValidationError) as caught:
        services.token_create(slug="mtg-zombie-2-2-b", game="mtg", **ZOMBIE)
    assert "already exists" in caught.value.message_dict["slug"][0]


def test_it_links_cards_to_tokens_and_replaces_the_links() -> None:
    services.token_upsert(slug="mtg-zombie-2-2-b", game="mtg", **ZOMBIE)
    services.token_upsert(slug="mtg-incubator", game="mtg", back=PHYREXIAN, **INCUBATOR)
    card = services.card_create(
        slug="mtg-test-card",
        game="mtg",
        name="Test Card",
        types=["Sorcery"],
        creates=[{"token": "mtg-zombie-2-2-b", "count": "X=3"}],
    )
    assert TokenRelation.objects.get(card=card).count == "x=3"
    services.card_update(card=card, creates=[{"token": "mtg-incubator", "count": "1"}])
    assert [r.token.slug for r in TokenRelation.objects.filter(card=card)] == ["mtg-incubator"]


def test_it_writes_no_card_when_a_relation_is_invalid() -> None:
    with pytest.raises(ValidationError) as caught:
        services.card_create(
            slug="mtg-test-card",
            game="mtg",
            name="Test Card",
            types=["Sorcery"],
            creates=[{"token": "mtg-nothing", "count": "1"}],
        )
    assert "creates[0].token" in caught.value.message_dict
    assert not CardDefinition.objects.exists()


def test_it_rejects_a_relation_across_games() -> None:
    services.token_upsert(
        slug="rb-recruit", game="riftbound", name="Recruit", types=["Unit"], might=1
    )
    card, _ = services.card_upsert(slug="mtg-test-card", game="mtg", name="T", types=["Sorcery"])
    with pytest.raises(ValidationError) as caught:
        services.relation_upsert(card=card, token="rb-recruit", count="1")
    assert "token" in caught.value.message_dict
