"""Work proportional to what an action touches must not change any result: a table
that carries the kernel's caches from action to action (copy-on-write records, identity index,
effect sources) plays exactly like one decoded afresh before every action, which checks and
merges every stack (704.3: state-based actions are checked for every permanent)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules import ChoicePending, IllegalAction, InvalidAction, apply, codec, new_game
from rules.mtg.records import MtgState
from rules.objects import Caches
from rules.stacks import merge_identical
from tests.rules.conftest import DOUBLING_SEASON, INTANGIBLE_VIRTUE, SOLDIER
from tests.rules.riftbound.test_properties import SETUP as RIFTBOUND_SETUP
from tests.rules.riftbound.test_properties import _action as riftbound_action
from tests.rules.test_properties import action_for

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _fresh(state: MtgState) -> MtgState:
    """The same state without caches, as decoded from the database."""
    return codec.load(codec.dump(state))


def _cache_view(caches: Caches, state: MtgState) -> dict[str, Any]:
    order = list(state.objects)
    return {
        "groups": sorted(sorted(ids) for ids in caches.index.values()),
        "keys": sorted(caches.keys),
        "sources": caches.sources,
        "attachers": caches.attachers,
        "hosts": caches.hosts,
        "order": sorted(caches.pos, key=caches.pos.__getitem__) == order,
    }


def _rebuilt(state: MtgState) -> Caches:
    again = _fresh(state)
    merge_identical(again)
    assert again.objects.caches is not None
    return again.objects.caches


def _start(anthem: bool) -> MtgState:
    state = new_game("mtg", {"players": ["Ann", "Ben"]})
    setup: list[dict[str, Any]] = [
        {"type": "put_card", "controller": 0, "definition": DOUBLING_SEASON},
        {"type": "create_token", "controller": 1, "definition": SOLDIER, "count": 3},
    ]
    if anthem:
        setup.append({"type": "put_card", "controller": 0, "definition": INTANGIBLE_VIRTUE})
    for action in setup:
        state = apply(state, action).state
    return state


@SETTINGS
@given(data=st.data(), anthem=st.booleans())
def test_a_table_with_caches_plays_like_a_table_decoded_afresh(
    data: st.DataObject, anthem: bool
) -> None:
    fast = _start(anthem)
    for _ in range(25):
        action = data.draw(action_for(fast))
        try:
            outcome = apply(fast, action)
        except (InvalidAction, IllegalAction, ChoicePending) as error:
            try:
                apply(_fresh(fast), action)
            except type(error):
                continue
            raise AssertionError(f"only the cached table refused {action}") from error
        slow = apply(_fresh(fast), action)
        assert codec.dump(outcome.state) == codec.dump(slow.state), action
        assert outcome.events == slow.events, action
        fast = outcome.state
        caches = fast.objects.caches
        if caches is not None:
            assert _cache_view(caches, fast) == _cache_view(_rebuilt(fast), fast)


def test_an_action_leaves_its_input_unchanged_with_shared_records() -> None:
    """apply never changes its input, though the records are shared until changed."""
    state = _start(anthem=True)
    before = codec.dump(state)
    soldier = next(o.id for o in state.objects.peek_values() if o.face.name == "Soldier Token")
    after = apply(state, {"type": "tap", "object": soldier, "count": 2}).state
    after = apply(after, {"type": "damage", "object": soldier, "amount": 5}).state
    assert codec.dump(state) == before
    assert codec.dump(after) != before


@SETTINGS
@given(data=st.data())
def test_a_riftbound_table_with_caches_plays_like_one_decoded_afresh(data: st.DataObject) -> None:
    fast = new_game("riftbound", RIFTBOUND_SETUP)
    for _ in range(25):
        action = riftbound_action(data, fast.clone())  # it reads every record: not ``fast``'s
        try:
            outcome = apply(fast, action)
        except (InvalidAction, IllegalAction, ChoicePending) as error:
            try:
                apply(_fresh(fast), action)
            except type(error):
                continue
            raise AssertionError(f"only the cached table refused {action}") from error
        slow = apply(_fresh(fast), action)
        assert codec.dump(outcome.state) == codec.dump(slow.state), action
        assert outcome.events == slow.events, action
        fast = outcome.state


def test_table_order_knows_an_id_removed_and_inserted_again_is_last() -> None:
    """Riftbound moves an object within the game by removing and inserting it under the same
    id: the table order (which stack keeps its id when stacks merge) then has it last."""
    state = _start(anthem=False)
    merge_identical(state)
    work = state.clone()
    first = next(iter(work.objects))
    record = work.objects[first]
    del work.objects[first]
    work.objects[first] = record
    assert work.objects.in_order(set(work.objects)) == list(work.objects)
    merge_identical(work)
    caches = work.objects.caches
    assert caches is not None
    assert sorted(caches.pos, key=caches.pos.__getitem__) == list(work.objects)
