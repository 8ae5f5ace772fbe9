"""The API table state (shared/API.md) of an MTG game, minus "id" and "version"."""

from __future__ import annotations

import json
from typing import Any

from rules.mtg.enters import protector_of
from rules.mtg.layers import Computed, compute, static_sources, visible_face
from rules.mtg.players import all_counters
from rules.mtg.records import MANA_KEYS, MtgObject, MtgState
from rules.state import Face

JsonDict = dict[str, Any]


def view(state: MtgState) -> JsonDict:
    sources = static_sources(state)
    pending = state.pending_choice
    return {
        "game": state.game,
        "turn": state.turn,
        "active_seat": state.active_seat,
        "step": state.step,
        "mode": state.mode,
        "seats": [
            {
                "seat": index,
                "name": seat.name,
                "life": seat.life,
                "mana_pool": {k: seat.mana_pool.get(k, 0) for k in MANA_KEYS},
                "restricted_mana": dict(seat.restricted_mana),
                "hand": seat.hand,
                "library": seat.library,
                "poison": seat.poison,
                # Every kind of counter on the player (122.1): {"poison": 0, "energy": 3}.
                "counters": all_counters(state.system, index, seat.poison),
                "commander_damage": dict(seat.commander_damage),
                "designations": list(seat.designations),
                "lost": seat.lost,
            }
            for index, seat in enumerate(state.seats)
        ],
        "objects": [
            view_object(state, obj, compute(state, obj, sources))
            for obj in state.objects.peek_values()
        ],
        "battlefields": [],  # Riftbound's; the API shape is the same for both games
        "pending_choice": None
        if pending is None
        else {
            "kind": pending.kind,
            "seat": pending.seat,
            "prompt": pending.prompt,
            "prompt_message": pending.prompt_message,
            "options": list(pending.options),
            "amounts": pending.amounts,
            "refers": pending.refers,
        },
    }


def view_object(state: MtgState, obj: MtgObject, c: Computed) -> JsonDict:
    face = visible_face(obj)
    return {
        "id": obj.id,
        "count": obj.count,
        "zone": obj.zone,
        "owner": obj.owner,
        "controller": obj.controller,
        "token": obj.token,
        # A face-down permanent's identity is hidden from everyone (708.2, 708.5).
        "definition": None if obj.face_down else obj.definition,
        "copy_of": None if obj.face_down else obj.copy_of,
        "name": face.name,
        "mana_cost": face.mana_cost,
        "supertypes": list(face.supertypes),
        "types": list(face.types),
        "subtypes": list(face.subtypes),
        "colors": list(face.colors),
        "text": face.text,
        "keywords": list(c.keywords),
        "power": c.power,
        "toughness": c.toughness,
        # A "*" the kernel can't evaluate (604.3) shows as "*", never as a made-up 0.
        "base_power": "*" if c.pt_unknown else c.base_power,
        "base_toughness": "*" if c.pt_unknown else c.base_toughness,
        "might": face.might,
        "tapped": obj.tapped,
        "flipped": obj.flipped,
        "face_down": obj.face_down,
        "phased_out": obj.phased_out,
        "transformed": obj.transformed,
        "double_faced": obj.back is not None,
        "exhausted": None,  # Riftbound's status and location: same API shape
        "location": None,
        "chosen_color": obj.chosen_color,
        "counters": dict(obj.counters),
        "damage": obj.damage,
        "attached_to": obj.attached_to,
        "attacking": _attacking(obj.attacking),
        "blocked": obj.blocked if obj.attacking is not None else None,
        "blocking": list(obj.blocking),
        "must_attack": obj.must_attack,
        "protector": protector_of(obj) if "Battle" in c.face.types else None,
        "chosen_name": obj.chosen_name,
        "summoning_sick": obj.summoning_sick,
        "leaves_at": obj.leaves_at,
        "abilities": [
            {"index": i, "text": a.text, "mana": a.mana} for i, a in enumerate(face.abilities)
        ],
        "makes": _makes(face),
    }


def _makes(face: Face) -> list[JsonDict]:
    """Its token-making abilities as ``make`` names them: index, when, text, whether the table
    does them (``automated``) and by itself (``fires``)."""
    return [
        {
            "index": i,
            "when": e.get("when"),
            "text": e.get("text"),
            "automated": bool(e.get("automated")),
            "fires": bool(e.get("fires")),
        }
        for i, e in enumerate(json.loads(m) for m in face.makes)
    ]


def _attacking(defender: int | str | None) -> JsonDict | None:
    """What it attacks: {"seat": n} or {"object": id} (a planeswalker or battle)."""
    if defender is None:
        return None
    return {"seat": defender} if isinstance(defender, int) else {"object": defender}
