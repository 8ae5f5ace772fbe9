"""Declaring attackers and blockers as players do: a whole declaration in one action.

The rules see each declaration as one act (508.1: the active player declares attackers;
509.1: the defending player declares blockers). ``attack`` and ``block`` declare one stack at
a time; these declare several stacks and end the declaration, so "all my creatures attack
Ben" is one action, and "these two Soldiers block the Goblins" another.

Ending the declare blockers step needs every defending player to be done (509.1 is each
defending player's declaration; the step then goes on to combat damage, 510), so each one's
"done" is kept in ``state.system`` until the last one is in.
"""

from __future__ import annotations

from rules.errors import IllegalAction, InvalidAction
from rules.mtg import blocking, combat, params, turn
from rules.mtg.blocking import BLOCKS_DONE
from rules.mtg.layers import sources_held
from rules.mtg.records import MtgContext, MtgObject, MtgState, on_battlefield
from rules.mtg.zones import check_not_gone
from rules.text import msg

JsonDict = params.JsonDict

MAX_BLOCKS = 64
"""The most blocker entries one ``blocks`` list holds."""
BEFORE_ATTACKS = ("main1", "beginning_of_combat")


def _stacks(ctx: MtgContext, action: JsonDict) -> list[MtgObject] | None:
    raw = action.get("objects")
    if raw is None:
        return None
    if not isinstance(raw, list) or not raw or len(raw) > MAX_BLOCKS:
        raise InvalidAction(msg("objects must be a list of 1 to {most} stack ids", most=MAX_BLOCKS))
    return [ctx.get(i) for i in dict.fromkeys(raw)]


def declare_attack(ctx: MtgContext, action: JsonDict) -> None:
    """The active player declares attackers (508.1a): the named stacks, whole, or every creature
    able to attack (untapped, not summoning sick unless haste, 302.6; no defender or "can't
    attack", 702.3b, 508.1c), attack ``defender`` (a creature that must attack another player
    this turn attacks that one, 508.1d). From the precombat main phase or the beginning of
    combat the turn first moves on to the declare attackers step (500.1, 507, 508). Unless
    ``stay``, the declaration then ends and the declare blockers step begins (508.8, 509)."""
    state = ctx.state
    if state.step in BEFORE_ATTACKS:
        while state.step != "declare_attackers":
            turn.advance(ctx)
    if state.step != "declare_attackers":
        raise IllegalAction(msg("attackers are declared in the declare attackers step"), "508.1")
    named = _stacks(ctx, action)
    stacks = named if named is not None else _able(state)
    if not stacks:
        raise IllegalAction(msg("no creature of yours can attack now"), "508.1a")
    for obj in stacks:
        defender = action.get("defender")
        required = obj.must_attack
        if named is None and required is not None and not state.seat(required).lost:
            defender = {"seat": required}
        combat.attack(
            ctx,
            {
                "object": obj.id,
                "count": obj.count,
                "defender": defender,
                "choices": action.get("choices"),
            },
        )
    if not params.flag(action, "stay"):
        turn.advance(ctx)


def _able(state: MtgState, permanents: list[MtgObject] | None = None) -> list[MtgObject]:
    return [
        obj
        for obj in (on_battlefield(state) if permanents is None else permanents)
        if obj.controller == state.active_seat and combat.able_to_attack(state, obj)
    ]


def _permanents_read(state: MtgState) -> list[MtgObject]:
    """``on_battlefield`` for a read that changes nothing (the offers): handing every record out
    would mark the whole table touched, and the next action on that state (the committed one a
    page renders from) would lose the kernel's caches and check all 5,000 stacks again."""
    return [o for o in state.objects.peek_values() if o.zone == "battlefield" and not o.phased_out]


def defending_players(state: MtgState) -> set[int]:
    """The players attacked, or whose planeswalkers or battles are (506.2, 508.5, 310.9d)."""
    found = (
        combat.defending_player(state, a.attacking)
        for a in combat.attackers(state)
        if a.attacking is not None
    )
    return {seat for seat in found if seat is not None}


def declare_blocks(ctx: MtgContext, action: JsonDict) -> None:
    """A defending player declares blockers (509.1a): each entry of ``blocks`` is a stack of
    theirs (``count`` of it, default all) blocking an attacking stack, checked as ``block``
    checks one (509.1a-b, 509.1d). ``blocked`` defaults to the most attackers the blockers share
    evenly (three Soldiers on two Goblins: all three on one). Unless ``stay``, this player is
    done; when every defending player is, the step ends and combat damage is dealt (509.1,
    510.1)."""
    state = ctx.state
    seat = params.seat(ctx, action, "seat")
    if state.step != "declare_blockers":
        raise IllegalAction(msg("blockers are declared in the declare blockers step"), "509.1")
    defending = defending_players(state)
    if seat not in defending:
        raise IllegalAction(
            msg("{player} isn't a defending player", player=state.seat(seat).name), "509.1"
        )
    for entry in _entries(action):
        check_not_gone(ctx, entry["object"])
        whole = ctx.get(entry["object"]).count
        obj, count = params.target(
            ctx, {"object": entry["object"], "count": entry.get("count", whole)}
        )
        if obj.controller != seat:
            raise IllegalAction(
                msg(
                    "{player} declares only their own creatures as blockers",
                    player=state.seat(seat).name,
                ),
                "509.1a",
            )
        attacker = ctx.get(entry["attacker"])
        blocked = entry.get("blocked", _shared(count, attacker.count))
        blocking.block(
            ctx,
            {
                "object": obj.id,
                "count": count,
                "attacker": attacker.id,
                "blocked": blocked,
                "choices": action.get("choices"),
            },
        )
    if params.flag(action, "stay"):
        return
    done = {*state.system.get(BLOCKS_DONE, []), seat}
    if defending <= done:
        turn.advance(ctx)  # leaving the step forgets who was done (turn.advance)
        return
    state.system[BLOCKS_DONE] = sorted(done)
    ctx.event(
        "blocks_declared",
        msg("{player} declared blockers (CR 509.1)", player=state.seat(seat).name),
        "509.1",
        seat=seat,
    )


def _entries(action: JsonDict) -> list[JsonDict]:
    """``blocks``, then each stack of ``objects`` (whole) on ``attacker``."""
    raw = action.get("blocks", [])
    if not isinstance(raw, list):
        raise InvalidAction(msg("blocks must be a list"))
    together = action.get("objects")
    if together is not None:
        if not isinstance(together, list) or "attacker" not in action:
            raise InvalidAction(msg("objects must be a list of stack ids, with attacker"))
        raw = [*raw, *({"object": o, "attacker": action["attacker"]} for o in together)]
    if len(raw) > MAX_BLOCKS:
        raise InvalidAction(msg("at most {most} blocks in one action", most=MAX_BLOCKS))
    for entry in raw:
        if not isinstance(entry, dict) or not {"object", "attacker"} <= set(entry):
            raise InvalidAction(msg('each block is {{"object": id, "attacker": id, "count": n}}'))
    return raw


def _shared(count: int, attackers: int) -> int:
    """The most attacking creatures ``count`` blockers block with each blocked by as many."""
    return max(n for n in range(1, min(count, attackers) + 1) if count % n == 0)


def offers(state: MtgState, seat: int) -> JsonDict:
    """What ``seat`` may declare in combat now, for the board's one-tap controls: ``attack``,
    the stacks able to attack when ``seat`` is the active player before or in the declare
    attackers step (508.1a); ``blocks``, each attacking stack the player may block with the
    stacks able to block it (509.1a-b), while the player is a defending player not yet done;
    ``waiting_for``, the defending players not yet done (509.1); ``declaring``, whether
    ``seat`` is the active player in the declare attackers step (it ends the declaration)."""
    found: JsonDict = {"attack": [], "blocks": {}, "waiting_for": [], "declaring": False}
    if state.pending_choice is not None:
        return found
    with sources_held(state):  # a read: every stack's characteristics from one walk
        _offer(state, seat, found)
    return found


def _offer(state: MtgState, seat: int, found: JsonDict) -> None:
    if seat == state.active_seat and state.step in (*BEFORE_ATTACKS, "declare_attackers"):
        found["attack"] = [obj.id for obj in _able(state, _permanents_read(state))]
        found["declaring"] = state.step == "declare_attackers"
    if state.step != "declare_blockers":
        return
    done = set(state.system.get(BLOCKS_DONE, []))
    waiting = sorted(defending_players(state) - done)
    found["waiting_for"] = waiting
    if seat in waiting:
        mine = [o for o in _permanents_read(state) if o.controller == seat]
        for attacker in combat.attackers(state):
            able = [o.id for o in mine if blocking.may_declare(state, o, attacker)]
            attacked = attacker.attacking
            if able and attacked is not None and combat.defending_player(state, attacked) == seat:
                found["blocks"][attacker.id] = able
