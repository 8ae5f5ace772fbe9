"""Keyword abilities and keyword actions that make tokens (CR 701, 702): fabricate (702.123),
afterlife (702.135), embalm (702.128), eternalize (702.129), encore (702.141), myriad (702.116),
living weapon (702.92), amass (701.47), investigate (701.16), populate (701.36), incubate
(701.53)."""

from __future__ import annotations

import re
from typing import Any

from rules.mtg.oracle import counts
from rules.mtg.oracle.lines import Line
from rules.mtg.oracle.phrases import Token
from rules.mtg.oracle.shapes import (
    FIRES,
    Card,
    base_entry,
    count_data,
    definition,
    face_shape,
    shown,
    shown_predefined,
    token_step,
)

JsonDict = dict[str, Any]

SERVO = Token(types=["Artifact", "Creature"], subtypes=["Servo"], power="1", toughness="1")
SPIRIT = Token(
    types=["Creature"],
    subtypes=["Spirit"],
    colors=["W", "B"],
    power="1",
    toughness="1",
    keywords=["Flying"],
)
GERM = Token(
    types=["Creature"], subtypes=["Phyrexian", "Germ"], colors=["B"], power="0", toughness="0"
)

KEYWORD_LINE = re.compile(
    r"^(?P<kw>Fabricate|Afterlife|Embalm|Eternalize|Encore|Myriad|Living weapon)"
    r"(?:\s+(?P<value>\d+|(?:\{[^}]+\})+))?$",
    re.IGNORECASE,
)
WHEN = {
    "fabricate": "enters",
    "afterlife": "dies",
    "embalm": "activated",
    "eternalize": "activated",
    "encore": "activated",
    "myriad": "attacks",
    "living weapon": "enters",
}
RULES = {
    "fabricate": "702.123a",
    "afterlife": "702.135a",
    "embalm": "702.128a",
    "eternalize": "702.129a",
    "encore": "702.141a",
    "myriad": "702.116a",
    "living weapon": "702.92a",
}


def copy_changes(keyword: str) -> JsonDict:
    """Embalm: "except it's white, it's a Zombie in addition to its other types, and it has no
    mana cost" (702.128a); eternalize: "... it's black, it's 4/4, ..." (702.129a)."""
    if keyword == "embalm":
        return {"colors": ["W"], "add_types": ["Zombie"], "mana_cost": ""}
    return {"colors": ["B"], "add_types": ["Zombie"], "mana_cost": "", "power": 4, "toughness": 4}


INVESTIGATE = re.compile(
    r"\b[Ii]nvestigates?(?:\s+(?P<times>twice|three times|X times|for each (?P<each>[^,.]+)))?"
)


AMASS = re.compile(r"\b[Aa]mass(?:es)?\s+(?:(?P<kind>[A-Z][a-z]+)s?\s+)?(?P<n>\d+|X)\b")


POPULATE = re.compile(r"\b[Pp]opulates?(?:\s+(?P<times>twice))?\b")


INCUBATE = re.compile(r"\b[Ii]ncubates?\s+(?P<n>\d+|X)\b")


def keyword_entry(card: Card, kw: str, value: str | None, raw: str) -> JsonDict:
    when = WHEN[kw]
    line = Line(when, None, None, raw, raw)
    entry = base_entry(line)
    amount = int(value) if value is not None and value.isdigit() else 1
    steps: list[JsonDict]
    tokens: list[Token]
    if kw == "fabricate":
        servo = _clone(SERVO, amount)
        steps = [{"do": "fabricate", "amount": amount, "definition": definition(servo)}]
        tokens = [servo]
    elif kw == "afterlife":
        spirit = _clone(SPIRIT, amount)
        steps = [{**(token_step(card, spirit, "") or {}), "afterlife": True}]
        tokens = [spirit]
    elif kw in ("embalm", "eternalize"):
        if value is None or not value.startswith("{"):
            return entry
        entry["cost"] = f"{value}, Exile this card from your graveyard"
        token = Token(copy_of="self", changes=copy_changes(kw))
        steps = [token_step(card, token, "") or {}]
        tokens = [token]
    elif kw == "encore":
        if value is None or not value.startswith("{"):
            return entry
        entry["cost"] = f"{value}, Exile this card from your graveyard"
        token = Token(copy_of="self", haste=True, leaves_at="end_step:sacrifice", per_opponent=True)
        steps = [{**(token_step(card, token, "") or {}), "per_opponent": True, "must_attack": True}]
        tokens = [token]
    else:  # myriad
        token = Token(
            copy_of="self",
            tapped=True,
            attacking=True,
            leaves_at="end_of_combat:exile",
            per_opponent=True,
        )
        steps = [
            {
                **(token_step(card, token, "") or {}),
                "per_opponent": True,
                "exclude_defending": True,
            }
        ]
        tokens = [token]
    entry["trigger"] = {
        "enters": "When this enters",
        "dies": "When this dies",
        "attacks": "Whenever this attacks",
    }.get(when)
    entry["automated"] = True
    entry["fires"] = when in FIRES
    entry["tokens"] = [shown(card, t) for t in tokens]
    if kw == "fabricate":
        entry["tokens"][0]["choice"] = f"or put {amount} +1/+1 counters on this creature"
    if kw in ("encore", "myriad"):
        entry["tokens"][0]["count"] = "X"
        entry["tokens"][0]["x"] = (
            "one for each opponent"
            if kw == "encore"
            else "one for each opponent other than the defending player"
        )
    entry["effect"] = {"steps": steps, "creator": "you", "keyword": kw, "rule": RULES[kw]}
    return entry


def _clone(token: Token, count: int) -> Token:
    return Token(
        count=count,
        types=list(token.types),
        subtypes=list(token.subtypes),
        colors=list(token.colors),
        power=token.power,
        toughness=token.toughness,
        keywords=list(token.keywords),
    )


def investigate(match: re.Match[str]) -> tuple[list[JsonDict], list[JsonDict]] | None:
    times = match.group("times")
    clue = Token(predefined="mtg-clue", subtypes=["Clue"])
    if times is None:
        clue.count = 1
    elif times == "twice":
        clue.count = 2
    elif times == "three times":
        clue.count = 3
    else:
        clue.count = "X"
        clue.x = counts.spec(match.group("each")) if match.group("each") else counts.given("X")
    step = {
        "do": "create",
        "token": "mtg-clue",
        "definition": None,
        "count": count_data(clue),
        "tapped": False,
        "attacking": False,
        "leaves_at": None,
        "haste": False,
        "counters": {},
        "equip_self": False,
    }
    return [step], [shown_predefined(clue)]


def amass(match: re.Match[str]) -> tuple[list[JsonDict], list[JsonDict]] | None:
    n = match.group("n")
    kind = match.group("kind") or "Zombie"
    if kind.endswith("s"):
        kind = kind[:-1]
    amount: int | JsonDict = int(n) if n.isdigit() else {"x": counts.given("X"), "times": 1}
    army = Token(
        types=["Creature"], subtypes=[kind, "Army"], colors=["B"], power="0", toughness="0"
    )
    shown = face_shape(definition(army))
    token = {
        "token": None,
        "copy_of": None,
        **shown,
        "counters": {"+1/+1": int(n)} if n.isdigit() else {},
        "count": 1,
        "x": None,
        "choice": "only if you control no Army; the counters go on an Army you control",
        "tapped": False,
        "attacking": False,
    }
    return [{"do": "amass", "amount": amount, "subtype": kind}], [token]


def populate(match: re.Match[str]) -> tuple[list[JsonDict], list[JsonDict]] | None:
    count = 2 if match.group("times") else 1
    token: JsonDict = {
        "token": None,
        "copy_of": "other",
        "name": None,
        "supertypes": [],
        "types": [],
        "subtypes": [],
        "colors": [],
        "power": None,
        "toughness": None,
        "keywords": [],
        "text": "",
        "counters": {},
        "count": count,
        "x": None,
        "choice": "a creature token you control to copy",
        "tapped": False,
        "attacking": False,
    }
    return [{"do": "populate", "count": count}], [token]


def incubate(match: re.Match[str]) -> tuple[list[JsonDict], list[JsonDict]] | None:
    n = match.group("n")
    if not n.isdigit():
        return None
    incubator = Token(predefined="mtg-incubator", counters={"+1/+1": int(n)})
    step = {
        "do": "create",
        "token": "mtg-incubator",
        "definition": None,
        "count": 1,
        "tapped": False,
        "attacking": False,
        "leaves_at": None,
        "haste": False,
        "counters": {"+1/+1": int(n)},
        "equip_self": False,
    }
    return [step], [shown_predefined(incubator)]
