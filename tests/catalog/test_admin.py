from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from catalog import services
from catalog.models import CardDefinition, TokenDefinition, TokenFace

pytestmark = pytest.mark.django_db

ADD_TOKEN = "/admin/catalog/tokendefinition/add/"
ADD_CARD = "/admin/catalog/carddefinition/add/"


def inline_management(prefix: str, initial: int = 0) -> dict[str, Any]:
    return {
        f"{prefix}-TOTAL_FORMS": "0",
        f"{prefix}-INITIAL_FORMS": str(initial),
        f"{prefix}-MIN_NUM_FORMS": "0",
        f"{prefix}-MAX_NUM_FORMS": "1000",
    }


def token_form(**fields: Any) -> dict[str, Any]:
    data: dict[str, Any] = {
        "slug": "mtg-soldier-1-1-w",
        "game": "mtg",
        "name": "Soldier Token",
        "supertypes": "",
        "types": "Creature",
        "subtypes": "Soldier",
        "colors": "W",
        "power": "1",
        "toughness": "1",
        "might": "",
        "tags": "",
        "keywords": "",
        "text": "",
        "abilities": "[]",
        "effects": "[]",
        **inline_management("back"),
        **inline_management("printings"),
        **inline_management("printed"),
        **inline_management("creator_relations"),
    }
    data.update(fields)
    return data


def test_it_lists_and_filters_tokens_in_the_admin(staff_client: Client, seeded: None) -> None:
    page = staff_client.get(
        "/admin/catalog/tokendefinition/?game__slug__exact=mtg&predefined__exact=1"
    )
    assert page.status_code == 200
    assert b"Treasure Token" in page.content and b"111.10a" in page.content
    assert b"Recruit" not in page.content
    found = staff_client.get("/admin/catalog/tokendefinition/?q=zombie&color=B&type=Creature")
    assert b"mtg-zombie-2-2-b" in found.content
    assert staff_client.get("/admin/catalog/carddefinition/?q=xorn").status_code == 200


def test_it_saves_a_token_typed_as_comma_separated_lists(staff_client: Client) -> None:
    response = staff_client.post(ADD_TOKEN, token_form(colors="B, W", keywords="Flying"))
    assert response.status_code == 302, response.context["adminform"].form.errors
    token = TokenDefinition.objects.get()
    assert token.colors == ["W", "B"]
    assert token.keywords == ["Flying"]


@pytest.mark.parametrize(
    ("fields", "field", "message"),
    [
        ({"colors": "W, Purple"}, "colors", "Unknown color Purple"),
        ({"types": "Artifact"}, "power", "non-creature"),
        ({"effects": '[{"kind": "anthem", "power": "x"}]'}, "effects", "field 'power'"),
        (
            {"types": "Enchantment", "subtypes": "Aura, Role", "power": "", "toughness": ""},
            "text",
            "Enchant creature",
        ),
    ],
)
def test_it_rejects_bad_tokens_with_a_message_on_the_field(
    staff_client: Client, fields: dict[str, str], field: str, message: str
) -> None:
    response = staff_client.post(ADD_TOKEN, token_form(**fields))
    assert response.status_code == 200
    errors = response.context["adminform"].form.errors
    assert message in " ".join(errors[field])
    assert not TokenDefinition.objects.exists()


def test_it_rejects_a_duplicate_slug(staff_client: Client) -> None:
    assert staff_client.post(ADD_TOKEN, token_form()).status_code == 302
    response = staff_client.post(ADD_TOKEN, token_form(name="Other"))
    assert "slug" in response.context["adminform"].form.errors
    assert TokenDefinition.objects.count() == 1


def test_it_rejects_a_back_face_on_a_single_faced_token(staff_client: Client) -> None:
    back = {
        "back-TOTAL_FORMS": "1",
        "back-0-name": "Phyrexian Token",
        "back-0-types": "Artifact, Creature",
        "back-0-subtypes": "Phyrexian",
        "back-0-power": "0",
        "back-0-toughness": "0",
        "back-0-abilities": "[]",
        "back-0-effects": "[]",
    }
    fields = {
        "types": "Artifact",
        "subtypes": "Incubator",
        "colors": "",
        "power": "",
        "toughness": "",
    }
    response = staff_client.post(ADD_TOKEN, token_form(**fields, **back))
    assert response.status_code == 200
    assert "not double-faced" in str(response.context["inline_admin_formsets"][0].formset.errors)
    assert not TokenDefinition.objects.exists()
    response = staff_client.post(ADD_TOKEN, token_form(**fields, **back, double_faced="on"))
    assert response.status_code == 302
    assert TokenFace.objects.get().token.double_faced


def test_it_shows_the_rule_reference_read_only(staff_client: Client, seeded: None) -> None:
    treasure = TokenDefinition.objects.get(slug="mtg-treasure")
    page = staff_client.get(f"/admin/catalog/tokendefinition/{treasure.pk}/change/")
    assert page.status_code == 200
    assert b"111.10a" in page.content
    assert b'name="rule"' not in page.content


def test_it_edits_a_card_and_rejects_malformed_effects(staff_client: Client) -> None:
    card, _ = services.card_upsert(
        slug="mtg-xorn", game="mtg", name="Xorn", types=["Creature"], power="3", toughness="2"
    )
    url = f"/admin/catalog/carddefinition/{card.pk}/change/"
    data = {
        "slug": "mtg-xorn",
        "game": "mtg",
        "name": "Xorn",
        "mana_cost": "{2}{R}",
        "oracle_id": "",
        "supertypes": "",
        "types": "Creature",
        "subtypes": "Elemental",
        "colors": "R",
        "power": "3",
        "toughness": "2",
        "loyalty": "",
        "might": "",
        "tags": "",
        "keywords": "",
        "text": "",
        "effects": '[{"kind": "token_extra", "count": 0, "token": "mtg-treasure"}]',
        **inline_management("relations"),
        **inline_management("printed"),
    }
    response = staff_client.post(url, data)
    assert response.status_code == 200
    assert "field 'count'" in " ".join(response.context["adminform"].form.errors["effects"])
    data["effects"] = '[{"kind": "token_extra", "count": 1, "token": "mtg-treasure"}]'
    assert staff_client.post(url, data).status_code == 302
    assert CardDefinition.objects.get().effects[0]["count"] == 1


def test_it_keeps_the_admin_from_players(user_client: Client) -> None:
    assert user_client.get(ADD_TOKEN).status_code == 302


def test_it_records_a_curators_edit_and_the_seed_then_keeps_it(
    staff_client: Client, seeded: None
) -> None:
    card = CardDefinition.objects.get(slug="mtg-xorn")
    assert card.curated_at is None
    data = {
        "slug": card.slug,
        "game": "mtg",
        "name": card.name,
        "mana_cost": card.mana_cost,
        "oracle_id": card.oracle_id or "",
        "supertypes": ", ".join(card.supertypes),
        "types": ", ".join(card.types),
        "subtypes": ", ".join(card.subtypes),
        "colors": ", ".join(card.colors),
        "power": card.power,
        "toughness": card.toughness,
        "loyalty": "",
        "might": "",
        "tags": "",
        "keywords": "",
        "text": "Curator's wording.",
        "effects": json.dumps(card.effects),
        **inline_management("printed"),
        **inline_management("relations", card.relations.count()),
    }
    for index, relation in enumerate(card.relations.all()):
        data[f"relations-{index}-id"] = str(relation.pk)
        data[f"relations-{index}-card"] = str(card.pk)
        data[f"relations-{index}-token"] = str(relation.token_id)
        data[f"relations-{index}-count"] = relation.count
    data["relations-TOTAL_FORMS"] = str(card.relations.count())
    url = f"/admin/catalog/carddefinition/{card.pk}/change/"
    assert staff_client.post(url, data).status_code == 302
    card.refresh_from_db()
    assert card.curated_at is not None and card.curated_by is not None
    out = StringIO()
    call_command("load_catalog", stdout=out)
    card.refresh_from_db()
    assert card.text == "Curator's wording."
    assert "Skipped 1 row(s) a curator edited" in out.getvalue() and "mtg-xorn" in out.getvalue()
