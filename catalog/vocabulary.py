"""A curator's type line and keywords checked against the rules' own lists (rules.mtg.typeline,
rules.riftbound.typeline): an unknown word is refused with the rule that lists the words and the
nearest known one ("Artefact": did you mean "Artifact"?). Only the words an edit brings are
checked, so a record imported with a word the lists lack (an Un-set creature type) stays editable.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.utils.text import capfirst
from django.utils.translation import gettext
from rapidfuzz import fuzz, process

from rules.mtg import typeline as mtg
from rules.riftbound import typeline as riftbound

# How alike a word must be to a known one to be offered ("Flyng" -> "Flying" scores 91).
SUGGEST_SCORE = 75
LIST_FIELDS = ("supertypes", "types", "subtypes", "keywords")


@dataclass(frozen=True)
class Lists:
    """One game's words and the rules that list them."""

    supertypes: tuple[str, ...]
    supertypes_rule: str
    types: tuple[str, ...]
    types_rule: str
    keywords: Mapping[str, str]  # keyword -> its rule
    keywords_rule: str
    subtypes: Mapping[str, tuple[str, ...]]  # card type -> its subtypes; empty: not checked
    subtype_rules: Mapping[str, str]


MTG = Lists(
    supertypes=mtg.SUPERTYPES,
    supertypes_rule="CR 205.4a",
    types=mtg.CARD_TYPES,
    types_rule="CR 205.2a",
    keywords=mtg.KEYWORD_ABILITIES,
    keywords_rule="CR 702",
    subtypes=mtg.SUBTYPES,
    subtype_rules=mtg.SUBTYPE_RULES,
)
RIFTBOUND = Lists(
    supertypes=riftbound.SUPERTYPES,
    supertypes_rule="Riftbound 133.7",
    types=riftbound.CARD_TYPES,
    types_rule="Riftbound 133.4-133.6",
    keywords=riftbound.KEYWORDS,
    keywords_rule="Riftbound 804",
    subtypes={},
    subtype_rules={},
)


def lists(game: str) -> Lists:
    return RIFTBOUND if game == "riftbound" else MTG


def _fold(word: str) -> str:
    return word.strip().replace("\u2019", "'").casefold()


def suggestion(word: str, known: Iterable[str]) -> str | None:
    """The known word nearest to `word`, if it is near enough to be what was meant."""
    found = process.extractOne(
        _fold(word), {k: _fold(k) for k in known}, scorer=fuzz.ratio, score_cutoff=SUGGEST_SCORE
    )
    return None if found is None else str(found[2])


def _canonical(word: str, known: Sequence[str]) -> str | None:
    folded = _fold(word)
    return next((k for k in known if _fold(k) == folded), None)


def is_keyword(word: str, known: Mapping[str, str], game: str) -> bool:
    """A keyword as printed: its name alone, or with its parameter ("Ward {2}", "Toxic 1",
    "Protection from red", "Enchant creature"), or a landwalk ("Islandwalk", 702.14)."""
    folded = _fold(word)
    names = {_fold(k) for k in known}
    if folded in names or any(folded.startswith(f"{name} ") for name in names):
        return True
    return game == "mtg" and mtg.landwalk(folded)


def _did_you_mean(message: str, word: str, known: Iterable[str]) -> str:
    near = suggestion(word, known)
    if near is None:
        return message
    return message + " " + gettext("Did you mean “%(word)s”?") % {"word": near}


def check(
    game: str,
    values: Mapping[str, list[str]],
    stored: Mapping[str, Sequence[str]] | None = None,
    labels: Mapping[str, str] | None = None,
) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """(errors by field, the lists with known words in their canonical case). `stored`: the
    record's words before the edit, which are not checked again."""
    known = lists(game)
    stored = stored or {}
    errors: dict[str, list[str]] = {}
    fixed = {field: list(values.get(field) or []) for field in LIST_FIELDS if field in values}

    def label(field: str) -> str:
        return capfirst(str((labels or {}).get(field, field)))

    def new(field: str) -> list[tuple[int, str]]:
        old = {_fold(w) for w in stored.get(field) or ()}
        return [(i, w) for i, w in enumerate(fixed.get(field, [])) if _fold(w) not in old]

    for field, words, rule, what in (
        ("supertypes", known.supertypes, known.supertypes_rule, gettext("a supertype")),
        ("types", known.types, known.types_rule, gettext("a card type")),
    ):
        for index, word in new(field):
            canonical = _canonical(word, words)
            if canonical is not None:
                fixed[field][index] = canonical
                continue
            message = gettext("%(field)s: “%(word)s” is not %(what)s (%(rule)s).") % {
                "field": label(field),
                "word": word,
                "what": what,
                "rule": rule,
            }
            errors.setdefault(field, []).append(_did_you_mean(message, word, words))
    if known.subtypes and "types" not in errors:  # subtypes follow the card types (205.3c)
        _subtypes(known, fixed, new("subtypes"), label("subtypes"), errors)
    for _, word in new("keywords"):
        if not is_keyword(word, known.keywords, game):
            message = gettext("%(field)s: “%(word)s” is not a keyword ability (%(rule)s).") % {
                "field": label("keywords"),
                "word": word,
                "rule": known.keywords_rule,
            }
            errors.setdefault("keywords", []).append(_did_you_mean(message, word, known.keywords))
    return errors, fixed


def _subtypes(
    known: Lists,
    fixed: dict[str, list[str]],
    new: list[tuple[int, str]],
    label: str,
    errors: dict[str, list[str]],
) -> None:
    """Each subtype must be one of a card type the object has (205.3c-d)."""
    types = [t for t in fixed.get("types", []) if t in known.subtypes]
    allowed = [s for t in types for s in known.subtypes[t]]
    everywhere = {s for group in known.subtypes.values() for s in group}
    rules = ", ".join(dict.fromkeys(known.subtype_rules[t] for t in types))
    for index, word in new:
        canonical = _canonical(word, allowed)
        if canonical is not None:
            fixed["subtypes"][index] = canonical
            continue
        elsewhere = _canonical(word, sorted(everywhere))
        if elsewhere is not None:
            owners = [t for t, group in known.subtypes.items() if elsewhere in group]
            message = gettext(
                "%(field)s: “%(word)s” is a subtype of %(owners)s, which this object is not "
                "(CR 205.3d)."
            ) % {"field": label, "word": word, "owners": gettext(" or ").join(owners)}
        elif not types:
            message = gettext(
                "%(field)s: “%(word)s” needs a card type it belongs to (CR 205.3c-d)."
            ) % {"field": label, "word": word}
        else:
            message = gettext(
                "%(field)s: “%(word)s” is not a subtype of %(types)s (CR %(rules)s)."
            ) % {"field": label, "word": word, "types": gettext(" or ").join(types), "rules": rules}
            message = _did_you_mean(message, word, allowed)
        errors.setdefault("subtypes", []).append(message)
