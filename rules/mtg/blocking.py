"""Declaring blockers (CR 509) with stacks.

A blocker stack of n blocking an attacker stack of m means each of the n blocks one of the m and
each of the m is blocked by n/m of them (``block`` keeps n a multiple of m), so "3 Spiders block 3
of 200 Goblins" is two attacker stacks and one blocker stack, never 200 objects.

Blocks are declared one ``block`` action at a time, but the declaration as a whole is what the
rules judge (509.1b-c): menace ("can't be blocked except by two or more", 702.111b) can only be
broken by a declaration that is finished, so it is checked when the declare blockers step ends
(``check_blocks``), with the requirements (``block_requirements``); the player adds a blocker or
undoes the block.
"""

from __future__ import annotations

from rules.context import times
from rules.errors import IllegalAction, InvalidAction
from rules.mtg import params
from rules.mtg.block_requirements import check_block_requirements
from rules.mtg.combat import (
    ANY_NUMBER,
    CANT_BLOCK,
    EXTRA_BLOCK,
    MAX_ALSO,
    UNBLOCKABLE,
    JsonDict,
    attackers,
    blockers_of,
    defending_player,
    has_any,
)
from rules.mtg.layers import Computed, compute_one
from rules.mtg.mana import pay_mana
from rules.mtg.records import MtgContext, MtgObject, MtgState, on_battlefield
from rules.mtg.status import name_of, present
from rules.stacks import split
from rules.text import msg

BLOCKS_DONE = "blocks_done"
"""``state.system`` key: the defending players who finished declaring blockers this step
(rules/mtg/declaring.py); forgotten as the step ends."""


def _block_limit(computed: Computed) -> int | None:
    """How many attackers one creature may block (509.1a; more by an ability, 509.1b)."""
    if computed.has(ANY_NUMBER):
        return None
    return 1 + sum(1 for k in computed.keywords if k.lower() == EXTRA_BLOCK)


def _block_problem(state: MtgState, obj: MtgObject, attacker: MtgObject) -> IllegalAction | None:
    """Why ``obj`` can't block ``attacker`` (509.1a-b), apart from what it already blocks."""
    defender = attacker.attacking
    if defender is None:
        return IllegalAction(
            msg("{attacker} isn't an attacking creature", attacker=name_of(attacker)), "509.1a"
        )
    if obj.controller != defending_player(state, defender):
        return IllegalAction(
            msg(
                "only the player {attacker} attacks (or whose planeswalker or battle it attacks) "
                "can block it",
                attacker=name_of(attacker),
            ),
            "509.1a",
        )
    computed = compute_one(state, obj)
    if not computed.is_creature:
        return IllegalAction(
            msg("{obj} isn't a creature; only creatures block", obj=name_of(obj)), "509.1a"
        )
    if obj.tapped:
        return IllegalAction(
            msg("{obj} is tapped; only untapped creatures block", obj=name_of(obj)), "509.1a"
        )
    if computed.has("Decayed"):
        return IllegalAction(
            msg("{obj} has decayed: this creature can't block (CR 702.147a)", obj=name_of(obj)),
            "702.147a",
        )
    if has_any(computed, CANT_BLOCK):
        return IllegalAction(
            msg("{obj} can't block (a restriction, CR 509.1b)", obj=name_of(obj)), "509.1b"
        )
    evasive = compute_one(state, attacker)
    if evasive.has(UNBLOCKABLE):
        return IllegalAction(
            msg("{attacker} can't be blocked (CR 509.1b)", attacker=name_of(attacker)), "509.1b"
        )
    if evasive.has("Flying") and not (computed.has("Flying") or computed.has("Reach")):
        return IllegalAction(
            msg(
                "{attacker} has flying: only creatures with flying or reach can block it",
                attacker=name_of(attacker),
            ),
            "702.9b",
        )
    return None


def can_block(state: MtgState, obj: MtgObject, attacker: MtgObject) -> bool:
    return obj.zone == "battlefield" and _block_problem(state, obj, attacker) is None


def may_declare(state: MtgState, obj: MtgObject, attacker: MtgObject) -> bool:
    """Whether ``block`` would take ``obj`` as a blocker of ``attacker`` now (509.1a-b): it can
    block it, doesn't already, and blocks fewer creatures than it may."""
    if not can_block(state, obj, attacker) or attacker.id in obj.blocking:
        return False
    limit = _block_limit(compute_one(state, obj))
    return limit is None or len(obj.blocking) < limit


def _check_blocker(ctx: MtgContext, obj: MtgObject, attacker: MtgObject) -> None:
    state = ctx.state
    if attacker.id in obj.blocking:
        raise IllegalAction(
            msg("{obj} already blocks {attacker}", obj=name_of(obj), attacker=name_of(attacker)),
            "509.1a",
        )
    limit = _block_limit(compute_one(state, obj))
    if limit is not None and len(obj.blocking) >= limit:
        raise IllegalAction(
            msg("{obj} already blocks as many creatures as it can (CR 509.1a)", obj=name_of(obj)),
            "509.1a",
        )
    problem = _block_problem(state, obj, attacker)
    if problem is not None:
        raise problem


def block_cost(state: MtgState, obj: MtgObject) -> int:
    """The generic mana it costs ``obj`` to block (509.1d): each ``block_cost`` effect of a
    permanent an opponent of its controller controls ("creatures can't block unless their
    controller pays {N} for each")."""
    return sum(
        e.amount * source.count
        for source in state.effect_sources()
        if source.controller != obj.controller and not source.face_down and not source.phased_out
        for e in source.current.effects
        if e.kind == "block_cost"
    )


def split_attacker(state: MtgState, attacker: MtgObject, count: int) -> MtgObject:
    """``count`` creatures of an attacking stack as a stack of their own, taking along the
    blockers that block them (each keeps blocking as many of them per creature as before)."""
    whole = attacker.count
    part = split(state, attacker, count)
    if part is attacker:
        return part
    for blocker in blockers_of(state, attacker):
        if blocker.blocking != (attacker.id,):
            continue  # a creature blocking several attackers is declared alone (count 1)
        share = blocker.count * count // whole
        if share == 0:
            continue
        moved = blocker if share >= blocker.count else split(state, blocker, share)
        moved.blocking = (part.id,)
    return part


def block(ctx: MtgContext, action: JsonDict) -> None:
    """Declare blockers (509.1a): ``count`` untapped creatures of the defending player block
    ``blocked`` creatures of an attacking stack (default: the smaller of ``count`` and the
    attacking stack's size, the blockers shared evenly). Restrictions are checked per
    blocker (509.1b): flying (702.9b), "can't block", decayed (702.147a), "can't be blocked";
    menace is judged when the declaration ends (``check_blocks``). A creature that can block
    several (509.1a: "can block an additional creature", "any number") names the others in
    ``also``: it blocks one creature of each of those stacks too, in the same declaration (a
    stack named n times: n of its creatures; ``attacker`` itself counts once)."""
    state = ctx.state
    obj, count = params.target(ctx, action)
    present(obj)
    attacker = present(ctx.get(action.get("attacker")))
    if state.step != "declare_blockers":
        raise IllegalAction(msg("blockers are declared in the declare blockers step"), "509.1")
    # By default every creature of the attacking stack is blocked, or one per blocker when
    # the blockers are fewer.
    blocked = params.integer(action, "blocked", min(count, attacker.count), minimum=1)
    also = _also(ctx, action, attacker)
    if blocked > count:
        raise InvalidAction(msg("blocked can't exceed count: each blocker blocks one creature"))
    if blocked > attacker.count:
        raise InvalidAction(msg("the attacking stack holds only {count}", count=attacker.count))
    if count % blocked:
        raise InvalidAction(
            msg(
                "{count} blockers can't be shared evenly by {blocked} attackers; declare them in "
                "several block actions",
                count=count,
                blocked=blocked,
            )
        )
    if (obj.blocking or also) and (
        count != 1
        or blocked != 1
        or any(a in state.objects and state.objects[a].count != 1 for a in obj.blocking)
    ):
        raise InvalidAction(
            msg(
                "a creature blocking an additional attacker is declared alone (count 1), and each "
                "creature it blocks is a stack of its own"
            )
        )
    manual = params.mapping(action, "choices").get("paid") == "manual"
    for each in (attacker, *also):
        _block_one(ctx, obj, count, each, blocked, manual)


def _also(ctx: MtgContext, action: JsonDict, attacker: MtgObject) -> list[MtgObject]:
    raw = action.get("also", [])
    if not isinstance(raw, list) or len(raw) > MAX_ALSO:
        raise InvalidAction(
            msg("also must be a list of at most {max_also} attacking stack ids", max_also=MAX_ALSO)
        )
    # A stack named again blocks one more of its creatures (the first split off keeps none).
    return [present(ctx.get(i)) for i in raw]


def _block_one(
    ctx: MtgContext, obj: MtgObject, count: int, attacker: MtgObject, blocked: int, manual: bool
) -> None:
    state = ctx.state
    _check_blocker(ctx, obj, attacker)
    each = block_cost(state, obj)
    if each:
        player = state.seat(obj.controller)
        ctx.event(
            "block_cost",
            msg(
                "{seat} pays {{{value}}} to block with {stack} (CR 509.1d)",
                seat=player.name,
                value=each * count,
                stack=times(count, name_of(obj)),
            ),
            "509.1d",
            seat=obj.controller,
            amount=each * count,
        )
        pay_mana(ctx, player, (each, {}), count, manual)
    target = split_attacker(state, attacker, blocked)
    part = split(state, obj, count)
    part.blocking = (*part.blocking, target.id)
    target.blocked = True
    ctx.event(
        "blocked",
        msg(
            "{stack} blocked {stack2} (CR 509.1a)",
            stack=times(count, name_of(part)),
            stack2=times(blocked, name_of(target)),
        ),
        "509.1a",
        object=part.id,
        count=count,
        attacker=target.id,
        blocked=blocked,
    )


def blockers_per_attacker(state: MtgState, attacker: MtgObject) -> int:
    """How many creatures block each creature of an attacking stack (a whole number as declared;
    fewer once some blockers left combat)."""
    return sum(b.count for b in blockers_of(state, attacker)) // attacker.count


def check_blocks(ctx: MtgContext) -> None:
    """702.111b: a creature with menace can't be blocked except by two or more creatures. The
    declaration is judged as a whole (509.1b-c), so when it ends: then the requirements too."""
    state = ctx.state
    check_block_requirements(ctx, can_block, _block_limit, block_cost)
    for attacker in attackers(state):
        if not attacker.blocked or not compute_one(state, attacker).has("Menace"):
            continue
        if blockers_per_attacker(state, attacker) < 2:
            raise IllegalAction(
                msg(
                    "{attacker} has menace: it can't be blocked except by two or more creatures; "
                    "add a blocker or undo the block (CR 702.111b, 509.1b)",
                    attacker=name_of(attacker),
                ),
                "702.111b",
            )


def blocks_alone(ctx: MtgContext) -> None:
    """As the declaration of blockers ends, a creature that is the only one declared as a
    blocker blocks alone (506.5): told in the log, for the cards that ask."""
    state = ctx.state
    declared = [o for o in on_battlefield(state) if o.blocking]
    if len(declared) == 1 and declared[0].count == 1:
        ctx.event(
            "blocks_alone",
            msg("{declared} blocks alone (CR 506.5)", declared=name_of(declared[0])),
            "506.5",
            object=declared[0].id,
        )
