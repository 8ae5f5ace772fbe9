"""Riftbound as a game system (rules/systems.py), Core Rules v1.3.

It shares the framework with MTG (state, stacks, events, choices, codec) and differs where the
rules differ: Base and Battlefields instead of one battlefield, ready/exhausted instead of
tapped, points and a rune pool instead of life and mana, tokens that cease to exist the moment
they leave the board (183.1), and Cleanups after every action (319).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules import params, systems
from rules.errors import InvalidAction
from rules.registry import Handler
from rules.riftbound import board, create, plays, turn
from rules.riftbound.battlefields import battlefield_record
from rules.riftbound.board import RUNE_POOL_KEYS
from rules.riftbound.cleanup import cleanup
from rules.riftbound.presentation import PRESENTATION
from rules.riftbound.records import (
    RiftboundContext,
    RiftboundObject,
    RiftboundSeat,
    RiftboundState,
    battlefield_name,
    battlefields,
)
from rules.riftbound.registry import REGISTRY
from rules.text import message_data, msg

JsonDict = dict[str, Any]


def _names(setup: JsonDict, name: str) -> list[str]:
    value = setup.get(name)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v for v in value):
        raise InvalidAction(msg("{name} must be a non-empty list of names", name=name))
    return value


class RiftboundSystem:
    name = "riftbound"
    seat_record = RiftboundSeat
    presentation = PRESENTATION
    views_read_other_stacks = True  # Legion, Deflect, Might at a battlefield
    setup_options: tuple[str, ...] = ()
    object_record = RiftboundObject
    zones: tuple[str, ...] = (board.BOARD, *board.NON_BOARD_ZONES)
    steps: tuple[str, ...] = turn.STEPS
    registry = REGISTRY
    manual_actions = REGISTRY.manual()
    handlers: Mapping[str, Handler] = REGISTRY.handlers()

    def new_game(self, setup: JsonDict) -> RiftboundState:
        """Seats with 0 points and an empty rune pool; one battlefield per player unless
        ``battlefields`` names them (API.md); the game starts in the first player's Main Phase,
        after the start of that turn (119, 315): ``hand`` is the opening hand each player drew
        (117), and the first player has channeled and drawn.
        """
        players = _names(setup, "players")
        given = _names(setup, "battlefields") if "battlefields" in setup else None
        seats = [
            RiftboundSeat(
                name=name,
                life=0,
                hand=params.setup_int(setup, "hand", 4),
                library=params.setup_int(
                    setup, "main_deck", params.setup_int(setup, "library", 36)
                ),
                rune_pool=dict.fromkeys(RUNE_POOL_KEYS, 0),
                rune_deck=params.setup_int(setup, "rune_deck", 12),
            )
            for name in players
        ]
        _first_turn_start(seats[0], len(seats))
        return RiftboundState(
            game=self.name,
            seats=seats,
            step="main",
            system={
                "victory_score": params.setup_int(setup, "victory_score", 8),
                "used_this_turn": [],
                "battlefields": _battlefields(given, len(players)),
            },
        )

    def token_name(self, subtypes: tuple[str, ...]) -> str:
        return create.tags_name(subtypes)

    def settle(self, ctx: RiftboundContext) -> None:
        cleanup(ctx)

    def view(self, state: RiftboundState) -> JsonDict:
        pending = state.pending_choice
        return {
            "game": state.game,
            "turn": state.turn,
            "active_seat": state.active_seat,
            "step": state.step,
            "mode": state.mode,
            "victory_score": state.system.get("victory_score", 8),
            "seats": [
                {
                    "seat": index,
                    "name": seat.name,
                    "points": seat.points,
                    "rune_pool": {k: seat.rune_pool.get(k, 0) for k in RUNE_POOL_KEYS},
                    "hand": seat.hand,
                    "main_deck": seat.library,
                    "rune_deck": seat.rune_deck,
                    "runes": seat.runes,
                    "lost": seat.lost,
                    "played_this_turn": _played(state, index),
                }
                for index, seat in enumerate(state.seats)
            ],
            "objects": [self.view_object(state, obj) for obj in state.objects.peek_values()],
            "battlefields": [_view_battlefield(state, b) for b in battlefields(state)],
            "chain": _chain(state),
            "pending_choice": None
            if pending is None
            else {
                "kind": pending.kind,
                "seat": pending.seat,
                "prompt": pending.prompt,
                "prompt_message": pending.prompt_message,
                "options": list(pending.options),
                "amounts": pending.amounts,
                "refers": pending.refers,
            },
        }

    def view_object(self, state: RiftboundState, obj: RiftboundObject) -> JsonDict:
        face = obj.face
        return {
            "id": obj.id,
            "count": obj.count,
            "zone": obj.zone,
            "owner": obj.owner,
            "controller": obj.controller,
            "token": obj.token,
            "definition": obj.definition,
            "copy_of": obj.copy_of,
            "name": face.name,
            "supertypes": list(face.supertypes),
            "types": list(face.types),
            "subtypes": list(face.subtypes),
            "colors": [],
            "domains": list(board.domains(obj)),
            "cost": 0 if obj.token else _energy(face.mana_cost),
            "tags": list(face.tags),
            "text": face.text,
            "keywords": board.keywords(state, obj),
            "power": None,
            "toughness": None,
            "base_power": None,
            "base_toughness": None,
            "might": board.might(state, obj),
            "base_might": face.might,
            "buffed": bool(obj.counters.get("buff")),
            "deflect": board.deflect_value(state, obj),
            "legion": plays.legion_active(state, obj),
            "tapped": False,
            "flipped": False,
            "face_down": False,
            "phased_out": False,
            "transformed": False,
            "exhausted": obj.exhausted,
            "location": obj.location,
            "counters": dict(obj.counters),
            "damage": obj.damage,
            "attached_to": obj.attached_to,
            "summoning_sick": False,
            "leaves_at": None,
            "abilities": [
                {"index": i, "text": a.text, "mana": a.mana} for i, a in enumerate(face.abilities)
            ],
        }

    def action_seat(self, state: RiftboundState, action: JsonDict) -> int | None:
        seat = REGISTRY.acting_seats(state, action)[0]
        # A seat the table doesn't have is malformed: the kernel refuses it (400), not the
        # permission check (403).
        return seat if seat is not None and 0 <= seat < len(state.seats) else None


def _battlefields(given: list[str] | None, players: int) -> list[JsonDict]:
    """The battlefields named in the setup, else one per player that the table names itself
    ("Battlefield 1", ...: recorded as generated, so each reader's language tells it)."""
    if given is not None:
        return [battlefield_record(f"bf{i + 1}", name) for i, name in enumerate(given)]
    return [
        battlefield_record(f"bf{i + 1}", str(battlefield_name({"generated": i + 1})), i + 1)
        for i in range(players)
    ]


def _played(state: RiftboundState, seat: int) -> JsonDict:
    record = plays.played(state, seat)
    return {k: record[k] for k in ("cards", "tokens", "token_units")}


def _chain(state: RiftboundState) -> list[JsonDict]:
    """A token whose play waits for a player's decision is a pending item on the Chain: it
    exists there (183, 354.2) until it is finalized (337.1.c) or the play is undone (358.4)."""
    pending = state.pending_choice
    spec = REGISTRY.get(pending.action.get("type")) if pending is not None else None
    if pending is None or spec is None or spec.role not in ("create", "copy_card"):
        return []
    action = pending.action
    try:
        name = create.face_of(create.definition_of(action)[0], action.get("name")).name
    except InvalidAction:
        name = "Reflection"
    controller = action.get("controller", state.active_seat)
    return [
        {
            "name": name,
            "token": True,
            "controller": controller,
            "count": action.get("count", 1),
            "status": "pending",
            "rule": "183",
        }
    ]


def _energy(cost: str) -> int | None:
    """The Energy cost of a card: "4", or the 4 of "4 + 1 power" (its Power cost is apart)."""
    energy = cost.split("+")[0].strip()
    return int(energy) if energy.isdigit() else None


def _view_battlefield(state: RiftboundState, field: JsonDict) -> JsonDict:
    return {
        "id": field["id"],
        "name": field["name"],
        "name_message": message_data(battlefield_name(field)),
        "controller": field["controller"],
        "token": field["token"],
        "definition": field["definition"],
        "text": field["text"],
        "replaced": [r["name"] for r in field["replaced"]],
        "replaced_messages": [message_data(battlefield_name(r)) for r in field["replaced"]],
        "scored": list(field["scored"]),
        "contested_by": board.contested_by(state, field),
    }


RIFTBOUND = RiftboundSystem()
systems.register(RIFTBOUND)


def _first_turn_start(seat: RiftboundSeat, players: int) -> None:
    """What the first player's turn 1 did before its Main Phase: Awaken and Beginning find
    nothing on the board, Channel takes 2 runes (315.3) and Draw takes 1 card (315.4); only
    the player going last channels an extra rune (480.7), so the first player gets no bonus.
    With three or more players, the player going first doesn't draw in their first Draw Phase
    (482.7, 483.7, 484.7); in a duel they do (480.7)."""
    channeled = min(2, seat.rune_deck)
    seat.rune_deck -= channeled
    seat.runes += channeled
    if seat.library > 0 and players < 3:
        seat.library -= 1
        seat.hand += 1
