"""Riftbound combat (454-461): staged where two players' units meet, damage by summed Might
assigned lethal-first (460.2.c), resolution and the conquer (461, 464); control changes (188)."""

from __future__ import annotations

import pytest

from rules import IllegalAction
from tests.rules.riftbound.conftest import Rift


def unit(name: str, might: int, *keywords: str) -> dict[str, object]:
    return {"name": name, "types": ["Unit"], "might": might, "keywords": list(keywords)}


def place(rift: Rift, seat: int, definition: dict[str, object], count: int = 1) -> str:
    """Put units into the base, then move them to battlefield 2."""
    rift.do("put_card", controller=seat, definition=definition, count=count)
    object_id = str(rift.events[-1]["object"])
    rift.do("move", object=object_id, count=count, to="bf2")
    return object_id


def test_combat_needs_units_of_two_players_at_the_battlefield_456() -> None:
    rift = Rift()
    place(rift, 0, unit("Scout", 2))
    with pytest.raises(IllegalAction) as caught:
        rift.do("combat", battlefield="bf2")
    assert caught.value.rule == "456"


def test_the_attacker_conquers_when_its_might_kills_every_defender_460_461_464() -> None:
    rift = Rift()
    place(rift, 1, unit("Guard", 2), 2)
    place(rift, 0, unit("Brute", 5))
    events = rift.do("combat", battlefield="bf2", attacker=0)
    assert rift.count("Guard") == 2  # in the trash
    assert all(o["zone"] == "trash" for o in rift.view()["objects"] if o["name"] == "Guard")
    brute = next(o for o in rift.view()["objects"] if o["name"] == "Brute")
    assert brute["zone"] == "board" and brute["damage"] == 0  # 4 damage < 5 Might, healed
    assert rift.field("bf2")["controller"] == 0
    assert "conquered" in [e["type"] for e in events]


def test_attackers_are_recalled_when_defenders_remain_461_1_a() -> None:
    rift = Rift()
    place(rift, 1, unit("Wall", 6))
    place(rift, 0, unit("Scout", 2), 2)
    rift.do("combat", battlefield="bf2", attacker=0)
    assert rift.count("Wall") == 1
    wall = next(o for o in rift.view()["objects"] if o["name"] == "Wall")
    assert wall["damage"] == 0 and wall["location"] == "bf2"
    # 6 Might kills both Scouts (2 each), lethal in full one after the other (460.2.c.3).
    assert all(o["zone"] == "trash" for o in rift.view()["objects"] if o["name"] == "Scout")
    assert rift.field("bf2")["controller"] == 1


def test_the_player_orders_damage_among_different_units_and_tank_goes_first_460_2_c() -> None:
    rift = Rift()
    place(rift, 1, unit("Pawn", 1))
    place(rift, 1, unit("Knight", 3))
    place(rift, 0, unit("Archer", 3))
    rift.do("combat", battlefield="bf2", attacker=0)
    pending = rift.view()["pending_choice"]
    assert pending["kind"] == "combat_damage" and pending["seat"] == 0
    knight = next(o["id"] for o in rift.view()["objects"] if o["name"] == "Knight")
    rift.do("choose", choice=knight)
    assert next(o for o in rift.view()["objects"] if o["name"] == "Knight")["zone"] == "trash"
    assert next(o for o in rift.view()["objects"] if o["name"] == "Pawn")["zone"] == "board"

    tanked = Rift()
    place(tanked, 1, unit("Pawn", 1))
    place(tanked, 1, unit("Bulwark", 3, "Tank"))
    place(tanked, 0, unit("Archer", 3))
    tanked.do("combat", battlefield="bf2", attacker=0)
    assert tanked.view()["pending_choice"] is None  # Tank must be assigned first
    assert next(o for o in tanked.view()["objects"] if o["name"] == "Bulwark")["zone"] == "trash"


def test_gain_control_of_a_token_unit_188() -> None:
    rift = Rift()
    rift.create("rb-bird", controller=1)
    bird = rift.view()["objects"][0]["id"]
    rift.do("gain_control", object=bird, seat=0)
    assert rift.obj(bird)["controller"] == 0
    with pytest.raises(IllegalAction):
        rift.do("gain_control", object=bird, seat=0)


def _zone(rift: Rift, name: str) -> str:
    return str(next(o for o in rift.view()["objects"] if o["name"] == name)["zone"])


def test_a_unit_assigned_last_gets_damage_after_the_others_460_2_c_5() -> None:
    rift = Rift()
    place(rift, 1, unit("Caitlyn", 1, "Assigned combat damage last"))
    place(rift, 1, unit("Pawn", 1))
    place(rift, 1, unit("Bulwark", 1, "Tank"))
    place(rift, 0, unit("Archer", 2))
    rift.do("combat", battlefield="bf2", attacker=0)
    assert rift.view()["pending_choice"] is None  # Tank, then the Pawn, Caitlyn last
    assert (_zone(rift, "Bulwark"), _zone(rift, "Pawn"), _zone(rift, "Caitlyn")) == (
        "trash",
        "trash",
        "board",
    )


def test_tank_and_last_on_one_unit_the_player_picks_which_applies_460_2_c_7() -> None:
    rift = Rift()
    place(rift, 1, unit("Caitlyn", 1, "Assigned combat damage last", "Tank"))
    place(rift, 1, unit("Pawn", 1))
    place(rift, 0, unit("Archer", 1))
    rift.do("combat", battlefield="bf2", attacker=0)
    pending = rift.view()["pending_choice"]
    assert pending["kind"] == "combat_damage" and len(pending["options"]) == 2
    pawn = next(o["id"] for o in rift.view()["objects"] if o["name"] == "Pawn")
    rift.do("choose", choice=pawn)  # Caitlyn's "last" applies
    assert (_zone(rift, "Pawn"), _zone(rift, "Caitlyn")) == ("trash", "board")
