"""MTGJSON v5 (a set file, AllPrintings, a bare set object, or a bundle of set files) -> records.

A set's `tokens[]` become tokens keyed by Scryfall oracle id (else MTGJSON uuid), with their
creators from `reverseRelated` (top level in 2020 files, `relatedCards.reverseRelated` since);
emblems and other non-tokens become reference cards; `cards[]` become cards matched by oracle id.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from catalog.importers.jsonstream import ReadProgress, first_char, iter_members
from catalog.importers.records import (
    LANGUAGE_CODES,
    CardRecord,
    Face,
    ImportFailed,
    Link,
    ParsedFile,
    PrintedRecord,
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
_OPEN = frozenset({"data"})


def _is_set(value: Any) -> bool:
    return isinstance(value, dict) and ("cards" in value or "tokens" in value)


def _sets(path: Path, progress: ReadProgress | None) -> Iterator[tuple[str, dict[str, Any]]]:
    """(label, set object) for every shape MTGJSON files come in, one set in memory at a time:
    AllPrintings ({"data": {code: set}}), a set file ({"data": set}), a bare set, a bundle of set
    files ({name: {"data": set}})."""
    data: dict[str, Any] = {}  # the members of a set file's `data`
    top: dict[str, Any] = {}  # the members of a bare set
    found = False
    for key, inner, value in iter_members(path, open_objects=_OPEN, progress=progress):
        if key.startswith("_"):
            continue
        if key == "data" and isinstance(inner, str):
            if _is_set(value):
                found = True
                yield f"data.{inner}", value
            else:
                data[inner] = value
            continue
        nested = value.get("data") if isinstance(value, dict) else None
        if isinstance(nested, dict) and _is_set(nested):
            found = True
            yield f"{key}.data", nested
        else:
            top[key] = value
    if _is_set(data):
        yield str(data.get("code", "data")), data
    elif _is_set(top):
        yield str(top.get("code", "set")), top
    elif not found:
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


def _foreign(
    record: dict[str, Any], location: str, kind: str, key: str, english: str
) -> Iterator[PrintedRecord]:
    """`foreignData`: the card's name, type line and text as printed in other languages."""
    entries = record.get("foreignData") or []
    if not isinstance(entries, list):
        raise ImportFailed("must be a list", location=location, field="foreignData")
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        language = LANGUAGE_CODES.get(str(entry.get("language") or ""))
        name = str(entry.get("faceName") or entry.get("name") or "").strip()
        if language is None or language == "en" or not name:
            continue
        yield PrintedRecord(
            kind="token" if kind == "token" else "card",
            key=key,
            english=english,
            language=language,
            name=name[:200],
            type_line=str(entry.get("type") or "")[:200],
            text=str(entry.get("text") or ""),
            location=location,
        )


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
        if side in (None, "a"):
            parsed.printed.extend(_foreign(record, location, "token", token.key, face.name))


def _cards(
    cards: list[Any], label: str, seen: set[str], parsed: ParsedFile
) -> Iterator[CardRecord]:
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
        parsed.printed.extend(_foreign(record, location, "card", oracle_id or "", name))
        seen.add(oracle_id or name)
        face = _face(record, location, is_token=False)
        yield CardRecord(
            location=location,
            face=Face(**{**face.__dict__, "name": name or face.name}),
            oracle_id=oracle_id,
            mana_cost=str(record.get("manaCost") or ""),
            loyalty=record.get("loyalty"),
        )


def stream(path: Path, progress: ReadProgress | None = None) -> ParsedFile:
    """The file's records, its cards read while they are written (`pending`), one set in memory
    at a time."""
    if first_char(path) != "{":
        raise ImportFailed("wrong JSON shape: an MTGJSON file is an object, not a list")
    parsed = ParsedFile(source=SOURCE, game="mtg")
    parsed.pending = _read(path, parsed, progress)
    return parsed


def parse(path: Path, progress: ReadProgress | None = None) -> ParsedFile:
    return stream(path, progress).read_all()


def _read(path: Path, parsed: ParsedFile, progress: ReadProgress | None) -> Iterator[CardRecord]:
    seen: set[str] = set()
    for label, card_set in _sets(path, progress):
        for field in ("tokens", "cards"):
            if not isinstance(card_set.get(field, []), list):
                raise ImportFailed("must be a list", location=label, field=field)
        _tokens(card_set.get("tokens", []), label, parsed)
        yield from _cards(card_set.get("cards", []), label, seen, parsed)
    parsed.tokens = merge_repeats(parsed.tokens)
