"""Magic: The Gathering as a game system (rules/systems.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import params, systems
from rules.errors import InvalidAction
from rules.mtg import turn
from rules.mtg.combat import remove_from_combat
from rules.mtg.create import token_name
from rules.mtg.layers import compute_one
from rules.mtg.presentation import PRESENTATION
from rules.mtg.records import MtgContext, MtgObject, MtgSeat, MtgState
from rules.mtg.registry import REGISTRY
from rules.mtg.sba import check_state_based_actions
from rules.mtg.view import view, view_object
from rules.mtg.zones import ZONES
from rules.registry.vocabulary import Handler
from rules.text import msg

JsonDict = dict[str, Any]


class MtgSystem:
    name = "mtg"
    seat_record = MtgSeat
    presentation = PRESENTATION
    views_read_other_stacks = False
    setup_options: tuple[str, ...] = ("starting_life",)
    object_record = MtgObject
    zones: tuple[str, ...] = ZONES
    steps: tuple[str, ...] = turn.STEPS
    registry = REGISTRY
    manual_actions = REGISTRY.manual()
    handlers: Mapping[str, Handler] = REGISTRY.handlers()

    def new_game(self, setup: JsonDict) -> MtgState:
        players = setup.get("players")
        if (
            not isinstance(players, list)
            or not players
            or not all(isinstance(p, str) and p for p in players)
        ):
            raise InvalidAction(msg("players must be a non-empty list of names"))
        life = params.setup_int(setup, "starting_life", 20)
        hand = params.setup_int(setup, "hand", 7)
        library = params.setup_int(setup, "library", 53)
        seats = [MtgSeat(name=name, life=life, hand=hand, library=library) for name in players]
        return MtgState(game=self.name, seats=seats)

    def token_name(self, subtypes: tuple[str, ...]) -> str:
        return token_name(subtypes)

    def settle(self, ctx: MtgContext) -> None:
        remove_from_combat(ctx)
        check_state_based_actions(ctx)

    def view(self, state: MtgState) -> JsonDict:
        return view(state)

    def view_object(self, state: MtgState, obj: MtgObject) -> JsonDict:
        return view_object(state, obj, compute_one(state, obj))

    def action_seat(self, state: MtgState, action: JsonDict) -> int | None:
        return REGISTRY.acting_seats(state, action)[0]


MTG = MtgSystem()
systems.register(MTG)
