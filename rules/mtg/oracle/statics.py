"""Static and triggered abilities of token makers' companions that the kernel runs from effect
data, read from their rules text: "creature tokens you control get +N/+N / have ..." (anthem,
613.4c, 613.1f), "that ability triggers an additional time" for a creature dying (603.2d) and
"whenever a creature you control enters, put a +1/+1 counter on each creature you control"
(603.6a). Lines it doesn't know give nothing."""

from __future__ import annotations

import re
from typing import Any

from rules.mtg.oracle.lexicon import CARD_TYPES, keyword

JsonDict = dict[str, Any]

_ANTHEM = re.compile(
    r"^(?P<other>Other )?(?P<what>[A-Za-z ]+?) you control (?:get (?P<p>[+-]\d+)/(?P<t>[+-]\d+)"
    r"(?: and have (?P<kw1>[^.]+))?|have (?P<kw2>[^.]+))\.$"
)
_DIES_TWICE = re.compile(
    r"^If a creature dying causes a triggered ability of a permanent you control to trigger, "
    r"that ability triggers an additional time\.$"
)
_ENTERS_COUNTERS = re.compile(
    r"^Whenever a (?P<what>[a-z]+) (?:you control enters(?: the battlefield)?|enters the "
    r"battlefield under your control), put (?P<n>a|an|one|two) (?P<kind>[+-]\d/[+-]\d) "
    r"counters? on each creature you control\.$"
)


def compile_effects(oracle_text: str) -> list[JsonDict]:
    """The kernel effects (rules/effects.py vocabulary) the card's text gives, one per line
    understood."""
    found: list[JsonDict] = []
    for raw in oracle_text.replace("\u2019", "'").split("\n"):
        line = re.sub(r"\s*\([^()]*\)", "", raw).strip()
        effect = _anthem(line) or _dies_twice(line) or _enters_counters(line)
        if effect is not None:
            found.append(effect)
    return found


def _filter(words: str) -> JsonDict | None:
    types: list[str] = []
    subtypes: list[str] = []
    token: bool | None = None
    for word in words.split():
        low = word.lower().removesuffix("s")
        if low == "token":
            token = True
        elif low == "nontoken":
            token = False
        elif low in CARD_TYPES:
            types.append(CARD_TYPES[low])
        elif word[:1].isupper() and word.isalpha():
            subtypes.append(word.removesuffix("s"))
        else:
            return None
    data: JsonDict = {"types": types, "subtypes": subtypes}
    if token is not None:
        data["token"] = token
    return data


def _anthem(line: str) -> JsonDict | None:
    match = _ANTHEM.match(line)
    if match is None:
        return None
    found = _filter(match.group("what"))
    if found is None or not (found["types"] or found["subtypes"]):
        return None
    said = match.group("kw1") or match.group("kw2") or ""
    keywords = []
    for part in re.split(r",\s+(?:and\s+)?|\s+and\s+", said) if said else []:
        known = keyword(part)
        if known is None:
            return None
        keywords.append(known)
    return {
        "kind": "anthem",
        "power": int(match.group("p") or 0),
        "toughness": int(match.group("t") or 0),
        "keywords": keywords,
        "others": bool(match.group("other")),
        "filter": found,
    }


def _dies_twice(line: str) -> JsonDict | None:
    return {"kind": "dies_trigger_extra"} if _DIES_TWICE.match(line) else None


def _enters_counters(line: str) -> JsonDict | None:
    match = _ENTERS_COUNTERS.match(line)
    if match is None or match.group("what") not in CARD_TYPES:
        return None
    return {
        "kind": "trigger_counters",
        "event": "enters",
        "filter": {"types": [CARD_TYPES[match.group("what")]]},
        "counter": match.group("kind"),
        "amount": 2 if match.group("n") == "two" else 1,
    }
