"""The admin's inline rows point aria-describedby only at ids the page has (issue 37: nine
fields of the tabular inlines pointed at help-text ids that no row renders)."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from catalog.models import CardDefinition, TokenDefinition
from catalog.seed import load_seed

pytestmark = pytest.mark.django_db


def _dangling(html: str) -> list[str]:
    ids = set(re.findall(r'\sid="([^"]+)"', html))
    pointed = [
        ref for refs in re.findall(r'aria-describedby="([^"]*)"', html) for ref in refs.split()
    ]
    return [ref for ref in pointed if ref not in ids]


def test_every_aria_describedby_of_the_token_and_card_pages_exists(staff_client: Client) -> None:
    load_seed()
    token = TokenDefinition.objects.get(slug="mtg-treasure")
    card = (
        CardDefinition.objects.filter(relations__isnull=False).first()
        or CardDefinition.objects.first()
    )
    assert card is not None
    for path in (
        f"/admin/catalog/tokendefinition/{token.pk}/change/",
        "/admin/catalog/tokendefinition/add/",
        f"/admin/catalog/carddefinition/{card.pk}/change/",
    ):
        html = staff_client.get(path).content.decode()
        assert 'aria-describedby="' in html or path.endswith("add/")
        assert _dangling(html) == [], path
