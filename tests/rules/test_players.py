"""Players' counters (122.1), commander damage (903.10a), monarch (725) and initiative (726)."""

from __future__ import annotations

import pytest

from rules import IllegalAction, InvalidAction, codec
from tests.rules.conftest import Table
from tests.rules.test_combat import attack_with, creature, make, to_step


def test_any_kind_of_counter_on_a_player_up_and_down_122_1() -> None:
    table = Table()
    table.do("adjust_player_counters", seat=1, kind="Energy", amount=3)
    table.do("adjust_player_counters", seat=1, kind="rad", amount=2)
    table.do("adjust_player_counters", seat=1, kind="energy", amount=-1)
    assert table.seat(1)["counters"] == {"poison": 0, "energy": 2, "rad": 2}
    assert table.events[0]["total"] == 2
    with pytest.raises(IllegalAction):
        table.do("adjust_player_counters", seat=1, kind="experience", amount=-1)
    with pytest.raises(InvalidAction):
        table.do("adjust_player_counters", seat=1, kind="energy", amount=0)


def test_ten_poison_counters_lose_the_game_704_5c() -> None:
    table = Table(("Ann", "Ben", "Cat"))
    table.do("adjust_player_counters", seat=2, kind="poison", amount=9)
    assert table.seat(2)["lost"] is False
    table.do("adjust_player_counters", seat=2, kind="poison", amount=1)
    assert table.seat(2)["lost"] is True
    assert table.events[-1]["rule"] in ("704.5c", "800.4a")


def test_21_combat_damage_from_one_commander_loses_903_10a() -> None:
    table = Table(("Ann", "Ben", "Cat"), starting_life=40)
    general = make(table, creature("Dragon Token", 7, 7))
    other = make(table, creature("Ogre Token", 1, 1))
    table.do("set_designation", object=general, designation="commander")
    for _turn in range(3):
        to_step(table, "declare_attackers")
        table.do("attack", object=general, defender={"seat": 1})
        table.do("attack", object=other, defender={"seat": 1})
        to_step(table, "main2")
        if table.seat(1)["lost"]:
            break
        table.do("pass_turn")
        table.do("pass_turn")
        table.do("pass_turn")
    ben = table.seat(1)
    assert ben["life"] == 40 - 24
    assert list(ben["commander_damage"].values()) == [21]
    assert ben["lost"] is True
    assert codec.load(codec.dump(table.state)) == table.state


def test_manual_commander_damage_counts_too_903_10a() -> None:
    table = Table()
    general = make(table, creature("Dragon Token", 7, 7))
    table.do("commander_damage", seat=1, source=general, amount=20)
    assert table.seat(1)["commander_damage"] == {general: 20} and not table.seat(1)["lost"]
    events = table.do("commander_damage", seat=1, source=general, amount=1)
    assert table.seat(1)["lost"] is True
    assert [e["rule"] for e in events if e["type"] == "lost"] == ["903.10a"]


def test_one_monarch_at_a_time_and_combat_damage_takes_it_725_2_725_3() -> None:
    table = Table(("Ann", "Ben", "Cat"))
    table.do("set_designation", seat=1, designation="monarch")
    table.do("set_designation", seat=2, designation="monarch")
    table.do("set_designation", seat=2, designation="initiative")
    assert [s["designations"] for s in table.view()["seats"]] == [[], [], ["monarch", "initiative"]]
    goblin = make(table, creature("Goblin Token", 1, 1))
    attack_with(table, goblin, defender={"seat": 2})
    to_step(table, "combat_damage")
    assert [s["designations"] for s in table.view()["seats"]] == [["monarch", "initiative"], [], []]


def test_the_monarch_leaving_passes_it_to_the_active_player_725_4() -> None:
    table = Table(("Ann", "Ben", "Cat"))
    table.do("set_designation", seat=2, designation="monarch")
    table.do("adjust_life", seat=2, amount=-20)
    assert table.seat(0)["designations"] == ["monarch"]
