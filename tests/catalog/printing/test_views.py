from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.catalog.printing.pdfprobe import page_size_mm, reader

pytestmark = pytest.mark.usefixtures("few_tokens")
HTMX = {"HX-Request": "true"}


def _fill(client: Client, **counts: int) -> None:
    for slug, count in counts.items():
        assert client.get(f"/print/?token={slug}&count={count}").status_code == 302


def test_it_shows_an_empty_basket_and_the_forms(client: Client) -> None:
    response = client.get("/print/")
    assert response.status_code == 200
    body = response.content.decode()
    assert "The basket is empty" in body
    assert 'name="decklist"' in body and 'name="paper"' in body


def test_it_adds_a_token_from_the_catalogue_link(client: Client) -> None:
    response = client.get("/print/?token=mtg-treasure", follow=True)
    body = response.content.decode()
    assert "Added 1 x mtg-treasure" in body
    assert 'name="count-mtg-treasure" value="1"' in body
    client.get("/print/?token=mtg-treasure&count=3")
    assert 'name="count-mtg-treasure" value="4"' in client.get("/print/").content.decode()


def test_it_says_so_when_the_token_does_not_exist(client: Client) -> None:
    body = client.get("/print/?token=mtg-nope", follow=True).content.decode()
    assert "There is no token" in body and "The basket is empty" in body
    body = client.get("/print/?token=mtg-treasure&count=lots", follow=True).content.decode()
    assert "whole number" in body


def test_it_searches_tokens_to_add(client: Client) -> None:
    body = client.get("/print/?q=treas").content.decode()
    assert "/print/?token=mtg-treasure" in body


def test_it_updates_removes_and_clears_the_basket(client: Client) -> None:
    _fill(client, **{"mtg-treasure": 2, "mtg-food": 1})
    response = client.post(
        "/print/basket/", {"count-mtg-treasure": "5", "count-mtg-food": "1"}, headers=HTMX
    )
    assert response.status_code == 200
    assert 'value="5"' in response.content.decode()
    assert "<html" not in response.content.decode()  # the partial only
    response = client.post("/print/basket/", {"remove": "mtg-food"}, headers=HTMX)
    assert "Food Token" not in response.content.decode()
    response = client.post("/print/basket/", {"count-mtg-treasure": "-3"}, headers=HTMX)
    assert response.status_code == 400 and "whole numbers" in response.content.decode()
    response = client.post("/print/basket/", {"count-mtg-treasure": "5000"}, headers=HTMX)
    assert response.status_code == 400
    response = client.post("/print/basket/", {"clear": "1"})
    assert response.status_code == 302
    assert "The basket is empty" in client.get("/print/").content.decode()


def test_it_refuses_more_copies_than_a_print_allows(client: Client) -> None:
    _fill(client, **{"mtg-treasure": 999})
    body = client.get("/print/?token=mtg-food&count=1", follow=True).content.decode()
    assert "at most 999" in body


def test_it_turns_a_decklist_into_tokens_to_add(client: Client) -> None:
    response = client.post("/print/decklist/", {"decklist": "4 Xorn\n1 Xornn\n"}, headers=HTMX)
    body = response.content.decode()
    assert response.status_code == 200
    assert "Treasure Token" in body and 'name="count" value="4"' in body
    assert "Line 2: “Xornn”" in body and "did you mean Xorn?" in body
    response = client.post(
        "/print/basket/add/", {"token": ["mtg-treasure"], "count": ["4"]}, headers=HTMX
    )
    assert 'name="count-mtg-treasure" value="4"' in response.content.decode()


def test_it_rejects_an_empty_decklist(client: Client) -> None:
    assert client.post("/print/decklist/", {"decklist": ""}, headers=HTMX).status_code == 400


def test_it_previews_the_sheet_with_the_pdf_geometry(client: Client) -> None:
    _fill(client, **{"mtg-treasure": 9, "mtg-food": 1})
    response = client.get("/print/preview/?paper=a4&gap_mm=0")
    assert response.status_code == 200
    body = response.content.decode()
    assert body.count("<use ") == 10
    assert body.count('<svg class="sheet"') == 2
    assert 'viewBox="0 0 210 297"' in body
    # The first card's outline: 10.5 mm from the left, 16.5 mm from the top, 63 x 88 mm.
    outline = re.search(r'<rect class="outline"[^>]*>', body)
    assert outline is not None
    for attribute in ('x="10.5"', 'y="16.5"', 'width="63"', 'height="88"'):
        assert attribute in outline.group(0)
    assert 'href="/print/pdf/?paper=a4&amp;gap_mm=0"' in body
    assert "cards per page" not in body


def test_it_explains_an_empty_preview_and_bad_options(client: Client) -> None:
    response = client.get("/print/preview/")
    assert response.status_code == 400 and "Nothing to print" in response.content.decode()
    _fill(client, **{"mtg-treasure": 1})
    response = client.get("/print/preview/?gap_mm=9")
    assert response.status_code == 400 and "Gap (mm)" in response.content.decode()
    crowded = client.get("/print/preview/?gap_mm=3&bleed_mm=1.5")
    assert (
        crowded.status_code == 200
        and "6 cards per page: the bleed and the cut marks need the room"
        in crowded.content.decode()
    )
    # Once a layout that did not fit: now a column fewer, said on the preview.
    response = client.get("/print/preview/?paper=letter&gap_mm=5&scale_percent=105")
    assert response.status_code == 200 and "cards per page" in response.content.decode()


def test_it_downloads_the_basket_as_a_pdf(client: Client) -> None:
    _fill(client, **{"mtg-food": 3})
    response = client.get("/print/pdf/?paper=letter&cut_marks=no&corners=square")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert tuple(round(v, 1) for v in page_size_mm(response.content)) == (215.9, 279.4)
    assert reader(response.content).pages[0].extract_text().count("Food Token") == 3
    assert client.get("/print/pdf/?scale_percent=200").status_code == 400


def test_it_serves_the_calibration_page(client: Client) -> None:
    response = client.get("/print/calibration/?paper=letter&scale_percent=102")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert tuple(round(v, 1) for v in page_size_mm(response.content)) == (215.9, 279.4)
    assert client.get("/print/calibration/?paper=a9").status_code == 400


@pytest.mark.parametrize("url", ["/print/basket/", "/print/basket/add/", "/print/decklist/"])
def test_it_refuses_get_on_post_views(client: Client, url: str) -> None:
    assert client.get(url).status_code == 405
