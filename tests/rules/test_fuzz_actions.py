"""Hostile action payloads against the kernel: whatever a client sends, the kernel
answers with a new state or one of the three rules errors, never a crash; every state it returns
round-trips through the codec and renders with view()."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import (
    ChoicePending,
    IllegalAction,
    InvalidAction,
    action_seat,
    apply,
    codec,
    new_game,
    view,
)
from rules.state import AnyState
from rules.systems import get_system
from tests.rules.conftest import DOUBLING_SEASON, SOLDIER

ALLOWED = (InvalidAction, IllegalAction, ChoicePending)
FUZZ = settings(
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
PARAMS = [
    "controller", "token", "definition", "count", "name", "tapped", "attacking", "counters",
    "attach_to", "leaves_at", "of", "card", "except", "zone", "object", "to", "kind", "amount",
    "power", "toughness", "set_base", "until", "seat", "ability", "choices", "defender", "choice",
    "location", "ready", "replace", "battlefield", "by", "standard", "equip_with", "answers",
    "domain", "might", "types", "effects", "attacker", "objects", "spell", "paid_manual",
]  # fmt: skip
SLUGS = ["mtg-treasure", "mtg-monster-role", "mtg-walker", "rb-recruit", "rb-gold", "nope", ""]
HUGE = st.sampled_from([10**9, 10**9 + 1, 2**31, 2**63, 10**100, -(10**100), -1, 0])


def _mtg_state() -> AnyState:
    state = new_game("mtg", {"players": ["Ann", "Ben"]})
    for action in (
        {"type": "put_card", "controller": 0, "definition": DOUBLING_SEASON},
        {"type": "create_token", "controller": 0, "token": "mtg-treasure", "count": 2},
        {"type": "create_token", "controller": 1, "definition": SOLDIER, "count": 3},
        {"type": "create_token", "controller": 0, "token": "mtg-walker"},
    ):
        state = apply(state, action).state
    return state


def _riftbound_state() -> AnyState:
    state = new_game("riftbound", {"players": ["Ann", "Ben"]})
    for action in (
        {"type": "create_token", "controller": 0, "token": "rb-recruit", "count": 2},
        {"type": "create_token", "controller": 1, "token": "rb-gold"},
    ):
        state = apply(state, action).state
    recruit = view(state)["objects"][0]["id"]
    return apply(state, {"type": "move", "object": recruit, "to": "bf1"}).state


STATES = {"mtg": _mtg_state(), "riftbound": _riftbound_state()}


def _ids(state: AnyState) -> list[str]:
    shown = view(state)
    ids = [o["id"] for o in shown["objects"]]
    ids += [b["id"] for b in shown.get("battlefields", [])]
    return [*ids, "o999", "bf9", "", "base"]


def junk(ids: list[str]) -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 5),
        HUGE,
        st.floats(allow_nan=True, allow_infinity=True),
        st.text(max_size=8),
        st.sampled_from(ids),
        st.sampled_from(SLUGS),
        st.sampled_from(["+1/+1", "end_of_turn", "end_step:exile", "graveyard", "R", "Fury"]),
    )
    return st.recursive(
        scalars,
        lambda inner: st.one_of(
            st.lists(inner, max_size=3),
            st.dictionaries(st.sampled_from([*PARAMS, "x"]), inner, max_size=3),
        ),
        max_leaves=6,
    )


@st.composite
def hostile_actions(draw: st.DrawFn, state: AnyState) -> dict[str, Any]:
    types = sorted(get_system(state.game).handlers)
    kind = draw(st.one_of(st.sampled_from([*types, "choose"]), st.text(max_size=6)))
    keys = draw(st.lists(st.sampled_from(PARAMS), max_size=5, unique=True))
    action: dict[str, Any] = {"type": kind}
    for key in keys:
        action[key] = draw(junk(_ids(state)))
    if draw(st.integers(0, 9)) == 0:
        action["type"] = draw(junk(["o1"]))  # not even a string
    return action


def _check_survives(game: str, data: st.DataObject) -> None:
    state = STATES[game]
    for _ in range(data.draw(st.integers(1, 6), label="length")):
        action = data.draw(hostile_actions(state), label="action")
        action_seat(state, action)
        try:
            outcome = apply(state, action)
        except ALLOWED:
            continue
        state = outcome.state
        json.dumps(outcome.events)
        dumped = codec.dump(state)
        assert codec.dump(codec.load(json.loads(json.dumps(dumped)))) == dumped
        view(state)


@FUZZ
@given(data=st.data())
def test_it_survives_hostile_mtg_actions(data: st.DataObject) -> None:
    _check_survives("mtg", data)


@FUZZ
@given(data=st.data())
def test_it_survives_hostile_riftbound_actions(data: st.DataObject) -> None:
    _check_survives("riftbound", data)


def test_it_refuses_an_action_that_is_not_an_object() -> None:
    actions: list[Any] = [None, [], "tap", 3]
    for action in actions:
        try:
            apply(STATES["mtg"], action)
        except InvalidAction:
            continue
        raise AssertionError(f"{action!r} was accepted")
