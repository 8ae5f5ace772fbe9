from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from tests.catalog.printing.pdfprobe import page_size_mm, print_scaling, reader

pytestmark = pytest.mark.usefixtures("few_tokens")


def _post(client: Client, body: Any) -> Any:
    return client.post("/api/v1/print/", json.dumps(body), content_type="application/json")


def test_it_prints_items_as_a_pdf(client: Client) -> None:
    response = _post(
        client,
        {"items": [{"token": "mtg-treasure", "count": 10}], "paper": "letter", "cut_marks": False},
    )
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["X-Sheets"] == "2"
    pdf = reader(response.content)
    assert len(pdf.pages) == 2
    assert tuple(round(v, 1) for v in page_size_mm(response.content)) == (215.9, 279.4)
    assert print_scaling(response.content) == "/None"
    assert pdf.pages[1].extract_text().count("Treasure Token") == 1


def test_it_prints_the_tokens_a_decklist_needs_and_names_unknown_cards(client: Client) -> None:
    body = {"decklist": "Deck\n4 Xorn\n2 dwarven reinforcements\n1 Lightnig Bolt\n"}
    response = _post(client, body)
    assert response.status_code == 200
    text = "".join(page.extract_text() for page in reader(response.content).pages)
    assert text.count("Treasure Token") == 4  # 4 Xorn x 1 Treasure
    assert text.count("Dwarf Berserker Token") == 4  # 2 x 2 Dwarf Berserkers
    assert json.loads(response["X-Unknown-Cards"]) == [{"line": 4, "name": "Lightnig Bolt"}]


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"items": []}, 400, "empty_selection"),
        ({}, 400, "invalid"),
        ({"items": [{"token": "mtg-treasure"}], "decklist": "4 Xorn"}, 400, "invalid"),
        ({"items": [{"token": "mtg-no-such-token", "count": 1}]}, 400, "unknown_token"),
        ({"items": [{"token": "mtg-treasure", "count": 10000}]}, 400, "invalid"),
        (
            {
                "items": [
                    {"token": "mtg-treasure", "count": 600},
                    {"token": "mtg-food", "count": 600},
                ]
            },
            400,
            "too_many_copies",
        ),
        ({"items": [{"token": "mtg-treasure", "count": 1}], "gap_mm": 50}, 400, "invalid"),
        ({"items": [{"token": "mtg-treasure", "count": 1}], "paper": "a0"}, 400, "invalid"),
        (
            {"items": [{"token": "mtg-treasure", "count": 1}], "scale_percent": "NaN"},
            400,
            "invalid",
        ),
        ({"items": [{"token": "mtg-treasure"}], "backs": "lace"}, 400, "invalid"),
        ({"items": [{"token": "mtg-treasure"}], "format": "tiff"}, 400, "invalid"),
        ({"items": [{"token": "mtg-treasure", "printing": 0}]}, 400, "invalid"),
        ({"decklist": "4 Plains\n1 Nonexistent Card"}, 400, "empty_selection"),
        ({"items": "treasure"}, 400, "invalid"),
        ([1, 2, 3], 400, "invalid"),
    ],
)
def test_it_rejects_bad_requests_with_clear_json(
    client: Client, body: Any, status: int, error: str
) -> None:
    response = _post(client, body)
    assert response.status_code == status, response.content[:300]
    data = response.json()
    assert data["error"] == error
    assert data["detail"] and "rule" in data


@pytest.mark.parametrize(
    ("raw", "status", "error"),
    [
        ('{"items": ' + "[" * 5_000 + "]" * 5_000 + "}", 400, "parse_error"),  # was a 500
        ('{"decklist": "' + "x" * 100_000 + '"}', 413, "payload_too_large"),
        ('{"items": [{"token": "mtg-treasure"}], "gap_mm": NaN}', 400, "parse_error"),
    ],
    ids=["deep", "huge", "nan-literal"],
)
def test_it_refuses_hostile_json_bodies_with_a_4xx(
    client: Client, raw: str, status: int, error: str
) -> None:
    response = client.post("/api/v1/print/", raw, content_type="application/json")
    assert response.status_code == status
    assert response.json()["error"] == error


def test_it_says_which_cards_it_did_not_know_when_nothing_prints(client: Client) -> None:
    response = _post(client, {"decklist": "1 Nonexistent Card"})
    assert "Nonexistent Card" in response.json()["detail"]


def test_it_refuses_get(client: Client) -> None:
    assert client.get("/api/v1/print/").status_code == 405


def test_it_is_documented_in_the_schema(client: Client) -> None:
    schema = client.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/v1/print/"]["post"]
    assert "application/pdf" in operation["responses"]["200"]["content"]
    assert "400" in operation["responses"]


def test_it_answers_clients_that_accept_only_pdf(client: Client) -> None:
    body = json.dumps({"items": [{"token": "mtg-treasure", "count": 1}]})
    ok = client.post(
        "/api/v1/print/", body, content_type="application/json", HTTP_ACCEPT="application/pdf"
    )
    assert ok.status_code == 200 and ok["Content-Type"] == "application/pdf"
    bad = client.post(
        "/api/v1/print/", "{}", content_type="application/json", HTTP_ACCEPT="application/pdf"
    )
    assert bad.status_code == 400 and bad.json()["error"] == "invalid"
