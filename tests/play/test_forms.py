"""play/web/forms.py: ability buttons' labels, and the object panel's combat selects, which come
from the registry's parameters and the game presentation's options (no database)."""

from __future__ import annotations

from typing import Any

import pytest

from play.web.forms import ActionForm, ability_label, panel_groups

SEATED = frozenset({0, 1})


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


def _obj(oid: str, controller: int, **extra: Any) -> dict[str, Any]:
    return {
        "id": oid,
        "name": f"Thing {oid}",
        "count": 3,
        "zone": "battlefield",
        "controller": controller,
        "types": ["Creature"],
        "counters": {},
        "abilities": [],
        **extra,
    }


def _state(objects: list[dict[str, Any]]) -> dict[str, Any]:
    seats = [
        {"seat": 0, "name": "Ann"},
        {"seat": 1, "name": "Ben"},
        {"seat": 2, "name": "Cid", "lost": True},
    ]
    return {"game": "mtg", "seats": seats, "objects": objects, "battlefields": []}


def _field(groups: list[dict[str, Any]], name: str) -> dict[str, Any] | None:
    return next((f for g in groups for f in g["fields"] if f["name"] == name), None)


def _types(groups: list[dict[str, Any]]) -> set[str]:
    return {spec.type for g in groups for spec in g["specs"]}


def test_it_offers_opponents_in_the_game_and_their_planeswalkers_to_attack():
    """508.1b: a player, a planeswalker an opponent controls, or a battle; not a player who left."""
    goblin = _obj("o1", 0)
    walker = _obj("o2", 1, types=["Planeswalker"])
    own_walker = _obj("o3", 0, types=["Planeswalker"])
    state = _state([goblin, walker, own_walker])
    field = _field(panel_groups("mtg", goblin, state, SEATED), "defender")
    assert field is not None
    assert field["options"] == [("seat:1", "Ben"), ("object:o2", "Thing o2 (x3)")]  # no ids


def test_it_offers_block_only_against_what_attacks_the_blockers_controller():
    wall = _obj("o2", 1)
    state = _state([_obj("o1", 0), wall])
    assert "block" not in _types(panel_groups("mtg", wall, state, SEATED))
    attacker = _obj("o1", 0, attacking={"seat": 1})
    groups = panel_groups("mtg", wall, _state([attacker, wall]), SEATED)
    assert "block" in _types(groups)
    field = _field(groups, "attacker")
    # Named as players name it, with whom it attacks, no stack id (issue 37).
    assert field is not None and field["options"] == [("o1", "Thing o1 (x3) \u2192 Ben")]
    # Block comes first in its group, so Enter in the count field blocks (509.1a).
    main = next(g for g in groups if g["key"] == "main")
    assert main["specs"][0].type == "block"


def test_it_posts_the_chosen_defender_as_the_apis_shape():
    data = {"expected_version": 1, "type": "attack", "object": "o1", "defender": "object:o7"}
    form = ActionForm(data)
    assert form.is_valid(), form.errors
    assert form.action() == {"type": "attack", "object": "o1", "defender": {"object": "o7"}}
    form = ActionForm({**data, "defender": "seat:x"})
    assert not form.is_valid() and "defender" in form.errors


def test_a_token_rows_count_button_posts_its_count_in_pick_and_it_wins() -> None:
    posted = {"expected_version": "4", "type": "create_token", "count": "1"}
    form = ActionForm({**posted, "pick": "create_token:mtg-treasure:3"})
    assert form.is_valid(), form.errors
    assert form.action() == {"type": "create_token", "token": "mtg-treasure", "count": 3}
    plain = ActionForm({**posted, "count": "2", "pick": "create_token:mtg-treasure"})
    assert plain.is_valid() and plain.action()["count"] == 2  # the stepper's count
    for bad in ("create_token:mtg-treasure:0", "create_token:mtg-treasure:1000", "x:y:3"):
        assert not ActionForm({**posted, "pick": bad}).is_valid(), bad
