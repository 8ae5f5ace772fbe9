"""How an MTG table is shown (``rules.presentation``)."""

from __future__ import annotations

from typing import Any

from rules.mtg.create import LEAVES_AT
from rules.mtg.declaring import offers as combat_offers
from rules.mtg.records import MANA_KEYS
from rules.mtg.turn import STEP_NAMES
from rules.presentation import Input, Presentation, Stat, Toggle
from rules.text import msg

JsonDict = dict[str, Any]

_LEAVES_WORDS = {
    "end_step:exile": ("Exile at end step", "exiled at end step"),
    "end_step:sacrifice": ("Sacrifice at end step", "sacrificed at end step"),
    "end_of_combat:sacrifice": ("Sacrifice at end of combat", "sacrificed at end of combat"),
    "end_of_combat:exile": ("Exile at end of combat", "exiled at end of combat"),
}


def _status_badges(obj: JsonDict) -> list[str]:
    found: list[str] = []
    if obj.get("tapped"):
        found.append(msg("tapped"))
    if obj.get("summoning_sick") and "Creature" in obj.get("types", []):
        found.append(msg("summoning sick"))
    return found


def _label(obj: JsonDict) -> str:
    return f"{obj['name']} ({obj['id']})"


def _defenders(state: JsonDict, seat: int) -> list[tuple[str, str]]:
    """What a creature of ``seat`` may attack (508.1b): each opponent still in the game, their
    planeswalkers, and battles they don't protect (310.9b), as "seat:n" / "object:id"."""
    found = [
        (f"seat:{s['seat']}", str(s["name"]))
        for s in state["seats"]
        if s["seat"] != seat and not s.get("lost")
    ]
    for obj in state["objects"]:
        types = obj.get("types") or []
        attackable = ("Battle" in types and obj.get("protector") != seat) or (
            "Planeswalker" in types and obj["controller"] != seat
        )
        if obj.get("zone") == "battlefield" and attackable:
            found.append((f"object:{obj['id']}", _label(obj)))
    return found


def _attackers_against(state: JsonDict, seat: int) -> list[tuple[str, str]]:
    """Attacking stacks ``seat`` may block: those attacking that player or their permanents
    (509.1a)."""
    mine = {o["id"] for o in state["objects"] if o["controller"] == seat}
    found = []
    for obj in state["objects"]:
        target = obj.get("attacking")
        if target and (target.get("seat") == seat or target.get("object") in mine):
            found.append((str(obj["id"]), _label(obj)))
    return found


PRESENTATION = Presentation(
    title="Magic: The Gathering",
    short_title="Magic",
    step_names={key: name[0].upper() + name[1:] for key, name in STEP_NAMES.items()},
    board_zone="battlefield",
    home_title="",
    stats=(
        Stat("Life", "life", adjustable=True),
        Stat("Hand", "hand"),
        Stat("Library", "library"),
    ),
    pool_key="mana_pool",
    pool_label="Mana pool",
    pool_order=MANA_KEYS,
    toggle=Toggle("tapped", "tapped"),
    create_inputs=(
        Input("tapped", "Tapped", "check"),
        Input(
            "leaves_at",
            "Leaves",
            "select",
            (("", "Stays"), *((key, _LEAVES_WORDS[key][0]) for key in LEAVES_AT)),
            hint="When the tokens leave",
        ),
    ),
    custom_inputs=(
        Input("def_power", "Power", "text"),
        Input("def_toughness", "Toughness", "text"),
    ),
    custom_hidden={},
    leaves_at={key: words[1] for key, words in _LEAVES_WORDS.items()},
    status_badges=_status_badges,
    player_counters=("poison", "energy", "experience", "rad"),
    designations=(("monarch", "becomes the monarch"), ("initiative", "takes the initiative")),
    options={"defenders": _defenders, "attackers_against": _attackers_against},
    combat=combat_offers,
)
