"""What cards make, as the catalogue keeps it: compiled on every save and import, tokens linked to
the catalogue's, a card's own effects winning, `makes` in the API and `?makes=` filtering."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from catalog import makers, services
from catalog.importers.formats import import_file
from catalog.models import CardDefinition

pytestmark = pytest.mark.django_db


def _card(client: Client, slug: str) -> dict[str, Any]:
    response = client.get(f"/api/v1/cards/{slug}/")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def test_krenko_says_what_it_makes_with_the_catalogues_goblin(client: Client, seeded: None) -> None:
    """Krenko, Mob Boss: {T}: create X 1/1 red Goblins, X = Goblins you control (111.1, 602)."""
    [entry] = _card(client, "mtg-krenko-mob-boss")["makes"]
    assert entry["when"] == "activated"
    assert entry["cost"] == "{T}"
    assert entry["automated"] is True
    assert entry["fires"] is False
    assert "effect" not in entry  # the kernel's data stays out of the API
    [goblin] = entry["tokens"]
    assert goblin["token"] == "mtg-goblin-1-1-r"
    assert goblin["count"] == "X"
    assert "Goblins you control" in goblin["x"]
    assert (goblin["power"], goblin["toughness"], goblin["colors"]) == ("1", "1", ["R"])


def test_a_card_making_nothing_has_no_makes(client: Client, seeded: None) -> None:
    assert _card(client, "mtg-plains")["makes"] == []


def test_the_kernel_payload_keeps_the_effect_with_the_catalogue_id(seeded: None) -> None:
    from catalog.selectors import card_payload

    payload = card_payload("mtg-krenko-mob-boss")
    assert payload is not None
    [entry] = payload["makes"]
    [step] = [s for s in entry["effect"]["steps"] if s.get("do") == "create"]
    assert step["definition"]["id"] == "mtg-goblin-1-1-r"


def test_makes_filters_by_status(client: Client, seeded: None) -> None:
    def names(value: str) -> dict[str, list[dict[str, Any]]]:
        response = client.get("/api/v1/cards/", {"makes": value, "game": "mtg"})
        assert response.status_code == 200
        return {card["name"]: card["makes"] for card in response.json()["results"]}

    automated, manual, any_ = names("automated"), names("manual"), names("any")
    assert "Krenko, Mob Boss" in automated
    assert "Plains" not in any_
    assert all(all(e["automated"] for e in entries) for entries in automated.values())
    assert all(any(not e["automated"] for e in entries) for entries in manual.values())
    assert set(any_) == set(automated) | set(manual)
    assert all(entries for entries in any_.values())


def test_an_unknown_makes_filter_is_a_400(client: Client, seeded: None) -> None:
    response = client.get("/api/v1/cards/", {"makes": "sometimes"})
    assert response.status_code == 400
    assert "makes" in json.dumps(response.json())


def test_a_curators_save_compiles_again(staff_client: Client, seeded: None) -> None:
    response = staff_client.patch(
        "/api/v1/cards/mtg-jade-mage/",
        {"text": "When this creature enters, create a Treasure token."},
        content_type="application/json",
    )
    assert response.status_code == 200
    [entry] = response.json()["makes"]
    assert entry["when"] == "enters"
    assert entry["fires"] is True
    assert [t["token"] for t in entry["tokens"]] == ["mtg-treasure"]
    assert CardDefinition.objects.get(slug="mtg-jade-mage").makes_status == "fires"


def test_the_cards_own_token_effects_win(seeded: None) -> None:
    """Doubling Season's own token_multiplier (614.1a) stands: the compiled entry describes the
    replacement and leaves the doing to the card's effects."""
    card = CardDefinition.objects.get(slug="mtg-doubling-season")
    [tokens] = [e for e in card.makes if "create" in e["text"]]
    assert tokens["own"] is True
    assert tokens["effect"] is None
    assert tokens["fires"] is True


def test_a_card_saved_without_token_text_makes_nothing(seeded: None) -> None:
    card = services.card_create(
        slug="mtg-grizzly-bears",
        game="mtg",
        name="Grizzly Bears",
        types=["Creature"],
        power="2",
        toughness="2",
        colors=["G"],
    )
    card.refresh_from_db()
    assert (card.makes, card.makes_status) == ([], "")
    assert card.makes_compiled == makers.compiler_version()


def test_an_import_compiles_and_links_to_tokens_it_brings(tmp_path: Path, seeded: None) -> None:
    """The card comes before its token in the file: linked once the token is written."""
    card = {
        "object": "card",
        "id": "11111111-1111-1111-1111-111111111111",
        "layout": "normal",
        "oracle_id": "22222222-2222-2222-2222-222222222222",
        "name": "Sworn Gardener",
        "type_line": "Creature — Elf",
        "mana_cost": "{1}{G}",
        "power": "1",
        "toughness": "1",
        "colors": ["G"],
        "oracle_text": "When this creature enters, create a 2/3 green "
        "Plant Wall creature token with defender.",
    }
    token = {
        "object": "card",
        "id": "33333333-3333-3333-3333-333333333333",
        "layout": "token",
        "oracle_id": "44444444-4444-4444-4444-444444444444",
        "name": "Plant Wall",
        "type_line": "Token Creature — Plant Wall",
        "power": "2",
        "toughness": "3",
        "colors": ["G"],
        "oracle_text": "Defender",
        "set": "tabc",
        "collector_number": "1",
    }
    path = tmp_path / "cards.json"
    path.write_text(json.dumps([card, token]))
    import_file("scryfall", path)
    stored = CardDefinition.objects.get(name="Sworn Gardener")
    [entry] = stored.makes
    [made] = entry["tokens"]
    assert made["token"] is not None
    assert made["token"].startswith("mtg-plant-wall")
    assert stored.makes_status == "fires"


def test_a_new_compiler_recompiles_on_the_next_start(seeded: None) -> None:
    """An imported card (not the seed's) compiled by an older compiler."""
    services.card_create(
        slug="mtg-beastmaster-ascension-like",
        game="mtg",
        name="Goblin Instigator",
        types=["Creature"],
        subtypes=["Goblin", "Rogue"],
        colors=["R"],
        power="1",
        toughness="1",
        text="When this creature enters, create a 1/1 red Goblin creature token.",
    )
    CardDefinition.objects.filter(name="Goblin Instigator").update(
        makes=[], makes_status="", makes_compiled="old"
    )
    out = StringIO()
    call_command("load_catalog", stdout=out)
    assert "What 1 card(s) make was compiled again" in out.getvalue()
    card = CardDefinition.objects.get(name="Goblin Instigator")
    assert card.makes_status == "fires"
    assert card.makes[0]["tokens"][0]["token"] == "mtg-goblin-1-1-r"


def test_coverage_counts_the_statuses_and_the_manual_patterns(seeded: None) -> None:
    CardDefinition.objects.filter(slug="mtg-plains").update(
        makes=[
            {
                "when": "other",
                "text": "Create a Plains token, Plains.",
                "automated": False,
                "fires": False,
                "tokens": [],
            }
        ],
        makes_status="manual",
    )
    out = StringIO()
    call_command("catalog_coverage", stdout=out)
    text = out.getvalue()
    makers_count = CardDefinition.objects.exclude(makes_status="").count()
    assert f"Token makers in the mtg catalogue: {makers_count}" in text
    assert "create a cardname token, cardname." in text
    for label in ("automated", "one tap", "manual"):
        assert label in text


def test_the_admin_filters_cards_by_how_they_make_tokens(
    staff_client: Client, seeded: None
) -> None:
    CardDefinition.objects.filter(slug="mtg-plains").update(makes_status="manual")
    page = staff_client.get("/admin/catalog/carddefinition/", {"makes_status__exact": "manual"})
    assert page.status_code == 200
    html = page.content.decode()
    assert "Plains" in html
    assert "Krenko, Mob Boss" not in html
    page = staff_client.get("/admin/catalog/carddefinition/", {"makes_status__exact": "one_tap"})
    assert "Krenko, Mob Boss" in page.content.decode()
