"""A copy of a permanent spell becomes a token as it resolves but isn't "created" (CR 111.13,
608.3f, 707.10f): RULES.md C.5.45."""

from __future__ import annotations

from typing import Any

import pytest

from rules import InvalidAction, action_seat
from tests.rules.conftest import (
    ANOINTED_PROCESSION,
    DOUBLING_SEASON,
    PEREGRIN_TOOK,
    Table,
    card,
)

BEARS: dict[str, Any] = {
    "name": "Grizzly Bears",
    "mana_cost": "{1}{G}",
    "types": ["Creature"],
    "subtypes": ["Bear"],
    "colors": ["G"],
    "power": "2",
    "toughness": "2",
}
LEGEND = {**BEARS, "name": "Old Bear", "supertypes": ["Legendary"]}


def test_the_copy_of_a_creature_spell_is_one_token_despite_doublers_111_13(table: Table) -> None:
    table.put(DOUBLING_SEASON)
    table.put(ANOINTED_PROCESSION)
    events = table.do("resolve_spell_copy", controller=0, card="grizzly-bears", definition=BEARS)
    [token] = table.objects("Grizzly Bears")
    assert (token["token"], token["count"], token["copy_of"]) == (True, 1, "grizzly-bears")
    assert token["mana_cost"] == "{1}{G}"  # the spell's characteristics (111.13)
    assert [e["type"] for e in events] == ["spell_copy_resolved"]
    assert events[0]["rule"] == "111.13"


def test_token_creation_replacements_of_every_kind_ignore_it_608_3f(table: Table) -> None:
    table.put(PEREGRIN_TOOK)
    table.put(
        card(
            "Divine Visitation",
            [
                {
                    "kind": "token_replace",
                    "token": "mtg-angel-4-4",
                    "filter": {"types": ["Creature"]},
                }
            ],
        )
    )
    table.do("resolve_spell_copy", controller=0, definition=BEARS)
    assert table.count("Grizzly Bears") == 1
    assert table.count("Food Token") == 0
    assert table.objects("Angel Token") == []


def test_what_applies_to_entering_still_applies_to_the_copy_614_1c_614_1d(table: Table) -> None:
    table.put(DOUBLING_SEASON)
    table.put(
        card(
            "Frozen Gate",
            [{"kind": "enters_tapped", "whose": "any", "filter": {"types": ["Creature"]}}],
        )
    )
    table.do("resolve_spell_copy", controller=0, definition=BEARS, counters={"+1/+1": 1})
    [token] = table.objects("Grizzly Bears")
    assert token["count"] == 1
    assert token["tapped"] is True
    assert token["counters"] == {"+1/+1": 2}  # counters it enters with are doubled (122.6)


def test_a_permanent_that_can_t_enter_doesn_t_become_a_token_111_5(table: Table) -> None:
    table.put(
        card("Token Ban", [{"kind": "cant_enter", "whose": "any", "filter": {"token": True}}])
    )
    events = table.do("resolve_spell_copy", controller=0, definition=BEARS)
    assert [(e["type"], e["rule"]) for e in events] == [("not_created", "111.5")]
    assert table.objects("Grizzly Bears") == []


def test_the_copy_may_be_made_with_exceptions_707_9(table: Table) -> None:
    table.put(LEGEND)
    table.do(
        "resolve_spell_copy", controller=0, definition=LEGEND, **{"except": {"legendary": False}}
    )
    assert table.count("Old Bear") == 2  # no legend rule: the token isn't legendary
    [token] = [o for o in table.objects("Old Bear") if o["token"]]
    assert token["supertypes"] == []


def test_the_copy_s_controller_owns_the_token_707_10(table: Table) -> None:
    action: dict[str, Any] = {"type": "resolve_spell_copy", "controller": 1, "definition": BEARS}
    assert action_seat(table.state, action) == 1
    table.do("resolve_spell_copy", controller=1, definition=BEARS)
    [token] = table.objects("Grizzly Bears")
    assert (token["owner"], token["controller"]) == (1, 1)


@pytest.mark.parametrize("types", [["Instant"], ["Sorcery"], []])
def test_only_a_permanent_spell_becomes_a_token_707_10f(table: Table, types: list[str]) -> None:
    with pytest.raises(InvalidAction):
        table.do(
            "resolve_spell_copy",
            controller=0,
            definition={"name": "Lightning Bolt", "types": types},
        )


def test_it_needs_the_spell_s_definition(table: Table) -> None:
    with pytest.raises(InvalidAction):
        table.do("resolve_spell_copy", controller=0, card="grizzly-bears")


def test_as_it_enters_its_own_choices_are_still_made_614_12(table: Table) -> None:
    voice = {
        **BEARS,
        "name": "Voice of All",
        "effects": [{"kind": "as_enters_choose", "choice": "color"}],
    }
    table.put(DOUBLING_SEASON)
    table.do("resolve_spell_copy", controller=0, definition=voice)
    assert table.view()["pending_choice"]["options"] == ["W", "U", "B", "R", "G"]  # one token
    table.choose("W")
    assert table.one("Voice of All")["chosen_color"] == "W"
