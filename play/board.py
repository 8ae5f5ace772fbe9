"""What the battlefield page shows: the API table state arranged into seats, piles and tiles.

Pure functions of the table state dict (`selectors.table_state`) and log entries; no writes and no
rules: the kernel already computed P/T, Might and keywords, this only groups and labels them.
"""

from __future__ import annotations

import json
import re
from itertools import groupby
from typing import Any

from play import rules
from play.models import Action

JsonDict = dict[str, Any]
_OBJECT_ID = re.compile(r"^o\d+$")

COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}


presentation = rules.presentation


def actions(game: str) -> frozenset[str]:
    """The action types the game knows, so a page offers only controls that exist."""
    return frozenset(rules.get_system(game).handlers)


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
    """Status badges in the order players scan them: the game's own statuses first."""
    shown = presentation(game)
    found = shown.status_badges(obj)
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
        words = shown.leaves_at.get(obj["leaves_at"], obj["leaves_at"])
        found.append(f"leaves: {words}")
    if obj.get("chosen_color"):
        found.append(f"chosen: {COLOR_NAMES.get(obj['chosen_color'], obj['chosen_color'])}")
    return found


def display_name(obj: JsonDict) -> str:
    """A face-down permanent has no name (CR 708.2a); players still need to call it something."""
    return str(obj.get("name") or "Face-down permanent")


# What the page patches on a tile by itself from a websocket delta (battlefield.js); any other
# change to a stack re-renders the board.
PATCHED_FIELDS = ("id", "count", "tapped", "exhausted")


def tile_signature(obj: JsonDict) -> str:
    """The stack's view but the patched fields, as canonical JSON (battlefield.js builds the
    same string from a delta's stack to tell whether patching the tile is enough)."""
    rest = {k: v for k, v in obj.items() if k not in PATCHED_FIELDS}
    return json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def tile(obj: JsonDict, game: str, attached: list[JsonDict]) -> JsonDict:
    counters = [(k, n) for k, n in obj.get("counters", {}).items() if n and k != "buff"]
    return {
        "obj": obj,
        "sig": tile_signature(obj) if not attached else "",
        "name": display_name(obj),
        "frame": frame(obj),
        "type_line": type_line(obj),
        "stats": stats(obj),
        "counters": counters,
        "badges": badges(obj, game),
        "attached": attached,
        "keywords": _unbadged_keywords(obj),
        "tapped": bool(obj.get(presentation(game).toggle.key)),
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
        toggle = presentation(game).toggle
        tapped = sum(o["count"] for o in stacks if o.get(toggle.key))
        word = toggle.word
        summary = f"x{total} {name}" + (f", {tapped} {word}" if tapped else "")
        tiles = [tile(o, game, attached.get(o["id"], [])) for o in stacks]
        result.append({"name": name, "summary": summary, "tiles": tiles})
    return result


def _seat_pools(shown: rules.Presentation, seat: JsonDict) -> list[tuple[str, int]]:
    pool = seat.get(shown.pool_key, {})
    return [(key, pool.get(key, 0)) for key in shown.pool_order]


def _seat_stats(shown: rules.Presentation, seat: JsonDict) -> list[JsonDict]:
    return [
        {"label": stat.label, "value": seat.get(stat.key), "action": stat.action}
        for stat in shown.stats
        if not (stat.hide_zero and not seat.get(stat.key))
    ]


def move_choices(state: JsonDict) -> list[tuple[str, str]]:
    """Where a stack can be moved: the game's zones, and its battlefields where it has them."""
    shown = presentation(state["game"])
    if not shown.move_to_locations:
        return list(shown.move_to)
    fields = [(field["id"], field["name"]) for field in state.get("battlefields", [])]
    return [("base", shown.home_title), *fields, *shown.move_to]


def object_buttons(obj: JsonDict, game: str) -> list[JsonDict]:
    """The game's buttons for one stack, those that fit its status (face down: turn face up)."""
    return [
        {"action": b.action, "label": b.label, "style": b.style}
        for b in presentation(game).object_buttons
        if (b.shown_if is None or obj.get(b.shown_if))
        and not (b.hidden_if and obj.get(b.hidden_if))
    ]


def layout(state: JsonDict) -> JsonDict:
    """Seats with their piles (MTG battlefield, Riftbound base) and Riftbound's shared fields."""
    game = state["game"]
    shown = presentation(game)
    objects = [o for o in state["objects"] if o.get("zone") == shown.board_zone]
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
                "stats": _seat_stats(shown, seat),
                "pools": _seat_pools(shown, seat),
                "piles": piles(mine, game, attached),
                "elsewhere": [
                    o
                    for o in state["objects"]
                    if o.get("zone") != shown.board_zone and o["controller"] == number
                ],
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
    return {
        "seats": seats,
        "fields": fields,
        "choice": pending_choice(state),
        "game": shown,
        "actions": actions(game),
        "step_name": shown.step_names.get(state.get("step", ""), state.get("step", "")),
    }


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

    Each `replacement_applied` event carries its source's name, what it replaced ("tokens" or
    "counters": tokens entering with counters are another story and stay out of it), how many
    times it applied and the running count (`before`, `after`). The total is what was created.
    The events may come from a `choose` that finished the creation (legend rule, order of
    effects).
    """
    applied = [
        e
        for e in events
        if e.get("type") == "replacement_applied" and e.get("replaces") == "tokens"
    ]
    created = sum(int(e.get("count", 0)) for e in events if e.get("type") == "token_created")
    if not applied or not created:
        return None
    steps = [str(applied[0].get("before", "?"))]
    for event in applied:
        times = int(event.get("times") or 1)
        repeat = f" ({times} times)" if times > 1 else ""
        change = _change(event.get("before"), event.get("after"))
        steps.append(f"{event.get('source_name', '?')}{repeat}{change}")
    return " → ".join(steps) + f" = {created}"


def _change(before: Any, after: Any) -> str:
    if not isinstance(before, int) or not isinstance(after, int):
        return ""
    if before > 0 and after > before and after % before == 0:
        return f" x{after // before}"
    return f" {after - before:+d}" if after != before else ""
