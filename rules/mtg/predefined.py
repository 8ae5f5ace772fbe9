"""The predefined tokens of CR 111.10a-x (Comprehensive Rules of September 25, 2026).

Each payload has the API token-definition shape plus ``abilities`` (activated abilities),
``effects`` (static effects, e.g. a Role's effect on the enchanted creature) and ``back``.
Names follow 111.4: subtypes + " Token" unless the rule names the token (Walker, Roles, the
Incubator's back face "Phyrexian Token").
"""

from __future__ import annotations

import copy
from typing import Any

JsonDict = dict[str, Any]

_C_RESTRICTION = "This mana can\u2019t be spent to cast a nonartifact spell."


def _face(
    name: str,
    types: list[str],
    subtypes: list[str],
    text: str,
    *,
    colors: list[str] | None = None,
    power: str | None = None,
    toughness: str | None = None,
    keywords: list[str] | None = None,
    abilities: list[JsonDict] | None = None,
    effects: list[JsonDict] | None = None,
) -> JsonDict:
    return {
        "name": name,
        "supertypes": [],
        "types": types,
        "subtypes": subtypes,
        "colors": colors or [],
        "power": power,
        "toughness": toughness,
        "might": None,
        "tags": [],
        "keywords": keywords or [],
        "text": text,
        "abilities": abilities or [],
        "effects": effects or [],
    }


def _ability(
    text: str, cost: JsonDict, effect: JsonDict, *, mana: bool = False, sorcery: bool = False
) -> JsonDict:
    return {"text": text, "cost": cost, "effect": effect, "mana": mana, "sorcery_speed": sorcery}


def _token(slug: str, rule: str, face: JsonDict, back: JsonDict | None = None) -> JsonDict:
    return {"id": slug, "game": "mtg", "predefined": True, "rule": rule, **face, "back": back}


def _artifact(slug: str, rule: str, subtype: str, ability: JsonDict, **extra: Any) -> JsonDict:
    text = ability["text"]
    if extra.get("keywords"):
        text = "\n".join([*extra["keywords"], text])
    face = _face(f"{subtype} Token", ["Artifact"], [subtype], text, abilities=[ability], **extra)
    return _token(slug, rule, face)


def _role(slug: str, rule: str, name: str, text: str, effect: JsonDict) -> JsonDict:
    aura: JsonDict = {
        "kind": "aura",
        "power": 0,
        "toughness": 0,
        "set_base": False,
        "keywords": [],
        "per": None,
        "attack_counter_max_toughness": None,
        **effect,
    }
    effects = [aura]
    if name == "Wicked":
        effects.append({"kind": "dies_drain", "amount": 1})
    face = _face(
        name,
        ["Enchantment"],
        ["Aura", "Role"],
        f"Enchant creature\n{text}",
        keywords=["Enchant creature"],
        effects=effects,
    )
    return _token(slug, rule, face)


_TREASURE_TEXT = "{T}, Sacrifice this token: Add one mana of any color."
_GOLD_TEXT = "Sacrifice this token: Add one mana of any color."
_POWERSTONE_TEXT = "{T}: Add {C}. " + _C_RESTRICTION
_INCUBATOR_TEXT = "{2}: Transform this token."

_TOKENS: list[JsonDict] = [
    _artifact(
        "mtg-treasure",
        "111.10a",
        "Treasure",
        _ability(
            _TREASURE_TEXT,
            {"tap": True, "sacrifice": True},
            {"kind": "add_mana", "color": "any", "amount": 1, "restriction": None},
            mana=True,
        ),
    ),
    _artifact(
        "mtg-food",
        "111.10b",
        "Food",
        _ability(
            "{2}, {T}, Sacrifice this token: You gain 3 life.",
            {"mana": "{2}", "tap": True, "sacrifice": True},
            {"kind": "gain_life", "amount": 3},
        ),
    ),
    _artifact(
        "mtg-gold",
        "111.10c",
        "Gold",
        _ability(
            _GOLD_TEXT,
            {"sacrifice": True},
            {"kind": "add_mana", "color": "any", "amount": 1, "restriction": None},
            mana=True,
        ),
    ),
    _token(
        "mtg-walker",
        "111.10d",
        _face("Walker", ["Creature"], ["Zombie"], "", colors=["B"], power="2", toughness="2"),
    ),
    _token(
        "mtg-shard",
        "111.10e",
        _face(
            "Shard Token",
            ["Enchantment"],
            ["Shard"],
            "{2}, Sacrifice this token: Scry 1, then draw a card.",
            abilities=[
                _ability(
                    "{2}, Sacrifice this token: Scry 1, then draw a card.",
                    {"mana": "{2}", "sacrifice": True},
                    {"kind": "scry_draw", "scry": 1, "amount": 1},
                )
            ],
        ),
    ),
    _artifact(
        "mtg-clue",
        "111.10f",
        "Clue",
        _ability(
            "{2}, Sacrifice this token: Draw a card.",
            {"mana": "{2}", "sacrifice": True},
            {"kind": "draw", "amount": 1},
        ),
    ),
    _artifact(
        "mtg-blood",
        "111.10g",
        "Blood",
        _ability(
            "{1}, {T}, Discard a card, Sacrifice this token: Draw a card.",
            {"mana": "{1}", "tap": True, "discard": 1, "sacrifice": True},
            {"kind": "draw", "amount": 1},
        ),
    ),
    _artifact(
        "mtg-powerstone",
        "111.10h",
        "Powerstone",
        _ability(
            _POWERSTONE_TEXT,
            {"tap": True},
            {"kind": "add_mana", "color": "C", "amount": 1, "restriction": _C_RESTRICTION},
            mana=True,
        ),
    ),
    _token(
        "mtg-incubator",
        "111.10i",
        _face(
            "Incubator Token",
            ["Artifact"],
            ["Incubator"],
            _INCUBATOR_TEXT,
            abilities=[_ability(_INCUBATOR_TEXT, {"mana": "{2}"}, {"kind": "transform"})],
        ),
        back=_face(
            "Phyrexian Token",
            ["Artifact", "Creature"],
            ["Phyrexian"],
            "",
            power="0",
            toughness="0",
        ),
    ),
    _role(
        "mtg-cursed-role",
        "111.10j",
        "Cursed",
        "Enchanted creature has base power and toughness 1/1.",
        {"power": 1, "toughness": 1, "set_base": True},
    ),
    _role(
        "mtg-monster-role",
        "111.10k",
        "Monster",
        "Enchanted creature gets +1/+1 and has trample.",
        {"power": 1, "toughness": 1, "keywords": ["Trample"]},
    ),
    _role(
        "mtg-royal-role",
        "111.10m",
        "Royal",
        "Enchanted creature gets +1/+1 and has ward {1}.",
        {"power": 1, "toughness": 1, "keywords": ["Ward {1}"]},
    ),
    _role(
        "mtg-sorcerer-role",
        "111.10n",
        "Sorcerer",
        "Enchanted creature gets +1/+1 and has \u201cWhenever this creature attacks, scry 1.\u201d",
        {"power": 1, "toughness": 1, "attack_scry": 1},
    ),
    _role(
        "mtg-virtuous-role",
        "111.10p",
        "Virtuous",
        "Enchanted creature gets +1/+1 for each enchantment you control.",
        {"power": 1, "toughness": 1, "per": "enchantment_you_control"},
    ),
    _role(
        "mtg-wicked-role",
        "111.10q",
        "Wicked",
        "Enchanted creature gets +1/+1.\nWhen this token is put into a graveyard from the "
        "battlefield, each opponent loses 1 life.",
        {"power": 1, "toughness": 1},
    ),
    _role(
        "mtg-young-hero-role",
        "111.10r",
        "Young Hero",
        "Enchanted creature has \u201cWhenever this creature attacks, if its toughness is 3 or "
        "less, put a +1/+1 counter on it.\u201d",
        {"attack_counter_max_toughness": 3},
    ),
    _artifact(
        "mtg-map",
        "111.10s",
        "Map",
        _ability(
            "{1}, {T}, Sacrifice this token: Target creature you control explores. "
            "Activate only as a sorcery.",
            {"mana": "{1}", "tap": True, "sacrifice": True},
            {"kind": "explore", "target": "creature_you_control"},
            sorcery=True,
        ),
    ),
    _artifact(
        "mtg-junk",
        "111.10t",
        "Junk",
        _ability(
            "{T}, Sacrifice this token: Exile the top card of your library. You may play that "
            "card this turn. Activate only as a sorcery.",
            {"tap": True, "sacrifice": True},
            {"kind": "exile_top"},
            sorcery=True,
        ),
    ),
    _artifact(
        "mtg-lander",
        "111.10u",
        "Lander",
        _ability(
            "{2}, {T}, Sacrifice this token: Search your library for a basic land card, put it "
            "onto the battlefield tapped, then shuffle.",
            {"mana": "{2}", "tap": True, "sacrifice": True},
            {"kind": "search_land"},
        ),
    ),
    _artifact(
        "mtg-mutagen",
        "111.10v",
        "Mutagen",
        _ability(
            "{1}, {T}, Sacrifice this token: Put a +1/+1 counter on target creature. "
            "Activate only as a sorcery.",
            {"mana": "{1}", "tap": True, "sacrifice": True},
            {"kind": "put_counter", "counter": "+1/+1", "amount": 1, "target": "creature"},
            sorcery=True,
        ),
    ),
    _artifact(
        "mtg-heartwood",
        "111.10x",
        "Heartwood",
        _ability(
            "{T}: Add {R} or {G}.",
            {"tap": True},
            {"kind": "add_mana", "color": "RG", "amount": 1, "restriction": None},
            mana=True,
        ),
        colors=["R", "G"],
    ),
    _artifact(
        "mtg-vibranium",
        "111.10w",
        "Vibranium",
        _ability(
            _POWERSTONE_TEXT,
            {"tap": True},
            {"kind": "add_mana", "color": "C", "amount": 1, "restriction": _C_RESTRICTION},
            mana=True,
        ),
        keywords=["Indestructible"],
    ),
]

PREDEFINED_TOKENS: dict[str, JsonDict] = {token["id"]: token for token in _TOKENS}


def predefined_token(slug: str) -> JsonDict | None:
    """A fresh copy of the payload of a predefined MTG token, or None for other slugs."""
    payload = PREDEFINED_TOKENS.get(slug)
    return copy.deepcopy(payload) if payload is not None else None


def predefined_tokens() -> list[JsonDict]:
    """Fresh copies of all 21 predefined MTG token payloads, in rule order (111.10a-w)."""
    return [copy.deepcopy(token) for token in _TOKENS]
