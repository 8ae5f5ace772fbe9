"""Undying (CR 702.93a) and persist (702.79a): return it to the battlefield, unless it is a token
(111.8, 704.5d) or had a counter of that kind (603.4). RULES.md C.2.15."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalAction
from tests.rules.conftest import HARDENED_SCALES, Table


def creature(name: str, *keywords: str, power: int = 1, toughness: int = 1) -> dict[str, Any]:
    return {
        "name": name,
        "types": ["Creature"],
        "subtypes": ["Wolf"],
        "colors": ["G"],
        "power": str(power),
        "toughness": str(toughness),
        "keywords": list(keywords),
    }


YOUNG_WOLF = creature("Young Wolf", "Undying")
PERSISTENT = creature("Persistent Bear", "Persist", power=2, toughness=2)


def kinds(events: list[dict[str, Any]]) -> list[tuple[str, str | None]]:
    return [(e["type"], e["rule"]) for e in events]


def test_a_token_with_undying_triggers_but_stays_in_the_graveyard_and_ceases_111_8(
    table: Table,
) -> None:
    wolf = table.put(YOUNG_WOLF)
    table.do("create_copy", controller=0, of=wolf)
    [token] = [o for o in table.objects("Young Wolf") if o["token"]]
    events = table.do("destroy", object=token["id"])
    assert kinds(events)[-4:] == [
        ("died", "700.4"),
        ("triggered", "702.93a"),
        ("ceased_to_exist", "704.5d"),
        ("not_returned", "111.8"),
    ]
    assert [o["token"] for o in table.objects("Young Wolf", zone=None)] == [False]


def test_a_card_with_undying_and_no_counter_returns_with_a_counter_702_93a(table: Table) -> None:
    wolf = table.put(YOUNG_WOLF)
    events = table.do("destroy", object=wolf)
    [back] = table.objects("Young Wolf", zone=None)
    assert back["zone"] == "battlefield"
    assert back["id"] != wolf  # a new object (400.7)
    assert back["counters"] == {"+1/+1": 1}
    assert (back["power"], back["toughness"], back["summoning_sick"]) == (2, 2, True)
    assert ("triggered", "702.93a") in kinds(events)


def test_a_card_with_a_plus_one_counter_doesn_t_trigger_and_stays_603_4(table: Table) -> None:
    wolf = table.put(YOUNG_WOLF)
    table.do("add_counters", object=wolf, kind="+1/+1", amount=1)
    events = table.do("destroy", object=wolf)
    assert [o["zone"] for o in table.objects("Young Wolf", zone=None)] == ["graveyard"]
    assert "triggered" not in [e["type"] for e in events]


def test_undying_granted_by_an_effect_counts_as_it_last_existed_603_10a(table: Table) -> None:
    table.put(
        {
            "name": "Undying Banner",
            "types": ["Enchantment"],
            "effects": [
                {"kind": "anthem", "keywords": ["Undying"], "filter": {"types": ["Creature"]}}
            ],
        }
    )
    bear = table.put(creature("Grizzly Bears", power=2, toughness=2))
    table.do("destroy", object=bear)
    assert table.one("Grizzly Bears")["counters"] == {"+1/+1": 1}


def test_persist_returns_with_a_minus_one_counter_and_not_again_702_79a(table: Table) -> None:
    bear = table.put(PERSISTENT)
    table.do("destroy", object=bear)
    back = table.one("Persistent Bear")
    assert (back["counters"], back["power"], back["toughness"]) == ({"-1/-1": 1}, 1, 1)
    events = table.do("destroy", object=back["id"])
    assert "triggered" not in [e["type"] for e in events]
    assert table.objects("Persistent Bear", zone=None)[0]["zone"] == "graveyard"


def test_the_counter_it_returns_with_goes_through_counter_replacement_122_6(
    table: Table,
) -> None:
    table.put(HARDENED_SCALES)
    wolf = table.put(YOUNG_WOLF)
    table.do("destroy", object=wolf)
    assert table.one("Young Wolf")["counters"] == {"+1/+1": 2}


def test_a_stack_of_cards_dying_together_all_return(table: Table) -> None:
    table.put(YOUNG_WOLF, count=3)
    wolves = table.one("Young Wolf")
    table.do("destroy", object=wolves["id"], count=3)
    back = table.one("Young Wolf")
    assert (back["count"], back["counters"]) == (3, {"+1/+1": 1})


def test_a_card_that_left_the_graveyard_before_resolution_isn_t_found_400_7(
    table: Table,
) -> None:
    # Two undying instances would each trigger; the first returns the card, so the second
    # finds a new object on the battlefield and does nothing.
    wolf = table.put(creature("Double Wolf", "Undying", "Undying"))
    events = table.do("destroy", object=wolf)
    assert table.one("Double Wolf")["counters"] == {"+1/+1": 1}
    assert sum(e["type"] == "triggered" for e in events) == 2
    assert kinds(events)[-1] == ("not_returned", "400.7")


def test_undying_and_persist_looping_forever_is_refused_as_a_draw_104_4b(table: Table) -> None:
    table.put(
        {
            "name": "Withering Field",
            "types": ["Enchantment"],
            "effects": [
                {
                    "kind": "anthem",
                    "whose": "any",
                    "power": -2,
                    "toughness": -2,
                    "filter": {"types": ["Creature"]},
                }
            ],
        }
    )
    with pytest.raises(IllegalAction) as caught:
        table.put(creature("Looping Wolf", "Undying", "Persist"))
    assert caught.value.rule == "104.4b"
