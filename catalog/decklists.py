"""Parse pasted decklists into entries (pure: no database, no Django).

Understood: MTG Arena exports ("Deck" / "Sideboard" / "Commander" headers, "4 Name (SET) 123"),
MTGO text ("4 Name", sideboard after a blank line or "SB: 2 Name"), plain "4 Name" / "4x Name"
lines, Moxfield ("1 Name (SET) 123 *F* #tag #other"), Archidekt ("1x Name (set) 123 *F*
[Category,Other{noDeck}]": the first category names the section when it is one, {noDeck} keeps
the card out of the deck), "[SET]" lines ("4 [M10] Lightning Bolt", "4 Lightning Bolt [M10]"),
and Riftbound sectioned lists ("Legend:", "Champion:", "Battlefields:", "Runes:",
"Main Deck:", "Sideboard:"), including "Legend: Name" on one line, and MTGO .dek XML files
(`<Cards Quantity="4" Sideboard="false" Name="..."/>`, read with defusedxml). Set codes and
collector numbers are kept on the entry but play no part in matching: a card is the same card in
every printing, and names match exactly, case-insensitively (CR 201.2).

A Riftbound deck code (the one-word string deck builders share) is decoded into entries named by
card code ("OGN-007a"); catalog/riftbound_codes.py reads the format.

Lines that are not cards are reported back as problems with their line number, never dropped
silently.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any
from xml.sax import SAXException, SAXParseException
from xml.sax.handler import ContentHandler

from defusedxml import DefusedXmlException
from defusedxml.sax import parseString as parse_xml_string

from catalog import riftbound_codes

MAX_COUNT = 999

# Header word(s) -> section. Keys are lower-case, without the trailing colon.
SECTIONS: dict[str, str] = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "main deck": "main",
    "mainboard": "main",
    "sideboard": "sideboard",
    "side": "sideboard",
    "sb": "sideboard",
    "commander": "commander",
    "commanders": "commander",
    "companion": "companion",
    "maybeboard": "maybeboard",
    "maybe": "maybeboard",
    "considering": "maybeboard",
    "attractions": "attractions",
    "sticker sheets": "stickers",
    "stickers": "stickers",
    "tokens": "tokens",
    "legend": "legend",
    "champion": "champion",
    "chosen champion": "champion",
    "battlefield": "battlefields",
    "battlefields": "battlefields",
    "rune": "runes",
    "runes": "runes",
    "rune deck": "runes",
    "about": "about",
}

_COUNT_NAME = re.compile(r"^(?P<count>\d+)\s*[xX]?\s+(?P<rest>.+)$")
# Arena: "Name (SET) 123", "Name (SET) 123a", "Name (SET)"; optional Moxfield foil/etched marks.
_SET_SUFFIX = re.compile(r"^(?P<name>.+?)\s+\((?P<set>[A-Za-z0-9]{2,8})\)(?:\s+(?P<number>\S+))?$")
_FINISH_MARK = re.compile(r"\s+\*(?P<mark>[A-Za-z])\*$")
FINISHES = {"F": "foil", "E": "etched"}
# Moxfield tags at the end of a line: " #Ramp #!Staple".
_TAGS = re.compile(r"(?:\s+#!?[^\s#]+)+$")
# Archidekt categories at the end of a line: " [Ramp,Commander{top}]".
_BRACKETS = re.compile(r"\s+\[(?P<inside>[^\[\]]*)\]$")
# "[M10]" or "[M10:146]" before the name (the old MWS/Apprentice style).
_SET_PREFIX = re.compile(
    r"^\[(?P<set>[A-Za-z0-9]{2,8})(?::(?P<number>[^\]\s]+))?\]\s+(?P<rest>.+)$"
)
# A set code in brackets after the name: upper case letters and digits, never a category word.
_SET_CODE = re.compile(r"^[A-Z0-9]{2,8}$")
_FLAG = re.compile(r"\{[^}]*\}")
_HEADER_WITH_COUNT = re.compile(r"^(?P<label>[A-Za-z ]+?)\s*\(\d+\)$")


@dataclass(frozen=True)
class DecklistEntry:
    line: int
    count: int
    name: str
    section: str
    set_code: str | None = None
    collector_number: str | None = None
    # How the line was marked, kept for the deck but not part of which card it is.
    finish: str = field(default="", compare=False)  # "foil" / "etched" (*F* / *E*)
    tags: tuple[str, ...] = field(default=(), compare=False)  # Moxfield tags, Archidekt categories


@dataclass(frozen=True)
class DecklistProblem:
    line: int
    text: str
    detail: str


@dataclass(frozen=True)
class Decklist:
    entries: list[DecklistEntry] = field(default_factory=list)
    problems: list[DecklistProblem] = field(default_factory=list)
    name: str | None = None


def _section_of(label: str) -> str | None:
    key = " ".join(label.lower().replace("_", " ").split())
    match = _HEADER_WITH_COUNT.match(key)
    if match:  # "Sideboard (15)" as some sites export it
        key = match.group("label").strip()
    return SECTIONS.get(key)


@dataclass(frozen=True)
class _Card:
    count: int
    name: str
    set_code: str | None = None
    number: str | None = None
    finish: str = ""
    tags: tuple[str, ...] = ()
    section: str | None = None  # from an Archidekt category


@dataclass
class _Marks:
    finish: str = ""
    tags: tuple[str, ...] = ()
    section: str | None = None


def _marks(text: str) -> tuple[str, _Marks]:
    """Strip what sites append after the name (categories, tags, finish), outermost first."""
    found = _Marks()
    brackets = _BRACKETS.search(text)
    if brackets and not _SET_CODE.match(brackets.group("inside").strip()):
        categories = [c.strip() for c in brackets.group("inside").split(",") if c.strip()]
        text = text[: brackets.start()]
        labels = [label for c in categories if (label := _FLAG.sub("", c).strip())]
        found.tags = tuple(labels)
        if any("{nodeck}" in c.lower() for c in categories):
            found.section = "maybeboard"
        elif labels and _section_of(labels[0]) in ("sideboard", "maybeboard", "commander"):
            found.section = _section_of(labels[0])
    tags = _TAGS.search(text)
    if tags:
        found.tags += tuple(t.lstrip("#!") for t in tags.group(0).split())
        text = text[: tags.start()]
    finish = _FINISH_MARK.search(text)
    if finish:
        found.finish = FINISHES.get(finish.group("mark").upper(), "")
        text = text[: finish.start()]
    return text.strip(), found


def _split_card(text: str) -> _Card | str:
    """The card a line names, or a sentence saying what is wrong."""
    count = 1
    match = _COUNT_NAME.match(text)
    if match:
        count = int(match.group("count"))
        text = match.group("rest").strip()
    elif text[:1].isdigit() and text.split()[0].isdigit() and len(text.split()) == 1:
        return "a count without a card name"
    if count < 1 or count > MAX_COUNT:
        return f"the count must be between 1 and {MAX_COUNT}"
    text, marks = _marks(text)
    set_code = number = None
    prefix = _SET_PREFIX.match(text)
    bracketed = _BRACKETS.search(text)
    if prefix:  # "[M10] Lightning Bolt"
        set_code, number, text = prefix.group("set").upper(), prefix.group("number"), prefix["rest"]
    elif bracketed:  # "Lightning Bolt [M10]" (a category would have gone with the marks)
        set_code, text = bracketed.group("inside").strip().upper(), text[: bracketed.start()]
    suffix = _SET_SUFFIX.match(text)
    if suffix:
        text = suffix.group("name").strip()
        set_code = suffix.group("set").upper()
        number = suffix.group("number")
    name = " ".join(text.split())
    if not name:
        return "no card name"
    return _Card(count, name, set_code, number, marks.finish, marks.tags, marks.section)


def parse_riftbound_code(text: str) -> Decklist | None:
    """A pasted Riftbound deck code as entries named by card code ("OGN-007"), or None when the
    text is not one: main deck, sideboard, and the chosen champion where the main deck does not
    already list it."""
    if not riftbound_codes.looks_like_code(text):
        return None
    try:
        deck = riftbound_codes.decode(text)
    except riftbound_codes.DeckCodeError:
        return None
    if not deck.main and not deck.sideboard:
        return None
    listed = [(c, "main") for c in deck.main] + [(c, "sideboard") for c in deck.sideboard]
    if deck.champion and deck.champion not in {c.code for c in deck.main}:
        listed.append((riftbound_codes.CodedCard(deck.champion, 1), "champion"))
    # The code has one line; each card gets its position as its line, to keep the order.
    entries = [
        DecklistEntry(line, card.count, card.code, section)
        for line, (card, section) in enumerate(listed, start=1)
    ]
    return Decklist(entries=entries)


def parse_decklist(text: str) -> Decklist:
    """Split pasted text into card entries with their sections, reporting unreadable lines."""
    if text.lstrip().startswith(("<?xml", "<Deck")):
        return parse_dek(text)
    coded = parse_riftbound_code(text)
    if coded is not None:
        return coded
    entries: list[DecklistEntry] = []
    problems: list[DecklistProblem] = []
    deck_name: str | None = None
    section = "main"
    saw_header = False
    blank_after_cards = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            blank_after_cards = blank_after_cards or (bool(entries) and not saw_header)
            continue
        if line.startswith(("//", "#")):
            continue
        if section == "about":
            if line.lower().startswith("name "):
                deck_name = line[5:].strip() or None
                continue
            if _section_of(line.rstrip(":")) is None and not _COUNT_NAME.match(line):
                continue
        header = _section_of(line.rstrip(":").strip())
        if header is not None:
            section, saw_header = header, True
            continue
        label, colon, rest = line.partition(":")
        labelled = _section_of(label) if colon else None
        if labelled is not None:  # "Legend: Jinx, Loose Cannon" / "SB: 2 Duress"
            line_section, line = labelled, rest.strip()
            if label.strip().lower() != "sb":
                section, saw_header = labelled, True
        else:
            line_section = section
            if blank_after_cards and not saw_header and section == "main":
                # MTGO text: the sideboard follows the first blank line, without a header.
                section = line_section = "sideboard"
        parsed = _split_card(line)
        if isinstance(parsed, str):
            problems.append(DecklistProblem(line=number, text=raw.strip(), detail=parsed))
            continue
        entries.append(
            DecklistEntry(
                line=number,
                count=parsed.count,
                name=parsed.name,
                section=parsed.section or line_section,
                set_code=parsed.set_code,
                collector_number=parsed.number,
                finish=parsed.finish,
                tags=parsed.tags,
            )
        )
    return Decklist(entries=entries, problems=problems, name=deck_name)


class _DekHandler(ContentHandler):
    """Collects MTGO .dek `<Cards>` elements with the line each one is on."""

    def __init__(self) -> None:
        super().__init__()
        self.entries: list[DecklistEntry] = []
        self.problems: list[DecklistProblem] = []

    def startElement(self, name: str, attrs: Any) -> None:
        if name != "Cards":
            return
        locator: Any = getattr(self, "_locator", None)
        line = int(locator.getLineNumber() or 0) if locator is not None else 0
        card = " ".join(str(attrs.get("Name", "")).split())
        quantity = str(attrs.get("Quantity", "1")).strip()
        text = f'<Cards Quantity="{quantity}" Name="{card}">'
        if not card:
            self.problems.append(DecklistProblem(line, text, "no card name"))
        elif not quantity.isdigit() or not 1 <= int(quantity) <= MAX_COUNT:
            self.problems.append(
                DecklistProblem(line, text, f"the count must be between 1 and {MAX_COUNT}")
            )
        else:
            sideboard = str(attrs.get("Sideboard", "false")).strip().lower() == "true"
            self.entries.append(
                DecklistEntry(line, int(quantity), card, "sideboard" if sideboard else "main")
            )


def parse_dek(text: str) -> Decklist:
    """An MTGO .dek XML deck; XML that is malformed (or an entity bomb) is one problem, line 1+."""
    handler = _DekHandler()
    try:
        parse_xml_string(text.encode("utf-8"), handler, forbid_dtd=True)
    except SAXParseException as exc:
        line = exc.getLineNumber() or 1
        return Decklist(problems=[DecklistProblem(line, "", f"not a readable .dek file: {exc}")])
    except (SAXException, DefusedXmlException) as exc:
        return Decklist(problems=[DecklistProblem(1, "", f"not a readable .dek file: {exc}")])
    return Decklist(entries=handler.entries, problems=handler.problems)


def name_key(name: str) -> str:
    """The matching key of a card name: exact, case-insensitive (CR 201.2), spacing normalised."""
    return " ".join(name.split()).casefold()
