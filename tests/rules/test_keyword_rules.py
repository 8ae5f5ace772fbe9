"""Decayed (702.147a), encore (702.141a), choosing a card name (201.4) and ward (702.21a):
the rules behind the C.9.68, C.9.69, C.1.9 and C.4.37 scenarios, case by case."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalAction, InvalidAction
from rules.effects import parse_effects
from tests.rules.conftest import Table, card

DECAYED_ZOMBIE = {
    "types": ["Creature"],
    "subtypes": ["Zombie"],
    "colors": ["B"],
    "power": "2",
    "toughness": "2",
    "keywords": ["Decayed"],
}
BEAR = {"name": "Grizzly Bears", "types": ["Creature"], "power": "2", "toughness": "2"}
BIRD = {"types": ["Creature"], "subtypes": ["Bird"], "power": "1", "toughness": "1"}
AMPHIN = {
    "name": "Amphin Mutineer",
    "mana_cost": "{3}{U}",
    "types": ["Creature"],
    "subtypes": ["Salamander", "Pirate"],
    "colors": ["U"],
    "power": "3",
    "toughness": "3",
    "keywords": ["Encore {4}{U}{U}"],
}
NEEDLE = card("Pithing Needle", [{"kind": "named_cant_activate"}], types=["Artifact"])
DECAY_ANTHEM = card(
    "Rotting Banner",
    [{"kind": "anthem", "keywords": ["Decayed"], "filter": {"types": ["Creature"]}}],
    types=["Artifact"],
)


def to_turn(table: Table, turn: int) -> None:
    while table.view()["turn"] < turn:
        table.do("pass_turn")


def to_step(table: Table, step: str) -> None:
    while table.view()["step"] != step:
        table.do("next_step")


def rule_of(table: Table, action: dict[str, Any]) -> str | None:
    with pytest.raises(IllegalAction) as caught:
        table.do(**action)
    return caught.value.rule


# Decayed (702.147a)


def test_decayed_comes_from_the_object_so_a_granted_decayed_stops_blocking_too() -> None:
    table = Table()
    attacker = table.put(BEAR, controller=0)
    blocker = table.put(BEAR, controller=1)
    to_turn(table, 3)
    to_step(table, "declare_attackers")
    table.do("attack", object=attacker)
    to_step(table, "declare_blockers")
    table.put(DECAY_ANTHEM, controller=1)
    assert "Decayed" in table.view()["objects"][1]["keywords"]
    assert rule_of(table, {"type": "block", "object": blocker, "attacker": attacker}) == (
        "702.147a"
    )


def test_a_decayed_creature_that_attacks_is_sacrificed_at_end_of_combat_not_at_end_step() -> None:
    table = Table()
    table.create({**DECAYED_ZOMBIE, "keywords": ["Decayed", "Haste"]}, leaves_at="end_step:exile")
    [zombie] = table.objects("Zombie Token")
    to_step(table, "declare_attackers")
    table.do("attack", object=zombie["id"])
    assert table.one("Zombie Token")["leaves_at"] == "end_of_combat:sacrifice"
    to_step(table, "end_of_combat")
    assert table.objects("Zombie Token", zone=None) == []
    assert [e["type"] for e in table.events][-2:] == ["died", "ceased_to_exist"]


def test_a_decayed_creature_that_doesnt_attack_stays() -> None:
    table = Table()
    table.create(DECAYED_ZOMBIE)
    to_turn(table, 3)
    to_step(table, "main2")
    assert table.count("Zombie Token") == 1


def test_only_the_defending_player_blocks_and_only_untapped_creatures_during_combat() -> None:
    table = Table(("Ann", "Ben", "Cat"))
    attacker = table.put(BEAR, controller=0)
    ben = table.put(BEAR, controller=1)
    cat = table.put(BEAR, controller=2)
    assert rule_of(table, {"type": "block", "object": ben, "attacker": attacker}) == "509.1"
    to_turn(table, 4)
    to_step(table, "declare_attackers")
    table.do("attack", object=attacker, defender=1)
    to_step(table, "declare_blockers")
    assert rule_of(table, {"type": "block", "object": cat, "attacker": attacker}) == "509.1a"
    table.do("tap", object=ben)
    assert rule_of(table, {"type": "block", "object": ben, "attacker": attacker}) == "509.1a"


def test_a_creature_with_flying_is_blocked_only_by_flying_or_reach() -> None:
    table = Table()
    table.create({**BIRD, "keywords": ["Flying"]})
    table.put(BEAR, controller=1)
    table.create({**BIRD, "subtypes": ["Spider"], "keywords": ["Reach"]}, controller=1)
    to_turn(table, 3)
    bird = table.one("Bird Token")["id"]
    bear = table.one("Grizzly Bears")["id"]
    spider = table.one("Spider Token")["id"]
    to_step(table, "declare_attackers")
    table.do("attack", object=bird)
    to_step(table, "declare_blockers")
    assert rule_of(table, {"type": "block", "object": bear, "attacker": bird}) == "702.9b"
    table.do("block", object=spider, attacker=bird)
    assert table.one("Spider Token")["blocking"] == [bird]
    assert table.view()["step"] == "declare_blockers"


# Encore (702.141a)


def encore_ready(players: tuple[str, ...] = ("Ann", "Ben")) -> tuple[Table, str]:
    table = Table(players)
    card_id = table.put(AMPHIN, zone="graveyard")
    return table, card_id


def test_encore_is_activated_only_from_a_graveyard_by_a_card_with_encore() -> None:
    table = Table()
    on_battlefield = table.put(AMPHIN)
    assert rule_of(table, {"type": "encore", "object": on_battlefield}) == "702.141a"
    bear = table.put(BEAR, zone="graveyard")
    assert rule_of(table, {"type": "encore", "object": bear}) == "702.141a"


def test_encore_pays_its_mana_cost_from_the_pool_before_anything_happens() -> None:
    table, card_id = encore_ready()
    assert rule_of(table, {"type": "encore", "object": card_id}) == "602.2b"
    assert table.objects("Amphin Mutineer", zone="graveyard")
    table.do("encore", object=card_id, choices={"paid": "manual"})
    assert table.objects("Amphin Mutineer", zone="exile")[0]["token"] is False


def test_encore_tokens_gain_haste_that_a_copy_of_them_does_not_copy() -> None:
    table, card_id = encore_ready()
    table.do("encore", object=card_id, choices={"paid": "manual"})
    [token] = table.objects("Amphin Mutineer")
    assert token["keywords"] == ["Encore {4}{U}{U}", "Haste"]
    table.do("create_copy", of=token["id"])
    copy = table.objects("Amphin Mutineer")[1]
    assert copy["keywords"] == ["Encore {4}{U}{U}"]
    assert copy["must_attack"] is None


def test_the_attack_requirement_ends_with_the_turn_and_the_tokens_with_the_end_step() -> None:
    table, card_id = encore_ready()
    to_step(table, "main2")
    table.do("encore", object=card_id, choices={"paid": "manual"})
    assert table.one("Amphin Mutineer")["must_attack"] == 1
    table.do("next_step")
    assert table.objects("Amphin Mutineer") == []


def test_a_required_attacker_that_cant_attack_doesnt_hold_up_combat() -> None:
    table, card_id = encore_ready()
    table.do("encore", object=card_id, choices={"paid": "manual"})
    table.do("tap", object=table.one("Amphin Mutineer")["id"])
    to_step(table, "main2")
    assert table.view()["step"] == "main2"


def test_the_requirement_lapses_for_an_opponent_who_has_left_the_game() -> None:
    table, card_id = encore_ready(("Ann", "Ben", "Cat"))
    table.do("encore", object=card_id, choices={"paid": "manual"})
    table.do("adjust_life", seat=1, amount=-20)
    assert table.seat(1)["lost"] is True
    [for_ben, for_cat] = table.objects("Amphin Mutineer")
    to_step(table, "declare_attackers")
    table.do("attack", object=for_ben["id"], defender=2)
    table.do("attack", object=for_cat["id"], defender=2)
    to_step(table, "main2")


# Choosing a card name (201.4) and Pithing Needle (602.5)


@pytest.mark.parametrize("name", ["Treasure Token", "blood token", "Token"])
def test_a_token_name_cant_be_chosen_as_a_card_name(name: str) -> None:
    table = Table()
    assert rule_of(
        table, {"type": "put_card", "definition": NEEDLE, "choices": {"name": name}}
    ) == ("201.4")


def test_a_card_that_chooses_a_name_needs_the_choice() -> None:
    table = Table()
    with pytest.raises(InvalidAction):
        table.do("put_card", definition=NEEDLE)
    with pytest.raises(InvalidAction):
        table.do("put_card", definition=NEEDLE, choices={"name": 3})


def test_an_object_with_a_split_name_has_the_chosen_half_as_a_name() -> None:
    rock = {
        "name": "Flesh // Blood",
        "types": ["Artifact"],
        "abilities": [
            {"text": "{1}: Draw a card.", "cost": {"mana": "{1}"}, "effect": {"kind": "draw"}}
        ],
    }
    table = Table()
    split = table.put(rock)
    table.put(NEEDLE, controller=1, choices={"name": "Blood"})
    action = {"type": "activate", "object": split, "choices": {"paid": "manual"}}
    assert rule_of(table, action) == "602.5"


def test_the_chosen_name_is_forgotten_when_the_needle_leaves_the_battlefield() -> None:
    table = Table()
    needle = table.put(NEEDLE, choices={"name": "Amphin Mutineer"})
    card_id = table.put(AMPHIN, zone="graveyard")
    assert rule_of(table, {"type": "encore", "object": card_id}) == "602.5"
    table.do("move", object=needle, to="graveyard")
    assert table.objects("Pithing Needle", zone="graveyard")[0]["chosen_name"] is None
    table.do("encore", object=card_id, choices={"paid": "manual"})
    assert table.count("Amphin Mutineer") == 1


def test_the_named_cant_activate_effect_is_data() -> None:
    [effect] = parse_effects([{"kind": "named_cant_activate"}])
    assert parse_effects([effect.to_data()]) == [effect]


# Ward (702.21a), hexproof (702.11b), shroud (702.18a)


def warded_pair(table: Table) -> tuple[str, str]:
    first = table.put(BEAR)
    second = table.put({**BEAR, "name": "Runeclaw Bear"})
    table.create(token="mtg-royal-role", attach_to=first)
    table.create(token="mtg-royal-role", attach_to=second)
    return first, second


def test_each_warded_target_asks_and_one_unpaid_ward_counters_the_spell() -> None:
    table = Table()
    first, second = warded_pair(table)
    table.do("target", seat=1, objects=[first, second], paid_manual=True)
    assert table.view()["pending_choice"]["kind"] == "ward"
    table.choose("pay")
    assert table.view()["pending_choice"]["kind"] == "ward"
    table.choose("don't pay")
    assert [e["type"] for e in table.events] == [
        "targeted",
        "ward_triggered",
        "mana_paid",
        "ward_paid",
        "ward_triggered",
        "countered",
    ]


def test_ward_doesnt_tax_the_controllers_own_spells() -> None:
    table = Table()
    first, second = warded_pair(table)
    table.do("target", seat=0, objects=[first, second])
    assert table.view()["pending_choice"] is None
    assert [e["type"] for e in table.events] == ["targeted", "target_stands"]


def test_hexproof_stops_only_opponents_and_shroud_stops_everyone() -> None:
    table = Table()
    hexproof = table.put({**BEAR, "keywords": ["Hexproof"]})
    shroud = table.put({**BEAR, "name": "Shrouded Bear", "keywords": ["Shroud"]})
    assert rule_of(table, {"type": "target", "seat": 1, "objects": [hexproof]}) == "702.11b"
    table.do("target", seat=0, objects=[hexproof])
    assert rule_of(table, {"type": "target", "seat": 0, "objects": [shroud]}) == "702.18a"


def test_a_target_action_names_objects_on_the_battlefield() -> None:
    table = Table()
    bear = table.put(BEAR, zone="graveyard")
    for objects in ([], [bear], "o1", ["o99"]):
        with pytest.raises(InvalidAction):
            table.do("target", seat=1, objects=objects)


def test_each_instance_of_ward_triggers_two_players_royal_roles_ask_twice() -> None:
    table = Table(("Ann", "Ben", "Cat"))
    bear = table.put(BEAR)
    table.create(token="mtg-royal-role", attach_to=bear, controller=0)
    table.create(token="mtg-royal-role", attach_to=bear, controller=2)
    assert table.one("Grizzly Bears")["keywords"] == ["Ward {1}", "Ward {1}"]
    table.do("target", seat=1, objects=[bear], paid_manual=True)
    table.choose("pay")
    table.choose("pay")
    assert [e["type"] for e in table.events].count("ward_paid") == 2
    assert table.events[-1]["type"] == "target_stands"
