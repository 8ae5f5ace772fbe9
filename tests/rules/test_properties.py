"""Properties of stacks: no token outlives state-based actions off the battlefield, the codec
round-trips, replay reproduces the state, doublers multiply, and stacks conserve counts."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import IllegalAction, InvalidAction, apply, codec, new_game, view
from rules.state import AnyState
from tests.rules.conftest import ANOINTED_PROCESSION, DOUBLING_SEASON, GOBLIN, SOLDIER

TOKENS = ["mtg-treasure", "mtg-incubator", "mtg-monster-role", "mtg-cursed-role", "mtg-walker"]
OBJECT_ACTIONS = [
    "tap",
    "untap",
    "sacrifice",
    "destroy",
    "phase_out",
    "phase_in",
    "transform",
    "turn_face_down",
    "turn_face_up",
    "damage",
    "add_counters",
    "remove_counters",
    "pump",
    "activate",
    "attack",
    "gain_control",
]
MOVES = ["graveyard", "exile", "hand", "library", "battlefield"]
FAST = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def action_for(draw: st.DrawFn, state: AnyState) -> dict[str, Any]:
    shown = view(state)
    if shown["pending_choice"] is not None:
        return {
            "type": "choose",
            "choice": draw(st.sampled_from(shown["pending_choice"]["options"])),
        }
    objects = shown["objects"]
    kind = draw(st.sampled_from(["create", "copy", "object", "move", "turn", "life"]))
    if kind == "create" or not objects:
        token = draw(st.sampled_from([*TOKENS, "soldier", "goblin"]))
        action: dict[str, Any] = {
            "type": "create_token",
            "controller": draw(st.integers(0, 1)),
            "count": draw(st.integers(1, 5)),
        }
        if token == "soldier":
            action["definition"] = SOLDIER
        elif token == "goblin":
            action["definition"] = GOBLIN
        else:
            action["token"] = token
        if draw(st.booleans()):
            action["counters"] = {"+1/+1": draw(st.integers(1, 3))}
        if objects and draw(st.booleans()):
            action["attach_to"] = draw(st.sampled_from(objects))["id"]
        return action
    obj = draw(st.sampled_from(objects))
    count = draw(st.integers(1, obj["count"]))
    if kind == "copy":
        return {"type": "create_copy", "controller": 0, "of": obj["id"], "count": count}
    if kind == "move":
        return {
            "type": "move",
            "object": obj["id"],
            "count": count,
            "to": draw(st.sampled_from(MOVES)),
        }
    if kind == "turn":
        return {"type": draw(st.sampled_from(["next_step", "pass_turn"]))}
    if kind == "life":
        return {
            "type": "adjust_life",
            "seat": draw(st.integers(0, 1)),
            "amount": draw(st.integers(-5, 5)),
        }
    return {
        "type": draw(st.sampled_from(OBJECT_ACTIONS)),
        "object": obj["id"],
        "count": count,
        "amount": draw(st.integers(1, 3)),
        "power": 1,
        "toughness": -1,
        "seat": 1,
        "kind": draw(st.sampled_from(["+1/+1", "-1/-1"])),
        "choices": {"color": "R", "paid": "manual"},
    }


def _play(data: st.DataObject, steps: int) -> tuple[AnyState, list[dict[str, Any]], AnyState]:
    start = new_game("mtg", {"players": ["Ann", "Ben"]})
    state = apply(start, {"type": "put_card", "controller": 0, "definition": DOUBLING_SEASON}).state
    first = state
    log: list[dict[str, Any]] = []
    for _ in range(steps):
        action = data.draw(action_for(state))
        try:
            state = apply(state, action).state
        except (InvalidAction, IllegalAction):
            continue
        log.append(action)
        _check_invariants(state)
    return first, log, state


def _check_invariants(state: AnyState) -> None:
    for obj in state.objects.values():
        assert not (obj.token and obj.zone != "battlefield"), obj
        assert obj.count >= 1


@FAST
@given(st.data())
def test_no_token_remains_outside_the_battlefield_after_any_actions(data: st.DataObject) -> None:
    _play(data, 25)


@FAST
@given(st.data())
def test_the_codec_round_trips_every_reachable_state(data: st.DataObject) -> None:
    _first, _log, state = _play(data, 20)
    assert codec.load(json.loads(json.dumps(codec.dump(state)))) == state


@FAST
@given(st.data())
def test_replaying_the_actions_reproduces_the_final_state(data: st.DataObject) -> None:
    first, log, state = _play(data, 20)
    again = first
    for action in log:
        again = apply(again, action).state
    assert codec.dump(again) == codec.dump(state)


@settings(max_examples=30, deadline=None)
@given(n=st.integers(1, 10**6), k=st.integers(0, 6), procession=st.booleans())
def test_n_tokens_under_k_doublers_become_n_times_2_to_the_k(
    n: int, k: int, procession: bool
) -> None:
    state = new_game("mtg", {"players": ["Ann", "Ben"]})
    doubler = ANOINTED_PROCESSION if procession else DOUBLING_SEASON
    for _ in range(k):
        state = apply(state, {"type": "put_card", "controller": 0, "definition": doubler}).state
    state = apply(
        state, {"type": "create_token", "controller": 0, "definition": GOBLIN, "count": n}
    ).state
    goblins = [o for o in view(state)["objects"] if o["name"] == "Goblin Token"]
    assert sum(o["count"] for o in goblins) == n * 2**k
    assert len(goblins) == 1


@settings(max_examples=40, deadline=None)
@given(n=st.integers(1, 10**9), cuts=st.lists(st.integers(1, 10**9), max_size=8))
def test_splitting_and_merging_never_changes_the_total(n: int, cuts: list[int]) -> None:
    state = new_game("mtg", {"players": ["Ann", "Ben"]})
    state = apply(
        state, {"type": "create_token", "controller": 0, "definition": GOBLIN, "count": n}
    ).state
    for cut in cuts:
        untapped = [o for o in view(state)["objects"] if not o["tapped"]]
        tapped = [o for o in view(state)["objects"] if o["tapped"]]
        pool = untapped if cut % 2 else tapped
        if not pool:
            continue
        obj = pool[0]
        kind = "tap" if cut % 2 else "untap"
        count = 1 + cut % obj["count"]
        state = apply(state, {"type": kind, "object": obj["id"], "count": count}).state
        assert sum(o["count"] for o in view(state)["objects"]) == n
