"""Triggered abilities from effect data: afterlife (702.135a), "whenever ... dies / enters"
drains (603.2, 603.6a, 603.10a) and the Sorcerer Role's scry on attack (111.10n)."""

from __future__ import annotations

from typing import Any

from tests.rules.conftest import GOBLIN, Table
from tests.rules.test_combat import attack_with, creature, make

ZULAPORT = {
    "name": "Zulaport Cutthroat",
    "types": ["Creature"],
    "power": "1",
    "toughness": "1",
    "effects": [
        {
            "kind": "trigger_drain",
            "event": "dies",
            "filter": {"types": ["Creature"]},
            "amount": 1,
            "gain": 1,
        }
    ],
}
TREMORS: dict[str, Any] = {
    "name": "Impact Tremors",
    "types": ["Enchantment"],
    "effects": [
        {"kind": "trigger_drain", "event": "enters", "filter": {"types": ["Creature"]}, "amount": 1}
    ],
}


def test_afterlife_makes_spirits_for_each_creature_of_the_stack_that_died_702_135a() -> None:
    table = Table()
    monks = make(table, {**creature("Cleric Token", 1, 1), "keywords": ["Afterlife 2"]}, count=3)
    table.do("destroy", object=monks, count=3)
    spirits = table.one("Spirit Token")
    assert spirits["count"] == 6 and spirits["keywords"] == ["Flying"]
    assert spirits["colors"] == ["W", "B"] and spirits["controller"] == 0


def test_whenever_a_creature_you_control_dies_each_opponent_loses_603_2() -> None:
    table = Table(("Ann", "Ben", "Cid"))
    table.put(ZULAPORT)
    goblins = make(table, GOBLIN, count=4)
    make(table, GOBLIN, controller=1)
    table.do("sacrifice", object=goblins, count=4)
    seats = table.view()["seats"]
    assert [s["life"] for s in seats] == [24, 16, 16]
    ben = next(o for o in table.view()["objects"] if o["controller"] == 1)
    table.do("destroy", object=ben["id"])  # Ben's creature: not "you control"
    assert [s["life"] for s in table.view()["seats"]] == [24, 16, 16]


def test_a_watcher_dying_with_the_others_still_sees_them_603_10a() -> None:
    table = Table()
    zulaport = table.put(ZULAPORT)
    table.do("damage", object=zulaport, amount=1)  # dies alone: sees itself
    assert table.seat(1)["life"] == 19


def test_whenever_a_creature_enters_under_your_control_603_6a() -> None:
    table = Table()
    table.put(TREMORS)
    make(table, GOBLIN, count=5)
    assert table.seat(1)["life"] == 15
    make(table, GOBLIN, controller=1)  # Ben's token: Ann's Tremors don't see it
    assert table.seat(0)["life"] == 20


def test_the_sorcerer_role_scries_when_its_creature_attacks_111_10n() -> None:
    table = Table()
    goblin = make(table, creature("Goblin Token", 1, 1))
    table.do("create_token", controller=0, token="mtg-sorcerer-role", attach_to=goblin)
    attack_with(table, goblin)
    events = table.events
    assert [e["amount"] for e in events if e["type"] == "scry"] == [1]


def test_ward_on_the_target_of_an_activated_ability_adds_its_cost_702_21a() -> None:
    table = Table()
    bear = table.put({**creature("Warded Bear", 2, 2), "keywords": ["Ward {2}"]}, controller=1)
    table.do("create_token", controller=0, token="mtg-mutagen")
    mutagen = table.one("Mutagen Token")["id"]
    table.do("activate", object=mutagen, ability=0, choices={"target": bear, "paid": "manual"})
    assert table.view()["pending_choice"]["kind"] == "ward"
    table.choose("don't pay")
    assert table.one("Warded Bear")["counters"] == {}
    assert "countered" in [e["type"] for e in table.events]


BLOOD_ARTIST = {
    "name": "Blood Artist",
    "types": ["Creature"],
    "power": "0",
    "toughness": "1",
    "effects": [
        {
            "kind": "trigger_drain",
            "whose": "any",
            "event": "dies",
            "filter": {"types": ["Creature"]},
            "amount": 1,
            "gain": 1,
            "target_player": True,
        }
    ],
}


def test_blood_artists_target_player_is_chosen_for_each_trigger_115_1_603_3d() -> None:
    table = Table(("Ann", "Ben", "Cat"))
    table.put(BLOOD_ARTIST)
    goblins = make(table, creature("Goblin Token", 1, 1), controller=1, count=3)
    table.do("destroy", object=goblins, count=3)
    pending = table.view()["pending_choice"]
    assert pending["kind"] == "trigger_target" and pending["seat"] == 0
    assert "2: Cat (all 3)" in pending["options"]
    table.choose("1: Ben")
    table.choose("2: Cat (all 2)")
    assert [s["life"] for s in table.view()["seats"]] == [23, 19, 18]


def test_a_target_given_in_advance_needs_no_question_and_may_be_yourself_115_1() -> None:
    table = Table()
    table.put(BLOOD_ARTIST)
    goblin = make(table, creature("Goblin Token", 1, 1))
    table.do("destroy", object=goblin, answers=["0: Ann"])
    assert table.view()["pending_choice"] is None
    assert table.seat(0)["life"] == 20  # lost 1, gained 1
