"""Rules cases beyond the checklist, played through the public API (API.md): create a table,
post actions with expected_version, read the state, the events and the log."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from catalog.models import CardDefinition
from tests.play.api.apitable import ApiTable


@pytest.fixture
def catalog(db: Any) -> None:
    call_command("load_catalog", verbosity=0)


def test_704_5h_deathtouch_damage_destroys_part_of_a_stack_and_undo_restores_it(
    catalog: None,
) -> None:
    t = ApiTable()
    t.act({"type": "create_token", "controller": 0, "token": "mtg-wurm-6-6-g", "count": 3})
    snake = {
        "name": "Snake Token",
        "types": ["Creature"],
        "subtypes": ["Snake"],
        "colors": ["G"],
        "power": "1",
        "toughness": "1",
        "keywords": ["Deathtouch", "Lifelink"],
    }
    t.act({"type": "create_token", "controller": 1, "definition": snake})
    before = t.state
    wurms, snake_id = t.one("Wurm Token")["id"], t.one("Snake Token")["id"]
    t.act({"type": "damage", "object": wurms, "count": 2, "amount": 1, "source": snake_id})
    assert t.one("Wurm Token")["count"] == 1
    assert [s["life"] for s in t.state["seats"]] == [20, 22]
    rules = [e["rule"] for e in t.events]
    assert "702.15b" in rules and "704.5d" in rules
    assert any("704.5h" in e["text"] for e in t.events)
    t.undo()
    assert t.state["objects"] == before["objects"]
    assert t.state["seats"] == before["seats"]


def test_701_47a_amass_with_doubling_season_one_army_gets_the_counters(catalog: None) -> None:
    t = ApiTable()
    t.act({"type": "put_card", "controller": 0, "card": "mtg-doubling-season"})
    before = t.state
    t.act({"type": "amass", "controller": 0, "amount": 2})
    [army] = t.objects("Zombie Army Token")
    assert (army["count"], army["power"], army["counters"]) == (1, 4, {"+1/+1": 4})
    assert [e["rule"] for e in t.events if e["type"] in ("amassed", "ceased_to_exist")] == [
        "701.47a",
        "704.5d",
    ]
    t.act({"type": "amass", "controller": 0, "amount": 1})
    assert [(o["count"], o["power"]) for o in t.objects("Zombie Army Token")] == [(1, 6)]
    logged = [entry for entry in t.log() if not entry.get("undone")]
    assert logged, "the log lists the actions"
    t.undo()
    t.undo()
    assert t.state["objects"] == before["objects"]


def test_701_36b_populate_without_creature_tokens_creates_nothing(catalog: None) -> None:
    t = ApiTable()
    t.act({"type": "create_token", "controller": 0, "token": "mtg-treasure"})
    t.act({"type": "populate", "controller": 0})
    assert [o["name"] for o in t.state["objects"]] == ["Treasure Token"]
    assert t.events[0]["rule"] == "701.36b"
    treasure = t.one("Treasure Token")["id"]
    body = t.act({"type": "populate", "controller": 0, "of": treasure}, status=422)
    assert body["rule"] == "701.36a"


def test_613_4c_angel_of_invention_buffs_other_creatures_not_itself(catalog: None) -> None:
    t = ApiTable()
    t.act({"type": "put_card", "controller": 0, "card": "mtg-angel-of-invention"})
    # Its fabricate 2 (702.123a) asks: two +1/+1 counters on it, or two Servos.
    assert t.state["pending_choice"]["kind"] == "fabricate"
    t.act({"type": "choose", "choice": "servos"})
    assert (t.one("Angel of Invention")["power"], t.one("Servo Token")["power"]) == (2, 2)
    assert t.one("Servo Token")["count"] == 2
    angel = t.one("Angel of Invention")["id"]
    t.act({"type": "create_copy", "controller": 0, "of": angel, "count": 2})
    while t.state.get("pending_choice"):  # each copy's fabricate: counters this time
        t.act({"type": "choose", "choice": "counters"})
    angels = t.objects("Angel of Invention")
    # Each Angel gets +1/+1 from each other one; the copies also carry their two counters.
    assert [(o["count"], o["power"], o["toughness"]) for o in angels] == [(1, 4, 3), (2, 6, 5)]
    assert t.one("Servo Token")["power"] == 4


def test_508_4_tokens_put_onto_the_battlefield_attacking_seat_0(catalog: None) -> None:
    t = ApiTable()
    t.act({"type": "pass_turn"})
    t.act({"type": "next_step"})
    t.act({"type": "next_step"})
    assert (t.state["active_seat"], t.state["step"]) == (1, "declare_attackers")
    goblin = {"type": "create_token", "controller": 1, "token": "mtg-goblin-1-1-r"}
    t.act({**goblin, "count": 2, "attacking": 0})
    [stack] = t.objects("Goblin Token")
    assert (stack["count"], stack["tapped"], stack["attacking"]) == (2, True, {"seat": 0})
    t.act({"type": "create_token", "controller": 0, "token": "mtg-soldier-1-1-w", "attacking": 1})
    assert t.one("Soldier Token")["attacking"] is None
    assert t.events[0]["rule"] == "506.3b"
    body = t.act({**goblin, "attacking": 1}, status=422)
    assert body["rule"] == "508.4"


def test_800_4a_a_player_who_loses_a_multiplayer_game_takes_their_tokens(catalog: None) -> None:
    t = ApiTable(players=("Ann", "Ben", "Cid"))
    t.act({"type": "create_token", "controller": 1, "token": "mtg-soldier-1-1-w", "count": 3})
    t.act({"type": "create_token", "controller": 0, "token": "mtg-goblin-1-1-r", "count": 2})
    soldiers, goblins = t.one("Soldier Token")["id"], t.one("Goblin Token")["id"]
    t.act({"type": "gain_control", "object": soldiers, "count": 1, "seat": 0})
    t.act({"type": "gain_control", "object": goblins, "count": 1, "seat": 1})
    t.act({"type": "adjust_life", "seat": 1, "amount": -20})
    assert [(o["name"], o["count"], o["controller"]) for o in t.state["objects"]] == [
        ("Goblin Token", 2, 0)
    ]
    assert {"704.5a", "800.4a"} <= {e["rule"] for e in t.events}


def test_604_3_a_star_star_token_is_not_killed_as_a_0_0(catalog: None) -> None:
    t = ApiTable()
    avatar = {
        "name": "Avatar Token",
        "types": ["Creature"],
        "subtypes": ["Avatar"],
        "colors": ["W"],
        "power": "*",
        "toughness": "*",
    }
    t.act({"type": "create_token", "controller": 0, "definition": avatar})
    token = t.one("Avatar Token")["id"]
    t.act({"type": "set_pt", "object": token, "power": 20, "toughness": 20})
    assert (t.one("Avatar Token")["power"], t.one("Avatar Token")["toughness"]) == (20, 20)


def test_306_5b_a_catalogue_planeswalker_enters_with_its_printed_loyalty_doubled_by_doubling_season(
    catalog: None,
) -> None:
    t = ApiTable()
    t.act({"type": "put_card", "controller": 0, "card": "mtg-elspeth-storm-slayer"})
    assert t.one("Elspeth, Storm Slayer")["counters"] == {"loyalty": 5}
    assert any("306.5b" in e["text"] for e in t.events)
    t.undo()
    t.act({"type": "put_card", "controller": 0, "card": "mtg-doubling-season"})
    t.act({"type": "put_card", "controller": 0, "card": "mtg-elspeth-storm-slayer"})
    assert t.one("Elspeth, Storm Slayer")["counters"] == {"loyalty": 10}  # 122.6
    assert any(e["text"].startswith("Doubling Season applied") for e in t.events)
    t.act({"type": "damage", "object": t.one("Elspeth, Storm Slayer")["id"], "amount": 10})
    assert t.objects("Elspeth, Storm Slayer") == []  # 120.3c, 704.5i


def test_111_10_two_manufactors_replace_a_gingerbrute_copy_by_three_of_each(catalog: None) -> None:
    """A token copy of an "Artifact Creature - Food Golem" is a Food token (205.3g): the first
    Academy Manufactor replaces it by one predefined Clue, Food and Treasure (111.10), the second
    applies to the modified event (616.1e): 3 of each and no copy."""
    CardDefinition.objects.create(
        slug="mtg-gingerbrute",
        game_id="mtg",
        name="Gingerbrute",
        mana_cost="{1}",
        types=["Artifact", "Creature"],
        subtypes=["Food", "Golem"],
        power="1",
        toughness="1",
        keywords=["Haste"],
    )
    t = ApiTable()
    t.act({"type": "put_card", "controller": 0, "card": "mtg-academy-manufactor", "count": 2})
    t.act({"type": "put_card", "controller": 0, "card": "mtg-gingerbrute", "zone": "exile"})
    gingerbrute = t.one("Gingerbrute", zone="exile")["id"]
    t.act({"type": "create_copy", "controller": 0, "of": gingerbrute})
    assert t.state["pending_choice"] is None
    counts = {
        name: sum(o["count"] for o in t.objects(name))
        for name in ("Clue Token", "Food Token", "Treasure Token", "Gingerbrute")
    }
    assert counts == {"Clue Token": 3, "Food Token": 3, "Treasure Token": 3, "Gingerbrute": 0}
    assert all(o["copy_of"] is None for o in t.objects() if o["token"])


def test_502_3_untap_pass_turn_and_undo_work_with_stacks_at_the_cap(catalog: None) -> None:
    """Two full stacks of a billion Treasures, one tapped: the untap step untaps it (502.3) and
    the stacks stay two full ones instead of the action being refused; undo goes back."""
    t = ApiTable()
    treasure = {"type": "create_token", "controller": 0, "token": "mtg-treasure"}
    t.act({**treasure, "count": 10**9})
    t.act({**treasure, "count": 10**9})
    first = t.objects("Treasure Token")[0]["id"]
    t.act({"type": "tap", "object": first, "count": 10**9})
    t.act({"type": "untap", "object": first, "count": 10**9})
    t.act({"type": "tap", "object": first, "count": 10**9})
    t.act({"type": "pass_turn"})
    t.act({"type": "pass_turn"})
    stacks = [(o["count"], o["tapped"]) for o in t.objects("Treasure Token")]
    assert stacks == [(10**9, False), (10**9, False)]
    t.undo()
    t.undo()
    assert sorted(o["tapped"] for o in t.objects("Treasure Token")) == [False, True]
