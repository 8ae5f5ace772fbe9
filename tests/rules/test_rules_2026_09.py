"""What the Comprehensive Rules of September 25, 2026 changed: empower Jace (701.71) and the
edition the kernel reports (Heartwood, 111.10x, is with the predefined tokens)."""

from __future__ import annotations

from rules.mtg import RULES_EDITION
from tests.rules.conftest import DOUBLING_SEASON, GOBLIN, Table
from tests.rules.test_combat import attack_with, creature, make

JACE_CARD = {
    "name": "Jace Beleren",
    "types": ["Planeswalker"],
    "subtypes": ["Jace"],
    "loyalty": "3",
}


def jaces(table: Table) -> list[tuple[bool, int, int]]:
    return [
        (o["token"], o["count"], o["counters"].get("loyalty", 0))
        for o in table.objects()
        if "Jace" in o["subtypes"]
    ]


def test_the_kernel_follows_the_rules_of_2026_09_25() -> None:
    assert RULES_EDITION == "2026-09-25"


def test_empower_jace_creates_a_blue_jace_token_with_n_loyalty_701_71a() -> None:
    table = Table()
    events = table.do("empower_jace", seat=0, amount=3)
    jace = table.one("Jace Token")  # 111.4: the effect names no name
    assert jace["token"] and jace["colors"] == ["U"] and jace["types"] == ["Planeswalker"]
    assert jace["counters"] == {"loyalty": 3}
    assert "Surveil 1" in jace["text"] and "Draw a card" in jace["text"]
    assert events[-1]["rule"] == "701.71a"


def test_empower_jace_adds_to_the_jace_token_you_control_but_a_card_doesnt_count_701_71a() -> None:
    table = Table()
    table.put(JACE_CARD)
    table.do("empower_jace", seat=0, amount=2)
    table.do("empower_jace", seat=0, amount=1)
    assert sorted(jaces(table)) == [(False, 1, 3), (True, 1, 3)]


def test_empower_jace_zero_leaves_a_jace_that_dies_704_5i() -> None:
    table = Table()
    table.do("empower_jace", seat=0, amount=0)
    assert jaces(table) == []


def test_with_doubling_season_two_jaces_one_gets_the_doubled_counters_701_71a_704_5i() -> None:
    table = Table()
    table.put(DOUBLING_SEASON)
    table.do("empower_jace", seat=0, amount=3)
    assert jaces(table) == [(True, 1, 6)]
    assert any(e["type"] == "ceased_to_exist" for e in table.events)


def test_empower_jace_as_an_ability_of_a_card() -> None:
    table = Table()
    relic = table.put(
        {
            "name": "Mind Relic",
            "types": ["Artifact"],
            "abilities": [
                {
                    "text": "{T}: Empower Jace 2.",
                    "cost": {"tap": True},
                    "effect": {"kind": "empower_jace", "amount": 2},
                }
            ],
        }
    )
    table.do("activate", object=relic, ability=0)
    assert jaces(table) == [(True, 1, 2)]


# "*" power and toughness (604.3, 613.4a)

CDA_SOLDIER = {
    "name": "Crusader Token",
    "types": ["Creature"],
    "subtypes": ["Soldier"],
    "power": "*",
    "toughness": "*",
    "effects": [
        {"kind": "cda_pt", "counts": "permanents", "filter": {"types": ["Creature"]}},
    ],
}


def test_a_star_that_counts_creatures_you_control_is_computed_604_3() -> None:
    table = Table()
    table.do("create_token", controller=0, definition=CDA_SOLDIER)
    assert (table.one("Crusader Token")["power"], table.one("Crusader Token")["toughness"]) == (
        1,
        1,
    )
    table.do("create_token", controller=0, definition=GOBLIN, count=3)
    table.do("create_token", controller=1, definition=GOBLIN, count=5)  # not Ann's
    assert table.one("Crusader Token")["power"] == 4
    assert table.one("Crusader Token")["base_power"] == 4


def test_one_plus_star_counts_cards_in_all_graveyards_for_toughness_only_604_3() -> None:
    table = Table()
    goyf = {
        "name": "Goyf Token",
        "types": ["Creature"],
        "subtypes": ["Lhurgoyf"],
        "power": "*",
        "toughness": "1+*",
        "effects": [
            {"kind": "cda_pt", "counts": "graveyard_cards", "whose": "any", "sets": "toughness"}
        ],
    }
    table.do("create_token", controller=0, definition=goyf)
    table.put({"name": "Shock", "types": ["Instant"]}, controller=1, zone="graveyard")
    table.put({"name": "Bolt", "types": ["Instant"]}, controller=0, zone="graveyard")
    assert (table.one("Goyf Token")["power"], table.one("Goyf Token")["toughness"]) == (0, 3)


def test_a_star_the_kernel_cant_count_is_shown_as_star_and_set_by_hand_604_3() -> None:
    table = Table()
    avatar = {**CDA_SOLDIER, "name": "Avatar Token", "effects": []}
    table.do("create_token", controller=0, definition=avatar)
    shown = table.one("Avatar Token")
    assert (shown["power"], shown["base_power"], shown["base_toughness"]) == (None, "*", "*")
    table.do("set_pt", object=shown["id"], power=20, toughness=20)
    assert table.one("Avatar Token")["power"] == 20


# 506.6 (new in this edition): attacks a player alone; 506.5 and 506.6 count declared attackers


def test_each_of_two_attackers_at_two_players_attacks_a_player_alone_506_6() -> None:
    table = Table(players=("Ann", "Ben", "Cara"))
    bear = make(table, creature("Bear Token", 2, 2))
    wolves = make(table, creature("Wolf Token", 2, 2), count=2)
    attack_with(table, bear, defender=1)
    table.do("attack", object=wolves, count=2, defender=2)
    events = table.do("next_step")
    alone = [(e["rule"], e["object"], e["seat"]) for e in events if e["rule"] == "506.6"]
    assert alone == [("506.6", bear, 1)]
    assert not [e for e in events if e["rule"] == "506.5"]


def test_an_attack_on_a_planeswalker_is_not_an_attack_on_a_player_506_6() -> None:
    table = Table()
    walker = {"name": "Walker", "types": ["Planeswalker"], "loyalty": "3"}
    table.do("put_card", controller=1, definition=walker)
    walker_id = table.one("Walker")["id"]
    bear = make(table, creature("Bear Token", 2, 2))
    attack_with(table, bear, defender={"object": walker_id})
    events = table.do("next_step")
    assert [e["rule"] for e in events if e["rule"] in ("506.5", "506.6")] == ["506.5"]


def test_a_token_put_onto_the_battlefield_attacking_was_not_declared_506_5_508_4() -> None:
    table = Table()
    knight = make(table, creature("Knight Token", 2, 2))
    attack_with(table, knight, defender=1)
    table.do("create_token", controller=0, definition=creature("Knight Token", 2, 2), attacking=1)
    events = table.do("next_step")
    assert [e["rule"] for e in events if e["rule"] in ("506.5", "506.6")] == ["506.6", "506.5"]
