"""What a printed card face shows, taken from a token definition payload (docs/internals.md 1).

Plain dicts in, plain values out: no database, so every card can be tested from a literal payload.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from catalog.printing import words
from catalog.printing.symbols import with_glyphs
from catalog.printing.textfit import printable, winansi

RGB = tuple[float, float, float]

MTG_COLORS: dict[str, RGB] = {
    "W": (0.93, 0.90, 0.78),
    "U": (0.35, 0.55, 0.80),
    "B": (0.30, 0.27, 0.27),
    "R": (0.80, 0.33, 0.24),
    "G": (0.30, 0.55, 0.33),
}
RIFTBOUND_DOMAINS: dict[str, RGB] = {
    "Fury": (0.78, 0.20, 0.20),
    "Calm": (0.33, 0.62, 0.38),
    "Mind": (0.26, 0.50, 0.78),
    "Body": (0.90, 0.52, 0.18),
    "Chaos": (0.50, 0.32, 0.66),
    "Order": (0.88, 0.75, 0.25),
}
GOLD: RGB = (0.84, 0.69, 0.30)
COLORLESS: RGB = (0.72, 0.73, 0.75)
_COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}

# Riftbound icons, as the official data (":rb_might:") or the rules text ("[M]") spell them, in
# what the standard fonts can print; the catalogue's own bracket notation stays as it is.
_ICONS = {
    ":rb_might:": "Might",
    "[M]": "Might",
    ":rb_exhaust:": "[E]",
    ":rb_rune_rainbow:": "[A]",
}


@dataclass(frozen=True)
class Frame:
    name: str  # "colorless", "white", ..., "gold", "Fury", ...
    rgb: RGB


@dataclass(frozen=True)
class CardFace:
    game: str
    name: str
    type_line: str
    text: str
    stats: str | None  # "2/2" for MTG creatures, "3" for Riftbound Might
    stats_label: str | None  # "Might" for Riftbound, else None
    frame: Frame
    rule_ref: str | None
    landscape: bool
    art: str | None  # a local image file path, when the printing has uploaded art
    side: str | None  # "front" / "back" for double-faced tokens
    unicode: bool = False  # printed with the Unicode fonts (Cyrillic...), catalog/printing/fonts.py
    symbols: bool = False  # its text has symbol glyphs (catalog/printing/symbols.py)
    credit: str | None = None  # "Illus. <artist>", on a card that prints the art


def frame_for(game: str, colors: list[str]) -> Frame:
    """Frame colour by colour identity: colourless, one colour, or gold for two or more."""
    palette = RIFTBOUND_DOMAINS if game == "riftbound" else MTG_COLORS
    known = [c for c in colors if c in palette]
    if not known:
        return Frame("colorless", COLORLESS)
    if len(set(known)) > 1:
        return Frame("gold", GOLD)
    return Frame(_COLOR_NAMES.get(known[0], known[0]), palette[known[0]])


def _type_line(face: dict[str, Any], game: str) -> str:
    if face.get("printed_type_line"):  # the type line as printed in the reader's language
        return str(face["printed_type_line"])
    right = (
        face.get("subtypes") or face.get("tags") if game == "riftbound" else face.get("subtypes")
    )
    return words.type_line(face.get("supertypes", []), face.get("types", []), right or [])


def _rules_text(face: dict[str, Any]) -> str:
    text = str(face.get("text") or "")
    for code, spelled in _ICONS.items():
        text = text.replace(code, spelled)
    keywords = {str(k).lower(): words.keyword(k) for k in face.get("keywords", [])}
    text = "\n".join(_keyword_line(" ".join(line.split()), keywords) for line in text.splitlines())
    shown = list(keywords.values())
    missing = [k for k in shown if k.lower() not in text.lower()]
    if missing:  # keywords the text does not spell out still belong on the card
        text = ", ".join(missing) + ("\n" + text if text else "")
    return text.strip()


def _keyword_line(line: str, keywords: dict[str, str]) -> str:
    """A line of keywords alone ("Flying, haste") in the reader's language, so a translated
    sheet does not print the keyword twice (translated, then in the English text)."""
    parts = [part.strip() for part in line.split(",")]
    if not line or any(part.lower() not in keywords for part in parts):
        return line
    # An untranslated keyword keeps the text's own spelling ("haste" after a comma).
    translated = [keywords[part.lower()] for part in parts]
    return ", ".join(
        part if word.lower() == part.lower() else word
        for part, word in zip(parts, translated, strict=True)
    )


def _stats(face: dict[str, Any], game: str) -> tuple[str | None, str | None]:
    if face.get("might") is not None:
        return str(face["might"]), gettext("Might")
    power, toughness = face.get("power"), face.get("toughness")
    if power is not None and toughness is not None:
        return f"{power}/{toughness}", None
    return None, None


def _rule_ref(payload: dict[str, Any]) -> str | None:
    rule = payload.get("rule")
    if not rule:
        return None
    book = "Riftbound Core Rules" if payload.get("game") == "riftbound" else "CR"
    return gettext("Predefined token, %(book)s %(rule)s") % {"book": book, "rule": rule}


def _face(face: dict[str, Any], payload: dict[str, Any], side: str | None) -> CardFace:
    game = str(payload.get("game") or "mtg")
    stats, label = _stats(face, game)
    colors = face.get("colors") or face.get("domains") or []
    name = str(face.get("name") or gettext("Token"))
    type_line, text, rule_ref = _type_line(face, game), _rules_text(face), _rule_ref(payload)
    art = face.get("art") or (payload.get("art") if side != "back" else None)
    artist = str(payload.get("artist") or "") if art else ""
    credit = gettext("Illus. %(artist)s") % {"artist": artist} if artist else ""
    shown = [name, type_line, text, stats or "", label or "", rule_ref or "", _side(side), credit]
    unicode = not all(winansi(part) for part in shown)
    return CardFace(
        game=game,
        name=printable(name, unicode),
        type_line=printable(type_line, unicode),
        text=with_glyphs(printable(text, unicode)),
        stats=printable(stats, unicode) if stats is not None else None,
        stats_label=label,
        frame=frame_for(game, list(colors)),
        rule_ref=printable(rule_ref, unicode) if rule_ref else None,
        landscape="Battlefield" in face.get("types", []),
        art=art,
        side=side,
        unicode=unicode,
        symbols=with_glyphs(text) != text,
        credit=printable(credit, unicode) or None,
    )


PLAIN_BACK = "plain"  # the side of a plain card back (no token's face)


def plain_back(front: CardFace) -> CardFace:
    """The plain back printed behind a single-faced card: its frame and the word for token."""
    word = gettext("Token")
    return CardFace(
        game=front.game,
        name=printable(word, not winansi(word)),
        type_line="",
        text="",
        stats=None,
        stats_label=None,
        frame=front.frame,
        rule_ref=None,
        landscape=False,
        art=None,
        side=PLAIN_BACK,
        unicode=not winansi(word),
    )


def side_label(face: CardFace) -> str | None:
    """ "front face" / "back face" in the reader's language, printed in the footer."""
    return _side(face.side) or None


def _side(side: str | None) -> str:
    if side == "front":
        return gettext("front face")
    if side == "back":
        return gettext("back face")
    return ""


def card_faces(payload: dict[str, Any]) -> tuple[CardFace, CardFace | None]:
    """The front face, and the back face of a double-faced token (else None)."""
    back = payload.get("back")
    if not back:
        return _face(payload, payload, None), None
    return _face(payload, payload, "front"), _face(back, payload, "back")
