"""How many tokens: a fixed number, or X counted from the table (CR 107.3: "X, where X is ...",
"for each ...", "equal to the number of ...").

An X spec is data the kernel counts with the table as it is (``rules/mtg/make.py``):
``{"count": "permanents", "types": [...], "subtypes": [...], "token": bool | None, "whose":
"you" | "opponents" | "any", "other": bool}``, ``{"count": "hand"}`` (cards in your hand),
``{"count": "opponents"}``, or ``{"count": "given"}``: the table can't count it (the value
paid for X, a power), so the player says it (the action's ``x``).
"""

from __future__ import annotations

import re
from typing import Any

from rules.mtg.oracle.lexicon import CARD_TYPES, singular

JsonDict = dict[str, Any]

_WHOSE = (
    (re.compile(r"^(?P<what>.+?) you control$"), "you"),
    (re.compile(r"^(?P<what>.+?) (?:your opponents control|an opponent controls)$"), "opponents"),
    (re.compile(r"^(?P<what>.+?) on the battlefield$"), "any"),
)
_HAND = re.compile(r"^(?:the number of )?cards? in your hand$")
_OPPONENTS = re.compile(r"^(?:the number of )?(?:opponents?(?: you have)?)$")


def given(words: str) -> JsonDict:
    return {"count": "given", "words": words}


def spec(phrase: str) -> JsonDict:
    """The X spec of a counted phrase ("the number of Goblins you control", "creature you
    control", "card in your hand"); what the table doesn't track is ``given``."""
    words = phrase.strip().rstrip(".")
    bare = re.sub(r"^(?:the number of|each)\s+", "", words)
    if _HAND.match(words) or _HAND.match(bare):
        return {"count": "hand", "words": words}
    if _OPPONENTS.match(words) or _OPPONENTS.match(bare):
        return {"count": "opponents", "words": words}
    for pattern, whose in _WHOSE:
        match = pattern.match(bare)
        if match is None:
            continue
        found = _filter(match.group("what"))
        if found is None:
            break
        return {"count": "permanents", **found, "whose": whose, "words": words}
    return given(words)


def _filter(text: str) -> JsonDict | None:
    """ "other Goblins", "creature tokens", "nontoken creatures", "artifacts and/or ..." -> a
    permanent filter, or None when a word is beyond it."""
    types: list[str] = []
    subtypes: list[str] = []
    token: bool | None = None
    other = False
    for raw in text.split():
        word = singular(raw)
        low = word.lower()
        if low == "other":
            other = True
        elif low == "token":
            token = True
        elif low == "nontoken":
            token = False
        elif low in CARD_TYPES:
            types.append(CARD_TYPES[low])
        elif low == "permanent":
            continue
        elif word[:1].isupper() and word.isalpha():
            subtypes.append(_singular_subtype(word))
        else:
            return None
    if not types and not subtypes and token is None:
        return None
    return {"types": types, "subtypes": subtypes, "token": token, "other": other}


def _singular_subtype(word: str) -> str:
    """A subtype named in the plural without an irregular form: "Soldiers" -> "Soldier"."""
    if word.endswith("s") and not word.endswith(("ss", "us")) and len(word) > 3:
        return word[:-1]
    return word
