"""The player's printing in the HTML basket (its thumbnails come from this site), the print-shop
download of the basket, and tiles that show the stored copies of imported pictures."""

from __future__ import annotations

import io
import zipfile

from django.test import Client

from catalog.models import TokenDefinition, TokenPrinting
from catalog.printing import artfetch
from catalog.printing.basket import PRINTINGS_KEY
from catalog.selectors import token_art, token_queryset
from tests.catalog.printing.test_art import _imported, _jpeg, _Pictures, picture_host

__all__ = ["picture_host"]  # the local picture server, a fixture of test_art


def _two_printings(host: str) -> tuple[TokenPrinting, TokenPrinting]:
    _Pictures.served["/a.jpg"] = _jpeg((200, 0, 0))
    _Pictures.served["/b.jpg"] = _jpeg((0, 0, 200))
    _imported("mtg-food", f"{host}/a.jpg", "First")
    _imported("mtg-food", f"{host}/b.jpg", "Second")
    first, second = TokenPrinting.objects.filter(token__slug="mtg-food").order_by("pk")
    return first, second


def test_the_basket_keeps_the_players_printing_for_the_pdf_and_the_zip(
    few_tokens: None, picture_host: str
) -> None:
    first, second = _two_printings(picture_host)
    client = Client()
    client.get("/print/?token=mtg-food&count=2")
    page = client.get("/print/").content.decode()
    # Both printings offered, each with a thumbnail served by this site.
    for printing in (first, second):
        assert f'value="{printing.pk}"' in page
        assert f'src="/print/printings/{printing.pk}/art/"' in page
    response = client.post(
        "/print/basket/", {"count-mtg-food": "2", "printing-mtg-food": second.pk}
    )
    assert response.status_code == 302
    assert client.session[PRINTINGS_KEY] == {"mtg-food": second.pk}
    assert f'value="{second.pk}" checked' in client.get("/print/").content.decode()

    archive = zipfile.ZipFile(io.BytesIO(client.get("/print/shop/").content))
    assert "counts.csv" in archive.namelist()
    assert _Pictures.hits == ["/b.jpg"]  # the chosen printing's picture, and only it

    client.post("/print/basket/", {"count-mtg-food": "2", "printing-mtg-food": ""})
    assert client.session[PRINTINGS_KEY] == {}


def test_a_printing_of_another_token_is_refused_and_nothing_changes(
    few_tokens: None, picture_host: str
) -> None:
    first, _ = _two_printings(picture_host)
    client = Client()
    client.get("/print/?token=mtg-treasure&count=1")
    response = client.post(
        "/print/basket/",
        {"count-mtg-treasure": "5", "printing-mtg-treasure": first.pk},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 400
    assert "No such printing of mtg-treasure." in response.content.decode()
    assert PRINTINGS_KEY not in client.session
    assert client.session["print_basket"] == [["mtg-treasure", 1]]  # the count unchanged too
    bad = client.post("/print/basket/", {"printing-mtg-treasure": "x"}, HTTP_HX_REQUEST="true")
    assert bad.status_code == 400


def test_a_thumbnail_is_fetched_once_from_an_allowed_host_and_served_from_here(
    few_tokens: None, picture_host: str
) -> None:
    first, _ = _two_printings(picture_host)
    client = Client()
    response = client.get(f"/print/printings/{first.pk}/art/")
    name = artfetch.stored_name(f"{picture_host}/a.jpg", "tile")
    assert response.status_code == 302 and response["Location"] == f"/media/{name}"
    assert client.get(response["Location"]).status_code == 200
    client.get(f"/print/printings/{first.pk}/art/")
    assert _Pictures.hits == ["/a.jpg"]
    bare = TokenPrinting.objects.create(token=first.token, set_code="zzz")
    assert client.get(f"/print/printings/{bare.pk}/art/").status_code == 404
    assert client.get("/print/printings/999999/art/").status_code == 404


def test_tiles_show_the_stored_copy_once_there_is_one(few_tokens: None, picture_host: str) -> None:
    _two_printings(picture_host)
    token = token_queryset().get(slug="mtg-food")
    assert token_art(token)["images"]["art_crop"] == f"{picture_host}/a.jpg"  # hot-linked
    artfetch.fetched_art(f"{picture_host}/a.jpg")
    token = TokenDefinition.objects.get(slug="mtg-food")
    stored = f"/media/{artfetch.stored_name(f'{picture_host}/a.jpg', 'tile')}"
    assert token_art(token)["images"] == {"art_crop": stored, "normal": stored}
    page = Client().get("/catalog/tokens/mtg-food/").content.decode()
    assert f'src="{stored}"' in page
