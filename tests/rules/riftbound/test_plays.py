"""Playing as a process: domainless tokens and [C] (182.2.b, 135.2.e.6), tokens on the Chain
(183, 337.1.c, 358.4), what was played this turn, Legion (812) and play triggers (350.2)."""

from __future__ import annotations

from typing import Any

import pytest

from rules import IllegalAction, InvalidAction, view
from rules.effects import EffectError, parse_effects
from tests.rules.riftbound.conftest import Rift

ADD_C = {
    "text": "[E]: [Add] [C].",
    "cost": {"tap": True},
    "effect": {"kind": "add_power", "domain": "C", "amount": 1},
    "mana": True,
}
PAY_C = {
    "text": "[C]: [Add] [A].",
    "cost": {"mana": "{C}"},
    "effect": {"kind": "add_power", "domain": "any", "amount": 1},
    "mana": True,
}
LEGION = {"kind": "legion", "text": "When you play me, play two 1 [M] Recruit unit tokens here."}
CAPTAIN = {
    "name": "Vanguard Captain",
    "types": ["Unit"],
    "colors": ["Order"],
    "might": 3,
    "effects": [LEGION],
}
SPRITE_CALL = {"name": "Sprite Call", "types": ["Spell"], "colors": ["Mind"]}
LILLIA = {
    "name": "Lillia, Protector of Dreams",
    "types": ["Unit"],
    "colors": ["Calm"],
    "might": 4,
    "effects": [
        {"kind": "when_you_play", "filter": {"types": ["Unit"], "token": True}, "might": 1},
        {"kind": "anthem", "filter": {"types": ["Unit"], "token": True}, "keywords": ["Tank"]},
    ],
}


def _card(colors: list[str], *abilities: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": "Channeler",
        "types": ["Unit"],
        "colors": colors,
        "might": 1,
        "abilities": list(abilities),
    }


def test_182_2_b_a_token_has_no_domain_even_as_a_copy_of_a_card(rift: Rift) -> None:
    rift.do("put_card", controller=0, definition=_card(["Mind"], ADD_C), ready=True)
    rift.do("create_copy", controller=0, of="o1", ready=True)
    assert rift.obj("o1")["domains"] == ["Mind"]
    assert (rift.obj("o2")["domains"], rift.obj("o2")["token"]) == ([], True)


def test_135_2_e_6_a_c_on_a_one_domain_card_is_that_domain(rift: Rift) -> None:
    rift.do("put_card", controller=0, definition=_card(["Mind"], ADD_C), ready=True)
    events = rift.do("activate", object="o1", ability=0, choices={"domain": "Fury"})
    assert (events[-1]["domain"], events[-1]["rule"]) == ("Mind", "135.2.e.6.a")


def test_135_2_e_6_b_c_on_a_token_is_processed_as_any(rift: Rift) -> None:
    rift.do("create_token", controller=0, definition=_card([], ADD_C), ready=True)
    with pytest.raises(InvalidAction):
        rift.do("activate", object="o1", ability=0)
    events = rift.do("activate", object="o1", ability=0, choices={"domain": "Chaos"})
    assert (events[-1]["domain"], events[-1]["rule"]) == ("Chaos", "135.2.e.6.b")
    assert rift.seat(0)["rune_pool"]["Chaos"] == 1


def test_135_2_e_6_b_c_on_a_card_with_two_domains_is_processed_as_any(rift: Rift) -> None:
    rift.do("put_card", controller=0, definition=_card(["Mind", "Order"], ADD_C), ready=True)
    events = rift.do("activate", object="o1", ability=0, choices={"domain": "Body"})
    assert (events[-1]["domain"], events[-1]["rule"]) == ("Body", "135.2.e.6.b")


def test_135_2_e_6_b_a_c_cost_on_a_token_is_paid_with_any_domain(rift: Rift) -> None:
    rift.state.seats[0].rune_pool["Calm"] = 1
    rift.do("create_token", controller=0, definition=_card([], PAY_C))
    with pytest.raises(InvalidAction):
        rift.do("activate", object="o1", ability=0, choices={"domain": "Fury"})
    events = rift.do("activate", object="o1", ability=0, choices={"pay": "Calm", "domain": "Fury"})
    paid = [e for e in events if e["type"] == "cost_paid"]
    assert [(e["domain"], e["rule"]) for e in paid] == [("Calm", "135.2.e.6.b")]
    assert (rift.seat(0)["rune_pool"]["Calm"], rift.seat(0)["rune_pool"]["Fury"]) == (0, 1)
    with pytest.raises(IllegalAction) as caught:
        rift.do("activate", object="o1", ability=0, choices={"pay": "Calm", "domain": "Fury"})
    assert caught.value.rule == "357.1"


def test_135_2_e_6_a_a_c_cost_on_a_card_is_its_domain(rift: Rift) -> None:
    rift.state.seats[0].rune_pool["Calm"] = 1
    rift.do("put_card", controller=0, definition=_card(["Mind"], PAY_C))
    with pytest.raises(IllegalAction):  # [C] is Mind here: the Calm power can't pay it
        rift.do("activate", object="o1", ability=0, choices={"pay": "Calm", "domain": "Fury"})


def test_the_add_power_domain_c_is_validated() -> None:
    from rules.effects import parse_abilities

    assert parse_abilities([ADD_C])[0].effect.domain == "C"
    with pytest.raises(EffectError):
        parse_abilities([{**ADD_C, "effect": {"kind": "add_power", "domain": "X"}}])


def test_183_354_2_a_token_is_pending_on_the_chain_then_resolves_337_1_c(rift: Rift) -> None:
    rift.create("rb-recruit")
    assert rift.types()[:3] == ["token_pending", "token_finalized", "token_created"]
    assert [e["rule"] for e in rift.events[:2]] == ["354.2", "337.1.c"]


def test_358_4_an_illegal_token_play_is_undone_and_the_token_never_existed(rift: Rift) -> None:
    before = rift.state
    with pytest.raises(IllegalAction) as caught:
        rift.create("rb-recruit", location="bf1")
    assert caught.value.rule == "355.2.a" and "358.4" in str(caught.value)
    assert rift.state == before and view(before)["objects"] == []
    assert rift.seat(0)["played_this_turn"]["tokens"] == 0


def test_183_a_token_waiting_for_a_choice_is_shown_on_the_chain(rift: Rift) -> None:
    renata = {
        "name": "Renata Glasc, Industrialist",
        "types": ["Unit"],
        "might": 4,
        "effects": [{"kind": "enters_ready", "filter": {"token": True}}],
    }
    rift.do("put_card", controller=0, definition=renata)
    rift.create("rb-sand-soldier", ready=False)
    [item] = rift.view()["chain"]
    assert (item["name"], item["status"], item["token"]) == ("Sand Soldier", "pending", True)
    rift.do("choose", choice="ready")
    assert rift.view()["chain"] == []


def test_350_2_tokens_are_played_but_are_not_cards(rift: Rift) -> None:
    rift.create("rb-recruit", count=2)
    rift.create("rb-gold")
    rift.do("put_card", controller=0, definition=SPRITE_CALL)
    assert rift.seat(0)["played_this_turn"] == {"cards": 1, "tokens": 3, "token_units": 2}
    assert rift.seat(1)["played_this_turn"] == {"cards": 0, "tokens": 0, "token_units": 0}


def test_351_2_a_played_spell_goes_to_its_owners_trash(rift: Rift) -> None:
    rift.do("put_card", controller=0, definition=SPRITE_CALL)
    assert (rift.obj("o1")["zone"], rift.types()) == ("trash", ["spell_played"])


def test_317_2_the_plays_of_the_turn_are_forgotten_when_it_ends(rift: Rift) -> None:
    rift.do("put_card", controller=0, definition=SPRITE_CALL)
    rift.do("pass_turn")
    assert rift.seat(0)["played_this_turn"]["cards"] == 0


def test_812_1_c_legion_is_not_active_after_only_tokens(rift: Rift) -> None:
    rift.create("rb-recruit")
    rift.do("put_card", controller=0, definition=CAPTAIN)
    [legion] = [e for e in rift.events if e["type"] == "legion"]
    assert (legion["active"], legion["rule"]) == (False, "812.1.c")
    assert rift.obj("o2")["legion"] is False


def test_812_1_c_legion_is_active_after_another_card(rift: Rift) -> None:
    rift.do("put_card", controller=0, definition=SPRITE_CALL)
    rift.create("rb-sprite", ready=True)
    rift.do("put_card", controller=0, definition=CAPTAIN)
    [legion] = [e for e in rift.events if e["type"] == "legion"]
    assert legion["active"] is True and rift.obj("o3")["legion"] is True


def test_812_1_c_an_opponents_card_does_not_turn_legion_on(rift: Rift) -> None:
    rift.do("put_card", controller=1, definition=SPRITE_CALL)
    rift.do("put_card", controller=0, definition=CAPTAIN)
    assert rift.obj("o2")["legion"] is False


def test_812_legion_is_data_and_is_validated() -> None:
    [effect] = parse_effects([LEGION])
    assert (effect.kind, effect.text) == ("legion", LEGION["text"])
    assert parse_effects([effect.to_data()]) == [effect]
    with pytest.raises(EffectError):
        parse_effects([{"kind": "legion"}])


def test_350_2_when_you_play_a_token_unit_triggers_for_each(rift: Rift) -> None:
    rift.do("put_card", controller=0, definition=LILLIA)
    rift.create("rb-recruit", count=3)
    assert rift.types().count("play_triggered") == 3
    assert rift.obj("o1")["might"] == 7
    rift.create("rb-gold")
    rift.create("rb-recruit", controller=1)
    rift.do("put_card", controller=0, definition=CAPTAIN)
    assert rift.obj("o1")["might"] == 7
    rift.do("pass_turn")
    assert rift.obj("o1")["might"] == 4  # "this turn" ended (317.2)


def test_815_your_token_units_have_tank(rift: Rift) -> None:
    rift.do("put_card", controller=0, definition=LILLIA)
    rift.create("rb-recruit")
    rift.create("rb-recruit", controller=1)
    assert rift.obj("o2")["keywords"] == ["Tank"]
    assert rift.obj("o3")["keywords"] == []
    assert rift.obj("o1")["keywords"] == []


def test_when_you_play_is_validated() -> None:
    with pytest.raises(EffectError):
        parse_effects([{"kind": "when_you_play", "might": -1}])
