"""The token phrase of "create ..." (CR 111.2-111.4, 111.10, 707): count, "tapped", P/T,
colors, supertypes, types and subtypes, "named ...", "with ...", "tapped and attacking", and the
count's "for each ..." / "where X is ..." / "equal to the number of ...".

``parse`` reads the words after "create" and returns the tokens it describes and the rest of the
sentence, or None when any word is beyond it: a phrase half understood is not understood.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from rules.mtg.oracle import counts
from rules.mtg.oracle.lexicon import (
    CARD_TYPES,
    COLOR_ORDER,
    COLORS,
    PREDEFINED,
    ROLES,
    SUPERTYPES,
    keyword,
    number,
)

JsonDict = dict[str, Any]


@dataclass
class Token:
    """One kind of token an effect creates, as the rules text describes it."""

    count: int | str = 1
    x: JsonDict | None = None
    pt_x: JsonDict | None = None
    """How the X of an "X/X" token is counted."""
    times: int = 1
    """ "create two ... for each ...": X times this."""
    predefined: str | None = None
    name: str | None = None
    supertypes: list[str] = field(default_factory=list)
    types: list[str] = field(default_factory=list)
    subtypes: list[str] = field(default_factory=list)
    colors: list[str] = field(default_factory=list)
    power: str | None = None
    toughness: str | None = None
    keywords: list[str] = field(default_factory=list)
    abilities: list[str] = field(default_factory=list)
    tapped: bool = False
    attacking: bool = False
    counters: dict[str, int] = field(default_factory=dict)
    copy_of: str | None = None
    changes: JsonDict = field(default_factory=dict)
    """A copy's exceptions (707.9), in ``create_copy``'s ``except`` form."""
    leaves_at: str | None = None
    haste: bool = False
    per_opponent: bool = False
    attach: bool = False
    of_attached: bool = False
    """A copy of the creature the source is attached to ("equipped creature")."""


_COUNT = re.compile(
    r"^(?P<count>a number of|that many|X|\d+|an?|one|two|three|four|five|six|seven|eight|nine"
    r"|ten|eleven|twelve|thirteen|fifteen|twenty)\s+",
    re.IGNORECASE,
)
_PT = re.compile(r"^(?P<p>[\dX*]+)/(?P<t>[\dX*]+)\s+")
_COLOR = "white|blue|black|red|green"
_COLORS = re.compile(
    rf"^(?P<colors>colorless|(?:{_COLOR})(?:(?:,\s+|,?\s+and\s+)(?:{_COLOR}))*)\s+",
)
_DESCRIPTOR = re.compile(r"^(?P<words>(?:[A-Za-z'-]+\s+)*?)tokens?\b")
_NAMED = re.compile(
    r"^\s+named\s+(?P<name>[A-Z][^,.\"]*?)(?=\s+with\b|\s+that\b|\s+and\b|,|\.|\s+attached\b|"
    r"\s+for each\b|\s+tapped\b|$)"
)
_QUOTED = re.compile(r'^"(?P<text>[^"]*)"')
_SEPARATOR = re.compile(r"^(?:,\s+and\s+|,\s+|\s+and\s+)")
_COUNTERS = re.compile(
    r"^(?P<n>an?|one|two|three|four|five|six|seven|eight|nine|ten|X|\d+)\s+"
    r"(?P<kind>[+-]\d+/[+-]\d+|[a-z]+)\s+counters?\s+on\s+(?:it|them|each of them)",
)
_ATTACKING = re.compile(
    r"^(?:,?\s+(?:that's|that are|and they're|and it's)?\s*)?(?P<tapped>tapped and )?attacking"
    r"(?=[\s,.]|$)"
)
_KEYWORD_END = re.compile(
    r"(?=,|\s+and\s|\.|$|\s+that\b|\s+for\b|\s+attached\b|\s+where\b|\s+tapped\b|"
    r"\s+equal\b|\s+named\b|\s+at the\b|\s+instead\b)"
)
_CONTINUES = re.compile(
    r"^(?:\.|$|,\s+where\b|\s+for each\b|\s+equal to\b|\s+attached to\b|\s+at the\b|"
    r",?\s+tapped and attacking\b|\s+attacking\b|"
    r",?\s+(?:and|then)\s+(?:you|then|put|attach|sacrifice|exile|gain|each|target|it|they|draw|"
    r"return|scry|that|those|an?|one|two|three|four|five|six|seven|eight|nine|ten|X|\d+|"
    r"untap|tap|mill|lose|create|investigate|populate|amass|surveil|look)\b|,\s+(?:then|you|"
    r"where|and|it|they|that|those)\b|\s+unless\b|\s+if\b|\s+under\b)"
)
_THATS_COLORS = re.compile(
    rf"^\s+that's (?P<colors>(?:{_COLOR})(?:(?:,\s+|,?\s+and\s+)(?:{_COLOR}))*)(?=[.,]|$)"
)
_FOR_EACH = re.compile(r"^\s+for each (?P<what>[^,.]+?)(?=,|\.|$| and you\b| and\b)")
_WHERE_X = re.compile(r"^,?\s+where X is (?P<what>[^.]+?)(?=\.|$)")
_EQUAL = re.compile(r"^\s+equal to (?P<what>[^.,]+?)(?=\.|,|$)")
_COPY = re.compile(
    r"^(?P<count>an?|one|two|three|four|five|X|\d+|that many)\s+(?:tokens?\s+that(?:'s| are)\s+"
    r"(?:a\s+)?cop(?:y|ies)\s+of|token\s+cop(?:y|ies)\s+of|cop(?:y|ies)\s+of)\s+"
    r"(?P<of>[^,.]+?)(?P<tail>,\s+except\b[^.]*|\s+except\b[^.]*)?(?=\.|$|,)"
)


def parse(text: str, card_name: str, before: str = "") -> tuple[list[Token], str] | None:
    """The tokens of "create <text>" and the text after them, or None; ``before`` is the
    effect's text before "create" ("it" names what it targeted, if it targeted anything)."""
    copy = _parse_copy(text, card_name, before.lower())
    if copy is not None:
        return copy
    tokens: list[Token] = []
    rest = text
    while True:
        one = _parse_one(rest)
        if one is None:
            return None
        token, rest = one
        tokens.append(token)
        more = re.match(r"^,?\s+and\s+(?=(?:an?|one|two|three|four|five|X|\d+)\s)", rest)
        if more is None or _parse_one(rest[more.end() :]) is None:
            break
        rest = rest[more.end() :]
    counted = _count_clauses(tokens, rest)
    if counted is None:
        return None
    return tokens, counted


_NAME_FIRST = re.compile(
    r"^(?P<name>[A-Z][\w'-]*(?:\s+(?:[A-Z][\w'-]*|of|the|to))*(?:,\s+(?:the\s+)?[A-Z][\w'-]*"
    r"(?:\s+(?:[A-Z][\w'-]*|of|the|to))*)?),\s+(?=an?\s)"
)


def _parse_one(text: str) -> tuple[Token, str] | None:
    """One token: "[count] [tapped] [P/T] [colors] [types] token(s) [named N] [with ...]", or
    "<Name>, a legendary ... token" (111.4: the effect names it)."""
    named_first = _NAME_FIRST.match(text)
    if named_first is not None:
        one = _parse_plain(text[named_first.end() :])
        if one is None or one[0].name is not None or one[0].count != 1:
            return None
        one[0].name = named_first.group("name")
        return one
    return _parse_plain(text)


def _parse_plain(text: str) -> tuple[Token, str] | None:
    match = _COUNT.match(text)
    if match is None:
        return None
    token = Token()
    word = match.group("count")
    rest = text[match.end() :]
    if word.lower() == "a number of":
        token.count, token.x = "X", None  # filled by "equal to"
    elif word == "X":
        token.count = "X"
    elif word.lower() == "that many":
        token.count, token.x = "X", counts.given("that many")
    else:
        found = number(word)
        if found is None:
            return None
        token.count = found
    if rest.startswith("tapped "):
        token.tapped = True
        rest = rest[len("tapped ") :]
    while rest.split(" ", 1)[0] in SUPERTYPES:  # "a legendary 3/3 green ..."
        word, rest = rest.split(" ", 1)
        token.supertypes.append(SUPERTYPES[word])
    pt = _PT.match(rest)
    if pt is not None:
        token.power, token.toughness = pt.group("p"), pt.group("t")
        rest = rest[pt.end() :]
    colors = _COLORS.match(rest)
    if colors is not None:
        said = colors.group("colors")
        token.colors = [
            c
            for c in COLOR_ORDER
            if any(COLORS[w] == c for w in said.split() if w.strip(",") in COLORS)
        ]
        rest = rest[colors.end() :]
    descriptor = _DESCRIPTOR.match(rest)
    if descriptor is None:
        return None
    if not _describe(token, descriptor.group("words").split()):
        return None
    rest = rest[descriptor.end() :]
    named = _NAMED.match(rest)
    if named is not None:
        token.name = named.group("name").strip()
        rest = rest[named.end() :]
    rest = with_clause(token, rest)
    named = _NAMED.match(rest) if token.name is None else None
    if named is not None:
        token.name = named.group("name").strip()
        rest = rest[named.end() :]
    attacking = _ATTACKING.match(rest)
    if attacking is not None:
        token.attacking = True
        token.tapped = token.tapped or bool(attacking.group("tapped"))
        rest = rest[attacking.end() :]
    colored = _THATS_COLORS.match(rest)
    if colored is not None and not token.colors:
        said = colored.group("colors")
        token.colors = [
            c for c in COLOR_ORDER if any(COLORS.get(w.strip(",")) == c for w in said.split())
        ]
        rest = rest[colored.end() :]
    if not _settle(token) or not _CONTINUES.match(rest):
        return None
    return token, rest


def _describe(token: Token, words: list[str]) -> bool:
    """Supertypes, card types and subtypes before "token" (205.2-205.4)."""
    for word in words:
        low = word.lower()
        if low in SUPERTYPES:
            token.supertypes.append(SUPERTYPES[low])
        elif low in CARD_TYPES and word == low:
            token.types.append(CARD_TYPES[low])
        elif re.fullmatch(r"[A-Z][a-z']+(?:-[A-Z][a-z']+)?", word):
            token.subtypes.append(word)
        else:
            return False
    return bool(token.types or token.subtypes)


def with_clause(token: Token, rest: str) -> str:
    """ "with flying", "with haste and 'At the beginning ...'", "with two +1/+1 counters on it"."""
    start = re.match(r"^\s+with\s+", rest)
    if start is None:
        return rest
    after = rest[start.end() :]
    taken = False
    while True:
        item = _ability(token, after)
        if item is None:
            break
        taken = True
        after = item
        separator = _SEPARATOR.match(after)
        if separator is None or _ability(Token(), after[separator.end() :]) is None:
            break
        after = after[separator.end() :]
    return after if taken else rest


def _ability(token: Token, text: str) -> str | None:
    quoted = _QUOTED.match(text)
    if quoted is not None:
        token.abilities.append(nested_quotes(quoted.group("text")))
        return text[quoted.end() :]
    counters = _COUNTERS.match(text)
    if counters is not None:
        n = counters.group("n")
        kind = counters.group("kind")
        amount = number(n)
        if amount is None:
            return None
        token.counters[kind] = token.counters.get(kind, 0) + amount
        return text[counters.end() :]
    for end in sorted({m.start() for m in _KEYWORD_END.finditer(text)}):
        found = keyword(text[:end])
        if found is not None:
            token.keywords.append(found)
            return text[end:]
    return None


def nested_quotes(text: str) -> str:
    """A quoted ability inside a token's quoted ability is printed in single quotes; on the token
    it is the outer one, in double quotes."""
    return re.sub(r"\u2018([^\u2018]*?[.!])'", r'"\1"', text)


def _settle(token: Token) -> bool:
    """A predefined token (111.10) when the text names one and nothing it doesn't have; the
    name of a token (111.4); P/T for a creature, none otherwise."""
    kinds = [s for s in token.subtypes if s in PREDEFINED]
    role = " ".join(token.subtypes[:-1]) if token.subtypes[-1:] == ["Role"] else None
    if role in ROLES and not token.power and token.name is None:
        token.predefined = ROLES[role]
        return True
    if (
        len(token.subtypes) == 1
        and kinds
        and token.power is None
        and not token.colors
        and set(token.types) <= {"Artifact", "Enchantment"}
        and not token.keywords
        and token.name in (None, kinds[0])
        and len(token.abilities) <= 1
    ):
        token.predefined = PREDEFINED[kinds[0]]
        token.types, token.abilities, token.name = [], [], None
        return True
    if token.name is None and not token.subtypes:
        return False
    if "Creature" in token.types:
        if token.power is None or "*" in token.power + (token.toughness or "*"):
            return False
    elif token.power is not None:
        return False
    return bool(token.types)


def _count_clauses(tokens: list[Token], rest: str) -> str | None:
    """ "for each ...", ", where X is ...", "equal to ..." after the tokens."""
    for_each = _FOR_EACH.match(rest)
    if for_each is not None:
        spec = counts.spec(for_each.group("what"))
        for token in tokens:
            if not isinstance(token.count, int):
                return None
            token.times, token.count, token.x = token.count, "X", spec
        return rest[for_each.end() :]
    equal = _EQUAL.match(rest)
    if equal is not None:
        _set_x(tokens, counts.spec(equal.group("what")))
        rest = rest[equal.end() :]
    where = _WHERE_X.match(rest)
    if where is not None:
        _set_x(tokens, counts.spec(where.group("what")))
        rest = rest[where.end() :]
    _set_x(tokens, counts.given("X"))
    return rest


def _set_x(tokens: list[Token], spec: JsonDict) -> None:
    for token in tokens:
        if token.count == "X" and token.x is None:
            token.x = spec
        if "X" in (token.power, token.toughness) and token.pt_x is None:
            token.pt_x = spec


_OTHER_OBJECT = re.compile(r"\b(?:creature|card|permanent|artifact|token|spell|another|that|it)\b")


def _parse_copy(text: str, card_name: str, before: str) -> tuple[list[Token], str] | None:
    """ "a token that's a copy of <what>[, except ...]" (707.2, 707.9)."""
    match = _COPY.match(text)
    if match is None:
        return None
    word = match.group("count")
    count: int | str
    if word == "X":
        count = "X"
    else:
        found = number(word)
        if found is None:
            return None
        count = found
    of = match.group("of").strip()
    token = Token(count=count, x=counts.given("X") if count == "X" else None)
    low = of.lower()
    if low in ("it", "that creature", "that card", "that permanent") and "target" in before:
        token.copy_of = "target"
    elif low == "it" and _OTHER_OBJECT.search(before.replace(card_name.lower(), "~")):
        token.copy_of = "other"  # "it" is something the text named before: the player says what
    elif low in (
        "it",
        "this creature",
        "this permanent",
        "this card",
        card_name.lower(),
        "this artifact",
        "this enchantment",
    ):
        token.copy_of = "self"
    elif low.startswith("target ") or low.startswith("up to one target "):
        token.copy_of = "target"
    elif low in ("equipped creature", "enchanted creature", "enchanted permanent"):
        token.copy_of, token.of_attached = "other", True
    else:
        token.copy_of = "other"
    tail = match.group("tail")
    if tail is not None and not _except(token, tail):
        return None
    rest = text[match.end() :]
    attacking = _ATTACKING.match(rest)
    if attacking is not None:
        token.attacking = True
        token.tapped = bool(attacking.group("tapped"))
        rest = rest[attacking.end() :]
    return [token], rest


def _except(token: Token, tail: str) -> bool:
    """ "except it's a 4/4 black Zombie ... with no mana cost" / "except it isn't legendary" /
    "except it has haste" (707.9b)."""
    text = re.sub(r"^,?\s*except\s+", "", tail).strip()
    changes: JsonDict = {}
    for part in re.split(r",\s+(?:and\s+)?|\s+and\s+it\s+|\s+and\s+(?=it\b|has\b|is\b)", text):
        part = part.strip()
        if not part:
            continue
        if part in ("it isn't legendary", "the token isn't legendary", "they aren't legendary"):
            changes["legendary"] = False
        elif part in ("it has haste", "the token has haste", "they have haste", "has haste"):
            changes["haste"] = True
        elif part.startswith(("it's ", "it is ")):
            body = re.sub(r"^it(?:'s| is)\s+(?:an?\s+)?", "", part)
            if not _except_is(changes, body):
                return False
        else:
            return False
    token.changes = changes
    return True


def _except_is(changes: JsonDict, body: str) -> bool:
    """ "a 4/4 black Zombie Jackal Wizard with no mana cost", "a white Zombie ... with no mana
    cost", "1/1", "an artifact in addition to its other types"."""
    body = body.strip()
    no_cost = re.search(r"\s+with no mana cost$", body)
    if no_cost is not None:
        changes["mana_cost"] = ""
        body = body[: no_cost.start()]
    addition = re.search(r"\s+in addition to its other (?:types|colors|creature types)$", body)
    if addition is not None:
        body = body[: addition.start()]
    pt = re.match(r"^(\d+)/(\d+)\s*", body)
    if pt is not None:
        changes["power"], changes["toughness"] = int(pt.group(1)), int(pt.group(2))
        body = body[pt.end() :]
    colors = _COLORS.match(body + " ")
    if colors is not None:
        said = colors.group("colors")
        changes["colors"] = [
            c for c in COLOR_ORDER if any(COLORS.get(w.strip(",")) == c for w in said.split())
        ]
        body = (body + " ")[colors.end() :].strip()
    added: list[str] = []
    for word in body.split():
        if word in CARD_TYPES:
            added.append(CARD_TYPES[word])
        elif re.fullmatch(r"[A-Z][a-z'-]+", word):
            added.append(word)
        elif word in ("creature",):
            continue
        else:
            return False
    if added:
        changes["add_types"] = added
        changes["subtypes_set"] = addition is None
    return bool(changes)
