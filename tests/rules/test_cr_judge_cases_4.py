"""Fourth pass of rules cases a judge would try beyond the checklist; each cites its rule."""

from __future__ import annotations

import pytest

from rules.errors import InvalidAction
from tests.rules.conftest import HARDENED_SCALES, SOLDIER, Table
from tests.rules.test_combat import attack_with, creature, make, to_step

JACE = {"name": "Jace", "types": ["Planeswalker"], "subtypes": ["Jace"], "loyalty": "3"}


# Counters of 0 (122.6): "enters with X counters" for X = 0 puts none.


def test_a_token_entering_with_zero_counters_gets_none_and_no_modifier_applies_122_6() -> None:
    table = Table()
    table.put(HARDENED_SCALES)
    table.create(SOLDIER, counters={"+1/+1": 0, "charge": 2})
    assert table.one("Soldier Token")["counters"] == {"charge": 2}
    assert table.one("Soldier Token")["power"] == 1


def test_a_negative_counter_amount_is_still_refused() -> None:
    table = Table()
    with pytest.raises(InvalidAction):
        table.create(SOLDIER, counters={"+1/+1": -1})


# 111.4 with 701.71a: empower Jace's token is named by its subtype plus "Token".


def test_empower_jace_creates_a_token_named_jace_token_111_4_701_71a() -> None:
    table = Table()
    table.do("empower_jace", amount=2)
    jace = table.one("Jace Token")
    assert jace["subtypes"] == ["Jace"] and jace["counters"] == {"loyalty": 2}
    table.do("empower_jace", amount=1)  # the same token is found again and gets the counter
    assert table.one("Jace Token")["counters"] == {"loyalty": 3}


# 725.2: "At the beginning of the monarch's end step, that player draws a card."


def test_the_monarch_draws_at_the_beginning_of_their_end_step_725_2() -> None:
    table = Table()
    table.do("set_designation", seat=0, designation="monarch")
    before = table.seat(0)
    to_step(table, "end")
    assert "725.2" in table.rules()
    after = table.seat(0)
    assert (after["hand"], after["library"]) == (before["hand"] + 1, before["library"] - 1)
    assert table.seat(1)["hand"] == 7


def test_the_monarch_doesnt_draw_at_another_players_end_step_725_2() -> None:
    table = Table()
    table.do("set_designation", seat=1, designation="monarch")
    to_step(table, "end")
    assert "725.2" not in table.rules()
    assert table.seat(1)["library"] == table.seat(0)["library"]


# 509.1a: blockers of one stack block every creature of a smaller attacking stack by default.


def test_two_blockers_on_a_lone_attacker_both_block_it_by_default_509_1a() -> None:
    table = Table()
    goblin = make(table, creature("Goblin Token", 3, 3))
    walls = make(table, creature("Wall Token", 2, 2), controller=1, count=2)
    attacker = attack_with(table, goblin)
    to_step(table, "declare_blockers")
    table.do("block", object=walls, count=2, attacker=attacker)
    [wall] = table.objects("Wall Token")
    assert wall["count"] == 2 and wall["blocking"] == [attacker]


def test_blockers_default_to_one_each_when_the_attackers_are_more_509_1a() -> None:
    table = Table()
    goblins = make(table, creature("Goblin Token", 1, 1), count=3)
    walls = make(table, creature("Wall Token", 2, 2), controller=1, count=2)
    attacker = attack_with(table, goblins, count=3)
    to_step(table, "declare_blockers")
    table.do("block", object=walls, count=2, attacker=attacker)
    blocked = [o for o in table.objects("Goblin Token") if o["blocked"]]
    assert sum(o["count"] for o in blocked) == 2


# 508.4a: a token put onto the battlefield attacking a planeswalker that has left.


def test_a_token_created_attacking_a_planeswalker_that_left_enters_not_attacking_508_4a() -> None:
    table = Table()
    walker = table.create(JACE, controller=1)[-1]["object"]
    to_step(table, "declare_attackers")
    table.do("move", object=walker, to="graveyard")  # a token: it ceases to exist (704.5d)
    table.create(creature("Goblin Token", 1, 1), attacking={"object": walker})
    goblin = table.one("Goblin Token")
    assert goblin["attacking"] is None
    assert "508.4a" in table.rules()


def test_a_token_created_attacking_a_card_planeswalker_in_the_graveyard_508_4a() -> None:
    table = Table()
    walker = table.put(JACE, controller=1)
    to_step(table, "declare_attackers")
    table.do("move", object=walker, to="graveyard")
    table.create(creature("Goblin Token", 1, 1), attacking={"object": walker})
    assert table.one("Goblin Token")["attacking"] is None
    assert "508.4a" in table.rules()


def test_an_id_the_game_never_gave_out_is_still_refused() -> None:
    table = Table()
    to_step(table, "declare_attackers")
    with pytest.raises(InvalidAction):
        table.create(creature("Goblin Token", 1, 1), attacking={"object": "o999"})


# 702.19b: lethal damage counts what other creatures assign the same blocker in this step.


@pytest.mark.parametrize("trampler_first", [True, False])
def test_a_trampler_sharing_a_blocker_counts_the_other_attackers_damage_702_19b(
    trampler_first: bool,
) -> None:
    table = Table()
    wurm_def = creature("Wurm Token", 5, 5, "Trample")
    bear_def = creature("Bear Token", 2, 2)
    first, second = (wurm_def, bear_def) if trampler_first else (bear_def, wurm_def)
    made = [make(table, first), make(table, second)]
    wall = make(
        table, creature("Wall Token", 0, 4, "Can block an additional creature each combat"), 1
    )
    attacking = [attack_with(table, made[0]), attack_with(table, made[1])]
    to_step(table, "declare_blockers")
    table.do("block", object=wall, attacker=attacking[0], also=[attacking[1]])
    to_step(table, "combat_damage")
    # The Bear's 2 and the Wurm's 2 are lethal for the 4-toughness Wall: 3 trample over.
    assert table.seat(1)["life"] == 17
    assert table.count("Wall Token") == 0


# 604.3: a characteristic-defining ability counting card types among cards in all graveyards.

TARMOGOYF = {
    "name": "Tarmogoyf",
    "types": ["Creature"],
    "subtypes": ["Lhurgoyf"],
    "colors": ["G"],
    "mana_cost": "{1}{G}",
    "power": "*",
    "toughness": "1+*",
    "effects": [{"kind": "cda_pt", "counts": "graveyard_card_types", "whose": "any"}],
}


def _goyf(table: Table, name: str) -> tuple[int, int]:
    found = table.one(name)
    return found["power"], found["toughness"]


def test_tarmogoyf_counts_card_types_in_all_graveyards_for_card_and_token_copy_604_3() -> None:
    table = Table()
    goyf = table.put(TARMOGOYF)
    table.do("create_copy", controller=1, of=goyf)
    assert table.count("Tarmogoyf") == 2
    assert [(o["power"], o["toughness"]) for o in table.objects("Tarmogoyf")] == [(0, 1), (0, 1)]
    table.put({"name": "Shock", "types": ["Instant"]}, controller=1, zone="graveyard")
    table.put({"name": "Bolt", "types": ["Instant"]}, controller=0, zone="graveyard")
    # Two instants are one card type; an artifact creature adds two more (205.2a).
    assert {(o["power"], o["toughness"]) for o in table.objects("Tarmogoyf")} == {(1, 2)}
    table.put(
        {"name": "Ornithopter", "types": ["Artifact", "Creature"], "supertypes": ["Legendary"]},
        zone="graveyard",
    )
    assert {(o["power"], o["toughness"]) for o in table.objects("Tarmogoyf")} == {(3, 4)}
    [copy] = [o for o in table.objects("Tarmogoyf") if o["token"]]
    assert copy["controller"] == 1


def test_a_token_in_a_graveyard_is_no_card_and_isnt_counted_604_3() -> None:
    table = Table()
    table.put(TARMOGOYF)
    table.create(SOLDIER)
    table.do("destroy", object=table.one("Soldier Token")["id"])
    assert _goyf(table, "Tarmogoyf") == (0, 1)
