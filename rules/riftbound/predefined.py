"""The predefined tokens of Riftbound Core Rules v1.3, rules 184.1-184.9 (2026-03-30).

Names are the token names without "Token" ("Recruit", "Sprite", "Gold"). Tokens are domainless
(182.2.b); units have Might (182.1.b) and tags (182.1.c). Payloads have the API token-definition
shape plus ``abilities``, ``effects`` and ``back`` (internals.md section 1); a filter's subtypes
are Riftbound tags.
"""

from __future__ import annotations

import copy
from typing import Any

JsonDict = dict[str, Any]

_GOLD_TEXT = "[Reaction][>] Kill this, [E]: [Add] [A]."
_BRUSH_TEXT = (
    "Bird, Cat, Dog, Poro, and Ivern units here have +1 [M]\n"
    "When you score here, you may replace this with the battlefield it replaced."
)


def _token(
    slug: str,
    rule: str,
    name: str,
    card_type: str,
    *,
    might: int | None = None,
    tags: list[str] | None = None,
    keywords: list[str] | None = None,
    text: str = "",
    abilities: list[JsonDict] | None = None,
    effects: list[JsonDict] | None = None,
) -> JsonDict:
    return {
        "id": slug,
        "game": "riftbound",
        "name": name,
        "predefined": True,
        "rule": rule,
        "supertypes": [],
        "types": [card_type],
        "subtypes": [],
        "colors": [],
        "power": None,
        "toughness": None,
        "might": might,
        "tags": tags or [],
        "keywords": keywords or [],
        "text": text,
        "abilities": abilities or [],
        "effects": effects or [],
        "back": None,
    }


_TOKENS: list[JsonDict] = [
    _token("rb-recruit", "184.1", "Recruit", "Unit", might=1, tags=["Recruit"]),
    _token(
        "rb-sprite",
        "184.2",
        "Sprite",
        "Unit",
        might=3,
        tags=["Fae"],
        keywords=["Temporary"],
        text="[Temporary]",
    ),
    _token("rb-sand-soldier", "184.3", "Sand Soldier", "Unit", might=2, tags=["Shurima"]),
    _token("rb-mech", "184.4", "Mech", "Unit", might=3, tags=["Mech"]),
    _token(
        "rb-gold",
        "184.5",
        "Gold",
        "Gear",
        text=_GOLD_TEXT,
        abilities=[
            {
                "text": _GOLD_TEXT,
                "cost": {"tap": True, "sacrifice": True},
                "effect": {"kind": "add_power", "domain": "any", "amount": 1},
                "mana": True,
                "sorcery_speed": False,
            }
        ],
    ),
    _token("rb-reflection", "184.6", "Reflection", "Unit", might=0),
    _token(
        "rb-bird",
        "184.7",
        "Bird",
        "Unit",
        might=1,
        tags=["Bird"],
        keywords=["Deflect"],
        text="[Deflect]",
    ),
    _token(
        "rb-brush",
        "184.8",
        "Brush",
        "Battlefield",
        text=_BRUSH_TEXT,
        effects=[
            {
                "kind": "anthem",
                "whose": "any",
                "might": 1,
                "here": True,
                "filter": {
                    "types": ["Unit"],
                    "any_subtypes": ["Bird", "Cat", "Dog", "Poro", "Ivern"],
                },
            }
        ],
    ),
    _token(
        "rb-baron-pit",
        "184.9",
        "Baron Pit",
        "Battlefield",
        text="Units can move here from anywhere.",
        effects=[{"kind": "move_here_from_anywhere"}],
    ),
]

PREDEFINED_TOKENS: dict[str, JsonDict] = {token["id"]: token for token in _TOKENS}


def predefined_token(slug: str) -> JsonDict | None:
    """A fresh copy of the payload of a predefined Riftbound token, or None for other slugs."""
    payload = PREDEFINED_TOKENS.get(slug)
    return copy.deepcopy(payload) if payload is not None else None


def predefined_tokens() -> list[JsonDict]:
    """Fresh copies of the 9 predefined Riftbound token payloads, in rule order (184.1-184.9)."""
    return [copy.deepcopy(token) for token in _TOKENS]
