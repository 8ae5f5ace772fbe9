"""`{{ token.keywords|keywords }}`: printed keywords in the reader's language, comma-separated
(the name from the one keyword table translated, what follows it as printed: play.i18n)."""

from __future__ import annotations

from collections.abc import Iterable

from django import template

from play.i18n import keyword_label

register = template.Library()


@register.filter
def keywords(values: Iterable[str]) -> str:
    return ", ".join(keyword_label(str(value)) for value in values or ())
