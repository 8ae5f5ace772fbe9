"""How far the compiler takes a card (automated, one tap, manual) and whether a compiled token
is the token a reference list names (name, P/T, colors, types, abilities)."""

from __future__ import annotations

import re
from typing import Any

JsonDict = dict[str, Any]

AUTOMATED = "automated"
ONE_TAP = "one-tap"
MANUAL = "manual"


def status(makes: list[JsonDict]) -> str:
    """``automated``: every entry is understood and the kernel performs it by itself; ``one-tap``:
    every entry is understood, some need a ``make``; ``manual``: an entry is not understood or
    the card makes nothing the compiler saw."""
    if not makes or not all(e["automated"] for e in makes):
        return MANUAL
    if all(e["fires"] for e in makes):
        return AUTOMATED
    return ONE_TAP


_REMINDER = re.compile(r"\s*\([^()]*\)")
_THIS = re.compile(r"\bthis (?:artifact|creature|token|permanent|enchantment)\b", re.IGNORECASE)


def ability_text(text: str) -> list[str]:
    """Abilities compared as sets of normalized lines: reminder text, quotes and the noun of
    "this creature/artifact/token" (which errata changed) left out."""
    text = _REMINDER.sub("", text.replace("\u2019", "'").replace("\u201c", '"'))
    text = _THIS.sub("this", text.replace("\u201d", '"').replace('"', ""))
    text = re.sub(r"(?<=[.!])'|\u2018", "", text)
    parts = re.split(r"\n|,\s+(?=[a-z])", text)
    return sorted(p.strip().rstrip(".").casefold() for p in parts if p.strip())


def _type_line(type_line: str) -> tuple[set[str], set[str]]:
    front, _, back = type_line.partition("\u2014")
    return {w for w in front.split() if w != "Token"}, set(back.split())


PHYREXIAN_ERRATA = "Phyrexian"
"""Oracle errata of 2022-2023 gave the tokens of Phyrexian makers (Germs, Golems, Wurms, Insects)
the creature type Phyrexian: a list written after the errata names "Phyrexian Germ" where the
older Oracle text says "Germ". Both are the same token."""


def matches(token: JsonDict, expected: JsonDict, card_name: str) -> bool:
    """Whether a compiled token (``makes`` shape) is the token ``expected`` describes in
    Cockatrice's shape (``name``, ``type``, ``pt``, ``colors``, ``text``): same name, P/T, colors,
    types and abilities (``extra_keywords`` tells keywords the list leaves out)."""
    return _characteristics(token, expected) and (
        token.get("copy_of") == "self"  # a copy has the card's own text (707.2)
        or ability_text(token.get("text") or "") == ability_text(expected["text"])
    )


def extra_keywords(token: JsonDict, expected: JsonDict) -> bool:
    """The same token but for keywords its Oracle text gives and the list leaves out ("with
    haste" where the list has a same-named token without it): the list's omission."""
    if not _characteristics(token, expected):
        return False
    ours = ability_text(token.get("text") or "")
    theirs = ability_text(expected["text"])
    keywords = {k.casefold() for k in token.get("keywords") or []}
    return set(theirs) < set(ours) and set(ours) - set(theirs) <= keywords


def _characteristics(token: JsonDict, expected: JsonDict) -> bool:
    name = re.sub(r"\s*\(Token\)$", "", expected["name"].strip())
    ours = token.get("name") or ""
    types, subtypes = _type_line(expected["type"])
    mine = set(token["subtypes"])
    if subtypes == mine | {PHYREXIAN_ERRATA} and PHYREXIAN_ERRATA not in mine:
        mine.add(PHYREXIAN_ERRATA)
        ours = f"{PHYREXIAN_ERRATA} {ours}" if ours.endswith(" Token") else ours
    # A list may name a token after its subtypes alone where 111.4 adds "Token" ("Dragon Egg").
    if ours.casefold() not in (name.casefold(), f"{name} Token".casefold()):
        return False
    if types != {*token["supertypes"], *token["types"]} or subtypes != mine:
        return False
    pt = "" if token.get("power") is None else f"{token['power']}/{token['toughness']}"
    pt = pt.replace("X", "*")  # a list writes the P/T an effect sets as it creates as "*"
    if pt != expected["pt"]:
        return False
    return token.get("colors") is not None and set(token["colors"]) == set(expected["colors"])
