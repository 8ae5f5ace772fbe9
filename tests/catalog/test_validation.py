"""A curator's edits checked as players would see them (catalog.validation, catalog.vocabulary):
the type line and keywords against the rules' lists (CR 205.2a, 205.3, 205.4a, 702; Riftbound
133, 804), duplicates (CR 707.2), double-faced tokens (CR 712.1) and retired ids, the same for
the API's services and the admin's forms."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from catalog import services, vocabulary
from catalog.forms import TokenDefinitionForm
from catalog.models import PrintedName, RetiredSlug, TokenDefinition
from catalog.seed import load_seed

GOBLIN: dict[str, Any] = {
    "name": "Goblin Token",
    "types": ["Creature"],
    "subtypes": ["Goblin"],
    "colors": ["R"],
    "power": "1",
    "toughness": "1",
}


def _errors(**fields: Any) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        services.token_create(slug="mtg-new", game="mtg", **{**GOBLIN, **fields})
    assert not TokenDefinition.objects.filter(slug="mtg-new").exists()  # nothing written
    return caught.value.message_dict


def test_words_are_checked_against_the_rules_lists_with_the_nearest_one() -> None:
    errors, fixed = vocabulary.check(
        "mtg",
        {
            "types": ["Artefact", "creature"],
            "keywords": ["Flyng", "Ward {2}", "Toxic 1", "Islandwalk", "protection from red"],
        },
    )
    # CR 205.2a: the card types; 702: the keyword abilities.
    assert errors["types"] == [
        "Types: “Artefact” is not a card type (CR 205.2a). Did you mean “Artifact”?"
    ]
    assert errors["keywords"] == [
        "Keywords: “Flyng” is not a keyword ability (CR 702). Did you mean “Flying”?"
    ]
    assert fixed["types"] == ["Artefact", "Creature"]  # a known word takes its printed case


def test_subtypes_follow_the_card_types() -> None:
    # CR 205.3d: an object can't have a subtype that doesn't correspond to one of its types.
    errors, _ = vocabulary.check("mtg", {"types": ["Artifact"], "subtypes": ["Goblin", "Food"]})
    assert errors == {
        "subtypes": [
            "Subtypes: “Goblin” is a subtype of Creature or Kindred, which this object is not "
            "(CR 205.3d)."
        ]
    }
    # CR 205.3m: the creature types (Time Lord is the two-word one).
    errors, _ = vocabulary.check(
        "mtg", {"types": ["Creature"], "subtypes": ["Goblim", "Time Lord"]}
    )
    assert errors["subtypes"] == [
        "Subtypes: “Goblim” is not a subtype of Creature (CR 205.3m). Did you mean “Goblin”?"
    ]


def test_riftbound_words_follow_its_rules() -> None:
    # Riftbound 133.4-133.6 (card types), 804 (keywords); tags are an open list (133.8).
    errors, _ = vocabulary.check(
        "riftbound", {"types": ["Unti"], "keywords": ["Shild", "Deflect 2"], "tags": ["Poro"]}
    )
    assert errors["types"][0].endswith("(Riftbound 133.4-133.6). Did you mean “Unit”?")
    assert errors["keywords"][0].endswith("(Riftbound 804). Did you mean “Shield”?")


@pytest.mark.django_db
def test_the_api_service_refuses_unknown_words_naming_field_and_rule() -> None:
    errors = _errors(types=["Artefact", "Creature"], keywords=["Flyng"])
    assert errors["types"] == [
        "Types: “Artefact” is not a card type (CR 205.2a). Did you mean “Artifact”?"
    ]
    assert errors["keywords"] == [
        "Keywords: “Flyng” is not a keyword ability (CR 702). Did you mean “Flying”?"
    ]


@pytest.mark.django_db
def test_a_misspelt_creature_with_power_gets_the_precise_message() -> None:
    # CR 208.1 (only creatures have P/T) and 205.2a: the type is misspelt, not a non-creature.
    errors = _errors(types=["Creatur"], subtypes=[])
    assert errors["types"] == [
        "Types: “Creatur” is not a card type (CR 205.2a). Did you mean “Creature”?"
    ]
    assert errors["power"] == [
        "Power/toughness: only a creature has them (CR 208.1), and “Creatur” is not a card type "
        "(CR 205.2a)."
    ]
    assert "non-creature" not in str(errors)


@pytest.mark.django_db
def test_words_already_stored_stay_editable() -> None:
    token, _ = services.token_upsert(
        slug="mtg-teddy", game="mtg", **{**GOBLIN, "subtypes": ["Teddy"]}
    )
    services.token_update(token=token, text="Vigilance", keywords=["Vigilance"])
    token.refresh_from_db()
    assert token.subtypes == ["Teddy"] and token.keywords == ["Vigilance"]
    with pytest.raises(ValidationError) as caught:
        services.token_update(token=token, keywords=["Vigilanse"])
    assert "Did you mean “Vigilance”?" in caught.value.message_dict["keywords"][0]
    token.refresh_from_db()
    assert token.keywords == ["Vigilance"]


@pytest.mark.django_db
def test_a_token_alike_another_is_refused_unless_kept_both_with_the_difference() -> None:
    load_seed()
    soldier = TokenDefinition.objects.get(slug="mtg-soldier-1-1-w")
    fields = {f: getattr(soldier, f) for f in ("name", "types", "subtypes", "colors")}
    with pytest.raises(ValidationError) as caught:
        services.token_create(
            slug="mtg-soldier-again", game="mtg", power="1", toughness="1", text="", **fields
        )
    (message,) = caught.value.message_dict["keep_both"]
    assert "same characteristics as Soldier Token (mtg-soldier-1-1-w)" in message
    assert "(CR 707.2)" in message
    assert "Slug “mtg-soldier-again”, not “mtg-soldier-1-1-w”" in message
    token = services.token_create(
        slug="mtg-soldier-again",
        game="mtg",
        power="1",
        toughness="1",
        keep_both=True,
        **fields,
    )
    assert token.pk
    # Another case of the same name is the same token to players; the difference is shown.
    with pytest.raises(ValidationError) as caught:
        services.token_create(
            slug="mtg-soldier-third",
            game="mtg",
            power="1",
            toughness="1",
            **{**fields, "name": "soldier token"},
        )
    assert "Name “soldier token”, not “Soldier Token”" in caught.value.message_dict["keep_both"][0]


@pytest.mark.django_db
def test_double_faced_means_two_faces() -> None:
    # CR 712.1: a double-faced token has a back face.
    token = services.token_create(slug="mtg-two", game="mtg", **GOBLIN)
    with pytest.raises(ValidationError) as caught:
        services.token_update(token=token, double_faced=True)
    assert caught.value.message_dict["double_faced"][0].startswith(
        "Double faced: a double-faced token has a back face (CR 712.1)"
    )
    token.refresh_from_db()
    assert token.double_faced is False
    services.token_update(token=token, back={**GOBLIN, "name": "Back", "subtypes": ["Goblin"]})
    token.refresh_from_db()
    assert token.double_faced and token.back.name == "Back"


@pytest.mark.django_db
def test_a_deleted_id_never_comes_back() -> None:
    load_seed()
    token = TokenDefinition.objects.get(slug="mtg-soldier-1-1-w")
    services.token_delete(token=token)
    assert RetiredSlug.objects.filter(kind="token", slug="mtg-soldier-1-1-w").exists()
    with pytest.raises(ValidationError) as caught:
        services.token_create(slug="mtg-soldier-1-1-w", game="mtg", **GOBLIN)
    assert "ids are never reused" in caught.value.message_dict["slug"][0]
    counts = load_seed()  # the seed does not bring it back either
    assert counts["tokens kept deleted"] == 1
    assert not TokenDefinition.objects.filter(slug="mtg-soldier-1-1-w").exists()


@pytest.mark.django_db
def test_the_admin_form_checks_as_the_api_does() -> None:
    load_seed()
    data = {
        "slug": "mtg-bird-new",
        "game": "mtg",
        "name": "Bird Token",
        "types": "Creature",
        "subtypes": "Bird",
        "colors": "U",
        "power": "1",
        "toughness": "1",
        "keywords": "Flyng",
        "text": "Flying",
        "abilities": "[]",
        "effects": "[]",
    }
    form = TokenDefinitionForm(data=data)
    assert not form.is_valid()
    assert form.errors["keywords"] == [
        "Keywords: “Flyng” is not a keyword ability (CR 702). Did you mean “Flying”?"
    ]
    # The seed has this Bird already.
    form = TokenDefinitionForm(data={**data, "keywords": "Flying"})
    assert not form.is_valid()
    assert "(mtg-bird-1-1-u-flying)" in form.errors["keep_both"][0]
    assert TokenDefinitionForm(data={**data, "keywords": "Flying", "keep_both": "on"}).is_valid()


@pytest.mark.django_db
def test_printed_names_are_in_a_language_cards_are_printed_in() -> None:
    token = services.token_create(slug="mtg-lang", game="mtg", **GOBLIN)
    with pytest.raises(ValidationError) as caught:
        PrintedName(token=token, language="xx", name="Гоблин").full_clean()
    assert caught.value.message_dict["language"][0].startswith("Language: “xx”")
    PrintedName(token=token, language="RU", name="Гоблин").full_clean()


@pytest.mark.django_db
def test_the_api_answers_400_naming_fields_and_keeps_both_on_request(staff_client: Client) -> None:
    body = {"id": "mtg-goblin-1-1-r", "game": "mtg", **GOBLIN}
    assert (
        staff_client.post("/api/v1/tokens/", body, content_type="application/json").status_code
        == 201
    )
    again = {**body, "id": "mtg-goblin-again"}
    response = staff_client.post("/api/v1/tokens/", again, content_type="application/json")
    assert response.status_code == 400
    assert "keep_both" in response.json()["fields"]
    response = staff_client.post(
        "/api/v1/tokens/", {**again, "keep_both": True}, content_type="application/json"
    )
    assert response.status_code == 201
    response = staff_client.patch(
        "/api/v1/tokens/mtg-goblin-again/",
        {"keywords": ["Hastee"]},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "Did you mean “Haste”?" in response.json()["fields"]["keywords"][0]
    assert staff_client.delete("/api/v1/tokens/mtg-goblin-again/").status_code == 204
    response = staff_client.post("/api/v1/tokens/", again, content_type="application/json")
    assert response.status_code == 400
    assert "never reused" in response.json()["fields"]["id"][0]
