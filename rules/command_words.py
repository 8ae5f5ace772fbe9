"""The words of a typed command (rules/commands.py): folding, matching a typed word to a
word of a name ("goblins", "солдата"), and the names a phrase's words fit best."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

NUMBER = re.compile(r"^[+-]?\d{1,6}$")


@dataclass(frozen=True)
class Named:
    """Something a phrase can name: a stack (``ref`` its id, ``view`` its API view), a seat
    (``ref`` its number) or a catalogue token (``ref`` its slug)."""

    ref: Any
    names: tuple[str, ...]
    view: Mapping[str, Any] = field(default_factory=dict)


def fold(text: str) -> str:
    return text.casefold().replace("\u0451", "\u0435").strip()  # Russian yo folds to ye


def words(text: str) -> list[str]:
    """The phrase's words, folded, with punctuation around them dropped ("+1/+1" kept)."""
    found = [w.strip(",.;:!?\"'()«»") for w in fold(text).split()]
    return [w for w in found if w]


def word_matches(typed: str, word: str) -> bool:
    """A typed word names a word: the same, a start of it (3 letters at least), or the same
    word with another ending ("goblins", "солдата": at most 2 letters differ at the end)."""
    if typed == word:
        return True
    if NUMBER.match(typed) or NUMBER.match(word):
        return False
    if len(typed) >= 3 and word.startswith(typed):
        return True
    common = len(_common_prefix(typed, word))
    return common >= 3 and common >= max(len(typed), len(word)) - 2


def _common_prefix(a: str, b: str) -> str:
    for i, (x, y) in enumerate(zip(a, b, strict=False)):
        if x != y:
            return a[:i]
    return a[: min(len(a), len(b))]


def _name_score(typed: list[str], name: str, fillers: frozenset[str]) -> int:
    """How well typed words name ``name``: 3 the whole name, 2 every word exactly, 1 every
    typed word matches one of the name's words, 0 not this one."""
    name_words = [w for w in words(name) if w not in fillers] or words(name)
    if not typed:
        return 0
    if typed == name_words:
        return 3
    if not all(any(word_matches(t, w) for w in name_words) for t in typed):
        return 0
    return 2 if all(t in name_words for t in typed) else 1


def best_named(
    typed: list[str], candidates: Sequence[Named], fillers: frozenset[str]
) -> list[Named]:
    """The candidates the words name best (all of those equally good)."""
    scored = [
        (max((_name_score(typed, n, fillers) for n in c.names), default=0), c) for c in candidates
    ]
    top = max((score for score, _ in scored), default=0)
    return [c for score, c in scored if score == top and top > 0]
