"""Definition payloads (internals.md section 1) into the copiable values of an object.

A token has exactly the characteristics its creating effect defines (CR 111.3); the payload is
embedded in the action, so the kernel never reads the catalogue.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

from rules.effects import EffectError, parse_abilities, parse_effects
from rules.errors import InvalidAction
from rules.state import Face
from rules.text import msg

JsonDict = dict[str, Any]
Namer = Callable[[tuple[str, ...]], str]

COLOR_ORDER = ("W", "U", "B", "R", "G")
DOMAIN_ORDER = ("Fury", "Calm", "Mind", "Body", "Chaos", "Order")
_LIST_FIELDS = ("supertypes", "types", "subtypes", "tags", "keywords")


def _strings(data: Mapping[str, Any], name: str) -> tuple[str, ...]:
    value = data.get(name) or []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InvalidAction(
            msg("definition field {name} must be a list of strings", name=repr(name))
        )
    return tuple(value)


def _number(data: Mapping[str, Any], name: str) -> int | None:
    """P/T arrive as strings ("2", "*", "1+*"); a characteristic-defining "*" counts as 0 here
    (the kernel doesn't evaluate CDAs, 604.3), so "1+*" is 1."""
    value = data.get(name)
    if value is None:
        return None
    if isinstance(value, bool):
        raise InvalidAction(msg("definition field {name} must be a number", name=repr(name)))
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text.lstrip("+-").isdigit():
            return int(text)
        if "*" in text:
            fixed = text.replace("*", "").strip("+")
            return int(fixed) if fixed.isdigit() else 0
    raise InvalidAction(
        msg(
            "definition field {name} must be a number, not {value}",
            name=repr(name),
            value=repr(value),
        )
    )


def _colors(data: Mapping[str, Any]) -> tuple[str, ...]:
    """MTG colors in WUBRG order, or Riftbound domains (the catalogue stores them as colors)."""
    colors = _strings(data, "colors")
    unknown = [c for c in colors if c not in COLOR_ORDER + DOMAIN_ORDER]
    if unknown:
        raise InvalidAction(
            msg("unknown colors {unknown}; use W, U, B, R, G or Riftbound domains", unknown=unknown)
        )
    return tuple(c for c in COLOR_ORDER + DOMAIN_ORDER if c in colors)


def face_from_payload(data: object, default_name: Namer) -> Face:
    """The copiable values a definition prints; ``default_name`` applies the game's naming rule
    (MTG 111.4) when the payload names nothing."""
    if not isinstance(data, Mapping):
        raise InvalidAction(msg("a definition must be an object"))
    lists = {name: _strings(data, name) for name in _LIST_FIELDS}
    name = data.get("name")
    if name is not None and not isinstance(name, str):
        raise InvalidAction(msg("definition field 'name' must be a string"))
    text = data.get("text") or ""
    mana_cost = data.get("mana_cost") or ""
    if not isinstance(text, str) or not isinstance(mana_cost, str):
        raise InvalidAction(msg("definition fields 'text' and 'mana_cost' must be strings"))
    try:
        abilities = tuple(parse_abilities(data.get("abilities") or []))
        effects = tuple(parse_effects(_with_compiled(data.get("effects") or [], data)))
    except EffectError as exc:
        # The effect parser's sentence is data too, translated where it is told.
        raise InvalidAction(
            msg("definition {name}: {error}", name=name or "", error=exc.text)
        ) from None
    return Face(
        makes=_makes(data.get("makes")),
        name=name or default_name(lists["subtypes"]),
        mana_cost=mana_cost,
        colors=_colors(data),
        power=_number(data, "power"),
        toughness=_number(data, "toughness"),
        might=_number(data, "might"),
        pt_cda=data.get("pt_cda") is True
        or any("*" in str(data.get(k) or "") for k in ("power", "toughness")),
        text=text,
        loyalty=_loyalty(data),
        abilities=abilities,
        effects=effects,
        **lists,
    )


MAKES_KEYS = ("when", "trigger", "fires", "automated", "text", "effect")
"""What an object keeps of each ``makes`` entry: enough to run and fire it."""


def _with_compiled(effects: object, data: Mapping[str, Any]) -> object:
    """The static effects of the card plus those its compiled replacement entries give (token
    and counter doublers, CR 614.1), unless the card's own effect data already has one of that
    kind: effect data someone wrote wins over what was read from the rules text."""
    makes = data.get("makes")
    if not isinstance(effects, list) or not isinstance(makes, list):
        return effects
    kinds = {e.get("kind") for e in effects if isinstance(e, Mapping)}
    compiled = [
        e
        for entry in makes
        if isinstance(entry, Mapping)
        and entry.get("automated")
        and entry.get("when") == "replacement"
        for e in (entry.get("effect") or {}).get("static") or []
        if isinstance(e, Mapping) and e.get("kind") not in kinds
    ]
    return [*effects, *compiled]


def _makes(data: object) -> tuple[str, ...]:
    """The ``makes`` entries as canonical JSON (hashable, so faces still key stacks); their
    effects are checked by the game system that runs them."""
    if data is None:
        return ()
    if not isinstance(data, list) or not all(isinstance(e, Mapping) for e in data):
        raise InvalidAction(msg("definition field 'makes' must be a list of objects"))
    return tuple(
        json.dumps({k: entry.get(k) for k in MAKES_KEYS}, sort_keys=True) for entry in data
    )


def _loyalty(data: Mapping[str, Any]) -> int | None:
    """Printed loyalty arrives as a string ("4") or a number; "X" (set as it enters) is None."""
    value = data.get("loyalty")
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    if isinstance(value, str) and value.strip().isdigit():
        return int(value.strip())
    return None


def back_from_payload(data: Mapping[str, Any], default_name: Namer) -> Face | None:
    back = data.get("back")
    return None if back is None else face_from_payload(back, default_name)


def face_to_payload(face: Face) -> JsonDict:
    """The payload form of a face (the inverse of ``face_from_payload`` for codec and view)."""
    return {
        "name": face.name,
        "mana_cost": face.mana_cost,
        "supertypes": list(face.supertypes),
        "types": list(face.types),
        "subtypes": list(face.subtypes),
        "colors": list(face.colors),
        "power": face.power,
        "toughness": face.toughness,
        "might": face.might,
        **({"pt_cda": True} if face.pt_cda else {}),
        "tags": list(face.tags),
        "keywords": list(face.keywords),
        "text": face.text,
        **({"loyalty": face.loyalty} if face.loyalty is not None else {}),
        "abilities": [a.to_data() for a in face.abilities],
        "effects": [e.to_data() for e in face.effects],
        **({"makes": [json.loads(m) for m in face.makes]} if face.makes else {}),
    }
