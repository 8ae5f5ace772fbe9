"""The words a printed card takes from data, translated with their role as context: supertypes
(which agree with the word for token in the type line, e.g. Russian "Легендарная Фишка"),
subtypes and keywords. The type line's word order is a translated template too, so no language's
grammar is glued together in code.

`shown_words` lists them for the translation catalogues (settings TRANSLATED_DATA): the subtypes
and keywords of every token the catalogue ships, and the supertypes of the rules.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from functools import lru_cache
from pathlib import Path

from django.utils.translation import pgettext

SUPERTYPE = "supertype on a token's type line, agreeing with the word for token"
SUBTYPE = "card subtype"
KEYWORD = "keyword ability"
SUPERTYPES = ("Legendary", "Snow", "Basic", "World")
_DATA = Path(__file__).resolve().parent.parent / "data"


def type_line(supertypes: Iterable[str], types: Iterable[str], subtypes: Iterable[str]) -> str:
    """A token's type line in the reader's language, e.g. "Legendary Token Creature — Goblin"."""
    from django.utils.translation import gettext

    left = pgettext(
        "a token's type line: its supertypes, the word for token, its card types",
        "%(supertypes)s Token %(types)s",
    ) % {
        "supertypes": " ".join(pgettext(SUPERTYPE, word) for word in supertypes),
        "types": " ".join(gettext(word) for word in types),
    }
    left = " ".join(left.split())
    right = " ".join(pgettext(SUBTYPE, word) for word in subtypes)
    return f"{left} \u2014 {right}" if right else left


def subtype(word: str) -> str:
    return pgettext(SUBTYPE, word)


def keyword(word: str) -> str:
    return pgettext(KEYWORD, word)


def translated_name(subtypes: Iterable[str]) -> str | None:
    """A token's name from its subtypes in the reader's language ("Dwarf Berserker" ->
    "Дварф Берсерк"), when every subtype has a translation; else None."""
    words = list(subtypes)
    shown = [subtype(word) for word in words]
    if not words or any(a == b for a, b in zip(words, shown, strict=True)):
        return None
    return " ".join(shown)


@lru_cache(maxsize=1)
def _catalogue_words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    from rules.mtg.predefined import predefined_tokens as mtg_predefined
    from rules.riftbound.predefined import predefined_tokens as riftbound_predefined

    tokens = [
        *json.loads((_DATA / "mtg_tokens.json").read_text(encoding="utf-8")),
        *mtg_predefined(),
        *riftbound_predefined(),
    ]
    faces = [*tokens, *(t["back"] for t in tokens if t.get("back"))]
    subtypes = sorted({word for face in faces for word in face.get("subtypes") or []})
    keywords = sorted({word for face in faces for word in face.get("keywords") or []})
    return tuple(subtypes), tuple(keywords)


def shown_words() -> Iterator[tuple[str, str]]:
    subtypes, keywords = _catalogue_words()
    yield from ((SUPERTYPE, word) for word in SUPERTYPES)
    yield from ((SUBTYPE, word) for word in subtypes)
    yield from ((KEYWORD, word) for word in keywords)
