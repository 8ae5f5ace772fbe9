"""Scryfall card JSON (a list, a bulk file, a `list` object, or a bundle of card lists) -> records.

Tokens (`layout` token / double_faced_token) are keyed by oracle id; a double-faced token whose
front does not transform (Angel // Angel) is two tokens sharing one printing. Creators come from
`all_parts`: a card's `token` parts, a token's `combo_piece` parts. Emblems and helper cards (the
Monarch, the Initiative, Ability Punchcard) are reference cards, never tokens. Every other card
becomes a card matched by oracle id, so the oracle-cards bulk file loads the complete card list.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from catalog.importers.jsonstream import first_char, iter_array, load_object
from catalog.importers.records import (
    CardRecord,
    Face,
    ImportFailed,
    Link,
    ParsedFile,
    Printing,
    PrintingLink,
    ReferenceRecord,
    Skipped,
    TokenRecord,
    keywords_from_text,
    merge_repeats,
    mtg_colors,
    split_type_line,
    transforms,
)

SOURCE = "scryfall"
TOKEN_LAYOUTS = ("token", "double_faced_token")
NOT_CARDS = ("art_series", "vanguard", "planar", "scheme", "emblem")
DESIGNATIONS = ("The Monarch", "The Initiative", "Day", "Night", "City's Blessing", "Max Speed")


def _cards_in(path: Path) -> Iterator[tuple[str, Any]]:
    """(location, card object) from any of the shapes Scryfall files come in."""
    if first_char(path) == "[":
        for index, card in iter_array(path):
            yield f"index {index}", card
        return
    document = load_object(path)
    if document.get("object") == "card":
        yield "the card", document
        return
    if isinstance(document.get("data"), list):  # a Scryfall `list` object (search results)
        for index, card in enumerate(document["data"]):
            yield f"data[{index}]", card
        return
    lists = {
        key: value
        for key, value in document.items()
        if not key.startswith("_") and isinstance(value, list)
    }
    if not lists:
        raise ImportFailed("wrong JSON shape: expected a list of Scryfall card objects")
    for key, cards in lists.items():
        for index, card in enumerate(cards):
            yield f"{key}[{index}]", card


def _text(value: Any, location: str, field: str) -> str:
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ImportFailed("must be text", location=location, field=field)
    return value


def token_name(name: str, subtypes: list[str]) -> str:
    """Scryfall and MTGJSON call a token "Goblin"; the token is named "Goblin Token" (CR 111.4).
    Named tokens (Smaug, Vizier of Many Faces) keep their name."""
    if subtypes and name == " ".join(subtypes):
        return f"{name} Token"
    return name


def _face(data: dict[str, Any], card: dict[str, Any], location: str) -> Face:
    type_line = _text(data.get("type_line"), location, "type_line")
    supertypes, types, subtypes = split_type_line(type_line)
    colors = data.get("colors", card.get("colors")) or []
    if not isinstance(colors, list):
        raise ImportFailed("must be a list of color letters", location=location, field="colors")
    text = _text(data.get("oracle_text"), location, "oracle_text")
    name = _text(data.get("name"), location, "name").strip()
    if not name:
        raise ImportFailed("has no name", location=location, field="name")
    return Face(
        name=name,
        supertypes=tuple(supertypes),
        types=tuple(types),
        subtypes=tuple(subtypes),
        colors=mtg_colors(colors, location),
        power=data.get("power"),
        toughness=data.get("toughness"),
        keywords=keywords_from_text(text),
        text=text,
    )


def _printing(card: dict[str, Any]) -> Printing:
    images = card.get("image_uris") or {}
    faces = card.get("card_faces") or []
    if not images and faces and isinstance(faces[0], dict):
        images = faces[0].get("image_uris") or {}
    return Printing(
        set_code=str(card.get("set") or "").upper(),
        collector_number=str(card.get("collector_number") or ""),
        scryfall_id=card.get("id") or None,
        picture_url=str(images.get("large") or images.get("normal") or ""),
    )


def _parts(card: dict[str, Any], location: str) -> list[dict[str, Any]]:
    parts = card.get("all_parts") or []
    if not isinstance(parts, list) or not all(isinstance(part, dict) for part in parts):
        raise ImportFailed(
            "must be a list of related-card objects", location=location, field="all_parts"
        )
    return parts


def _reference_kind(card: dict[str, Any], type_lines: list[str]) -> str | None:
    """The kind of a non-token card shipped as a token, or None for a real token."""
    front = type_lines[0] if type_lines else ""
    if card.get("layout") == "emblem" or front.startswith("Emblem"):
        return "emblem"
    if front.startswith("Dungeon"):
        return "dungeon"
    if all(line.startswith("Token") for line in type_lines):
        return None
    return "designation" if card.get("name", "").split(" // ")[0] in DESIGNATIONS else "helper"


def _token(card: dict[str, Any], location: str, parsed: ParsedFile) -> None:
    faces = [face for face in card.get("card_faces") or [] if isinstance(face, dict)] or [card]
    type_lines = [str(face.get("type_line") or "") for face in faces]
    key = str(card.get("oracle_id") or card.get("id") or "")
    if not key:
        raise ImportFailed("has neither oracle_id nor id", location=location, field="oracle_id")
    printing = _printing(card)
    creators = [
        Link(creator=part["name"], details=False)
        for part in _parts(card, location)
        if part.get("component") == "combo_piece"
        and part.get("id") != card.get("id")
        and not str(part.get("type_line", "")).startswith(("Token", "Emblem", "Card"))
        and part.get("name")
    ]
    kind = _reference_kind(card, type_lines)
    if kind is not None:
        parsed.references.append(
            ReferenceRecord(
                key=key,
                location=location,
                kind=kind,
                name=str(card.get("name", "")).strip(),
                type_line=str(card.get("type_line", "")),
                text="\n\n".join(str(face.get("oracle_text") or "") for face in faces).strip(),
                printings=[printing],
                links=creators,
            )
        )
        return
    records = [
        _face(face, card, location if len(faces) == 1 else f"{location}, face {index}")
        for index, face in enumerate(faces, start=1)
    ]
    records = [
        Face(**{**r.__dict__, "name": token_name(r.name, list(r.subtypes))}) for r in records
    ]
    if len(records) == 2 and transforms(records[0]):
        parsed.tokens.append(
            TokenRecord(key, location, records[0], records[1], [printing], creators)
        )
        return
    for index, face in enumerate(records, start=1):
        face_key = key if len(records) == 1 else f"{key}#{index}"
        parsed.tokens.append(TokenRecord(face_key, location, face, None, [printing], creators))


def _card(card: dict[str, Any], location: str, parsed: ParsedFile) -> None:
    faces = [face for face in card.get("card_faces") or [] if isinstance(face, dict)]
    front = _face(faces[0] if faces else card, card, location)
    name = _text(card.get("name"), location, "name").strip()
    face = Face(**{**front.__dict__, "name": name})
    parsed.cards.append(
        CardRecord(
            location=location,
            face=face,
            oracle_id=card.get("oracle_id") or None,
            mana_cost=_text(
                card.get("mana_cost") or (faces[0] if faces else {}).get("mana_cost"),
                location,
                "mana_cost",
            ),
            loyalty=card.get("loyalty"),
        )
    )
    for part in _parts(card, location):
        if part.get("component") != "token" or not part.get("id"):
            continue
        parsed.printing_links.append(
            PrintingLink(
                creator=name,
                scryfall_id=str(part["id"]),
                token_name=str(part.get("name", "")),
                location=location,
            )
        )


def parse(path: Path) -> ParsedFile:
    parsed = ParsedFile(source=SOURCE, game="mtg")
    seen_cards: set[str] = set()
    for location, card in _cards_in(path):
        if not isinstance(card, dict) or card.get("object") != "card":
            raise ImportFailed("expected a Scryfall card object", location=location)
        label = f"{location} ({card.get('name', 'no name')})"
        layout = card.get("layout")
        if layout in TOKEN_LAYOUTS or layout == "emblem":
            _token(card, label, parsed)
        elif layout in NOT_CARDS:
            parsed.skipped.append(Skipped(label, str(card.get("name")), f"{layout} card"))
        elif card.get("oracle_id") and card["oracle_id"] in seen_cards:
            continue  # another printing of a card already read (all-cards bulk files)
        else:
            seen_cards.add(str(card.get("oracle_id") or ""))
            _card(card, label, parsed)
    parsed.tokens = merge_repeats(parsed.tokens)
    return parsed
