"""Protection and Auras (CR 702.16c/d/j, 303.4i/j): RULES.md C.4.31."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalAction
from rules.mtg.protection import protection_from, qualities
from rules.state import Face
from tests.rules.conftest import DOUBLING_SEASON, Table


def bear(name: str, *keywords: str, colors: tuple[str, ...] = ("G",)) -> dict[str, Any]:
    return {
        "name": name,
        "types": ["Creature"],
        "subtypes": ["Bear"],
        "colors": list(colors),
        "power": "2",
        "toughness": "2",
        "keywords": list(keywords),
    }


RED_AURA = {
    "name": "Red Aura",
    "types": ["Enchantment"],
    "subtypes": ["Aura"],
    "colors": ["R"],
    "keywords": ["Enchant creature"],
    "effects": [{"kind": "aura", "power": 1, "toughness": 1}],
}
SWORD = {
    "name": "Plain Sword",
    "types": ["Artifact"],
    "subtypes": ["Equipment"],
    "effects": [{"kind": "aura", "power": 2, "toughness": 0}],
}


def test_protection_from_a_and_from_b_is_two_protections_702_16g() -> None:
    assert qualities("Protection from red and from blue") == ["red", "blue"]
    assert qualities("Protection from white, from blue, and from black") == [
        "white",
        "blue",
        "black",
    ]
    assert qualities("Protection from enchantments") == ["enchantments"]
    assert qualities("Flying") == []


def test_protection_matches_colors_types_and_everything_702_16a_702_16j() -> None:
    role = Face(name="Monster", types=("Enchantment",), subtypes=("Aura", "Role"))
    red = Face(name="Red Aura", types=("Enchantment",), subtypes=("Aura",), colors=("R",))
    assert protection_from(["Protection from enchantments"], role) is not None
    assert protection_from(["Protection from everything"], role) is not None
    assert protection_from(["Protection from red"], role) is None  # a Role is colorless
    assert protection_from(["Protection from red"], red) == "Protection from red"
    assert protection_from(["Protection from the chosen color"], red, "R") is not None
    assert protection_from(["Protection from the chosen color"], red, "U") is None
    assert protection_from(["Protection from artifacts"], role) is None
    assert protection_from(["Protection from Auras"], role) == "Protection from Auras"
    assert protection_from(["Protection from Roles"], role) is not None
    assert protection_from(["Protection from Goblins"], role) is None


def test_a_role_for_a_creature_with_protection_from_enchantments_is_never_created_303_4i(
    table: Table,
) -> None:
    table.put(DOUBLING_SEASON)
    warded = table.put(bear("Warded Bear", "Protection from enchantments"))
    table.do("pump", object=warded, power=2, toughness=0, until="end_of_turn")
    events = table.create(token="mtg-monster-role", attach_to=warded)
    assert [e["type"] for e in events] == ["not_created"]  # no replacement_applied either
    assert events[0]["rule"] == "303.4i"
    assert "protection from enchantments" in events[0]["text"]
    assert table.count("Monster", zone=None) == 0
    assert (table.one("Warded Bear")["power"], table.one("Warded Bear")["toughness"]) == (4, 2)


def test_protection_from_everything_stops_every_aura_702_16j(table: Table) -> None:
    shielded = table.put(bear("Sanctified Bear", "Protection from everything"))
    events = table.create(token="mtg-cursed-role", attach_to=shielded)
    assert table.rules() == ["303.4i"]
    assert events[0]["type"] == "not_created"
    with pytest.raises(IllegalAction) as caught:
        table.do("put_card", controller=0, definition=RED_AURA, attach_to=shielded)
    assert caught.value.rule == "303.4i"
    assert table.objects(zone=None) == table.objects("Sanctified Bear", zone=None)


def test_an_aura_on_the_battlefield_does_not_move_onto_protection_303_4j(table: Table) -> None:
    plain = table.put(bear("Grizzly Bears"))
    warded = table.put(bear("Warded Bear", "Protection from red"))
    table.do("put_card", controller=0, definition=RED_AURA, attach_to=plain)
    aura = table.one("Red Aura")
    with pytest.raises(IllegalAction) as caught:
        table.do("attach", object=aura["id"], to=warded)
    assert caught.value.rule == "303.4j"
    assert table.one("Red Aura")["attached_to"] == plain
    assert table.one("Grizzly Bears")["power"] == 3


def test_enchant_creature_onto_a_noncreature_takes_the_same_path_303_4i(table: Table) -> None:
    enchantment = table.put({"name": "Plain Enchantment", "types": ["Enchantment"]})
    events = table.create(token="mtg-monster-role", attach_to=enchantment)
    assert [(e["type"], e["rule"]) for e in events] == [("not_created", "303.4i")]
    with pytest.raises(IllegalAction) as caught:
        table.do("put_card", controller=0, definition=RED_AURA, attach_to=enchantment)
    assert caught.value.rule == "303.4i"


def test_the_other_batches_of_the_event_are_still_created_303_4i(table: Table) -> None:
    warded = table.put(bear("Warded Bear", "Protection from enchantments"))
    table.create(token="mtg-monster-role", attach_to=warded)
    table.create(token="mtg-treasure")
    assert table.count("Treasure Token") == 1


def test_an_aura_whose_host_gains_protection_goes_to_the_graveyard_702_16c(
    table: Table,
) -> None:
    host = table.put(bear("Grizzly Bears"))
    table.do("put_card", controller=0, definition=RED_AURA, attach_to=host)
    table.put(
        {
            "name": "Anti-Red Banner",
            "types": ["Enchantment"],
            "effects": [
                {
                    "kind": "anthem",
                    "keywords": ["Protection from red"],
                    "filter": {"types": ["Creature"]},
                }
            ],
        }
    )
    assert table.count("Red Aura") == 0
    assert "704.5m" in " ".join(e["text"] for e in table.events)


def test_equipment_can_t_be_attached_to_protection_from_artifacts_702_16d(table: Table) -> None:
    warded = table.put(bear("Warded Bear", "Protection from artifacts"))
    table.put(SWORD)
    with pytest.raises(IllegalAction) as caught:
        table.do("attach", object=table.one("Plain Sword")["id"], to=warded)
    assert caught.value.rule == "701.3b"
