"""The words a Riftbound type line and keyword list may hold, as the Core Rules (v1.3) list them:
the card types (133.4-133.6), supertypes (133.7) and keywords (805-826). Tags (133.8) are an open
list: any word. The catalogue checks a curator's entries against these lists."""

from __future__ import annotations

CARD_TYPES = ("Unit", "Gear", "Spell", "Rune", "Battlefield", "Legend")
"""133.4.a.2 (unit, gear), 133.4.b (spell), 133.5.a (rune), 133.6.a-b (battlefield, legend)."""

SUPERTYPES = ("Champion", "Signature", "Token", "Basic")
"""133.7.a-c; "Basic" is printed on the basic runes."""

KEYWORDS: dict[str, str] = {
    "Accelerate": "805",
    "Action": "806",
    "Assault": "807",
    "Deathknell": "808",
    "Deflect": "809",
    "Ganking": "810",
    "Hidden": "811",
    "Legion": "812",
    "Reaction": "813",
    "Shield": "814",
    "Tank": "815",
    "Temporary": "816",
    "Vision": "817",
    "Equip": "818",
    "Quick-Draw": "819",
    "Repeat": "820",
    "Weaponmaster": "821",
    "Ambush": "822",
    "Hunt": "823",
    "Level": "824",
    "Unique": "825",
    "Backline": "826",
}
"""Each keyword with its rule (804, the keyword glossary)."""
