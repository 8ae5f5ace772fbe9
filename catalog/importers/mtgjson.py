"""MTGJSON v5 (a set file, AllPrintings, a bare set object, or a bundle of set files) -> records.

A set's `tokens[]` become tokens keyed by Scryfall oracle id (else MTGJSON uuid), with their
creators from `reverseRelated` (top level in 2020 files, `relatedCards.reverseRelated` since);
emblems and other non-tokens become reference cards; `cards[]` become cards matched by oracle id.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from catalog.importers.jsonstream import first_char, load_object
from catalog.importers.records import (
    CardRecord,
    Face,
    ImportFailed,
    Link,
    ParsedFile,
    Printing,
    ReferenceRecord,
    TokenRecord,
    keywords_from_text,
    merge_repeats,
    mtg_colors,
    transforms,
)
from catalog.importers.scryfall import token_name

SOURCE = "mtgjson"
REFERENCE_TYPES = {"Emblem": "emblem", "Dungeon": "dungeon"}


def _is_set(value: Any) -> bool:
    return isinstance(value, dict) and ("cards" in value or "tokens" in value)


def _sets(document: Any) -> Iterator[tuple[str, dict[str, Any]]]:
    """(label, set object) for every shape MTGJSON files come in."""
    if not isinstance(document, dict):
        raise ImportFailed("wrong JSON shape: expected an MTGJSON set file (an object)")
    if _is_set(document):
        yield str(document.get("code", "set")), document
        return
    data = document.get("data")
    if isinstance(data, dict) and _is_set(data):
        yield str(data.get("code", "data")), data
        return
    if isinstance(data, dict) and data and all(_is_set(v) for v in data.values()):
        yield from ((f"data.{code}", value) for code, value in data.items())  # AllPrintings
        return
    found = False
    for key, value in document.items():
        if key.startswith("_"):
            continue
        inner = value.get("data") if isinstance(value, dict) else None
        if isinstance(inner, dict) and _is_set(inner):
            found = True
            yield f"{key}.data", inner
    if not found:
        raise ImportFailed(
            "wrong JSON shape: expected an MTGJSON set file ({'data': {'cards': [...], "
            "'tokens': [...]}}), AllPrintings, or a bundle of set files"
        )


def _list(record: dict[str, Any], field: str, location: str) -> list[str]:
    value = record.get(field) or []
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ImportFailed("must be a list of text", location=location, field=field)
    return value


def _face(record: dict[str, Any], location: str, *, is_token: bool) -> Face:
    name = record.get("faceName") or record.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ImportFailed("has no name", location=location, field="name")
    subtypes = _list(record, "subtypes", location)
    text = record.get("text") or ""
    if not isinstance(text, str):
        raise ImportFailed("must be text", location=location, field="text")
    return Face(
        name=token_name(name.strip(), subtypes) if is_token else name.strip(),
        supertypes=tuple(_list(record, "supertypes", location)),
        types=tuple(t for t in _list(record, "types", location) if t != "Token"),
        subtypes=tuple(subtypes),
        colors=mtg_colors(_list(record, "colors", location), location),
        power=record.get("power"),
        toughness=record.get("toughness"),
        keywords=keywords_from_text(text),
        text=text,
    )


def _creators(record: dict[str, Any], location: str) -> list[Link]:
    related = record.get("relatedCards")
    names = record.get("reverseRelated")
    if names is None and isinstance(related, dict):
        names = related.get("reverseRelated")
    if names is None:
        return []
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ImportFailed(
            "must be a list of card names", location=location, field="reverseRelated"
        )
    return [Link(creator=name, details=False) for name in dict.fromkeys(names) if name.strip()]


def _printing(record: dict[str, Any]) -> Printing:
    identifiers = record.get("identifiers") or {}
    return Printing(
        set_code=str(record.get("setCode") or ""),
        collector_number=str(record.get("number") or ""),
        scryfall_id=identifiers.get("scryfallId") or None,
    )


def _key(record: dict[str, Any], location: str) -> str:
    identifiers = record.get("identifiers") or {}
    key = identifiers.get("scryfallOracleId") or record.get("uuid")
    if not isinstance(key, str) or not key:
        raise ImportFailed("has neither an oracle id nor a uuid", location=location, field="uuid")
    return key


def _tokens(tokens: list[Any], label: str, parsed: ParsedFile) -> None:
    fronts: dict[str, TokenRecord] = {}
    for index, record in enumerate(tokens):
        location = (
            f"{label}.tokens[{index}] ({record.get('name') if isinstance(record, dict) else '?'})"
        )
        if not isinstance(record, dict):
            raise ImportFailed("expected a token object", location=location)
        types = _list(record, "types", location)
        kind = next((REFERENCE_TYPES[t] for t in types if t in REFERENCE_TYPES), None)
        if kind is not None or record.get("layout") == "emblem":
            parsed.references.append(
                ReferenceRecord(
                    key=_key(record, location),
                    location=location,
                    kind=kind or "emblem",
                    name=str(record.get("name", "")).strip(),
                    type_line=str(record.get("type", "")),
                    text=str(record.get("text") or ""),
                    printings=[_printing(record)],
                    links=_creators(record, location),
                )
            )
            continue
        face = _face(record, location, is_token=True)
        key, side = _key(record, location), record.get("side")
        front = fronts.get(key)
        if side == "b" and front is not None and transforms(front.front):
            front.back = face  # the Incubator's Phyrexian (CR 712)
            continue
        token = TokenRecord(
            key if side is None else f"{key}#{side}",
            location,
            face,
            None,
            [_printing(record)],
            _creators(record, location),
        )
        fronts.setdefault(key, token)
        parsed.tokens.append(token)


def _cards(cards: list[Any], label: str, parsed: ParsedFile, seen: set[str]) -> None:
    for index, record in enumerate(cards):
        location = (
            f"{label}.cards[{index}] ({record.get('name') if isinstance(record, dict) else '?'})"
        )
        if not isinstance(record, dict):
            raise ImportFailed("expected a card object", location=location)
        if record.get("side") not in (None, "a"):
            continue  # the other faces of a multi-faced card
        oracle_id = (record.get("identifiers") or {}).get("scryfallOracleId")
        name = str(record.get("name") or "").strip()
        if (oracle_id or name) in seen:
            continue
        seen.add(oracle_id or name)
        face = _face(record, location, is_token=False)
        parsed.cards.append(
            CardRecord(
                location=location,
                face=Face(**{**face.__dict__, "name": name or face.name}),
                oracle_id=oracle_id,
                mana_cost=str(record.get("manaCost") or ""),
                loyalty=record.get("loyalty"),
            )
        )


def parse(path: Path) -> ParsedFile:
    if first_char(path) != "{":
        raise ImportFailed("wrong JSON shape: an MTGJSON file is an object, not a list")
    parsed = ParsedFile(source=SOURCE, game="mtg")
    seen: set[str] = set()
    for label, card_set in _sets(load_object(path)):
        for field in ("tokens", "cards"):
            if not isinstance(card_set.get(field, []), list):
                raise ImportFailed("must be a list", location=label, field=field)
        _cards(card_set.get("cards", []), label, parsed, seen)
        _tokens(card_set.get("tokens", []), label, parsed)
    parsed.tokens = merge_repeats(parsed.tokens)
    return parsed
