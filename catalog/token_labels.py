"""A token's short label, the one way every page builds it: name, P/T (or might) and colors
("Bird Token 1/1 (U)"), and, where two tokens of one list would read the same, what sets them
apart, from the token's own data and a step at a time:

1. its keywords, from its keyword list ("Bird Token 1/1 (U), flying, vigilance");
2. then the rest of its rules text, the lines that are not its keyword line ("Bird Token 1/1 (U),
   flying, this creature can block only creatures with flying").

A step is only taken by the tokens it is needed for: a Zombie 2/2 beside a decayed one stays
"Zombie Token 2/2 (B)". Nothing here reads a label back: the parts come from the fields.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from django.utils.translation import gettext

from rules.keywords import keyword_label

TEXT_WORDS = 8  # of the rest of the rules text: enough for "can block only creatures with flying"
_REMINDER = re.compile(r"\([^)]*\)")


def token_label(token: Any) -> str:
    """The token's name as the reader reads it (``shown``) with its stats and colors."""
    return f"{getattr(token, 'shown', '') or token.name}{_stats(token)}"


def _stats(token: Any) -> str:
    stats = ""
    if token.power is not None:
        stats += f" {token.power}/{token.toughness}"
    if getattr(token, "might", None) is not None:
        stats += f" {token.might}\u2694"
    if token.colors:
        stats += f" ({''.join(token.colors)})"
    return stats


def keyword_words(token: Any) -> str:
    """Its keywords in the reader's language, lower case: "flying, vigilance"."""
    return ", ".join(keyword_label(str(k), gettext).lower() for k in token.keywords or ())


def other_text(token: Any) -> str:
    """The start of its rules text without the lines that only list its keywords (with their
    reminder text): what its keyword list does not already say."""
    keywords = {str(k).lower() for k in token.keywords or ()}
    lines = []
    for line in str(token.text or "").splitlines():
        listed = [part.strip().lower() for part in _REMINDER.sub("", line).split(",")]
        listed = [part.rstrip(".") for part in listed if part]
        if listed and all(part in keywords for part in listed):
            continue
        lines.append(line)
    words = " ".join(lines).split()
    if not words:
        return ""
    text = " ".join(words[:TEXT_WORDS]) + ("\u2026" if len(words) > TEXT_WORDS else "")
    return text[0].lower() + text[1:]


def other_kinds(token: Any) -> str:
    """Its supertypes and card types beside Creature, which its name and stats don't show:
    "enchantment" for a Theros Bird beside a plain 2/2 flying Bird."""
    words = [*(getattr(token, "supertypes", None) or ()), *(token.types or ())]
    return " ".join(gettext(str(word)).lower() for word in words if word != "Creature")


DETAILS: tuple[Callable[[Any], str], ...] = (keyword_words, other_text, other_kinds)


def labels_apart(
    tokens: Sequence[Any],
    base: Callable[[Any], str],
    details: Sequence[Callable[[Any], str]] = DETAILS,
) -> list[str]:
    """`base(token)` for each token, each detail in turn appended ("label, detail") to the
    labels another token of the list still shares."""
    labels = [base(token) for token in tokens]
    for detail in details:
        same = Counter(labels)
        if all(n == 1 for n in same.values()):
            break
        for i, token in enumerate(tokens):
            if same[labels[i]] > 1:
                extra = detail(token)
                if extra:
                    labels[i] = f"{labels[i]}, {extra}"
    return labels


def name_apart(tokens: Iterable[Any]) -> None:
    """Set each token's ``label``: its ``token_label``, followed by what sets it apart where
    another token of the list has the same one."""
    tokens = list(tokens)
    for token, label in zip(tokens, labels_apart(tokens, token_label), strict=True):
        token.label = label


def names_apart(names: dict[str, str]) -> dict[str, str]:
    """Slug -> name for chips that show a name alone (the palette's recent, favourite and deck
    tokens): a name two of them share gets what sets each apart, its stats and colors last
    ("Zombie Token, decayed"; "Bird Token, flying, 1/1 (U)" beside a white one)."""
    from catalog import selectors as catalog  # selectors import the models, this module none

    same = Counter(names.values())
    twins = [slug for slug, name in names.items() if same[name] > 1]
    if not twins:
        return names
    found = {t.slug: t for t in catalog.token_queryset().filter(slug__in=twins)}
    known = [slug for slug in twins if slug in found]
    tokens = [found[slug] for slug in known]
    shown = {id(found[slug]): names[slug] for slug in known}

    def stats(token: Any) -> str:
        return _stats(token).strip()

    labels = labels_apart(tokens, lambda t: shown[id(t)], (*DETAILS, stats))
    return names | dict(zip(known, labels, strict=True))
