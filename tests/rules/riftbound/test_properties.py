"""Properties over random Riftbound action sequences (like the MTG ones)."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import RulesError, apply, codec, new_game
from rules.riftbound.records import battlefields
from rules.stacks import identity
from rules.state import AnyState

TOKENS = ["rb-recruit", "rb-sprite", "rb-mech", "rb-gold", "rb-reflection", "rb-bird"]
SHEPHERD = {
    "name": "Soul Shepherd",
    "types": ["Unit"],
    "might": 3,
    "effects": [{"kind": "anthem", "might": 1, "filter": {"types": ["Unit"], "token": True}}],
}
RENATA = {
    "name": "Renata Glasc, Industrialist",
    "types": ["Unit"],
    "might": 4,
    "effects": [{"kind": "enters_ready", "filter": {"token": True}}],
}
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
SETUP = {"players": ["Ann", "Ben", "Cat"], "battlefields": ["Altar", "Grove"], "main_deck": 2}


def _action(data: st.DataObject, state: AnyState) -> dict[str, Any]:
    if state.pending_choice is not None:
        return {
            "type": "choose",
            "choice": data.draw(st.sampled_from(state.pending_choice.options)),
        }
    seat = data.draw(st.integers(0, len(state.seats) - 1))
    places = ["base", *(b["id"] for b in battlefields(state))]
    objects = list(state.objects.values())
    kind = data.draw(
        st.sampled_from(
            ["create", "create", "card", "brush", "pit", "next_step", "pass_turn", "points"]
            + (["object"] * 6 + ["copy"] if objects else [])
        )
    )
    if kind == "create":
        return {
            "type": "create_token",
            "controller": seat,
            "token": data.draw(st.sampled_from(TOKENS)),
            "count": data.draw(st.integers(1, 4)),
            "location": data.draw(st.sampled_from(places)),
            "ready": data.draw(st.sampled_from([None, True, False])),
        }
    if kind == "card":
        card = data.draw(st.sampled_from([SHEPHERD, RENATA, ZILEAN]))
        location = data.draw(st.sampled_from(places))
        return {"type": "put_card", "controller": seat, "definition": card, "location": location}
    if kind == "brush":
        field = data.draw(st.sampled_from(battlefields(state)))
        if data.draw(st.booleans()):
            return {"type": "swap_back", "battlefield": field["id"]}
        return {
            "type": "create_token",
            "controller": seat,
            "token": "rb-brush",
            "replace": field["id"],
        }
    if kind == "pit":
        return {"type": "create_token", "controller": seat, "token": "rb-baron-pit"}
    if kind == "copy":
        return {
            "type": "create_copy",
            "controller": seat,
            "of": data.draw(st.sampled_from(objects)).id,
            "location": data.draw(st.sampled_from(places)),
            "ready": data.draw(st.booleans()),
            "except": {"keywords": data.draw(st.sampled_from([[], ["Temporary"]]))},
        }
    if kind == "points":
        return {"type": "adjust_points", "seat": seat, "amount": data.draw(st.integers(-2, 3))}
    if kind in ("next_step", "pass_turn"):
        return {"type": kind}
    obj = data.draw(st.sampled_from(objects))
    action: dict[str, Any] = {
        "type": data.draw(
            st.sampled_from(
                [
                    "exhaust",
                    "ready",
                    "move",
                    "damage",
                    "kill",
                    "recycle",
                    "buff",
                    "spend_buff",
                    "activate",
                ]
            )
        ),
        "object": obj.id,
        "count": data.draw(st.integers(1, obj.count)),
        "by": data.draw(st.sampled_from([None, seat])),
    }
    destinations = [*places, "hand", "trash", "main_deck", "banishment"]
    action["to"] = data.draw(st.sampled_from(destinations))
    action["standard"] = data.draw(st.booleans())
    action["amount"] = data.draw(st.integers(1, 4))
    action["choices"] = {"domain": "Order"}
    return action


def _play(data: st.DataObject, steps: int) -> tuple[AnyState, list[dict[str, Any]], list[Any]]:
    state = new_game("riftbound", SETUP)
    accepted: list[dict[str, Any]] = []
    events: list[Any] = []
    for _ in range(steps):
        action = _action(data, state)
        try:
            outcome = apply(state, action)
        except RulesError:
            continue
        accepted.append(action)
        events.extend(outcome.events)
        state = outcome.state
        _check_invariants(state)
    return state, accepted, events


def _check_invariants(state: AnyState) -> None:
    for obj in state.objects.values():
        if obj.token:
            assert obj.zone == "board", f"token {obj.id} outside the board (183.1)"
            assert obj.location is not None
        assert obj.count >= 1
    attached = {o.attached_to for o in state.objects.values() if o.attached_to}
    keys = [identity(o, attached) for o in state.objects.values()]
    assert len(keys) == len(set(keys)), "identical stacks were left unmerged"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_no_token_ever_exists_outside_the_board(data: st.DataObject) -> None:
    _play(data, 25)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_replaying_the_accepted_actions_reproduces_the_state(data: st.DataObject) -> None:
    state, accepted, _ = _play(data, 25)
    replayed = new_game("riftbound", SETUP)
    for action in accepted:
        replayed = apply(replayed, action).state
    assert codec.dump(replayed) == codec.dump(state)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_the_state_round_trips_through_json(data: st.DataObject) -> None:
    state, _, _ = _play(data, 20)
    assert codec.load(json.loads(json.dumps(codec.dump(state)))) == state


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_splitting_and_merging_never_changes_how_many_tokens_exist(data: st.DataObject) -> None:
    state, _, events = _play(data, 30)
    created = sum(e["count"] for e in events if e["type"] == "token_created")
    ceased = sum(e["count"] for e in events if e["type"] == "ceased_to_exist" and "object" in e)
    alive = sum(o.count for o in state.objects.values() if o.token)
    assert alive == created - ceased
