"""How a Riftbound table is shown (``rules.presentation``)."""

from __future__ import annotations

from typing import Any

from rules.presentation import Input, Presentation, Stat, Toggle
from rules.riftbound.board import BASE, BOARD, DOMAINS, RUNE_POOL_KEYS
from rules.riftbound.turn import STEPS
from rules.text import msg

JsonDict = dict[str, Any]


def _status_badges(obj: JsonDict) -> list[str]:
    found: list[str] = [msg("exhausted") if obj.get("exhausted") else msg("ready")]
    if any(k.startswith("Temporary") for k in obj.get("keywords", [])):
        found.append(msg("Temporary"))
    if obj.get("deflect"):
        found.append(msg("Deflect {n}", n=obj["deflect"]))
    if obj.get("buffed"):
        found.append(msg("buffed"))
    return found


PRESENTATION = Presentation(
    title="Riftbound",
    short_title="Riftbound",
    step_names={step: f"{step.capitalize()} phase" for step in STEPS},  # 315-318
    board_zone=BOARD,
    home_title="Base",
    stats=(
        Stat("Points", "points", adjustable=True),
        Stat("Hand", "hand"),
        Stat("Deck", "main_deck"),
        Stat("Runes", "runes"),
    ),
    pool_key="rune_pool",
    pool_label="Rune pool",
    pool_order=RUNE_POOL_KEYS,
    toggle=Toggle("exhausted", "exhausted", up_word="ready"),
    create_inputs=(
        Input("location", "At", "location", hint="Location"),
        Input("ready", "Ready", "check"),
    ),
    custom_inputs=(Input("def_might", "Might", "number"),),
    custom_hidden={"location": BASE},
    ability_domains=DOMAINS,
    status_badges=_status_badges,
)
