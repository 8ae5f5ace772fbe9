""" "As this creature enters, choose a color" (CR 614.12) and nested replacement order (616.1g):
RULES.md C.5.46."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalAction
from rules.effects import EffectError, parse_effects
from tests.rules.conftest import DOUBLING_SEASON, PEREGRIN_TOOK, Table

VOICE_OF_ALL: dict[str, Any] = {
    "name": "Voice of All",
    "mana_cost": "{2}{W}{W}",
    "types": ["Creature"],
    "subtypes": ["Angel"],
    "colors": ["W"],
    "power": "2",
    "toughness": "2",
    "keywords": ["Flying", "Protection from the chosen color"],
    "effects": [{"kind": "as_enters_choose", "choice": "color"}],
}
RED_AURA = {
    "name": "Red Aura",
    "types": ["Enchantment"],
    "subtypes": ["Aura"],
    "colors": ["R"],
    "keywords": ["Enchant creature"],
}


def test_as_enters_choose_is_data_validated_by_the_parser() -> None:
    [effect] = parse_effects([{"kind": "as_enters_choose", "choice": "color"}])
    assert effect.choice == "color"
    assert parse_effects([effect.to_data()]) == [effect]
    with pytest.raises(EffectError) as caught:
        parse_effects([{"kind": "as_enters_choose", "choice": "flavor"}])
    assert caught.value.field == "choice"
    with pytest.raises(EffectError):
        parse_effects([{"kind": "as_enters_choose"}])


def test_a_permanent_entering_asks_its_controller_for_a_color_614_12(table: Table) -> None:
    table.do("put_card", controller=1, definition=VOICE_OF_ALL)
    pending = table.view()["pending_choice"]
    assert (pending["kind"], pending["seat"], pending["options"]) == (
        "as_enters_color",
        1,
        ["W", "U", "B", "R", "G"],
    )
    assert table.objects("Voice of All") == []  # nothing entered while the question is open
    events = table.choose("G")
    assert table.one("Voice of All")["chosen_color"] == "G"
    assert events[-1]["type"] == "color_chosen"
    assert events[-1]["rule"] == "614.12"
    assert "green" in events[-1]["text"]


def test_doubling_season_applies_first_then_each_token_chooses_616_1g(table: Table) -> None:
    table.put(DOUBLING_SEASON)
    table.create(definition=VOICE_OF_ALL)
    first = table.view()["pending_choice"]
    assert "1st of 2" in first["prompt"]  # the creation was already doubled
    table.choose("W")
    second = table.view()["pending_choice"]
    assert "2nd of 2" in second["prompt"]
    events = table.choose("U")
    tokens = table.objects("Voice of All")
    assert sorted((t["count"], t["chosen_color"]) for t in tokens) == [(1, "U"), (1, "W")]
    order = [e["type"] for e in events]
    assert order.index("replacement_applied") < order.index("color_chosen")


def test_one_answer_may_cover_every_object_still_entering(table: Table) -> None:
    table.create(definition=VOICE_OF_ALL, count=3)
    table.choose("B")
    table.choose("R (all 2)")
    tokens = table.objects("Voice of All")
    assert sorted((t["count"], t["chosen_color"]) for t in tokens) == [(1, "B"), (2, "R")]


def test_the_replacement_order_question_comes_before_the_colors_616_1g(table: Table) -> None:
    table.put(DOUBLING_SEASON)
    table.put(PEREGRIN_TOOK)
    table.create(definition=VOICE_OF_ALL)
    assert table.view()["pending_choice"]["kind"] == "replacement_order"
    table.choose(table.view()["pending_choice"]["options"][0])  # Doubling Season first
    assert table.view()["pending_choice"]["kind"] == "as_enters_color"
    table.choose("W (all 2)")
    assert table.count("Voice of All") == 2
    assert table.count("Food Token") == 1


def test_the_chosen_color_is_forgotten_when_it_leaves_the_battlefield_400_7(
    table: Table,
) -> None:
    table.do("put_card", controller=0, definition=VOICE_OF_ALL)
    table.choose("U")
    table.do("move", object=table.one("Voice of All")["id"], to="graveyard")
    assert table.objects("Voice of All", zone="graveyard")[0]["chosen_color"] is None
    table.do(
        "move", object=table.objects("Voice of All", zone="graveyard")[0]["id"], to="battlefield"
    )
    assert table.view()["pending_choice"]["kind"] == "as_enters_color"
    table.choose("G")
    assert table.one("Voice of All")["chosen_color"] == "G"


def test_protection_from_the_chosen_color_stops_auras_of_that_color_702_16c(
    table: Table,
) -> None:
    table.do("put_card", controller=0, definition=VOICE_OF_ALL)
    table.choose("R")
    voice = table.one("Voice of All")["id"]
    with pytest.raises(IllegalAction) as caught:
        table.do("put_card", controller=1, definition=RED_AURA, attach_to=voice)
    assert caught.value.rule == "303.4i"
    table.do("put_card", controller=1, definition={**RED_AURA, "colors": ["U"]}, attach_to=voice)
    assert table.one("Red Aura")["attached_to"] == voice
