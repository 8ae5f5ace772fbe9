"""Paying mana costs from a player's pool (CR 118, 601.2h, 602.2b), shared by activated
abilities and by the costs triggered abilities ask for (ward, 702.21a)."""

from __future__ import annotations

from rules.errors import IllegalAction
from rules.mtg.records import MtgContext, MtgSeat
from rules.text import msg


def pay_mana(
    ctx: MtgContext, player: MtgSeat, parts: tuple[int, dict[str, int]], count: int, manual: bool
) -> None:
    """Pay a mana cost from the pool, or record that it was paid by hand (``manual``)."""
    generic, colored = parts
    generic *= count
    if manual:
        ctx.event("mana_paid", msg("{seat} paid the mana cost by hand", seat=player.name), "602.2b")
        return
    pool = dict(player.mana_pool)
    restricted = dict(player.restricted_mana)
    for color, n in colored.items():
        if pool.get(color, 0) < n * count:
            raise IllegalAction(
                msg(
                    "{seat} lacks {{{color}}} in the mana pool "
                    '(pay by hand with choices {{"paid": "manual"}})',
                    seat=player.name,
                    color=color,
                ),
                "602.2b",
            )
        pool[color] -= n * count
    # Powerstone mana can pay for abilities; only nonartifact spells are off limits (106.6).
    from_restricted = min(generic, restricted.get("C", 0))
    restricted["C"] = restricted.get("C", 0) - from_restricted
    generic -= from_restricted
    for color in ("C", "W", "U", "B", "R", "G"):
        used = min(generic, pool[color])
        pool[color] -= used
        generic -= used
    if generic:
        raise IllegalAction(
            msg(
                "{seat} doesn't have enough mana in the pool "
                '(pay by hand with choices {{"paid": "manual"}})',
                seat=player.name,
            ),
            "602.2b",
        )
    player.mana_pool = pool
    player.restricted_mana = {k: v for k, v in restricted.items() if v}
