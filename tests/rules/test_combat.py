"""Combat (CR 506-511) with stacks: declarations, restrictions, the damage steps."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalAction, InvalidAction
from tests.rules.conftest import DOUBLING_SEASON, Table


def creature(name: str, power: int, toughness: int, *keywords: str) -> dict[str, Any]:
    return {
        "name": name,
        "types": ["Creature"],
        "subtypes": [name.split()[0]],
        "power": str(power),
        "toughness": str(toughness),
        "keywords": ["Haste", *keywords],
    }


GOBLIN = creature("Goblin Token", 1, 1)
SPIDER = creature("Spider Token", 2, 2, "Reach")


def to_step(table: Table, step: str) -> None:
    for _ in range(20):
        if table.view()["step"] == step:
            return
        table.do("next_step")
    raise AssertionError(f"never reached {step}")


def make(table: Table, definition: dict[str, Any], controller: int = 0, count: int = 1) -> str:
    events = table.do("create_token", controller=controller, definition=definition, count=count)
    object_id: str = next(e for e in events if e["type"] == "token_created")["object"]
    return object_id


def attack_with(table: Table, obj: str, count: int = 1, defender: Any = None) -> str:
    to_step(table, "declare_attackers")
    extra = {} if defender is None else {"defender": defender}
    events = table.do("attack", object=obj, count=count, **extra)
    attacked: str = next(e for e in events if e["type"] == "attacked")["object"]
    return attacked


def stacks(table: Table, name: str) -> list[tuple[int, Any, list[str], int]]:
    return [(o["count"], o["attacking"], o["blocking"], o["damage"]) for o in table.objects(name)]


# Declaring attackers (508)


def test_attackers_are_declared_only_in_the_declare_attackers_step_508_1() -> None:
    table = Table()
    goblins = make(table, GOBLIN, count=3)
    with pytest.raises(IllegalAction) as caught:
        table.do("attack", object=goblins)
    assert caught.value.rule == "508.1"
    to_step(table, "declare_attackers")
    table.do("attack", object=goblins, count=2, defender={"seat": 1})
    assert sorted((o["count"], str(o["attacking"])) for o in table.objects("Goblin Token")) == [
        (1, "None"),
        (2, "{'seat': 1}"),
    ]


def test_only_the_active_player_attacks_and_not_with_a_summoning_sick_creature_508_1a() -> None:
    table = Table()
    theirs = make(table, GOBLIN, controller=1)
    sick = make(table, {**GOBLIN, "name": "Elf Token", "keywords": []})
    to_step(table, "declare_attackers")
    with pytest.raises(IllegalAction) as caught:
        table.do("attack", object=theirs)
    assert caught.value.rule == "508.1a"
    with pytest.raises(IllegalAction) as caught:
        table.do("attack", object=sick)
    assert caught.value.rule == "302.6"


def test_vigilance_doesnt_tap_and_cant_attack_is_a_restriction_508_1c_508_1f() -> None:
    table = Table()
    watcher = make(table, creature("Cat Token", 2, 2, "Vigilance"))
    wall = make(table, creature("Wall Token", 0, 4, "Can't attack"))
    to_step(table, "declare_attackers")
    table.do("attack", object=watcher)
    assert table.one("Cat Token")["tapped"] is False
    with pytest.raises(IllegalAction) as caught:
        table.do("attack", object=wall)
    assert caught.value.rule == "508.1c"


def test_in_multiplayer_the_attacker_names_each_defender_508_1b() -> None:
    table = Table(("Ann", "Ben", "Cat"))
    goblins = make(table, GOBLIN, count=20)
    to_step(table, "declare_attackers")
    with pytest.raises(InvalidAction):
        table.do("attack", object=goblins)
    table.do("attack", object=goblins, count=12, defender={"seat": 1})
    table.do("attack", object=goblins, count=8, defender=2)
    shown = sorted((o["count"], o["attacking"]["seat"]) for o in table.objects("Goblin Token"))
    assert shown == [(8, 2), (12, 1)]
    with pytest.raises(IllegalAction) as caught:
        table.do("attack", object=goblins, defender={"seat": 0})
    assert caught.value.rule in ("506.2", "508.1a")


def test_an_attacked_planeswalker_loses_loyalty_from_unblocked_damage_120_3c_510_1b() -> None:
    table = Table()
    walker = table.put(
        {"name": "Jace", "types": ["Planeswalker"], "subtypes": ["Jace"], "loyalty": "5"},
        controller=1,
    )
    goblins = make(table, GOBLIN, count=3)
    attack_with(table, goblins, count=3, defender={"object": walker})
    assert table.one("Goblin Token")["attacking"] == {"object": walker}
    to_step(table, "combat_damage")
    assert table.one("Jace")["counters"] == {"loyalty": 2}
    assert table.seat(1)["life"] == 20


def test_a_player_cant_attack_their_own_planeswalker_508_1b() -> None:
    table = Table()
    walker = table.put({"name": "Jace", "types": ["Planeswalker"], "loyalty": "5"})
    goblin = make(table, GOBLIN)
    to_step(table, "declare_attackers")
    with pytest.raises(IllegalAction) as caught:
        table.do("attack", object=goblin, defender={"object": walker})
    assert caught.value.rule == "508.1b"


def test_without_attackers_the_blockers_and_damage_steps_are_skipped_508_8() -> None:
    table = Table()
    to_step(table, "declare_attackers")
    table.do("next_step")
    assert table.view()["step"] == "end_of_combat"


def test_a_token_put_onto_the_battlefield_attacking_outside_combat_isnt_attacking_506_3b() -> None:
    table = Table()
    events = table.do("create_token", controller=0, definition=GOBLIN, attacking=True)
    assert table.one("Goblin Token")["attacking"] is None
    assert [e["rule"] for e in events if e["type"] == "not_attacking"] == ["506.3b"]


# Declaring blockers (509)


def test_two_hundred_goblins_into_three_blockers_is_a_handful_of_stacks_509_1h() -> None:
    table = Table()
    goblins = make(table, GOBLIN, count=200)
    spiders = make(table, SPIDER, controller=1, count=3)
    attacking = attack_with(table, goblins, count=200)
    to_step(table, "declare_blockers")
    table.do("block", object=spiders, count=3, attacker=attacking)
    assert len(table.view()["objects"]) == 3
    assert sorted((o["count"], o["blocked"]) for o in table.objects("Goblin Token")) == [
        (3, True),
        (197, False),
    ]
    to_step(table, "combat_damage")
    assert table.seat(1)["life"] == 20 - 197 and table.seat(1)["lost"] is True
    assert table.count("Goblin Token") == 197
    assert table.one("Spider Token")["damage"] == 1


def test_blocking_only_in_the_declare_blockers_step_by_the_defending_player_509_1() -> None:
    table = Table(("Ann", "Ben", "Cat"))
    goblin = make(table, GOBLIN)
    ben = make(table, SPIDER, controller=1)
    cat = make(table, SPIDER, controller=2)
    attacking = attack_with(table, goblin, defender={"seat": 1})
    with pytest.raises(IllegalAction) as caught:
        table.do("block", object=ben, attacker=attacking)
    assert caught.value.rule == "509.1"
    to_step(table, "declare_blockers")
    with pytest.raises(IllegalAction) as caught:
        table.do("block", object=cat, attacker=attacking)
    assert caught.value.rule == "509.1a"


def test_flying_cant_block_and_unblockable_restrictions_509_1b_702_9b() -> None:
    table = Table()
    bird = make(table, creature("Bird Token", 1, 1, "Flying"))
    rogue = make(table, creature("Rogue Token", 1, 1, "Can't be blocked"))
    bear = make(table, creature("Bear Token", 2, 2), controller=1)
    coward = make(table, creature("Kobold Token", 0, 1, "Can't block"), controller=1)
    to_step(table, "declare_attackers")
    table.do("attack", object=bird)
    table.do("attack", object=rogue)
    to_step(table, "declare_blockers")
    rules = []
    for blocker, attacker in ((bear, bird), (bear, rogue), (coward, bird)):
        with pytest.raises(IllegalAction) as caught:
            table.do("block", object=blocker, attacker=attacker)
        rules.append(caught.value.rule)
    assert rules == ["702.9b", "509.1b", "509.1b"]


def test_menace_is_judged_when_the_declaration_ends_702_111b() -> None:
    table = Table()
    brute = make(table, creature("Ogre Token", 3, 3, "Menace"))
    bears = make(table, creature("Bear Token", 2, 2), controller=1, count=2)
    attacking = attack_with(table, brute)
    to_step(table, "declare_blockers")
    table.do("block", object=bears, count=1, attacker=attacking)
    with pytest.raises(IllegalAction) as caught:
        table.do("next_step")
    assert caught.value.rule == "702.111b"
    table.do("block", object=bears, count=1, attacker=attacking)
    table.do("next_step")  # two blockers: legal
    assert table.view()["step"] == "combat_damage"


def test_a_stack_blocks_one_attacker_together_with_blocked_one() -> None:
    table = Table()
    ogres = make(table, creature("Ogre Token", 5, 5), count=2)
    bears = make(table, creature("Bear Token", 2, 2), controller=1, count=2)
    attacking = attack_with(table, ogres, count=2)
    to_step(table, "declare_blockers")
    table.do("block", object=bears, count=2, blocked=1, attacker=attacking)
    to_step(table, "combat_damage")
    # Each bear is dealt lethal damage by the ogre they block together (no question: 5 >= 2 + 2)
    assert table.count("Bear Token") == 0
    assert table.seat(1)["life"] == 15
    assert sorted(o["damage"] for o in table.objects("Ogre Token")) == [0, 4]


def test_identical_blockers_need_no_division_question_510_1c() -> None:
    table = Table()
    ogre = make(table, creature("Ogre Token", 3, 3))
    bears = make(table, creature("Bear Token", 2, 2), controller=1, count=2)
    attacking = attack_with(table, ogre)
    to_step(table, "declare_blockers")
    table.do("block", object=bears, count=2, blocked=1, attacker=attacking)
    table.do("next_step")  # 2 + 1 or 1 + 2 on twins: the same result, nobody is asked
    assert table.view()["pending_choice"] is None
    assert table.count("Bear Token") == 1 and table.one("Bear Token")["damage"] == 1
    assert table.count("Ogre Token") == 0  # 2 + 2 damage back


def test_the_attacker_divides_its_damage_among_different_blockers_510_1c() -> None:
    table = Table()
    ogre = make(table, creature("Ogre Token", 3, 3))
    bear = make(table, creature("Bear Token", 2, 2), controller=1)
    wall = make(table, creature("Wall Token", 0, 3), controller=1)
    attacking = attack_with(table, ogre)
    to_step(table, "declare_blockers")
    table.do("block", object=bear, attacker=attacking)
    table.do("block", object=wall, attacker=attacking)
    table.do("next_step")
    pending = table.view()["pending_choice"]
    assert pending["kind"] == "combat_damage" and pending["seat"] == 0
    assert pending["amounts"]["power"] == 3
    assert [t["lethal"] for t in pending["amounts"]["to"]] == [2, 3]
    assert {"to": {bear: [2], wall: [1]}, "excess": 0} in pending["options"]
    table.choose({"to": {bear: [0], wall: [3]}, "excess": 0})
    assert table.count("Wall Token") == 0 and table.one("Bear Token")["damage"] == 0
    assert table.view()["step"] == "combat_damage"


def test_a_blocked_creature_whose_blocker_left_deals_no_damage_unless_trample_509_1h() -> None:
    table = Table()
    plain = make(table, creature("Ogre Token", 3, 3))
    trampler = make(table, creature("Wurm Token", 3, 3, "Trample"))
    bears = make(table, creature("Bear Token", 2, 2), controller=1, count=2)
    a = attack_with(table, plain)
    b = attack_with(table, trampler)
    to_step(table, "declare_blockers")
    table.do("block", object=bears, attacker=a)
    table.do("block", object=bears, attacker=b)
    for bear in [o["id"] for o in table.objects("Bear Token")]:
        table.do("destroy", object=bear)
    to_step(table, "combat_damage")
    assert table.seat(1)["life"] == 17  # only the trampler's 3 (702.19d)
    assert table.one("Ogre Token")["blocked"] is True


def test_trample_with_deathtouch_needs_only_one_damage_per_blocker_702_2c_702_19b() -> None:
    table = Table()
    wurm = make(table, creature("Wurm Token", 6, 6, "Trample", "Deathtouch"))
    giant = make(table, creature("Giant Token", 5, 5), controller=1)
    attacking = attack_with(table, wurm)
    to_step(table, "declare_blockers")
    table.do("block", object=giant, attacker=attacking)
    to_step(table, "combat_damage")
    assert table.seat(1)["life"] == 15
    assert table.count("Giant Token") == 0


def test_double_strike_lifelink_deals_twice_and_gains_twice_510_4_702_15b() -> None:
    table = Table()
    knights = make(table, creature("Knight Token", 2, 2, "Double strike", "Lifelink"), count=3)
    attack_with(table, knights, count=3)
    to_step(table, "declare_blockers")
    table.do("next_step")
    assert table.view()["step"] == "first_strike_damage"
    assert table.seat(1)["life"] == 14 and table.seat(0)["life"] == 26
    table.do("next_step")
    assert table.view()["step"] == "combat_damage"
    assert table.seat(1)["life"] == 8 and table.seat(0)["life"] == 32


def test_first_strike_kills_a_blocker_before_it_deals_damage_510_4() -> None:
    table = Table()
    striker = make(table, creature("Knight Token", 2, 2, "First strike"))
    bear = make(table, creature("Bear Token", 2, 2), controller=1)
    attacking = attack_with(table, striker)
    to_step(table, "declare_blockers")
    table.do("block", object=bear, attacker=attacking)
    to_step(table, "combat_damage")
    assert table.count("Bear Token") == 0
    assert table.one("Knight Token")["damage"] == 0


def test_infect_gives_poison_and_ten_lose_704_5c() -> None:
    table = Table()
    mites = make(table, creature("Phyrexian Mite", 5, 5, "Infect"), count=2)
    attack_with(table, mites, count=2)
    to_step(table, "combat_damage")
    assert table.seat(1)["counters"]["poison"] == 10
    assert table.seat(1)["life"] == 20
    assert table.seat(1)["lost"] is True


def test_infect_counters_on_a_creature_and_doublers_614_16_120_3d() -> None:
    """120.3d: the damage's result, not an effect, puts the -1/-1 counters: Doubling Season
    ("if an effect would put") doesn't apply (614.16); a replacement without that wording does."""
    table = Table()
    table.put(
        {
            **DOUBLING_SEASON,
            "effects": [{"kind": "counter_multiplier", "factor": 2, "only_effects": True}],
        },
        controller=1,
    )
    mite = make(table, creature("Phyrexian Mite", 2, 2, "Infect"))
    giant = make(table, creature("Giant Token", 5, 5), controller=1)
    attacking = attack_with(table, mite)
    to_step(table, "declare_blockers")
    table.do("block", object=giant, attacker=attacking)
    to_step(table, "combat_damage")
    assert table.one("Giant Token")["counters"] == {"-1/-1": 2}
    table.do("add_counters", object=giant, kind="-1/-1", amount=1)  # an effect: doubled
    assert table.one("Giant Token")["counters"] == {"-1/-1": 4}


def test_wither_counters_are_doubled_by_a_replacement_not_limited_to_effects() -> None:
    table = Table()
    table.put(
        {
            **DOUBLING_SEASON,
            "name": "Vorinclex",
            "effects": [{"kind": "counter_multiplier", "factor": 2}],
        },
        controller=1,
    )
    sprite = make(table, creature("Faerie Token", 1, 1, "Wither"))
    giant = make(table, creature("Giant Token", 5, 5), controller=1)
    attacking = attack_with(table, sprite)
    to_step(table, "declare_blockers")
    table.do("block", object=giant, attacker=attacking)
    to_step(table, "combat_damage")
    assert table.one("Giant Token")["counters"] == {"-1/-1": 2}


def test_end_of_combat_removes_creatures_from_combat_511_3() -> None:
    table = Table()
    goblin = make(table, GOBLIN)
    wall = make(table, creature("Wall Token", 0, 5), controller=1)
    attacking = attack_with(table, goblin)
    to_step(table, "declare_blockers")
    table.do("block", object=wall, attacker=attacking)
    to_step(table, "main2")
    assert table.one("Goblin Token")["attacking"] is None
    assert table.one("Wall Token")["blocking"] == []


def test_indestructible_blocker_survives_lethal_damage_702_12b() -> None:
    table = Table()
    ogre = make(table, creature("Ogre Token", 5, 5))
    golem = make(table, creature("Golem Token", 1, 1, "Indestructible"), controller=1)
    attacking = attack_with(table, ogre)
    to_step(table, "declare_blockers")
    table.do("block", object=golem, attacker=attacking)
    to_step(table, "combat_damage")
    assert table.one("Golem Token")["damage"] == 5


def test_a_blocked_stack_with_fewer_blockers_left_splits_fairly_509_1h() -> None:
    table = Table()
    ogres = make(table, creature("Ogre Token", 3, 3), count=3)
    bears = make(table, creature("Bear Token", 2, 2), controller=1, count=3)
    attacking = attack_with(table, ogres, count=3)
    to_step(table, "declare_blockers")
    table.do("block", object=bears, count=3, attacker=attacking)
    table.do("destroy", object=bears, count=1)
    to_step(table, "combat_damage")
    # Two ogres killed their bears; the third is blocked by nobody and deals no damage.
    assert table.count("Bear Token") == 0
    assert table.seat(1)["life"] == 20
    assert sorted(o["damage"] for o in table.objects("Ogre Token")) == [0, 2]


def test_an_attacked_planeswalker_changing_control_is_removed_from_combat_506_4_506_4c() -> None:
    table = Table()
    walker = {"name": "Walker", "types": ["Planeswalker"], "loyalty": "4"}
    table.do("put_card", controller=1, definition=walker)
    walker_id = table.one("Walker")["id"]
    ogre = make(table, creature("Ogre Token", 3, 3))
    attack_with(table, ogre, defender={"object": walker_id})
    events = table.do("gain_control", object=walker_id, seat=0)
    assert [e["rule"] for e in events if e["type"] == "removed_from_combat"] == ["506.4c"]
    assert table.one("Ogre Token")["attacking"] is not None  # it goes on attacking (506.4c)
    to_step(table, "combat_damage")
    assert table.one("Walker")["counters"] == {"loyalty": 4}
    assert [s["life"] for s in table.view()["seats"]] == [20, 20]
    to_step(table, "main2")
    assert "no_longer_attacked" not in table.state.system


def test_no_combat_damage_is_assigned_to_a_player_who_left_the_game_800_4e() -> None:
    table = Table(players=("Ann", "Ben", "Cara"))
    table.do("adjust_life", seat=1, amount=-18)
    fencer = make(table, creature("Fencer Token", 2, 2, "First strike"))
    cleric = make(table, creature("Cleric Token", 3, 3, "Lifelink"))
    attack_with(table, fencer, defender=1)
    table.do("attack", object=cleric, defender=1)
    to_step(table, "first_strike_damage")
    assert table.view()["seats"][1]["lost"] is True
    to_step(table, "combat_damage")
    assert [s["life"] for s in table.view()["seats"]] == [20, 0, 20]
