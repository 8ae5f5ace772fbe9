"""Whole declarations in one action: attackers (CR 508.1a) and blockers (509.1a), ending the
steps as players do (508.8, 509, 510)."""

from __future__ import annotations

import pytest

from rules import IllegalAction, InvalidAction, presentation
from tests.rules.conftest import Table
from tests.rules.test_combat import GOBLIN, creature, make, to_step

SOLDIER = {**creature("Soldier Token", 1, 1), "keywords": []}
WALL = {**creature("Wall Token", 0, 4), "keywords": ["Defender"]}


def _ten_goblins_against_two_blockers() -> tuple[Table, str, str, str]:
    table = Table()
    goblins = make(table, GOBLIN, count=10)
    soldier = make(table, SOLDIER, controller=1)
    wall = make(table, WALL, controller=1)
    return table, goblins, soldier, wall


def test_every_able_creature_attacks_from_the_main_phase_in_one_action_508_1a() -> None:
    table, _goblins, _soldier, _wall = _ten_goblins_against_two_blockers()
    sick = make(table, {**GOBLIN, "name": "Elf Token", "keywords": []})  # 302.6
    assert table.view()["step"] == "main1"
    table.do("declare_attack", defender={"seat": 1})
    view = table.view()
    # 508.1a: the declaration ends and the declare blockers step begins (509).
    assert view["step"] == "declare_blockers"
    assert [(o["count"], o["attacking"], o["tapped"]) for o in table.objects("Goblin Token")] == [
        (10, {"seat": 1}, True)
    ]
    assert table.one("Elf Token")["attacking"] is None and sick


def test_named_stacks_attack_and_stay_keeps_the_declaration_open_508_1a() -> None:
    table, _goblins, _soldier, _wall = _ten_goblins_against_two_blockers()
    ogre = make(table, creature("Ogre Token", 3, 3))
    table.do("declare_attack", objects=[ogre], defender=1, stay=True)
    assert table.view()["step"] == "declare_attackers"
    assert table.one("Ogre Token")["attacking"] == {"seat": 1}
    assert table.one("Goblin Token")["attacking"] is None
    with pytest.raises(IllegalAction) as caught:  # the Ogre already attacks
        table.do("declare_attack", objects=[ogre], defender=1)
    assert caught.value.rule == "508.1a"


def test_attacking_with_all_is_refused_outside_the_turn_before_combat_508_1() -> None:
    table = Table()
    make(table, GOBLIN)
    to_step(table, "end_of_combat")
    with pytest.raises(IllegalAction) as caught:
        table.do("declare_attack", defender=1)
    assert caught.value.rule == "508.1"
    with pytest.raises(IllegalAction) as caught:  # nothing able to attack
        Table().do("declare_attack", defender=1)
    assert caught.value.rule == "508.1a"


def test_a_defending_player_blocks_with_several_stacks_and_damage_follows_509_1a_510_1() -> None:
    table, goblins, soldier, wall = _ten_goblins_against_two_blockers()
    table.do("declare_attack", defender=1)
    table.do(
        "declare_blocks",
        seat=1,
        blocks=[{"object": soldier, "attacker": goblins}, {"object": wall, "attacker": goblins}],
    )
    view = table.view()
    # Ben was the only defending player: blocks done, the combat damage step deals damage (510).
    assert view["step"] == "combat_damage"
    assert view["seats"][1]["life"] == 12  # 8 unblocked Goblins
    assert table.count("Goblin Token") == 9  # one died to the Soldier (704.5g)
    assert table.count("Soldier Token") == 0
    assert table.count("Wall Token") == 1


def test_blockers_are_shared_evenly_by_default_509_1a() -> None:
    table = Table()
    goblins = make(table, GOBLIN, count=2)
    soldiers = make(table, SOLDIER, controller=1, count=3)
    table.do("declare_attack", defender=1)
    table.do(
        "declare_blocks", seat=1, blocks=[{"object": soldiers, "attacker": goblins}], stay=True
    )
    # Three can't share two attackers evenly: all three block one Goblin.
    assert sorted((o["count"], o["blocked"]) for o in table.objects("Goblin Token")) == [
        (1, False),
        (1, True),
    ]


def test_only_a_defending_player_declares_and_only_their_own_creatures_509_1() -> None:
    table = Table(players=("Ann", "Ben", "Cid"))
    goblins = make(table, GOBLIN, count=2)
    soldier = make(table, SOLDIER, controller=1)
    theirs = make(table, SOLDIER, controller=2)
    table.do("declare_attack", defender=1)
    with pytest.raises(IllegalAction) as caught:
        table.do("declare_blocks", seat=2)
    assert caught.value.rule == "509.1"
    with pytest.raises(IllegalAction) as caught:
        table.do("declare_blocks", seat=1, blocks=[{"object": theirs, "attacker": goblins}])
    assert caught.value.rule == "509.1a"
    with pytest.raises(InvalidAction):
        table.do("declare_blocks", seat=1, blocks=[{"object": soldier}])
    table.do("declare_blocks", seat=1)  # no blocks: done
    assert table.view()["seats"][1]["life"] == 18


def test_the_step_waits_for_every_defending_player_509_1() -> None:
    table = Table(players=("Ann", "Ben", "Cid"))
    goblins = make(table, GOBLIN, count=2)
    to_step(table, "declare_attackers")
    table.do("attack", object=goblins, count=1, defender=1)
    table.do("attack", object=goblins, count=1, defender=2)
    table.do("next_step")
    table.do("declare_blocks", seat=1)
    assert table.view()["step"] == "declare_blockers"
    assert table.events[-1]["type"] == "blocks_declared"
    table.do("declare_blocks", seat=2)
    assert table.view()["step"] == "combat_damage"
    assert [s["life"] for s in table.view()["seats"]] == [20, 19, 19]


def test_identical_blockers_in_several_stacks_block_together_509_1a() -> None:
    table = Table()
    goblins = make(table, GOBLIN, count=10)
    first = make(table, SOLDIER, controller=1)
    second = make(table, {**SOLDIER, "text": "A note that keeps it apart."}, controller=1)
    table.do("declare_attack", defender=1)
    table.do("declare_blocks", seat=1, objects=[first, second], attacker=goblins, stay=True)
    assert sorted((o["count"], o["blocked"]) for o in table.objects("Goblin Token")) == [
        (1, True),
        (1, True),
        (8, False),
    ]
    table.do("declare_blocks", seat=1)
    # 510.1: Ben takes 8; two Goblins and both Soldiers die (704.5g).
    assert table.view()["seats"][1]["life"] == 12
    assert table.count("Goblin Token") == 8 and table.count("Soldier Token") == 0


def test_offers_follow_the_declarations_508_1a_509_1a() -> None:
    table = Table()
    goblins = make(table, GOBLIN, count=10)
    make(table, {**GOBLIN, "name": "Elf Token", "keywords": []})  # summoning sick, 302.6
    soldier = make(table, SOLDIER, controller=1)
    flyer = make(table, creature("Bird Token", 1, 1, "Flying"))
    offers = presentation("mtg").combat
    assert offers is not None
    assert offers(table.state, 0)["attack"] == [goblins, flyer]
    assert offers(table.state, 1)["attack"] == []  # not the active player
    table.do("declare_attack", defender=1)
    assert offers(table.state, 0) == {
        "attack": [],
        "blocks": {},
        "waiting_for": [1],
        "declaring": False,
    }
    # 702.9b: the Soldier can't block the flying Bird.
    assert offers(table.state, 1)["blocks"] == {goblins: [soldier]}
    table.do("declare_blocks", seat=1, objects=[soldier], attacker=goblins, stay=True)
    # 509.1a: it already blocks as many creatures as it can.
    assert offers(table.state, 1)["blocks"] == {}
    assert offers(table.state, 1)["waiting_for"] == [1]
    table.do("declare_blocks", seat=1)
    assert offers(table.state, 1)["waiting_for"] == []
    assert table.view()["step"] == "combat_damage"


def test_attack_offers_are_a_read_that_leaves_the_records_untouched() -> None:
    # The board asks for offers on the state it will act on next (every main phase): a record
    # handed out would count as touched, and that action would lose the kernel's caches and
    # check every stack again (0.3 s at 5,000 stacks).
    table, goblins, _soldier, _wall = _ten_goblins_against_two_blockers()
    offers = presentation("mtg").combat
    assert offers is not None
    assert not table.state.objects.touched
    assert offers(table.state, 0)["attack"] == [goblins]
    assert not table.state.objects.touched
