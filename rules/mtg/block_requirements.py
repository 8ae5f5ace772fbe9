"""Blocking requirements (CR 509.1c): the declaration must obey as many requirements as can be
obeyed without breaking a restriction, counted over stacks.

Requirements, from keywords (data): a creature that "blocks each combat if able" (one per
creature), an attacker whose "all creatures able to block this creature do so" (lure: one per
creature able to block it, for each of its creatures) and one that "must be blocked if able"
(one per creature). The most that can be obeyed is a maximum-gain flow over stacks: source ->
blocker stack (its creatures' first blocks gain the "blocks if able" requirement, further ones
up to the block limit gain nothing) -> attacker stack (a lure gains one per pair) -> sink (the
first blocker of each "must be blocked" creature gains one). Stacks make it as small as the
board: a million Goblins are one node.

Where the flow can't see a rule it stays on the safe side, so a legal declaration is never
refused: attackers with menace (a lone blocker breaks a restriction) and blockers that cost
something to block (509.1c: not required to pay) are left out of the maximum.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from rules.errors import IllegalAction
from rules.mtg.layers import Computed, compute_one
from rules.mtg.records import MtgContext, MtgObject, MtgState, on_battlefield
from rules.mtg.status import name_of
from rules.text import plural

BLOCKS_IF_ABLE = "blocks each combat if able"
LURE = "all creatures able to block this creature do so"
MUST_BE_BLOCKED = "must be blocked if able"
_INF = 10**18
_MAX_ROUNDS = 10_000
"""Augmentations before the search gives up and accepts the declaration (never reached by a
board of stacks; a bound so the check can't run away)."""


def has(computed: Computed, keyword: str) -> bool:
    return any(k.lower() == keyword for k in computed.keywords)


@dataclass
class _Edge:
    to: int
    cap: int
    cost: int
    back: int


class _Flow:
    def __init__(self, nodes: int) -> None:
        self.graph: list[list[_Edge]] = [[] for _ in range(nodes)]

    def add(self, a: int, b: int, cap: int, cost: int) -> None:
        if cap <= 0:
            return
        self.graph[a].append(_Edge(b, cap, cost, len(self.graph[b])))
        self.graph[b].append(_Edge(a, 0, -cost, len(self.graph[a]) - 1))

    def max_gain(self, source: int, sink: int) -> int | None:
        """Successive shortest paths (Bellman-Ford, costs are minus gains) while a path still
        gains; None if the bound of rounds is reached."""
        gain = 0
        n = len(self.graph)
        for _ in range(_MAX_ROUNDS):
            dist: list[int | None] = [None] * n
            prev: list[tuple[int, int] | None] = [None] * n
            dist[source] = 0
            for _round in range(n):
                changed = False
                for u in range(n):
                    du = dist[u]
                    if du is None:
                        continue
                    for i, e in enumerate(self.graph[u]):
                        dv = dist[e.to]
                        if e.cap > 0 and (dv is None or du + e.cost < dv):
                            dist[e.to] = du + e.cost
                            prev[e.to] = (u, i)
                            changed = True
                if not changed:
                    break
            cost = dist[sink]
            if cost is None or cost >= 0:
                return gain
            push, v = _INF, sink
            while v != source:
                step = prev[v]
                assert step is not None
                push = min(push, self.graph[step[0]][step[1]].cap)
                v = step[0]
            v = sink
            while v != source:
                step = prev[v]
                assert step is not None
                edge = self.graph[step[0]][step[1]]
                edge.cap -= push
                self.graph[v][edge.back].cap += push
                v = step[0]
            gain += -cost * push
        return None


def _obeyed(state: MtgState, blockers: list[MtgObject]) -> int:
    """Requirements the declaration obeys now."""
    total = 0
    blocked_must: set[str] = set()
    for b in blockers:
        if not b.blocking:
            continue
        c = compute_one(state, b)
        if has(c, BLOCKS_IF_ABLE):
            total += b.count
        for attacker_id in b.blocking:
            attacker = state.objects.get(attacker_id)
            if attacker is None or attacker.attacking is None:
                continue
            ac = compute_one(state, attacker)
            if has(ac, LURE):
                total += b.count  # each blocker of the stack blocks one of them
            if has(ac, MUST_BE_BLOCKED):
                blocked_must.add(attacker.id)
    for attacker_id in blocked_must:
        total += state.objects[attacker_id].count
    return total


def check_block_requirements(
    ctx: MtgContext,
    can_block: Callable[[MtgState, MtgObject, MtgObject], bool],
    block_limit: Callable[[Computed], int | None],
    costs_to_block: Callable[[MtgState, MtgObject], int],
) -> None:
    """509.1c: refuse a declaration that obeys fewer requirements than it could. The blocking
    module passes its own tests (``can_block``, ``block_limit``, ``costs_to_block``) so the
    restrictions are written once."""
    state = ctx.state
    battlefield = on_battlefield(state)
    attackers = [o for o in battlefield if o.attacking is not None]
    computed = {o.id: compute_one(state, o) for o in battlefield}
    lure = {a.id for a in attackers if has(computed[a.id], LURE)}
    must = {a.id for a in attackers if has(computed[a.id], MUST_BE_BLOCKED)}
    eager = {o.id for o in battlefield if has(computed[o.id], BLOCKS_IF_ABLE)}
    if not (lure or must or eager):
        return
    candidates = [
        a for a in attackers if not computed[a.id].has("Menace")
    ]  # a lone blocker of a menace creature breaks a restriction: left out (safe side)
    blockers = [
        o
        for o in battlefield
        if o.attacking is None and computed[o.id].is_creature and not costs_to_block(state, o)
    ]
    edges = [(b, a) for b in blockers for a in candidates if can_block(state, b, a)]
    if not edges:
        return
    index = {o.id: i + 2 for i, o in enumerate([*blockers, *candidates])}
    flow = _Flow(len(index) + 2)
    total_attackers = sum(a.count for a in candidates)
    for b in blockers:
        limit = block_limit(computed[b.id])
        limit = total_attackers if limit is None else min(limit, total_attackers)
        flow.add(0, index[b.id], b.count, -1 if b.id in eager else 0)
        flow.add(0, index[b.id], b.count * (limit - 1), 0)
    for b, a in edges:
        flow.add(index[b.id], index[a.id], b.count * a.count, -1 if a.id in lure else 0)
    for a in candidates:
        flow.add(index[a.id], 1, a.count, -1 if a.id in must else 0)
        flow.add(index[a.id], 1, _INF, 0)
    best = flow.max_gain(0, 1)
    now = _obeyed(state, [o for o in battlefield if o.blocking])
    if best is None or now >= best:
        return
    unmet = [
        name_of(o)
        for o in [*blockers, *candidates]
        if (o.id in eager and not o.blocking) or (o.id in must and not o.blocked) or (o.id in lure)
    ]
    raise IllegalAction(
        plural(
            "this declaration obeys {n} blocking requirement of the {best} that can be "
            "obeyed (CR 509.1c); look at {unmet}",
            "this declaration obeys {n} blocking requirements of the {best} that can be "
            "obeyed (CR 509.1c); look at {unmet}",
            n=now,
            best=best,
            unmet=", ".join(sorted(set(unmet))),
        ),
        "509.1c",
    )
