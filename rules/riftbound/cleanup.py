"""Leaving the board and Cleanups (318-324).

A token put into any non-board zone except the Chain ceases to exist immediately after moving
(183.1): there is no check window as in MTG (704.5d). A Cleanup runs after every action, move,
status change and phase transition (319) and repeats until nothing changes (322).
"""

from __future__ import annotations

from typing import Any

from rules.riftbound import board
from rules.riftbound.records import (
    RiftboundContext,
    RiftboundObject,
    RiftboundState,
    battlefield_name,
    battlefields,
)
from rules.text import msg, plural

# Where a stack goes, for one object and for several.
_ZONE_WORDS = {
    "hand": (msg("its owner's hand"), msg("their owner's hand")),
    "trash": (msg("its owner's trash"), msg("their owner's trash")),
    "main_deck": (
        msg("the bottom of its owner's Main Deck"),
        msg("the bottom of their owner's Main Deck"),
    ),
    "banishment": (msg("its owner's Banishment"), msg("their owner's Banishment")),
    "champion": (msg("its owner's Champion Zone"), msg("their owner's Champion Zone")),
}


def leave_board(
    ctx: RiftboundContext, obj: RiftboundObject, to: str, rule: str | None, how: str
) -> None:
    """Put a whole stack into a non-board zone (108); temporary modifications end (110, 705).

    ``how`` is the event type ("killed", "moved", "recycled"); tokens then cease (183.1).
    """
    state = ctx.state
    noun = _noun(obj)
    where = _ZONE_WORDS[to][0 if obj.count == 1 else 1]
    cite = f" ({rule})" if rule else ""  # a rule number, no words
    said: dict[str, Any] = {"n": obj.count, "noun": noun, "where": where, "cite": cite}
    if how.startswith("killed"):
        text = plural(
            "{noun} was killed and put into {where}{cite}.",
            "{noun} were killed and put into {where}{cite}.",
            **said,
        )
    elif how == "recycled":
        text = plural(
            "{noun} was recycled to {where}{cite}.",
            "{noun} were recycled to {where}{cite}.",
            **said,
        )
    else:
        text = msg("{noun} moved to {where}{cite}.", **said)
    ctx.event(
        how,
        text,
        rule,
        object=obj.id,
        count=obj.count,
        to=to,
        might=board.might(state, obj),
        # Where it was and whose it was, as a Deathknell notes them before the kill completes
        # (428.1.a.1.b, 808): a token's triggers still see it after it ceases (183.1).
        location=obj.location,
        controller=obj.controller,
        token=obj.token,
    )
    del state.objects[obj.id]
    if obj.token:
        ctx.event(
            "ceased_to_exist",
            msg("{noun} ceased to exist (183.1).", noun=noun),
            "183.1",
            object=obj.id,
            count=obj.count,
        )
        return
    owner = state.seats[obj.owner]
    if to == "hand":
        owner.hand += obj.count
    elif to == "main_deck":
        owner.library += obj.count
    else:
        obj.zone, obj.location, obj.exhausted = to, None, None
        obj.controller, obj.damage, obj.counters = obj.owner, 0, {}
        obj.granted = ()  # granted keywords are no longer granted (110)
        obj.keyword_changes = ()
        state.objects[obj.id] = obj


def points(amount: int) -> str:
    return plural("{n} point", "{n} points", n=amount)


def _noun(obj: RiftboundObject) -> str:
    if obj.token:
        return plural("{name} token", "{n} {name} tokens", n=obj.count, name=obj.face.name)
    return plural("{name}", "{n} {name}", n=obj.count, name=obj.face.name)


def cleanup(ctx: RiftboundContext) -> None:
    """Perform Cleanups until one changes nothing (322, 323)."""
    while _cleanup_once(ctx):
        pass


def _cleanup_once(ctx: RiftboundContext) -> bool:
    state = ctx.state
    changed = _check_victory(ctx)
    for obj in [o for o in state.objects.values() if board.is_lethal(state, o)]:
        leave_board(ctx, obj, "trash", "323.5", "killed")
        changed = True
    changed = _recall_unattached_gear(ctx) or changed
    changed = _release_empty_battlefields(ctx) or changed
    return _establish_control(ctx) or changed


def _recall_unattached_gear(ctx: RiftboundContext) -> bool:
    """A card whose unit left the board is detached where the unit last was (435.4.b); gear
    not attached to anything at a battlefield is recalled to its controller's base (149.3,
    323.7, 452.1)."""
    state = ctx.state
    changed = False
    for obj in [o for o in state.objects.peek_values() if o.zone == board.BOARD]:
        host = state.objects.peek(obj.attached_to) if obj.attached_to is not None else None
        if obj.attached_to is not None and (host is None or host.zone != board.BOARD):
            state.objects[obj.id].attached_to = None
            changed = True
        at_field = obj.location not in (None, board.BASE)
        if obj.face.has_type("Gear") and obj.attached_to is None and at_field:
            gear = state.objects[obj.id]
            gear.location = board.BASE
            ctx.event(
                "recalled",
                plural(
                    "{name} is unattached gear at a battlefield: recalled to its controller's "
                    "base (149.3).",
                    "{n} {name} are unattached gear at a battlefield: recalled to their "
                    "controller's base (149.3).",
                    n=gear.count,
                    name=gear.face.name,
                ),
                "149.3",
                object=gear.id,
                count=gear.count,
                to=board.BASE,
            )
            changed = True
    return changed


def _check_victory(ctx: RiftboundContext) -> bool:
    """A player at or above the Victory Score with more points than anyone wins (323.1)."""
    state = ctx.state
    index = _leader(state)
    if index is None:
        return False
    for loser in [s for i, s in enumerate(state.seats) if i != index and not s.lost]:
        loser.lost = True
    ctx.event(
        "won",
        msg("{seat} won the game (323.1).", seat=state.seats[index].name),
        "323.1",
        seat=index,
    )
    return True


def _leader(state: RiftboundState) -> int | None:
    """The player who wins at the next Cleanup: at or above the Victory Score, with more points
    than anyone, while someone else is still playing (323.1)."""
    target = _victory_score(state)
    for index, seat in enumerate(state.seats):
        others = [s.points for i, s in enumerate(state.seats) if i != index]
        losers = [s for i, s in enumerate(state.seats) if i != index and not s.lost]
        if seat.points >= target and all(seat.points > p for p in others) and losers:
            return index
    return None


def _victory_score(state: RiftboundState) -> int:
    return int(state.system.get("victory_score", 8))


def _release_empty_battlefields(ctx: RiftboundContext) -> bool:
    """Battlefields with no units become uncontrolled (323.6)."""
    changed = False
    for field in battlefields(ctx.state):
        if field["controller"] is not None and not board.players_present(ctx.state, field["id"]):
            field["controller"] = None
            ctx.event(
                "battlefield_uncontrolled",
                msg(
                    "{field} has no units and became uncontrolled (323.6).",
                    field=battlefield_name(field),
                ),
                "323.6",
                battlefield=field["id"],
            )
            changed = True
    return changed


def _establish_control(ctx: RiftboundContext) -> bool:
    """The only player with units at a battlefield establishes control (187.4); that is a
    Conquer only if they have not yet scored it this turn (464.1, 461.5.d).

    Showdowns and combat are played by hand: while two players have units there, nothing
    changes; once one is left, it takes control.
    """
    state = ctx.state
    changed = False
    for field in battlefields(state):
        present = board.players_present(state, field["id"])
        if len(present) != 1 or field["controller"] in present:
            continue
        (seat,) = present
        field["controller"] = seat
        changed = True
        name = state.seats[seat].name
        if seat in field.get("scored", []):
            ctx.event(
                "control_established",
                msg(
                    "{name} took control of {field}; having already scored it this turn, this is "
                    "not a Conquer (461.5.d, 464.1).",
                    name=name,
                    field=battlefield_name(field),
                ),
                "461.5.d",
                seat=seat,
                battlefield=field["id"],
            )
            score(ctx, seat, field, "conquer")
            continue
        ctx.event(
            "conquered",
            msg(
                "{name} took control of {field} and conquered it (464.1).",
                name=name,
                field=battlefield_name(field),
            ),
            "464.1",
            seat=seat,
            battlefield=field["id"],
        )
        score(ctx, seat, field, "conquer")
    return changed


def score(ctx: RiftboundContext, seat: int, field: dict[str, object], how: str) -> None:
    """Score a battlefield once per turn (465); the Winning Point needs a Hold or every
    battlefield scored this turn, else a Conquer draws a card instead (466.1.b)."""
    scored = field.setdefault("scored", [])
    assert isinstance(scored, list)
    if seat in scored:
        ctx.event(
            "not_scored",
            msg(
                "{seat} already scored {field} this turn and scores it only once per turn (465).",
                seat=ctx.state.seats[seat].name,
                field=battlefield_name(field),
            ),
            "465",
            seat=seat,
            battlefield=field["id"],
        )
        return
    scored.append(seat)
    state = ctx.state
    player = state.seats[seat]
    everything = all(seat in b.get("scored", []) for b in battlefields(state))
    if how == "conquer" and player.points + 1 >= _victory_score(state) and not everything:
        ctx.event(
            "no_winning_point",
            msg(
                "{seat} can't take the Winning Point by conquering {field} without scoring every "
                "battlefield this turn and draws a card instead (466.1.b.2).",
                seat=player.name,
                field=battlefield_name(field),
            ),
            "466.1.b.2",
            seat=seat,
        )
        draw(ctx, seat, "466.1.b.2")
        return
    player.points += 1
    rule = "464.1" if how == "conquer" else "464.2"
    ctx.event(
        "scored" if how == "conquer" else "held",
        msg(
            "{seat} scored {field} and has {points} ({rule}).",
            seat=player.name,
            field=battlefield_name(field),
            points=points(player.points),
            rule=rule,
        ),
        rule,
        seat=seat,
        battlefield=field["id"],
        points=player.points,
    )


def draw(ctx: RiftboundContext, index: int, rule: str) -> None:
    """Draw 1; on an empty Main Deck the player Burns Out first, then still draws (431.1.a,
    431.2.d, 315.4.b.2)."""
    seat = ctx.state.seats[index]
    while seat.library == 0 and burn_out(ctx, index) and _leader(ctx.state) is None:
        # With the trash empty too, the draw is attempted again: the player burns out
        # repeatedly until an opponent passes the Victory Score and wins (431.3, 431.3.a).
        pass
    if seat.library > 0:
        seat.library -= 1
        seat.hand += 1
        ctx.event(
            "drew", msg("{seat} drew 1 ({rule}).", seat=seat.name, rule=rule), rule, seat=index
        )


def burn_out(ctx: RiftboundContext, index: int) -> bool:
    """Recycle the trash into the Main Deck and give an opponent 1 point (431.2); False when
    there is no opponent left to gain it."""
    state = ctx.state
    seat = state.seats[index]
    trash = [o for o in state.objects.values() if o.zone == "trash" and o.owner == index]
    for obj in trash:
        del state.objects[obj.id]
        seat.library += obj.count
    opponents = [i for i, s in enumerate(state.seats) if i != index and not s.lost]
    if not opponents:
        return False
    names = [state.seats[i].name for i in opponents]
    chosen = ctx.decide(
        "burn_out",
        index,
        msg("Burned out: which opponent gains 1 point (431.2.c)?"),
        names,
        "431.2.c",
    )
    gainer = opponents[names.index(chosen)]
    state.seats[gainer].points += 1
    ctx.event(
        "burned_out",
        msg(
            "{seat} burned out: the trash was recycled into the Main Deck and {chosen} gained 1 "
            "point (431.2).",
            seat=seat.name,
            chosen=chosen,
        ),
        "431.2",
        seat=index,
    )
    return True
