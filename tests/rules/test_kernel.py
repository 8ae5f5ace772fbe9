from __future__ import annotations

import json
from typing import Any

import pytest

from rules import (
    MAX_COUNT,
    ChoicePending,
    IllegalAction,
    InvalidAction,
    action_seat,
    apply,
    codec,
    new_game,
    view,
)
from tests.rules.conftest import DOUBLING_SEASON, PEREGRIN_TOOK, SOLDIER, Table


def test_it_starts_a_game_with_the_api_table_shape() -> None:
    state = new_game("mtg", {"players": ["Ann", "Ben"], "starting_life": 40})
    shown = view(state)
    assert set(shown) == {
        "game",
        "turn",
        "active_seat",
        "step",
        "seats",
        "objects",
        "battlefields",
        "pending_choice",
        "mode",
    }
    assert shown["seats"][0]["life"] == 40
    assert shown["seats"][1]["mana_pool"] == {"W": 0, "U": 0, "B": 0, "R": 0, "G": 0, "C": 0}
    assert (shown["seats"][0]["hand"], shown["seats"][0]["library"]) == (7, 53)


def test_it_rejects_unknown_games_and_bad_setups() -> None:
    with pytest.raises(InvalidAction):
        new_game("chess", {"players": ["Ann"]})
    with pytest.raises(InvalidAction):
        new_game("mtg", {"players": []})
    with pytest.raises(InvalidAction):
        new_game("mtg", {"players": ["Ann"], "starting_life": "twenty"})


def test_it_never_mutates_the_state_it_is_given(table: Table) -> None:
    before = codec.dump(table.state)
    apply(table.state, {"type": "create_token", "controller": 0, "definition": SOLDIER})
    assert codec.dump(table.state) == before


@pytest.mark.parametrize(
    "action",
    [
        {},
        {"type": "fly"},
        {"type": "tap", "object": "o99"},
        {"type": "create_token", "controller": 5, "definition": SOLDIER},
        {"type": "create_token", "controller": 0, "definition": SOLDIER, "count": 0},
        {"type": "create_token", "controller": 0, "definition": SOLDIER, "count": MAX_COUNT + 1},
        {"type": "create_token", "controller": 0, "token": "not-predefined"},
        {"type": "create_token", "controller": 0, "definition": {"colors": ["X"]}},
        {"type": "choose", "choice": 1},
    ],
)
def test_it_rejects_malformed_actions_as_invalid(table: Table, action) -> None:
    with pytest.raises(InvalidAction):
        apply(table.state, action)


def test_it_names_the_rule_an_illegal_action_breaks(table: Table) -> None:
    table.create(SOLDIER)
    table.do("tap", object="o1")
    with pytest.raises(IllegalAction) as caught:
        apply(table.state, {"type": "tap", "object": "o1"})
    assert caught.value.rule == "701.26a"


def test_it_round_trips_the_state_through_json_exactly(table: Table) -> None:
    table.put(DOUBLING_SEASON)
    table.create(SOLDIER, count=3, counters={"+1/+1": 1}, tapped=True)
    table.do("pump", object="o2", power=2, toughness=0, until="end_of_turn")
    loaded = codec.load(json.loads(json.dumps(codec.dump(table.state))))
    assert loaded == table.state
    assert codec.dump(loaded) == codec.dump(table.state)


def test_it_refuses_a_state_of_another_schema_version(table: Table) -> None:
    data = codec.dump(table.state)
    data["schema"] = 999
    with pytest.raises(InvalidAction):
        codec.load(data)


class TestPendingChoice:
    def test_it_suspends_the_action_and_asks_the_affected_player(self, table: Table) -> None:
        """616.1: Peregrin Took and Doubling Season give different results in each order."""
        table.put(DOUBLING_SEASON)
        table.put(PEREGRIN_TOOK)
        events = table.create(SOLDIER)
        pending = table.view()["pending_choice"]
        assert pending["kind"] == "replacement_order" and pending["seat"] == 0
        assert pending["options"] == ["Doubling Season (o1)", "Peregrin Took (o2)"]
        # Which object each option stands for, as data: pages name them without parsing text.
        assert pending["refers"] == ["o1", "o2"]
        assert events[0]["type"] == "choice_required" and events[0]["rule"] == "616.1"
        assert table.count("Soldier Token") == 0

    def test_it_refuses_other_actions_while_a_choice_is_pending(self, table: Table) -> None:
        table.put(DOUBLING_SEASON)
        table.put(PEREGRIN_TOOK)
        table.create(SOLDIER)
        with pytest.raises(ChoicePending):
            apply(table.state, {"type": "next_step"})
        with pytest.raises(InvalidAction):
            apply(table.state, {"type": "choose", "choice": "Nobody"})
        assert action_seat(table.state, {"type": "choose", "choice": 0}) == 0

    def test_it_resumes_with_the_answer(self, table: Table) -> None:
        table.put(DOUBLING_SEASON)
        table.put(PEREGRIN_TOOK)
        table.create(SOLDIER)
        table.choose("Peregrin Took (o2)")
        assert (table.count("Soldier Token"), table.count("Food Token")) == (2, 2)
        assert table.view()["pending_choice"] is None

    def test_replaying_the_log_reproduces_the_state(self, table: Table) -> None:
        start = table.state
        log: list[dict[str, Any]] = [
            {"type": "put_card", "controller": 0, "definition": DOUBLING_SEASON},
            {"type": "put_card", "controller": 0, "definition": PEREGRIN_TOOK},
            {"type": "create_token", "controller": 0, "definition": SOLDIER},
            {"type": "choose", "choice": "Doubling Season (o1)"},
        ]
        state = start
        for action in log:
            state = apply(state, action).state
        again = start
        for action in log:
            again = apply(again, action).state
        assert codec.dump(state) == codec.dump(again)
        assert sum(o["count"] for o in view(state)["objects"] if o["name"] == "Food Token") == 1


class TestActionSeat:
    def test_it_is_the_controller_of_the_object(self, table: Table) -> None:
        table.create(SOLDIER, controller=1)
        assert action_seat(table.state, {"type": "sacrifice", "object": "o1"}) == 1

    def test_an_effect_on_any_object_is_any_players(self, table: Table) -> None:
        table.create(SOLDIER, controller=1)
        assert action_seat(table.state, {"type": "tap", "object": "o1"}) is None

    def test_it_is_the_active_seat_for_turn_actions(self, table: Table) -> None:
        assert action_seat(table.state, {"type": "pass_turn"}) == 0

    def test_it_is_the_named_controller_for_creation(self, table: Table) -> None:
        action = {"type": "create_token", "controller": 1, "definition": SOLDIER}
        assert action_seat(table.state, action) == 1
        assert action_seat(table.state, {"type": "sacrifice", "object": "o404"}) is None
