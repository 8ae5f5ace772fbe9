"""The predefined tokens of Riftbound Core Rules v1.3, rules 184.1-184.9 (2026-03-30).

Names are the token names without "Token" ("Recruit", "Sprite", "Gold"). Tokens are domainless
(182.2.b); units have Might (182.1.b) and tags (182.1.c). Payloads have the API token-definition
shape plus ``abilities``, ``effects`` and ``back`` (internals.md section 1); a filter's subtypes
are Riftbound tags.

The tokens are data, `data/predefined_tokens.json` beside this module, each with its rules
text and its structured abilities and effects side by side, in rule order (184.1-184.9).
"""

from __future__ import annotations

import copy
from typing import Any

from rules.datafiles import load_json

JsonDict = dict[str, Any]

_TOKENS: list[JsonDict] = load_json("rules.riftbound", "data/predefined_tokens.json")

PREDEFINED_TOKENS: dict[str, JsonDict] = {token["id"]: token for token in _TOKENS}


def predefined_token(slug: str) -> JsonDict | None:
    """A fresh copy of the payload of a predefined Riftbound token, or None for other slugs."""
    payload = PREDEFINED_TOKENS.get(slug)
    return copy.deepcopy(payload) if payload is not None else None


def predefined_tokens() -> list[JsonDict]:
    """Fresh copies of the 9 predefined Riftbound token payloads, in rule order (184.1-184.9)."""
    return [copy.deepcopy(token) for token in _TOKENS]
