"""Tokens and cards named in the reader's language in the log: the kernel tells its sentences
with English names (CR 201.2); a Russian reader reads "Ann создала Сокровище", not "Treasure
Token". Each English name of a definition the table made or shows becomes its printed name in
the reader's language where the catalogue has one, else a translated form ("Goblin Token" ->
"Жетон Гоблин": the token's subtypes as the card subtypes are translated).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import get_language, gettext, pgettext

from catalog import selectors as catalog
from play.models import Action

TOKEN = " Token"
DEFINITION_KEYS = ("token", "card", "definition")  # an action's payload naming a catalogue slug


def _slugs(state: dict[str, Any], actions: Iterable[Action]) -> set[str]:
    found = {str(o["definition"]) for o in state.get("objects", []) if o.get("definition")}
    for action in actions:
        payload = action.payload or {}
        found.update(str(payload[k]) for k in DEFINITION_KEYS if isinstance(payload.get(k), str))
    return found


def translated_token_name(english: str) -> str:
    """ "Goblin Token" in the reader's language when no printing gives it: its words as the
    card subtypes they are, in the language's word order for a token."""
    base = english.removesuffix(TOKEN)
    words = " ".join(pgettext("card subtype", word) for word in base.split())
    return gettext("%(name)s Token") % {"name": words}


def reader_names(state: dict[str, Any], actions: Iterable[Action]) -> dict[str, str]:
    """English name -> the reader's name, for the definitions on the table or in ``actions``
    ({} in English)."""
    language = get_language() or "en"
    if language.startswith("en"):
        return {}
    slugs = _slugs(state, actions)
    if not slugs:
        return {}
    printed = catalog.definition_printed_names(slugs, language)
    names = {p["english"]["name"]: p["name"] for p in printed.values()}
    english = catalog.token_queryset().filter(slug__in=slugs).values_list("name", flat=True)
    for name in english:
        if name not in names and name.endswith(TOKEN):
            names[name] = translated_token_name(name)
    return names
