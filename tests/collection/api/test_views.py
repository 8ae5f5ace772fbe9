from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from collection import services
from collection.models import CollectionItem, Deck

pytestmark = pytest.mark.usefixtures("seeded")

DECKS = "/api/v1/decks/"
COLLECTION = "/api/v1/collection/"


def _post(client: Client, url: str, data: object) -> Any:
    return client.post(url, json.dumps(data), content_type="application/json")


def _patch(client: Client, url: str, data: object) -> Any:
    return client.patch(url, json.dumps(data), content_type="application/json")


def test_it_creates_a_deck_with_cards_unknown_names_and_tokens_needed(owner_client) -> None:
    text = "Commander\n1 Krenko, Mob Boss\nDeck\n1 Doubling Season\n1 Lightnig Bolt\n"
    response = _post(owner_client, DECKS, {"name": "Goblins", "game": "mtg", "decklist": text})
    assert response.status_code == 201
    body = response.json()
    assert body["name"] == "Goblins"
    assert [(c["card"], c["count"], c["section"]) for c in body["cards"]] == [
        ("mtg-krenko-mob-boss", 1, "commander"),
        ("mtg-doubling-season", 1, "main"),
    ]
    assert body["unknown"][0]["line"] == 5
    assert body["unknown"][0]["name"] == "Lightnig Bolt"
    assert body["tokens_needed"] == [
        {
            "token": "mtg-goblin-1-1-r",
            "name": "Goblin Token",
            "traits": "1/1 · Red",
            "cards": ["mtg-krenko-mob-boss"],
            "card_names": ["Krenko, Mob Boss"],
            "suggested": 6,
            "owned": 0,
            "missing": 6,
        }
    ]


def test_it_marks_the_tokens_i_already_own(owner, owner_client) -> None:
    deck = services.deck_create(owner=owner, game="mtg", decklist="1 Krenko, Mob Boss\n")
    _post(owner_client, COLLECTION, {"token": "mtg-goblin-1-1-r", "quantity": 2})
    needed = owner_client.get(f"{DECKS}{deck.pk}/").json()["tokens_needed"][0]
    assert (needed["suggested"], needed["owned"], needed["missing"]) == (3, 2, 1)


@pytest.mark.parametrize(
    "payload",
    [
        {"game": "mtg"},
        {"game": "chess", "decklist": "1 Xorn"},
        {"game": "mtg", "decklist": "1 Xorn", "name": "x" * 200},
        {"game": "mtg", "decklist": "x" * 50_001},
        [],
    ],
)
def test_it_answers_400_to_bad_deck_input_and_writes_nothing(owner_client, payload) -> None:
    response = _post(owner_client, DECKS, payload)
    assert response.status_code in (400, 413)
    assert {"error", "detail", "rule"} <= set(response.json())
    assert Deck.objects.count() == 0


def test_it_lists_renames_and_deletes_only_my_decks(owner, other, owner_client) -> None:
    mine = services.deck_create(owner=owner, game="mtg", decklist="1 Xorn", name="Mine")
    services.deck_create(owner=other, game="mtg", decklist="1 Xorn", name="Theirs")
    listed = owner_client.get(DECKS).json()
    assert [d["name"] for d in listed["results"]] == ["Mine"]
    assert listed["count"] == 1
    response = _patch(owner_client, f"{DECKS}{mine.pk}/", {"name": "Renamed", "decklist": "2 Xorn"})
    assert response.status_code == 200
    assert response.json()["cards"][0]["count"] == 2
    assert owner_client.delete(f"{DECKS}{mine.pk}/").status_code == 204
    assert Deck.objects.filter(pk=mine.pk).count() == 0


def test_another_user_can_never_read_or_change_my_deck(owner, other_client) -> None:
    deck = services.deck_create(owner=owner, game="mtg", decklist="1 Xorn", name="Secret")
    url = f"{DECKS}{deck.pk}/"
    assert other_client.get(url).status_code == 404
    assert _patch(other_client, url, {"name": "Stolen"}).status_code == 404
    assert other_client.delete(url).status_code == 404
    table = _post(other_client, f"{url}table/", {"name": "T", "players": ["Ben"]})
    assert table.status_code == 404
    deck.refresh_from_db()
    assert deck.name == "Secret"
    assert other_client.get(DECKS).json()["results"] == []


def test_another_user_can_never_read_or_change_my_collection(owner, other_client) -> None:
    item = _add_treasure(owner)
    url = f"{COLLECTION}{item.pk}/"
    assert other_client.get(url).status_code == 404
    assert _patch(other_client, url, {"quantity": 99}).status_code == 404
    assert other_client.delete(url).status_code == 404
    assert other_client.get(COLLECTION).json()["results"] == []
    assert "mtg-treasure" not in other_client.get(f"{COLLECTION}export/").content.decode()
    item.refresh_from_db()
    assert item.quantity == 3


def _add_treasure(owner) -> CollectionItem:
    from catalog.models import TokenDefinition

    token = TokenDefinition.objects.get(slug="mtg-treasure")
    return services.collection_add(owner=owner, token=token, quantity=3)


@pytest.mark.parametrize("url", [DECKS, COLLECTION, f"{COLLECTION}export/", f"{DECKS}1/"])
def test_it_refuses_anonymous_callers(client, url) -> None:
    response = client.get(url)
    assert response.status_code in (401, 403)
    assert response.json()["error"] in ("not_authenticated", "permission_denied")


def test_it_adds_changes_and_removes_collection_items(owner_client) -> None:
    created = _post(
        owner_client,
        COLLECTION,
        {"card": "mtg-xorn", "quantity": 2, "set_code": "afr", "finish": "etched"},
    )
    assert created.status_code == 201
    body = created.json()
    assert (body["kind"], body["card"], body["set_code"], body["finish"]) == (
        "card",
        "mtg-xorn",
        "AFR",
        "etched",
    )
    url = f"{COLLECTION}{body['id']}/"
    changed = _patch(owner_client, url, {"quantity": 5, "condition": "damaged"})
    assert (changed.json()["quantity"], changed.json()["condition"]) == (5, "damaged")
    assert _patch(owner_client, url, {"quantity": 0}).status_code == 400
    assert _patch(owner_client, url, {"finish": "gold"}).status_code == 400
    assert owner_client.delete(url).status_code == 204
    assert owner_client.get(url).status_code == 404


@pytest.mark.parametrize(
    "payload",
    [
        {"card": "mtg-nope"},
        {"token": "mtg-treasure", "card": "mtg-xorn"},
        {},
        {"token": "mtg-treasure", "quantity": 10_000},
    ],
)
def test_it_refuses_bad_items(owner_client, payload) -> None:
    response = _post(owner_client, COLLECTION, payload)
    assert response.status_code in (400, 404)
    assert CollectionItem.objects.count() == 0


def test_it_imports_csv_and_exports_the_same_rows(owner_client) -> None:
    text = "kind,id,name,game,quantity,set_code,finish\ncard,,Xorn,mtg,2,AFR,foil\n"
    response = _post(owner_client, f"{COLLECTION}import/", {"csv": text})
    assert response.status_code == 201
    assert response.json() == {"added": 2}
    exported = owner_client.get(f"{COLLECTION}export/")
    assert exported["Content-Type"].startswith("text/csv")
    lines = exported.content.decode().splitlines()
    assert lines[0] == "kind,id,name,game,quantity,set_code,collector_number,finish,condition,notes"
    assert lines[1] == "card,mtg-xorn,Xorn,mtg,2,AFR,,foil,near_mint,"
    # The export imports back as it is.
    again = _post(owner_client, f"{COLLECTION}import/", {"csv": exported.content.decode()})
    assert again.status_code == 201
    assert CollectionItem.objects.get().quantity == 4


def test_a_malformed_csv_answers_every_bad_line_and_writes_nothing(owner_client) -> None:
    text = "kind,quantity,name,game\ncard,2,Xorn,mtg\ncard,-1,Xorn,mtg\ncard,1,Zorn,mtg\n"
    response = _post(owner_client, f"{COLLECTION}import/", {"csv": text})
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid_lines"
    # The bad quantity and the unknown name, in one answer.
    assert [line["line"] for line in body["lines"]] == [3, 4]
    assert CollectionItem.objects.count() == 0


def test_it_imports_an_uploaded_csv_file(owner_client) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("c.csv", b"\xef\xbb\xbfkind,id,quantity\ntoken,mtg-treasure,4\n")
    response = owner_client.post(f"{COLLECTION}import/", {"file": upload})
    assert response.status_code == 201
    bad = SimpleUploadedFile("c.csv", b"\xff\xfe\x00k")
    assert owner_client.post(f"{COLLECTION}import/", {"file": bad}).status_code == 400


def test_it_bulk_adds_a_pasted_list_and_totals_by_game(owner_client) -> None:
    bad = _post(owner_client, f"{COLLECTION}bulk/", {"game": "mtg", "list": "4 Xorn\n1 Xornn"})
    assert bad.status_code == 400
    assert bad.json()["lines"] == [
        {"line": 2, "detail": 'no card named "Xornn" in mtg', "suggestions": ["Xorn"]}
    ]
    ok = _post(owner_client, f"{COLLECTION}bulk/", {"game": "mtg", "list": "4 Xorn\n1 Jade Mage"})
    assert ok.json() == {"added": 5}
    _post(owner_client, COLLECTION, {"token": "mtg-treasure", "quantity": 7})
    totals = owner_client.get(f"{COLLECTION}totals/").json()
    assert totals["count"] == 1  # paginated like every list (API.md)
    assert totals["results"] == [
        {"game": "mtg", "cards": 2, "card_copies": 5, "tokens": 1, "token_copies": 7}
    ]


def test_it_starts_a_table_from_a_deck_and_exposes_the_pins(owner, owner_client, other_client):
    deck = services.deck_create(owner=owner, game="mtg", decklist="1 Krenko, Mob Boss\n1 Xorn\n")
    response = _post(owner_client, f"{DECKS}{deck.pk}/table/", {"name": "T", "players": ["Ann"]})
    assert response.status_code == 201
    body = response.json()
    assert body["pinned_tokens"] == ["mtg-goblin-1-1-r", "mtg-treasure"]
    pins = owner_client.get(f"/api/v1/table-pins/{body['table']}/")
    assert pins.json()["tokens"] == ["mtg-goblin-1-1-r", "mtg-treasure"]
    assert other_client.get(f"/api/v1/table-pins/{body['table']}/").status_code == 404


def test_the_schema_documents_decks_and_collection(client) -> None:
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    for path in (DECKS, "/api/v1/decks/{deck_id}/", COLLECTION, "/api/v1/collection/import/"):
        assert path in schema["paths"], path
    assert "condition" in json.dumps(schema["paths"]["/api/v1/collection/import/"])


def test_q_puts_exact_name_matches_first_on_decks_and_the_collection(owner, owner_client):
    """API.md: `q` is a case-insensitive name match, exact name matches first."""
    for name in ("Xorn", "Big Xorn deck", "xorn"):
        services.deck_create(owner=owner, game="mtg", decklist="1 Xorn\n", name=name)
    found = owner_client.get(DECKS, {"q": "XORN"}).json()["results"]
    assert sorted(d["name"] for d in found[:2]) == ["Xorn", "xorn"]
    assert found[2]["name"] == "Big Xorn deck"
    # Cards come before tokens, but the exact name comes first of all.
    for card in ("rb-recruit-the-vanguard", "rb-machine-evangel"):
        _post(owner_client, COLLECTION, {"card": card})
    _post(owner_client, COLLECTION, {"token": "rb-recruit"})
    assert [i["name"] for i in owner_client.get(COLLECTION).json()["results"]] == [
        "Machine Evangel",
        "Recruit the Vanguard",
        "Recruit",
    ]
    found = owner_client.get(COLLECTION, {"q": "recruit", "game": "riftbound"}).json()["results"]
    assert [i["name"] for i in found] == ["Recruit", "Recruit the Vanguard"]


def test_the_csv_line_errors_are_in_the_readers_language(owner_client) -> None:
    """Issue 21: each line's detail in Russian with Accept-Language: ru, the error code stable."""
    text = (
        "kind,quantity,name,game,notes\n"
        "card,1,Xorn,mtg\n"
        "box,1,Xorn,mtg\n"
        "card,0,Xorn,mtg\n"
        f"card,1,Xorn,mtg,{'x' * 501}\n"
        "card,1,Xorn,mtg,a,b\n"
    )
    response = owner_client.post(
        f"{COLLECTION}import/",
        json.dumps({"csv": text}),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid_lines"
    assert body["detail"] == "4 строки файла нельзя импортировать."
    assert [(line["line"], line["detail"]) for line in body["lines"]] == [
        (3, "kind должно быть «card» или «token», а не «box»"),  # noqa: RUF001
        (4, "quantity должно быть целым числом от 1 до 9999"),
        (5, "notes длиннее 500 символов"),
        (6, "значений больше, чем 5 столбцов"),
    ]
    header = owner_client.post(
        f"{COLLECTION}import/",
        json.dumps({"csv": "kind,amount,colour\ncard,1,x\n"}),
        content_type="application/json",
        HTTP_ACCEPT_LANGUAGE="ru",
    )
    assert header.json()["lines"][0]["detail"].startswith(
        "не хватает столбца quantity; неизвестные столбцы amount, colour; столбцы: kind, id,"
    )
    english = _post(owner_client, f"{COLLECTION}import/", {"csv": "kind,quantity\ncard,1,2\n"})
    assert english.json()["lines"][0]["detail"] == "more values than the 2 columns"
