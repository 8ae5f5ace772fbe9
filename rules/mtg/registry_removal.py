"""Magic: The Gathering's actions that destroy, exile or change keywords (rules/registry.py),
in the order the board offers them; ``registry`` places them after sacrifice."""

from __future__ import annotations

from rules import grants, several
from rules import registry as r
from rules.mtg import removal, status
from rules.registry import ActionSpec, Applies

ON_FIELD = Applies(zones=("battlefield",))

SPECS = [
    ActionSpec(
        "destroy",
        removal.destroy,
        "Destroy",
        "Destroy objects; `objects` destroys several stacks at once (a wrath): their deaths "
        "are simultaneous and their triggers see each other (603.10a).",
        several.ON_OBJECTS,
        actor=r.EFFECT,
        rule="701.8a",
        applies=ON_FIELD,
        group="main",
        style="danger",
        example={"objects": [{"object": "o1", "count": 2}, {"object": "o4"}]},
    ),
    ActionSpec(
        "exile",
        removal.exile,
        "Exile",
        "Exile objects from wherever they are (701.13a); `objects` exiles several stacks at once.",
        several.ON_OBJECTS,
        actor=r.EFFECT,
        rule="701.13a",
        applies=ON_FIELD,
        group="main",
        style="danger",
        example={"object": "o1"},
    ),
    ActionSpec(
        "grant",
        status.grant,
        "Gain or lose keywords",
        "Objects gain `keywords` and lose `remove` (layer 6, 613.1f), until end of turn "
        "(default, ends in the cleanup step, 514.2) or `permanent`ly: first strike given "
        "mid-combat, a creature that loses flying.",
        grants.GRANT_PARAMS,
        actor=r.EFFECT,
        rule="613.1f",
        example=grants.GRANT_EXAMPLE,
    ),
]
