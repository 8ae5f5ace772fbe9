"""Set symbols from the keyrune package's font, read from its icon list; named by the set's name
for assistive technology; a token set takes its parent's symbol; none without the package."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from catalog import set_symbols
from catalog.models import TokenDefinition, TokenPrinting
from catalog.templatetags.sets import set_symbol


@pytest.fixture
def keyrune(settings: Any) -> None:
    if not (Path(settings.BASE_DIR) / "node_modules/keyrune/fonts/keyrune.woff2").is_file():
        pytest.skip("keyrune is not installed (make symbols)")
    set_symbols._icons.cache_clear()


def test_a_set_and_its_token_set_draw_the_sets_symbol(keyrune: None) -> None:
    dominaria = set_symbols.set_symbol("DOM")
    assert dominaria is not None and dominaria.name == "Dominaria"
    assert "\ue000" <= dominaria.glyph <= "\uf8ff"  # a private-use code point of the font
    assert set_symbols.set_symbol("tdom") == dominaria
    assert set_symbols.set_symbol("zzzz") is None
    assert set_symbol("TDOM") == (
        f'<span class="set-sym" role="img" aria-label="Dominaria" title="Dominaria">'
        f'<span aria-hidden="true">{dominaria.glyph}</span></span>'
    )


def test_the_token_page_shows_the_symbol_and_its_font(keyrune: None, db: None) -> None:
    token = TokenDefinition.objects.create(slug="mtg-x", game_id="mtg", name="X Token")
    TokenPrinting.objects.create(token=token, set_code="tdom", collector_number="3")
    html = Client().get("/catalog/tokens/mtg-x/").content.decode()
    assert 'role="img" aria-label="Dominaria"' in html and "TDOM 3" in html
    assert "vendor/keyrune/keyrune.woff2" in html


def test_without_the_package_a_page_shows_the_code_alone(settings: Any, tmp_path: Path) -> None:
    settings.SET_SYMBOL_DIR = tmp_path
    set_symbols._icons.cache_clear()
    try:
        assert set_symbol("DOM") == "" and not set_symbols.available()
    finally:
        set_symbols._icons.cache_clear()
