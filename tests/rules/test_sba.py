from __future__ import annotations

from dataclasses import replace

import pytest

from rules.context import Context
from rules.errors import NeedChoice
from rules.mtg.records import MtgContext
from rules.mtg.sba import check_state_based_actions
from tests.rules.conftest import Table

BEARS = {"name": "Grizzly Bears", "types": ["Creature"], "power": "2", "toughness": "2"}


def _two_roles_at_once(table: Table) -> MtgContext:
    """A Cursed and a Monster Role attached to one creature with the same timestamp."""
    bears = table.put(BEARS)
    table.create(token="mtg-cursed-role", attach_to=bears)
    table.create(token="mtg-monster-role", controller=1, attach_to=bears)
    state = table.state.clone()
    cursed, monster = (o for o in state.objects.values() if "Role" in o.current.subtypes)
    state.objects[monster.id] = replace(monster, controller=0, timestamp=cursed.timestamp)
    return Context(state, [])


def test_simultaneous_roles_make_their_controller_choose_704_5z(table: Table) -> None:
    ctx = _two_roles_at_once(table)
    with pytest.raises(NeedChoice) as asked:
        check_state_based_actions(ctx)
    assert asked.value.kind == "role" and asked.value.rule == "704.5z"
    assert len(asked.value.options) == 2


def test_the_chosen_role_stays_and_the_other_ceases_704_5z(table: Table) -> None:
    ctx = _two_roles_at_once(table)
    monster_id = next(o.id for o in ctx.state.objects.values() if o.current.name == "Monster")
    ctx = Context(ctx.state, [monster_id])
    check_state_based_actions(ctx)
    names = sorted(o.current.name for o in ctx.state.objects.values())
    assert names == ["Grizzly Bears", "Monster"]
    assert [e["rule"] for e in ctx.events][-1] == "704.5d"


def test_lethal_damage_spares_indestructible_creatures_702_12b(table: Table) -> None:
    table.put({**BEARS, "keywords": ["Indestructible"]})
    table.do("damage", object="o1", amount=5)
    assert table.one("Grizzly Bears")["damage"] == 5


def test_manual_overrides_are_logged_as_manual(table: Table) -> None:
    table.create(token="mtg-walker", count=2)
    events = table.do("set_pt", object="o1", count=1, power=5, toughness=5)
    assert events[0]["manual"] is True and events[0]["type"] == "manual_pt"
    assert sorted(o["power"] for o in table.objects("Walker")) == [2, 5]
    events = table.do("remove", object="o1")
    assert events[0]["manual"] is True
    assert table.count("Walker") == 1


def test_an_aura_card_can_be_put_onto_the_battlefield_attached(table: Table) -> None:
    bears = table.put(BEARS)
    rancor = {
        "name": "Rancor",
        "types": ["Enchantment"],
        "subtypes": ["Aura"],
        "keywords": ["Enchant creature"],
        "effects": [{"kind": "aura", "power": 2, "toughness": 0, "keywords": ["Trample"]}],
    }
    table.put(rancor, attach_to=bears)
    assert table.one("Grizzly Bears")["power"] == 4
    assert table.one("Rancor")["attached_to"] == bears
