"""The predefined tokens of CR 111.10a-x (Comprehensive Rules of September 25, 2026).

Each payload has the API token-definition shape plus ``abilities`` (activated abilities),
``effects`` (static effects, e.g. a Role's effect on the enchanted creature) and ``back``.
Names follow 111.4: subtypes + " Token" unless the rule names the token (Walker, Roles, the
Incubator's back face "Phyrexian Token").

The tokens are data, `data/predefined_tokens.json` beside this module, each with its rules
text and its structured abilities and effects side by side, in rule order (111.10a-x).
"""

from __future__ import annotations

import copy
from typing import Any

from rules.datafiles import load_json

JsonDict = dict[str, Any]

_TOKENS: list[JsonDict] = load_json("rules.mtg", "data/predefined_tokens.json")

PREDEFINED_TOKENS: dict[str, JsonDict] = {token["id"]: token for token in _TOKENS}


def predefined_token(slug: str) -> JsonDict | None:
    """A fresh copy of the payload of a predefined MTG token, or None for other slugs."""
    payload = PREDEFINED_TOKENS.get(slug)
    return copy.deepcopy(payload) if payload is not None else None


def predefined_tokens() -> list[JsonDict]:
    """Fresh copies of the 22 predefined MTG token payloads, in rule order (111.10a-x)."""
    return [copy.deepcopy(token) for token in _TOKENS]
