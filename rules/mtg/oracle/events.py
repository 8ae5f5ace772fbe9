"""Trigger events beyond the card's own (603.2, 603.6a) that the kernel sees by itself: a
permanent entering under your control ("whenever a land you control enters", "whenever another
creature enters the battlefield under your control") and the beginning of combat on your turn
(507.1). An event is data: ``{"kind": "enters", "types", "subtypes", "token", "other"}`` or
``{"kind": "step", "step": "beginning_of_combat"}``."""

from __future__ import annotations

import re
from typing import Any

from rules.mtg.oracle.lexicon import CARD_TYPES

JsonDict = dict[str, Any]

_ENTERS = re.compile(
    r"^whenever (?:a|an|one or more|another) (?P<what>(?:other |nontoken )?[a-z]+(?: token)?"
    r"|[A-Z][a-z]+)s? (?:you control enters?(?: the battlefield)?|enters?(?: the battlefield)? "
    r"under your control)$",
    re.IGNORECASE,
)
_COMBAT = re.compile(r"at the beginning of combat on your turn", re.IGNORECASE)


def event(trigger: str | None, self_names: tuple[str, ...]) -> JsonDict | None:
    """The event of a trigger condition in words, or None when the kernel doesn't watch it."""
    if trigger is None:
        return None
    text = trigger.strip()
    if _COMBAT.fullmatch(text):
        return {"kind": "step", "step": "beginning_of_combat"}
    match = _ENTERS.match(text)
    if match is None:
        return None
    words = match.group("what").split()
    other = text.lower().startswith("whenever another") or "other" in words
    token: bool | None = None
    types: list[str] = []
    subtypes: list[str] = []
    for word in words:
        low = word.lower()
        if low in ("other",):
            continue
        if low == "token":
            token = True
        elif low == "nontoken":
            token = False
        elif low in CARD_TYPES:
            types.append(CARD_TYPES[low])
        elif word[:1].isupper():
            subtypes.append(word)
        else:
            return None
    return {"kind": "enters", "types": types, "subtypes": subtypes, "token": token, "other": other}
