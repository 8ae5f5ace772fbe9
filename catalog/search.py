"""Scryfall's search syntax (https://scryfall.com/docs/syntax), the common keys, parsed into Django
Q objects for the token and card querysets.

    query := or ; or := and ("or" and)* ; and := unary+ ; unary := "-" unary | "(" or ")" | term
    term  := key op value | word | "quoted words"

Keys: name/n, t/type, o/oracle, c/color, id/identity (the catalogue stores colors, which are a
token's identity), pow/power, tou/toughness, cmc/mv, is:token, set/s, game. A bare word or phrase
matches names. Anything unknown is a ValidationError naming it, never a silent empty result.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from django.core.exceptions import ValidationError
from django.db import connection
from django.db.models import Exists, F, OuterRef, Q
from django.db.models.lookups import (
    Exact,
    GreaterThan,
    GreaterThanOrEqual,
    IsNull,
    LessThan,
    LessThanOrEqual,
)
from django.utils.translation import gettext

from catalog import search_index
from catalog.expressions import whole_number
from catalog.models import MTG_COLORS, RIFTBOUND_DOMAINS, PrintedName, TokenPrinting

Kind = Literal["tokens", "cards"]
_TOKEN = re.compile(
    r"""\s*(?:
        (?P<open>\() | (?P<close>\)) |
        (?P<neg>-)(?=\S) |
        (?P<key>[a-zA-Z]+)(?P<op>:|!=|<=|>=|=|<|>)(?P<value>"[^"]*"?|[^\s()]*) |
        (?P<quoted>!?"[^"]*"?) |
        (?P<word>[^\s()]+)
    )""",
    re.VERBOSE,
)
_NUMBER = re.compile(r"^-?\d+$")
_COMPARE = {
    ":": Exact,
    "=": Exact,
    "<": LessThan,
    "<=": LessThanOrEqual,
    ">": GreaterThan,
    ">=": GreaterThanOrEqual,
}
_COLOR_NAMES = {
    "white": "W",
    "blue": "U",
    "black": "B",
    "red": "R",
    "green": "G",
    "azorius": "WU",
    "dimir": "UB",
    "rakdos": "BR",
    "gruul": "RG",
    "selesnya": "GW",
    "orzhov": "WB",
    "izzet": "UR",
    "golgari": "BG",
    "boros": "RW",
    "simic": "GU",
}
# Always true and always false conditions (an empty Q() would vanish from an "or").
TRUE = Q(pk__isnull=False)
FALSE = Q(pk__in=[])
KEYS = {
    "name": "name",
    "n": "name",
    "t": "type",
    "type": "type",
    "o": "oracle",
    "oracle": "oracle",
    "c": "color",
    "color": "color",
    "id": "color",
    "identity": "color",
    "pow": "power",
    "power": "power",
    "tou": "toughness",
    "toughness": "toughness",
    "cmc": "cmc",
    "mv": "cmc",
    "is": "is",
    "not": "not",
    "set": "set",
    "s": "set",
    "e": "set",
    "game": "game",
}


@dataclass(frozen=True)
class Term:
    key: str  # "" for a bare word or phrase (a name search)
    op: str
    value: str
    exact: bool = False  # !"Name": this exact name


def tokenize(query: str) -> list[tuple[str, Any]]:
    """("(" | ")" | "-" | "or" | "term", Term) pairs."""
    tokens: list[tuple[str, Any]] = []
    position = 0
    query = query.strip()
    while position < len(query):
        match = _TOKEN.match(query, position)
        if match is None or match.end() == position:
            break
        position = match.end()
        if match["open"]:
            tokens.append(("(", None))
        elif match["close"]:
            tokens.append((")", None))
        elif match["neg"]:
            tokens.append(("-", None))
        elif match["key"]:
            key = match["key"].lower()
            if key not in KEYS:
                raise ValidationError(
                    {"q": gettext("Unknown search key “%(key)s”.") % {"key": match["key"]}}
                )
            value = match["value"].strip('"')
            tokens.append(("term", Term(KEYS[key], match["op"], value)))
        elif match["quoted"]:
            text = match["quoted"]
            tokens.append(("term", Term("", ":", text.lstrip("!").strip('"'), text[0] == "!")))
        elif match["word"].lower() == "or":
            tokens.append(("or", None))
        elif match["word"].lower() == "and":
            continue  # implicit anyway
        else:
            word = match["word"]
            exact = word.startswith("!")
            tokens.append(("term", Term("", ":", word.lstrip("!"), exact)))
    return tokens


# A parsed part: its condition, and what the index narrows the cards it matches to (None: the
# index cannot narrow it, e.g. a negation or a short word).
Part = tuple[Q, search_index.Narrow | None]


class _Parser:
    def __init__(self, tokens: list[tuple[str, Any]], kind: Kind) -> None:
        self.tokens = tokens
        self.position = 0
        self.kind = kind

    def peek(self) -> str | None:
        return self.tokens[self.position][0] if self.position < len(self.tokens) else None

    def parse(self) -> Part:
        found = self.or_()
        if self.peek() is not None:
            raise ValidationError({"q": gettext("Unbalanced parentheses: a “)” has no “(”.")})
        return found

    def or_(self) -> Part:
        found, narrow = self.and_()
        while self.peek() == "or":
            self.position += 1
            other, other_narrow = self.and_()
            found |= other
            # Either side unrestricted: so is the whole.
            if narrow is None or other_narrow is None:
                narrow = None
            else:
                narrow = search_index.Narrow("or", parts=(narrow, other_narrow))
        return found, narrow

    def and_(self) -> Part:
        found, narrow = self.unary()
        parts = [narrow] if narrow else []
        while self.peek() in ("term", "-", "("):
            other, other_narrow = self.unary()
            found &= other
            parts += [other_narrow] if other_narrow else []
        # Each narrowed part narrows the whole: the index intersects them in one query.
        if len(parts) > 1:
            return found, search_index.Narrow("and", parts=tuple(parts))
        return found, parts[0] if parts else None

    def unary(self) -> Part:
        token = self.peek()
        if token is None or token in ("or", ")"):
            raise ValidationError({"q": gettext("Incomplete search: a term is missing.")})
        self.position += 1
        if token == "-":
            return ~self.unary()[0], None
        if token == "(":
            inner = self.or_()
            if self.peek() != ")":
                raise ValidationError(
                    {"q": gettext("Unbalanced parentheses: a “(” is not closed.")}
                )
            self.position += 1
            return inner
        term = self.tokens[self.position - 1][1]
        return term_q(term, self.kind), _narrow(term, self.kind)


def parse(query: str, kind: Kind, *, narrowed: bool = True) -> Q:
    """The Q object for `query` on the token or card queryset (empty query: everything).

    Cards are first narrowed by the index to a superset of the matches (SQLite: one FTS5 query
    for the whole search; PostgreSQL: one condition answered by trigram bitmap scans), then the
    conditions decide, so results stay exactly those of the conditions. `narrowed=False`: the
    conditions alone, for a query that already reads only a few rows (a walk, a probe by id)."""
    found, narrow = conditions(query, kind)
    if not narrowed or narrow is None or not search_index.helps(narrow, connection.vendor):
        return found
    return Q(pk__in=search_index.candidates(narrow, connection.vendor)) & found


def conditions(query: str, kind: Kind) -> Part:
    """The conditions of `query` alone, and what the index narrows its matches to."""
    tokens = tokenize(query)
    if not tokens:
        return TRUE, None
    return _Parser(tokens, kind).parse()


def indexed(query: str) -> bool:
    """Whether the search index drives a card search (some part of it narrows the cards): then
    the database reads and sorts every match to answer a page."""
    return conditions(query, "cards")[1] is not None


_FTS_COLUMNS = {
    "": ("name",),
    "name": ("name",),
    "type": ("types", "subtypes", "supertypes"),
    "oracle": ("text",),
}


def _narrow(term: Term, kind: Kind) -> search_index.Narrow | None:
    """What the index narrows one term to (cards, substring terms of 3+ characters)."""
    if kind != "cards" or term.exact:
        return None
    vendor = connection.vendor
    if vendor == "sqlite" and term.key in ("", "name") and not term.value.isascii():
        return None  # SQLite's index folds ASCII letters only; LIKE decides such names unindexed
    if term.key == "color":
        return _color_narrow(term, vendor)
    columns = _FTS_COLUMNS.get(term.key)
    return search_index.text(columns, term.value, vendor) if columns else None


def _color_narrow(term: Term, vendor: str) -> search_index.Narrow | None:
    """The colors a `c:` term requires, as the colors column's JSON text holds them ('"R"'):
    SQLite's full-text tables and PostgreSQL's term index hold the colors."""
    if term.op not in (":", "=", ">=", ">"):
        return None
    if term.value.lower() in ("c", "colorless", "m", "multicolor", "multicolored"):
        return None
    parts = [search_index.text(("colors",), f'"{color}"', vendor) for color in _colors(term.value)]
    leaves = tuple(part for part in parts if part is not None)
    if len(leaves) > 1:
        return search_index.Narrow("and", parts=leaves)
    return leaves[0] if leaves else None


def is_plain(query: str) -> bool:
    """Only bare words (a name search, ranked by name likeness)."""
    return all(kind == "term" and not term.key for kind, term in tokenize(query))


def only_name_words(query: str) -> bool:
    """Only bare words and phrases that a name contains (no key, no exact name, no "-")."""
    tokens = tokenize(query)
    return bool(tokens) and all(kind == "term" and not t.key and not t.exact for kind, t in tokens)


# Keys whose comparisons an index of the card table answers (`CardDefinition.Meta.indexes`).
NUMBER_KEYS = ("power", "toughness", "cmc")


def required_numbers(query: str) -> list[Q]:
    """The power, toughness and mana value comparisons every card `query` finds must meet: its
    terms of those keys outside parentheses, not negated, in a search without an "or" at that
    level. A card index answers each (`selectors.card_results` drives a search from a rare
    one: "t:creature pow>=9")."""
    tokens = tokenize(query)
    depth = 0
    found: list[Q] = []
    for position, (kind, term) in enumerate(tokens):
        if kind == "(":
            depth += 1
        elif kind == ")":
            depth -= 1
        elif depth == 0 and kind == "or":
            return []
        elif depth == 0 and kind == "term" and term.key in NUMBER_KEYS:
            if position == 0 or tokens[position - 1][0] != "-":
                found.append(term_q(term, "cards"))
    return found


def plain_words(query: str) -> str:
    return " ".join(term.value for kind, term in tokenize(query) if kind == "term" and not term.key)


def _json_has(field: str, text: str) -> Q:
    return Q(**{f"{field}__icontains": text})


def _colors(value: str) -> set[str]:
    lowered = value.lower()
    if lowered in _COLOR_NAMES:
        return set(_COLOR_NAMES[lowered])
    domain = value.capitalize()
    if domain in RIFTBOUND_DOMAINS:
        return {domain}
    letters = set(value.upper())
    if not letters <= set(MTG_COLORS):
        raise ValidationError(
            {
                "q": gettext("“%(value)s” is not a color: use letters from WUBRG, C or M.")
                % {"value": value}
            }
        )
    return letters


def _color_q(op: str, value: str) -> Q:
    lowered = value.lower()
    if lowered in ("c", "colorless"):
        return Q(colors=[]) if op in (":", "=", "<=") else ~Q(colors=[])
    if lowered in ("m", "multicolor", "multicolored"):
        return Q(colors__icontains=",")
    wanted = _colors(value)
    has_all = Q()
    for color in wanted:
        has_all &= _json_has("colors", f'"{color}"')
    others = [c for c in (*MTG_COLORS, *RIFTBOUND_DOMAINS) if c not in wanted]
    has_other = Q()
    for color in others:
        has_other |= _json_has("colors", f'"{color}"')
    if op in (":", ">="):
        return has_all
    if op == "=":
        return has_all & ~has_other
    if op == ">":
        return has_all & has_other
    if op == "<=":
        return ~has_other
    if op == "<":
        return ~has_other & ~has_all
    raise ValidationError({"q": gettext("c%(op)s is not a color comparison.") % {"op": op}})


def _number(term: Term) -> float:
    try:
        return float(term.value)
    except ValueError:
        raise ValidationError(
            {
                "q": gettext("“%(value)s” is not a number (%(key)s).")
                % {"value": term.value, "key": term.key}
            }
        ) from None


def _compare(expression: Any, op: str, number: float, key: str) -> Q:
    if op == "!=":
        return ~Q(Exact(expression, number))
    lookup = _COMPARE.get(op)
    if lookup is None:
        raise ValidationError(
            {"q": gettext("%(key)s%(op)s is not a comparison.") % {"key": key, "op": op}}
        )
    return Q(lookup(expression, number))


def term_q(term: Term, kind: Kind) -> Q:
    value = term.value
    if not term.key or term.key == "name":
        if not value:
            return TRUE
        lookup = "name__iexact" if term.exact else "name__icontains"
        # A name printed in another language finds it too (PrintedName, from the importers),
        # compared case-folded: SQLite's LIKE folds ASCII letters only ("топор", "Топор").
        # One list of the printed names' cards, not a lookup per row: SQLite's statistics see
        # the card column of token names as one value (NULL) and scan the table for each row.
        column = "token" if kind == "tokens" else "card"
        folded = "folded" if term.exact else "folded__contains"
        printed = PrintedName.objects.filter(
            **{folded: value.casefold(), f"{column}__isnull": False}  # NULL would void a "-"
        ).values(column)
        return Q(**{lookup: value}) | Q(pk__in=printed)
    if term.key == "type":
        return (
            _json_has("types", value)
            | _json_has("subtypes", value)
            | _json_has("supertypes", value)
        )
    if term.key == "oracle":
        return Q(text__icontains=value)
    if term.key == "color":
        return _color_q(term.op, value)
    if term.key in ("power", "toughness"):
        # "IS NOT NULL" first: a "*" power is no number, so "-pow>=3" keeps it (NOT of false).
        number = whole_number(term.key)
        return Q(IsNull(number, False)) & _compare(number, term.op, int(_number(term)), term.key)
    if term.key == "cmc":
        target = _number(term)
        if kind == "tokens":  # a token has no mana cost: its mana value is 0 (CR 202.3b)
            holds = _compare_numbers(0, term.op, target, term.key)
            return TRUE if holds else FALSE
        return _compare(F("mana_value"), term.op, target, term.key)
    if term.key in ("is", "not"):
        if value.lower() != "token":
            raise ValidationError(
                {"q": gettext("is:%(value)s is not supported: use is:token.") % {"value": value}}
            )
        matches = (kind == "tokens") == (term.key == "is")
        return TRUE if matches else FALSE
    if term.key == "set":
        if kind == "cards":
            return FALSE  # the catalogue keeps printings for tokens only
        return Q(Exists(TokenPrinting.objects.filter(token=OuterRef("pk"), set_code__iexact=value)))
    if term.key == "game":
        return Q(game_id=value.lower())
    raise ValidationError({"q": gettext("Unknown search key “%(key)s”.") % {"key": term.key}})


def _compare_numbers(left: float, op: str, right: float, key: str) -> bool:
    checks = {
        ":": left == right,
        "=": left == right,
        "!=": left != right,
        "<": left < right,
        "<=": left <= right,
        ">": left > right,
        ">=": left >= right,
    }
    if op not in checks:
        raise ValidationError(
            {"q": gettext("%(key)s%(op)s is not a comparison.") % {"key": key, "op": op}}
        )
    return checks[op]
