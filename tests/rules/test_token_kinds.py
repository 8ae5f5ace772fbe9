"""A token is of every kind its subtypes name (205.3g, 205.3h, 111.10): a token copy of an
"Artifact Creature - Food Golem" is a Food token. Replacement effects that name a kind (Xorn,
Academy Manufactor) apply to it like to the predefined token (614.1a, 616.1)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.effects import TokenFilter, is_kind
from rules.mtg.predefined import predefined_tokens
from tests.rules.conftest import DOUBLING_SEASON, Table, card

MANUFACTOR = card(
    "Academy Manufactor",
    [{"kind": "token_one_of_each", "tokens": ["mtg-clue", "mtg-food", "mtg-treasure"]}],
    types=["Artifact", "Creature"],
    subtypes=["Assembly-Worker"],
    power="1",
    toughness="3",
)
CHATTERFANG = card(
    "Chatterfang, Squirrel General",
    [{"kind": "token_extra", "count": "that_many", "token": "mtg-squirrel-1-1-g"}],
    types=["Creature"],
    supertypes=["Legendary"],
    subtypes=["Squirrel", "Warrior"],
    power="3",
    toughness="3",
)
SQUIRREL = {
    "name": "Squirrel Token",
    "types": ["Creature"],
    "subtypes": ["Squirrel"],
    "colors": ["G"],
    "power": "1",
    "toughness": "1",
}
CHATTERFANG["effects"][0]["definition"] = SQUIRREL
GINGERBRUTE = {
    "name": "Gingerbrute",
    "mana_cost": "{1}",
    "types": ["Artifact", "Creature"],
    "subtypes": ["Food", "Golem"],
    "power": "1",
    "toughness": "1",
    "keywords": ["Haste"],
}
_NOT_KINDS = {"Aura", "Role"}
"""A Role is an Aura and needs a creature to enchant (303.4): its kind is tested elsewhere."""
KINDS = sorted(
    {
        kind
        for token in predefined_tokens()
        if {"Artifact", "Enchantment"} & set(token["types"])
        for kind in token["subtypes"]
        if kind not in _NOT_KINDS
    }
)
ONE_OF_EACH = ("Clue Token", "Food Token", "Treasure Token")


def _golem_of(kind: str) -> dict[str, Any]:
    """A card that is a ``kind`` among other types and subtypes (205.3g): "Artifact Creature -
    [kind] Golem" (an enchantment creature for an enchantment kind)."""
    family = "Enchantment" if kind == "Shard" else "Artifact"
    return {
        "name": f"{kind} Golem",
        "types": [family, "Creature"],
        "subtypes": [kind, "Golem"],
        "power": "2",
        "toughness": "2",
    }


def _counts(table: Table, names: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(table.count(name) for name in names)


def _predefined(table: Table, name: str) -> None:
    """The tokens the replacement creates are the ordinary predefined ones (111.10)."""
    for stack in table.objects(name):
        assert stack["copy_of"] is None and stack["types"] == ["Artifact"], stack
        assert len(stack["subtypes"]) == 1 and stack["power"] is None, stack


def test_it_calls_a_token_a_kind_when_it_has_that_subtype_among_others_205_3g() -> None:
    assert is_kind(("Food", "Golem"), "Food") and is_kind(("Golem", "Food"), "Food")
    assert not is_kind(("Golem",), "Food")
    xorn = TokenFilter(subtypes=("Treasure",))
    assert xorn.matches(("Artifact", "Creature"), ("Treasure", "Construct"), True)
    assert TokenFilter(any_subtypes=("Cat", "Dog")).matches((), ("Dog", "Bird"), True)


@pytest.mark.parametrize("kind", KINDS)
def test_it_applies_a_replacement_naming_a_kind_to_a_copy_with_more_subtypes_614_1a(
    kind: str,
) -> None:
    """ "If you would create one or more [kind] tokens, instead create those tokens plus an
    additional [kind] token" (Xorn's wording) sees a token copy of a [kind] Golem (205.3g)."""
    table = Table()
    slug = next(t["id"] for t in predefined_tokens() if kind in t["subtypes"])
    extra = {"kind": "token_extra", "count": 1, "token": slug, "filter": {"subtypes": [kind]}}
    table.put(card(f"{kind} Xorn", [extra], types=["Creature"], power="3", toughness="2"))
    table.do("create_copy", controller=0, definition=_golem_of(kind), card="golem")
    assert table.count(f"{kind} Golem") == 1
    [plain] = [o for o in table.objects() if o["token"] and o["definition"] == slug]
    assert plain["count"] == 1 and plain["subtypes"][-1] == kind
    assert "616.1" in table.rules()


@pytest.mark.parametrize("kind", ["Clue", "Food", "Treasure"])
def test_manufactor_replaces_a_kind_token_with_extra_subtypes_by_the_predefined_three_111_10(
    kind: str,
) -> None:
    table = Table()
    table.put(MANUFACTOR)
    table.create({"types": ["Artifact"], "subtypes": [kind, "Curio"]})
    assert _counts(table, ONE_OF_EACH) == (1, 1, 1)
    assert table.count(f"{kind} Curio Token") == 0
    for name in ONE_OF_EACH:
        _predefined(table, name)


@pytest.mark.parametrize("kind", ["Clue", "Food", "Treasure"])
def test_manufactor_replaces_a_token_copy_of_a_kind_artifact_creature_and_no_copy_is_made_111_10(
    kind: str,
) -> None:
    table = Table()
    table.put(MANUFACTOR)
    table.do("create_copy", controller=0, definition=_golem_of(kind), card="golem")
    assert _counts(table, ONE_OF_EACH) == (1, 1, 1)
    assert table.count(f"{kind} Golem") == 0
    for name in ONE_OF_EACH:
        _predefined(table, name)


def test_two_manufactors_turn_a_copy_of_gingerbrute_into_three_of_each_616_1e() -> None:
    """The first Manufactor replaces the Food Golem copy by one of each; the second applies to
    the modified event (614.5, 616.1e-f), to each of the three tokens: 3 Clues, 3 Foods,
    3 Treasures and no Gingerbrute."""
    table = Table()
    table.put(MANUFACTOR, count=2)
    table.do("create_copy", controller=0, definition=GINGERBRUTE, card="gingerbrute")
    assert table.view()["pending_choice"] is None
    assert _counts(table, ONE_OF_EACH) == (3, 3, 3)
    assert table.count("Gingerbrute") == 0
    for name in ONE_OF_EACH:
        _predefined(table, name)


def test_a_token_of_two_kinds_at_once_is_replaced_once_614_5() -> None:
    """A Food Treasure token is one token: "instead create one of each" replaces it once."""
    table = Table()
    table.put(MANUFACTOR)
    table.create({"types": ["Artifact"], "subtypes": ["Food", "Treasure"]}, count=2)
    assert _counts(table, ONE_OF_EACH) == (2, 2, 2)


def test_manufactor_and_doubling_season_give_two_of_each_in_either_order_616_1() -> None:
    """Doubling first: two Food Golem copies, each replaced by one of each; Manufactor first:
    one of each, doubled. Both give 2/2/2, so nobody is asked (616.1, API: no pointless
    questions)."""
    table = Table()
    table.put(MANUFACTOR)
    table.put(DOUBLING_SEASON)
    table.do("create_copy", controller=0, definition=GINGERBRUTE, card="gingerbrute")
    assert table.view()["pending_choice"] is None
    assert _counts(table, ONE_OF_EACH) == (2, 2, 2)
    assert table.count("Gingerbrute") == 0


def test_two_manufactors_and_doubling_season_give_six_of_each_616_1e() -> None:
    table = Table()
    table.put(MANUFACTOR, count=2)
    table.put(DOUBLING_SEASON)
    table.do("create_copy", controller=0, definition=GINGERBRUTE, card="gingerbrute")
    assert table.view()["pending_choice"] is None
    assert _counts(table, ONE_OF_EACH) == (6, 6, 6)


@pytest.mark.parametrize(
    ("first", "squirrels"),
    [("Academy Manufactor", 3), ("Chatterfang, Squirrel General", 1)],
)
def test_manufactor_and_chatterfang_apply_in_the_order_the_controller_picks_616_1(
    first: str, squirrels: int
) -> None:
    """Manufactor first: three tokens, so Chatterfang adds three Squirrels; Chatterfang first:
    the Gingerbrute copy plus one Squirrel, then the copy (a Food token) becomes one of each and
    the Squirrel, not a Food, stays (616.1e)."""
    table = Table()
    table.put(MANUFACTOR)
    table.put(CHATTERFANG)
    table.do("create_copy", controller=0, definition=GINGERBRUTE, card="gingerbrute")
    choice = table.view()["pending_choice"]
    assert choice["kind"] == "replacement_order"
    [option] = [o for o in choice["options"] if o.startswith(first)]
    table.choose(option)
    assert _counts(table, ONE_OF_EACH) == (1, 1, 1)
    assert table.count("Squirrel Token") == squirrels
    assert table.count("Gingerbrute") == 0


def test_two_manufactors_then_chatterfang_give_nine_squirrels_616_1f() -> None:
    table = Table()
    table.put(MANUFACTOR, count=2)
    table.put(CHATTERFANG)
    table.do("create_copy", controller=0, definition=GINGERBRUTE, card="gingerbrute")
    for _ in range(2):
        [option] = [o for o in table.view()["pending_choice"]["options"] if o.startswith("Academy")]
        table.choose(option)
    assert _counts(table, ONE_OF_EACH) == (3, 3, 3)
    assert table.count("Squirrel Token") == 9
