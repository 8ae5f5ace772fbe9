from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from collection import services
from collection.models import CollectionItem, Deck

pytestmark = pytest.mark.usefixtures("seeded")


def test_the_pages_need_an_account(client) -> None:
    for url in ("/collection/", "/decks/"):
        response = client.get(url)
        assert response.status_code == 302
        assert "/accounts/login/" in response["Location"]


def test_it_creates_a_deck_from_the_page_and_shows_what_it_needs(owner_client) -> None:
    response = owner_client.post(
        "/decks/",
        {"name": "Gobs", "game": "mtg", "decklist": "1 Krenko, Mob Boss\n1 Lightnig Bolt\n"},
    )
    assert response.status_code == 302
    page = owner_client.get(response["Location"])
    html = page.content.decode()
    assert page.status_code == 200
    assert "Goblin Token" in html
    assert "Lightnig Bolt" in html
    assert 'name="token" value="mtg-goblin-1-1-r"' in html  # print the rest in one click
    assert 'name="count" value="3"' in html


def test_it_creates_a_deck_from_an_uploaded_dek_file(owner_client) -> None:
    dek = b'<?xml version="1.0"?>\n<Deck>\n<Cards Quantity="2" Name="Xorn"/>\n</Deck>'
    upload = SimpleUploadedFile("deck.dek", dek)
    response = owner_client.post("/decks/", {"game": "mtg", "dek_file": upload})
    assert response.status_code == 302
    deck = Deck.objects.get()
    assert list(deck.entries.values_list("card__slug", "count")) == [("mtg-xorn", 2)]


def test_an_empty_deck_form_is_a_400_and_writes_nothing(owner_client) -> None:
    response = owner_client.post("/decks/", {"game": "mtg", "decklist": "  "})
    assert response.status_code == 400
    assert Deck.objects.count() == 0


def test_another_user_gets_404_on_my_deck_pages(owner, other_client) -> None:
    deck = services.deck_create(owner=owner, game="mtg", decklist="1 Xorn", name="Secret")
    base = f"/decks/{deck.pk}/"
    assert other_client.get(base).status_code == 404
    assert other_client.post(f"{base}edit/", {"name": "x", "decklist": "1 Xorn"}).status_code == 404
    assert other_client.post(f"{base}delete/").status_code == 404
    assert other_client.post(f"{base}table/", {"name": "t", "players": "Ben"}).status_code == 404
    assert "Secret" not in other_client.get("/decks/").content.decode()
    assert Deck.objects.filter(pk=deck.pk, name="Secret").exists()


def test_another_user_cannot_change_my_items(owner, other_client) -> None:
    from catalog.models import TokenDefinition

    item = services.collection_add(
        owner=owner, token=TokenDefinition.objects.get(slug="mtg-treasure"), quantity=2
    )
    url = f"/collection/items/{item.pk}/"
    assert other_client.post(url, {"delete": "1"}).status_code == 404
    assert "Treasure" not in other_client.get("/collection/").content.decode()
    assert CollectionItem.objects.filter(pk=item.pk).exists()


def test_it_adds_from_search_and_edits_an_item(owner_client) -> None:
    found = owner_client.get("/collection/?search=Treasure", HTTP_HX_REQUEST="true")
    assert 'value="mtg-treasure"' in found.content.decode()
    owner_client.post(
        "/collection/add/", {"kind": "token", "id": "mtg-treasure", "quantity": 4, "finish": "foil"}
    )
    item = CollectionItem.objects.get()
    assert (item.quantity, item.finish) == (4, "foil")
    owner_client.post(
        f"/collection/items/{item.pk}/",
        {"quantity": 6, "finish": "foil", "condition": "damaged", "set_code": "ltr", "notes": ""},
    )
    item.refresh_from_db()
    assert (item.quantity, item.condition, item.set_code) == (6, "damaged", "LTR")


def test_a_malformed_csv_upload_lists_the_lines_and_writes_nothing(owner_client) -> None:
    upload = SimpleUploadedFile(
        "c.csv", b"kind,quantity,name,game\ncard,1,Xorn,mtg\ncard,x,Xorn,mtg\n"
    )
    response = owner_client.post("/collection/import/", {"file": upload})
    assert response.status_code == 400
    assert "Line 3" in response.content.decode()
    assert CollectionItem.objects.count() == 0


def test_the_page_documents_the_csv_columns_and_exports(owner_client) -> None:
    html = owner_client.get("/collection/").content.decode()
    for column in ("kind", "collector_number", "condition", "notes"):
        assert f"<code>{column}</code>" in html
    assert owner_client.get("/collection/export.csv")["Content-Type"].startswith("text/csv")


def test_a_pasted_list_with_an_unknown_name_adds_nothing(owner_client) -> None:
    response = owner_client.post(
        "/collection/bulk/", {"game": "mtg", "list": "2 Xorn\n1 Xornn", "finish": "normal"}
    )
    assert response.status_code == 400
    assert "did you mean Xorn" in response.content.decode()
    assert CollectionItem.objects.count() == 0


def test_it_starts_a_table_from_the_deck_page(owner, owner_client) -> None:
    from collection.models import TablePin

    deck = services.deck_create(owner=owner, game="mtg", decklist="1 Krenko, Mob Boss")
    response = owner_client.post(f"/decks/{deck.pk}/table/", {"name": "Fri", "players": "Ann\nBen"})
    assert response.status_code == 302
    pin = TablePin.objects.get()
    assert pin.tokens == ["mtg-goblin-1-1-r"]
    assert pin.table.owner == owner
    assert [s.name for s in pin.table.seats.order_by("number")] == ["Ann", "Ben"]


def test_the_table_started_from_a_deck_pins_its_tokens_in_the_palette(owner, owner_client) -> None:
    deck = services.deck_create(owner=owner, game="mtg", decklist="1 Krenko, Mob Boss")
    response = owner_client.post(f"/decks/{deck.pk}/table/", {"name": "Fri", "players": "Ann"})
    page = owner_client.get(response["Location"]).content.decode()
    pinned = page.split('aria-label="Tokens for this deck"', 1)[1].split("</div>", 1)[0]
    assert 'value="create_token:mtg-goblin-1-1-r"' in pinned
    assert "Goblin" in pinned


def test_the_csv_line_errors_read_in_russian_on_the_page(owner_client) -> None:
    upload = SimpleUploadedFile(
        "c.csv", b"kind,quantity,name,game\ncard,1,Xorn,mtg\ntoken,1,Xorn,\n"
    )
    response = owner_client.post("/collection/import/", {"file": upload}, HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 400
    html = response.content.decode()
    assert "для фишки нужен её id (у многих фишек одно название, CR 111.4)" in html  # noqa: RUF001
    assert "a token needs its id" not in html
    assert CollectionItem.objects.count() == 0
