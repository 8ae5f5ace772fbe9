"""Playing tokens and cards (Riftbound 176-184, 355, 367-375)."""

from __future__ import annotations

import pytest

from rules import MAX_COUNT, IllegalAction, InvalidAction, codec, new_game, view
from rules.kernel import apply
from tests.rules.riftbound.conftest import Rift

ZILEAN = {
    "name": "Zilean, Time Mage",
    "types": ["Unit"],
    "might": 5,
    "effects": [
        {
            "kind": "token_extra",
            "count": 1,
            "filter": {"types": ["Unit"]},
            "optional": True,
            "once_each_turn": True,
            "at_battlefield": True,
        }
    ],
}
RENATA = {
    "name": "Renata Glasc, Industrialist",
    "types": ["Unit"],
    "might": 4,
    "effects": [{"kind": "enters_ready", "filter": {"token": True}}],
}


@pytest.mark.parametrize(
    ("slug", "name", "might", "tags", "keywords"),
    [
        ("rb-recruit", "Recruit", 1, ["Recruit"], []),
        ("rb-sprite", "Sprite", 3, ["Fae"], ["Temporary"]),
        ("rb-sand-soldier", "Sand Soldier", 2, ["Shurima"], []),
        ("rb-mech", "Mech", 3, ["Mech"], []),
        ("rb-reflection", "Reflection", 0, [], []),
        ("rb-bird", "Bird", 1, ["Bird"], ["Deflect"]),
    ],
)
def test_it_plays_each_predefined_unit_token_as_rule_184_defines_it(
    rift: Rift, slug: str, name: str, might: int, tags: list[str], keywords: list[str]
) -> None:
    rift.create(slug)
    obj = rift.obj("o1")
    assert (obj["name"], obj["might"], obj["tags"], obj["keywords"]) == (
        name,
        might,
        tags,
        keywords,
    )
    assert (obj["types"], obj["token"], obj["definition"]) == (["Unit"], True, slug)
    assert (obj["cost"], obj["domains"]) == (0, [])  # 182.2.a.1, 182.2.b
    assert obj["exhausted"] is True  # 143.4


def test_a_gear_token_enters_ready_at_the_base(rift: Rift) -> None:
    rift.create("rb-gold")
    assert (rift.obj("o1")["exhausted"], rift.obj("o1")["location"]) == (False, "base")
    [created] = [e for e in rift.events if e["type"] == "token_created"]
    assert created["rule"] == "149.1"


def test_the_named_controller_owns_and_controls_the_token(rift: Rift) -> None:
    rift.create("rb-bird", controller=1)
    assert (rift.obj("o1")["owner"], rift.obj("o1")["controller"]) == (1, 1)  # 179, 180


def test_a_custom_token_without_a_name_is_named_after_its_tags(rift: Rift) -> None:
    rift.do(
        "create_token",
        controller=0,
        definition={"types": ["Unit"], "might": 1, "tags": ["Bilgewater"]},
    )
    assert rift.obj("o1")["name"] == "Bilgewater"


def test_it_refuses_tokens_that_cannot_be_played_to_the_board(rift: Rift) -> None:
    with pytest.raises(InvalidAction):
        rift.do("create_token", controller=0, definition={"name": "Zap", "types": ["Spell"]})
    with pytest.raises(InvalidAction):
        rift.do("create_token", controller=0, token="rb-nothing")
    with pytest.raises(InvalidAction):
        rift.create("rb-recruit", location="bf9")


def test_a_catalogue_card_keeps_its_domains_and_energy_cost(rift: Rift) -> None:
    rift.do(
        "put_card",
        controller=0,
        definition={
            "id": "rb-sprite-mother",
            "name": "Sprite Mother",
            "types": ["Unit"],
            "colors": ["Mind"],
            "mana_cost": "4",
            "might": 3,
            "tags": ["Fae"],
        },
    )
    obj = rift.obj("o1")
    assert (obj["token"], obj["domains"], obj["cost"], obj["definition"]) == (
        False,
        ["Mind"],
        4,
        "rb-sprite-mother",
    )
    assert codec.load(codec.dump(rift.state)) == rift.state


def _zilean_at_a_battlefield(rift: Rift) -> None:
    rift.create("rb-recruit")
    rift.do("move", object="o1", to="bf1")
    rift.do("put_card", controller=0, definition=ZILEAN, location="bf1")


def test_declining_zilean_does_not_use_his_once_each_turn(rift: Rift) -> None:
    _zilean_at_a_battlefield(rift)
    rift.create("rb-mech")
    assert rift.view()["pending_choice"]["kind"] == "optional_replacement"
    rift.do("choose", choice=False)
    assert rift.count("Mech") == 1
    rift.create("rb-mech")
    rift.do("choose", choice=True)  # 371.2: not applied yet this turn, so it may apply now
    assert rift.count("Mech") == 3


def test_zilean_applies_again_next_turn_but_not_from_the_base(rift: Rift) -> None:
    _zilean_at_a_battlefield(rift)
    rift.create("rb-mech")
    rift.do("choose", choice=True)
    rift.do("pass_turn")
    rift.do("pass_turn")
    rift.create("rb-mech")
    assert rift.view()["pending_choice"] is not None
    rift.do("choose", choice=True)
    assert rift.count("Mech") == 4
    rift.do("move", object="o2", to="base")
    rift.do("pass_turn")
    rift.do("pass_turn")
    rift.create("rb-mech")
    assert rift.view()["pending_choice"] is None
    assert rift.count("Mech") == 5


def test_zilean_does_not_double_gear_tokens(rift: Rift) -> None:
    _zilean_at_a_battlefield(rift)
    rift.create("rb-gold")
    assert rift.view()["pending_choice"] is None and rift.count("Gold") == 1


def test_renata_ready_applied_last_wins_over_an_explicit_exhausted(rift: Rift) -> None:
    rift.do("put_card", controller=0, definition=RENATA)
    rift.create("rb-gold", ready=False)
    rift.do("choose", choice="ready")
    assert rift.obj("o2")["exhausted"] is False
    assert rift.events[-1]["rule"] == "372"


def test_a_replayed_choice_never_asks_again(rift: Rift) -> None:
    _zilean_at_a_battlefield(rift)
    rift.create("rb-sprite", ready=True)
    rift.do("choose", choice=True)
    replayed = new_game("riftbound", {"players": ["Ann", "Ben"]})
    for action in rift.actions:
        replayed = apply(replayed, action).state
    assert view(replayed) == rift.view()


def test_an_uncontrolled_battlefield_is_no_place_to_play_a_unit(rift: Rift) -> None:
    with pytest.raises(IllegalAction) as caught:
        rift.do("put_card", controller=0, definition=RENATA, location="bf2")
    assert caught.value.rule == "355.2.a"


def test_an_extra_copy_never_makes_a_stack_larger_than_max_count(rift: Rift) -> None:
    _zilean_at_a_battlefield(rift)
    rift.create("rb-mech", count=MAX_COUNT)
    with pytest.raises(InvalidAction):
        rift.do("choose", choice=True)


def test_an_illegal_location_is_refused_before_zilean_asks(rift: Rift) -> None:
    _zilean_at_a_battlefield(rift)
    with pytest.raises(IllegalAction) as caught:
        rift.create("rb-mech", location="bf2")
    assert caught.value.rule == "355.2.a"
