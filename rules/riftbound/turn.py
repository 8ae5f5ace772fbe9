"""The turn (314-317): Awaken, Beginning, Channel, Draw, Main, End.

``next_step`` moves to the next phase and performs its tasks; ``pass_turn`` ends this turn and
plays the next seat's turn up to its Main Phase. A Cleanup follows every phase (319.2).
"""

from __future__ import annotations

from typing import Any

from rules.riftbound import board, plays
from rules.riftbound.board import RUNE_POOL_KEYS
from rules.riftbound.cleanup import cleanup, draw, leave_board, score
from rules.riftbound.records import RiftboundContext, RiftboundState, battlefields
from rules.text import msg

JsonDict = dict[str, Any]

STEPS = ("awaken", "beginning", "channel", "draw", "main", "end")


def next_step(ctx: RiftboundContext, action: JsonDict) -> None:
    _advance(ctx)


def pass_turn(ctx: RiftboundContext, action: JsonDict) -> None:
    if ctx.state.step != "end":
        while ctx.state.step != "end":
            _advance(ctx)
    _advance(ctx)
    while ctx.state.step != "main":
        _advance(ctx)


def _advance(ctx: RiftboundContext) -> None:
    state = ctx.state
    if state.step == "end":
        state.turn += 1
        state.active_seat = _next_seat(ctx)
        state.step = "awaken"
        seat = state.seats[state.active_seat]
        ctx.event(
            "turn_started",
            msg("Turn {turn}: {seat}'s turn begins (315).", turn=state.turn, seat=seat.name),
            "315",
            seat=state.active_seat,
            turn=state.turn,
        )
    else:
        state.step = STEPS[STEPS.index(state.step) + 1]
    _PHASES[state.step](ctx)
    cleanup(ctx)


def _next_seat(ctx: RiftboundContext) -> int:
    seats = ctx.state.seats
    for offset in range(1, len(seats) + 1):
        index = (ctx.state.active_seat + offset) % len(seats)
        if not seats[index].lost:
            return index
    return (ctx.state.active_seat + 1) % len(seats)


def _awaken(ctx: RiftboundContext) -> None:
    """The turn player readies everything they control (315.1)."""
    state = ctx.state
    for obj in list(state.objects.values()):
        if obj.zone == board.BOARD and obj.controller == state.active_seat and obj.exhausted:
            obj.exhausted = False
            ctx.event(
                "readied",
                msg("{name} was readied in the Awaken Phase (315.1).", name=obj.face.name),
                "315.1",
                object=obj.id,
                count=obj.count,
            )


def _beginning(ctx: RiftboundContext) -> None:
    """Temporary permanents of the turn player die, then a Cleanup, then they Hold every
    battlefield they control (816.1.b, 315.2)."""
    state = ctx.state
    temporary = [
        obj
        for obj in state.objects.values()
        if obj.zone == board.BOARD
        and obj.controller == state.active_seat
        and "Temporary" in board.keywords(state, obj)
    ]
    for obj in temporary:
        leave_board(ctx, obj, "trash", "816.1.b", "killed")
    cleanup(ctx)
    for field in battlefields(state):
        if field["controller"] == state.active_seat:
            score(ctx, state.active_seat, field, "hold")


def _channel(ctx: RiftboundContext) -> None:
    """Channel 2 runes, or as many as the Rune Deck holds (315.3); the player going last
    channels an extra rune in their first Channel Phase of the game (480.7, 482.7)."""
    state = ctx.state
    seat = state.seats[state.active_seat]
    wanted, rule = 2, "315.3"
    if _first_turn_of_last_player(state):
        wanted, rule = 3, "480.7"
    channeled = min(wanted, seat.rune_deck)
    seat.rune_deck -= channeled
    seat.runes += channeled
    ctx.event(
        "channeled",
        msg(
            "{seat} channeled {channeled} runes ({rule}).",
            seat=seat.name,
            channeled=channeled,
            rule=rule,
        ),
        rule,
        seat=state.active_seat,
        amount=channeled,
    )


def _first_turn_of_last_player(state: RiftboundState) -> bool:
    """The player going last (second in a duel) is in their first turn: the game starts in
    seat 0's turn 1 and the turns go round the seats, so that is turn len(seats) at the latest
    (fewer when a seat lost before its first turn)."""
    last = len(state.seats) - 1
    return last > 0 and state.active_seat == last and state.turn <= len(state.seats)


def _draw(ctx: RiftboundContext) -> None:
    """Draw 1, burning out first on an empty Main Deck (315.4, 431); the rune pool empties."""
    draw(ctx, ctx.state.active_seat, "315.4")
    _empty_pools(ctx)


def _main(ctx: RiftboundContext) -> None:
    """The Main Phase has no defined structure (316.2)."""


def _end(ctx: RiftboundContext) -> None:
    """Heal all units, end "this turn" effects, empty rune pools (317.2, 143.3.b.1)."""
    state = ctx.state
    for obj in state.objects.values():
        obj.end_turn_keyword_changes()
        if obj.damage:
            obj.damage = 0
            ctx.event(
                "healed",
                msg("{name} was healed at the end of the turn (143.3.b.1).", name=obj.face.name),
                "143.3.b.1",
                object=obj.id,
            )
    state.system["used_this_turn"] = []
    plays.end_turn(state)
    for field in battlefields(state):
        field["scored"] = []
    _empty_pools(ctx)


def _empty_pools(ctx: RiftboundContext) -> None:
    for seat in ctx.state.seats:
        seat.rune_pool = dict.fromkeys(RUNE_POOL_KEYS, 0)


_PHASES = {
    "awaken": _awaken,
    "beginning": _beginning,
    "channel": _channel,
    "draw": _draw,
    "main": _main,
    "end": _end,
}
