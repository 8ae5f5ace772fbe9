"""Keywords gained or lost until end of turn (layer 6, 613.1f; 514.2) and destroying or
exiling several stacks at once (701.8a, 701.13a): simultaneous, seen by each other's triggers
as they last existed (603.10a)."""

from __future__ import annotations

import pytest

from rules import codec
from rules.errors import InvalidAction
from tests.rules.conftest import GOBLIN, Table
from tests.rules.test_combat import attack_with, creature, make, to_step
from tests.rules.test_triggers import ZULAPORT

UNDYING_LORD = {
    "name": "Undying Lord",
    "types": ["Creature"],
    "power": "2",
    "toughness": "2",
    "effects": [
        {
            "kind": "anthem",
            "keywords": ["Undying"],
            "filter": {"types": ["Creature"]},
            "others": True,
        }
    ],
}
BEAR = {"name": "Grizzly Bears", "types": ["Creature"], "power": "2", "toughness": "2"}


def test_first_strike_granted_mid_combat_kills_the_blocker_first_613_1f_510_4() -> None:
    table = Table()
    knight = make(table, creature("Knight Token", 2, 2))
    ogre = make(table, creature("Ogre Token", 2, 2), controller=1)
    attacker = attack_with(table, knight)
    to_step(table, "declare_blockers")
    table.do("block", object=ogre, attacker=attacker)
    table.do("grant", object=attacker, keywords=["First strike"])
    assert table.events[-1]["rule"] == "613.1f"
    assert "First strike" in table.one("Knight Token")["keywords"]
    to_step(table, "combat_damage")
    assert table.count("Ogre Token") == 0 and table.count("Knight Token") == 1
    to_step(table, "cleanup")  # 514.2: "until end of turn" ends
    assert "First strike" not in table.one("Knight Token")["keywords"]


def test_a_keyword_lost_until_end_of_turn_and_one_gained_for_good_613_1f() -> None:
    table = Table()
    birds = make(table, creature("Bird Token", 1, 1, "Flying"), count=3)
    table.do("grant", object=birds, count=2, remove=["Flying"])
    [kept] = [o for o in table.objects("Bird Token") if "Flying" in o["keywords"]]
    assert kept["count"] == 1  # the stack split: two lost flying
    table.do("grant", object=birds, count=1, keywords=["Vigilance"], until="permanent")
    to_step(table, "cleanup")
    table.do("next_step")
    stacks = sorted((o["count"], o["keywords"]) for o in table.objects("Bird Token"))
    assert stacks == [(1, ["Haste", "Flying", "Vigilance"]), (2, ["Haste", "Flying"])]
    assert codec.load(codec.dump(table.state)) == table.state


def test_grant_needs_keywords_and_a_known_until() -> None:
    table = Table()
    goblin = make(table, GOBLIN)
    with pytest.raises(InvalidAction):
        table.do("grant", object=goblin)
    with pytest.raises(InvalidAction):
        table.do("grant", object=goblin, keywords=["Haste"], until="next_turn")


def test_a_wrath_destroys_every_stack_at_once_and_each_death_is_seen_603_10a() -> None:
    table = Table()
    zulaport = table.put(ZULAPORT)
    goblins = make(table, GOBLIN, count=3)
    table.do("destroy", objects=[{"object": zulaport}, {"object": goblins, "count": 3}])
    # Zulaport sees itself and the three Goblins die: 4 triggers (603.10a).
    assert table.seat(1)["life"] == 16 and table.seat(0)["life"] == 24


def test_one_by_one_the_first_to_die_doesnt_see_the_rest() -> None:
    table = Table()
    zulaport = table.put(ZULAPORT)
    goblins = make(table, GOBLIN, count=3)
    table.do("destroy", object=zulaport)
    table.do("destroy", object=goblins, count=3)
    assert table.seat(1)["life"] == 19


def test_creatures_destroyed_together_are_judged_as_they_last_existed_603_10a() -> None:
    table = Table()
    lord = table.put(UNDYING_LORD)
    bear = table.put(BEAR)
    table.do("destroy", objects=[{"object": lord}, {"object": bear}])
    # The Bear had undying from the Lord as both died: it returns with a +1/+1 counter.
    assert table.one("Grizzly Bears")["counters"] == {"+1/+1": 1}
    assert [o["zone"] for o in table.objects("Undying Lord", zone=None)] == ["graveyard"]


def test_exile_several_stacks_from_any_zone_701_13a() -> None:
    table = Table()
    bear = table.put(BEAR)
    goblins = make(table, GOBLIN, count=2)
    dead = table.put({**BEAR, "name": "Runeclaw Bear"}, zone="graveyard")
    table.do(
        "exile",
        objects=[{"object": bear}, {"object": goblins, "count": 2}, {"object": dead}],
    )
    assert [o["zone"] for o in table.objects(zone=None)] == ["exile", "exile"]
    assert table.count("Goblin Token", zone=None) == 0  # tokens cease to exist (704.5d)


def test_a_refused_entry_refuses_the_whole_action() -> None:
    table = Table()
    bear = table.put(BEAR)
    before = codec.dump(table.state)
    with pytest.raises(InvalidAction):
        table.do("destroy", objects=[{"object": bear}, {"object": "o99"}])
    with pytest.raises(InvalidAction):
        table.do("destroy", objects=[{"object": bear}, {"object": bear}])
    with pytest.raises(InvalidAction):
        table.do("destroy", object=bear, objects=[{"object": bear}])
    assert codec.dump(table.state) == before
