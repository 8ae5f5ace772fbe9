"""Choosing a card name at the service (CR 201.4): only the catalogue's card names are accepted,
never a token's name; the kernel then applies Pithing Needle's restriction by that name."""

from __future__ import annotations

import json
from typing import Any

import pytest

from catalog import services as catalog_services
from catalog.selectors import card_name_choice
from play.models import Action, Table
from play.table.payloads import InvalidPayload
from rules.mtg.predefined import predefined_token
from tests.play.conftest import Cast, client_for
from tests.play.test_services import act
from tokensite.api import RulesViolation

PITHING_NEEDLE: dict[str, Any] = {
    "name": "Pithing Needle",
    "mana_cost": "{1}",
    "types": ["Artifact"],
    "text": "As Pithing Needle enters, choose a card name.\nActivated abilities of sources with "
    "the chosen name can't be activated unless they're mana abilities.",
    "effects": [{"kind": "named_cant_activate"}],
}


@pytest.fixture
def needle(cast: Cast) -> Cast:
    catalog_services.card_upsert(slug="mtg-pithing-needle", game="mtg", **PITHING_NEEDLE)
    catalog_services.card_upsert(
        slug="mtg-flesh-blood", game="mtg", name="Flesh // Blood", types=["Instant"]
    )
    return cast


def put_needle(cast: Cast, name: Any) -> Any:
    return act(
        cast,
        cast.owner,
        {"type": "put_card", "card": "mtg-pithing-needle", "choices": {"name": name}},
    )


@pytest.mark.parametrize("name", ["Blood Token", "Treasure Token", "Boo", "No Such Card", ""])
def test_a_chosen_name_must_be_a_card_name_never_a_token_name(needle: Cast, name: str) -> None:
    with pytest.raises(InvalidPayload) as caught:
        put_needle(needle, name)
    assert caught.value.status == 400
    assert caught.value.code == "unknown_card_name"
    assert not Action.objects.filter(table=needle.table).exists()


def test_half_of_a_split_card_is_a_card_name_and_is_logged_as_the_catalogue_spells_it(
    needle: Cast,
) -> None:
    result = put_needle(needle, "  blood ")
    [placed] = result.state["objects"]
    assert placed["chosen_name"] == "Blood"
    entry = Action.objects.get(table=needle.table, seq=1)
    assert entry.payload["choices"] == {"name": "Blood"}


def test_both_halves_of_a_split_card_is_not_one_name(needle: Cast) -> None:
    with pytest.raises(RulesViolation) as caught:
        put_needle(needle, "Flesh // Blood")
    assert caught.value.rule == "201.4b"


def test_naming_blood_does_not_stop_a_blood_token(needle: Cast) -> None:
    put_needle(needle, "Blood")
    blood_token = predefined_token("mtg-blood")
    act(needle, needle.owner, {"type": "create_token", "definition": blood_token})
    state = Table.objects.get(pk=needle.table.pk).state
    blood = next(o for o in state["objects"] if o["face"]["name"] == "Blood Token")
    result = act(
        needle,
        needle.owner,
        {"type": "activate", "object": blood["id"], "ability": 0, "choices": {"paid": "manual"}},
    )
    assert [o["name"] for o in result.state["objects"]] == ["Pithing Needle"]


def test_the_selector_finds_card_names_only(needle: Cast) -> None:
    assert card_name_choice("mtg", "pithing needle") == "Pithing Needle"
    assert card_name_choice("mtg", "Flesh") == "Flesh"
    assert card_name_choice("mtg", "Blood Token") is None
    assert card_name_choice("riftbound", "Pithing Needle") is None


def test_the_api_answers_a_token_name_with_a_clear_400_citing_201_4(needle: Cast) -> None:
    action = {
        "type": "put_card",
        "card": "mtg-pithing-needle",
        "choices": {"name": "Treasure Token"},
    }
    response = client_for(needle.owner).post(
        f"/api/v1/tables/{needle.table.id}/actions/",
        {"expected_version": 0, "action": action},
        format="json",
    )
    assert response.status_code == 400, response.json()
    body = response.json()
    assert body["error"] == "unknown_card_name"
    assert "201.4" in json.dumps(body)
