"""Dividing combat damage (CR 510.1c-e, 702.19b): each creature of an attacking stack assigns its
own damage; answers are amounts, validated, bounded; trample counts damage already assigned."""

from __future__ import annotations

import pytest

from rules import IllegalAction, InvalidAction
from rules.mtg import division
from tests.rules.conftest import Table
from tests.rules.test_combat import attack_with, creature, make, to_step

OGRE = creature("Ogre Token", 3, 3)
BEAR = creature("Bear Token", 2, 2)
WALL = creature("Wall Token", 0, 3)


def _ogres_into_bears_and_walls(table: Table, ogres: int) -> tuple[str, str, str]:
    """``ogres`` Ogres attack; each is blocked by one Bear and one Wall of two stacks."""
    stack = make(table, OGRE, count=ogres)
    bears = make(table, BEAR, controller=1, count=ogres)
    walls = make(table, WALL, controller=1, count=ogres)
    attacking = attack_with(table, stack, count=ogres)
    to_step(table, "declare_blockers")
    table.do("block", object=bears, count=ogres, attacker=attacking)
    table.do("block", object=walls, count=ogres, attacker=attacking)
    table.do("next_step")
    return attacking, bears, walls


def test_each_creature_of_a_stack_divides_its_own_damage_510_1c() -> None:
    table = Table()
    _attacking, bears, walls = _ogres_into_bears_and_walls(table, 2)
    pending = table.view()["pending_choice"]
    assert pending["amounts"]["count"] == 2
    table.choose(
        {
            "groups": [
                {"count": 1, "to": {bears: [2], walls: [1]}},
                {"count": 1, "to": {walls: [3]}},
            ]
        }
    )
    assert sorted(o["damage"] for o in table.objects("Bear Token")) == [0]
    assert sorted(o["damage"] for o in table.objects("Wall Token")) == [1]


def test_a_million_creatures_divide_in_groups_without_a_loop_per_creature_510_1c() -> None:
    table = Table()
    _attacking, bears, walls = _ogres_into_bears_and_walls(table, 1_000_000)
    table.choose(
        {
            "groups": [
                {"count": 400_000, "to": {bears: [2], walls: [1]}},
                {"count": 600_000, "to": {walls: [3]}},
            ]
        }
    )
    assert table.count("Bear Token") == 600_000
    assert sorted((o["count"], o["damage"]) for o in table.objects("Wall Token")) == [(400_000, 1)]
    assert len(table.view()["objects"]) <= 4


def test_a_division_must_assign_exactly_the_power_510_1e() -> None:
    table = Table()
    _attacking, bears, walls = _ogres_into_bears_and_walls(table, 1)
    with pytest.raises(IllegalAction) as caught:
        table.choose({"to": {bears: [1], walls: [1]}})
    assert caught.value.rule == "510.1e"
    with pytest.raises(IllegalAction) as caught:
        table.choose({"to": {bears: [2]}, "excess": 1})  # no trample
    assert caught.value.rule == "510.1c"
    with pytest.raises(InvalidAction):
        table.choose({"groups": [{"count": 2, "to": {walls: [3]}}]})  # one Ogre only
    with pytest.raises(InvalidAction):
        table.choose({"to": {"o99": [3]}})
    assert table.view()["pending_choice"]["kind"] == "combat_damage"


def test_an_answer_beyond_the_documented_bounds_is_refused_not_cut_short() -> None:
    table = Table()
    _attacking, _bears, walls = _ogres_into_bears_and_walls(table, 100)
    many = [{"count": 1, "to": {walls: [3]}}] * (division.MAX_GROUPS + 1)
    with pytest.raises(InvalidAction, match="groups"):
        table.choose({"groups": many})
    with pytest.raises(InvalidAction, match="at most"):
        table.choose({"to": {walls: [0] * (division.MAX_AMOUNTS + 1) + [3]}})
    table.choose({"groups": [{"count": 100, "to": {walls: [3]}}]})
    assert table.count("Wall Token") == 0


def test_trample_goes_over_only_after_lethal_to_every_blocker_702_19b() -> None:
    table = Table()
    wurm = make(table, creature("Wurm Token", 6, 6, "Trample"))
    make(table, BEAR, controller=1)
    make(table, WALL, controller=1)
    attacking = attack_with(table, wurm)
    to_step(table, "declare_blockers")
    for blocker in [o["id"] for o in table.objects()]:
        if blocker != attacking:
            table.do("block", object=blocker, attacker=attacking)
    table.do("next_step")
    # 6 >= 2 + 3: lethal to each, 1 tramples over; nobody is asked.
    assert table.view()["pending_choice"] is None
    assert table.seat(1)["life"] == 19
    assert table.count("Bear Token") == 0 and table.count("Wall Token") == 0


def test_the_attacker_may_assign_more_to_blockers_given_in_advance_702_19b() -> None:
    table = Table()
    wurm = make(table, creature("Wurm Token", 6, 6, "Trample"))
    bear = make(table, BEAR, controller=1)
    attacking = attack_with(table, wurm)
    to_step(table, "declare_blockers")
    table.do("block", object=bear, attacker=attacking)
    with pytest.raises(IllegalAction) as caught:
        table.do("next_step", answers=[{"source": attacking, "to": {bear: [1]}, "excess": 5}])
    assert caught.value.rule == "702.19b"
    table.do("next_step", answers=[{"source": attacking, "to": {bear: [4]}, "excess": 2}])
    assert table.seat(1)["life"] == 18


def test_trample_counts_damage_other_attackers_already_assigned_702_19b() -> None:
    """702.19b: "take into account ... damage from other creatures that's being assigned during
    the same combat damage step": a Wall blocking two Wurms is lethal after the first's 3."""
    table = Table()
    wurms = make(table, creature("Wurm Token", 3, 3, "Trample"), count=2)
    wall = make(
        table,
        creature("Wall Token", 0, 3, "Can block an additional creature each combat"),
        controller=1,
    )
    attacking = attack_with(table, wurms, count=2)
    to_step(table, "declare_blockers")
    table.do("block", object=wall, attacker=attacking)
    [other] = [o["id"] for o in table.objects("Wurm Token") if not o["blocked"]]
    table.do("block", object=wall, attacker=other)
    table.do("next_step")
    assert table.view()["pending_choice"] is None
    assert table.seat(1)["life"] == 17  # the second Wurm's 3 all trample over
    assert table.count("Wall Token") == 0


# A creature blocking several attackers (509.1a, 510.1d)


def test_a_creature_that_can_block_an_additional_one_blocks_two_in_one_block_509_1a() -> None:
    table = Table()
    goblins = make(table, creature("Goblin Token", 1, 1), count=3)
    guard = make(
        table,
        creature("Guard Token", 3, 3, "Can block an additional creature each combat"),
        controller=1,
    )
    attacking = attack_with(table, goblins, count=3)
    to_step(table, "declare_blockers")
    with pytest.raises(IllegalAction) as caught:
        table.do("block", object=guard, attacker=attacking, also=[attacking, attacking])
    assert caught.value.rule == "509.1a"
    assert table.one("Guard Token")["blocking"] == []  # nothing of the refused block stays
    table.do("block", object=guard, attacker=attacking, also=[attacking])
    assert len(table.one("Guard Token")["blocking"]) == 2
    table.do("next_step")
    # 3 power among two 1/1 Goblins: both die whatever the split, nobody is asked (510.1d)
    assert table.view()["pending_choice"] is None
    assert table.count("Goblin Token") == 1
    assert table.seat(1)["life"] == 19
    assert table.one("Guard Token")["damage"] == 2


def test_a_blocker_of_any_number_divides_its_damage_among_them_510_1d() -> None:
    table = Table()
    ogre = make(table, creature("Ogre Token", 3, 3))
    goblin = make(table, creature("Goblin Token", 1, 1))
    wall = make(
        table, creature("Wall Token", 2, 8, "Can block any number of creatures"), controller=1
    )
    first = attack_with(table, ogre)
    second = attack_with(table, goblin)
    to_step(table, "declare_blockers")
    table.do("block", object=wall, attacker=first, also=[second])
    table.do("next_step")
    pending = table.view()["pending_choice"]
    assert pending["kind"] == "combat_damage" and pending["seat"] == 1
    table.choose({"to": {first: [2]}})
    assert table.one("Ogre Token")["damage"] == 2 and table.count("Goblin Token") == 1
    assert table.one("Wall Token")["damage"] == 4


# Battles (310.9)

SIEGE = {"name": "Invasion of Tarkir", "types": ["Battle"], "subtypes": ["Siege"]}


def test_a_sieges_protector_is_an_opponent_chosen_as_it_enters_310_9a_310_12a() -> None:
    table = Table(("Ann", "Ben", "Cat"))
    table.do("put_card", controller=0, definition=SIEGE)
    pending = table.view()["pending_choice"]
    assert pending["kind"] == "battle_protector" and pending["options"] == [1, 2]
    table.choose(2)
    assert table.one("Invasion of Tarkir")["protector"] == 2


def test_a_battle_is_attacked_by_others_and_blocked_by_its_protector_310_9b_310_9c() -> None:
    table = Table(("Ann", "Ben", "Cat"))
    table.do("put_card", controller=1, definition=SIEGE, answers=[0])
    battle = table.one("Invasion of Tarkir")["id"]
    table.do("add_counters", object=battle, kind="defense", amount=3)
    assert table.one("Invasion of Tarkir")["protector"] == 0
    goblins = make(table, creature("Goblin Token", 2, 2), count=2)
    ben = make(table, creature("Bear Token", 2, 2), controller=1)
    cat = make(table, creature("Cat Token", 2, 2), controller=2)
    to_step(table, "declare_attackers")
    with pytest.raises(IllegalAction) as caught:  # Ann protects it
        table.do("attack", object=goblins, defender={"object": battle})
    assert caught.value.rule == "310.9b"
    # On Ben's turn, Ben attacks his own Siege, which Ann protects (310.9b: "Notably").
    table.state.active_seat = 1  # a test shortcut to Ben's declare attackers step
    table.do("attack", object=ben, defender={"object": battle})
    to_step(table, "declare_blockers")
    with pytest.raises(IllegalAction) as caught:
        table.do("block", object=cat, attacker=ben)
    assert caught.value.rule == "509.1a"
    table.do("next_step")
    assert table.one("Invasion of Tarkir")["counters"] == {"defense": 1}


def test_a_battle_with_no_defense_left_goes_to_the_graveyard_704_5v() -> None:
    table = Table()
    table.do("put_card", controller=1, definition=SIEGE)
    battle = table.one("Invasion of Tarkir")["id"]
    table.do("add_counters", object=battle, kind="defense", amount=2)
    assert table.one("Invasion of Tarkir")["protector"] == 0
    table.state.active_seat = 1
    bear = make(table, creature("Bear Token", 2, 2), controller=1)
    to_step(table, "declare_attackers")
    table.do("attack", object=bear, defender={"object": battle})
    to_step(table, "combat_damage")
    assert table.objects("Invasion of Tarkir") == []


# Removed from combat (506.4) and reconfigure (702.151)

BLADES = {
    "name": "Lizard Blades",
    "types": ["Artifact", "Creature"],
    "subtypes": ["Equipment", "Lizard"],
    "power": "1",
    "toughness": "1",
    "keywords": ["Haste", "Double strike", "Reconfigure {2}"],
}


def test_an_attacker_that_stops_being_a_creature_is_removed_from_combat_506_4() -> None:
    table = Table()
    blades = make(table, BLADES)
    goblin = make(table, creature("Goblin Token", 1, 1))
    to_step(table, "declare_attackers")
    table.do("attack", object=blades)
    table.do("attack", object=goblin)
    events = table.do("attach", object=blades, to=goblin)  # 702.151b: no longer a creature
    assert [e["rule"] for e in events if e["type"] == "removed_from_combat"] == ["506.4"]
    assert table.one("Lizard Blades")["attacking"] is None
    assert table.one("Goblin Token")["attacking"] == {"seat": 1}
    to_step(table, "combat_damage")
    assert table.seat(1)["life"] == 19  # the Goblin only (the Blades' double strike aside)


def test_reconfigure_unattaches_at_sorcery_speed_for_its_cost_702_151a() -> None:
    table = Table()
    blades = make(table, BLADES)
    goblin = make(table, creature("Goblin Token", 1, 1))
    table.do("attach", object=blades, to=goblin)
    assert "Creature" not in table.one("Lizard Blades")["types"]
    with pytest.raises(IllegalAction) as caught:
        table.do("unattach", object=goblin)
    assert caught.value.rule == "702.151a"
    to_step(table, "declare_attackers")
    with pytest.raises(IllegalAction) as caught:
        table.do("unattach", object=blades, paid="manual")
    assert caught.value.rule == "602.5d"
    to_step(table, "main2")
    events = table.do("unattach", object=blades, paid="manual")
    assert [e["rule"] for e in events if e["type"] == "unattached"] == ["701.3d"]
    blades_now = table.one("Lizard Blades")
    assert blades_now["attached_to"] is None and "Creature" in blades_now["types"]


# Attacking and blocking alone (506.5, 702.83)


def test_exalted_triggers_for_a_creature_that_attacks_alone_506_5_702_83a() -> None:
    table = Table()
    make(table, {**creature("Knight Token", 2, 2, "Exalted"), "keywords": ["Exalted"]}, count=3)
    goblin = make(table, creature("Goblin Token", 1, 1))
    attack_with(table, goblin)
    events = table.do("next_step")
    assert [e["rule"] for e in events if e["type"] in ("attacks_alone", "pumped")] == [
        "506.5",
        "702.83a",
    ]
    assert table.one("Goblin Token")["power"] == 4
    to_step(table, "combat_damage")
    assert table.seat(1)["life"] == 16


def test_two_attackers_dont_attack_alone_506_5() -> None:
    table = Table()
    make(table, {**creature("Knight Token", 2, 2), "keywords": ["Exalted"]})
    goblins = make(table, creature("Goblin Token", 1, 1), count=2)
    attack_with(table, goblins, count=2)
    events = table.do("next_step")
    assert not [e for e in events if e["type"] in ("attacks_alone", "pumped")]


# Attack requirements and costs (508.1d, 508.1h)

PRISON = {
    "name": "Ghostly Prison",
    "types": ["Enchantment"],
    "effects": [{"kind": "attack_cost", "amount": 2}],
}


def test_attacking_a_player_with_ghostly_prison_costs_2_per_creature_508_1h() -> None:
    table = Table()
    table.put(PRISON, controller=1)
    goblins = make(table, creature("Goblin Token", 1, 1), count=3)
    to_step(table, "declare_attackers")
    with pytest.raises(IllegalAction):
        table.do("attack", object=goblins, count=3)  # an empty mana pool
    assert table.one("Goblin Token")["attacking"] is None
    events = table.do("attack", object=goblins, count=3, choices={"paid": "manual"})
    [cost] = [e for e in events if e["type"] == "attack_cost"]
    assert cost["amount"] == 6 and cost["rule"] == "508.1h"


def test_a_creature_that_attacks_each_combat_if_able_must_be_declared_508_1d() -> None:
    table = Table()
    berserker = make(table, creature("Berserker Token", 2, 2, "Attacks each combat if able"))
    to_step(table, "declare_attackers")
    with pytest.raises(IllegalAction) as caught:
        table.do("next_step")
    assert caught.value.rule == "508.1d"
    table.do("attack", object=berserker)
    table.do("next_step")
    assert table.view()["step"] == "declare_blockers"


def test_a_requirement_doesnt_oblige_paying_a_cost_to_attack_508_1d() -> None:
    table = Table()
    table.put(PRISON, controller=1)
    make(table, creature("Berserker Token", 2, 2, "Attacks each combat if able"))
    to_step(table, "declare_attackers")
    table.do("next_step")
    assert table.view()["step"] == "end_of_combat"


# Blocking requirements and costs (509.1c, 509.1d)

LURE = "All creatures able to block this creature do so"
FENCE = {**PRISON, "name": "Mystic Fence", "effects": [{"kind": "block_cost", "amount": 1}]}


def test_lure_all_creatures_able_to_block_it_do_so_509_1c() -> None:
    table = Table()
    lure = make(
        table, creature("Elf Token", 1, 1, "All creatures able to block this creature do so")
    )
    bears = make(table, BEAR, controller=1, count=2)
    attacking = attack_with(table, lure)
    to_step(table, "declare_blockers")
    with pytest.raises(IllegalAction) as caught:
        table.do("next_step")
    assert caught.value.rule == "509.1c"
    table.do("block", object=bears, count=1, attacker=attacking)
    with pytest.raises(IllegalAction):
        table.do("next_step")  # one of two requirements obeyed
    table.do("block", object=bears, count=1, attacker=attacking)
    table.do("next_step")
    assert table.view()["step"] == "combat_damage"


def _bat_and_goblin_must_be_blocked() -> tuple[Table, str, str, str, str]:
    table = Table()
    bat = make(table, creature("Bat Token", 1, 1, "Flying", "Must be blocked if able"))
    goblin = make(table, creature("Goblin Token", 1, 1, "Must be blocked if able"))
    hawk = make(table, creature("Hawk Token", 1, 1, "Flying"), controller=1)
    bear = make(table, BEAR, controller=1)
    attack_with(table, bat)
    attack_with(table, goblin)
    to_step(table, "declare_blockers")
    return table, bat, goblin, hawk, bear


def test_the_most_requirements_are_found_across_blockers_509_1c() -> None:
    """Two creatures that must be blocked if able: the Hawk can block either, the Bear only the
    Goblin; the Hawk blocking the Goblin leaves the Bat unblocked though both could be."""
    table, _bat, goblin, hawk, _bear = _bat_and_goblin_must_be_blocked()
    table.do("block", object=hawk, attacker=goblin)
    with pytest.raises(IllegalAction) as caught:
        table.do("next_step")
    assert caught.value.rule == "509.1c"
    table, bat, goblin, hawk, bear = _bat_and_goblin_must_be_blocked()
    table.do("block", object=hawk, attacker=bat)
    table.do("block", object=bear, attacker=goblin)
    table.do("next_step")
    assert table.view()["step"] == "combat_damage"


def test_a_menace_attacker_isnt_counted_as_blockable_by_one_509_1c_702_111b() -> None:
    table = Table()
    ogre = make(table, creature("Ogre Token", 3, 3, "Menace", "Must be blocked if able"))
    make(table, creature("Wall Token", 0, 4, "Blocks each combat if able"), controller=1)
    attack_with(table, ogre)
    to_step(table, "declare_blockers")
    table.do("next_step")  # the lone Wall can't block a menace creature
    assert table.view()["step"] == "combat_damage"


def test_a_creature_that_blocks_if_able_isnt_required_to_pay_to_block_509_1c() -> None:
    table = Table()
    make(
        table, {**PRISON, "name": "Mystic Fence", "effects": [{"kind": "block_cost", "amount": 1}]}
    )
    ogre = make(table, creature("Ogre Token", 3, 3, "Menace"))
    goblin = make(table, creature("Goblin Token", 1, 1))
    make(table, creature("Wall Token", 0, 4, "Blocks each combat if able"), controller=1)
    attack_with(table, ogre)
    attack_with(table, goblin)
    to_step(table, "declare_blockers")
    table.do("next_step")  # blocking would cost {1}: not required (509.1c)
    assert table.view()["step"] == "combat_damage"


def test_a_cost_to_block_is_paid_509_1d() -> None:
    table = Table()
    make(
        table, {**PRISON, "name": "Mystic Fence", "effects": [{"kind": "block_cost", "amount": 1}]}
    )
    goblin = make(table, creature("Goblin Token", 1, 1))
    bears = make(table, BEAR, controller=1, count=2)
    attacking = attack_with(table, goblin)
    to_step(table, "declare_blockers")
    with pytest.raises(IllegalAction):
        table.do("block", object=bears, count=2, blocked=1, attacker=attacking)
    events = table.do(
        "block", object=bears, count=2, blocked=1, attacker=attacking, choices={"paid": "manual"}
    )
    [cost] = [e for e in events if e["type"] == "block_cost"]
    assert cost["amount"] == 2 and cost["seat"] == 1


def test_a_battle_whose_protector_left_gets_another_704_5y_310_11() -> None:
    table = Table(("Ann", "Ben", "Cat"))
    table.do("put_card", controller=2, definition=SIEGE, answers=[0])
    assert table.one("Invasion of Tarkir")["protector"] == 0
    events = table.do("adjust_life", seat=0, amount=-20)  # Ann loses and leaves the game (800.4a)
    assert [e["rule"] for e in events if e["type"] == "protector_chosen"] == ["704.5y"]
    assert table.one("Invasion of Tarkir")["protector"] == 1  # the only opponent left


def test_a_battle_changing_control_gets_a_protector_it_can_have_704_5y() -> None:
    table = Table()
    table.put({"name": "Plain Battle", "types": ["Battle"]}, controller=0)
    battle = table.one("Plain Battle")["id"]
    table.do("gain_control", object=battle, seat=1)
    assert table.one("Plain Battle")["protector"] == 1  # no battle type: its controller
