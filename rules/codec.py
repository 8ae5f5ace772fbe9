"""JSON-safe, schema-versioned serialisation of ``GameState`` with an exact round trip."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

from rules.definitions import face_from_payload, face_to_payload
from rules.errors import InvalidAction
from rules.objects import ObjectTable
from rules.state import (
    ENFORCE,
    MODES,
    AnyState,
    Face,
    GameObject,
    GameState,
    KeywordChange,
    PendingChoice,
    Pump,
    Seat,
)
from rules.systems import get_system
from rules.text import msg

JsonDict = dict[str, Any]

SCHEMA_VERSION = 3
"""2: each game's own fields in its own records (``mtg.records``, ``riftbound.records``).
3: a Riftbound battlefield the table named itself records its number (``generated``), so pages
tell "Battlefield 2" in the reader's language."""


# Faces are immutable and shared by every clone of a state, so each one's JSON form is built
# once, not on every dump of every action. The entry keeps its face alive, so its id can't be
# reused while it is cached; each dump gets its own (shallow) copy.
_FACE_PAYLOADS: dict[int, tuple[Face, JsonDict]] = {}
_FACE_PAYLOADS_MAX = 8192


def _face(face: Face | None) -> JsonDict | None:
    if face is None:
        return None
    entry = _FACE_PAYLOADS.get(id(face))
    if entry is None or entry[0] is not face:
        if len(_FACE_PAYLOADS) >= _FACE_PAYLOADS_MAX:
            _FACE_PAYLOADS.clear()
        entry = (face, face_to_payload(face))
        _FACE_PAYLOADS[id(face)] = entry
    return dict(entry[1])


def _load_face(data: JsonDict) -> Face:
    return face_from_payload(data, lambda subtypes: "")


def _dump_object(obj: GameObject) -> JsonDict:
    data = vars(obj).copy()  # then the fields that aren't plain JSON values are replaced
    data["face"] = _face(obj.face)
    data["back"] = _face(obj.back)
    data["counters"] = dict(obj.counters)
    for name, value in data.items():
        if type(value) is tuple and value and isinstance(value[0], (Pump, KeywordChange)):
            data[name] = [vars(p).copy() for p in value]
        elif type(value) is tuple:
            data[name] = list(value)
        elif type(value) is dict:
            data[name] = dict(value)
    return data


def _load_object(record: type[GameObject], data: JsonDict) -> GameObject:
    values = dict(data)
    values["face"] = _load_face(data["face"])
    values["back"] = None if data["back"] is None else _load_face(data["back"])
    for spec in dataclasses.fields(record):
        value = values.get(spec.name)
        if spec.name == "pumps":
            values["pumps"] = tuple(Pump(**p) for p in value or ())
        elif spec.name == "keyword_changes":
            values[spec.name] = tuple(KeywordChange(**c) for c in value or ())
        elif isinstance(value, list):
            values[spec.name] = tuple(value)
        elif isinstance(value, dict) and spec.name not in ("face", "back"):
            values[spec.name] = dict(value)
    return record(**values)


def _dump_seat(seat: Seat) -> JsonDict:
    return {k: _copy_json(v) for k, v in vars(seat).items()}


def _copy_json(value: Any) -> Any:
    """Dicts and lists held by a record are copied, so the dump shares nothing with the state."""
    if type(value) is dict:
        return dict(value)
    if type(value) is list:
        return list(value)
    return value


def dump(state: AnyState) -> JsonDict:
    """The state as plain JSON values: the shared fields, then each record's own fields."""
    pending = state.pending_choice
    return {
        "schema": SCHEMA_VERSION,
        "game": state.game,
        "turn": state.turn,
        "active_seat": state.active_seat,
        "step": state.step,
        "seats": [_dump_seat(s) for s in state.seats],
        "objects": [_dump_object(o) for o in state.objects.peek_values()],
        "pending_choice": None if pending is None else copy.deepcopy(vars(pending)),
        "next_id": state.next_id,
        "next_timestamp": state.next_timestamp,
        "mode": state.mode,
        "system": copy.deepcopy(state.system),
    }


def load(data: JsonDict) -> AnyState:
    """The state ``dump`` produced (or an older schema's, upgraded); rejects other versions."""
    if not isinstance(data, dict) or data.get("schema") not in (1, 2, SCHEMA_VERSION):
        raise InvalidAction(
            msg("not a kernel state of schema {schema_version}", schema_version=SCHEMA_VERSION)
        )
    try:
        if data["schema"] == 1:
            data = _upgrade(data)
        if data["schema"] == 2:
            data = _upgrade_2(data)
        return _load(data)
    except (KeyError, TypeError, ValueError, InvalidAction) as exc:
        raise InvalidAction(msg("not a valid kernel state: {exc}", exc=repr(exc))) from None


def _upgrade(data: JsonDict) -> JsonDict:
    """Schema 1 -> 2. Schema 1 gave every seat and object the fields of both games (the other
    game's left at their defaults) and Riftbound's battlefields a key of their own; tables in
    databases still hold it."""
    system = get_system(data["game"])
    seat_names = {f.name for f in dataclasses.fields(system.seat_record)}
    object_names = {f.name for f in dataclasses.fields(system.object_record)}
    extra = copy.deepcopy(data.get("system", {}))
    if data["game"] == "riftbound":  # the only game of schema 1 with battlefields or runes
        extra["battlefields"] = [dict(b) for b in data["battlefields"]]
    seats = []
    for seat in data["seats"]:
        values = dict(seat)
        if "rune_pool" in seat_names:
            values["rune_pool"] = values.pop("mana_pool")
        seats.append({k: v for k, v in values.items() if k in seat_names})
    objects = [{k: v for k, v in o.items() if k in object_names} for o in data["objects"]]
    for obj in objects:
        if "blocking" in obj and not isinstance(obj["blocking"], list):
            # Schema 1 named the one attacker blocked (or None); schema 2 lists them (509.1a).
            obj["blocking"] = [] if obj["blocking"] is None else [obj["blocking"]]
    return {**data, "schema": 2, "seats": seats, "objects": objects, "system": extra}


def _upgrade_2(data: JsonDict) -> JsonDict:
    """Schema 2 -> 3. Schema 2 kept the name the table gave a Riftbound battlefield as English
    text. The table named battlefield ``bfN`` "Battlefield N" when the setup named none, so
    that name on that battlefield (or on the card a token Replaced there, 438.5) is the
    generated one; any other name was given or printed and stays as it is."""
    if data["game"] != "riftbound":
        return {**data, "schema": 3}
    system = copy.deepcopy(data.get("system", {}))
    for field in system.get("battlefields", []):
        number = field["id"][2:]
        generated = int(number) if number.isdigit() else None
        for occupant in (field, *field.get("replaced", [])):
            occupant["generated"] = (
                generated
                if generated is not None
                and not occupant.get("token")
                and occupant.get("name") == f"Battlefield {generated}"
                else None
            )
    return {**data, "schema": 3, "system": system}


def _load(data: JsonDict) -> AnyState:
    system = get_system(data["game"])
    mode = data.get("mode", ENFORCE)  # states dumped before modes were part of them
    if mode not in MODES:
        raise InvalidAction(msg("mode must be one of {modes}", modes=", ".join(MODES)))
    pending = copy.deepcopy(data["pending_choice"])
    objects = [_load_object(system.object_record, o) for o in data["objects"]]
    seats = []
    for seat in data["seats"]:
        values: JsonDict = {k: _copy_json(v) for k, v in seat.items()}
        seats.append(system.seat_record(**values))
    return GameState(
        game=data["game"],
        seats=seats,
        turn=data["turn"],
        active_seat=data["active_seat"],
        step=data["step"],
        objects=ObjectTable({o.id: o for o in objects}),
        pending_choice=None if pending is None else PendingChoice(**pending),
        next_id=data["next_id"],
        next_timestamp=data["next_timestamp"],
        mode=mode,
        system=copy.deepcopy(data.get("system", {})),
    )
