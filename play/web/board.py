"""What the battlefield page shows: the API table state arranged into seats, piles and tiles.

Pure functions of the table state dict (`selectors.table_state`) and log entries; no writes and no
rules: the kernel already computed P/T, Might and keywords, this only groups and labels them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from itertools import groupby
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

import rules
from catalog import selectors as catalog
from play.models import Action
from play.table.i18n import (
    battlefield_name,
    entry_label,
    event_text,
    keyword_label,
    reader_name,
    render_message,
    tr,
)
from play.table.names import shown_name
from play.table.sayings import sentence
from play.web import choices
from play.web.combat_summary import summary as combat_summary
from rules.text import message_data

JsonDict = dict[str, Any]

COLOR_NAMES = choices.COLOR_NAMES
# The rules words of a type line (CR 205); subtypes stay as printed.
TYPE_WORDS = [
    gettext_noop("Poison"),
    gettext_noop("Energy"),
    gettext_noop("Experience"),
    gettext_noop("Rad"),
    gettext_noop("Token"),
    gettext_noop("Legendary"),
    gettext_noop("Basic"),
    gettext_noop("Snow"),
    gettext_noop("World"),
    gettext_noop("Creature"),
    gettext_noop("Artifact"),
    gettext_noop("Enchantment"),
    gettext_noop("Land"),
    gettext_noop("Planeswalker"),
    gettext_noop("Battle"),
    gettext_noop("Instant"),
    gettext_noop("Sorcery"),
    gettext_noop("Kindred"),
    gettext_noop("Unit"),
    gettext_noop("Gear"),
    gettext_noop("Spell"),
    gettext_noop("Rune"),
    gettext_noop("Legend"),
]


presentation = rules.presentation


def frame(obj: JsonDict) -> str:
    """The tile's frame color: MTG color identity (gold when several), else colorless."""
    colors = obj.get("colors") or []
    if obj.get("face_down"):
        return "colorless"
    if len(colors) > 1:
        return "gold"
    return str(colors[0]).lower() if colors else "colorless"


def type_line(obj: JsonDict) -> str:
    """The kernel's type line; a token's left side as the catalogue and the sheets say it (the
    word for token, its supertypes agreeing with it). Subtypes stay the kernel's words."""
    supertypes, types = obj.get("supertypes", []), obj.get("types", [])
    if obj.get("token"):
        left = catalog.token_type_line(supertypes, types, [])
    else:
        left = " ".join(tr(word) for word in [*supertypes, *types])
    right = " ".join(obj.get("subtypes") or obj.get("tags") or [])
    return f"{left} — {right}" if right else left


def stats(obj: JsonDict) -> str:
    if obj.get("base_power") == "*":
        return "*/*"  # a characteristic-defining "*" the kernel can't count (CR 604.3)
    if obj.get("power") is not None or obj.get("toughness") is not None:
        return f"{obj.get('power')}/{obj.get('toughness')}"
    if obj.get("might") is not None:
        return _("Might %(n)s") % {"n": obj["might"]}
    return ""


def badges(obj: JsonDict, game: str, seat_names: Mapping[int, str] | None = None) -> list[str]:
    """Status badges in the order players scan them: the game's own statuses first.
    ``seat_names``: the players' names by seat, for the badges naming one ("must attack Ben")."""
    shown = presentation(game)
    found = [_badge(badge) for badge in shown.status_badges(obj)]
    for flag, label in (
        ("face_down", _("face down")),
        ("phased_out", _("phased out")),
        ("transformed", _("transformed")),
    ):
        if obj.get(flag):
            found.append(label)
    if obj.get("attacking") is not None:
        found.append(_("attacking (blocked)") if obj.get("blocked") else _("attacking"))
    if obj.get("must_attack") is not None and obj.get("attacking") is None:
        # Myriad and encore tokens attack the player they were made for (CR 702.116a, 702.141a):
        # a player reads that player's name, never a seat number.
        defender = (seat_names or {}).get(obj["must_attack"])
        found.append(
            _("must attack %(name)s") % {"name": defender} if defender else _("must attack")
        )
    if obj.get("blocking"):
        found.append(_("blocking"))
    if obj.get("chosen_name"):
        found.append(_("named: %(name)s") % {"name": obj["chosen_name"]})
    if obj.get("damage"):
        found.append(_("%(n)s damage") % {"n": obj["damage"]})
    if obj.get("leaves_at"):
        words = tr(shown.leaves_at.get(obj["leaves_at"], obj["leaves_at"]))
        found.append(_("leaves: %(when)s") % {"when": words})
    if obj.get("chosen_color"):
        color = obj["chosen_color"]
        found.append(_("chosen: %(color)s") % {"color": tr(COLOR_NAMES.get(color) or color)})
    return found


def _badge(badge: str) -> str:
    """A kernel status badge in the reader's language ("Deflect 2" keeps its number)."""
    data = message_data(badge)
    return render_message(data) if data else tr(badge)


def display_name(obj: JsonDict) -> str:
    """A face-down permanent has no name (CR 708.2a); players still need to call it something."""
    return str(obj.get("name") or _("Face-down permanent"))


def printed_face(obj: JsonDict, in_language: JsonDict | None) -> JsonDict:
    """The stack's name, type line and text as printed in the reader's language, each only
    where the catalogue prints it for the stack's definition and the stack still has the
    English words it translates (a copy, a chosen name, a type or text an effect changed keep
    the kernel's words). ``in_language``: catalog.selectors.definition_printed_names. The rules
    keep the English name (CR 201.2); this is what the tile shows."""
    found = (in_language or {}).get(str(obj.get("definition")))
    if not found:
        return {}
    english = found["english"]
    types = [obj.get("supertypes", []), obj.get("types", []), obj.get("subtypes", [])]
    face = {
        "name": found["name"] if display_name(obj) == english["name"] else "",
        "type_line": found["type_line"] if types == english["types"] else "",
        "text": found["text"] if (obj.get("text") or "") == english["text"] else "",
    }
    return {key: value for key, value in face.items() if value}


def stack_name(obj: JsonDict, in_language: JsonDict | None) -> str:
    """The name a tile shows (``printed_face``), else the kernel's."""
    return str(printed_face(obj, in_language).get("name") or display_name(obj))


# What the page patches on a tile by itself from a websocket delta (battlefield.js); any other
# change to a stack re-renders the board.
PATCHED_FIELDS = ("id", "count", "tapped", "exhausted")


# The table's fields (besides its seats) shown only in the board's frame: its head, the choice and
# the seat heads (the `frame` partial). A delta that changes only these and patchable tiles is
# shown by patching the tiles and fetching the frame; any other field re-renders the board.
FRAME_FIELDS = ("turn", "active_seat", "step", "pending_choice", "mode")


def tile_signature(obj: JsonDict) -> str:
    """The stack's view but the patched fields, as canonical JSON (battlefield.js builds the
    same string from a delta's stack to tell whether patching the tile is enough)."""
    rest = {k: v for k, v in obj.items() if k not in PATCHED_FIELDS}
    return json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def tile(
    obj: JsonDict,
    game: str,
    attached: list[JsonDict],
    art: JsonDict | None = None,
    in_language: JsonDict | None = None,
    seat_names: Mapping[int, str] | None = None,
) -> JsonDict:
    """One stack as a card: its catalogue art (`art`, by definition slug) or a frame in its
    colors, name and P/T, counters as badges (``seat_names``: see ``badges``)."""
    counters = [(k, n) for k, n in obj.get("counters", {}).items() if n and k != "buff"]
    face = printed_face(obj, in_language)
    return {
        "obj": obj,
        "sig": tile_signature(obj) if not attached else "",
        "name": face.get("name") or display_name(obj),
        "english": display_name(obj),
        "frame": frame(obj),
        "type_line": face.get("type_line") or type_line(obj),
        "text": face.get("text") or obj.get("text") or "",
        "stats": stats(obj),
        "changed": _pt_changed(obj),
        "printed": f"{obj.get('base_power')}/{obj.get('base_toughness')}",
        "counters": counters,
        "badges": badges(obj, game, seat_names),
        "attached": attached,
        "keywords": [keyword_label(k) for k in _unbadged_keywords(obj)],
        "tapped": bool(obj.get(presentation(game).toggle.key)),
        "art": (art or {}).get(str(obj.get("definition"))),
    }


def _pt_changed(obj: JsonDict) -> bool:
    """P/T differs from the base (counters, pumps, effects): the tile marks it."""
    if obj.get("power") is None or obj.get("base_power") is None:
        return False
    return (obj.get("power"), obj.get("toughness")) != (
        obj.get("base_power"),
        obj.get("base_toughness"),
    )


def _unbadged_keywords(obj: JsonDict) -> list[str]:
    """Keywords not already shown as a badge (Temporary, Deflect N): listing them twice is noise."""
    badged = ("Temporary", "Deflect") if obj.get("deflect") else ("Temporary",)
    return [k for k in obj.get("keywords", []) if not k.startswith(badged)]


# A big table opens with the first screenful of each group of piles (a seat's home, one side of
# a battlefield) and loads the rest as it scrolls into view (the board's `part=piles` and
# `part=pile` answers): the page's size and work follow what is on screen, not the table.
GROUP_TILES = 60  # tiles of one group in the first answer, and in each page after it
PILE_TILES = 24  # tiles of one pile before its own "more"
PILE_PAGE = 120  # tiles of one pile in each page after its first


def pile_key(obj: JsonDict) -> str:
    """The pile a stack belongs to: controller, location and name (battlefield.js builds the
    same key from a delta's stack to find the pile a new stack joins)."""
    return f"{obj['controller']}|{obj.get('location') or 'base'}|{obj.get('name') or ''}"


def short_hash(text: str) -> str:
    """Two 32-bit FNV-1a hashes of the text's UTF-16 code units, in hex: a pile's element id
    from its key in a few bytes (battlefield.js's ``shortHash`` computes the same, so a delta's
    new stack finds its pile by id)."""
    data = text.encode("utf-16-le")
    first, second = 0x811C9DC5, 0x01000193
    for index in range(0, len(data), 2):
        unit = data[index] | data[index + 1] << 8
        first = ((first ^ unit) * 0x01000193) & 0xFFFFFFFF
        second = ((second ^ unit) * 0x811C9DC5) & 0xFFFFFFFF
    return f"{first:08x}{second:08x}"


def seat_names(state: JsonDict) -> dict[int, str]:
    """The players' names by seat number (for badges that name a player)."""
    return {s["seat"]: s["name"] for s in state.get("seats", [])}


def _pile_groups(objects: list[JsonDict]) -> list[list[JsonDict]]:
    ordered = sorted(objects, key=lambda o: (display_name(o), o["id"]))
    return [list(group) for _english, group in groupby(ordered, key=display_name)]


def _pile(
    stacks: list[JsonDict],
    game: str,
    attached: dict[str, list[JsonDict]],
    art: JsonDict | None,
    in_language: JsonDict | None,
    seat_names: Mapping[int, str] | None,
) -> JsonDict:
    name = stack_name(stacks[0], in_language)
    total = sum(o["count"] for o in stacks)
    toggle = presentation(game).toggle
    tapped = sum(o["count"] for o in stacks if o.get(toggle.key))
    summary = f"x{total} {name}" + (f" ({toggle_count(toggle.word, tapped)})" if tapped else "")
    shown = stacks[:PILE_TILES]
    tiles = [tile(o, game, attached.get(o["id"], []), art, in_language, seat_names) for o in shown]
    return {
        "name": name,
        "key": pile_key(stacks[0]),
        "english": stacks[0].get("name") or "",
        "id": "pile-" + short_hash(pile_key(stacks[0])),
        "summary": summary,
        "total": total,
        "down": tapped,
        "tiles": tiles,
        "more": len(shown) if len(stacks) > len(shown) else None,
        "hidden": len(stacks) - len(shown),
    }


def pile_page(
    objects: list[JsonDict],
    game: str,
    attached: dict[str, list[JsonDict]],
    art: JsonDict | None = None,
    in_language: JsonDict | None = None,
    *,
    start: int = 0,
    seat_names: Mapping[int, str] | None = None,
) -> tuple[list[JsonDict], int | None]:
    """The piles from the ``start``-th on, until about GROUP_TILES tiles are shown, and where
    the next page starts (None: this page ends the group)."""
    groups = _pile_groups(objects)
    result: list[JsonDict] = []
    shown = 0
    for index in range(max(start, 0), len(groups)):
        if shown >= GROUP_TILES:
            return result, index
        result.append(_pile(groups[index], game, attached, art, in_language, seat_names))
        shown += len(result[-1]["tiles"])
    return result, None


def pile_tiles(
    objects: list[JsonDict],
    game: str,
    attached: dict[str, list[JsonDict]],
    key: str,
    art: JsonDict | None = None,
    in_language: JsonDict | None = None,
    *,
    start: int = 0,
    seat_names: Mapping[int, str] | None = None,
) -> tuple[list[JsonDict], int | None]:
    """The tiles of the pile ``key`` from the ``start``-th on (PILE_PAGE of them), and where the
    next page of that pile starts (None: the pile ends here)."""
    stacks = [o for o in objects if pile_key(o) == key]
    stacks.sort(key=lambda o: (display_name(o), o["id"]))
    start = max(start, 0)
    shown = stacks[start : start + PILE_PAGE]
    tiles = [tile(o, game, attached.get(o["id"], []), art, in_language, seat_names) for o in shown]
    end = start + len(shown)
    return tiles, end if end < len(stacks) else None


def piles(
    objects: list[JsonDict],
    game: str,
    attached: dict[str, list[JsonDict]],
    art: JsonDict | None = None,
    in_language: JsonDict | None = None,
    seat_names: Mapping[int, str] | None = None,
) -> list[JsonDict]:
    """Stacks with the same name side by side, summed up: "x40 Goblin Token, 12 tapped" (the
    first page of them: ``pile_page``)."""
    return pile_page(objects, game, attached, art, in_language, seat_names=seat_names)[0]


def toggle_count(word: str, count: int) -> str:
    """ "2 tapped" (ru "повёрнуто: 2"): the page's JS fills the same template (data attribute)."""
    return toggle_count_template(word).replace("{n}", str(count))


def toggle_count_template(word: str) -> str:
    templates = {"tapped": _("{n} tapped"), "exhausted": _("{n} exhausted")}
    return templates.get(word, f"{{n}} {tr(word)}")


def _seat_pools(shown: rules.Presentation, seat: JsonDict) -> list[tuple[str, int]]:
    pool = seat.get(shown.pool_key, {})
    return [(key, pool.get(key, 0)) for key in shown.pool_order]


def _seat_stats(shown: rules.Presentation, seat: JsonDict) -> list[JsonDict]:
    return [
        {
            "label": tr(stat.label),
            "key": stat.key,
            "value": seat.get(stat.key),
            "adjustable": stat.adjustable,
        }
        for stat in shown.stats
        if not (stat.hide_zero and not seat.get(stat.key))
    ]


def _seat_counters(shown: rules.Presentation, seat: JsonDict) -> list[tuple[str, int]]:
    """The kinds the game always shows (poison, energy...), then any other kind the player has
    (122.1)."""
    if not shown.player_counters:
        return []
    have = dict(seat.get("counters") or {})
    return [(kind, int(have.pop(kind, 0))) for kind in shown.player_counters] + sorted(have.items())


def _designations(shown: rules.Presentation, seat: JsonDict) -> list[tuple[str, str]]:
    """The designations the player could be given, with what that says (monarch, 725)."""
    held = seat.get("designations") or []
    return [(key, tr(words)) for key, words in shown.designations if key not in held]


def layout(
    state: JsonDict, art: JsonDict | None = None, in_language: JsonDict | None = None
) -> JsonDict:
    """Seats with their piles (MTG battlefield, Riftbound base) and Riftbound's shared fields;
    ``art``: catalogue art by definition slug (catalog.selectors.definition_art); ``in_language``:
    names in the reader's language by definition slug (``stack_name``)."""
    game = state["game"]
    shown = presentation(game)
    loose, attached = board_objects(state)
    acts_for = set(state.get("you", {}).get("seats", []))
    names = seat_names(state)
    seats = []
    for seat in state["seats"]:
        number = seat["seat"]
        mine = [
            o for o in loose if o["controller"] == number and o.get("location") in (None, "base")
        ]
        seat_piles, more = pile_page(mine, game, attached, art, in_language, seat_names=names)
        seats.append(
            {
                "seat": seat,
                "number": number,
                "active": number == state.get("active_seat"),
                "acts": number in acts_for,
                "stats": _seat_stats(shown, seat),
                "pools": _seat_pools(shown, seat),
                "counters": _seat_counters(shown, seat),
                "designate": _designations(shown, seat),
                "piles": seat_piles,
                "more": more,
                "location": "base",
                "elsewhere": [
                    o
                    for o in state["objects"]
                    if o.get("zone") != shown.board_zone and o["controller"] == number
                ],
            }
        )
    fields = []
    for field in state.get("battlefields", []):
        here = [o for o in loose if o.get("location") == field["id"]]
        by_seat = []
        for number in sorted({o["controller"] for o in here}):
            mine = [o for o in here if o["controller"] == number]
            side_piles, more = pile_page(mine, game, attached, art, in_language, seat_names=names)
            by_seat.append(
                {
                    "name": names.get(number, "?"),
                    "piles": side_piles,
                    "more": more,
                    "number": number,
                    "location": field["id"],
                }
            )
        fields.append(
            {
                "field": field,
                "name": battlefield_name(field),
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
        "step_name": tr(shown.step_names.get(state.get("step", ""), state.get("step", ""))),
        "toggle_word": tr(shown.toggle.word),
        "toggle_up_word": tr(shown.toggle.up_word),
        "toggle_count": toggle_count_template(shown.toggle.word),
    }


def board_objects(state: JsonDict) -> tuple[list[JsonDict], dict[str, list[JsonDict]]]:
    """The stacks shown as tiles, and what is attached to each host (Roles and Auras show on
    their host's tile, not as tiles of their own)."""
    shown = presentation(state["game"])
    objects = [o for o in state["objects"] if o.get("zone") == shown.board_zone]
    attached: dict[str, list[JsonDict]] = {}
    for obj in objects:
        if obj.get("attached_to"):
            attached.setdefault(obj["attached_to"], []).append(obj)
    ids = {o["id"] for o in objects}
    return [o for o in objects if o.get("attached_to") not in ids], attached


def group_objects(state: JsonDict, controller: int, location: str) -> list[JsonDict]:
    """The tiles of one group of piles: a seat's home (``location`` "base") or its side of a
    battlefield."""
    loose, _attached = board_objects(state)
    return [
        o
        for o in loose
        if o["controller"] == controller and (o.get("location") or "base") == location
    ]


def pending_choice(state: JsonDict) -> JsonDict | None:
    """The rules' open question, its options named as players see them (play/web/choices.py)."""
    pending = state.get("pending_choice")
    if not pending:
        return None
    amounts = pending.get("amounts")
    names: dict[str, str] = {}
    if amounts:
        # A division answered by amounts: its targets named as players see them.
        ids = [t["object"] for t in amounts.get("to", [])]
        objects = {o["id"]: o for o in state["objects"]}
        seats = {s["seat"]: s["name"] for s in state["seats"]}
        shown = choices.object_names([objects.get(i) for i in ids], seats)
        names = {i: name for i, name in zip(ids, shown, strict=True) if i in objects}
        labels = [_division_label(option, names) for option in pending.get("options", [])]
    else:
        labels = choices.option_labels(pending, state)
    options = [
        {"value": json.dumps(option), "label": label}
        for option, label in zip(pending.get("options", []), labels, strict=True)
    ]
    seat = pending.get("seat")
    message = pending.get("prompt_message")
    return {
        **pending,
        "prompt": render_message(message) if message else pending.get("prompt", ""),
        "options": options,
        "division": _division(amounts, names) if amounts else None,
        "seat_name": next((s["name"] for s in state["seats"] if s["seat"] == seat), "?"),
        "acts": seat in state.get("you", {}).get("seats", []),
    }


def _division(amounts: JsonDict, names: dict[str, str]) -> JsonDict:
    """The fields of a division answered by amounts (a division of combat damage): one per
    stack it may go to, and the excess with trample."""
    return {
        "targets": [
            {
                "object": t["object"],
                "label": names.get(t["object"], t["name"]),
                "each": t["each"],
                "lethal": t["lethal"],
            }
            for t in amounts.get("to", [])
        ],
        "excess": amounts.get("excess_to") is not None,
        "power": amounts.get("power"),
        "count": amounts.get("count"),
    }


def _division_label(option: Any, names: dict[str, str]) -> str:
    """ "Bear Token: 2; Wall Token: 1; over: 3" for a suggested division."""
    if not isinstance(option, dict):
        return json.dumps(option)
    parts = [
        f"{names.get(target, target).split(' (x')[0]}: "
        + " + ".join(str(a) if isinstance(a, int) else f"{a[0]} x{a[1]}" for a in amounts)
        for target, amounts in option.get("to", {}).items()
    ]
    if option.get("excess"):
        parts.append(f"over: {option['excess']}")
    return "; ".join(parts)


_TIMES = {
    2: gettext_noop("twice that many"),
    3: gettext_noop("three times that many"),
    4: gettext_noop("four times that many"),
}


def replacement_phrase(event: JsonDict) -> str:
    """ "Doubling Season: twice that many (614.1)", from the event's data (no factor shown)."""
    factor, added = event.get("factor"), event.get("added")
    if isinstance(factor, int) and factor > 1:
        words = (
            tr(_TIMES[factor]) if factor in _TIMES else _("%(n)s times that many") % {"n": factor}
        )
    elif isinstance(added, int) and added:
        words = _("%(n)s more") % {"n": added}
    else:
        words = _("replaced")
    times = event.get("times") or 1
    repeat = (
        ", " + ngettext("%(n)s copy", "%(n)s copies", times) % {"n": times}
        if isinstance(times, int) and times > 1
        else ""
    )
    rule = event.get("effect_rule") or event.get("rule")
    return f"{event.get('source_name', '?')}: {words}{repeat}" + (f" ({rule})" if rule else "")


def event_line(event: JsonDict) -> JsonDict:
    """One event as the log shows it: words for people and the rule apart."""
    if event.get("type") == "replacement_applied" and "source_name" in event:
        return {"text": replacement_phrase(event), "rule": None}
    return {"text": event_text(event), "rule": event.get("rule")}


def _action_summary(action: Action, state: JsonDict) -> str:
    """The line that stands for the whole action: where a turn action left the game ("Ben's turn
    4"), else what it acted on ("3 Soldier Token", "Ann", the first event)."""
    names = {s["seat"]: s["name"] for s in state.get("seats", [])}
    events = action.events or []
    turns = [e for e in events if e.get("type") in ("step", "turn_started")]
    payload = action.payload or {}
    if turns and turns[-1].get("seat") is not None:
        last = turns[-1]
        who = _("%(name)s's turn %(turn)s") % {
            "name": names.get(last["seat"], "?"),
            "turn": last.get("turn"),
        }
        steps = presentation(state["game"]).step_names if "game" in state else {}
        step_name = tr(steps.get(str(last.get("step", "")), ""))
        new_turn = len({e.get("turn") for e in turns}) > 1  # it passed the turn
        if new_turn or not step_name:
            return who
        return f"{who}, {step_name.lower()}"
    objects = {o["id"]: o for o in state.get("objects", [])}
    definition = payload.get("definition")
    subject = None
    if isinstance(definition, dict) and definition.get("name"):
        subject = str(definition["name"])
    elif payload.get("object") in objects:
        subject = display_name(objects[payload["object"]])
    elif isinstance(payload.get("seat"), int) and payload["seat"] in names:
        subject = names[payload["seat"]]
    if subject is not None:
        count = payload.get("count")
        # What was made, not what was asked: a doubler turns "5 Soldier Token" into 10.
        created = [e for e in events if e.get("type") == "token_created"]
        if created:
            count = sum(int(e.get("count", 0)) for e in created)
        subject = reader_name(subject)
        return f"{count} {subject}" if isinstance(count, int) and count > 1 else subject
    if events:
        return str(event_line(events[0])["text"])
    return _("nothing changed")


MODE_CHANGED = "mode_changed"  # the event of the registry's set_mode action


def mode_sentence(name: str | None, mode: object) -> str:
    """Who switched the table, and to what ("Ann switched the table to track only"), from the
    event's data: the kernel's own sentence explains the mode, this one says what happened."""
    track = mode == "track"
    if not name:
        if track:
            return _("The table switched to track only")
        return _("The table enforces the rules again")
    if track:
        return _("%(name)s switched the table to track only") % {"name": name}
    return _("%(name)s switched the table to enforcing the rules") % {"name": name}


def _entry_label(action: Action, state: JsonDict) -> str:
    """The log entry's title: the action's type in words ("Pass turn"), translated
    (``play.table.i18n.entry_label``)."""
    return entry_label(str(action.payload.get("type", action.kind)))


RULES_WARNING = "rules_warning"  # the event a track-only table logs (rules/context.py)


def log_groups(
    actions: list[Action], state: JsonDict | None = None, players: Mapping[int, str] | None = None
) -> list[JsonDict]:
    """Log entries newest first: one line per action ("Pass turn: Ben's turn 4") that opens to
    its events with their rules; `seat` lets the page filter by player, `players` names who
    acted (play/table/names.py: a guest by its seat)."""
    state = state or {}
    names = {s["seat"]: s["name"] for s in state.get("seats", [])}
    entries = []
    for action in sorted(actions, key=lambda a: a.seq, reverse=True):
        kind = _entry_label(action, state)
        actor = shown_name(action.actor, players or {})
        seat_name = names.get(action.seat) if action.seat is not None else None
        switched = [e for e in action.events or [] if e.get("type") == MODE_CHANGED]
        entries.append(
            {
                # A mode switch is one short sentence, standing for label, summary and actor.
                "sentence": mode_sentence(seat_name or actor, switched[-1].get("mode"))
                if switched
                else None,
                "seq": action.seq,
                "label": kind,
                "summary": "; ".join(combat_summary(action.events or [], names))
                or _action_summary(action, state),
                "actor": actor,
                "seat": action.seat,
                "seat_name": seat_name,
                "undone": action.undone_by is not None,
                "events": [event_line(e) for e in action.events or []],
                "against_rules": [
                    e.get("rule") or "?"
                    for e in action.events or []
                    if e.get("type") == RULES_WARNING
                ],
            }
        )
    return entries


def replacement_summary(events: list[JsonDict]) -> str | None:
    """How replacement effects changed a creation: "1 → 4: Doubling Season: twice that many
    (614.1) · Parallel Lives: twice that many (614.1)".

    Each `replacement_applied` event carries its source's name, what it replaced ("tokens" or
    "counters": tokens entering with counters are another story and stay out of it), the factor
    or the number added and the running count (`before`, `after`). The total is what was
    created. The events may come from a `choose` that finished the creation (legend rule, order
    of effects).
    """
    applied = [
        e
        for e in events
        if e.get("type") == "replacement_applied" and e.get("replaces") == "tokens"
    ]
    created = sum(int(e.get("count", 0)) for e in events if e.get("type") == "token_created")
    if not applied or not created:
        return None
    before = applied[0].get("before", "?")
    return f"{before} → {created}: " + " · ".join(replacement_phrase(e) for e in applied)


def announcement(seat_name: str | None, events: list[JsonDict]) -> str:
    """One short sentence for screen readers about one action: who, then what happened, its
    outcome always (play/table/sayings.py), without rule numbers. A mode switch says who
    switched and to what."""
    switched = [e for e in events if e.get("type") == MODE_CHANGED]
    if switched:
        return mode_sentence(seat_name, switched[-1].get("mode")) + "."
    return sentence(seat_name, events)


def entry_announcement(
    action: Action, state: JsonDict, players: Mapping[int, str] | None = None
) -> str:
    """The announcement of a logged action (`announcement`), its seat named from `state`, else
    who acted (`players`, play/table/names.py)."""
    names = {s["seat"]: s["name"] for s in state.get("seats", [])}
    seat_name = names.get(action.seat) if action.seat is not None else None
    if seat_name is None:
        seat_name = shown_name(action.actor, players or {})
    return announcement(seat_name, list(action.events or []))
