"""``Registry``: the actions of one game system, and who must act for one."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from rules.registry.footprints import Footprint, footprint, seat_value
from rules.registry.shared import CHOOSE, SET_MODE
from rules.registry.vocabulary import (
    ACTIVE,
    ANYONE,
    CONTROLLER,
    FIELD_CONTROLLER,
    NAMED,
    OWNER,
    ActionSpec,
    Actor,
    Handler,
    JsonDict,
    Param,
)
from rules.state import AnyState


class Registry:
    """The actions of one game system, in the order the board offers them."""

    def __init__(
        self,
        game: str,
        specs: list[ActionSpec],
        *,
        by: Param | None = None,
        move_to: tuple[tuple[str, str], ...] = (),
        move_to_battlefields: bool = False,
        counter_kinds: tuple[str, ...] = (),
    ) -> None:
        self.game = game
        # Where the board offers to move an object (and the table's battlefields if asked),
        # and the counter names it suggests.
        self.move_to = move_to
        self.move_to_battlefields = move_to_battlefields
        self.counter_kinds = counter_kinds
        self.specs: dict[str, ActionSpec] = {}
        # ``by``: the seat whose spell or ability chooses the object (Riftbound Deflect, 809);
        # it acts as well as the seat the action belongs to.
        self.by = by
        for spec in [*specs, CHOOSE, SET_MODE]:
            assert spec.type not in self.specs, spec.type
            self.specs[spec.type] = spec

    def __iter__(self) -> Iterator[ActionSpec]:
        return iter(self.specs.values())

    def get(self, kind: object) -> ActionSpec | None:
        return self.specs.get(kind) if isinstance(kind, str) else None

    def handlers(self) -> dict[str, Handler]:
        return {s.type: s.handler for s in self if s.handler is not None}

    def manual(self) -> frozenset[str]:
        return frozenset(s.type for s in self if s.manual)

    def by_role(self, role: str) -> ActionSpec | None:
        return next((s for s in self if s.role == role), None)

    def for_object(self, obj: Mapping[str, Any]) -> list[ActionSpec]:
        """The object actions that apply to ``obj`` (its API view), in the registry's order."""
        return [s for s in self if s.applies is not None and s.applies.matches(obj)]

    def footprint(self, action: JsonDict) -> Footprint:
        """What ``action`` refers to (``footprint``); an unknown type refers to everything."""
        spec = self.get(action.get("type"))
        if spec is None:
            return Footprint(turn=True, choice=True)
        return footprint(spec, action)

    def acting_seats(self, state: AnyState, action: JsonDict) -> tuple[int | None, set[int]]:
        """The seat the log records for ``action`` and every seat its sender must act for.

        With ``by`` (Riftbound), that seat is recorded, but the seat the action belongs to
        without it must act too, or a player could act on an opponent's objects by naming
        themselves. A seat number is returned as given: the caller refuses one the table
        doesn't have.
        """
        spec = self.get(action.get("type"))
        own = _actor_seat(state, spec, action) if spec is not None else None
        required = {own} if own is not None else set()
        by = action.get(self.by.name) if self.by is not None else None
        if isinstance(by, int) and not isinstance(by, bool):
            return by, {*required, by}
        return own, required


def _actor_seat(state: AnyState, spec: ActionSpec, action: JsonDict) -> int | None:
    actor = spec.actor
    if actor.kind == ACTIVE:
        return state.active_seat
    if actor.kind == NAMED:
        default = state.active_seat if actor.active_by_default else None
        if actor.fallback and action.get(actor.param) is None:
            return seat_value(action.get(actor.fallback, default))
        if actor.otherwise and action.get(actor.param) is None:
            return _actor_seat(
                state, replace(spec, actor=Actor(CONTROLLER, actor.otherwise)), action
            )
        return seat_value(action.get(actor.param, default))
    if actor.kind == CONTROLLER:
        object_id = action.get(actor.param)
        obj = state.objects.peek(object_id) if isinstance(object_id, str) else None
        return obj.controller if obj is not None else None
    if actor.kind == FIELD_CONTROLLER:
        wanted = action.get(actor.param)
        fields: list[JsonDict] = state.system.get("battlefields", [])
        field_ = next((b for b in fields if b["id"] == wanted), {})
        return seat_value(field_.get("controller"))
    if actor.kind in (ANYONE, OWNER):
        return None
    raise AssertionError(actor.kind)  # a choice's seat is the kernel's (kernel.action_seat)
