from __future__ import annotations

import pytest

from rules import InvalidAction, apply
from tests.rules.conftest import GOBLIN, SOLDIER, Table


def test_acting_on_some_of_a_stack_splits_it(table: Table) -> None:
    table.create(GOBLIN, count=10)
    table.do("tap", object="o1", count=4)
    stacks = [(o["count"], o["tapped"]) for o in table.objects("Goblin Token")]
    assert stacks == [(6, False), (4, True)]


def test_stacks_that_become_identical_merge_again(table: Table) -> None:
    table.create(GOBLIN, count=10)
    table.do("tap", object="o1", count=4)
    table.do("untap", object="o2", count=4)
    assert [(o["id"], o["count"]) for o in table.objects("Goblin Token")] == [("o1", 10)]


def test_stacks_differing_in_counters_or_damage_stay_apart(table: Table) -> None:
    table.create(SOLDIER, count=3, counters={"+1/+1": 1})
    table.do("damage", object="o1", count=1, amount=1)
    assert sorted(o["damage"] for o in table.objects("Soldier Token")) == [0, 1]


def test_a_creature_with_an_aura_never_merges(table: Table) -> None:
    table.create(SOLDIER, count=3)
    table.create(token="mtg-monster-role", attach_to="o1")
    soldiers = table.objects("Soldier Token")
    assert sorted(o["count"] for o in soldiers) == [1, 2]
    enchanted = next(o for o in soldiers if o["count"] == 1)
    assert enchanted["power"] == 2 and table.one("Monster")["attached_to"] == enchanted["id"]


def test_it_refuses_to_act_on_more_than_the_stack_holds(table: Table) -> None:
    table.create(SOLDIER, count=2)
    with pytest.raises(InvalidAction):
        apply(table.state, {"type": "tap", "object": "o1", "count": 3})


def test_it_keeps_one_row_for_a_million_tokens(table: Table) -> None:
    table.create(GOBLIN, count=1_000_000)
    table.do("tap", object="o1", count=999_999)
    assert [o["count"] for o in table.objects("Goblin Token")] == [1, 999_999]
    table.do("damage", object="o2", count=999_999, amount=1)
    assert table.count("Goblin Token") == 1
