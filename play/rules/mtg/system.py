"""Magic: The Gathering as a game system (play/rules/systems.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.rules import params, systems
from play.rules.errors import InvalidAction
from play.rules.mtg import abilities, actions, cards, keyword_actions, status, targeting, turn
from play.rules.mtg.create import token_name
from play.rules.mtg.layers import compute_one
from play.rules.mtg.presentation import PRESENTATION
from play.rules.mtg.records import MtgContext, MtgObject, MtgSeat, MtgState
from play.rules.mtg.sba import check_state_based_actions
from play.rules.mtg.view import view, view_object
from play.rules.mtg.zones import ZONES

JsonDict = dict[str, Any]

_OBJECT_ACTIONS = frozenset(
    {
        "tap",
        "untap",
        "sacrifice",
        "destroy",
        "phase_out",
        "phase_in",
        "transform",
        "turn_face_down",
        "turn_face_up",
        "move",
        "add_counters",
        "remove_counters",
        "damage",
        "pump",
        "attach",
        "gain_control",
        "activate",
        "attack",
        "block",
        "encore",
        "set_pt",
        "remove",
    }
)


class MtgSystem:
    name = "mtg"
    seat_record = MtgSeat
    presentation = PRESENTATION
    object_record = MtgObject
    zones: tuple[str, ...] = ZONES
    steps: tuple[str, ...] = turn.STEPS
    manual_actions = frozenset({"set_pt", "remove"})
    handlers: Mapping[str, systems.Handler] = {
        "create_token": cards.create_token,
        "create_copy": cards.create_copy,
        "resolve_spell_copy": cards.resolve_spell_copy,
        "put_card": cards.put_card,
        "amass": keyword_actions.amass,
        "populate": keyword_actions.populate,
        "tap": status.tap,
        "untap": status.untap,
        "untap_all": status.untap_all,
        "phase_out": status.phase_out,
        "phase_in": status.phase_in,
        "transform": status.transform,
        "turn_face_down": status.turn_face_down,
        "turn_face_up": status.turn_face_up,
        "sacrifice": actions.sacrifice,
        "destroy": actions.destroy,
        "move": actions.move_action,
        "add_counters": actions.add_counters,
        "remove_counters": actions.remove_counters,
        "damage": actions.damage,
        "pump": actions.pump,
        "attach": actions.attach,
        "gain_control": actions.gain_control,
        "adjust_life": actions.adjust_life,
        "set_pt": actions.set_pt,
        "remove": actions.remove,
        "activate": abilities.activate,
        "attack": turn.attack,
        "block": turn.block,
        "encore": abilities.encore,
        "target": targeting.target,
        "next_step": turn.next_step,
        "pass_turn": turn.pass_turn,
    }

    def new_game(self, setup: JsonDict) -> MtgState:
        players = setup.get("players")
        if (
            not isinstance(players, list)
            or not players
            or not all(isinstance(p, str) and p for p in players)
        ):
            raise InvalidAction("players must be a non-empty list of names")
        life = params.setup_int(setup, "starting_life", 20)
        hand = params.setup_int(setup, "hand", 7)
        library = params.setup_int(setup, "library", 53)
        seats = [MtgSeat(name=name, life=life, hand=hand, library=library) for name in players]
        return MtgState(game=self.name, seats=seats)

    def token_name(self, subtypes: tuple[str, ...]) -> str:
        return token_name(subtypes)

    def settle(self, ctx: MtgContext) -> None:
        check_state_based_actions(ctx)

    def view(self, state: MtgState) -> JsonDict:
        return view(state)

    def view_object(self, state: MtgState, obj: MtgObject) -> JsonDict:
        return view_object(state, obj, compute_one(state, obj))

    def action_seat(self, state: MtgState, action: JsonDict) -> int | None:
        kind = action.get("type")
        if kind in (
            "create_token",
            "create_copy",
            "resolve_spell_copy",
            "put_card",
            "amass",
            "populate",
        ):
            seat = action.get("controller", state.active_seat)
            return seat if isinstance(seat, int) and not isinstance(seat, bool) else None
        if kind in ("adjust_life", "target", "untap_all"):
            seat = action.get("seat", state.active_seat if kind == "target" else None)
            return seat if isinstance(seat, int) and not isinstance(seat, bool) else None
        if kind in ("next_step", "pass_turn"):
            return state.active_seat
        if kind in _OBJECT_ACTIONS:
            object_id = action.get("object")
            obj = state.objects.get(object_id) if isinstance(object_id, str) else None
            return obj.controller if obj is not None else None
        return None


MTG = MtgSystem()
systems.register(MTG)
