from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_it_shows_the_browse_page_with_tokens(client: Client, seeded: None) -> None:
    page = client.get("/catalog/?game=mtg&predefined=true")
    assert page.status_code == 200
    assert b'hx-get="/catalog/"' in page.content
    assert page.context["page"].paginator.count == 22  # 111.10a-x (2026-09-25)
    assert b"Treasure Token" in page.content


def test_it_answers_htmx_searches_with_the_results_partial(client: Client, seeded: None) -> None:
    response = client.get("/catalog/?q=treasure", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<section id="results"')
    assert "<html" not in html
    assert "/catalog/tokens/mtg-treasure/" in html


def test_it_searches_cards_and_filters_by_color(client: Client, seeded: None) -> None:
    page = client.get("/catalog/?kind=cards&q=season")
    assert [r["obj"].slug for r in page.context["results"]] == ["mtg-doubling-season"]
    multicolor = client.get("/catalog/?kind=cards&color=M&game=mtg")
    assert all(len(r["obj"].colors) > 1 for r in multicolor.context["results"])
    assert multicolor.context["results"]


def test_it_explains_a_bad_filter(client: Client, seeded: None) -> None:
    page = client.get("/catalog/?color=purple")
    assert page.status_code == 400
    assert "Unknown color" in page.content.decode()


def test_it_renders_a_token_tile_with_creators_and_print_link(client: Client, seeded: None) -> None:
    page = client.get("/catalog/tokens/mtg-soldier-1-1-w/")
    html = page.content.decode()
    assert page.status_code == 200
    assert "frame-w" in html
    assert "Token Creature — Soldier" in html
    assert "1/1" in html
    assert "/catalog/cards/mtg-elspeth-storm-slayer/" in html
    assert 'href="/print/?token=mtg-soldier-1-1-w"' in html


def test_it_renders_both_faces_of_a_double_faced_token(client: Client, seeded: None) -> None:
    html = client.get("/catalog/tokens/mtg-incubator/").content.decode()
    assert "Incubator Token" in html and "Phyrexian Token" in html
    assert "frame-colorless" in html


def test_it_renders_riftbound_might_and_gold_frames(client: Client, seeded: None) -> None:
    sprite = client.get("/catalog/tokens/rb-sprite/").content.decode()
    assert "3 ⚔" in sprite
    archangel = client.get("/catalog/cards/mtg-adrix-and-nev-twincasters/").content.decode()
    assert "frame-gold" in archangel
    assert "token_multiplier" in archangel


def test_it_answers_unknown_ids_with_404(client: Client, db: None) -> None:
    assert client.get("/catalog/tokens/mtg-nothing/").status_code == 404
    assert client.get("/catalog/cards/mtg-nothing/").status_code == 404


def test_it_allows_only_get(client: Client, db: None) -> None:
    assert client.post("/catalog/").status_code == 405


@pytest.mark.parametrize(
    "query",
    [
        "q=foo:bar",
        "q=a)",
        "q=a or",
        "q=(a",
        "q=c:xyz",
        "q=pow:abc",
        "q=pow:3!",
        "q=is:card",
        "color=purple",
        "game=chess",
        "predefined=maybe",
    ],
)
def test_every_search_error_is_in_the_visitor_s_language(seeded: None, query: str) -> None:
    page = Client(HTTP_ACCEPT_LANGUAGE="ru").get(f"/catalog/?{query}")
    assert page.status_code == 400
    text = page.context["error"]
    assert text and any("а" <= letter <= "я" for letter in text.lower()), text  # noqa: RUF001
