"""Token buttons that say which token they make: name, P/T (or might) and colors, and, where two
tokens of one list would read the same ("Zombie Token 2/2 (B)" twice), what sets them apart:
their keywords ("Zombie Token 2/2 (B), decayed"), else the start of their rules text.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from catalog import selectors as catalog

TEXT_WORDS = 6  # of the rules text, when keywords don't tell two tokens apart


def token_label(token: Any) -> str:
    """The token's name as the reader reads it (``shown``) with its stats and colors."""
    label = str(getattr(token, "shown", "") or token.name)
    if token.power is not None:
        label += f" {token.power}/{token.toughness}"
    if getattr(token, "might", None) is not None:
        label += f" {token.might}\u2694"
    if token.colors:
        label += f" ({''.join(token.colors)})"
    return label


def _apart(token: Any) -> str:
    keywords = [str(k).lower() for k in token.keywords or []]
    if keywords:
        return ", ".join(keywords)
    words = (token.text or "").split()
    return " ".join(words[:TEXT_WORDS]) + ("…" if len(words) > TEXT_WORDS else "")


def name_apart(tokens: Iterable[Any]) -> None:
    """Set each token's ``label``: its ``token_label``, followed by what sets it apart where
    another token of the list has the same one."""
    tokens = list(tokens)
    base = {id(t): token_label(t) for t in tokens}
    same = Counter(base.values())
    for token in tokens:
        label = base[id(token)]
        extra = _apart(token) if same[label] > 1 else ""
        token.label = f"{label}, {extra}" if extra else label


def names_apart(names: dict[str, str]) -> dict[str, str]:
    """Slug -> name for chips that show a name alone (the palette's recent and favourite
    tokens): a name two of them share gets what sets each apart ("Zombie Token, decayed")."""
    same = Counter(names.values())
    twins = [slug for slug, name in names.items() if same[name] > 1]
    if not twins:
        return names
    found = {t.slug: t for t in catalog.token_queryset().filter(slug__in=twins)}
    apart = dict(names)
    for slug in twins:
        extra = _apart(found[slug]) if slug in found else ""
        apart[slug] = f"{names[slug]}, {extra}" if extra else names[slug]
    return apart
