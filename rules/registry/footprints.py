"""What an action refers to (its footprint): an action sent against an older version of a table
is applied to the newer state when no commit since touched any of it."""

from __future__ import annotations

from dataclasses import dataclass

from rules.registry.vocabulary import (
    ACTIVE,
    DEFENDER,
    NAMED,
    PENDING,
    PLAYER,
    STACK,
    ActionSpec,
    JsonDict,
    Param,
)

# Roles whose action changes every stack of the seat it names.
WHOLE_SEAT_ROLES = frozenset({"untap_everything"})


@dataclass(frozen=True)
class Footprint:
    """What an action refers to: the stacks it names, the seats it changes, whether it depends
    on the turn and step (whose turn it is, or which step comes next) and on the pending
    choice. An action sent against an older version is applied to the newer state when no
    commit since changed any of these (the tables service compares it with their deltas)."""

    stacks: frozenset[str] = frozenset()
    seats: frozenset[int] = frozenset()
    turn: bool = False
    choice: bool = False
    everything_of: frozenset[int] = frozenset()
    """Seats every stack of which the action may change (untap all)."""


def _stack_ids(param: Param, value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):  # ids, or {"object": id, "count": n} entries
        ids = (v.get("object") if isinstance(v, dict) else v for v in value)
        return [v for v in ids if isinstance(v, str)]
    if param.kind == DEFENDER and isinstance(value, dict):
        return _stack_ids(param, value.get("object"))
    return []


def footprint(spec: ActionSpec, action: JsonDict) -> Footprint:
    """The footprint of ``action`` from its registry entry: parameters that refer to a stack
    name stacks; a required seat parameter names the seat the action changes (whose life,
    pool, counters), while an optional one names who creates or chooses (the active player by
    default); the active player's actions (next step, pass turn) and an action relying on that
    default depend on the turn; answering refers to the pending choice."""
    stacks: set[str] = set()
    seats: set[int] = set()
    for param in spec.params:
        value = action.get(param.name)
        if param.refers == STACK or param.kind == DEFENDER:
            stacks.update(_stack_ids(param, value))
        elif param.refers == PLAYER and param.required:
            seat = seat_value(value)
            if seat is not None:
                seats.add(seat)
    actor = spec.actor
    turn = actor.kind == ACTIVE or (
        actor.kind == NAMED and actor.active_by_default and action.get(actor.param) is None
    )
    choice = any(param.refers == PENDING for param in spec.params)
    everything_of = frozenset(seats) if spec.role in WHOLE_SEAT_ROLES else frozenset()
    return Footprint(frozenset(stacks), frozenset(seats), turn, choice, everything_of)


def seat_value(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
