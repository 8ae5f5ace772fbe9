from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import rules
from play.models import Table
from play.table import selectors, services
from play.table.delta import apply_patch, diff_states, forward, inverse, table_delta
from play.table.statecache import committed_states
from rules.objects import ObjectTable
from tests.play.conftest import SOLDIER, Cast
from tokensite.api import DomainError

ANTHEM = {
    "name": "Banner Token",
    "types": ["Enchantment"],
    "effects": [
        {
            "kind": "anthem",
            "power": 1,
            "toughness": 1,
            "keywords": ["Vigilance"],
            "filter": {"types": ["Creature"]},
        }
    ],
}
LEGEND = {**SOLDIER, "name": "Legend", "supertypes": ["Legendary"]}


def as_json(value: Any) -> Any:
    """What the database gives back (tuples become lists)."""
    return json.loads(json.dumps(value))


def patched(view: dict[str, Any], delta: dict[str, Any]) -> dict[str, Any]:
    """What a listener does with a delta: replace or add the stacks, drop the removed ones
    (stacks keyed by id: `comparable`)."""
    objects = {o["id"]: o for o in view["objects"]}
    for object_id in delta["removed"]:
        del objects[object_id]
    for obj in delta["objects"]:
        objects[obj["id"]] = obj
    seats = list(view["seats"])
    for seat in delta["seats"]:
        seats[seat["seat"]] = seat
    return {**view, **delta["table"], "objects": objects, "seats": seats}


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    return {**view, "objects": {o["id"]: o for o in view["objects"]}}


def random_action(rng: random.Random, view: dict[str, Any]) -> dict[str, Any]:
    mine = [o for o in view["objects"] if o["zone"] == "battlefield"]
    choice = rng.random()
    if view["pending_choice"] is not None:
        return {"type": "choose", "choice": rng.choice(view["pending_choice"]["options"])}
    if choice < 0.2 or not mine:
        return {
            "type": "create_token",
            "controller": rng.randint(0, 1),
            "definition": rng.choice([SOLDIER, SOLDIER, ANTHEM, LEGEND]),
            "count": rng.randint(1, 4),
        }
    if choice < 0.3:
        return rng.choice(
            [
                {"type": "pass_turn"},
                {"type": "next_step"},
                {"type": "adjust_life", "seat": rng.randint(0, 1), "amount": -2},
            ]
        )
    target = rng.choice(mine)
    count = rng.randint(1, target["count"])
    kind = rng.choice(["tap", "untap", "sacrifice", "destroy", "add_counters", "move", "pump"])
    action: dict[str, Any] = {"type": kind, "object": target["id"], "count": count}
    if kind == "add_counters":
        action.update(kind=rng.choice(["+1/+1", "-1/-1"]), amount=rng.randint(1, 2))
    elif kind == "move":
        action["to"] = rng.choice(["graveyard", "exile", "hand"])
    elif kind == "pump":
        action.update(power=2, toughness=-1, until="end_of_turn")
    return action


@pytest.mark.parametrize("seed", range(8))
def test_a_delta_patches_the_view_before_into_the_view_after(seed: int) -> None:
    rng = random.Random(seed)
    state = rules.new_game("mtg", {"players": ["Ann", "Ben"]})
    for _ in range(60):
        view = rules.view(state)
        try:
            after = rules.apply(state, random_action(rng, view)).state
        except rules.RulesError:
            continue
        diff = diff_states(state, after)
        delta = table_delta(state, after, diff)
        assert patched(view, delta) == comparable(rules.view(after))
        undone = apply_patch(after, as_json(inverse(state, after, diff)))
        assert as_json(rules.codec.dump(undone)) == as_json(rules.codec.dump(state))
        redone = apply_patch(state, as_json(forward(state, after, diff)))
        assert as_json(rules.codec.dump(redone)) == as_json(rules.codec.dump(after))
        state = after


def test_an_anthem_entering_changes_the_stacks_it_buffs_in_the_delta() -> None:
    state = rules.new_game("mtg", {"players": ["Ann", "Ben"]})
    state = rules.apply(
        state, {"type": "create_token", "controller": 0, "definition": SOLDIER, "count": 3}
    ).state
    after = rules.apply(
        state, {"type": "create_token", "controller": 0, "definition": ANTHEM}
    ).state
    delta = table_delta(state, after, diff_states(state, after))
    soldier = next(o for o in delta["objects"] if o["name"] == "Soldier Token")
    assert (soldier["power"], soldier["toughness"], soldier["keywords"]) == (2, 2, ["Vigilance"])


def test_a_tap_at_many_stacks_sends_only_the_stacks_it_touched() -> None:
    state = rules.new_game("mtg", {"players": ["Ann", "Ben"]})
    for index in range(40):
        definition = {**SOLDIER, "name": f"Soldier {index}"}
        state = rules.apply(
            state,
            {"type": "create_token", "controller": 0, "definition": definition, "count": 5},
        ).state
    target = next(iter(state.objects))
    after = rules.apply(state, {"type": "tap", "object": target, "count": 2}).state
    delta = table_delta(state, after, diff_states(state, after))
    assert sorted((o["count"], o["tapped"]) for o in delta["objects"]) == [(2, True), (3, False)]
    assert delta["removed"] == [] and delta["seats"] == [] and delta["table"] == {}


@pytest.mark.parametrize(("seed", "snapshots"), [(0, "always"), (1, "always"), (2, 3), (3, 5)])
def test_undo_after_random_play_leaves_the_state_the_log_replays_to(
    cast: Cast, seed: int, snapshots: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`snapshots`: the whole state stored on every write, or every that many entries (the
    others bring it up to date with their forward patches, as for big tables)."""
    if snapshots != "always":
        monkeypatch.setattr(services, "SNAPSHOT_BELOW_STACKS", 0)
        monkeypatch.setattr(services, "SNAPSHOT_EVERY", snapshots)
    rng = random.Random(seed)
    for _ in range(40):
        table = Table.objects.get(pk=cast.table.pk)
        view = rules.view(selectors.current_state(table))
        try:
            if rng.random() < 0.3:
                result = services.table_undo(
                    table_id=table.id, user=cast.owner, expected_version=table.version
                )
            else:
                result = services.table_apply_action(
                    table_id=table.id,
                    user=cast.owner,
                    expected_version=table.version,
                    action=random_action(rng, view),
                )
        except DomainError as error:
            assert error.status in (403, 409, 422), error.detail
            continue
        table.refresh_from_db()
        committed_states.clear()  # as another process: from the database alone
        current = rules.codec.dump(selectors.current_state(table))
        assert patched(view, result.delta) == comparable(rules.view(rules.codec.load(current)))
        assert as_json(rules.codec.dump(selectors.table_replay(table=table))) == as_json(current)
    if snapshots != "always":
        table = Table.objects.get(pk=cast.table.pk)
        assert 0 < table.state_version < table.version or table.version % snapshots == 0


def test_it_builds_the_whole_state_only_when_asked(
    cast: Cast, monkeypatch: pytest.MonkeyPatch
) -> None:
    views: list[int] = []
    real_view = selectors.state_view

    def counting_view(*args: Any) -> dict[str, Any]:
        views.append(1)
        return real_view(*args)

    monkeypatch.setattr("play.table.services.state_view", counting_view)
    result = services.table_apply_action(
        table_id=cast.table.id,
        user=cast.owner,
        expected_version=0,
        action={"type": "create_token", "controller": 0, "definition": SOLDIER},
    )
    assert [o["name"] for o in result.delta["objects"]] == ["Soldier Token"]
    assert views == []
    assert [o["name"] for o in result.state["objects"]] == ["Soldier Token"]
    assert views == [1]


def detached(state: Any) -> Any:
    """The same state with a table that doesn't know where it came from: diffs compare every
    stack and the next action rebuilds the kernel's caches."""
    copied = copy.copy(state)
    copied.objects = ObjectTable(dict.copy(state.objects))
    return copied


@pytest.mark.parametrize("seed", range(6))
def test_undo_keeps_the_caches_and_diffs_read_only_what_the_kernel_touched(seed: int) -> None:
    """Undo patches the state it undoes (inverse) and keeps the kernel's caches, brought up to
    date for the stacks the patch names; a diff then reads only the stacks the kernel touched.
    Both must give what a state without that knowledge gives."""
    rng = random.Random(seed)
    state = rules.new_game("mtg", {"players": ["Ann", "Ben"]})
    done: list[tuple[Any, dict[str, Any]]] = []
    for _ in range(80):
        if done and rng.random() < 0.35:
            before, patch = done.pop()
            after = apply_patch(state, as_json(patch))
            assert as_json(rules.codec.dump(after)) == as_json(rules.codec.dump(before))
        else:
            action = random_action(rng, rules.view(state))
            try:
                after = rules.apply(state, action).state
            except rules.RulesError:
                continue
            fresh = rules.apply(detached(state), action).state
            assert as_json(rules.codec.dump(after)) == as_json(rules.codec.dump(fresh))
        diff = diff_states(state, after)
        assert diff == diff_states(state, detached(after))
        if after.pending_choice is None and state.pending_choice is None:
            done.append((state, inverse(state, after, diff)))
        state = after
