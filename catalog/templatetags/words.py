"""`{{ token.keywords|keywords }}`: printed keywords in the reader's language, comma-separated
(the name from the one keyword table translated, what follows it as printed)."""

from __future__ import annotations

from collections.abc import Iterable

from django import template
from django.utils.translation import gettext

from rules.keywords import keyword_label

register = template.Library()


@register.filter
def keywords(values: Iterable[str]) -> str:
    return ", ".join(keyword_label(str(value), gettext) for value in values or ())
