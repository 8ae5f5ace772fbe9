from __future__ import annotations

from rules.context import Context
from rules.mtg.records import MtgContext
from rules.mtg.sba import check_state_based_actions
from rules.mtg.zones import move
from tests.rules.conftest import SOLDIER, Table


def _context(table: Table) -> MtgContext:
    return Context(table.state.clone(), [])


def test_a_token_that_left_the_battlefield_cannot_move_again_111_8(table: Table) -> None:
    table.create(SOLDIER)
    ctx = _context(table)
    [token] = ctx.state.objects.values()
    graveyard_id = move(ctx, token, 1, "graveyard")
    assert graveyard_id is not None
    in_graveyard = ctx.state.objects[graveyard_id]
    assert move(ctx, in_graveyard, 1, "battlefield") is None
    assert in_graveyard.zone == "graveyard"
    assert ctx.events[-1]["rule"] == "111.8"


def test_a_token_is_in_the_new_zone_until_state_based_actions_111_7(table: Table) -> None:
    table.create(SOLDIER, count=2)
    ctx = _context(table)
    [token] = ctx.state.objects.values()
    exiled = move(ctx, token, 1, "exile")
    assert exiled is not None and ctx.state.objects[exiled].zone == "exile"
    check_state_based_actions(ctx)
    assert exiled not in ctx.state.objects
    assert [e["rule"] for e in ctx.events][-1] == "704.5d"
    assert sum(o.count for o in ctx.state.objects.values()) == 1


def test_a_nontoken_card_put_into_a_hand_is_only_counted(table: Table) -> None:
    table.put({"name": "Grizzly Bears", "types": ["Creature"], "power": "2", "toughness": "2"})
    table.do("move", object="o1", to="hand")
    assert table.view()["objects"] == []
    assert table.seat(0)["hand"] == 8


def test_a_card_in_the_graveyard_can_return_to_the_battlefield_as_a_new_object(
    table: Table,
) -> None:
    table.put({"name": "Grizzly Bears", "types": ["Creature"], "power": "2", "toughness": "2"})
    table.do("damage", object="o1", amount=2)
    [card] = table.objects("Grizzly Bears", zone="graveyard")
    table.do("move", object=card["id"], to="battlefield")
    back = table.one("Grizzly Bears")
    assert back["id"] != card["id"] and back["damage"] == 0 and back["summoning_sick"]
