"""Players' counters (122.1: poison, energy, experience, rad, any kind), commander damage
(903.10a) and the designations one player holds at a time: the monarch (725) and the initiative
(726). A commander is an object named by ``set_designation`` with ``object``; the combat damage
it deals to each player adds up under its first id, whatever zones it moves through (903.3).
"""

from __future__ import annotations

from rules import params
from rules.errors import IllegalAction, InvalidAction
from rules.mtg.records import MtgContext, MtgObject
from rules.mtg.status import name_of
from rules.mtg.zones import COMMANDERS
from rules.text import msg, plural, word

JsonDict = params.JsonDict
PLAYER_COUNTERS = "player_counters"
PLAYER_COUNTER_KINDS = ("poison", "energy", "experience", "rad")
"""The kinds players usually get (122.1); any other kind is allowed too."""
"""``state.system`` key: counters on players other than poison (122.1: energy, experience...),
as {seat (str): {kind: n}}; poison counters are the seat's ``poison`` (704.5c)."""
SEAT_DESIGNATIONS = {"monarch": "725.3", "initiative": "726.3"}
COMMANDER_LOSS = 21


def player_counters(ctx: MtgContext, seat: int, kind: str) -> int:
    if kind.lower() == "poison":
        return ctx.state.seat(seat).poison
    table = ctx.state.system.get(PLAYER_COUNTERS, {})
    return int(table.get(str(seat), {}).get(kind, 0))


def change_player_counters(ctx: MtgContext, seat: int, kind: str, delta: int) -> int:
    """Give (delta > 0) or take counters from a player; returns how many changed. Counters on
    players aren't put on a permanent, so Doubling Season and Hardened Scales don't apply."""
    have = player_counters(ctx, seat, kind)
    new = max(0, have + delta)
    if kind.lower() == "poison":
        ctx.state.seat(seat).poison = new
    else:
        table = ctx.state.system.setdefault(PLAYER_COUNTERS, {})
        mine = table.setdefault(str(seat), {})
        if new:
            mine[kind] = new
        else:
            mine.pop(kind, None)
            if not mine:
                del table[str(seat)]
    return abs(new - have)


def all_counters(system: JsonDict, seat: int, poison: int) -> dict[str, int]:
    """What the API shows: poison always, then every other kind the player has."""
    return {"poison": poison, **system.get(PLAYER_COUNTERS, {}).get(str(seat), {})}


def adjust_player_counters(ctx: MtgContext, action: JsonDict) -> None:
    """Give (amount > 0) or remove (amount < 0) counters of any kind on a player (122.1)."""
    seat = params.seat(ctx, action, "seat")
    kind = params.text(action, "kind")
    if not kind or not kind.strip():
        raise InvalidAction(msg("kind must name a counter: poison, energy, experience, rad, ..."))
    kind = kind.strip().lower()
    amount = params.integer(action, "amount")
    if amount == 0:
        raise InvalidAction(msg("amount must not be 0"))
    name = ctx.state.seat(seat).name
    changed = change_player_counters(ctx, seat, kind, amount)
    if amount < 0 and changed == 0:
        raise IllegalAction(msg("{name} has no {kind} counters", name=name, kind=kind), "122.1")
    ctx.event(
        "player_counters_added" if amount > 0 else "player_counters_removed",
        plural(
            "{name} got {n} {kind} counter; now {now} (CR 122.1)",
            "{name} got {n} {kind} counters; now {now} (CR 122.1)",
            n=changed,
            name=name,
            kind=word(kind),
            now=player_counters(ctx, seat, kind),
        )
        if amount > 0
        else plural(
            "{name} lost {n} {kind} counter; now {now} (CR 122.1)",
            "{name} lost {n} {kind} counters; now {now} (CR 122.1)",
            n=changed,
            name=name,
            kind=word(kind),
            now=player_counters(ctx, seat, kind),
        ),
        "122.1",
        seat=seat,
        kind=kind,
        amount=changed,
        total=player_counters(ctx, seat, kind),
    )


def commander_key(ctx: MtgContext, obj: MtgObject) -> str | None:
    value = ctx.state.system.get(COMMANDERS, {}).get(obj.id)
    return value if isinstance(value, str) else None


def _record(ctx: MtgContext, seat: int, key: str, amount: int, source_name: str) -> None:
    player = ctx.state.seat(seat)
    player.commander_damage[key] = max(player.commander_damage.get(key, 0) + amount, 0)
    ctx.event(
        "commander_damage",
        msg(
            "{seat} has been dealt {commander_damage} combat damage by the commander "
            "{source_name} (CR 903.10a)",
            seat=player.name,
            commander_damage=player.commander_damage[key],
            source_name=source_name,
        ),
        "903.10a",
        seat=seat,
        source=key,
        amount=amount,
        total=player.commander_damage[key],
    )


def add_commander_damage(ctx: MtgContext, source: MtgObject, seat: int, amount: int) -> None:
    """Combat damage from a commander to a player counts toward 21 (903.10a)."""
    key = commander_key(ctx, source)
    if key is not None and amount > 0:
        _record(ctx, seat, key, amount, name_of(source))


def commander_damage(ctx: MtgContext, action: JsonDict) -> None:
    """Manual: record (or correct, with a negative amount) combat damage a commander dealt."""
    seat = params.seat(ctx, action, "seat")
    source = action.get("source")
    if not isinstance(source, str) or not source:
        raise InvalidAction(msg("source must be the commander's object id"))
    amount = params.integer(action, "amount")
    obj = ctx.state.objects.get(source)
    key = source
    if obj is not None:
        key = commander_key(ctx, obj) or source
    _record(ctx, seat, key, amount, name_of(obj) if obj is not None else source)


def set_designation(ctx: MtgContext, action: JsonDict) -> None:
    """``seat`` becomes the monarch (725.3) or takes the initiative (726.3): the holder before
    ceases to have it; or ``object`` becomes a commander (903.3)."""
    designation = params.text(action, "designation", ("monarch", "initiative", "commander"))
    if designation is None:
        raise InvalidAction(msg("designation must be one of monarch, initiative, commander"))
    if designation == "commander":
        obj = ctx.get(action.get("object"))
        table = ctx.state.system.setdefault(COMMANDERS, {})
        table.setdefault(obj.id, obj.id)
        ctx.event(
            "designated",
            msg("{obj} is a commander (CR 903.3)", obj=name_of(obj)),
            "903.3",
            object=obj.id,
            designation=designation,
        )
        return
    seat = params.seat(ctx, action, "seat")
    give_designation(ctx, seat, designation, "")


def give_designation(ctx: MtgContext, seat: int, designation: str, why: str) -> None:
    rule = SEAT_DESIGNATIONS[designation]
    for other in ctx.state.seats:
        if designation in other.designations:
            other.designations.remove(designation)
    ctx.state.seat(seat).designations.append(designation)
    what = msg("became the monarch") if designation == "monarch" else msg("took the initiative")
    ctx.event(
        "designated",
        msg(
            "{seat} {what}{why} (CR {rule})",
            seat=ctx.state.seat(seat).name,
            what=what,
            why=why,
            rule=rule,
        ),
        rule,
        seat=seat,
        designation=designation,
    )


def combat_damage_to_player(ctx: MtgContext, source: MtgObject, seat: int) -> None:
    """725.2 and 726.2: a creature dealing combat damage to the monarch (to the player with the
    initiative) makes its controller the monarch (take the initiative)."""
    player = ctx.state.seat(seat)
    for designation in ("monarch", "initiative"):
        if designation in player.designations and source.controller != seat:
            rule = "725.2" if designation == "monarch" else "726.2"
            give_designation(
                ctx,
                source.controller,
                designation,
                msg(
                    ": {source} dealt combat damage to {seat} (CR {rule})",
                    source=name_of(source),
                    seat=player.name,
                    rule=rule,
                ),
            )


def pass_designations(ctx: MtgContext, seat: int) -> None:
    """725.4, 726.4: when the monarch (the player with the initiative) leaves the game, the
    active player gets it, or if that is the player leaving, the next player in turn order."""
    state = ctx.state
    held = [d for d in state.seat(seat).designations if d in SEAT_DESIGNATIONS]
    if not held:
        return
    n = len(state.seats)
    heir = next(
        (
            i
            for i in ((state.active_seat + k) % n for k in range(n))
            if i != seat and not state.seats[i].lost
        ),
        None,
    )
    for designation in held:
        state.seat(seat).designations.remove(designation)
        if heir is not None:
            rule = "725.4" if designation == "monarch" else "726.4"
            give_designation(
                ctx,
                heir,
                designation,
                msg(" as {seat} left (CR {rule})", seat=state.seat(seat).name, rule=rule),
            )
