"""Token payloads as `catalog.selectors.token_payload` returns them (docs/internals.md 1)."""

from __future__ import annotations

from typing import Any


def token(**fields: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": "mtg-treasure",
        "game": "mtg",
        "name": "Treasure Token",
        "predefined": True,
        "rule": "111.10a",
        "supertypes": [],
        "types": ["Artifact"],
        "subtypes": ["Treasure"],
        "colors": [],
        "power": None,
        "toughness": None,
        "might": None,
        "tags": [],
        "keywords": [],
        "text": "{T}, Sacrifice this token: Add one mana of any color.",
        "abilities": [],
        "back": None,
        "created_by": [],
    }
    payload.update(fields)
    return payload


def goblin() -> dict[str, Any]:
    return token(
        id="mtg-goblin-1-1-r",
        name="Goblin Token",
        predefined=False,
        rule=None,
        types=["Creature"],
        subtypes=["Goblin"],
        colors=["R"],
        power="1",
        toughness="1",
        text="",
    )


def incubator() -> dict[str, Any]:
    back = token(
        name="Phyrexian Token",
        types=["Artifact", "Creature"],
        subtypes=["Phyrexian"],
        colors=["B"],
        power="0",
        toughness="0",
        text="",
    )
    return token(
        id="mtg-incubator",
        name="Incubator Token",
        rule="111.10i",
        subtypes=["Incubator"],
        text="{2}: Transform this token.",
        back=back,
    )


def recruit() -> dict[str, Any]:
    return token(
        id="rb-recruit",
        game="riftbound",
        name="Recruit",
        rule="184.1",
        types=["Unit"],
        subtypes=[],
        might=1,
        tags=["Recruit"],
        text="",
    )


def brush() -> dict[str, Any]:
    return token(
        id="rb-brush",
        game="riftbound",
        name="Brush",
        rule="184.8",
        types=["Battlefield"],
        subtypes=[],
        text="Bird, Cat, Dog, Poro, and Ivern units here have +1 :rb_might:.\n"
        "When you score here, you may replace this with the battlefield it replaced.",
    )
