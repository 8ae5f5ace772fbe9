"""The board: Might and keywords from effects, moves, Deflect, zones, the API shape."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalAction, InvalidAction, action_seat, codec, new_game, view
from rules.kernel import apply
from tests.rules.riftbound.conftest import Rift

SOUL_SHEPHERD = {
    "name": "Soul Shepherd",
    "types": ["Unit"],
    "might": 3,
    "effects": [{"kind": "anthem", "might": 1, "filter": {"types": ["Unit"], "token": True}}],
}
LILLIA = {
    "name": "Lillia, Protector of Dreams",
    "types": ["Unit"],
    "might": 4,
    "effects": [
        {"kind": "anthem", "keywords": ["Tank"], "filter": {"types": ["Unit"], "token": True}}
    ],
}


def test_it_shows_the_api_table_shape_with_one_battlefield_per_player() -> None:
    shown = view(new_game("riftbound", {"players": ["Ann", "Ben"]}))
    assert {"game", "turn", "active_seat", "step", "seats", "objects", "battlefields"} <= set(shown)
    assert [(b["id"], b["controller"]) for b in shown["battlefields"]] == [
        ("bf1", None),
        ("bf2", None),
    ]
    assert shown["seats"][0]["rune_pool"] == {
        "energy": 0,
        "Fury": 0,
        "Calm": 0,
        "Mind": 0,
        "Body": 0,
        "Chaos": 0,
        "Order": 0,
    }
    assert (shown["seats"][0]["points"], shown["step"]) == (0, "main")


def test_it_never_mutates_the_state_it_is_given(rift: Rift) -> None:
    before = codec.dump(rift.state)
    apply(rift.state, {"type": "create_token", "controller": 0, "token": "rb-recruit"})
    assert codec.dump(rift.state) == before


def test_your_token_units_get_might_and_keywords_from_your_cards(rift: Rift) -> None:
    rift.create("rb-recruit", controller=0)
    rift.create("rb-recruit", controller=1)
    rift.do("put_card", controller=0, definition=SOUL_SHEPHERD)
    rift.do("put_card", controller=0, definition=LILLIA)
    assert (rift.obj("o1")["might"], rift.obj("o1")["keywords"]) == (2, ["Tank"])
    assert (rift.obj("o2")["might"], rift.obj("o2")["keywords"]) == (1, [])
    assert rift.obj("o3")["might"] == 3  # Soul Shepherd is no token
    rift.do("kill", object="o3")
    assert rift.obj("o1")["might"] == 1


def test_brush_boosts_the_listed_tags_of_every_player_there(rift: Rift) -> None:
    cat = {"name": "Frisky Hunter", "types": ["Unit"], "might": 3, "tags": ["Cat", "Zaun"]}
    rift.create("rb-bird", controller=0)
    rift.do("move", object="o1", to="bf1")
    rift.do("put_card", controller=0, definition=cat, location="bf1")
    rift.create("rb-brush", replace="bf1")
    rift.create("rb-bird", controller=1)
    assert (rift.obj("o1")["might"], rift.obj("o2")["might"], rift.obj("o3")["might"]) == (2, 4, 1)
    rift.do("move", object="o3", to="bf1")
    assert rift.obj("o3")["might"] == 2


def test_a_standard_move_is_made_in_your_own_main_phase(rift: Rift) -> None:
    rift.create("rb-recruit", controller=1, ready=True)
    with pytest.raises(IllegalAction) as caught:
        rift.do("move", object="o1", to="bf1", standard=True)
    assert caught.value.rule == "144.1.a"


def test_a_unit_with_ganking_moves_between_battlefields(rift: Rift) -> None:
    ganker = {"name": "Ganker", "types": ["Unit"], "might": 2, "keywords": ["Ganking"]}
    rift.create("rb-recruit")
    rift.do("move", object="o1", to="bf1")
    rift.do("put_card", controller=0, definition=ganker, location="bf1", ready=True)
    rift.do("move", object="o2", to="bf2", standard=True)
    assert (rift.obj("o2")["location"], rift.obj("o2")["exhausted"]) == ("bf2", True)


def test_only_units_are_damaged_buffed_or_moved_between_locations(rift: Rift) -> None:
    rift.create("rb-gold")
    for action in (
        {"type": "damage", "amount": 1},
        {"type": "buff"},
    ):
        with pytest.raises(InvalidAction):
            rift.do(object="o1", **action)
    with pytest.raises(IllegalAction) as moved:  # 442.3: units are the only permanents that move
        rift.do("move", object="o1", to="bf1")
    assert moved.value.rule == "442.3"


def test_your_own_spells_pay_no_deflect_tax(rift: Rift) -> None:
    rift.create("rb-bird")
    rift.do("buff", object="o1", by=0)
    assert "deflect_tax" not in rift.types()
    rift.do("ready", object="o1", by=1)
    told = dict(rift.events[0])
    assert told.pop("message")["id"].startswith("{seat} pays {amount} more power")
    assert told == {
        "type": "deflect_tax",
        "text": "Ben pays 1 more power of any domain by hand to choose Bird (Deflect, 809.1.c).",
        "rule": "809.1.c",
        "seat": 1,
        "amount": 1,
        "domain": "any",
        "object": "o1",
        "manual": True,
    }


def test_the_deflect_tax_is_paid_from_the_rune_pool_when_a_domain_is_named_809_1_c(
    rift: Rift,
) -> None:
    rift.create("rb-bird", count=2)
    with pytest.raises(IllegalAction) as short:
        rift.do("ready", object="o1", count=2, by=1, by_pays="Fury")
    assert short.value.rule == "357.1"
    rift.state.seats[1].rune_pool["Fury"] = 3  # as if Ben had channeled and recycled runes
    rift.do("ready", object="o1", count=2, by=1, by_pays="Fury")
    assert rift.events[0]["amount"] == 2 and rift.events[0]["domain"] == "Fury"
    assert rift.state.seats[1].rune_pool["Fury"] == 1


def test_a_card_leaving_the_board_goes_to_its_owners_zone_without_its_buff(rift: Rift) -> None:
    rift.do("put_card", controller=1, definition=SOUL_SHEPHERD, count=2)
    rift.do("buff", object="o1", count=2)
    rift.do("kill", object="o1")
    trash = rift.obj("o2")
    assert (trash["zone"], trash["location"], trash["buffed"], trash["count"]) == (
        "trash",
        None,
        False,
        1,
    )
    rift.do("recycle", object="o1")
    assert rift.seat(1)["main_deck"] == 37  # 416.1
    with pytest.raises(InvalidAction):
        rift.do("exhaust", object="o2")


def test_the_gold_ability_names_a_domain_and_needs_an_object_on_the_board(rift: Rift) -> None:
    rift.create("rb-gold")
    with pytest.raises(InvalidAction):
        rift.do("activate", object="o1", ability=0)
    with pytest.raises(InvalidAction):
        rift.do("activate", object="o1", ability=1, choices={"domain": "Fury"})


@pytest.mark.parametrize(
    ("action", "seat"),
    [
        ({"type": "create_token", "controller": 1, "token": "rb-recruit"}, 1),
        ({"type": "recycle", "object": "o1"}, 0),
        ({"type": "exhaust", "object": "o1"}, None),  # an effect: any player's
        ({"type": "damage", "object": "o1", "amount": 1, "by": 1}, 1),
        ({"type": "adjust_points", "seat": 1, "amount": 1}, 1),
        ({"type": "pass_turn"}, 0),
        ({"type": "swap_back", "battlefield": "bf1"}, None),
    ],
)
def test_it_names_whose_action_it_is(rift: Rift, action: dict[str, Any], seat: int | None) -> None:
    rift.create("rb-recruit")
    assert action_seat(rift.state, action) == seat


def test_a_spent_buff_is_gone_and_an_unbuffed_unit_has_none_to_spend(rift: Rift) -> None:
    rift.create("rb-mech")
    rift.do("buff", object="o1")
    rift.do("spend_buff", object="o1")
    assert (rift.obj("o1")["might"], rift.obj("o1")["buffed"]) == (3, False)
    with pytest.raises(IllegalAction) as caught:
        rift.do("spend_buff", object="o1")
    assert caught.value.rule == "702.2.b.1"


def test_a_player_spends_buffs_only_on_units_they_control(rift: Rift) -> None:
    rift.create("rb-mech", controller=1)
    rift.do("buff", object="o1")
    with pytest.raises(IllegalAction) as caught:
        rift.do("spend_buff", object="o1", by=0)
    assert caught.value.rule == "702.2.b.2"
    rift.do("spend_buff", object="o1", by=1)
    assert rift.obj("o1")["buffed"] is False


def test_cards_in_the_trash_go_back_to_the_hand_the_deck_or_the_board(rift: Rift) -> None:
    rift.do("put_card", controller=1, definition=SOUL_SHEPHERD, count=4)
    rift.do("kill", object="o1", count=4)
    rift.do("move", object="o1", count=1, to="hand")
    rift.do("recycle", object="o1", count=1)
    rift.do("move", object="o1", count=1, to="banishment")
    assert (rift.seat(1)["hand"], rift.seat(1)["main_deck"]) == (5, 37)
    with pytest.raises(IllegalAction):
        rift.do("move", object="o1", to="bf1")  # 355.2.a: Ben doesn't control bf1
    rift.do("move", object="o1", to="base")
    back = rift.obj("o1")
    assert (back["zone"], back["location"], back["controller"], back["exhausted"]) == (
        "board",
        "base",
        1,
        True,
    )
    assert rift.obj("o4")["zone"] == "banishment"


def test_the_champion_zone_holds_one_card_which_can_be_played_from_there(rift: Rift) -> None:
    champion = {"name": "Viktor, Leader", "types": ["Unit"], "supertypes": ["Champion"], "might": 4}
    rift.do("put_card", controller=0, definition=champion, zone="champion")
    with pytest.raises(IllegalAction) as caught:
        rift.do("put_card", controller=0, definition=champion, zone="champion")
    assert caught.value.rule == "108.3.c.1"
    rift.do("move", object="o1", to="base")  # 108.3.d
    assert (rift.obj("o1")["zone"], rift.obj("o1")["exhausted"]) == ("board", True)
    rift.do("move", object="o1", to="champion")
    assert rift.obj("o1")["zone"] == "champion"
    rift.create("rb-recruit")
    rift.do("move", object="o2", to="champion")
    assert rift.types() == ["moved", "ceased_to_exist"]  # 183.1
