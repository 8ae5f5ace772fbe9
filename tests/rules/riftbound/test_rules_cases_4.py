"""Riftbound cases from the fourth pass: who applied Contested is the Attacker (459.2.b.1), a
token another player controls (179-180), gear at a battlefield and Equip (149, 434), keywords
given this turn (472.2) and several kills at once (428.1)."""

from __future__ import annotations

import pytest

from rules import codec
from rules.errors import IllegalAction, InvalidAction
from tests.rules.riftbound.conftest import Rift
from tests.rules.riftbound.test_combat import unit

SWORD = {"name": "Longsword", "types": ["Gear"], "tags": ["Equipment"], "might": 2}


def _id(rift: Rift, name: str, zone: str = "board") -> str:
    [found] = [o for o in rift.view()["objects"] if o["name"] == name and o["zone"] == zone]
    return str(found["id"])


def _units_at(rift: Rift, seat: int, definition: dict[str, object], where: str) -> str:
    rift.do("put_card", controller=seat, definition=definition)
    object_id = str(rift.events[-1]["object"])
    rift.do("move", object=object_id, to=where)
    return object_id


# 459.2.b.1: the Attacker is the player whose units applied Contested.


def test_the_player_who_applied_contested_is_the_attacker_by_default_459_2_b_1() -> None:
    rift = Rift()
    _units_at(rift, 0, unit("Guard", 3), "bf1")  # Ann controls bf1
    assert rift.field("bf1")["controller"] == 0 and rift.field("bf1")["contested_by"] is None
    _units_at(rift, 1, unit("Raider", 5), "bf1")  # Ben contests it on Ann's turn
    assert rift.field("bf1")["contested_by"] == 1
    events = rift.do("combat", battlefield="bf1")
    combat = next(e for e in events if e["type"] == "combat")
    assert (combat["attacker"], combat["defender"]) == (1, 0)
    assert rift.field("bf1")["controller"] == 1  # Ben's 5 killed the Guard: a conquer
    assert rift.field("bf1")["contested_by"] is None  # control established (187.3.b)


def test_naming_another_attacker_than_the_one_who_contested_is_refused_459_2_b_1() -> None:
    rift = Rift()
    _units_at(rift, 0, unit("Guard", 3), "bf1")
    _units_at(rift, 1, unit("Raider", 5), "bf1")
    with pytest.raises(IllegalAction) as refused:
        rift.do("combat", battlefield="bf1", attacker=0)
    assert refused.value.rule == "459.2.b.1"


def test_contested_applies_only_once_until_control_is_established_187_3_a_1() -> None:
    rift = Rift(("Ann", "Ben"))
    _units_at(rift, 0, unit("Guard", 3), "bf1")
    _units_at(rift, 1, unit("Raider", 1), "bf1")
    _units_at(rift, 0, unit("Second", 1), "bf1")  # Ann's own units never contest her field
    assert rift.field("bf1")["contested_by"] == 1
    assert codec.load(codec.dump(rift.state)) == rift.state


# 179-180: a token's controller may differ from its owner, the player whose effect made it.


def test_a_token_another_player_controls_is_owned_by_the_effects_controller_179_180() -> None:
    rift = Rift()
    rift.create("rb-recruit", controller=1, owner=0)
    recruit = rift.view()["objects"][0]
    assert (recruit["controller"], recruit["owner"], recruit["location"]) == (1, 0, "base")
    rift.create("rb-recruit", controller=1)
    assert sorted(o["owner"] for o in rift.view()["objects"]) == [0, 1]  # two stacks


def test_an_unknown_owner_is_refused() -> None:
    rift = Rift()
    with pytest.raises(InvalidAction):
        rift.create("rb-recruit", controller=1, owner=5)


# 149, 434: gear at a battlefield, Equip.


def test_gear_goes_to_a_battlefield_only_when_an_effect_says_so_and_is_recalled_149_2_149_3() -> (
    None
):
    rift = Rift()
    with pytest.raises(IllegalAction) as refused:
        rift.do("put_card", controller=0, definition=SWORD, location="bf1")
    assert refused.value.rule == "149.2"
    rift.do("put_card", controller=0, definition=SWORD, location="bf1", permitted=True)
    assert "149.3" in [e["rule"] for e in rift.events]  # unattached: recalled at the Cleanup
    assert rift.obj(_id(rift, "Longsword"))["location"] == "base"


def test_equipped_gear_goes_where_the_unit_is_follows_it_and_adds_its_might_434_137_3() -> None:
    rift = Rift()
    hero = _units_at(rift, 0, unit("Hero", 3), "bf1")
    rift.do("put_card", controller=0, definition=SWORD)
    sword = _id(rift, "Longsword")
    rift.do("equip", object=sword, to=hero)
    assert rift.obj(sword)["attached_to"] == hero and rift.obj(sword)["location"] == "bf1"
    assert rift.obj(hero)["might"] == 5  # 3 + the Might Bonus 2 (137.3)
    rift.do("move", object=hero, to="base")
    assert rift.obj(sword)["location"] == "base"
    rift.do("move", object=hero, to="bf2")
    assert rift.obj(sword)["location"] == "bf2"
    rift.do("kill", object=hero)
    # Detached where the Hero last was (435.4.b), then recalled as unattached gear (149.3).
    assert rift.obj(sword)["attached_to"] is None and rift.obj(sword)["location"] == "base"


def test_equip_attaches_to_a_unit_its_controller_controls_434() -> None:
    rift = Rift()
    rift.do("put_card", controller=1, definition=unit("Foe", 2))
    foe = str(rift.events[-1]["object"])
    rift.do("put_card", controller=0, definition=SWORD)
    with pytest.raises(IllegalAction):
        rift.do("equip", object=_id(rift, "Longsword"), to=foe)
    with pytest.raises(InvalidAction):
        rift.do("equip", object=foe, to=foe)


# 472.2: a keyword given this turn; 428.1: several kills at once.


def test_tank_given_this_turn_is_assigned_damage_first_and_ends_with_the_turn_472_2() -> None:
    rift = Rift()
    pawn = _units_at(rift, 1, unit("Pawn", 1), "bf2")
    knight = _units_at(rift, 1, unit("Knight", 3), "bf2")
    _units_at(rift, 0, unit("Archer", 3), "bf2")
    rift.do("grant", object=knight, keywords=["Tank"])
    assert rift.obj(knight)["keywords"] == ["Tank"]
    rift.do("combat", battlefield="bf2")
    assert rift.view()["pending_choice"] is None  # the Tank must be assigned lethal first
    assert rift.obj(knight)["zone"] == "trash" and rift.obj(pawn)["zone"] == "board"


def test_a_keyword_given_this_turn_ends_at_the_end_of_turn_317_2() -> None:
    rift = Rift()
    rift.create("rb-recruit", controller=0)
    recruit = rift.view()["objects"][0]["id"]
    rift.do("grant", object=recruit, keywords=["Tank"])
    rift.do("grant", object=recruit, keywords=["Ganking"], until="permanent")
    rift.do("pass_turn")
    assert rift.obj(recruit)["keywords"] == ["Ganking"]


def test_kill_several_stacks_at_once_428_1() -> None:
    rift = Rift()
    rift.create("rb-recruit", controller=0, count=3)
    rift.create("rb-recruit", controller=1, count=2)
    mine, theirs = [o["id"] for o in rift.view()["objects"]]
    rift.do("kill", objects=[{"object": mine, "count": 2}, {"object": theirs, "count": 2}])
    assert sorted((o["controller"], o["count"]) for o in rift.view()["objects"]) == [(0, 1)]
    assert [e["type"] for e in rift.events].count("killed") == 2
