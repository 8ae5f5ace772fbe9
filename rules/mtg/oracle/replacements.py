"""Static replacement effects on creating tokens and putting counters (CR 614.1, 616), compiled
to the kernel's effect kinds ``token_multiplier``, ``token_extra``, ``counter_multiplier`` and
``counter_extra`` (rules/effects.py)."""

from __future__ import annotations

import re
from typing import Any

from rules.mtg.oracle.lexicon import CARD_TYPES, TIMES, number

JsonDict = dict[str, Any]

_TOKENS = re.compile(
    r"^If (?:an effect would create one or more (?P<what1>[^.]*?)tokens under your control|"
    r"one or more (?P<what2>[^.]*?)tokens would be created under your control|"
    r"you would create one or more (?P<what3>[^.]*?)tokens), "
    r"(?:it creates |)(?P<how>twice|three times|that many plus (?:one|an additional)|"
    r"those tokens plus an additional)[^.]*?instead\.?$",
    re.IGNORECASE,
)
_COUNTERS = re.compile(
    r"^If (?:an effect would put )?one or more (?P<kind>[+-]\d+/[+-]\d+|[a-z]+) counters would "
    r"be put on (?P<what>[^,]+?)(?: you control)?, (?P<how>twice that many|that many plus one|"
    r"three times that many)[^.]*?instead\.?$",
    re.IGNORECASE,
)
_COUNTERS_EFFECT = re.compile(
    r"^If an effect would put one or more (?P<kind>[+-]\d+/[+-]\d+|[a-z]+ )?counters on "
    r"(?P<what>[^,]+?)(?: you control)?, it puts (?P<how>twice that many|that many plus one)"
    r"[^.]*?instead\.?$",
    re.IGNORECASE,
)


def replacement(line: str) -> JsonDict | None:
    """The ``makes`` entry of a replacement effect line, or None when the line is none."""
    effect = _token_effect(line) or _counter_effect(line)
    if effect is None:
        return None
    return {
        "when": "replacement",
        "trigger": None,
        "cost": None,
        "text": line,
        "automated": True,
        "fires": True,
        "tokens": [],
        "effect": {"static": [effect], "rule": "614.1"},
    }


def _filter(words: str) -> JsonDict | None:
    types: list[str] = []
    subtypes: list[str] = []
    for word in words.split():
        low = word.lower()
        if low in CARD_TYPES:
            types.append(CARD_TYPES[low])
        elif low in ("a", "an", "each", "permanent", "permanents", "other"):
            continue
        elif low.endswith("s") and low[:-1] in CARD_TYPES:
            types.append(CARD_TYPES[low[:-1]])
        elif word[:1].isupper():
            subtypes.append(word)
        else:
            return None
    return {"types": types, "subtypes": subtypes} if types or subtypes else {}


def _token_effect(line: str) -> JsonDict | None:
    match = _TOKENS.match(line.strip())
    if match is None:
        return None
    what = match.group("what1") or match.group("what2") or match.group("what3") or ""
    found = _filter(what)
    if found is None:
        return None
    how = match.group("how").lower()
    effect: JsonDict = {"whose": "you"}
    if found:
        effect["filter"] = found
    if how in TIMES:
        return {"kind": "token_multiplier", "factor": TIMES[how], **effect}
    if how in ("that many plus one", "that many plus an additional"):
        return {"kind": "token_extra", "count": 1, **effect}
    return None


def _counter_effect(line: str) -> JsonDict | None:
    match = _COUNTERS.match(line.strip()) or _COUNTERS_EFFECT.match(line.strip())
    if match is None:
        return None
    kind = (match.group("kind") or "").strip() or None
    what = re.sub(r"^(?:a|an|each|target)\s+", "", match.group("what").strip())
    found = _filter(what if what not in ("it", "a permanent") else "")
    if found is None:
        return None
    how = match.group("how").lower()
    effect: JsonDict = {"whose": "you", "counter": kind}
    if found:
        effect["filter"] = found
    if how.startswith("twice"):
        return {"kind": "counter_multiplier", "factor": 2, **effect}
    if how.startswith("three times"):
        return {"kind": "counter_multiplier", "factor": 3, **effect}
    amount = number("one")
    return {"kind": "counter_extra", "count": amount, **effect}
