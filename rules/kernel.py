"""The entry points: validate -> run the system's handler -> settle -> merge stacks -> events.

``apply`` never mutates its input. A decision the rules give a player suspends the action in
``pending_choice``; ``choose`` re-runs it from the same state with the answers so far, so the
log (action, choose, ...) replays without asking.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules.context import Context, Event, rules_warning
from rules.errors import ChoicePending, IllegalAction, InvalidAction, NeedChoice
from rules.registry.game import Registry
from rules.stacks import merge_identical
from rules.state import MODES, TRACK, AnyState, PendingChoice
from rules.systems import all_systems, get_system
from rules.text import from_data, msg

JsonDict = dict[str, Any]

MODE = "mode"
"""``action["mode"] == TRACK``: run as at a track-only table. Logs written before the mode was
part of the state (``GameState.mode``) say it in each action, so they replay as decided."""


@dataclass(frozen=True)
class Outcome:
    state: AnyState
    events: list[Event]


def new_game(game: str, setup: JsonDict) -> AnyState:
    """A new game of ``game`` ("mtg") for ``setup``: players, starting_life, hand, library,
    and the table's ``mode`` (enforce by default)."""
    if not isinstance(setup, dict):
        raise InvalidAction(msg("setup must be an object"))
    state = get_system(game).new_game(setup)
    mode = setup.get(MODE, state.mode)
    if mode not in MODES:
        raise InvalidAction(msg("mode must be one of {modes}", modes=", ".join(MODES)))
    state.mode = mode
    return state


def apply(state: AnyState, action: JsonDict) -> Outcome:
    """Perform one action; the returned state is after state-based actions (CR 704.3)."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise InvalidAction(msg("an action is an object with a string 'type'"))
    pending = state.pending_choice
    if pending is not None:
        if action["type"] != "choose":
            raise ChoicePending(
                msg(
                    "{name} must choose first: {prompt}",
                    name=state.seat(pending.seat).name,
                    prompt=from_data(pending.prompt_message) or pending.prompt,
                )
            )
        if "choice" not in action:
            raise InvalidAction(msg("choose needs a choice"))
        if pending.amounts is not None:
            if not isinstance(action["choice"], dict):
                raise InvalidAction(msg("this choice is answered by amounts: a JSON object"))
        elif action["choice"] not in pending.options:
            raise InvalidAction(
                msg("choice must be one of {options}", options=repr(pending.options))
            )
        answers = [*pending.action.get("answers", []), action["choice"]]
        base = state.clone()
        base.pending_choice = None
        return _run(base, {**pending.action, "answers": answers})
    if action["type"] == "choose":
        raise InvalidAction(msg("there is no pending choice to answer"))
    return _run(state, action)


def _run(state: AnyState, action: JsonDict) -> Outcome:
    system = get_system(state.game)
    handler = system.handlers.get(action["type"])
    if handler is None:
        known = ", ".join(sorted(system.handlers))
        raise InvalidAction(
            msg(
                "unknown action type {type}; known: {known}", type=repr(action["type"]), known=known
            )
        )
    answers = action.get("answers", [])
    if not isinstance(answers, list):
        raise InvalidAction(msg("answers must be a list"))
    work = state.clone()
    track = work.mode == TRACK or action.get(MODE) == TRACK
    ctx = Context(work, answers, manual=action["type"] in system.manual_actions, track=track)
    try:
        handler(ctx, action)
        system.settle(ctx)
    except IllegalAction as refused:
        if not track:
            raise
        # A check the handler can't go past (``Context.refuse`` marks those it can): the action
        # is recorded with its warning and changes nothing.
        return Outcome(state, [rules_warning(refused.detail, refused.rule, applied=False)])
    except NeedChoice as need:
        suspended = state.clone()
        suspended.pending_choice = PendingChoice(
            need.kind,
            need.seat,
            need.prompt,
            need.options,
            {**action, "answers": answers},
            amounts=need.amounts,
            prompt_message=need.message,
            refers=need.refers,
        )
        event: JsonDict = {"type": "choice_required", "text": need.prompt, "rule": need.rule}
        if need.message is not None:
            event["message"] = need.message
        return Outcome(suspended, [{**event, "kind": need.kind, "seat": need.seat}])
    merge_identical(work)
    return Outcome(work, ctx.events)


def view(state: AnyState) -> JsonDict:
    """The API table state of docs/API.md, minus "id" and "version"."""
    return get_system(state.game).view(state)


def registries() -> dict[str, Registry]:
    """Every game's action registry, by game."""
    return {system.name: system.registry for system in all_systems()}


def acting_seats(state: AnyState, action: JsonDict) -> tuple[int | None, set[int]]:
    """The seat the log records for ``action`` and every seat its sender must act for (the
    game's registry, ``rules/registry/``); answering a choice is its seat's alone."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return None, set()
    if state.pending_choice is not None and action.get("type") == "choose":
        return state.pending_choice.seat, {state.pending_choice.seat}
    return get_system(state.game).registry.acting_seats(state, action)


def action_seat(state: AnyState, action: JsonDict) -> int | None:
    """Whose action this is (the seat that must be allowed to send it), or None if anyone's."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        return None  # apply() refuses it as InvalidAction; a list type must not crash here
    if state.pending_choice is not None and action.get("type") == "choose":
        return state.pending_choice.seat
    return get_system(state.game).action_seat(state, action)
