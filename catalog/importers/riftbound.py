"""Riftbound card JSON -> records: the official gallery export (`{"cards": [...]}`, fields
`cardTypes`, `superTypes`, `domains`, `might`, `tags`, `abilityText`) and RiftCodex-style records
(`riftbound_id`, `classification`, `attributes`, `text.plain`).

Tokens have the supertype Token (Riftbound 182.3); regional printings ("Recruit (DE)") are one
token named "Recruit" with several printings. Riftbound files carry no creator links, so a card
creates a token when its text plays one ("play two 1 :rb_might: Recruit unit tokens").
"""

from __future__ import annotations

import re
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
    Printing,
    Skipped,
    TokenRecord,
    merge_repeats,
)
from catalog.riftbound_codes import normalise_card_code

SOURCE = "riftbound"
DOMAINS = ("Fury", "Calm", "Mind", "Body", "Chaos", "Order")
_REGION = re.compile(r"\s*\([A-Z]{2}\)$")
_LEADING_KEYWORDS = re.compile(r"^(?:\[([A-Z][a-z]+)\]\s*)+")
_KEYWORD = re.compile(r"\[([A-Z][a-z]+)\]")
_NUMBERS = {"a": "1", "an": "1", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5"}
_PLAYS = re.compile(
    r"\b[Pp]lay (a|an|one|two|three|four|five|\d+|X) (?:ready )?(?:\d+ (?::rb_might:|Might) )?"
    r"([A-Z][A-Za-z' ]*?) (?:unit |gear |battlefield )?tokens?\b"
)


def _records(path: Path, progress: ReadProgress | None) -> Iterator[tuple[str, dict[str, Any]]]:
    """(location, record) from a list of cards or an object of card lists, streamed."""
    if first_char(path) == "[":
        for position, record in iter_array(path, progress):
            yield f"index {position}", record
        return
    found = False
    for key, index, record in iter_members(path, open_arrays=True, progress=progress):
        if index is not None and not key.startswith("_"):
            found = True
            yield f"{key}[{index}]", record
    if not found:
        raise ImportFailed("wrong JSON shape: expected {'cards': [...]} or a list of cards")


def _normalise(record: dict[str, Any], location: str) -> dict[str, Any]:
    """Gallery and RiftCodex records -> one shape."""
    if "riftbound_id" in record or "classification" in record:
        classification = record.get("classification") or {}
        attributes = record.get("attributes") or {}
        supertype = classification.get("supertype")
        return {
            "id": record.get("riftbound_id"),
            "name": record.get("name"),
            "set": (record.get("set") or {}).get("set_id"),
            "number": record.get("public_code") or record.get("collector_number"),
            "types": [classification.get("type")] if classification.get("type") else [],
            "supertypes": [supertype] if supertype else [],
            "domains": classification.get("domain") or [],
            "might": attributes.get("might"),
            "energy": attributes.get("energy"),
            "power": attributes.get("power"),
            "tags": record.get("tags") or [],
            "text": (record.get("text") or {}).get("plain") or "",
            "image": (record.get("media") or {}).get("image_url") or "",
        }
    if "cardType" in record:  # TCGplayer product records
        card_type = record.get("cardType")
        return {
            "id": record.get("id"),
            "name": record.get("name"),
            "set": (record.get("set") or {}).get("id"),
            "number": record.get("number") or "",
            "types": [card_type] if isinstance(card_type, str) and card_type != "Token" else [],
            "supertypes": ["Token"] if card_type == "Token" else [],
            "domains": [record["domain"]] if isinstance(record.get("domain"), str) else [],
            "might": record.get("might"),
            "energy": record.get("energyCost"),
            "tags": [],
            "text": re.sub(r"<br\s*/?>\s*", "\n", str(record.get("description") or "")),
            "image": (record.get("images") or {}).get("large") or "",
        }
    if "cardTypes" not in record:
        raise ImportFailed(
            "not a Riftbound card record (no cardTypes or classification)", location=location
        )
    return {
        "id": record.get("id"),
        "name": record.get("name"),
        "set": record.get("setId"),
        "number": record.get("publicCode") or record.get("collectorNumber"),
        "types": record.get("cardTypes") or [],
        "supertypes": record.get("superTypes") or [],
        "domains": record.get("domains") or [],
        "might": record.get("might"),
        "energy": record.get("energy"),
        "power": record.get("power"),
        "tags": record.get("tags") or [],
        "text": record.get("abilityText") or "",
        "image": record.get("imageUrl") or "",
    }


def _strings(value: Any, location: str, field: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ImportFailed("must be a list of text", location=location, field=field)
    return tuple(v.strip() for v in value if v.strip())


def _might(value: Any, location: str) -> int | None:
    if value in (None, ""):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ImportFailed(f"{value!r} is not a number", location=location, field="might") from None


def _face(data: dict[str, Any], location: str, *, is_token: bool) -> Face:
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ImportFailed("has no name", location=location, field="name")
    domains = [d for d in _strings(data["domains"], location, "domains") if d != "Colorless"]
    unknown = [d for d in domains if d not in DOMAINS]
    if unknown:
        raise ImportFailed(
            f"unknown domain {', '.join(unknown)}", location=location, field="domains"
        )
    text = data["text"] if isinstance(data["text"], str) else ""
    leading = _LEADING_KEYWORDS.match(text)
    return Face(
        name=_REGION.sub("", name.strip()) if is_token else name.strip(),
        supertypes=tuple(
            s for s in _strings(data["supertypes"], location, "superTypes") if s != "Token"
        ),
        types=_strings(data["types"], location, "cardTypes"),
        colors=tuple(d for d in DOMAINS if d in domains),
        might=_might(data["might"], location) if "Unit" in data["types"] else None,
        tags=_strings(data["tags"], location, "tags"),
        keywords=tuple(_KEYWORD.findall(leading.group(0))) if leading else (),
        text=text.strip(),
    )


def _cost(data: dict[str, Any]) -> str:
    """Energy plus the domain power a card also costs, as the seed spells it: "4 + 1 power"."""
    energy = str(data.get("energy") or "").strip()
    power = str(data.get("power") or "").strip()
    if power and power != "0":
        return f"{energy or '0'} + {power} power"
    return energy


def _printing(data: dict[str, Any]) -> Printing:
    return Printing(
        set_code=str(data.get("set") or ""),
        collector_number=str(data.get("number") or ""),
        picture_url=str(data.get("image") or ""),
    )


def parse(path: Path, progress: ReadProgress | None = None) -> ParsedFile:
    parsed = ParsedFile(source=SOURCE, game="riftbound")
    texts: list[tuple[str, str, str]] = []  # (card name, text, location)
    seen: dict[str, CardRecord] = {}  # by name: a card's first record
    for location, record in _records(path, progress):
        if not isinstance(record, dict):
            raise ImportFailed("expected a card object", location=location)
        data = _normalise(record, location)
        label = f"{location} ({data.get('name') or 'no name'})"
        is_token = "Token" in (data["supertypes"] or [])
        if is_token and not data["types"]:
            parsed.skipped.append(Skipped(label, str(data["name"]), "token record without a type"))
            continue
        face = _face(data, label, is_token=is_token)
        if is_token:
            key = f"{face.name}|{'/'.join(face.types)}"
            parsed.tokens.append(TokenRecord(key, label, face, None, [_printing(data)]))
            continue
        code = normalise_card_code(str(data.get("number") or ""))
        if face.name in seen:
            if code and code not in seen[face.name].codes:  # deck codes name every printing
                seen[face.name].codes.append(code)
            parsed.skipped.append(Skipped(label, face.name, "another printing of a card"))
            continue
        card = CardRecord(location=label, face=face, mana_cost=_cost(data))
        card.codes = [code] if code else []
        seen[face.name] = card
        parsed.cards.append(card)
        texts.append((face.name, face.text, label))
    parsed.tokens = merge_repeats(parsed.tokens)
    _link_creators(parsed, texts)
    return parsed


def _link_creators(parsed: ParsedFile, texts: list[tuple[str, str, str]]) -> None:
    """A card whose text plays a token of this file creates it (count from the number word)."""
    by_name = {record.front.name: record for record in parsed.tokens}
    for card, text, location in texts:
        for number, token in _PLAYS.findall(text):
            record = by_name.get(token.strip())
            if record is None:
                parsed.skipped.append(Skipped(location, token, "token not in the file"))
                continue
            count = _NUMBERS.get(number.lower(), number.lower())
            if all(link.creator != card for link in record.links):
                record.links.append(Link(creator=card, count=count))
