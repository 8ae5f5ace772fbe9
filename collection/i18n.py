"""The words the collection pages show from data, for the translation catalogues
(settings ``TRANSLATED_DATA``): conditions, deck sections, the CSV columns' meanings."""

from __future__ import annotations

from collections.abc import Iterator

from collection.csvio import COLUMN_HELP
from collection.models import Condition, Section


def shown_words() -> Iterator[str]:
    yield from (str(label) for label in Condition.labels)
    yield from (str(label) for label in Section.labels)
    yield from (meaning for _name, meaning in COLUMN_HELP)
