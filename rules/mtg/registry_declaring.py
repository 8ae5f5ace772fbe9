"""The two combat declarations a player makes in one action each (508.1a, 509.1a): their
registry entries, apart from the per-stack actions of rules/mtg/registry.py."""

from __future__ import annotations

from rules.mtg import declaring
from rules.mtg import registry_params as p
from rules.registry import shared
from rules.registry import vocabulary as v
from rules.registry.vocabulary import ActionSpec, Actor, Param

DECLARE_ATTACK = ActionSpec(
    "declare_attack",
    declaring.declare_attack,
    "Attack with all",
    "Declare attackers in one action (508.1a): the stacks in `objects`, whole, or every "
    "creature able to attack, attack `defender`. From the precombat main phase the turn "
    "first moves to the declare attackers step; unless `stay`, the declaration ends and the "
    "declare blockers step begins (509).",
    (
        p.DEFENDER,
        Param(
            "objects",
            v.OBJECTS,
            "The attacking stacks (default: every creature able to attack).",
            refers=v.STACK,
        ),
        Param("stay", v.BOOLEAN, "Keep declaring: the step doesn't end."),
        Param(
            "choices",
            v.MAPPING,
            '{"paid": "manual"}: a cost to attack paid by hand.',
            form=False,
        ),
    ),
    actor=Actor(v.ACTIVE),
    rule="508.1a",
    role="declare_attack",
    example={"defender": 1},
)

DECLARE_BLOCKS = ActionSpec(
    "declare_blocks",
    declaring.declare_blocks,
    "Done blocking",
    "A defending player declares blockers in one action (509.1a): each of `blocks` "
    '({"object", "attacker", "count", "blocked"}; count default: the whole stack), and each '
    "stack of `objects` on `attacker`, is checked as `block`. Unless `stay`, the player "
    "is done; when every defending player is, combat damage is dealt (510).",
    (
        shared.SEAT_PARAM.but(help="The defending player."),
        Param(
            "objects",
            v.OBJECTS,
            "Blocker stacks that all block `attacker`, whole (the board's one-tap blocks).",
            refers=v.STACK,
        ),
        Param(
            "attacker",
            v.OBJECT,
            "The attacking stack `objects` block.",
            max_length=32,
            refers=v.STACK,
        ),
        Param(
            "blocks",
            v.JSON,
            'A list of {"object": blocker stack, "attacker": attacking stack, "count": n, '
            '"blocked": n}.',
            form=False,
        ),
        Param("stay", v.BOOLEAN, "Keep declaring: not done yet."),
        Param(
            "choices",
            v.MAPPING,
            '{"paid": "manual"}: a cost to block paid by hand.',
            form=False,
        ),
    ),
    actor=Actor(v.NAMED, "seat"),
    rule="509.1a",
    role="declare_blocks",
    example={"seat": 1, "blocks": [{"object": "o2", "attacker": "o1"}]},
)
