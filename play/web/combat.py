"""Combat as players do it, on the board: one tap to attack with everything (or one stack) per
defender, the defending player's one-tap blocks (identical blockers in several stacks
together), and combat damage said in one line per player, its rule lines folded in the log.

What may be declared comes from the kernel (``rules.presentation(game).combat``); the buttons
post the registry's ``declare_attack`` and ``declare_blocks`` roles to the board's act view,
the same actions an API client sends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import rules
from play.table.selectors import TableAccess
from play.web import board
from play.web.forms import table_controls

JsonDict = dict[str, Any]
Names = Callable[[list[JsonDict]], dict[str, Any]]


def controls(
    game: str, access: TableAccess, kernel_state: Callable[[], Any], printed: Names
) -> JsonDict | None:
    """The combat bar for the seats the viewer acts for, from the kernel ``state``: ``attack``
    (defenders, each with every able stack and the stacks one by one), ``blocks`` (per
    defending seat: each attacking stack with its groups of alike blockers), ``waiting``
    (names of the defending players still declaring). None when there is nothing to show;
    ``kernel_state`` is read only for a game with combat and a viewer who acts."""
    shown = rules.presentation(game)
    if shown.combat is None or not access.can_act:
        return None
    state = kernel_state()
    system = rules.get_system(game)
    names = {i: seat.name for i, seat in enumerate(state.seats)}
    spec = table_controls(game)
    attack, blocks, waiting, declaring = None, [], [], False
    # One offer per seat: each walks every stack on the battlefield (25 ms at 5,000 stacks).
    offers = {seat: shown.combat(state, seat) for seat in sorted(access.seats)}
    for seat, offer in offers.items():
        waiting = [names[s] for s in offer["waiting_for"] if s not in access.seats]
        declaring = declaring or offer["declaring"]
        if offer["attack"]:
            attack = _attack(state, system, seat, offer["attack"], printed)
        for attacker_id, blocker_ids in offer["blocks"].items():
            blocks.append(_block(state, system, seat, attacker_id, blocker_ids, printed))
    defending = [
        {"seat": s, "name": names[s]} for s, offer in offers.items() if s in offer["waiting_for"]
    ]
    if attack is None and not blocks and not defending and not waiting and not declaring:
        return None
    return {
        "attack": attack,
        "done_attacking": declaring,
        "next_type": spec["next"],
        "blocks": blocks,
        "defending": defending,
        "waiting": waiting,
        "attack_type": spec["declare_attack"],
        "blocks_type": spec["declare_blocks"],
    }


def _views(state: Any, system: Any, ids: list[str], printed: Names) -> list[JsonDict]:
    # Read through ``peek``: handing a record out would mark it touched on the committed state,
    # and the next action on it would lose the kernel's caches (a full check of every stack).
    views = [system.view_object(state, state.objects.peek(i)) for i in ids]
    in_language = printed(views)
    for view in views:
        view["shown"] = board.stack_name(view, in_language)
        view["stats"] = board.stats(view)
    return views


def _attack(state: Any, system: Any, seat: int, able: list[str], printed: Names) -> JsonDict:
    stacks = _views(state, system, able, printed)
    defenders = [
        {"value": str(s), "name": other.name}
        for s, other in enumerate(state.seats)
        if s != seat and not other.lost
    ]
    return {
        "seat": seat,
        "defenders": defenders,
        "stacks": stacks,
        "total": sum(v["count"] for v in stacks),
        "in_main": state.step != "declare_attackers",
    }


def _block(
    state: Any, system: Any, seat: int, attacker_id: str, blocker_ids: list[str], printed: Names
) -> JsonDict:
    [attacker] = _views(state, system, [attacker_id], printed)
    groups: dict[tuple[str, str], JsonDict] = {}
    for view in _views(state, system, blocker_ids, printed):
        # Alike to a player: the same name and P/T, whatever keeps the stacks apart.
        key = (view["shown"], view["stats"])
        group = groups.setdefault(
            key, {"name": view["shown"], "stats": view["stats"], "ids": [], "count": 0}
        )
        group["ids"].append(view["id"])
        group["count"] += view["count"]
    for group in groups.values():
        group["objects"] = " ".join(group["ids"])
    return {"seat": seat, "attacker": attacker, "groups": list(groups.values())}
