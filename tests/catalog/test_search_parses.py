"""One catalogue search parses its query string once, however many parts of the request read
it (tokens, cards, their counts, the walks, the suggestions)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.test import Client

from catalog.search import query

pytestmark = pytest.mark.usefixtures("seeded")


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    seen: list[str] = []
    tokenize = query.tokenize

    def counted(text: str) -> list[tuple[str, object]]:
        seen.append(text)
        return tokenize(text)

    monkeypatch.setattr(query, "tokenize", counted)
    yield seen


@pytest.mark.parametrize(
    ("url", "kind"),
    [
        ("/api/v1/search/", None),
        ("/api/v1/cards/", None),
        ("/api/v1/tokens/", None),
        ("/catalog/", "all"),
        ("/catalog/", "cards"),
        ("/catalog/", "tokens"),
    ],
)
@pytest.mark.parametrize("q", ["goblin", "t:goblin pow>=1 c:r -o:haste"])
def test_a_search_request_parses_its_query_once(
    client: Client, parses: list[str], url: str, kind: str | None, q: str
) -> None:
    response = client.get(url, {"q": q, **({"kind": kind} if kind else {})})
    assert response.status_code == 200
    assert parses == [q]


def test_a_bad_query_is_parsed_once_and_answered_400(client: Client, parses: list[str]) -> None:
    assert client.get("/api/v1/search/", {"q": "frobnicate:x"}).status_code == 400
    assert client.get("/catalog/", {"q": "frobnicate:x"}).status_code == 400
    assert parses == ["frobnicate:x", "frobnicate:x"]
