"""Cockatrice card database v4 (`tokens.xml`) -> records.

Parsed with defusedxml's SAX reader: a DTD, entity declarations (billion laughs) and external
entities are refused before anything is expanded. Same-named tokens are told apart by trailing
spaces in `<name>`; the raw name (spaces kept) is the record key, so a re-import maps every entry
to the same definition, while the stored name is stripped.
"""

from __future__ import annotations

import xml.sax
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.xmlreader import AttributesImpl, Locator

import defusedxml
import defusedxml.sax

from catalog.importers.jsonstream import ReadProgress
from catalog.importers.records import (
    Face,
    ImportFailed,
    Link,
    ParsedFile,
    Printing,
    ReferenceRecord,
    Skipped,
    TokenRecord,
    keywords_from_text,
    mtg_colors,
    split_pt,
    split_type_line,
    transforms,
    unique_printings,
)

SOURCE = "cockatrice"
PAIR_SEPARATOR = " // "
TOKEN_SUFFIX = " (Token)"
PAIR_TEXT_SEPARATOR = "\n\n---\n\n"
# Cockatrice main types that are not tokens (CR 114 emblems, 309 dungeons, designations, ...).
REFERENCE_KINDS = {
    "Emblem": "emblem",
    "Dungeon": "dungeon",
    "State": "designation",
    "Bounty": "bounty",
    "Boss": "boss",
    "Event": "event",
    "Counter": "counter",
}
_PROP_FIELDS = ("colors", "type", "maintype", "pt", "manacost", "loyalty")


@dataclass
class _Entry:
    line: int
    name: str = ""
    text: str = ""
    props: dict[str, str] = field(default_factory=dict)
    sets: list[Printing] = field(default_factory=list)
    reverse: list[Link] = field(default_factory=list)
    related: list[Link] = field(default_factory=list)
    token: bool = False

    @property
    def location(self) -> str:
        return f"line {self.line} ({self.name.strip() or 'no name'})"


def token_name(raw: str) -> str:
    """The name a created token gets: Cockatrice appends " (Token)" to a token named like a card
    (Adorned Pouncer's eternalized copy is named "Adorned Pouncer", CR 707.2) and tells variants
    apart by trailing spaces; neither is part of the name. The raw name stays the record key."""
    return raw.strip().removesuffix(TOKEN_SUFFIX).strip()


def _flag(attrs: AttributesImpl, name: str, value: str) -> bool:
    return attrs.get(name, "") == value


class _Handler(xml.sax.handler.ContentHandler):
    """Collects <card> entries; depth-aware so comments and <info> never leak into cards."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[_Entry] = []
        self.root = ""
        self._locator: Locator | None = None
        self._entry: _Entry | None = None
        self._stack: list[str] = []
        self._attrs: AttributesImpl | None = None
        self._chars: list[str] = []

    def setDocumentLocator(self, locator: Locator) -> None:
        self._locator = locator

    def startElement(self, name: str, attrs: AttributesImpl) -> None:
        if not self._stack:
            self.root = name
        self._stack.append(name)
        self._chars = []
        if name == "card" and self._entry is None:
            line = (self._locator.getLineNumber() if self._locator else None) or 0
            self._entry = _Entry(line=line)
        self._attrs = attrs

    def characters(self, content: str) -> None:
        self._chars.append(content)

    def endElement(self, name: str) -> None:
        self._stack.pop()
        entry, text = self._entry, "".join(self._chars)
        self._chars = []
        if entry is None:
            return
        attrs = self._attrs
        if name == "card":
            entry.sets = unique_printings(entry.sets)
            self.entries.append(entry)
            self._entry = None
        elif name == "name" and self._stack[-1:] == ["card"]:
            entry.name = text
        elif name == "text" and self._stack[-1:] == ["card"]:
            entry.text = text.strip()
        elif name in _PROP_FIELDS:
            entry.props[name] = text.strip()
        elif name == "color":  # card database v3: one <color> per color
            entry.props["colors"] = entry.props.get("colors", "") + text.strip()
        elif name == "token":
            entry.token = text.strip() == "1"
        elif name == "set" and attrs is not None:
            entry.sets.append(
                Printing(
                    set_code=text.strip(),
                    collector_number=attrs.get("num", "").strip(),
                    scryfall_id=attrs.get("uuid", "").strip() or None,
                    picture_url=attrs.get("picURL", "").strip(),
                )
            )
        elif name in ("reverse-related", "related") and attrs is not None:
            link = Link(
                creator=text,
                count=(attrs.get("count", "1").strip().lower() or "1"),
                attach=_flag(attrs, "attach", "attach"),
                transform=_flag(attrs, "attach", "transform"),
                exclude=_flag(attrs, "exclude", "exclude"),
                persistent=_flag(attrs, "persistent", "persistent"),
                facedown=_flag(attrs, "facedown", "facedown"),
            )
            (entry.reverse if name == "reverse-related" else entry.related).append(link)
        self._attrs = None


def read_entries(path: Path) -> list[_Entry]:
    """Parse safely; every way a file can be bad becomes an ImportFailed with a sentence."""
    if path.stat().st_size == 0:
        raise ImportFailed("the file is empty (0 bytes): expected a Cockatrice tokens.xml")
    handler = _Handler()
    try:
        defusedxml.sax.parse(str(path), handler, forbid_dtd=True)
    except defusedxml.DTDForbidden:
        raise ImportFailed(
            "the XML declares a DTD (<!DOCTYPE>), which could define entities: refused for safety"
        ) from None
    except (defusedxml.EntitiesForbidden, defusedxml.ExternalReferenceForbidden):
        raise ImportFailed(
            "the XML declares entities (entity expansion or an external entity): refused"
        ) from None
    except xml.sax.SAXParseException as exc:
        raise ImportFailed(
            f"not well-formed XML at line {exc.getLineNumber()}, column {exc.getColumnNumber()}: "
            f"{exc.getMessage()}"
        ) from None
    except UnicodeDecodeError as exc:
        raise ImportFailed(f"the file is not UTF-8 text: {exc.reason}") from None
    if handler.root != "cockatrice_carddatabase":
        raise ImportFailed(
            f"the root element is <{handler.root}>, expected <cockatrice_carddatabase> "
            "(a Cockatrice card database)"
        )
    return handler.entries


def _face(name: str, type_line: str, text: str, entry: _Entry) -> Face:
    supertypes, types, subtypes = split_type_line(type_line)
    power, toughness = split_pt(entry.props.get("pt", ""), entry.location)
    return Face(
        name=name,
        supertypes=tuple(supertypes),
        types=tuple(types),
        subtypes=tuple(subtypes),
        colors=mtg_colors(entry.props.get("colors", ""), entry.location),
        power=power,
        toughness=toughness,
        keywords=keywords_from_text(text),
        text=text,
    )


def _kind(entry: _Entry) -> str | None:
    """'token', a ReferenceCard kind, or None for a card that is none of these."""
    type_line = entry.props.get("type", "")
    words = type_line.split()
    if words[:1] == ["Token"] and len(words) > 1:
        return "token"
    maintype = entry.props.get("maintype", "") or (words[0] if words else "")
    if maintype in REFERENCE_KINDS:
        return REFERENCE_KINDS[maintype]
    if entry.token:
        return "helper"  # reminder cards (Morph, Manifest, Copy, Companion) and similar
    return None


def _dedupe(links: list[Link], entry: _Entry, skipped: list[Skipped]) -> list[Link]:
    """One relation per creator (the catalogue keeps one card -> token link); the first link
    that is part of "create all" wins over an excluded alternative."""
    chosen: dict[str, Link] = {}
    for link in links:
        creator = link.creator.strip()
        if not creator:
            raise ImportFailed("a related card has no name", location=entry.location)
        link = Link(**{**link.__dict__, "creator": creator})
        previous = chosen.get(creator)
        if previous is None:
            chosen[creator] = link
            continue
        if previous.exclude and not link.exclude:
            chosen[creator] = link
        skipped.append(
            Skipped(entry.location, creator, "second link from the same card (one is kept)")
        )
    return list(chosen.values())


def parse(path: Path, progress: ReadProgress | None = None) -> ParsedFile:
    """Records for every <card>; non-tokens become reference cards, never tokens. (The file is
    read whole by SAX: a Cockatrice tokens file is a few MB; `progress` is for the JSON readers.)"""
    entries = read_entries(path)
    parsed = ParsedFile(source=SOURCE, game="mtg")
    by_name = {entry.name: entry for entry in entries}
    backs = _back_faces(entries, by_name)
    seen: set[str] = set()
    for entry in entries:
        if not entry.name.strip():
            raise ImportFailed("a card has no name", location=entry.location, field="name")
        if entry.name in seen:
            raise ImportFailed(
                "the same <name> appears twice (Cockatrice names must be unique)",
                location=entry.location,
                field="name",
            )
        seen.add(entry.name)
        if "type" not in entry.props:
            raise ImportFailed("the card has no <type>", location=entry.location, field="type")
        if entry.name in backs:
            parsed.skipped.append(
                Skipped(entry.location, entry.name.strip(), "back face of a double-faced token")
            )
            continue
        _parse_entry(entry, parsed, backs, by_name)
    return parsed


def _back_faces(entries: list[_Entry], by_name: dict[str, _Entry]) -> dict[str, str]:
    """Back-face entry name -> front entry name, for tokens whose face transforms (CR 712)."""
    backs: dict[str, str] = {}
    for entry in entries:
        if _kind(entry) != "token":
            continue
        for link in entry.related:
            target = by_name.get(link.creator)
            if link.transform and target is not None and _kind(target) == "token":
                backs[target.name] = entry.name
    return backs


def _parse_entry(
    entry: _Entry, parsed: ParsedFile, backs: dict[str, str], by_name: dict[str, _Entry]
) -> None:
    kind = _kind(entry)
    name = entry.name.strip()
    for link in entry.related:
        if not (link.transform and link.creator in backs):
            parsed.skipped.append(
                Skipped(
                    entry.location,
                    link.creator.strip(),
                    "<related> link from a token or a non-card (only cards create tokens)",
                )
            )
    if kind is None:
        parsed.skipped.append(Skipped(entry.location, name, "not a token: a challenge-deck card"))
        return
    links = _dedupe(entry.reverse, entry, parsed.skipped)
    if kind != "token":
        parsed.references.append(
            ReferenceRecord(
                key=entry.name,
                location=entry.location,
                kind=kind,
                name=name,
                type_line=entry.props["type"],
                text=entry.text,
                printings=list(entry.sets),
                links=links,
            )
        )
        return
    back_entry = next(
        (
            by_name[link.creator]
            for link in entry.related
            if link.transform and link.creator in backs
        ),
        None,
    )
    if back_entry is not None:
        back_name = token_name(back_entry.name)
        back = _face(back_name, back_entry.props["type"], back_entry.text, back_entry)
        front = _face(token_name(name), entry.props["type"], entry.text, entry)
        parsed.tokens.append(
            TokenRecord(entry.name, entry.location, front, back, list(entry.sets), links)
        )
        return
    names = name.split(PAIR_SEPARATOR)
    type_lines = entry.props["type"].split(PAIR_SEPARATOR)
    texts = entry.text.split(PAIR_TEXT_SEPARATOR)
    if len(names) == 1:
        front = _face(token_name(name), entry.props["type"], entry.text, entry)
        parsed.tokens.append(
            TokenRecord(entry.name, entry.location, front, None, entry.sets, links)
        )
        return
    if not (len(names) == len(type_lines) == len(texts)):
        raise ImportFailed(
            f"{len(names)} names but {len(type_lines)} type lines and {len(texts)} texts",
            location=entry.location,
            field="type",
        )
    faces = [
        _face(token_name(n), t, x.strip(), entry)
        for n, t, x in zip(names, type_lines, texts, strict=True)
    ]
    if any(transforms(face) for face in faces[:1]) and len(faces) == 2:
        parsed.tokens.append(
            TokenRecord(entry.name, entry.location, faces[0], faces[1], entry.sets, links)
        )
        return
    # "Monster // Sorcerer": two Roles printed on one card, neither transforms: two tokens.
    for index, face in enumerate(faces, start=1):
        key = f"{entry.name}#{index}"
        parsed.tokens.append(TokenRecord(key, entry.location, face, None, entry.sets, links))
