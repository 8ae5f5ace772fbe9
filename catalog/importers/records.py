"""Plain records the parsers produce and the upsert path writes: no Django, no database.

Every record carries `location` ("line 812", "index 14", "cards[3]") so an error can name it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

SupportedGame = Literal["mtg", "riftbound"]

MTG_SUPERTYPES = ("Basic", "Legendary", "Snow", "World", "Elite", "Ongoing", "Host")
MTG_COLOR_ORDER = "WUBRG"
# Keyword abilities a token's first text lines may list ("Flying, vigilance").
MTG_KEYWORDS = (
    "Flying",
    "First strike",
    "Double strike",
    "Deathtouch",
    "Defender",
    "Haste",
    "Hexproof",
    "Indestructible",
    "Lifelink",
    "Menace",
    "Reach",
    "Trample",
    "Vigilance",
    "Flash",
    "Shroud",
    "Changeling",
    "Prowess",
    "Infect",
    "Wither",
    "Fear",
    "Intimidate",
    "Islandwalk",
    "Swampwalk",
    "Forestwalk",
    "Mountainwalk",
    "Plainswalk",
    "Decayed",
    "Persist",
    "Undying",
)
_KEYWORD_LOOKUP = {keyword.lower(): keyword for keyword in MTG_KEYWORDS}
_REMINDER = re.compile(r"\s*\([^)]*\)")


class ImportFailed(Exception):
    """The file cannot be imported; nothing was written. Names the record and the field."""

    def __init__(self, message: str, *, location: str = "", field: str = "") -> None:
        self.location = location
        self.field = field
        where = ", ".join(part for part in (location, f"field {field}" if field else "") if part)
        super().__init__(f"{where}: {message}" if where else message)


@dataclass(frozen=True)
class Face:
    """The characteristics of one face (CR 707.2), as the catalogue stores them."""

    name: str
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    might: int | None = None
    tags: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    text: str = ""

    def fields(self) -> dict[str, object]:
        """The model field values (lists where the model stores JSON lists)."""
        return {
            "name": self.name,
            "supertypes": list(self.supertypes),
            "types": list(self.types),
            "subtypes": list(self.subtypes),
            "colors": list(self.colors),
            "power": self.power,
            "toughness": self.toughness,
            "might": self.might,
            "tags": list(self.tags),
            "keywords": list(self.keywords),
            "text": self.text,
        }


@dataclass(frozen=True)
class Printing:
    set_code: str = ""
    collector_number: str = ""
    scryfall_id: str | None = None
    picture_url: str = ""
    art_crop_url: str = ""
    artist: str = ""


@dataclass(frozen=True)
class Link:
    """`creator` (a card name) creates the record this link hangs on."""

    creator: str
    count: str = "1"
    attach: bool = False
    transform: bool = False
    exclude: bool = False
    persistent: bool = False
    facedown: bool = False
    details: bool = True  # False: the source says nothing of count and flags (Scryfall, MTGJSON)


@dataclass
class TokenRecord:
    key: str  # the source's stable id for this token
    location: str
    front: Face
    back: Face | None = None
    printings: list[Printing] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)


@dataclass
class ReferenceRecord:
    """A non-token card shipped with tokens (emblem, dungeon, designation, ...)."""

    key: str
    location: str
    kind: str
    name: str
    type_line: str = ""
    text: str = ""
    printings: list[Printing] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)


@dataclass
class CardRecord:
    """A nontoken card: matched by `oracle_id` when the source has one, else by exact name."""

    location: str
    face: Face
    oracle_id: str | None = None
    mana_cost: str = ""
    loyalty: str | None = None
    image_url: str = ""
    art_crop_url: str = ""
    artist: str = ""
    codes: list[str] = field(default_factory=list)  # its printings' codes ("OGN-007a")


@dataclass(frozen=True)
class PrintingLink:
    """`creator` creates the token printed as Scryfall printing `scryfall_id` (all_parts)."""

    creator: str
    scryfall_id: str
    token_name: str
    location: str


@dataclass(frozen=True, slots=True)  # one per card and language: a big file holds many
class PrintedRecord:
    """A card's or token's name as printed in another language (Scryfall's printed_name of a
    non-English printing, MTGJSON's foreignData), for the definition the source keys by `key`
    (oracle id, token key), else found by its English name."""

    kind: Literal["card", "token"]
    key: str
    english: str
    language: str
    name: str
    type_line: str = ""
    text: str = ""
    location: str = ""


# MTGJSON's language names -> the codes Scryfall (and the site) use.
LANGUAGE_CODES = {
    "English": "en",
    "Spanish": "es",
    "French": "fr",
    "German": "de",
    "Italian": "it",
    "Portuguese (Brazil)": "pt",
    "Japanese": "ja",
    "Korean": "ko",
    "Russian": "ru",
    "Chinese Simplified": "zhs",
    "Chinese Traditional": "zht",
    "Hebrew": "he",
    "Latin": "la",
    "Ancient Greek": "grc",
    "Arabic": "ar",
    "Sanskrit": "sa",
    "Phyrexian": "ph",
}


@dataclass(frozen=True)
class Skipped:
    location: str
    name: str
    reason: str


@dataclass
class ParsedFile:
    source: str  # cockatrice, scryfall, mtgjson, riftbound, tokensite
    game: SupportedGame
    tokens: list[TokenRecord] = field(default_factory=list)
    references: list[ReferenceRecord] = field(default_factory=list)
    cards: list[CardRecord] = field(default_factory=list)
    printing_links: list[PrintingLink] = field(default_factory=list)
    printed: list[PrintedRecord] = field(default_factory=list)
    skipped: list[Skipped] = field(default_factory=list)
    # Cards still to be read from the file (a streaming parser): the writer writes them as they
    # come; the other lists are complete once this is exhausted.
    pending: Iterator[CardRecord] | None = None

    def read_all(self) -> ParsedFile:
        """Every record in the lists (for small files and tests)."""
        if self.pending is not None:
            self.cards.extend(self.pending)
            self.pending = None
        return self


def split_type_line(type_line: str) -> tuple[list[str], list[str], list[str]]:
    """'Token Legendary Artifact Creature — Dragon' -> (['Legendary'], ['Artifact', 'Creature'],
    ['Dragon']); the word Token is dropped (it is not a card type, CR 111.1)."""
    left, _, right = type_line.replace(" - ", " — ").partition("—")
    supertypes: list[str] = []
    types: list[str] = []
    for word in left.split():
        if word == "Token":
            continue
        (supertypes if word in MTG_SUPERTYPES else types).append(word)
    subtypes = right.split()
    return supertypes, types, subtypes


def mtg_colors(letters: str | list[str], location: str = "") -> tuple[str, ...]:
    """'BGRUW' or ['G', 'W'] -> the colors in WUBRG order; anything else is an error."""
    found = set(letters)
    unknown = sorted(found - set(MTG_COLOR_ORDER))
    if unknown:
        raise ImportFailed(
            f"unknown color {', '.join(unknown)!s}", location=location, field="colors"
        )
    return tuple(color for color in MTG_COLOR_ORDER if color in found)


def keywords_from_text(text: str) -> tuple[str, ...]:
    """The keyword abilities a token's text lists on its own lines ("Flying, vigilance")."""
    found: list[str] = []
    for line in text.splitlines():
        bare = _REMINDER.sub("", line).strip().rstrip(".")
        if not bare:
            continue
        parts = [part.strip().lower() for part in bare.split(",")]
        if not all(part in _KEYWORD_LOOKUP for part in parts):
            break
        found.extend(_KEYWORD_LOOKUP[part] for part in parts)
    return tuple(dict.fromkeys(found))


def split_pt(pt: str, location: str = "") -> tuple[str | None, str | None]:
    """'2/2' -> ('2', '2'); '' or '/' -> (None, None)."""
    pt = pt.strip()
    if pt in ("", "/"):
        return None, None
    power, slash, toughness = pt.partition("/")
    if not slash:
        raise ImportFailed(f"power/toughness {pt!r} has no '/'", location=location, field="pt")
    return power.strip() or None, toughness.strip() or None


def unique_printings(printings: list[Printing]) -> list[Printing]:
    """One printing per Scryfall id: the front picture of a double-sided card wins its back."""
    seen: set[str] = set()
    kept: list[Printing] = []
    for printing in printings:
        if printing.scryfall_id:
            if printing.scryfall_id in seen:
                continue
            seen.add(printing.scryfall_id)
        kept.append(printing)
    return kept


def merge_repeats(tokens: list[TokenRecord]) -> list[TokenRecord]:
    """One record per key: bulk files repeat a token once per printing (same oracle id)."""
    merged: dict[str, TokenRecord] = {}
    for record in tokens:
        first = merged.get(record.key)
        if first is None:
            merged[record.key] = record
            continue
        first.printings = unique_printings([*first.printings, *record.printings])
        creators = {link.creator for link in first.links}
        first.links.extend(link for link in record.links if link.creator not in creators)
    return list(merged.values())


def transforms(face: Face) -> bool:
    """A face transforms only if its text says so (CR 712; 111.10i: the Incubator)."""
    return "transform" in face.text.lower()
