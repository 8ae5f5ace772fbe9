"""What the battlefield page shows: the API table state arranged into seats, piles and tiles.

Pure functions of the table state dict (`selectors.table_state`) and log entries; no writes and no
rules: the kernel already computed P/T, Might and keywords, this only groups and labels them.
"""

from __future__ import annotations

import json
import re
from itertools import groupby
from typing import Any

from play.models import Action

JsonDict = dict[str, Any]
_OBJECT_ID = re.compile(r"^o\d+$")
_COUNTERS = re.compile(r" applied(?: \d+ times)? to \d+ \S+ counter\(s\) on ")
_APPLIED = re.compile(r"^(.*?) applied(?: (\d+) times)? to ")

MANA_ORDER = ("W", "U", "B", "R", "G", "C")
MTG_ZONES = ("graveyard", "exile", "hand", "library")
RIFTBOUND_ZONES = ("hand", "trash", "main_deck", "banishment")
STEP_NAMES = {
    "untap": "Untap",
    "upkeep": "Upkeep",
    "draw": "Draw",
    "main1": "Main 1",
    "beginning_of_combat": "Beginning of combat",
    "declare_attackers": "Declare attackers",
    "declare_blockers": "Declare blockers",
    "combat_damage": "Combat damage",
    "end_of_combat": "End of combat",
    "main2": "Main 2",
    "end": "End",
    "cleanup": "Cleanup",
}
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
LEAVES_AT = {
    "end_step:exile": "exiled at end step",
    "end_step:sacrifice": "sacrificed at end step",
    "end_of_combat:sacrifice": "sacrificed at end of combat",
    "end_of_combat:exile": "exiled at end of combat",
}


def frame(obj: JsonDict) -> str:
    """The tile's frame color: MTG color identity (gold when several), else colorless."""
    colors = obj.get("colors") or []
    if obj.get("face_down"):
        return "colorless"
    if len(colors) > 1:
        return "gold"
    return str(colors[0]).lower() if colors else "colorless"


def type_line(obj: JsonDict) -> str:
    token = ["Token"] if obj.get("token") else []
    left = " ".join([*obj.get("supertypes", []), *token, *obj.get("types", [])])
    right = " ".join(obj.get("subtypes") or obj.get("tags") or [])
    return f"{left} — {right}" if right else left


def stats(obj: JsonDict) -> str:
    if obj.get("power") is not None or obj.get("toughness") is not None:
        return f"{obj.get('power')}/{obj.get('toughness')}"
    if obj.get("might") is not None:
        return f"Might {obj['might']}"
    return ""


def badges(obj: JsonDict, game: str) -> list[str]:
    """Status badges in the order players scan them."""
    found: list[str] = []
    if game == "riftbound":
        found.append("exhausted" if obj.get("exhausted") else "ready")
        keywords = obj.get("keywords", [])
        if any(k.startswith("Temporary") for k in keywords):
            found.append("Temporary")
        if obj.get("deflect"):
            found.append(f"Deflect {obj['deflect']}")
        if obj.get("buffed"):
            found.append("buffed")
    else:
        if obj.get("tapped"):
            found.append("tapped")
        if obj.get("summoning_sick") and "Creature" in obj.get("types", []):
            found.append("summoning sick")
    for flag, label in (
        ("face_down", "face down"),
        ("phased_out", "phased out"),
        ("transformed", "transformed"),
    ):
        if obj.get(flag):
            found.append(label)
    if obj.get("attacking") is not None:
        found.append("attacking")
    if obj.get("must_attack") is not None and obj.get("attacking") is None:
        found.append(f"must attack seat {obj['must_attack'] + 1}")
    if obj.get("blocking") is not None:
        found.append("blocking")
    if obj.get("chosen_name"):
        found.append(f"named: {obj['chosen_name']}")
    if obj.get("damage"):
        found.append(f"{obj['damage']} damage")
    if obj.get("leaves_at"):
        found.append(f"leaves: {LEAVES_AT.get(obj['leaves_at'], obj['leaves_at'])}")
    if obj.get("chosen_color"):
        found.append(f"chosen: {COLOR_NAMES.get(obj['chosen_color'], obj['chosen_color'])}")
    return found


def display_name(obj: JsonDict) -> str:
    """A face-down permanent has no name (CR 708.2a); players still need to call it something."""
    return str(obj.get("name") or "Face-down permanent")


def tile(obj: JsonDict, game: str, attached: list[JsonDict]) -> JsonDict:
    counters = [(k, n) for k, n in obj.get("counters", {}).items() if n and k != "buff"]
    return {
        "obj": obj,
        "name": display_name(obj),
        "frame": frame(obj),
        "type_line": type_line(obj),
        "stats": stats(obj),
        "counters": counters,
        "badges": badges(obj, game),
        "attached": attached,
        "keywords": _unbadged_keywords(obj),
        "tapped": bool(obj.get("tapped") or obj.get("exhausted")),
    }


def _unbadged_keywords(obj: JsonDict) -> list[str]:
    """Keywords not already shown as a badge (Temporary, Deflect N): listing them twice is noise."""
    badged = ("Temporary", "Deflect") if obj.get("deflect") else ("Temporary",)
    return [k for k in obj.get("keywords", []) if not k.startswith(badged)]


def piles(
    objects: list[JsonDict], game: str, attached: dict[str, list[JsonDict]]
) -> list[JsonDict]:
    """Stacks with the same name side by side, summed up: "x40 Goblin Token, 12 tapped"."""
    ordered = sorted(objects, key=lambda o: (display_name(o), o["id"]))
    result = []
    for name, group in groupby(ordered, key=display_name):
        stacks = list(group)
        total = sum(o["count"] for o in stacks)
        tapped = sum(o["count"] for o in stacks if o.get("tapped") or o.get("exhausted"))
        word = "exhausted" if game == "riftbound" else "tapped"
        summary = f"x{total} {name}" + (f", {tapped} {word}" if tapped else "")
        tiles = [tile(o, game, attached.get(o["id"], [])) for o in stacks]
        result.append({"name": name, "summary": summary, "tiles": tiles})
    return result


def _seat_pools(game: str, seat: JsonDict) -> list[tuple[str, int]]:
    if game == "riftbound":
        return list(seat.get("rune_pool", {}).items())
    pool = seat.get("mana_pool", {})
    return [(key, pool.get(key, 0)) for key in MANA_ORDER]


def _on_board(obj: JsonDict) -> bool:
    return obj.get("zone") in ("battlefield", "board")


def _elsewhere(objects: list[JsonDict]) -> list[JsonDict]:
    return [o for o in objects if not _on_board(o)]


def layout(state: JsonDict) -> JsonDict:
    """Seats with their piles (MTG battlefield, Riftbound base) and Riftbound's shared fields."""
    game = state["game"]
    objects = [o for o in state["objects"] if _on_board(o)]
    attached: dict[str, list[JsonDict]] = {}
    for obj in objects:
        if obj.get("attached_to"):
            attached.setdefault(obj["attached_to"], []).append(obj)
    ids = {o["id"] for o in objects}
    # Attached Roles and Auras show on their host's tile, not as tiles of their own.
    loose = [o for o in objects if o.get("attached_to") not in ids]
    acts_for = set(state.get("you", {}).get("seats", []))
    seats = []
    for seat in state["seats"]:
        number = seat["seat"]
        mine = [
            o for o in loose if o["controller"] == number and o.get("location") in (None, "base")
        ]
        seats.append(
            {
                "seat": seat,
                "number": number,
                "active": number == state.get("active_seat"),
                "acts": number in acts_for,
                "pools": _seat_pools(game, seat),
                "piles": piles(mine, game, attached),
                "elsewhere": [o for o in _elsewhere(state["objects"]) if o["controller"] == number],
            }
        )
    fields = []
    names = {s["seat"]: s["name"] for s in state["seats"]}
    for field in state.get("battlefields", []):
        here = [o for o in loose if o.get("location") == field["id"]]
        by_seat = [
            {
                "name": names.get(number, "?"),
                "piles": piles([o for o in here if o["controller"] == number], game, attached),
            }
            for number in sorted({o["controller"] for o in here})
        ]
        fields.append(
            {
                "field": field,
                "controller": names.get(field.get("controller"))
                if field.get("controller") is not None
                else None,
                "sides": by_seat,
            }
        )
    return {"seats": seats, "fields": fields, "choice": pending_choice(state)}


def pending_choice(state: JsonDict) -> JsonDict | None:
    """The rules' open question, with readable labels for the options (object ids get names)."""
    pending = state.get("pending_choice")
    if not pending:
        return None
    names = {o["id"]: _object_label(o) for o in state["objects"]}
    colors = pending.get("kind") == "as_enters_color"
    options = [
        {
            "value": json.dumps(option),
            "label": _color_label(option) if colors else _option_label(option, names),
        }
        for option in pending.get("options", [])
    ]
    seat = pending.get("seat")
    return {
        **pending,
        "options": options,
        "seat_name": next((s["name"] for s in state["seats"] if s["seat"] == seat), "?"),
        "acts": seat in state.get("you", {}).get("seats", []),
    }


def _object_label(obj: JsonDict) -> str:
    """Enough to tell apart objects that share a name (two different legendary Vojas, 704.5j)."""
    details = ", ".join(part for part in (type_line(obj), stats(obj)) if part)
    return f"{display_name(obj)} ({obj['id']}, x{obj['count']}): {details}"


def _color_label(option: Any) -> str:
    """ "W" -> "White", "W (all 3)" -> "White (all 3)" (as-enters color choices, CR 614.12)."""
    text = str(option)
    name = COLOR_NAMES.get(text[:1])
    return f"{name.capitalize()}{text[1:]}" if name else text


def _option_label(option: Any, names: dict[str, str]) -> str:
    if not isinstance(option, str):
        return json.dumps(option)
    if option in names:
        return names[option]
    # An object id the board doesn't show yet: the one being created.
    return f"The new one ({option})" if _OBJECT_ID.match(option) else option


def log_groups(actions: list[Action]) -> list[JsonDict]:
    """Log entries newest first, each with its events (sentence and rule)."""
    return [
        {
            "seq": action.seq,
            "label": str(action.payload.get("type", action.kind)).replace("_", " "),
            "actor": action.actor.get_username() if action.actor else None,
            "undone": action.undone_by is not None,
            "events": action.events,
        }
        for action in sorted(actions, key=lambda a: a.seq, reverse=True)
    ]


def replacement_summary(events: list[JsonDict]) -> str | None:
    """How replacement effects changed a creation: "1 → Doubling Season x2 → Parallel Lives x2 = 4".

    Each `replacement_applied` event carries the running count (`before`, `after`); an effect that
    applied several times (several copies of one permanent) says so. The total is what was created.
    Counter replacements (tokens entering with counters) are another story and stay out of it. The
    events may come from a `choose` that finished the creation (legend rule, order of effects).
    """
    applied = [
        e
        for e in events
        if e.get("type") == "replacement_applied" and not _COUNTERS.search(str(e.get("text", "")))
    ]
    created = sum(int(e.get("count", 0)) for e in events if e.get("type") == "token_created")
    if not applied or not created:
        return None
    steps = [str(applied[0].get("before", "?"))]
    for event in applied:
        match = _APPLIED.match(str(event.get("text", "")))
        name = match.group(1) if match else str(event.get("source", "?"))
        times = f" ({match.group(2)} times)" if match and match.group(2) else ""
        steps.append(f"{name}{times}{_change(event.get('before'), event.get('after'))}")
    return " → ".join(steps) + f" = {created}"


def _change(before: Any, after: Any) -> str:
    if not isinstance(before, int) or not isinstance(after, int):
        return ""
    if before > 0 and after > before and after % before == 0:
        return f" x{after // before}"
    return f" {after - before:+d}" if after != before else ""
