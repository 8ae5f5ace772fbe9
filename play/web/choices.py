"""Labels for the options of a pending choice, as players see the table.

Built from data: an option that is an object id, or that the kernel says stands for an object
(`pending_choice.refers`), is named by that object; options naming objects of the same name get
what tells them apart (controller, P/T, counters, tapped...). No object ids on screen. (A
division of combat damage is answered by amounts: play/web/board.py `_division`.)
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

import rules
from play.table.i18n import battlefield_name, tr
from rules.presentation import Toggle

JsonDict = dict[str, Any]
OBJECT_ID = re.compile(r"^o\d+$")
COLOR_NAMES = {
    "W": gettext_noop("white"),
    "U": gettext_noop("blue"),
    "B": gettext_noop("black"),
    "R": gettext_noop("red"),
    "G": gettext_noop("green"),
}
NEW_ONE = gettext_noop("The new one")


def option_labels(pending: JsonDict, state: JsonDict) -> list[str]:
    """One label per option of ``pending`` (the API's pending_choice), in order."""
    options = list(pending.get("options") or [])
    if pending.get("kind") == "as_enters_color":
        return [_color_label(option) for option in options]
    if pending.get("kind") == "swap_back":
        return [_replaced_label(option, state) for option in options]
    objects = {o["id"]: o for o in state.get("objects", [])}
    seats = {s["seat"]: s["name"] for s in state.get("seats", [])}
    refers = pending.get("refers") or [None] * len(options)
    named = [
        ref if isinstance(ref, str) else _object_id(option, objects)
        for option, ref in zip(options, refers, strict=False)
    ]
    toggle = _toggle(state)
    names = object_names([objects.get(i) if i else None for i in named], seats, toggle)
    labels = []
    for option, ref, name in zip(options, named, names, strict=False):
        if ref is not None:
            labels.append(name)
        elif isinstance(option, str):
            labels.append(option)
        else:
            labels.append(json.dumps(option))
    return labels


def _replaced_label(option: Any, state: JsonDict) -> str:
    """A battlefield in Banishment to swap back to (Riftbound 438.7.b), by its name: one the
    table named itself in the reader's language."""
    for field in state.get("battlefields", []):
        told = field.get("replaced_messages") or [None] * len(field.get("replaced", []))
        for name, message in zip(field.get("replaced", []), told, strict=False):
            if name == option:
                return battlefield_name({"name": name, "name_message": message})
    return str(option)


def _toggle(state: JsonDict) -> Toggle | None:
    game = state.get("game")
    return rules.presentation(game).toggle if game in rules.registries() else None


def _object_id(option: Any, objects: dict[str, JsonDict]) -> str | None:
    """An option that is an object id: on the board, or the one being created (not shown yet)."""
    if isinstance(option, str) and (option in objects or OBJECT_ID.match(option)):
        return option
    return None


def _name(obj: JsonDict) -> str:
    return str(obj.get("name") or "Face-down permanent")  # 708.2a: no name, still called something


def _stats(obj: JsonDict) -> str:
    if obj.get("power") is not None:
        return f"{obj.get('power')}/{obj.get('toughness')}"
    return f"Might {obj['might']}" if obj.get("might") is not None else ""


def _counters(obj: JsonDict) -> str:
    shown = [f"{n} {kind}" for kind, n in sorted((obj.get("counters") or {}).items()) if n]
    return ", ".join(shown) or "no counters"


def _status(toggle: Toggle | None) -> Callable[[JsonDict], str]:
    """Tapped or not (MTG), exhausted or ready (Riftbound): the game's own words."""
    if toggle is None:
        return lambda o: ""
    return lambda o: toggle.word if o.get(toggle.key) else (toggle.up_word or f"un{toggle.word}")


# What may tell two objects of one name apart, in the order players look for it.
def _details(seats: dict[int, str], toggle: Toggle | None) -> list[Callable[[JsonDict], str]]:
    return [
        lambda o: f"{seats.get(int(o.get('controller', -1)), '?')}'s",
        _stats,
        _counters,
        _status(toggle),
        lambda o: " ".join(o.get("types") or []),
        lambda o: ", ".join(o.get("keywords") or []) or "no keywords",
        lambda o: f"x{o.get('count', 1)}",
    ]


def object_names(
    objects: list[JsonDict | None], seats: dict[int, str], toggle: Toggle | None = None
) -> list[str]:
    """Names for objects offered side by side (None: one not on the board yet, the new one),
    each with only the details that differ between those sharing its name."""
    names = [_name(o) if o is not None else _(NEW_ONE) for o in objects]
    result = list(names)
    if _(NEW_ONE) in names:
        # Beside one not on the board yet, the ones there say what they are (704.5j: keep the
        # 3/3 Voja or the new one).
        result = [
            f"{n} ({_stats(o)})" if o is not None and _stats(o) else n
            for n, o in zip(names, objects, strict=True)
        ]
    for name in set(names):
        group = [i for i, n in enumerate(names) if n == name and objects[i] is not None]
        if len(group) < 2:
            continue
        shown = [o for i in group if (o := objects[i]) is not None]
        differ = [d for d in _details(seats, toggle) if len({d(o) for o in shown}) > 1]
        for number, (i, obj) in enumerate(zip(group, shown, strict=True), start=1):
            parts = [d(obj) for d in differ if d(obj)] or [
                _("%(n)d of %(total)d") % {"n": number, "total": len(shown)}
            ]
            result[i] = f"{name} ({', '.join(parts)})"
    return result


def _color_label(option: Any) -> str:
    """ "W" -> "White", "W (all 3)" -> "White (all 3)" (as-enters color choices, CR 614.12)."""
    text = str(option)
    name = COLOR_NAMES.get(text[:1])
    return f"{tr(name).capitalize()}{text[1:]}" if name else text
