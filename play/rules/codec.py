"""JSON-safe, schema-versioned serialisation of ``GameState`` with an exact round trip."""

from __future__ import annotations

import copy
from typing import Any

from play.rules.definitions import face_from_payload, face_to_payload
from play.rules.errors import InvalidAction
from play.rules.state import Face, GameObject, GameState, PendingChoice, Pump, Seat

JsonDict = dict[str, Any]

SCHEMA_VERSION = 1


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
    data["pumps"] = [vars(p).copy() for p in obj.pumps] if obj.pumps else []
    return data


def _load_object(data: JsonDict) -> GameObject:
    values = dict(data)
    values["face"] = _load_face(data["face"])
    values["back"] = None if data["back"] is None else _load_face(data["back"])
    values["pumps"] = tuple(Pump(**p) for p in data["pumps"])
    values["counters"] = dict(data["counters"])
    values["granted"] = tuple(data.get("granted", ()))
    values["added_subtypes"] = tuple(data.get("added_subtypes", ()))
    return GameObject(**values)


def dump(state: GameState) -> JsonDict:
    """The state as plain JSON values."""
    pending = state.pending_choice
    return {
        "schema": SCHEMA_VERSION,
        "game": state.game,
        "turn": state.turn,
        "active_seat": state.active_seat,
        "step": state.step,
        "seats": [
            {**vars(s), "mana_pool": dict(s.mana_pool), "restricted_mana": dict(s.restricted_mana)}
            for s in state.seats
        ],
        "objects": [_dump_object(o) for o in state.objects.values()],
        "battlefields": [dict(b) for b in state.battlefields],
        "pending_choice": None if pending is None else copy.deepcopy(vars(pending)),
        "next_id": state.next_id,
        "next_timestamp": state.next_timestamp,
        "system": copy.deepcopy(state.system),
    }


def load(data: JsonDict) -> GameState:
    """The state ``dump`` produced; rejects other schema versions."""
    if not isinstance(data, dict) or data.get("schema") != SCHEMA_VERSION:
        raise InvalidAction(f"not a kernel state of schema {SCHEMA_VERSION}")
    try:
        return _load(data)
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidAction(f"not a valid kernel state: {exc!r}") from None


def _load(data: JsonDict) -> GameState:
    pending = copy.deepcopy(data["pending_choice"])
    objects = [_load_object(o) for o in data["objects"]]
    return GameState(
        game=data["game"],
        seats=[Seat(**s) for s in data["seats"]],
        turn=data["turn"],
        active_seat=data["active_seat"],
        step=data["step"],
        objects={o.id: o for o in objects},
        battlefields=[dict(b) for b in data["battlefields"]],
        pending_choice=None if pending is None else PendingChoice(**pending),
        next_id=data["next_id"],
        next_timestamp=data["next_timestamp"],
        system=copy.deepcopy(data.get("system", {})),
    )
