from __future__ import annotations

import pytest

from rules.effects import EffectError, parse_abilities, parse_effects, parse_mana_cost


def test_it_parses_the_doubling_season_token_half() -> None:
    [effect] = parse_effects([{"kind": "token_multiplier", "factor": 2}])
    assert (effect.kind, effect.factor, effect.whose) == ("token_multiplier", 2, "you")


def test_it_parses_chatterfang_that_many() -> None:
    [effect] = parse_effects(
        [{"kind": "token_extra", "count": "that_many", "token": "mtg-squirrel"}]
    )
    assert effect.that_many and effect.token == "mtg-squirrel"


def test_it_parses_filters_with_token_flag() -> None:
    [effect] = parse_effects(
        [
            {
                "kind": "anthem",
                "power": 1,
                "toughness": 1,
                "keywords": ["Vigilance"],
                "filter": {"types": ["Creature"], "token": True},
            }
        ]
    )
    assert effect.filter.matches(["Creature"], [], True)
    assert not effect.filter.matches(["Creature"], [], False)
    assert not effect.filter.matches(["Artifact"], [], True)


@pytest.mark.parametrize(
    "data",
    [
        [{"kind": "token_multiplier", "factor": 2}],
        [{"kind": "token_extra", "count": 1, "token": "mtg-food", "filter": {"types": ["Food"]}}],
        [{"kind": "token_extra", "count": "that_many", "token": "mtg-squirrel"}],
        [{"kind": "token_replace", "token": "mtg-angel", "filter": {"types": ["Creature"]}}],
        [{"kind": "token_one_of_each", "tokens": ["mtg-clue", "mtg-food", "mtg-treasure"]}],
        [{"kind": "counter_multiplier", "factor": 2, "counter": None, "whose": "any"}],
        [{"kind": "counter_extra", "count": 1, "counter": "+1/+1"}],
        [{"kind": "enters_tapped", "whose": "opponents", "filter": {"types": ["Creature"]}}],
        [{"kind": "cant_enter", "whose": "any"}],
        [{"kind": "aura", "power": 1, "toughness": 1, "set_base": True}],
        [{"kind": "dies_drain", "amount": 1}],
    ],
)
def test_it_round_trips_every_kind_through_to_data(data) -> None:
    effects = parse_effects(data)
    assert parse_effects([e.to_data() for e in effects]) == effects


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("nope", "effects must be a list"),
        ([{"kind": "token_multiplier", "factor": 1}], "effect 0, field 'factor'"),
        ([{}, {"kind": "teleport"}], "effect 0, field 'kind'"),
        ([{"kind": "anthem"}, {"kind": "anthem", "power": "x"}], "effect 1, field 'power'"),
        ([{"kind": "cant_enter", "whose": "them"}], "effect 0, field 'whose'"),
        ([{"kind": "token_replace"}], "effect 0, field 'token'"),
        ([{"kind": "anthem", "filter": {"types": "Creature"}}], "effect 0, field 'types'"),
        ([{"kind": "token_extra", "count": True}], "effect 0, field 'count'"),
    ],
)
def test_it_rejects_bad_effects_naming_index_and_field(data, message) -> None:
    with pytest.raises(EffectError, match=message):
        parse_effects(data)


def test_it_rejects_an_ability_with_a_bad_mana_cost() -> None:
    with pytest.raises(EffectError, match=r"field 'cost.mana'"):
        parse_abilities(
            [{"text": "x", "cost": {"mana": "two"}, "effect": {"kind": "draw"}, "mana": False}]
        )


def test_it_splits_mana_costs_into_generic_and_colored() -> None:
    assert parse_mana_cost("{2}{R}{R}") == (2, {"R": 2})
    assert parse_mana_cost("") == (0, {})
