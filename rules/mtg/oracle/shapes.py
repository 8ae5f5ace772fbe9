"""The shapes the compiler writes: the API's ``makes`` entries and tokens, and the kernel's
token definitions and steps (rules/mtg/make.py runs them)."""

from __future__ import annotations

import re
from typing import Any

from rules.mtg.oracle import counts
from rules.mtg.oracle.lines import Line
from rules.mtg.oracle.phrases import Token
from rules.mtg.predefined import predefined_token

JsonDict = dict[str, Any]

FIRES = ("enters", "dies", "attacks", "upkeep", "end_step")
"""Events the kernel sees by itself for a card on the battlefield (603.2)."""


REMINDER = re.compile(r"\s*\([^()]*\)")


class Card:
    def __init__(
        self, name: str, text: str, type_line: str, power: str | None, toughness: str | None
    ) -> None:
        self.name = name
        self.type_line = type_line
        self.power = power
        self.toughness = toughness
        short = name.split(",")[0].strip()
        names = {
            name,
            short,
            "this creature",
            "this permanent",
            "this artifact",
            "this enchantment",
            "this land",
            "this Equipment",
            "this Vehicle",
            "this card",
        }
        first = name.split()[0]
        if first != short and len(first) > 3 and "," in name:
            names.add(first)
        self.self_names = tuple(sorted(names, key=len, reverse=True))
        self.text = normalize(text)
        self.lines = [line.strip() for line in self.text.split("\n") if line.strip()]
        front, _, back = type_line.partition("\u2014")
        self.types = [
            w
            for w in front.split()
            if w not in ("Legendary", "Snow", "Basic", "World", "Token", "Tribal", "Kindred")
        ]
        self.supertypes = [w for w in front.split() if w in ("Legendary", "Snow")]
        self.subtypes = back.split()
        self.spell = any(t in self.types for t in ("Instant", "Sorcery"))


def normalize(text: str) -> str:
    return (
        text.replace("\u201c", '"')
        .replace("\u201d", '"')
        .replace("\u2019", "'")
        .replace("\u2212", "-")
    )


def base_entry(line: Line) -> JsonDict:
    return {
        "when": line.when,
        "trigger": line.trigger,
        "cost": line.cost,
        "text": line.text,
        "automated": False,
        "fires": False,
        "tokens": [],
        "effect": None,
    }


def count_data(token: Token) -> int | JsonDict:
    if isinstance(token.count, int):
        return token.count
    return {"x": token.x or counts.given("X"), "times": token.times}


def token_step(card: Card, token: Token, rest: str) -> JsonDict | None:
    common: JsonDict = {
        "count": count_data(token),
        "tapped": token.tapped,
        "attacking": token.attacking,
        "leaves_at": token.leaves_at,
        "haste": token.haste,
    }
    if token.copy_of is not None:
        changes = _copy_changes(card, token)
        if changes is None:
            return None
        if token.of_attached:
            common["of_attached"] = True
        return {"do": "copy", "of": token.copy_of, "except": changes, **common}
    if token.pt_x is not None:
        common["pt_x"] = token.pt_x
    return {
        "do": "create",
        "token": token.predefined,
        "definition": None if token.predefined else definition(token),
        "counters": dict(token.counters),
        "equip_self": token.attach,
        **common,
    }


def _copy_changes(card: Card, token: Token) -> JsonDict | None:
    """A copy's exceptions for ``create_copy`` (707.9b). "It's a [types]" without "in addition"
    replaces the creature types; it is only taken when it keeps every type the card has."""
    changes = dict(token.changes)
    replaced = changes.pop("subtypes_set", False)
    added = changes.get("add_types") or []
    if replaced and token.copy_of == "self":
        if not set(card.subtypes) <= set(added):
            return None
        changes["add_types"] = [t for t in added if t not in card.subtypes and t not in card.types]
    elif replaced:
        return None
    if token.haste:
        changes["haste"] = True
    return changes


def definition(token: Token) -> JsonDict:
    """The kernel's token definition payload (what the catalogue's tokens embed)."""
    text = "\n".join([*token.keywords, *token.abilities])
    subtypes = list(token.subtypes)
    return {
        "id": None,
        "game": "mtg",
        "name": token.name or " ".join([*subtypes, "Token"]),
        "supertypes": list(token.supertypes),
        "types": list(token.types),
        "subtypes": subtypes,
        "colors": list(token.colors),
        "power": token.power,
        "toughness": token.toughness,
        "might": None,
        "tags": [],
        "keywords": list(token.keywords),
        "text": text,
        "predefined": False,
        "rule": None,
        "abilities": [],
        "effects": [],
        "back": None,
        "incomplete": False,
        **_own_makes(token, text),
    }


def _own_makes(token: Token, text: str) -> JsonDict:
    """A token's own token-making abilities, in quotes in the text that creates it ("When this
    creature dies, create a 6/6 blue Whale ..."): compiled like a card's, so they fire too."""
    if "create" not in text.lower() and "investigate" not in text.lower():
        return {}
    from rules.mtg.oracle.compiler import compile_makes  # the compiler writes these shapes

    name = token.name or " ".join([*token.subtypes, "Token"])
    types = " ".join([*token.supertypes, *token.types])
    type_line = f"{types} \u2014 {' '.join(token.subtypes)}" if token.subtypes else types
    makes = compile_makes(
        name=name,
        oracle_text=text,
        type_line=type_line,
        power=token.power,
        toughness=token.toughness,
    )
    return {"makes": makes} if makes else {}


def shown(card: Card, token: Token) -> JsonDict:
    """The token in the API's ``makes`` shape."""
    count: int | str = token.count
    x = token.x["words"] if token.x is not None and count == "X" else None
    if token.times > 1 and x is not None:
        x = f"{token.times} \u00d7 {x}"
    if token.pt_x is not None:
        x = f"{x}; " if x else ""
        x += f"X/X: {token.pt_x['words']}"
    base: JsonDict = {
        "token": None,
        "copy_of": token.copy_of,
        "counters": dict(token.counters),
        "count": count,
        "x": x,
        "choice": None,
        "tapped": token.tapped,
        "attacking": token.attacking,
    }
    if token.copy_of == "self":
        return {**base, **_copy_of_card(card, token)}
    if token.copy_of is not None:
        return {
            **base,
            "name": None,
            "supertypes": [],
            "types": [],
            "subtypes": [],
            "colors": [],
            "power": None,
            "toughness": None,
            "keywords": [],
            "text": "",
            "choice": "the permanent copied",
        }
    if token.predefined is not None:
        payload = predefined_token(token.predefined) or {}
        return {**base, **face_shape(payload)}
    return {**base, **face_shape(definition(token))}


def face_shape(payload: JsonDict) -> JsonDict:
    return {
        "name": payload.get("name"),
        "supertypes": list(payload.get("supertypes") or []),
        "types": list(payload.get("types") or []),
        "subtypes": list(payload.get("subtypes") or []),
        "colors": list(payload.get("colors") or []),
        "power": payload.get("power"),
        "toughness": payload.get("toughness"),
        "keywords": list(payload.get("keywords") or []),
        "text": payload.get("text") or "",
    }


def _copy_of_card(card: Card, token: Token) -> JsonDict:
    """A copy of the card itself, its exceptions applied (707.9): what a player sees."""
    changes = token.changes
    colors = changes.get("colors")
    added = [t for t in changes.get("add_types") or [] if t not in card.subtypes]
    text = "\n".join(
        line
        for line in card.text.split("\n")
        if not re.match(r"^(?:Embalm|Eternalize|Encore)\b", line)
    )
    return {
        "name": card.name,
        "supertypes": [s for s in card.supertypes if changes.get("legendary") is not False],
        "types": list(card.types),
        "subtypes": [*added, *card.subtypes],
        "colors": list(colors) if colors is not None else None,
        "power": str(changes["power"]) if "power" in changes else card.power,
        "toughness": str(changes["toughness"]) if "toughness" in changes else card.toughness,
        "keywords": ["Haste"] if changes.get("haste") else [],
        "text": REMINDER.sub("", text).strip(),
    }


def shown_predefined(token: Token) -> JsonDict:
    payload = predefined_token(token.predefined or "") or {}
    return {
        "token": None,
        "copy_of": None,
        **face_shape(payload),
        "counters": dict(token.counters),
        "count": token.count,
        "x": token.x["words"] if token.x is not None else None,
        "choice": None,
        "tapped": False,
        "attacking": False,
    }
