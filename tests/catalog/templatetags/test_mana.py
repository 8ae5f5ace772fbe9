"""`|mana`: symbols drawn with accessible names, never raw braces, everything else escaped."""

from __future__ import annotations

import re

import pytest

from catalog.templatetags.mana import describe, mana


@pytest.mark.parametrize(
    ("code", "label"),
    [
        ("T", "tap"),
        ("Q", "untap symbol"),
        ("W", "one white mana"),
        ("U", "one blue mana"),
        ("C", "one colorless mana"),
        ("2", "two generic mana"),
        ("12", "12 generic mana"),
        ("X", "X generic mana"),
        ("W/U", "one white or one blue mana"),
        ("2/W", "two generic or one white mana"),
        ("G/P", "one green Phyrexian mana"),
    ],
)
def test_it_names_each_symbol(code: str, label: str) -> None:
    found = describe(code)
    assert found is not None and found[1] == label


def test_it_draws_symbols_and_leaves_no_braces() -> None:
    html = str(mana("{T}, Sacrifice this artifact: Add one mana of any color. {2}{W}"))
    assert "{" not in html and "}" not in html
    assert re.findall(r'aria-label="([^"]+)"', html) == [
        "tap",
        "two generic mana",
        "one white mana",
    ]
    assert 'role="img"' in html


def test_it_escapes_the_text_around_symbols() -> None:
    html = str(mana('<script>alert(1)</script> {R} "x"'))
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "&quot;x&quot;" in html


def test_it_reads_an_unknown_symbol_without_braces() -> None:
    html = str(mana("{HW}"))
    assert 'aria-label="HW"' in html and "{" not in html


def test_it_draws_riftbound_exhaust_as_a_symbol() -> None:
    assert 'aria-label="exhaust"' in str(mana("[E]: Draw 1."))


def test_empty_text_stays_empty() -> None:
    assert str(mana(None)) == "" and str(mana("")) == ""
