"""Riftbound catalogue cards through the public API: the seed gives them the keywords their text
leads with and the effects the battlefield automates, so `put_card` with a card id plays by the
Core Rules v1.3 without a hand-written definition."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from tests.play.api.apitable import ApiTable


@pytest.fixture
def catalog(db: Any) -> None:
    call_command("load_catalog", verbosity=0)


def _board(t: ApiTable, name: str) -> list[dict[str, Any]]:
    return [o for o in t.state["objects"] if o["zone"] == "board" and o["name"] == name]


def test_816_1_b_keeper_of_masks_and_its_copies_are_temporary(catalog: None) -> None:
    t = ApiTable(game="riftbound")
    t.act({"type": "put_card", "controller": 0, "card": "rb-keeper-of-masks"})
    [keeper] = _board(t, "Keeper of Masks")
    assert keeper["keywords"] == ["Hidden", "Temporary"]
    t.act({"type": "create_copy", "controller": 0, "of": keeper["id"], "count": 2})
    assert sum(o["count"] for o in _board(t, "Keeper of Masks")) == 3
    t.act({"type": "pass_turn"})
    t.act({"type": "pass_turn"})
    assert _board(t, "Keeper of Masks") == []  # killed at Ann's Beginning Phase (816.1.b)
    assert [e["rule"] for e in t.events if e["type"] == "killed"] == ["816.1.b", "816.1.b"]


def test_809_1_c_walking_roost_has_deflect(catalog: None) -> None:
    t = ApiTable(game="riftbound")
    t.act({"type": "put_card", "controller": 1, "card": "rb-walking-roost"})
    [roost] = _board(t, "Walking Roost")
    assert roost["deflect"] == 1
    t.act({"type": "damage", "object": roost["id"], "amount": 3, "by": 0})
    [tax] = [e for e in t.events if e["type"] == "deflect_tax"]
    assert (tax["seat"], tax["amount"]) == (0, 1)


def test_renata_glasc_your_tokens_enter_ready(catalog: None) -> None:
    t = ApiTable(game="riftbound")
    t.act({"type": "put_card", "controller": 0, "card": "rb-renata-glasc-industrialist"})
    t.act({"type": "create_token", "controller": 0, "token": "rb-recruit"})
    [recruit] = _board(t, "Recruit")
    assert recruit["exhausted"] is False
    t.act({"type": "create_token", "controller": 1, "token": "rb-recruit"})
    assert [o["exhausted"] for o in _board(t, "Recruit") if o["controller"] == 1] == [True]


def test_472_3_soul_shepherd_and_rumble_give_might(catalog: None) -> None:
    t = ApiTable(game="riftbound")
    t.act({"type": "put_card", "controller": 0, "card": "rb-soul-shepherd"})
    t.act({"type": "put_card", "controller": 0, "card": "rb-rumble-scrapper"})
    t.act({"type": "create_token", "controller": 0, "token": "rb-mech"})
    [mech] = _board(t, "Mech")
    assert mech["might"] == 3 + 1 + 1  # token unit (Soul Shepherd) and Mech (Rumble)
    [rumble] = _board(t, "Rumble, Scrapper")
    assert rumble["might"] == 4 + 1  # "including me"


def test_812_1_c_vanguard_captain_legion_needs_another_card(catalog: None) -> None:
    t = ApiTable(game="riftbound")
    t.act({"type": "create_token", "controller": 0, "token": "rb-recruit"})
    t.act({"type": "put_card", "controller": 0, "card": "rb-vanguard-captain"})
    [legion] = [e for e in t.events if e["type"] == "legion"]
    assert legion["active"] is False  # tokens are not cards (350.2)


@pytest.mark.parametrize(
    "action",
    [
        {"type": "create_token", "controller": 5, "token": "rb-recruit"},
        {"type": "create_token", "controller": -1, "token": "rb-recruit"},
        {"type": "ready_all", "seat": 2},
        {"type": "adjust_points", "seat": 9, "amount": 1},
        {"type": "damage", "object": "o1", "amount": 1, "by": 7},
    ],
)
def test_a_seat_the_table_does_not_have_is_a_malformed_action(
    catalog: None, action: dict[str, Any]
) -> None:
    t = ApiTable(game="riftbound")
    t.act({"type": "create_token", "controller": 0, "token": "rb-recruit"})
    body = t.act(action, status=400)
    assert body["error"] in ("invalid_action", "invalid")  # kernel or payload check
