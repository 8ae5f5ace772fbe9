from __future__ import annotations

import pytest

from play.forms import ability_label


@pytest.mark.parametrize(
    ("text", "label"),
    [
        (
            "{T}, Sacrifice this artifact: Add one mana of any color.",
            "Sacrifice: add one mana of any color",
        ),
        ("{2}, Sacrifice this artifact: Draw a card.", "{2}, Sacrifice: draw a card"),
        ("{T}: Add {C}.", "Add {C}"),
        ("Flying", "Flying"),
    ],
)
def test_an_ability_button_says_its_costs_but_the_tap_and_its_effect(text: str, label: str) -> None:
    assert ability_label(text) == label
