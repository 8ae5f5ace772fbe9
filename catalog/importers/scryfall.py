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

from catalog.importers.jsonstream import ReadProgress, first_char, iter_array, iter_members
from catalog.importers.records import (
    CardRecord,
    Face,
    ImportFailed,
    Link,
    ParsedFile,
    PrintedRecord,
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
# The objects inside a card object (a file that is one card).
CARD_PARTS = ("related_card", "card_face")
DESIGNATIONS = ("The Monarch", "The Initiative", "Day", "Night", "City's Blessing", "Max Speed")


def _cards_in(path: Path, progress: ReadProgress | None) -> Iterator[tuple[str, Any]]:
    """(location, card object) from any of the shapes Scryfall files come in, streamed: a list (a
    bulk file), a `list` object (search results), a bundle of card lists, or one card."""
    if first_char(path) == "[":
        for position, card in iter_array(path, progress):
            yield f"index {position}", card
        return
    rest: dict[str, Any] = {}  # the members of a file that is one card
    found = False
    for key, index, value in iter_members(path, open_arrays=True, progress=progress):
        if key.startswith("_"):
            continue
        if index is None:
            rest[key] = value
        elif isinstance(value, dict) and value.get("object") == "card":
            found = True
            yield f"{key}[{index}]", value
        elif isinstance(value, dict) and value.get("object") not in CARD_PARTS:
            raise ImportFailed("expected a Scryfall card object", location=f"{key}[{index}]")
        else:
            rest.setdefault(key, []).append(value)
    if rest.get("object") == "card":
        yield "the card", rest
    elif not found:
        raise ImportFailed("wrong JSON shape: expected a list of Scryfall card objects")


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
        picture_url=str(images.get("normal") or images.get("large") or ""),
        art_crop_url=str(images.get("art_crop") or ""),
        artist=str(card.get("artist") or "")[:200],
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


def _card(card: dict[str, Any], location: str, parsed: ParsedFile) -> CardRecord:
    faces = [face for face in card.get("card_faces") or [] if isinstance(face, dict)]
    front = _face(faces[0] if faces else card, card, location)
    name = _text(card.get("name"), location, "name").strip()
    face = Face(**{**front.__dict__, "name": name})
    printing = _printing(card)
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
    return CardRecord(
        location=location,
        face=face,
        oracle_id=card.get("oracle_id") or None,
        mana_cost=_text(
            card.get("mana_cost") or (faces[0] if faces else {}).get("mana_cost"),
            location,
            "mana_cost",
        ),
        loyalty=card.get("loyalty"),
        image_url=printing.picture_url,
        art_crop_url=printing.art_crop_url,
        artist=printing.artist,
    )


def _printed(card: dict[str, Any], location: str, kind: str, english: str) -> PrintedRecord | None:
    """A non-English printing's own name, type line and text (all-cards bulk files)."""
    language = str(card.get("lang") or "en")
    faces = [face for face in card.get("card_faces") or [] if isinstance(face, dict)]
    front = faces[0] if faces and not card.get("printed_name") else card
    name = str(front.get("printed_name") or "").strip()
    key = str(card.get("oracle_id") or "")
    if language == "en" or not name or not key:
        return None
    return PrintedRecord(
        kind="token" if kind == "token" else "card",
        key=key,
        english=english,
        language=language,
        name=name[:200],
        type_line=str(front.get("printed_type_line") or "")[:200],
        text=str(front.get("printed_text") or ""),
        location=location,
    )


def stream(path: Path, progress: ReadProgress | None = None) -> ParsedFile:
    """The file's records, its cards read while they are written (`pending`)."""
    parsed = ParsedFile(source=SOURCE, game="mtg")
    parsed.pending = _read(path, parsed, progress)
    return parsed


def parse(path: Path, progress: ReadProgress | None = None) -> ParsedFile:
    return stream(path, progress).read_all()


def _read(path: Path, parsed: ParsedFile, progress: ReadProgress | None) -> Iterator[CardRecord]:
    seen_cards: set[str] = set()
    for location, card in _cards_in(path, progress):
        if not isinstance(card, dict) or card.get("object") != "card":
            raise ImportFailed("expected a Scryfall card object", location=location)
        label = f"{location} ({card.get('name', 'no name')})"
        layout = card.get("layout")
        is_token = layout in TOKEN_LAYOUTS
        english = str(card.get("name") or "").strip()
        printed = _printed(card, label, "token" if is_token else "card", english)
        if printed is not None and layout not in NOT_CARDS and layout != "emblem":
            parsed.printed.append(printed)
        if layout in TOKEN_LAYOUTS or layout == "emblem":
            _token(card, label, parsed)
        elif layout in NOT_CARDS:
            parsed.skipped.append(Skipped(label, str(card.get("name")), f"{layout} card"))
        elif card.get("oracle_id") and card["oracle_id"] in seen_cards:
            continue  # another printing of a card already read (all-cards bulk files)
        else:
            seen_cards.add(str(card.get("oracle_id") or ""))
            yield _card(card, label, parsed)
    parsed.tokens = merge_repeats(parsed.tokens)
