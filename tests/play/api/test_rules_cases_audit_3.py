"""The third audit's rules cases and what players could not say before, played through the
public API (MTG CR 2026-09-25, Riftbound Core Rules v1.3). Each expected result was worked out
from the rule text before the case was run; each case ends with ``settled`` (the stored state
is the replay of the log, and undo restores the state before the last action)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.management import call_command

from catalog.models import TokenDefinition, TokenPrinting
from tests.play.api.test_rules_cases_combat import Judge, cites, creature, make, table


@pytest.fixture
def catalog(db: Any) -> None:
    call_command("load_catalog", verbosity=0)


# --- 702.19b: a trampler sharing its blocker ------------------------------------------------


def test_702_19b_lethal_counts_the_other_attackers_damage_whatever_was_created_first(
    catalog: None,
) -> None:
    """A 4-toughness Wall blocks a 5/5 trampler and a 2/2: the 2/2's 2 counts toward lethal, so
    the trampler needs to assign only 2 and tramples over 3: Ben 17. The Wurm is created first,
    so it is first in table order."""
    t = table()
    wurm = make(t, 0, creature("Wurm Token", "5", "5", "Trample"))
    bear = make(t, 0, creature("Bear Token", "2", "2"))
    wall = make(
        t,
        1,
        {
            **creature("Wall Token", "0", "4"),
            "keywords": ["Can block an additional creature each combat"],
        },
    )
    t.to("declare_attackers")
    t.act({"type": "attack", "object": wurm, "defender": 1})
    t.act({"type": "attack", "object": bear, "defender": 1})
    t.to("declare_blockers")
    t.act({"type": "block", "object": wall, "attacker": wurm, "also": [bear]})
    t.act({"type": "next_step"})
    assert t.state["step"] == "combat_damage"
    assert t.state["pending_choice"] is None
    assert t.seat(1)["life"] == 17
    assert t.objects("Wall Token") == []
    t.settled()


# --- 508.4a: created attacking a planeswalker that left ---------------------------------------


def test_508_4a_a_token_created_attacking_a_planeswalker_that_left_is_created_not_attacking(
    catalog: None,
) -> None:
    t = table()
    walker = {"name": "Ben's Walker", "types": ["Planeswalker"], "loyalty": "2"}
    t.act({"type": "create_token", "controller": 1, "definition": walker})
    walker_id = t.oid("Ben's Walker")
    t.to("declare_attackers")
    t.act({"type": "move", "object": walker_id, "to": "graveyard"})
    t.act(
        {
            "type": "create_token",
            "controller": 0,
            "definition": creature("Cat Token", "2", "2"),
            "attacking": {"object": walker_id},
        }
    )
    assert t.one("Cat Token")["attacking"] is None
    assert cites(t, "508.4a")
    t.settled()


# --- 111.4 + 701.71a: "Jace Token" ------------------------------------------------------------


def test_111_4_empower_jace_names_its_token_jace_token(catalog: None) -> None:
    t = table()
    t.act({"type": "empower_jace", "seat": 0, "amount": 2})
    jace = t.one("Jace Token")
    assert jace["subtypes"] == ["Jace"] and jace["counters"] == {"loyalty": 2}
    t.act({"type": "empower_jace", "seat": 0, "amount": 1})
    assert t.one("Jace Token")["counters"] == {"loyalty": 3}  # found again as a Jace token
    t.settled()


# --- 725.2: the monarch draws at their end step -----------------------------------------------


def test_725_2_the_monarch_draws_at_the_beginning_of_their_end_step(catalog: None) -> None:
    t = table()
    t.act({"type": "set_designation", "seat": 0, "designation": "monarch"})
    hand, library = t.seat(0)["hand"], t.seat(0)["library"]
    t.to("end")
    assert (t.seat(0)["hand"], t.seat(0)["library"]) == (hand + 1, library - 1)
    assert cites(t, "725.2")
    t.settled()


# --- block: default count ---------------------------------------------------------------------


def test_block_default_two_blockers_block_a_lone_attacker(catalog: None) -> None:
    t = table()
    ogre = make(t, 0, creature("Ogre Token", "3", "3"))
    walls = make(t, 1, creature("Wall Token", "1", "2"), 2)
    t.to("declare_attackers")
    t.act({"type": "attack", "object": ogre, "defender": 1})
    t.to("declare_blockers")
    t.act({"type": "block", "object": walls, "count": 2, "attacker": ogre})
    [wall] = t.objects("Wall Token")
    assert wall["count"] == 2 and wall["blocking"] == [ogre]
    t.settled()


# --- 604.3: Tarmogoyf, card and token copy ----------------------------------------------------


def test_604_3_tarmogoyf_and_its_token_copy_count_card_types_in_all_graveyards(
    catalog: None,
) -> None:
    t = table()
    t.act({"type": "put_card", "controller": 0, "card": "mtg-tarmogoyf"})
    goyf = t.oid("Tarmogoyf")
    t.act({"type": "create_copy", "controller": 1, "of": goyf})
    assert [(o["power"], o["toughness"]) for o in t.objects("Tarmogoyf")] == [(0, 1), (0, 1)]
    bolt = {"name": "Bolt", "types": ["Instant"]}
    t.act({"type": "put_card", "controller": 1, "definition": bolt, "zone": "graveyard"})
    land = {"name": "Dryad Arbor", "types": ["Land", "Creature"]}
    t.act({"type": "put_card", "controller": 0, "definition": land, "zone": "graveyard"})
    assert [(o["power"], o["toughness"]) for o in t.objects("Tarmogoyf")] == [(3, 4), (3, 4)]
    t.settled()


# --- art credit -------------------------------------------------------------------------------


def test_a_tokens_art_credit_is_the_artist_of_the_printing_its_picture_comes_from(
    catalog: None,
) -> None:
    t = table()
    token = TokenDefinition.objects.get(slug="mtg-treasure")
    TokenPrinting.objects.filter(token=token).delete()
    TokenPrinting.objects.create(
        token=token, set_code="a", picture_url="https://img.example/a.jpg", source="cockatrice"
    )
    TokenPrinting.objects.create(
        token=token,
        set_code="b",
        picture_url="https://img.example/b.jpg",
        art_crop_url="https://img.example/b-crop.jpg",
        artist="Ann Artist",
        source="scryfall",
    )
    body: Any = t.client.get("/api/v1/tokens/mtg-treasure/").json()
    assert body["artist"] == "Ann Artist"
    assert body["images"]["normal"] == "https://img.example/b.jpg"


# --- counters of 0 ----------------------------------------------------------------------------


def test_counters_of_zero_are_accepted_and_put_none(catalog: None) -> None:
    t = table()
    t.act({"type": "put_card", "controller": 0, "card": "mtg-hardened-scales"}, status=200)
    t.act(
        {
            "type": "create_token",
            "controller": 0,
            "definition": creature("Hydra Token", "0", "0"),
            "counters": {"+1/+1": 0},
        }
    )
    # X = 0: no counter is put, so Hardened Scales adds none; the 0/0 dies (704.5f).
    assert t.objects("Hydra Token") == []
    assert cites(t, "704.5f")
    t.settled()


# --- Riftbound ------------------------------------------------------------------------------


def _rb_unit(name: str, might: int) -> dict[str, Any]:
    return {"name": name, "types": ["Unit"], "might": might}


def _rb_put(t: Judge, seat: int, definition: dict[str, Any], to: str | None = None) -> str:
    t.act({"type": "put_card", "controller": seat, "definition": definition})
    object_id = str(t.events[-1]["object"])
    if to is not None:
        t.act({"type": "move", "object": object_id, "to": to})
    return object_id


def test_rb_459_2_b_1_combat_without_attacker_takes_who_applied_contested(
    catalog: None,
) -> None:
    t = table(game="riftbound")
    _rb_put(t, 0, _rb_unit("Guard", 2), "bf1")
    _rb_put(t, 1, _rb_unit("Raider", 4), "bf1")
    assert t.state["battlefields"][0]["contested_by"] == 1
    t.act({"type": "combat", "battlefield": "bf1"})
    combat = next(e for e in t.events if e["type"] == "combat")
    assert (combat["attacker"], combat["defender"]) == (1, 0)
    assert t.state["battlefields"][0]["controller"] == 1
    t.settled()


def test_rb_179_180_a_token_another_player_controls(catalog: None) -> None:
    t = table(game="riftbound")
    t.act({"type": "create_token", "controller": 1, "owner": 0, "token": "rb-recruit"})
    [recruit] = t.state["objects"]
    assert (recruit["controller"], recruit["owner"]) == (1, 0)
    t.settled()


def test_rb_149_434_gear_played_at_a_battlefield_and_equipped(catalog: None) -> None:
    t = table(game="riftbound")
    hero = _rb_put(t, 0, _rb_unit("Hero", 3), "bf1")
    sword = {"name": "Longsword", "types": ["Gear"], "tags": ["Equipment"], "might": 2}
    t.act(
        {
            "type": "put_card",
            "controller": 0,
            "definition": sword,
            "location": "bf1",
            "permitted": True,
        }
    )
    sword_id = str(t.events[0]["object"])
    assert cites(t, "149.3")  # unattached gear at a battlefield is recalled
    t.act({"type": "equip", "object": sword_id, "to": hero})
    by_id = {o["id"]: o for o in t.state["objects"]}
    assert by_id[sword_id]["attached_to"] == hero and by_id[sword_id]["location"] == "bf1"
    assert by_id[hero]["might"] == 5
    t.settled()


def test_grant_first_strike_mid_combat_and_tank_this_turn(catalog: None) -> None:
    t = table()
    knight = make(t, 0, creature("Knight Token", "2", "2"))
    ogre = make(t, 1, creature("Ogre Token", "2", "2"))
    t.to("declare_attackers")
    t.act({"type": "attack", "object": knight, "defender": 1})
    t.to("declare_blockers")
    t.act({"type": "block", "object": ogre, "attacker": knight})
    t.act({"type": "grant", "object": knight, "keywords": ["First strike"]})
    assert "First strike" in t.one("Knight Token")["keywords"]
    t.to("combat_damage")
    assert t.objects("Ogre Token") == [] and t.one("Knight Token")["damage"] == 0
    t.settled()

    r = table(game="riftbound")
    pawn = _rb_put(r, 1, _rb_unit("Pawn", 1), "bf2")
    knight = _rb_put(r, 1, _rb_unit("Knight", 3), "bf2")
    _rb_put(r, 0, _rb_unit("Archer", 3), "bf2")
    r.act({"type": "grant", "object": knight, "keywords": ["Tank"]})
    r.act({"type": "combat", "battlefield": "bf2"})
    zones = {o["id"]: o["zone"] for o in r.state["objects"]}
    assert (zones[knight], zones[pawn]) == ("trash", "board")
    r.settled()


def test_a_wrath_destroys_several_stacks_at_once_their_triggers_seeing_each_other(
    catalog: None,
) -> None:
    t = table()
    zulaport = {
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
    t.act({"type": "put_card", "controller": 0, "definition": zulaport})
    cutthroat = t.oid("Zulaport Cutthroat")
    goblins = make(t, 0, creature("Goblin Token", "1", "1"), 3)
    t.act(
        {
            "type": "destroy",
            "objects": [{"object": cutthroat}, {"object": goblins, "count": 3}],
        }
    )
    assert (t.seat(0)["life"], t.seat(1)["life"]) == (24, 16)
    t.settled()
    bad = t.act({"type": "destroy", "objects": [{"object": "o999"}]}, status=400)
    assert bad["detail"]

    r = table(game="riftbound")
    r.act({"type": "create_token", "controller": 0, "token": "rb-recruit", "count": 3})
    r.act({"type": "create_token", "controller": 1, "token": "rb-recruit", "count": 2})
    mine, theirs = (o["id"] for o in r.state["objects"])
    r.act({"type": "kill", "objects": [{"object": mine, "count": 3}, {"object": theirs}]})
    assert [(o["controller"], o["count"]) for o in r.state["objects"]] == [(1, 1)]
    r.settled()
