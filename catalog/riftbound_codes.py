"""Riftbound deck codes: the shareable strings deck builders export ("CIAAAAAAAAAQ...").

Our own reader of the published format (pure: no database). A code is base32 (RFC 4648
alphabet, no padding) of bytes: one byte of format (high four bits, 1) and version (low four,
1 to 3); then the main deck as groups by copy count from 12 down to 1, and (version 2 and later)
the sideboard from 3 down to 1. Each count holds a varint number of set/variant groups; each group
is a varint number of cards, a set byte, a variant byte and one varint card number per card.
Version 3 ends with a byte saying whether a chosen champion follows (set byte, variant byte,
varint number). Varints are 7 bits a byte, least significant group first, high bit set on every
byte but the last.

Cards are named by their code, "OGN-007" plus a variant letter: the catalogue finds them by the
codes of their printings (CardDefinition.codes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

FORMAT = 1
MAX_VERSION = 3
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
SETS = {0: "OGN", 1: "OGS", 2: "ARC", 3: "SFD"}
VARIANTS = {0: "", 1: "a", 2: "s", 3: "b"}  # base, alternate art, signed, second alternate
MAIN_MAX_COUNT = 12  # runes come twelve to a deck
SIDEBOARD_MAX_COUNT = 3
LOOKS_LIKE_CODE = re.compile(r"^[A-Za-z2-7]{12,600}$")
CARD_CODE = re.compile(r"^([A-Z]{3})-(\d{3})([a-z*]?)$")


class DeckCodeError(ValueError):
    pass


@dataclass(frozen=True)
class CodedCard:
    code: str  # "OGN-007a"
    count: int


@dataclass(frozen=True)
class RiftboundDeck:
    version: int
    main: list[CodedCard] = field(default_factory=list)
    sideboard: list[CodedCard] = field(default_factory=list)
    champion: str | None = None


def looks_like_code(text: str) -> bool:
    """One word of base32 letters and nothing else: what a pasted deck code is."""
    return bool(LOOKS_LIKE_CODE.match(text.strip()))


def _base32(text: str) -> bytes:
    buffer = bits = 0
    out = bytearray()
    for char in text.strip().upper():
        value = ALPHABET.find(char)
        if value < 0:
            raise DeckCodeError(f"{char!r} is not a letter of a deck code")
        buffer = (buffer << 5) | value
        bits += 5
        if bits >= 8:
            bits -= 8
            out.append((buffer >> bits) & 0xFF)
    return bytes(out)


class _Reader:
    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def byte(self) -> int:
        if self.at >= len(self.data):
            raise DeckCodeError("the deck code ends too early")
        value = self.data[self.at]
        self.at += 1
        return value

    def varint(self) -> int:
        value = shift = 0
        while True:
            byte = self.byte()
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                return value
            shift += 7
            if shift > 28:
                raise DeckCodeError("a number in the deck code is too long")


def _card_code(set_id: int, variant_id: int, number: int) -> str:
    set_code = SETS.get(set_id)
    variant = VARIANTS.get(variant_id)
    if set_code is None or variant is None:
        raise DeckCodeError(f"unknown set {set_id} or variant {variant_id}")
    return f"{set_code}-{number:03d}{variant}"


def _section(reader: _Reader, most: int) -> list[CodedCard]:
    cards: list[CodedCard] = []
    for count in range(most, 0, -1):
        for _group in range(reader.varint()):
            size = reader.varint()
            set_id, variant_id = reader.byte(), reader.byte()
            for _card in range(size):
                cards.append(CodedCard(_card_code(set_id, variant_id, reader.varint()), count))
                if len(cards) > 500:
                    raise DeckCodeError("more cards than any deck has")
    return cards


def decode(text: str) -> RiftboundDeck:
    """The cards of a deck code; DeckCodeError when it is not one this reader knows."""
    reader = _Reader(_base32(text))
    head = reader.byte()
    fmt, version = head >> 4, head & 0x0F
    if fmt != FORMAT or not 1 <= version <= MAX_VERSION:
        raise DeckCodeError(f"format {fmt} version {version} is not a Riftbound deck code")
    main = _section(reader, MAIN_MAX_COUNT)
    sideboard = _section(reader, SIDEBOARD_MAX_COUNT) if version >= 2 else []
    champion = None
    if version >= 3 and reader.byte() == 1:
        set_id, variant_id = reader.byte(), reader.byte()
        champion = _card_code(set_id, variant_id, reader.varint())
    return RiftboundDeck(version, main, sideboard, champion)


def normalise_card_code(public_code: str) -> str | None:
    """ "OGN-007a/298" (the gallery's public code) -> "OGN-007a"; None if it is not one."""
    code = public_code.split("/", 1)[0].strip()
    return code if CARD_CODE.match(code) else None
