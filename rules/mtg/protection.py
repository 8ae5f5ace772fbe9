"""Protection (CR 702.16) as far as attaching goes: what a permanent with "Protection from
[quality]" can't be enchanted (702.16c) or equipped (702.16d) by.

Keywords are read as printed: "Protection from enchantments" (or another card type),
"Protection from Auras" (or another subtype, 702.16a), "Protection from white", "Protection from
everything" (702.16j), "Protection from red and from blue" (702.16g), "Protection from each
color" / "from all colors" (702.16h), "from multicolored", "from monocolored", "from colorless"
and "Protection from the chosen color" (a color chosen as the permanent entered, 614.12).
"""

from __future__ import annotations

from collections.abc import Iterable

from rules.state import Face

PREFIX = "protection from "
COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
TYPE_WORDS = {
    "artifacts": "Artifact",
    "battles": "Battle",
    "creatures": "Creature",
    "enchantments": "Enchantment",
    "instants": "Instant",
    "lands": "Land",
    "planeswalkers": "Planeswalker",
    "sorceries": "Sorcery",
}


def qualities(keyword: str) -> list[str]:
    """The qualities of one protection keyword, lower case ([] if it isn't protection);
    "from A and from B" is two protections (702.16g)."""
    text = keyword.strip().lower()
    if not text.startswith(PREFIX):
        return []
    rest = text[len(PREFIX) :].replace(", and from ", ", from ").replace(" and from ", ", from ")
    return [part.strip() for part in rest.split(", from ") if part.strip()]


def _has_quality(quality: str, source: Face, chosen_color: str | None) -> bool:
    if quality == "everything":
        return True  # 702.16j
    if quality in ("each color", "all colors"):
        return bool(source.colors)
    if quality == "the chosen color":
        return chosen_color is not None and chosen_color in source.colors
    if quality in COLOR_WORDS:
        return COLOR_WORDS[quality] in source.colors
    if quality == "multicolored":
        return len(source.colors) > 1
    if quality == "monocolored":
        return len(source.colors) == 1
    if quality == "colorless":
        return not source.colors
    if quality in TYPE_WORDS:
        return TYPE_WORDS[quality] in source.types  # 702.16a: card types of permanents
    subtypes = {t.lower() for t in source.subtypes}
    return _singular(quality) in subtypes  # 702.16a: subtypes too ("from Auras", "from Goblins")


def _singular(word: str) -> str:
    irregular = {"elves": "elf", "dwarves": "dwarf", "wolves": "wolf", "mice": "mouse"}
    if word in irregular:
        return irregular[word]
    return word[:-1] if word.endswith("s") else word


def protection_from(
    keywords: Iterable[str], source: Face, chosen_color: str | None = None
) -> str | None:
    """The protection keyword (as printed) that protects from ``source``, or None."""
    for keyword in keywords:
        if any(_has_quality(q, source, chosen_color) for q in qualities(keyword)):
            return keyword
    return None
