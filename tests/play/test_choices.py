"""The options of a pending choice named as players see the table (play/web/choices.py)."""

from __future__ import annotations

from typing import Any

import rules
from play.web.choices import object_names, option_labels

SEATS = [{"seat": 0, "name": "Ann"}, {"seat": 1, "name": "Ben"}]


def _obj(object_id: str, name: str, **extra: Any) -> dict[str, Any]:
    return {"id": object_id, "name": name, "count": 1, "controller": 0, "types": [], **extra}


def test_it_names_replacement_effects_by_their_sources_not_their_ids() -> None:
    """616.1: the kernel's options carry ids in their text; `refers` says which object each is."""
    state = {
        "seats": SEATS,
        "objects": [_obj("o3", "Hardened Scales"), _obj("o4", "Doubling Season")],
    }
    pending = {
        "kind": "replacement_order",
        "options": ["Hardened Scales (o3)", "Doubling Season (o4)"],
        "refers": ["o3", "o4"],
    }
    assert option_labels(pending, state) == ["Hardened Scales", "Doubling Season"]


def test_it_tells_apart_two_sources_of_one_name_by_what_differs() -> None:
    state = {
        "seats": SEATS,
        "objects": [
            _obj("o3", "Hardened Scales"),
            _obj("o5", "Hardened Scales", controller=1),
        ],
    }
    pending = {"kind": "replacement_order", "options": ["a", "b"], "refers": ["o3", "o5"]}
    assert option_labels(pending, state) == ["Hardened Scales (Ann's)", "Hardened Scales (Ben's)"]


def test_it_names_object_id_options_and_the_new_one() -> None:
    """704.5j: the legend already there (tapped) or the new one, not seen on the board yet."""
    state = {"seats": SEATS, "objects": [_obj("o1", "Legend", tapped=True, power=1, toughness=1)]}
    pending = {"kind": "legend_rule", "options": ["o1", "o2"]}
    assert option_labels(pending, state) == ["Legend (1/1)", "The new one"]


def test_it_lists_only_the_details_that_differ() -> None:
    a = _obj("o1", "Soldier Token", power=2, toughness=2, counters={"+1/+1": 1})
    b = _obj("o2", "Soldier Token", power=1, toughness=1, counters={})
    c = _obj("o3", "Soldier Token", power=1, toughness=1, counters={}, tapped=True)
    toggle = rules.presentation("mtg").toggle
    assert object_names([a, b, c], {0: "Ann"}, toggle) == [
        "Soldier Token (2/2, 1 +1/+1, untapped)",
        "Soldier Token (1/1, no counters, untapped)",
        "Soldier Token (1/1, no counters, tapped)",
    ]


def test_it_names_colors_as_words() -> None:
    pending = {"kind": "as_enters_color", "options": ["W", "U (all 3)"]}
    assert option_labels(pending, {"seats": SEATS, "objects": []}) == ["White", "Blue (all 3)"]


def test_a_battlefield_to_swap_back_to_is_named_in_the_readers_language() -> None:
    """Riftbound 438.7.b: the options are the replaced battlefields' names; one the table named
    itself ("Battlefield 1") reads in Russian, a printed one as printed."""
    from django.utils import translation

    from rules import apply, new_game
    from rules.riftbound.system import RIFTBOUND

    state = new_game("riftbound", {"players": ["Ann", "Ben"]})
    brush = {"type": "create_token", "controller": 0, "token": "rb-brush", "replace": "bf1"}
    view = RIFTBOUND.view(apply(state, brush).state)
    field = view["battlefields"][0]
    assert field["replaced"] == ["Battlefield 1"]
    pending = {"kind": "swap_back", "options": ["Battlefield 1", "Altar to Unity"]}
    with translation.override("ru"):
        assert option_labels(pending, view) == ["Поле битвы 1", "Altar to Unity"]
    assert option_labels(pending, view) == ["Battlefield 1", "Altar to Unity"]
